"""Sakamichi through discord.py: the private opening choice, full advanced and basic games, autocomplete, DMs."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest

import render
from bot import TabletopBot
from matches import Match
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, person_at, world

TILE = re.compile(r"\b(?:w[1-6](?:b[1-6])?|b[1-6])\b")
SEAT_ID = re.compile(r"\bP[12]\b")  # the notation's seat ids: no message calls a player that


def latest_board(channel: Any) -> Any:
    return next(m for m in reversed(channel.history()) if m.embeds and m.attachments)


async def open_match(env: Any, channel: Any, people: list[Any], options: str) -> Match:
    creator, other = people
    result = await creator.slash(channel, "sakamichi new", options=options)
    assert result.ephemeral and "Lobby #" in answer(result).content  # to the creator; the lobby is a message
    assert channel.last_message.embeds[0].title == "Sakamichi · new match"
    await other.click(channel.last_message, label="Join")
    await creator.click(channel.last_message, label="Start")
    bot: TabletopBot = env.bot
    (match,) = await bot.service.matches_for(creator.id)
    assert match.status == "active"
    return match


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> dict[bytes, list[dict[str, Any]]]:
    """Every Sakamichi image the bot sends, keyed by its PNG bytes, with the view it was drawn from."""
    seen: dict[bytes, list[dict[str, Any]]] = defaultdict(list)
    original = render.RENDERERS["sakamichi"]

    def recording(view: dict[str, Any], names: Any, match_id: int | None = None) -> bytes:
        png = original(view, names, match_id)
        seen[png].append(view)
        return png

    monkeypatch.setitem(render.RENDERERS, "sakamichi", recording)
    return seen


def assert_never_shown(env: Any, messages: list[Any], seat: int, tiles: list[str],
                       rendered: dict[bytes, list[dict[str, Any]]]) -> int:
    """No message text names a tile of `tiles`, and every image was drawn from a view hiding `seat`'s hand."""
    images = 0
    for message in messages:
        texts = [message.content or ""] + [f"{e.title} {e.description}" for e in message.embeds]
        for text in texts:
            assert not set(TILE.findall(text)) & set(tiles), text
        for attachment in message.attachments:
            views = rendered[env.backend.cdn.get(attachment.url)]
            assert views, attachment.filename  # every image came from the renderer
            for view in views:
                assert set(view["hands"][seat]["tiles"]) == {"?"}
                assert not view["hands"][seat]["visible"]
            images += 1
    return images


async def play_one_turn(channel: Any, mover: Any) -> str:
    """Play the caller's best suggestion: a placement if any, else a Stack, Redraw or Exchange."""
    for command, option in (("sakamichi place", "row"), ("sakamichi stack", "row"), ("sakamichi redraw", "tile")):
        choices = await mover.autocomplete(channel, command, option, "")
        assert len(choices) <= 25
        if choices:
            result = await mover.slash(channel, command, **{option: choices[0]["value"]})
            assert result.ephemeral and answer(result).content.startswith("Played"), answer(result).content
            return choices[0]["name"]
    give = (await mover.autocomplete(channel, "sakamichi exchange", "give", ""))[0]["value"]
    take = (await mover.autocomplete(channel, "sakamichi exchange", "take", "", give=give))[0]["value"]
    result = await mover.slash(channel, "sakamichi exchange", give=give, take=take)
    assert answer(result).content.startswith("Played"), answer(result).content
    return f"exchange {give} for {take}"


async def play_to_the_end(match: Match, channel: Any, people: list[Any]) -> int:
    turns = 0
    while match.outcome() is None:
        before = match.record.version
        await play_one_turn(channel, actor_of(match, people))
        assert match.record.version > before
        turns += 1
        assert turns < 80
    return turns


