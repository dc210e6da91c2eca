"""After a restart, a command whose match must first be read from a slow database still answers: the bot defers
(within Discord's 3-second window) before any read that can wait."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import TabletopBot
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, open_match, world

SLOW = 4.0  # virtual seconds each match read takes: past Discord's 3 s for a first answer


def slow_reads(bot: TabletopBot) -> list[int]:
    """Make every match read of `bot`'s store wait SLOW seconds; the ids read."""
    store = bot.service.store
    original = store.load_match
    reads: list[int] = []

    async def slow(match_id: int):
        reads.append(match_id)
        await asyncio.sleep(SLOW)
        return await original(match_id)

    store.load_match = slow  # type: ignore[method-assign]
    return reads


async def test_a_move_after_a_restart_waits_for_a_slow_read_deferred(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    (first, *_rest) = await mover.autocomplete(channel, "cintos move", "move", "")
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    reads = slow_reads(simcord_env.bot)
    result = await mover.slash(channel, "cintos move", move=first["value"])
    assert reads == [match.id]  # the match really was read again, slowly
    assert result.ephemeral and answer(result).content.startswith(f"Played in match #{match.id}"), answer(result)


async def test_a_board_after_a_restart_waits_for_a_slow_read_deferred(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    slow_reads(simcord_env.bot)
    result = await people[1].slash(channel, "cintos board", match=match.id)
    assert answer(result).content.startswith(f"Cintos match #{match.id}"), answer(result)
    assert answer(result).attachments


async def test_a_board_button_after_a_restart_waits_for_a_slow_read_deferred(simcord_env: Any,
                                                                             db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    board = channel.last_message
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    reads = slow_reads(simcord_env.bot)
    result = await people[0].click(board, label="Resign")
    assert reads == [match.id]
    assert answer(result).content.startswith(f"Resign match #{match.id}?"), answer(result)
    assert answer(result).ephemeral
