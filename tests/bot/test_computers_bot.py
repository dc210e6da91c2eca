"""Computer players through discord.py: `/… new computers:`, the lobby's Add computer button, a whole match."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import Executor, Future
from typing import Any

import cogs.base
from bot import TabletopBot
from matches.computers import is_computer
from tests.bot.helpers import answer, labels, world


class AtOnce(Executor):
    """A computer that answers before anything else can happen: the sharpest test of the order of the boards."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def human_seat(match: Any, person: Any) -> int:
    seat = match.seat_of(person.id)
    assert seat is not None
    return seat


async def test_a_match_against_a_computer_to_the_end(simcord_env: Any, monkeypatch: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    answer_in_time = cogs.base.reply

    slow = [4]

    async def slow_reply(*args: Any, **kwargs: Any) -> None:  # Discord's round trip: the computer is faster
        if slow[0] > 0:  # the first few moves show the order; the rest of the game need not wait
            slow[0] -= 1
            # Real time in a thread, not a virtual timer: an asyncio.sleep here raced simcord's real-time fallback
            # for virtual timers and, on a quiet machine, failed to settle ("did not settle while advancing time").
            await asyncio.to_thread(time.sleep, 0.2)
        await answer_in_time(*args, **kwargs)

    monkeypatch.setattr(cogs.base, "reply", slow_reply)
    bot.service.computer_executor = AtOnce()
    channel, (ada,) = world(simcord_env, players=1)
    result = await ada.slash(channel, "cintos new", players=2, computers=1, level="easy",
                             options="quiet-limit=20 turn-limit=100")
    assert result.ephemeral and "Lobby #" in answer(result).content, result  # the lobby: a message of its own
    lobby = channel.last_message
    assert "Computer (easy)" in lobby.embeds[0].description and "<@-" not in lobby.embeds[0].description
    assert next(f.value for f in lobby.embeds[0].fields if f.name == "Rated") == "no"
    await ada.click(lobby, label="Start")
    (match,) = [m for m in await bot.service.matches_for(ada.id) if m.status == "active"]
    await bot.service.computers_settled()
    me = human_seat(match, ada)
    rng = random.Random(3)
    boards = 0
    while match.outcome() is None:
        assert me in match.actors()
        choices = await ada.autocomplete(channel, "cintos move", "move", "")
        await ada.slash(channel, "cintos move", move=rng.choice([c["value"] for c in choices]))
        await bot.service.computers_settled()
        board = channel.last_message
        boards += 1
        assert board.embeds and f"match #{match.id}" in board.embeds[0].title
        if match.outcome() is None:  # the computer answered at once and its move has its own board
            assert "Computer (easy) (" in board.embeds[0].description
            assert me in match.actors() and ada.mention in board.content
        assert "<@-" not in board.content + board.embeds[0].description  # a computer is named, never pinged
        assert match.outcome() is not None or match.id in bot.tables._shown  # the computer waits for this board
        assert boards < 120
    assert match.status == "finished"
    # the boards came in the order of the moves: each one, retired by the next, names the move that followed it
    retired = [m.content.partition(" · then: ")[2] for m in channel.history() if " · then: " in m.content]
    lines = [e.text for e in await bot.service.store.log(match.id)]
    assert "; ".join(retired) == "; ".join(lines)
    assert "Game over" in channel.last_message.embeds[0].description
    assert not await bot.service.store.ratings.match_rated(match.id)
    assert await bot.service.rating_changes(match.id) is None  # kept out of the leaderboards
    assert match.id not in bot.tables._shown  # the boards' order is kept only while a computer may still answer


async def test_the_add_computer_button(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    bot.service.computer_iterations, bot.service.computer_seconds = 4, None
    channel, (ada, bob) = world(simcord_env, players=2)
    await ada.slash(channel, "sinoda new", players=2)
    lobby = channel.last_message
    assert "Add computer (hard)" in labels(lobby)
    refused = await bob.click(lobby, label="Add computer (hard)")
    assert answer(refused).ephemeral and "Only the player who opened" in answer(refused).content
    await ada.click(lobby, label="Add computer (hard)")
    lobby = channel.last_message
    assert "Computer (hard)" in lobby.embeds[0].description
    disabled = {c.label: c.disabled for row in lobby.components for c in row.children}
    assert disabled["Add computer (easy)"] and not disabled["Start"]  # a full lobby takes no more
    refused = await ada.slash(channel, "sinoda new", players=2, computers=2)
    assert refused.ephemeral and "not room for 2 computers" in answer(refused).content
    await ada.click(lobby, label="Start")
    (match,) = [m for m in await bot.service.matches_for(ada.id) if m.status == "active"]
    await bot.service.computers_settled()
    assert sum(is_computer(u) for u in match.user_ids) == 1
    assert match.seat_of(ada.id) in match.actors()  # whoever began, the computer has answered: ada is to move
    if any(is_computer(e.user_id) for e in await bot.service.store.log(match.id)):  # it began: its board is last
        assert "Computer (hard) (" in channel.last_message.embeds[0].description


async def test_a_computer_is_named_and_never_pinged(simcord_env: Any) -> None:
    """Sakamichi's opening choice: whoever rolled higher, the computer chooses by itself, without a prompt."""
    bot: TabletopBot = simcord_env.bot
    channel, (ada,) = world(simcord_env, players=1)
    await ada.slash(channel, "sakamichi new", computers=1)
    await ada.click(channel.last_message, label="Start")
    await bot.service.computers_settled()
    (match,) = [m for m in await bot.service.matches_for(ada.id) if m.status == "active"]
    assert match.seat_of(ada.id) in match.actors()
    games = answer(await ada.slash(channel, "games"))
    assert "Computer (normal)" in str(games.content) + "".join(str(e.description) for e in games.embeds)
    for message in [*channel.history(), games]:
        text = str(message.content) + "".join(str(e.description) + str(e.fields) for e in message.embeds)
        assert "<@-" not in text, text