async def test_advanced_game_with_a_private_opening_choice(simcord_env: Any,
                                                           rendered: dict[bytes, list[dict[str, Any]]]) -> None:
    env = simcord_env
    channel, people = world(env)
    match = await open_match(env, channel, people, "six-rows=4")
    choice = match.view(None)["choice"]
    assert choice["kind"] == "privilege" and match.actors() == [choice["seat"]]
    high = choice["seat"]
    chooser, other = person_at(match, people, high), person_at(match, people, 1 - high)
    secret = list(match.view(high)["hands"][high]["tiles"])
    assert len(secret) == 4 and "?" not in secret

    # The prompt sits under the board and names the chooser; the other player cannot use it.
    prompt = channel.last_message
    assert chooser.mention in prompt.content and "Look at my hand" in prompt.content
    other_results = [await other.click(prompt, label="Look at my hand")]
    assert other_results[0].ephemeral and "Only" in answer(other_results[0]).content
    other_results.append(await other.click(latest_board(channel), label="My hand"))
    assert "hidden" in answer(other_results[-1]).content and not answer(other_results[-1]).components
    other_results.append(await other.slash(channel, "sakamichi choose", choice="first"))
    assert "not your turn" in answer(other_results[-1]).content
    assert await other.autocomplete(channel, "sakamichi choose", "choice", "") == []
    other_results.append(await other.slash(channel, "sakamichi board"))
    assert answer(other_results[-1]).attachments
    assert match.view(None)["phase"] == "choice"

    # The high roller looks at their hand in private and gets the three choice buttons.
    look = await chooser.click(prompt, label="Look at my hand")
    private = answer(look)
    assert look.ephemeral and all(tile in private.content for tile in secret)
    assert private.attachments and rendered[env.backend.cdn.get(private.attachments[0].url)][0]["hands"][high][
        "tiles"] == secret
    labels = [c["label"] for row in private.components for c in row["components"]]
    assert labels == ["White line", "Black line", "Move first"]
    assert [c["value"] for c in await chooser.autocomplete(channel, "sakamichi choose", "choice", "")] == [
        "white", "black", "first"]
    await chooser.click(private, label="Move first")
    assert match.view(None)["choice"] == {"seat": 1 - high, "kind": "colour",
                                          "options": ["choose colour black", "choose colour white"]}

    # Now the other player chooses a line blind; the high roller may not press these buttons.
    colour_prompt = channel.last_message
    assert other.mention in colour_prompt.content and "before seeing your hand" in colour_prompt.content
    refused = await chooser.click(colour_prompt, label="White line")
    assert refused.ephemeral and "Only" in answer(refused).content and match.view(None)["phase"] == "choice"
    other_results.append(await other.click(latest_board(channel), label="My hand"))
    # Everything the other player could see until the lines are set: channel, DMs, their own ephemerals.
    seen = channel.history(viewer=other) + other.user.dm_channel.history()
    seen += [answer(r) for r in other_results]
    assert assert_never_shown(env, seen, high, secret, rendered) >= 3
    assert not any(m.id == private.id for m in channel.history(viewer=other))
    with pytest.raises(AssertionError):  # the check does catch the hand where it is shown
        assert_never_shown(env, [private], high, secret, rendered)

    await other.click(colour_prompt, label="Black line")
    view = match.view(None)
    assert view["phase"] == "play" and view["colours"][1 - high] == "black" and view["colours"][high] == "white"
    assert view["first"] == high and view["hands"][high]["visible"]
    later = await other.click(prompt, label="Look at my hand")
    assert "already" in answer(later).content or "made" in answer(later).content

    # Autocomplete offers at most 25 legal placements, filtered by what was typed.
    mover = actor_of(match, people)
    legal = await env.bot.service.legal_texts(match.id, mover.id)
    for typed in ("", "white", "black up"):
        choices = await mover.autocomplete(channel, "sakamichi place", "row", typed)
        assert len(choices) <= 25
        for c in choices:
            assert f"place {c['value']}" in legal and all(w in c["name"] for w in typed.split())
    hand = await mover.click(latest_board(channel), label="My hand")
    assert all(t in answer(hand).content for t in match.view(None)["hands"][match.seat_of(mover.id)]["tiles"])

    turns = await play_to_the_end(match, channel, people)
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    assert not any(c.label in ("My hand", "Resign") for row in final.components for c in row.children)
    assert match.status == "finished" and turns >= 2
    assert match.game.position(await env.bot.service.replay(match.id)) == match.game.position(match.state)


