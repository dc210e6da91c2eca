"""A database that fails while the bot runs (read-only, disk full): players are told so, the log says why."""

from __future__ import annotations

import logging
import os
import sqlite3
from typing import Any

import pytest

from bot import TabletopBot
from data import CommitUnknown
from tests.bot.helpers import actor_of, answer, open_match, world

UNAVAILABLE = "The bot's database is not available right now"


async def sql(bot: TabletopBot, statement: str, params: tuple[Any, ...] = ()) -> None:
    """A statement on the bot's own connection (the only one a running bot has)."""
    assert bot.store is not None
    async with bot.store.conn.execute(statement, params):
        pass


def told_unavailable(result: Any, caplog: pytest.LogCaptureFixture, *words: str) -> None:
    """The player got the database message (not "something went wrong"); the log names the problem and the error."""
    content = answer(result).content
    assert result.ephemeral and content.startswith(UNAVAILABLE), content
    assert "something went wrong" not in content and len(content) <= 2000
    records = [r for r in caplog.records if r.name == "cogs.ui" and r.levelno >= logging.ERROR]
    assert len(records) == 1, [r.getMessage() for r in records]
    message = records[0].getMessage()
    assert all(word in message for word in words), message
    reference = message.split("error ")[1].split()[0]
    assert reference in content  # the player's reference finds the log line


def recorded_later(result: Any, caplog: pytest.LogCaptureFixture, *words: str) -> None:
    """A read answered as usual; recording the user, after the answer, failed as one warning line, not an error."""
    assert "no open matches" in answer(result).content, answer(result).content
    lines = [r.getMessage() for r in caplog.records if r.name == "cogs.ui"]
    assert len(lines) == 1 and lines[0].startswith("could not record user"), lines
    assert all(word in lines[0] for word in words) and caplog.records[-1].levelno == logging.WARNING, lines
    caplog.clear()


async def test_a_read_only_database_still_answers_reads_and_refuses_a_write_with_the_reason(
        simcord_env: Any, caplog: pytest.LogCaptureFixture) -> None:
    channel, (ada,) = world(simcord_env, players=1)
    bot: TabletopBot = simcord_env.bot
    # What SQLite answers when the file or its folder became read-only after the start (root ignores permissions).
    await sql(bot, "PRAGMA query_only=1")
    caplog.set_level(logging.WARNING, logger="cogs.ui")
    recorded_later(await ada.slash(channel, "games"), caplog, "read-only")
    told_unavailable(await ada.slash(channel, "notify", turns=False), caplog, "read-only",
                     "attempt to write a readonly database")


async def test_a_full_disk_still_answers_reads_and_refuses_a_write_with_the_reason(
        simcord_env: Any, caplog: pytest.LogCaptureFixture) -> None:
    channel, (ada,) = world(simcord_env, players=1)
    bot: TabletopBot = simcord_env.bot
    # The file may not grow past its current pages (as on a full disk); fill what room is left in the tables Ada's
    # rows go to with the smallest rows, in id order, so no page has room for hers (her Discord id sorts after).
    await sql(bot, "PRAGMA max_page_count = 1")  # SQLite never lowers it below the current size: that size
    for table, row in (("users (id, name)", "(?, '')"), ("notify_prefs (user_id, turns)", "(?, 1)")):
        with pytest.raises(sqlite3.OperationalError, match="full"):
            for n in range(1, 100_000):
                await sql(bot, f"INSERT INTO {table} VALUES {row}", (n,))
    caplog.set_level(logging.WARNING, logger="cogs.ui")
    recorded_later(await ada.slash(channel, "games"), caplog, "disk is full")
    told_unavailable(await ada.slash(channel, "notify", turns=False), caplog, "disk is full",
                     "database or disk is full")


async def test_a_move_that_cannot_be_stored_is_not_played(simcord_env: Any, caplog: pytest.LogCaptureFixture,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    channel, people = world(simcord_env)
    bot: TabletopBot = simcord_env.bot
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    move = (await mover.autocomplete(channel, "cintos move", "move", ""))[0]["value"]
    before = match.record.version

    async def name_already_known(user_id: int, name: str) -> None:
        pass

    # Every command records the user's name once it has answered, a write that would fail too: skip it, so that
    # the write that fails is the move's own commit and the log has that one line.
    monkeypatch.setattr(bot.service, "touch_user", name_already_known)
    await sql(bot, "PRAGMA query_only=1")
    caplog.set_level(logging.ERROR, logger="cogs.ui")
    told_unavailable(await mover.slash(channel, "cintos move", move=move), caplog, "read-only")
    await sql(bot, "PRAGMA query_only=0")
    assert (await bot.service.get(match.id)).record.version == before  # nothing was played
    played = await mover.slash(channel, "cintos move", move=move)
    assert answer(played).content.startswith("Played"), answer(played).content


async def test_a_database_file_deleted_while_running_takes_no_more_writes(simcord_env: Any, db_path: str,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    channel, people = world(simcord_env)
    bot: TabletopBot = simcord_env.bot
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    move = (await mover.autocomplete(channel, "cintos move", "move", ""))[0]["value"]
    before = match.record.version
    # SQLite in WAL mode would go on writing to the deleted file, and every move from then on would be lost
    # at the next start: the store must notice and refuse.
    os.remove(db_path)
    caplog.set_level(logging.ERROR, logger="cogs.ui")
    told_unavailable(await mover.slash(channel, "cintos move", move=move), caplog, "deleted")
    assert (await bot.service.get(match.id)).record.version == before  # not even into the deleted file


async def test_a_move_whose_commit_answer_was_lost_may_have_been_played(simcord_env: Any,
                                                                         caplog: pytest.LogCaptureFixture,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL lost the answer to the commit (CommitUnknown) and the key could not be looked up: the player is
    not told "nothing was changed" (the move may be in the log) but to look at the board."""
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    (first, *_rest) = await mover.autocomplete(channel, "cintos move", "move", "")
    bot: TabletopBot = simcord_env.bot

    async def lost(*args: Any, **kwargs: Any) -> None:
        raise CommitUnknown("postgresql://bot@db/tabletop", "the connection to the database server was lost after "
                                                            "the change was sent: it may have been saved")

    monkeypatch.setattr(bot.service, "act", lost)
    with caplog.at_level(logging.ERROR, logger="cogs.ui"):
        result = await mover.slash(channel, "cintos move", move=first["value"])
    content = answer(result).content
    assert result.ephemeral and "may have been played: look at the board" in content, content
    assert "Nothing was changed" not in content
    reference = content.split("error ")[1].split(")")[0]
    assert any(reference in r.getMessage() for r in caplog.records)  # the log line has the same reference
