"""Play over days, on simcord's virtual clock: reminders, closed DMs, claims, forfeits, lobby expiry, agreements,
rematch, server settings, and deadlines that survive a restart."""

from __future__ import annotations

from typing import Any

import discord

from bot import TabletopBot
from matches import Match
from render.panels import status_line
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, labels, world

HOUR = 3600


async def start(env: Any, channel: Any, people: list[Any], **options: Any) -> Match:
    await people[0].slash(channel, "cintos new", players=len(people), **options)
    for person in people[1:]:
        await person.click(channel.last_message, label="Join")
    await people[0].click(channel.last_message, label="Start")
    bot: TabletopBot = env.bot
    (match,) = [m for m in await bot.service.matches_for(people[0].id) if m.status == "active"]
    return match


async def test_deadline_is_shown_and_reminders_arrive_by_dm(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people, time=HOUR)
    assert match.record.deadline is not None
    assert f"<t:{int(match.record.deadline)}:R>" in channel.last_message.embeds[0].description
    listing = answer(await people[1].slash(channel, "games")).embeds[0].description
    assert f"Cintos #{match.id}" in listing and f"<t:{int(match.record.deadline)}:R>" in listing
    mover = actor_of(match, people)
    before = len(mover.user.dm_channel.history())
    await simcord_env.advance_time(HOUR / 2 + 1)
    dms = mover.user.dm_channel.history()
    assert len(dms) == before + 1 and "Reminder" in dms[-1].content and f"#{match.id}" in dms[-1].content
    await simcord_env.advance_time(HOUR * 0.4)
    assert len(mover.user.dm_channel.history()) == before + 2  # the 90 % reminder
    assert match.status == "active"


async def test_closed_dms_fall_back_to_a_channel_mention(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people, time=HOUR)
    mover = actor_of(match, people)
    simcord_env.inject_error("POST", f"/channels/{mover.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await simcord_env.advance_time(HOUR / 2 + 1)
    last = channel.last_message
    assert last.content.startswith(mover.mention) and "Reminder" in last.content
    bot: TabletopBot = simcord_env.bot
    assert not getattr(await bot.service.store.users.get_user(mover.id), "dm_open", True)


async def test_claim_after_the_deadline(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people, time=600)
    late = actor_of(match, people)
    other = next(p for p in people if p is not late)
    await simcord_env.advance_time(601)
    notice = channel.last_message
    assert "ran out of time" in notice.content and labels(notice) == ["Claim win"]
    refused = await late.click(notice, label="Claim win")
    assert "out of time" in answer(refused).content and match.status == "active"
    await other.click(notice, label="Claim win")
    outcome = match.outcome()
    assert match.status == "finished" and outcome is not None
    assert outcome.winners == frozenset({match.seat_of(other.id)})
    assert "ran out of time" in channel.last_message.embeds[0].description


async def test_automatic_forfeit(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people, time=600, timeout="forfeit")
    late = actor_of(match, people)
    await simcord_env.advance_time(601)
    outcome = match.outcome()
    assert match.status == "finished" and outcome is not None and match.seat_of(late.id) not in outcome.winners
    assert "Game over" in channel.last_message.embeds[0].description


async def test_unstarted_lobby_expires(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    await ada.slash(channel, "cintos new", players=2)
    lobby = channel.last_message
    await simcord_env.advance_time(24 * HOUR + 1)
    assert "expired" in channel.last_message.content
    closed = next(m for m in channel.history() if m.id == lobby.id)
    assert labels(closed) == [] and "closed" in closed.embeds[0].footer.text


async def test_draw_offer_declined_then_accepted(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people)
    ada, bob = people
    await ada.click(channel.last_message, label="Offer draw")
    offer = channel.last_message
    assert "offers a draw" in offer.content and labels(offer) == ["Accept draw", "Decline draw"]
    own = await ada.click(offer, label="Accept draw")
    assert "already agreed" in answer(own).content
    await bob.click(offer, label="Decline draw")
    assert match.record.draw_offer == () and match.status == "active"
    board = next(m for m in reversed(channel.history()) if m.embeds)
    await bob.click(board, label="Offer draw")
    await ada.click(channel.last_message, label="Accept draw")
    assert match.status == "finished" and getattr(match.outcome(), "reason", None) == "draw agreed"
    assert "Game over.** Drawn: The players agreed to a draw." in channel.last_message.embeds[0].description
    assert status_line(match.view(None), ["ada", "bob"])[1] == "Drawn"  # the board image's header agrees


async def test_abort_in_first_moves_and_rematch(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people)
    board = channel.last_message
    assert "Abort" in labels(board)
    await people[1].click(board, label="Abort")
    assert match.status == "aborted"
    final = channel.last_message
    assert "aborted" in final.embeds[0].description and labels(final) == ["Rematch"]
    await people[1].click(final, label="Rematch")
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Cintos · new match" and people[0].mention in lobby.content
    again = await people[0].click(final, label="Rematch")
    assert "already open" in answer(again).content


async def test_settings_need_manage_server_and_apply_to_new_matches(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[admins])
    ada = guild.add_member(simcord_env.create_user("ada"))
    assert "settings show" not in ada.available_commands(channel)
    result = await boss.slash(channel, "settings game", game="cintos", enabled=False)
    switched_off = next(f.value for f in answer(result).embeds[0].fields if f.name == "Switched off")
    assert result.ephemeral and "cintos" in switched_off
    refused = await ada.slash(channel, "cintos new")
    assert "switched off" in answer(refused).content
    await boss.slash(channel, "settings game", game="cintos", enabled=True)
    await boss.slash(channel, "settings threads", enabled=True)
    await boss.slash(channel, "settings time", time=600)
    opened = await ada.slash(channel, "cintos new")
    assert opened.ephemeral and "Lobby #" in answer(opened).content
    bot: TabletopBot = simcord_env.bot
    (match,) = await bot.service.matches_for(ada.id)
    assert match.record.channel_id != channel.id  # its own thread
    assert match.record.time_control == 600


async def test_deadlines_survive_a_restart(simcord_env: Any, db_path: str) -> None:
    channel, people = world(simcord_env)
    match = await start(simcord_env, channel, people, time=HOUR)
    mover = actor_of(match, people)
    before = len(mover.user.dm_channel.history())
    await simcord_env.restart_bot(make_bot(db_path, seed=3))
    await simcord_env.advance_time(HOUR / 2 + 1)
    assert len(mover.user.dm_channel.history()) == before + 1  # the new bot's scheduler read the deadline
