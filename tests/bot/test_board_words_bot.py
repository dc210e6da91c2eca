"""Boards for everyone, through discord.py: `/<game> board format:text` for every game (now, in the past, private)
and the alt text on every board image."""

from __future__ import annotations

from typing import Any

import pytest

from matches import Match
from render import ALT_LIMIT, TEXT_LIMIT, alt_text, text_board
from render.lettering import ALT_NAME_LIMIT, cut_name
from render.words import WIDTH
from tests.bot.helpers import answer, open_match, world

GAMES = (("cintos", 2), ("sinoda", 3), ("sakamichi", 2), ("sanae", 2), ("bodsoi", 2))


async def names(env: Any, match: Match) -> list[str]:
    return await env.bot.service.names(match)  # uncut: the image and the words cut them themselves


def block(content: str) -> str:
    """The code block of a reply, checked to be one and to fit a phone."""
    start = content.index("```\n")
    end = content.rindex("\n```")
    body = content[start + 4:end]
    assert all(len(line) <= WIDTH for line in body.splitlines())
    return content[start:end + 4]


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_board_format_text_for_every_game(simcord_env: Any, game: str, players: int) -> None:
    channel, people = world(simcord_env, players)
    match = await open_match(simcord_env, game, channel, people)
    asker = people[1]
    seat = match.seat_of(asker.id)
    result = await asker.slash(channel, f"{game} board", format="text")
    reply = answer(result)
    assert result.ephemeral and not reply.attachments  # text, no image, only to the asker
    assert len(reply.content) <= TEXT_LIMIT
    # exactly the asker's own view in words: their hand, rack or ranks, nobody else's
    assert block(reply.content) == text_board(match.view(seat), await names(simcord_env, match), match.id)

    # the posted board message carries the public alt text
    posted = board_message(channel, match)
    description = posted.attachments[0].description
    assert description == alt_text(match.view(None), await names(simcord_env, match), match.id)
    assert 0 < len(description) <= ALT_LIMIT and f"match #{match.id}" in description

    # the image stays the default, and also carries its alt text (the asker's view)
    image = answer(await asker.slash(channel, f"{game} board"))
    assert image.attachments and image.attachments[0].description == alt_text(
        match.view(seat), await names(simcord_env, match), match.id)


async def test_alt_text_cuts_names_at_32_characters_not_16(simcord_env: Any) -> None:
    """The cog hands the renderers whole names: the image cuts them to 16 characters, the alt text to 32 (and the
    image's cut never reaches the words)."""
    long = "Maximilian Alexander von Featherstonehaugh-Smythe"
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(simcord_env.create_user(long)), guild.add_member(simcord_env.create_user("bob"))]
    match = await open_match(simcord_env, "cintos", channel, people)
    description = board_message(channel, match).attachments[0].description
    assert cut_name(long, ALT_NAME_LIMIT) in description and long not in description
    assert len(cut_name(long, ALT_NAME_LIMIT)) == ALT_NAME_LIMIT
    assert "Maximilian Alexander von Feathe…" in description and cut_name(long) + " " not in description


async def test_past_position_and_spectator_as_text(simcord_env: Any) -> None:
    """`move:` shows an earlier position in text; a spectator gets the public view, without anyone's hand."""
    channel, people = world(simcord_env, 3)
    players, spectator = people[:2], people[2]
    match = await open_match(simcord_env, "bodsoi", channel, players)
    assert match.view(0).get("hand") or match.view(1).get("hand"), "someone holds a tile"
    watched = answer(await spectator.slash(channel, "bodsoi board", match=match.id, format="text"))
    assert "rack" not in watched.content
    assert block(watched.content) == text_board(match.view(None), await names(simcord_env, match), match.id)
    past = answer(await players[0].slash(channel, "bodsoi board", move=0, format="text"))
    assert past.content.startswith("After line 0 of `/history`.")
    assert "turn 0" in block(past.content) and len(past.content) <= TEXT_LIMIT


def board_message(channel: Any, match: Match) -> Any:
    """The match's current board message (older ones were shrunk to a line without an embed)."""
    return next(m for m in reversed(list(channel.history())) if m.embeds
                and m.embeds[0].title == f"{match.game.title} · match #{match.id}")


async def test_alt_text_says_how_a_match_ended(simcord_env: Any) -> None:
    """A resignation and an abort (an ending the game itself does not know) are worded on the image's alt text."""
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    await people[1].click(board_message(channel, match), label="Abort")
    assert match.status == "aborted"
    assert "Aborted" in board_message(channel, match).attachments[0].description

    other = await open_match(simcord_env, "sinoda", channel, people)
    confirm = await people[0].click(board_message(channel, other), label="Resign")
    await people[0].click(answer(confirm), label="Yes, resign")
    description = board_message(channel, other).attachments[0].description
    assert f"{cut_name((await simcord_env.bot.service.names(other))[1], ALT_NAME_LIMIT)} wins" in description


async def test_a_failing_alt_text_never_costs_the_board(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("words failed")

    monkeypatch.setattr("render.alt_text", broken)
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    posted = board_message(channel, match)
    assert posted.attachments[0].filename == "board.png"
    assert posted.attachments[0].description == f"Cintos match #{match.id} board"
