"""Round deadlines through Discord (simcord): the round post states when the round ends as a Discord timestamp;
halfway through, the players of matches nobody has started are reminded (once); at a set round length's end the
organiser is told which matches still run."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.bot.test_swiss_standings_bot import move
from tests.bot.test_tournament_bot import fresh, open_event, person, server

HOUR = 3600


def round_post(channel: Any, round_no: int) -> Any:
    return next(m for m in channel.history() if m.embeds and f"Round {round_no} of" in (m.embeds[0].title or ""))


def dms(who: Any, text: str) -> list[Any]:
    return [m for m in who.user.dm_channel.history() if text in m.content]


async def test_a_round_of_two_hours_reminds_at_halfway_and_tells_the_organiser_at_its_end(simcord_env: Any) -> None:
    env = simcord_env
    channel, boss, people = server(env, 4)
    hours: dict[str, Any] = {"round-hours": 2}  # not a Python name
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=2, time=86400,
                             **hours)
    event = await fresh(env, event)
    started = event.record.round_started
    assert started is not None and event.round_deadline() == started + 2 * HOUR
    (field,) = [f for f in round_post(channel, 1).embeds[0].fields if f.name == "Round ends"]
    assert re.fullmatch(r"<t:(\d+):F> \(<t:\1:R>\)", field.value) and str(int(started + 2 * HOUR)) in field.value
    busy, idle = event.round_tables()
    await move(env, channel, people, busy.match_id, random.Random(5))  # one match has started, the other has not
    await env.advance_time(HOUR + 5)
    idle_players = [person(people, u) for u in (await env.bot.service.get(idle.match_id)).user_ids]
    busy_players = [person(people, u) for u in (await env.bot.service.get(busy.match_id)).user_ids]
    for who in idle_players:
        (reminder,) = dms(who, "is half over")
        assert f"match #{idle.match_id} has not started" in reminder.content
        assert f"<t:{int(started + 2 * HOUR)}:R>" in reminder.content
    assert all(not dms(who, "is half over") for who in busy_players)
    await env.advance_time(HOUR)  # the deadline: both matches still run
    (notice,) = [m for m in channel.history() if "reached its deadline" in m.content]
    assert f"match #{busy.match_id}" in notice.content and f"match #{idle.match_id}" in notice.content
    assert boss.mention in notice.content
    await env.advance_time(3 * HOUR)
    assert len([m for m in channel.history() if "reached its deadline" in m.content]) == 1  # once
    assert all(len(dms(who, "is half over")) == 1 for who in idle_players)


async def test_without_a_round_length_the_round_ends_at_the_first_moves_deadline(simcord_env: Any) -> None:
    env = simcord_env
    channel, boss, people = server(env, 2)
    event = await open_event(env, channel, boss, people, game="cintos", format="swiss", rounds=1, time=HOUR)
    event = await fresh(env, event)
    (field,) = [f for f in round_post(channel, 1).embeds[0].fields if f.name == "Start your match by"]
    assert event.record.round_started is not None
    assert f"<t:{int(event.record.round_started + HOUR)}:R>" in field.value and "double forfeit" in field.value
