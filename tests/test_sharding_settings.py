"""The DATABASE_URL, SHARD_COUNT and SHARD_IDS: checked at start with one specific line each (exit 2)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

import bot
from settings import SettingsError, load

NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID", "LOG_LEVEL",
         "SYNC_COMMANDS", "INIT_DB")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No settings but a token, in a folder without a .env."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123")
    return monkeypatch


def refused(env: pytest.MonkeyPatch, **settings: str) -> str:
    for name, value in settings.items():
        env.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        load()
    return str(caught.value)


def test_without_the_new_settings_the_bot_is_as_before(env: pytest.MonkeyPatch) -> None:
    settings = load()
    assert (settings.database_url, settings.shard_count, settings.shard_ids) == (None, None, None)
    assert settings.database == "tabletop.sqlite3"
    made = bot.create_bot(settings)
    assert type(made) is bot.TabletopBot and not isinstance(made, discord.AutoShardedClient)


def test_database_url_wins_over_database_path(env: pytest.MonkeyPatch) -> None:
    env.setenv("DATABASE_PATH", "x.sqlite3")
    env.setenv("DATABASE_URL", "postgresql://bot:pw@db.example:5433/tabletop")
    settings = load()
    assert settings.database == "postgresql://bot:pw@db.example:5433/tabletop"
    env.setenv("DATABASE_URL", "postgres://db/tabletop")  # the short scheme is the same thing
    assert load().database == "postgresql://db/tabletop"


@pytest.mark.parametrize(("url", "words"), [
    ("mysql://bot:secret@db/tabletop", "must be a PostgreSQL URL"),
    ("tabletop.sqlite3", "must be a PostgreSQL URL"),
    ("postgresql://bot:secret@db:port/tabletop", "not a valid URL"),
    ("postgresql://bot:secret@db/table top", "not a valid URL"),
    ("postgresql:", "not a valid URL"),
])
def test_a_malformed_database_url_is_named_without_its_password(env: pytest.MonkeyPatch, url: str,
                                                                 words: str) -> None:
    message = refused(env, DATABASE_URL=url)
    assert message.startswith("DATABASE_URL") and words in message, message
    assert "secret" not in message, message


@pytest.mark.parametrize(("count", "ids", "words"), [
    ("0", "", "SHARD_COUNT must be a number of shards from 1"),
    ("two", "", "not 'two'"),
    ("99999999999999999999", "", "SHARD_COUNT must be a number"),
    ("", "0", "SHARD_IDS ('0') needs SHARD_COUNT"),
    ("4", "0,x", "SHARD_IDS must be shard numbers separated by commas"),
    ("4", "0,,1", "SHARD_IDS must be shard numbers"),
    ("4", "-1", "SHARD_IDS must be shard numbers"),
    ("4", "1,4", "names shard 4, but with SHARD_COUNT=4 the shards are 0 to 3"),
    ("4", "2, 2", "names shard 2 twice"),
])
def test_bad_shard_settings_are_named(env: pytest.MonkeyPatch, count: str, ids: str, words: str) -> None:
    env.setenv("DATABASE_URL", "postgresql://db/tabletop")
    message = refused(env, SHARD_COUNT=count, SHARD_IDS=ids)
    assert words in message, message
    assert len(message) < 300


def test_a_share_of_the_shards_needs_postgresql(env: pytest.MonkeyPatch) -> None:
    message = refused(env, SHARD_COUNT="2", SHARD_IDS="1")
    assert "several processes need PostgreSQL" in message and "DATABASE_URL" in message, message
    # Every shard in this one process: SQLite is fine (one process owns the file).
    for ids in ("", "0,1", "1,0"):
        env.setenv("SHARD_IDS", ids)
        settings = load()
        assert settings.shard_count == 2 and sorted(settings.shard_ids or ()) == [0, 1]


def test_shards_make_an_auto_sharded_bot_serving_only_them(env: pytest.MonkeyPatch) -> None:
    env.setenv("DATABASE_URL", "postgresql://db/tabletop")
    env.setenv("SHARD_COUNT", "4")
    env.setenv("SHARD_IDS", "3,1")
    made = bot.create_bot(load())
    assert isinstance(made, bot.TabletopBot) and isinstance(made, discord.AutoShardedClient)
    assert (made.shard_count, made.shard_ids) == (4, [3, 1])


def test_a_bad_setting_exits_2_with_one_line(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    env.setenv("SHARD_COUNT", "3")
    env.setenv("SHARD_IDS", "0,5")
    assert bot.main([]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "SHARD_IDS names shard 5" in lines[0], lines


def test_a_postgresql_server_out_of_reach_exits_3_without_the_password(
        env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    env.setenv("DATABASE_URL", "postgresql://bot:secret@127.0.0.1:9/tabletop")  # nothing listens on port 9
    env.setattr(discord.http.Route, "BASE", "https://127.0.0.1:9/api/v10")  # never Discord, should it get that far
    assert bot.main([]) == 3
    err = capsys.readouterr().err
    problems = [line for line in err.splitlines() if line.startswith("Cannot use the database")]
    assert len(problems) == 1 and "127.0.0.1" in problems[0], err
    assert "secret" not in err and "Traceback" not in err, err
