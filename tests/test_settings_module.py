"""settings/: every setting read once, typed; every bad value one line naming the setting and what it accepts,
exit 2 before anything is created or contacted, for the bot and the local table alike; every setting documented."""

from __future__ import annotations

import os
import subprocess
from dataclasses import fields
from pathlib import Path

import pytest

import settings
from settings import DEFAULTS, Settings, SettingsError, load
from tests import forked

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"

# (setting, a bad value, words its line must hold besides the setting's name)
BAD = [
    ("TABLETOP_MATCH_CACHE", "lots", ["'lots'", "1 to 10,000,000"]),
    ("TABLETOP_MATCH_CACHE", "0", ["'0'", "from 1"]),
    ("TABLETOP_COMPUTER_WORKERS", "two", ["'two'", "1 to 64"]),
    ("TABLETOP_COMPUTER_SECONDS", "fast", ["'fast'", "seconds"]),
    ("TABLETOP_COMPUTER_SECONDS", "nan", ["'nan'", "seconds"]),
    ("DATABASE_POOL_SIZE", "lots", ["'lots'", "1 to 1,000"]),
    ("DISCORD_TOKEN", "https://discord.com/oauth2/authorize?client_id=1", ["not a bot token", "Reset Token"]),
    ("DISCORD_TOKEN", "\"MTIz.Ga.abc\"", ["not a bot token"]),
    ("SYNC_COMMANDS", "please", ["'please'", "1 or 0"]),
    ("INIT_DB", "2", ["'2'", "1 or 0"]),
    ("SHARD_COUNT", "two", ["'two'"]),
    ("SHARD_IDS", "0;1", ["'0;1'"]),
    ("DEV_GUILD_ID", "my server", ["'my server'"]),
    ("LOG_LEVEL", "loud", ["'LOUD'", "DEBUG"]),
    ("DATABASE_URL", "mysql://u:hunter2@h/db", ["PostgreSQL URL"]),
]


@pytest.mark.parametrize(("name", "value", "words"), BAD)
def test_a_bad_value_is_one_line_naming_the_setting(name: str, value: str, words: list[str]) -> None:
    with pytest.raises(SettingsError) as caught:
        load({"DISCORD_TOKEN": TOKEN, name: value}, dotenv=False)
    line = str(caught.value)
    assert "\n" not in line and line.startswith(name) and len(line) < 300, line
    for word in words:
        assert word in line, line
    assert "hunter2" not in line  # a password is never shown


def test_unset_and_empty_values_are_the_defaults() -> None:
    assert load({}, dotenv=False) == DEFAULTS
    assert load({f.metadata["env"]: "  " for f in fields(Settings)}, dotenv=False) == DEFAULTS


def test_good_values_are_typed() -> None:
    s = load({"DISCORD_TOKEN": TOKEN, "TABLETOP_MATCH_CACHE": "250", "TABLETOP_COMPUTER_WORKERS": "3",
              "TABLETOP_COMPUTER_SECONDS": "0.5", "SYNC_COMMANDS": "yes", "INIT_DB": "off", "SHARD_COUNT": "4",
              "DATABASE_POOL_SIZE": "7", "LOG_LEVEL": "debug"}, dotenv=False)
    assert (s.match_cache, s.computer_workers, s.computer_seconds, s.sync_commands, s.init_db) == (
        250, 3, 0.5, True, False)
    assert (s.shard_count, s.shard_ids, s.database_pool_size, s.log_level) == (4, (0, 1, 2, 3), 7, "DEBUG")


def test_the_environment_wins_over_the_dotenv_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("TABLETOP_MATCH_CACHE=5\nTABLETOP_COMPUTER_WORKERS=3\n")
    s = load({"TABLETOP_MATCH_CACHE": "6"})
    assert (s.match_cache, s.computer_workers) == (6, 3)
    (tmp_path / ".env").write_text("TABLETOP_COMPUTER_WORKERS=two\n")  # a bad value in .env is caught as well
    with pytest.raises(SettingsError, match="TABLETOP_COMPUTER_WORKERS"):
        load({})


def test_nothing_below_the_entry_points_reads_the_environment() -> None:
    """One settings module: the layers take values passed down from it (a new setting goes there)."""
    offenders = []
    for folder in ("rules", "render", "data", "matches", "cogs", "tournaments", "players", "tournament_rules",
                   "ratings", "tabletop", "analysis", "reviews", "lessons", "i18n", "games", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "__main__.py":  # an entry point (python -m web, python -m i18n): it may
                continue
            text = path.read_text()
            if "os.environ" in text or "getenv(" in text or "load_dotenv" in text:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_every_setting_is_documented_and_in_env_example() -> None:
    page = (ROOT / "docs/operators/configuration.md").read_text()
    example = (ROOT / ".env.example").read_text()
    for name in settings.variables():
        assert f"`{name}`" in page, name
        assert f"{name}=" in example, name


def _run(module_args: list[str], tmp_path: Path, fresh: bool, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in settings.variables()}
    environ.update(PYTHONPATH=str(ROOT), DATABASE_PATH=str(tmp_path / "db.sqlite3"), **env)
    return forked.run(module_args, cwd=tmp_path, env=environ, timeout=60, fresh=fresh)


@pytest.mark.parametrize("entry", [[str(ROOT / "bot.py")], ["-m", "tabletop", "play", "cintos"]],
                         ids=["bot", "local table"])
@pytest.mark.parametrize(("name", "value"), [("TABLETOP_MATCH_CACHE", "lots"), ("TABLETOP_COMPUTER_WORKERS", "two"),
                                             ("DISCORD_TOKEN", "not a token")])
def test_an_entry_point_stops_with_exit_2_before_creating_the_database(entry: list[str], name: str, value: str,
                                                                       tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, name: value}
    # Forked from the bot already imported (tests/forked.py); the local table once as a user starts it (bot.py is
    # started so in tests/web/test_config.py).
    result = _run(entry, tmp_path, fresh=entry[0] == "-m" and name == "DISCORD_TOKEN", **env)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(name), result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert list(tmp_path.iterdir()) == []  # no database, no log file: nothing was created
