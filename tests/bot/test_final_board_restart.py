"""The final board of a match whose process died between the ending commit and the post is posted at the next start,
once (simcord); a board posted before the crash is marked and never posted again."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import make_bot
from tests.bot.helpers import open_match, world
from tests.bot.test_ratings_bot import quiet_moves, resign


def finals(channel: Any, match_id: int) -> list[Any]:
    return [m for m in channel.history() if m.embeds and m.embeds[0].title == f"Cintos · match #{match_id}"
            and "Game over" in (m.embeds[0].description or "")]


async def posted_mark(env: Any, match_id: int) -> int:
    row = await env.bot.store.db.fetchone("SELECT board_posted FROM matches WHERE id = ?", (match_id,))
    return int(row[0])


async def test_a_final_board_left_unposted_is_posted_once_at_the_start(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    await quiet_moves(simcord_env, match, people, 2)
    await simcord_env.bot.service.resign(match.id, match.user_ids[0])  # committed; the process dies before the post
    assert finals(channel, match.id) == [] and await posted_mark(simcord_env, match.id) == 0

    await simcord_env.restart_bot(make_bot(db_path, seed=2))
    (board,) = finals(channel, match.id)
    assert any(f.name == "Ratings" for f in board.embeds[0].fields)  # rated at the start, shown on the board
    assert await posted_mark(simcord_env, match.id) == 1
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    assert len(finals(channel, match.id)) == 1


async def test_a_final_board_posted_is_never_posted_again(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    await quiet_moves(simcord_env, match, people, 2)
    await resign(channel, people[0])
    assert len(finals(channel, match.id)) == 1 and await posted_mark(simcord_env, match.id) == 1
    await simcord_env.restart_bot(make_bot(db_path, seed=2))
    assert len(finals(channel, match.id)) == 1