async def test_basic_game_has_open_hands_and_no_choice(simcord_env: Any,
                                                       rendered: dict[bytes, list[dict[str, Any]]]) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "mode=basic")
    view = match.view(None)
    assert view["mode"] == "basic" and view["phase"] == "play" and view["choice"] is None
    assert all(h["visible"] and "?" not in h["tiles"] for h in view["hands"])
    assert not any("Look at my hand" in m.content for m in channel.history())
    mover = actor_of(match, people)
    assert view["to_move"] == view["high_roller"] == match.seat_of(mover.id)
    waiting = next(p for p in people if p is not mover)
    refused = await waiting.slash(channel, "sakamichi place", row="white up w4")
    assert refused.ephemeral and "not your turn" in answer(refused).content
    assert await waiting.autocomplete(channel, "sakamichi place", "row", "") == []
    turns = await play_to_the_end(match, channel, people)
    assert match.status == "finished" and turns >= 2
    assert "Game over" in channel.last_message.embeds[0].description
    board = rendered[simcord_env.backend.cdn.get(channel.last_message.attachments[0].url)][0]
    assert board["phase"] == "over" and board["removed"] not in (None, "?")
    # Players are named, never by the notation's P1 and P2: moves, whose turn, the result, the alt text (the
    # started lobby alone lists who is P1 and P2, the legend of the notation /history shows).
    for message in channel.history():
        if message.embeds and message.embeds[0].title.endswith("· new match"):
            continue
        texts = [message.content or ""] + [a.description or "" for a in message.attachments]
        texts += [f"{e.title} {e.description} {e.footer.text}" for e in message.embeds]
        texts += [f"{f.name} {f.value}" for e in message.embeds for f in e.fields]
        assert not [text for text in texts if SEAT_ID.search(text)]


async def test_illegal_actions_are_refused_with_the_reason(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "mode=basic")
    mover = actor_of(match, people)
    version = match.record.version
    for command, options, expected in [
        ("sakamichi place", {"row": "white up w4b3"}, ""),
        ("sakamichi place", {"row": "purple up w4"}, ""),
        ("sakamichi stack", {"row": "white 5 w5"}, ""),
        ("sakamichi choose", {"choice": "first"}, ""),
    ]:
        result = await mover.slash(channel, command, **options)
        assert result.ephemeral and not answer(result).content.startswith("Played"), answer(result).content
        assert expected in answer(result).content
    assert match.record.version == version


async def test_turn_notice_by_dm_and_closed_dms_never_break_a_turn(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "mode=basic")
    first = actor_of(match, people)
    notices = first.user.dm_channel.history()
    assert notices and f"Sakamichi match #{match.id}" in notices[-1].content
    second = next(p for p in people if p is not first)
    simcord_env.inject_error("POST", f"/channels/{second.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await play_one_turn(channel, first)
    assert match.actors() == [match.seat_of(second.id)]
    assert second.mention in channel.last_message.content
    bot: TabletopBot = simcord_env.bot
    record = await bot.service.store.users.get_user(second.id)
    assert record is not None and not record.dm_open
    await play_one_turn(channel, second)  # the turn goes on; using a command reopens DMs
    assert getattr(await bot.service.store.users.get_user(second.id), "dm_open", False)


async def test_rules_answer_privately(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, "sakamichi rules")
    assert result.ephemeral and "Look at my hand" in answer(result).embeds[0].description


async def test_the_choice_prompt_survives_a_restart(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "")
    high = match.view(None)["choice"]["seat"]
    prompt = channel.last_message
    await simcord_env.restart_bot(make_bot(db_path, seed=2))
    look = await person_at(match, people, high).click(prompt, label="Look at my hand")
    labels = [c["label"] for row in answer(look).components for c in row["components"]]
    assert look.ephemeral and labels == ["White line", "Black line", "Move first"]
    await person_at(match, people, high).click(answer(look), label="White line")
    reloaded = await simcord_env.bot.service.get(match.id)
    assert reloaded.view(None)["colours"][high] == "white" and reloaded.view(None)["first"] == 1 - high
