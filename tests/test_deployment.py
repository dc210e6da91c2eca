"""docker-compose.yml, Dockerfile, .dockerignore: PostgreSQL and two bot shards whose settings the bot accepts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from settings import load

ROOT = Path(__file__).resolve().parent.parent


def _compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def _interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} (the forms the file uses)."""
    def one(match: re.Match[str]) -> str:
        name, op, arg = match.group(1), match.group(2), match.group(3) or ""
        if env.get(name):
            return env[name]
        if op == ":?":
            raise KeyError(f"{name}: {arg}")
        return arg if op == ":-" else ""
    return re.sub(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}", one, value)


def test_compose_runs_postgres_15_with_a_volume_and_a_healthcheck() -> None:
    compose = _compose()
    db = compose["services"]["db"]
    assert db["image"] == "postgres:15"
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in db["volumes"])
    assert db["volumes"][0].split(":")[0] in compose["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])


def test_compose_runs_two_shards_of_one_image_on_the_db_service(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    compose = _compose()
    bots = {name: service for name, service in compose["services"].items() if name.startswith("bot")}
    assert sorted(bots) == ["bot-0", "bot-1"]
    assert {bot["build"] for bot in bots.values()} == {"."}
    # .env as an operator makes it from .env.example, with a token in it
    dotenv = {key: value for key, _, value in (line.partition("=") for line in
              (ROOT / ".env.example").read_text().splitlines()) if key and not key.startswith("#")}
    dotenv["DISCORD_TOKEN"] = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    shards: list[int] = []
    for bot in bots.values():
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        env = {key: _interpolate(str(value), dotenv) for key, value in bot["environment"].items()}
        assert env["DATABASE_URL"].startswith("postgresql://") and "@db:5432/" in env["DATABASE_URL"]
        assert env["DATABASE_URL"].rsplit("/", 1)[1] == compose["services"]["db"]["environment"]["POSTGRES_DB"]
        # The bot itself accepts these settings (several processes need PostgreSQL: it refuses them on SQLite).
        settings = load({**dotenv, **env}, dotenv=False)
        assert settings.shard_count == 2
        assert settings.database == env["DATABASE_URL"]
        shards.extend(settings.shard_ids or ())
    assert sorted(shards) == [0, 1]


def test_compose_passes_every_setting_of_env_to_the_bots() -> None:
    for bot in (s for name, s in _compose()["services"].items() if name.startswith("bot")):
        assert bot["env_file"] == [{"path": ".env", "required": True}]
        # compose sets only what it decides itself: the database it runs and the shards of each service
        assert set(bot["environment"]) <= {"DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"}


def test_the_image_never_contains_secrets_or_databases() -> None:
    ignored = (ROOT / ".dockerignore").read_text().split()
    for pattern in (".env", "*.sqlite3*", ".venv", ".git"):
        assert pattern in ignored
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.11-slim$", dockerfile, re.M)
    assert re.search(r"^RUN pip install -c requirements.lock \"\.\[postgres\]\"", dockerfile, re.M)
