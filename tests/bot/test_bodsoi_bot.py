"""Bodsoi through discord.py itself: a whole game by slash commands and autocomplete, and private racks in 2v2."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest

import render
from tests.bot.helpers import actor_of, answer, open_match, world

TILE = re.compile(r"\b[CS]-(?:le|mo|st|su|wa)-(?:le|mo|st|su|wa)\b")


async def test_full_two_player_game_to_its_end(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "bodsoi", channel, people)
    board = channel.last_message
    assert board.embeds[0].title == f"Bodsoi · match #{match.id}"
    assert board.attachments[0].filename == "board.png"
    labels = [c.label for row in board.components for c in row.children]
    assert labels[0] == "My tiles" and "Resign" in labels

    # The first placement goes option by option: tile, then square, then rotation, each autocompleted.
    mover = actor_of(match, people)
    hand = match.view(match.actors()[0])["hand"]
    tile = hand[0]
    squares = await mover.autocomplete(channel, "bodsoi place", "square", "d", tile=tile)
    assert squares and all(c["value"].startswith("d") for c in squares)
    rotations = await mover.autocomplete(channel, "bodsoi place", "rotation", "", tile=tile, square="d4")
    values = [c["value"] for c in rotations]
    assert values and set(values) <= {"0", "90", "180", "270"}
    result = await mover.slash(channel, "bodsoi place", tile=tile, square="d4", rotation=values[0])
    assert result.ephemeral and answer(result).content.startswith("Played"), answer(result).content
    assert match.view(None)["last_placement"]["square"] == "d4"

    # Then whole placements picked from the `tile` suggestions (best first) until the game ends.
    turns = 1
    while match.outcome() is None:
        mover = actor_of(match, people)
        choices = await mover.autocomplete(channel, "bodsoi place", "tile", "")
        assert len(choices) <= 25
        before = match.record.version
        if choices:
            assert all(len(c["value"].split()) == 3 for c in choices)
            result = await mover.slash(channel, "bodsoi place", tile=choices[0]["value"])
        else:
            result = await mover.slash(channel, "bodsoi pass")
        assert result.ephemeral and answer(result).content.startswith("Played"), answer(result).content
        assert match.record.version > before  # committed before acknowledged
        turns += 1
        assert turns < 150
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    labels_left = {c.label for row in final.components for c in row.children}
    assert labels_left <= {"Rematch", "Analyse"}  # no My tiles, no Resign
    assert match.status == "finished"
    outcome = match.outcome()
    assert outcome is not None and outcome.reason in ("bodsoi", "full", "stall")
    older = [m for m in channel.history() if m.content.startswith(f"Bodsoi #{match.id} · then:")]
    assert len(older) >= turns


async def test_place_refusals_change_nothing(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "bodsoi", channel, people)
    mover = actor_of(match, people)
    waiting = next(p for p in people if p is not mover)
    held = match.view(match.actors()[0])["hand"][0]
    other = next(t for t in ("C-su-mo", "C-le-le", "S-wa-wa") if t != held)
    version = match.record.version
    cases = [
        (waiting, {"tile": f"{held} d4 0"}, "not your turn"),
        (mover, {"tile": f"{other} d4 0"}, "you hold no"),
        (mover, {"tile": held}, "give the square and rotation"),
        (mover, {"tile": f"{held} d4 0", "square": "e4"}, "already names"),
        (mover, {"tile": held, "square": "d4", "rotation": "45"}, ""),
    ]
    for who, options, expected in cases:
        result = await who.slash(channel, "bodsoi place", **options)
        message = answer(result).content
        assert result.ephemeral and expected in message.lower(), message
        assert not message.startswith("Played")
        assert match.record.version == version
    assert await waiting.autocomplete(channel, "bodsoi place", "tile", "") == []  # not their turn: nothing


async def test_two_v_two_racks_are_seen_only_by_their_holder(simcord_env: Any, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    rendered: dict[str, dict[str, Any]] = {}
    draw = render.RENDERERS["bodsoi"]

    def recording(view: dict[str, Any], names: Any, match_id: int | None = None) -> bytes:
        png = draw(view, names, match_id)
        rendered[hashlib.sha256(png).hexdigest()] = view
        return png

    monkeypatch.setitem(render.RENDERERS, "bodsoi", recording)
    channel, people = world(simcord_env, players=4)
    stranger = channel.guild.add_member(simcord_env.create_user("eve"))
    match = await open_match(simcord_env, "bodsoi", channel, people, options="axes=fixed-axes")
    assert match.players == 4 and getattr(match.state, "axes", None) == "fixed-axes"
    for turn in range(12):  # everyone draws and passes twice (hands grow), then places once
        mover = actor_of(match, people)
        if turn < 8:
            await mover.slash(channel, "bodsoi pass")
            continue
        choices = await mover.autocomplete(channel, "bodsoi place", "tile", "")
        await mover.slash(channel, "bodsoi place", tile=choices[0]["value"])
    assert len(match.view(None)["board"]) == 4
    assert match.outcome() is None

    seat_of = {p.id: match.seat_of(p.id) for p in people}
    hands = {p.id: match.view(seat_of[p.id])["hand"] for p in people}
    assert all(hands.values())  # everyone holds tiles, so there is something to leak
    for person in people:
        shown = await person.click(channel.last_message, label="My tiles")
        reply = answer(shown)
        assert shown.ephemeral and reply.attachments[0].filename == "my_tiles.png"
        assert set(TILE.findall(reply.content)) == set(hands[person.id])
        await person.slash(channel, "bodsoi board")
    refused = await stranger.click(channel.last_message, label="My tiles")
    assert answer(refused).ephemeral and "not playing" in answer(refused).content

    board_tiles = {cell["tile"] for cell in match.view(None)["board"]}
    for person in people:
        mine = set(hands[person.id])
        seat = seat_of[person.id]
        visible = channel.history(viewer=person) + person.user.dm_channel.history()
        private_images = 0
        for message in visible:
            texts = [message.content or ""]
            for embed in message.embeds:
                texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
                texts += [f"{f.name} {f.value}" for f in embed.fields]
            named = set(TILE.findall(" ".join(texts)))
            assert named <= mine | board_tiles, (person.name, named - mine - board_tiles)
            for attachment in message.attachments:
                view = rendered[hashlib.sha256(simcord_env.backend.cdn.get(attachment.url)).hexdigest()]
                assert view["viewer"] in (None, seat)
                if view["viewer"] is None:
                    assert view["hand"] is None and view["hands"] is None
                else:
                    private_images += 1
                    assert set(view["hand"]) <= mine | board_tiles
        assert private_images >= 2  # the My tiles image and the /bodsoi board answer
    # Another player's ephemeral answers stay out of everyone else's channel view.
    ada, bob = people[0], people[1]
    ada_private = [m.id for m in channel.history(viewer=ada) if m.flags.ephemeral]
    assert ada_private and not set(ada_private) & {m.id for m in channel.history(viewer=bob)}


async def test_rules_and_new_options(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, "bodsoi rules")
    message = answer(result)
    assert result.ephemeral and message.embeds[0].title == "Bodsoi · rules"
    assert message.attachments[0].filename == "rules.png"
    choices = await ada.autocomplete(channel, "bodsoi new", "options", "ax")
    assert [c["value"] for c in choices] == ["axes=fixed-axes"]
    refused = await ada.slash(channel, "bodsoi new", players=3)
    assert refused.ephemeral and "2, 4" in refused.response.content
