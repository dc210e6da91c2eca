# The bot's image: `docker compose up` runs it twice (two shards) beside PostgreSQL; see
# docs/operators/sharding.md. Settings come from the environment (.env is not copied in: .dockerignore).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
# The dependencies first, from pyproject.toml and the lock alone: a change to the code reuses this layer.
COPY pyproject.toml requirements.lock ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" > /tmp/dependencies.txt \
    && pip install -c requirements.lock -r /tmp/dependencies.txt && rm /tmp/dependencies.txt
COPY . .
RUN pip install --no-deps ".[postgres]" && useradd --system --home-dir /app --no-create-home tabletop
USER tabletop
# The start-up check (docs/operators/configuration.md): every extension loads, the commands fit Discord's limits, a
# board is drawn in the drawing processes; an image that would not start is not built.
RUN DATABASE_PATH=/tmp/check.sqlite3 DISCORD_TOKEN= python bot.py --check && rm -f /tmp/check.sqlite3*
CMD ["python", "bot.py"]
