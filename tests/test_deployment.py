"""docker-compose.yml, Dockerfile, .dockerignore: PostgreSQL and two bot shards whose settings the bot accepts."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from settings import Settings, load

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
    assert re.search(r"pip install -c requirements.lock -r /tmp/dependencies.txt", dockerfile, re.M)
    assert re.search(r"^RUN pip install --no-deps \"\.\[postgres\]\"", dockerfile, re.M)


def _steps(dockerfile: str) -> list[str]:
    """The Dockerfile's instructions, continuation lines joined."""
    return [step.strip() for step in re.sub(r"\\\n", "", dockerfile).splitlines()
            if step.strip() and not step.startswith("#")]


def test_a_code_edit_does_not_reinstall_the_dependencies(tmp_path: Path) -> None:
    """Docker reuses a layer until a file copied before it changes: the dependencies are installed from
    pyproject.toml and the lock alone, before the code is copied."""
    steps = _steps((ROOT / "Dockerfile").read_text())
    copy_all = steps.index("COPY . .")
    install = next(i for i, step in enumerate(steps) if "-r /tmp/dependencies.txt" in step)
    assert install < copy_all
    assert all(step.split()[1:-1] == ["pyproject.toml", "requirements.lock"]
               for step in steps[:install] if step.startswith("COPY"))
    # the step's own script, run on this pyproject.toml: the bot's dependencies and the postgres extra's, no others
    script = re.search(r'python -c "(.*?)" > /tmp/dependencies.txt', steps[install])
    assert script is not None
    (tmp_path / "pyproject.toml").write_bytes((ROOT / "pyproject.toml").read_bytes())
    listed = subprocess.run([sys.executable, "-c", script.group(1)], cwd=tmp_path, capture_output=True, text=True,
                            check=True).stdout.split("\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert [line for line in listed if line] == project["dependencies"] + project["optional-dependencies"]["postgres"]


def test_the_image_is_checked_when_it_is_built() -> None:
    steps = _steps((ROOT / "Dockerfile").read_text())
    check = next(step for step in steps if "bot.py --check" in step)
    assert steps.index(check) > steps.index("COPY . .") and steps.index(check) > steps.index("USER tabletop")


def test_the_web_service_gets_only_the_settings_it_reads() -> None:
    web = _compose()["services"]["web"]
    assert "env_file" not in web
    assert "DISCORD_TOKEN" not in web["environment"]
    read = set(re.findall(r"settings\.(\w+)", (ROOT / "web" / "__main__.py").read_text())) - {"but"}
    names = {name: field.metadata.get("env") for name, field in Settings.__dataclass_fields__.items()}
    wanted = {names[name] for name in read if names.get(name)} - {"DATABASE_PATH"}  # compose runs PostgreSQL
    assert wanted <= set(web["environment"]), wanted - set(web["environment"])
