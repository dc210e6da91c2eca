"""Ratings in Discord (simcord): a rated match's final board shows each player's change, /leaderboard answers with
an image and a text table, /profile with ratings and recent matches; unrated matches show no change."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from PIL import Image
from simcord.backend.errors import OptionError

from bot import TabletopBot
from matches import Match
from tests.bot.helpers import NAMES, answer, open_match, person_at, world


async def resign(channel: Any, person: Any) -> None:
    confirm = await person.click(channel.last_message, label="Resign")
    await person.click(confirm.response, label="Yes, resign")


def final_board(channel: Any) -> Any:
    return next(m for m in reversed(channel.history()) if m.embeds and "Game over" in (m.embeds[0].description or ""))


async def quiet_moves(env: Any, match: Match, people: list[Any], count: int) -> None:
    """`count` moves that capture nothing, made through the service (the game's pieces stay as they were)."""
    service = env.bot.service
    for _ in range(count):
        if match.status != "active":
            return
        seat = match.actors()[0]
        user = match.user_at(seat)
        state = match.state
        assert state is not None
        for text in await service.legal_texts(match.id, user):
            after = match.game.apply(state, match.game.parse(state, text, seat), seat)
            if after.quiet > state.quiet or match.game.outcome(after) is not None:
                break
        await service.act(match.id, user, text)


async def test_rated_match_final_board_leaderboard_and_profile(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    match = await open_match(simcord_env, "cintos", channel, people)
    lobby = next(m for m in channel.history() if m.embeds and m.embeds[0].title == "Cintos · new match")
    assert any(f.name == "Rated" and f.value.startswith("yes") for f in lobby.embeds[0].fields)
    await quiet_moves(simcord_env, match, people, 2)  # both play: a resignation now is a game lost, and rated
    await resign(channel, ada)
    assert match.status == "finished"
    board = final_board(channel)
    (field,) = [f for f in board.embeds[0].fields if f.name == "Ratings"]
    lines = field.value.splitlines()
    assert len(lines) == 2 and all("→" in line for line in lines)
    changes = await simcord_env.bot.service.rating_changes(match.id)
    for change in changes:
        name = NAMES[people.index(person_at(match, people, change.seat))]
        assert f"{name} {change.before.label} → {change.after.label} ({change.delta:+d})" in lines
    assert "1500? →" in field.value and "(+" in field.value and "(-" in field.value

    result = await bob.slash(channel, "leaderboard", game="cintos")
    reply = answer(result)
    assert result.ephemeral and "Cintos leaderboard · this server · page 1 of 1" in reply.content
    assert reply.content.index("bob") < reply.content.index("ada")  # the winner first
    image = Image.open(io.BytesIO(await reply.attachments[0].read()))
    assert image.width == 1000
    missing = answer(await bob.slash(channel, "leaderboard", game="cintos", page=3))
    assert "there is no page 3" in missing.content
    with pytest.raises(OptionError, match="only allows"):  # a choice of the five games: Discord refuses others
        await bob.slash(channel, "leaderboard", game="chess")

    profile = answer(await ada.slash(channel, "profile", user=bob)).embeds[0]
    assert profile.title == "Profile · bob"
    (cintos,) = [f for f in profile.fields if f.name.startswith("Cintos · ")]
    assert cintos.value == "1 rated game · 1 won, 0 drawn, 0 lost" and cintos.name.endswith("?")
    recent = next(f for f in profile.fields if f.name == "Recent rated matches").value
    assert f"Cintos #{match.id} · won · 1500? →" in recent and "[board](https://discord.com/channels/" in recent
    assert next(f for f in profile.fields if f.name == "Tournaments").value == "none yet"


async def test_a_shared_first_place_is_a_draw_in_profiles_and_leaderboards(simcord_env: Any) -> None:
    # issue 25 defect 3: "Drawn: Red and Blue share the most pieces" counted as won for both
    channel, people = world(simcord_env)
    ada, bob = people
    match = await open_match(simcord_env, "cintos", channel, people, options="quiet-limit=20 repetition=off")
    await quiet_moves(simcord_env, match, people, 40)
    assert match.status == "finished"
    outcome = match.outcome()
    assert outcome is not None and len(outcome.winners) == 2 and "share the most pieces" in outcome.reason
    for who in people:
        profile = answer(await ada.slash(channel, "profile", user=who)).embeds[0]
        (cintos,) = [f for f in profile.fields if f.name.startswith("Cintos · ")]
        assert cintos.value == "1 rated game · 0 won, 1 drawn, 0 lost"
        recent = next(f for f in profile.fields if f.name == "Recent rated matches").value
        assert f"Cintos #{match.id} · drew · " in recent
    board = answer(await bob.slash(channel, "leaderboard", game="cintos")).content
    assert board.count("  0-1-0") == 2, board  # W-D-L of both players


async def test_unrated_match_shows_no_change_and_stays_off_the_leaderboard(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, rated=False)
    await resign(channel, people[0])
    assert match.status == "finished"
    assert not [f for f in final_board(channel).embeds[0].fields if f.name == "Ratings"]
    reply = answer(await people[1].slash(channel, "leaderboard", game="cintos"))
    assert "No rated matches yet on this server." in reply.content
    bot: TabletopBot = simcord_env.bot
    assert await bot.service.rating_changes(match.id) is None


async def test_server_setting_turns_the_default_off(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    people = [guild.add_member(simcord_env.create_user(name), roles=[admins]) for name in ("ada", "bob")]
    result = await people[0].slash(channel, "settings rated", enabled=False)
    fields = {f.name: f.value for f in answer(result).embeds[0].fields}
    assert fields["New 2-player matches"] == "unrated unless the creator says yes"
    match = await open_match(simcord_env, "cintos", channel, people)
    bot: TabletopBot = simcord_env.bot
    assert not await bot.service.store.ratings.match_rated(match.id)
