"""A sixth game is its own modules and one entry: Race (tests/bot/toy_race.py), registered with `games.register`
before the bot is built, is played to the end through discord.py and simcord like the five (lobby, Join, Start,
its own command with autocomplete), and every table reads it from the entry."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import bot
import games
import render
from bot import TabletopBot
from cogs.help import GAMES_HELP
from players.evaluate import SCALES
from players.search import ROLLOUT
from rules import GAMES
from tests.bot import toy_race
from tests.bot.helpers import actor_of, answer, open_match, world


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[games.Entry]:
    """Race in every table while the test runs; its cog among the extensions where bot.py puts the games' (after the
    others, before the tournaments'), as `games.cog_extensions()` lists them for a game registered at import."""
    games.register(toy_race.ENTRY)
    general, tournament = bot.EXTENSIONS[:-1], bot.EXTENSIONS[-1:]
    monkeypatch.setattr(bot, "EXTENSIONS", (*general, toy_race.ENTRY.cog, *tournament))
    try:
        yield toy_race.ENTRY
    finally:
        games.unregister(toy_race.NAME)


@pytest.fixture
def simcord_bot(registered: games.Entry, simcord_bot: TabletopBot) -> TabletopBot:
    """The bot of tests/bot/conftest.py, built with Race registered."""
    return simcord_bot


def test_one_entry_reaches_every_table(registered: games.Entry) -> None:
    assert games.entries()[-1] is registered and games.cog_extensions()[-1] == toy_race.__name__
    assert GAMES["race"] is toy_race.GAME
    assert render.RENDERERS["race"] is toy_race.render_board and render.SEAT_CHIPS["race"] is toy_race.seat_chips
    assert render.TEXTS["race"] is toy_race.TEXT and "race" not in render.RULES_IMAGES
    assert GAMES_HELP["race"] is registered.help
    assert (SCALES["race"], ROLLOUT["race"]) == (2.0, 4)


def test_unregistered_it_leaves_every_table() -> None:
    games.register(toy_race.ENTRY)
    games.unregister(toy_race.NAME)
    assert toy_race.NAME not in {e.name for e in games.entries()}
    for table in (GAMES, render.RENDERERS, render.SEAT_CHIPS, render.TEXTS, GAMES_HELP, SCALES, ROLLOUT):
        assert "race" not in table
    with pytest.raises(ValueError, match="registered already"):
        games.register(games.entry("cintos"))


async def test_the_toy_game_is_played_to_the_end(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "race", channel, people)
    board = channel.last_message
    assert board.embeds[0].title == f"Race · match #{match.id}"
    assert board.attachments and board.attachments[0].filename == "board.png"
    turns = 0
    while match.outcome() is None:
        mover = actor_of(match, people)
        legal = [c["value"] for c in await mover.autocomplete(channel, "race step", "step", "")]
        assert legal and set(legal) <= {"1", "2"}
        result = await mover.slash(channel, "race step", step=legal[-1])
        assert result.ephemeral and answer(result).content.startswith("Played"), answer(result).content
        turns += 1
        assert turns < 2 * toy_race.LENGTH
    assert match.status == "finished"
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    text = await people[0].slash(channel, "race board", match=match.id, format="text")
    assert "square 7 of 7" in answer(text).content
