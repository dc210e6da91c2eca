# The bot's image: `docker compose up` runs it twice (two shards) beside PostgreSQL; see
# docs/operators/sharding.md. Settings come from the environment (.env is not copied in: .dockerignore).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
COPY . .
RUN pip install -c requirements.lock ".[postgres]" && useradd --system --home-dir /app --no-create-home tabletop
USER tabletop
CMD ["python", "bot.py"]
