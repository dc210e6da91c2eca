"""bot.py's settings: from the environment / .env, and a clear exit when the token is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot


def test_missing_token_exits_with_a_clear_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main([]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_settings_come_from_a_dotenv_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "SYNC_COMMANDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDATABASE_PATH=x/db.sqlite3\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = bot.Settings.from_env()
    assert (settings.token, settings.database_path, settings.dev_guild_id, settings.log_level) == (
        "abc", "x/db.sqlite3", 42, "DEBUG")
    assert not settings.sync_commands and bot.Settings.from_env(sync_commands=True).sync_commands
