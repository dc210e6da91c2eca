"""Cintos through discord.py itself: lobby buttons, slash commands, autocomplete, refusals and a restart."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot import TabletopBot
from matches import Match
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, world
from tests.bot.helpers import open_match as open_lobby_match


async def open_match(env: Any, channel: Any, people: list[Any], **options: Any) -> Match:
    match = await open_lobby_match(env, "cintos", channel, people, **options)
    started = next(m for m in channel.history() if m.embeds and m.embeds[0].title == "Cintos · new match")
    assert "— Red" in started.embeds[0].description  # the started lobby says who sits where
    return match


async def test_full_two_player_match_to_game_over(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, options="quiet-limit=20 turn-limit=100")
    board = channel.last_message
    assert board.embeds[0].title == f"Cintos · match #{match.id}"
    assert board.attachments and board.attachments[0].filename == "board.png"
    mover = actor_of(match, people)
    assert mover.mention in board.content  # the player to move is pinged
    rng = random.Random(5)
    turns = 0
    while match.outcome() is None:
        mover = actor_of(match, people)
        choices = await mover.autocomplete(channel, "cintos move", "move", "")
        legal = [c["value"] for c in choices]
        assert legal and len(legal) <= 25
        before = match.record.version
        result = await mover.slash(channel, "cintos move", move=rng.choice(legal))
        assert result.ephemeral and answer(result).content.startswith("Played")
        assert match.record.version > before  # committed before acknowledged
        assert match.id not in simcord_env.bot.tables._shown  # kept only for matches a computer plays in
        turns += 1
        assert turns < 200
    final = channel.last_message
    assert "Game over" in final.embeds[0].description
    # a finished match offers only a rematch
    assert [c.label for row in final.components for c in row.children] == ["Rematch", "Analyse"]
    assert match.status == "finished"
    # the previous board messages were shrunk to one line without image or buttons
    history = channel.history()
    older_boards = [m for m in history if m.content.startswith(f"Cintos #{match.id} · then:")]
    assert len(older_boards) == turns


async def test_threefold_repetition_draw_through_commands(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people)
    red = next(p for p in people if p.id == match.user_at(0))
    blue = next(p for p in people if p.id == match.user_at(1))
    for red_move, blue_move in [("a8-b8", "h1 left"), ("B8 - A8", "g1r")] * 2:
        await red.slash(channel, "cintos move", move=red_move)
        await blue.slash(channel, "cintos move", move=blue_move)
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert "Drawn: The same position occurred for the third time." in channel.last_message.embeds[0].description


async def test_refusals_are_ephemeral_and_change_nothing(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    stranger = channel.guild.add_member(simcord_env.create_user("eve"))
    match = await open_match(simcord_env, channel, people)
    mover = actor_of(match, people)
    waiting = next(p for p in people if p is not mover)
    version, state = match.record.version, match.state
    cases = [
        (waiting, "b2-b3", "not your turn"),
        (stranger, "b2-b3", "no running Cintos match"),
        (mover, "zz9 sideways", ""),
        (mover, "b2-b3", ""),  # well-formed but illegal at the start (b2 is empty)
    ]
    for who, text, expected in cases:
        result = await who.slash(channel, "cintos move", move=text)
        message = answer(result).content
        assert result.ephemeral, text
        assert expected.lower() in message.lower(), message
        assert not message.startswith("Played"), message
        assert match.record.version == version and match.state == state
    stranger_move = await stranger.slash(channel, "cintos move", move="b2-b3", match=match.id)
    assert "not playing" in stranger_move.response.content


async def test_four_player_match_starts_and_plays(simcord_env: Any) -> None:
    channel, people = world(simcord_env, players=4)
    match = await open_match(simcord_env, channel, people)
    assert sorted(match.user_ids) == sorted(p.id for p in people)
    seen = set()
    for _ in range(8):
        mover = actor_of(match, people)
        seen.add(mover.id)
        legal = await mover.autocomplete(channel, "cintos move", "move", "")
        await mover.slash(channel, "cintos move", move=legal[0]["value"])
    assert len(seen) == 4
    assert match.view(None)["turn"] == 8


async def test_lobby_start_needs_the_creator_and_a_full_table(simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    await ada.slash(channel, "cintos new", players=2)
    lobby = channel.last_message
    start = next(c for row in lobby.components for c in row.children if c.label == "Start")
    assert start.disabled  # enabled only when the table is full
    await bob.click(lobby, label="Join")
    refused = await bob.click(channel.last_message, label="Start")
    assert answer(refused).ephemeral and "Only the player who opened" in answer(refused).content
    join = next(c for row in channel.last_message.components for c in row.children if c.label == "Join")
    assert join.disabled  # the table is full


async def test_invited_players_are_pinged_and_keep_their_seat(simcord_env: Any) -> None:
    channel, (ada, bob, cy) = world(simcord_env, players=3)
    result = await ada.slash(channel, "cintos new", players=2, invite1=bob)
    assert result.ephemeral and "Lobby #" in answer(result).content  # to ada; the lobby is a message of its own
    assert bob.mention in channel.last_message.content
    refused = await cy.click(channel.last_message, label="Join")
    assert "full" in answer(refused).content and answer(refused).ephemeral  # only to cy
    await bob.click(channel.last_message, label="Join")
    await ada.click(channel.last_message, label="Start")
    bot: TabletopBot = simcord_env.bot
    (match,) = await bot.service.matches_for(bob.id)
    assert match.status == "active"


async def test_bad_options_are_refused(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, "cintos new", players=3)
    assert result.ephemeral and "2, 4" in result.response.content
    result = await ada.slash(channel, "cintos new", options="majority=most")
    assert result.ephemeral and "absolute" in result.response.content
    choices = await ada.autocomplete(channel, "cintos new", "options", "maj")
    assert [c["value"] for c in choices] == ["majority=absolute"]


async def test_restart_mid_match_keeps_match_and_buttons(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people)
    for _ in range(3):
        mover = actor_of(match, people)
        legal = await mover.autocomplete(channel, "cintos move", "move", "")
        await mover.slash(channel, "cintos move", move=legal[0]["value"])
    position = match.game.position(match.state)
    board_message = channel.last_message

    await simcord_env.restart_bot(make_bot(db_path, seed=2))
    bot: TabletopBot = simcord_env.bot
    reloaded = await bot.service.get(match.id)
    assert reloaded is not match and reloaded.game.position(reloaded.state) == position
    assert reloaded.game.position(await bot.service.replay(match.id)) == position  # the log alone rebuilds it

    mover = actor_of(reloaded, people)
    legal = await mover.autocomplete(channel, "cintos move", "move", "")
    await mover.slash(channel, "cintos move", move=legal[0]["value"])
    assert reloaded.view(None)["turn"] == 4
    # A button posted before the restart still works: resign with its confirm step.
    loser = actor_of(reloaded, people)
    confirm = await loser.click(channel.last_message, label="Resign")
    assert confirm.ephemeral and "Resign match" in confirm.response.content
    await loser.click(confirm.response, label="Yes, resign")
    assert reloaded.status == "finished"
    outcome = reloaded.outcome()
    assert outcome is not None and loser.id not in {reloaded.user_at(s) for s in outcome.winners}
    assert board_message.id != channel.last_message.id


@pytest.mark.parametrize("command", ["cintos rules", "games"])
async def test_info_commands_answer_privately(simcord_env: Any, command: str) -> None:
    channel, (ada, _bob) = world(simcord_env)
    result = await ada.slash(channel, command)
    assert result.ephemeral
    message = answer(result)
    assert message.embeds or "no open matches" in message.content


async def test_board_command_shows_image_to_asker_only(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people)
    result = await people[0].slash(channel, "cintos board")
    follow = answer(result)
    assert result.ephemeral and follow.attachments[0].filename == "board.png"
    assert f"match #{match.id}" in follow.content
    first_move = (await people[0].autocomplete(channel, "cintos move", "move", "")
                  or await people[1].autocomplete(channel, "cintos move", "move", ""))[0]["value"]
    mover = actor_of(match, people)
    await mover.slash(channel, "cintos move", move=first_move)
    past = await people[0].slash(channel, "cintos board", move=0)
    assert "after line 0" in answer(past).content and answer(past).attachments
    too_far = await people[0].slash(channel, "cintos board", move=99)
    assert "99" in answer(too_far).content and not answer(too_far).attachments
    listing = await people[1].slash(channel, "games")
    assert f"Cintos #{match.id}" in listing.response.embeds[0].description
    assert isinstance(listing.response.embeds[0], discord.Embed)


async def test_turn_notice_by_dm_and_closed_dms_never_break_a_turn(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people)
    first = actor_of(match, people)
    notices = first.user.dm_channel.history()
    assert notices and f"match #{match.id}" in notices[-1].content  # told by DM that it is their turn
    second = next(p for p in people if p is not first)
    simcord_env.inject_error("POST", f"/channels/{second.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    legal = await first.autocomplete(channel, "cintos move", "move", "")
    result = await first.slash(channel, "cintos move", move=legal[0]["value"])
    assert answer(result).content.startswith("Played")
    assert match.actors() == [match.seat_of(second.id)]
    assert second.mention in channel.last_message.content  # the channel mention carries the notice instead
    bot: TabletopBot = simcord_env.bot
    record = await bot.service.store.users.get_user(second.id)
    assert record is not None and not record.dm_open
    legal = await second.autocomplete(channel, "cintos move", "move", "")
    await second.slash(channel, "cintos move", move=legal[0]["value"])  # using a command reopens DMs
    assert getattr(await bot.service.store.users.get_user(second.id), "dm_open", False)
