"""`/vacation` on simcord: on, status and off only to the caller; the board tells the opponent who is away and until
when; no reminder and no timeout while away, the clock runs again after; bad input refused and nothing changed."""

from __future__ import annotations

from typing import Any

from matches import Match
from tests.bot.helpers import actor_of, answer, open_match, world

HOUR = 3600
DAY = 86400


def dms(person: Any, match: Match, word: str) -> list[str]:
    return [m.content for m in person.user.dm_channel.history() if word in m.content and f"#{match.id}" in m.content]


def shown(channel: Any, message_id: int) -> list[str]:
    """The lines of a board message's text as the channel shows it now (after edits)."""
    (message,) = [m for m in channel.history() if m.id == message_id]
    return list(message.embeds[0].description.splitlines())


async def test_vacation_pauses_the_turn_and_the_board_says_so(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=HOUR)
    mover = actor_of(match, people)
    away = next(p for p in people if p is not mover)

    status = await away.slash(channel, "vacation status")
    assert status.ephemeral and "not on vacation" in answer(status).content
    assert "14 vacation days left of 14" in answer(status).content
    went = await away.slash(channel, "vacation on", days=3)
    assert went.ephemeral and "You are on vacation until <t:" in answer(went).content
    assert "11 vacation days left of 14" in answer(went).content

    (first, *_rest) = await mover.autocomplete(channel, "cintos move", "move", "")
    await mover.slash(channel, "cintos move", move=first["value"])  # the turn passes to the player away
    board = channel.last_message
    line = board.embeds[0].description.splitlines()[-1]
    assert line.startswith(f"🏖️ <@{away.id}> (") and " is on vacation until <t:" in line
    assert line.endswith("the clock waits (the deadline moves on by the time away)")
    assert dms(away, match, "Your turn") == []  # away: no turn DM (the board says it waits)
    status = answer(await away.slash(channel, "vacation status")).content
    assert f"Clocks waiting for you: Cintos #{match.id}." in status
    posted = len(channel.history())
    await simcord_env.advance_time(2 * HOUR)  # twice the time per move: no reminder, no timeout
    assert dms(away, match, "Reminder") == [] and len(channel.history()) == posted
    assert match.status == "active" and not match.record.overdue

    back = await away.slash(channel, "vacation off")
    assert back.ephemeral and "Welcome back" in answer(back).content
    assert "13 vacation days left of 14" in answer(back).content  # a day begun counts; the two not begun return
    assert match.record.deadline is not None and match.record.deadline > simcord_env.bot.service.now() + HOUR - 60
    await simcord_env.advance_time(HOUR / 2 + 1)
    assert len(dms(away, match, "Reminder")) == 1  # the clock runs again, from where it stopped


async def test_bad_vacation_requests_are_refused(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    off = await ada.slash(channel, "vacation off")
    assert off.ephemeral and "You are not on vacation" in answer(off).content
    long = await ada.slash(channel, "vacation on", days=20)
    assert "You have 14 vacation days left of 14 in the last 365 days, not 20" in answer(long).content
    assert "not on vacation" in answer(await ada.slash(channel, "vacation status")).content  # nothing started
    await ada.slash(channel, "vacation on", days=14)
    twice = await ada.slash(channel, "vacation on", days=1)
    assert "You are on vacation already" in answer(twice).content
    await ada.slash(channel, "vacation off")
    spent = await ada.slash(channel, "vacation on", days=1)
    assert "You have 13 vacation days left" not in answer(spent).content
    assert "on vacation until" in answer(spent).content  # 1 day used of the 14 (ended at once), 13 left
    await ada.slash(channel, "vacation off")
    await simcord_env.advance_time(1)
    done = await ada.slash(channel, "vacation on", days=13)
    assert "You have 12 vacation days left of 14 in the last 365 days, not 13" in answer(done).content


async def test_the_current_board_shows_the_vacation_at_once_and_drops_it_after(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=HOUR)
    mover = actor_of(match, people)
    board = channel.last_message
    await mover.slash(channel, "vacation on", days=1)  # it is their turn already: that board says so, no new post
    assert channel.last_message.id == board.id
    lines = shown(channel, board.id)
    assert lines[-1].startswith(f"🏖️ <@{mover.id}> (")
    assert lines[-1].endswith("the clock waits (the deadline moves on by the time away)")
    assert lines[-2].startswith("To move: ")  # the rest of the board's text is kept
    await mover.slash(channel, "vacation off")
    after = shown(channel, board.id)
    assert after == lines[:-1]


async def test_a_vacation_that_runs_out_sets_the_clock_running_by_itself(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=HOUR)
    mover = actor_of(match, people)
    board = channel.last_message
    await mover.slash(channel, "vacation on", days=1)
    assert shown(channel, board.id)[-1].startswith("🏖️")
    await simcord_env.advance_time(DAY + HOUR / 2 - 60)  # the scheduler ends it at its end: half the hour left to go
    assert "not on vacation" in answer(await mover.slash(channel, "vacation status")).content
    assert not shown(channel, board.id)[-1].startswith("🏖️")  # the board no longer says so
    assert dms(mover, match, "Reminder") == []
    await simcord_env.advance_time(61)
    assert len(dms(mover, match, "Reminder")) == 1
    await simcord_env.advance_time(HOUR / 2)
    assert match.record.overdue  # and then the time runs out as usual
