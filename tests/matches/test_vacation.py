"""Vacations on the service with a fake clock: the clock of the vacationer's turn paused and resumed with its deadline
moved on, days counted whole over a rolling year, refusals, the turn that passes to a player away, a vacation that
runs out, and tournament matches paused only where the organiser allowed it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from data import Store
from matches import Match, MatchService, Refusal
from matches.vacation import DAY, YEAR
from tests.matches.helpers import FakeClock
from tests.matches.test_clock import ADA, BOB, CY, DI, move, started
from tournaments import TournamentService


def to_move(match: Match) -> int:
    return match.user_at(match.actors()[0])


def other(match: Match) -> int:
    return match.user_ids[1 - match.actors()[0]]


async def test_the_vacationers_clock_waits_and_resumes_with_the_time_it_had(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=1000)
    away, opponent = to_move(match), other(match)
    clock.now += 300  # 700 s left on the clock
    await service.vacations.begin(away, 3)
    clock.now += 5 * 3600  # far past the deadline: nothing is due, nothing wakes the scheduler for it
    assert await service.due() == []
    assert await service.next_due() is None  # the paused match is not waited for; the vacation's end is
    assert await service.vacations.next_end() == clock.now - 5 * 3600 + 3 * DAY
    assert [a.seat for a in await service.vacations.away(match)] == [match.seat_of(away)]
    status = await service.vacations.end(away)
    assert status.running is None and status.taken == 1  # 5 hours: one day begun
    assert match.record.deadline == clock.now + 700  # the time it had when the vacation began
    assert await service.vacations.away(match) == []
    clock.now += 350
    assert [k for k, _ in await service.due()] == ["remind"]  # the half of the 1000 s, counted as before
    assert opponent != away


async def test_the_opponents_clock_runs_and_a_turn_passing_to_the_vacationer_starts_paused(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=1000)
    away = other(match)  # not to move now
    await service.vacations.begin(away, 2)
    clock.now += 600
    assert [k for k, _ in await service.due()] == ["remind"]  # the opponent's clock runs
    await move(service, match)  # now it is the vacationer's turn: paused from this commit
    assert to_move(match) == away
    clock.now += DAY
    assert await service.due() == []
    await move(service, match)  # moving on vacation is allowed; the opponent's clock starts as usual
    assert match.record.deadline == clock.now + 1000
    clock.now += 1000
    assert [k for k, _ in await service.due()] == ["timeout"]


async def test_days_are_counted_whole_and_refusals_change_nothing(setup) -> None:
    service, clock = setup
    with pytest.raises(Refusal, match="not on vacation"):
        await service.vacations.end(ADA)
    status = await service.vacations.begin(ADA, 3)
    assert status.running is not None and status.running.until_at == clock.now + 3 * DAY
    assert (status.taken, status.left) == (3, 11)  # booked days count while it runs
    with pytest.raises(Refusal, match="on vacation already"):
        await service.vacations.begin(ADA, 1)
    clock.now += 1.5 * DAY
    status = await service.vacations.end(ADA)
    assert (status.taken, status.left) == (2, 12)  # ended early: the day not begun came back
    with pytest.raises(Refusal, match="12 vacation days left of 14"):
        await service.vacations.begin(ADA, 13)
    assert (await service.vacations.status(ADA)).running is None  # the refusal started nothing
    await service.vacations.begin(ADA, 12)
    clock.now += 12 * DAY  # it runs out: the scheduler ends it at its booked end
    assert await service.vacations.end_due() == [ADA]
    with pytest.raises(Refusal, match="used all 14 vacation days"):
        await service.vacations.begin(ADA, 1)
    clock.now = 1_000_000.0 + YEAR + 1  # a year after the first: its 2 days are back (rolling 365 days)
    assert (await service.vacations.status(ADA)).left == 2
    service.vacations.allowance = 0
    with pytest.raises(Refusal, match="switched off"):
        await service.vacations.begin(BOB, 1)


async def test_a_vacation_that_runs_out_gives_back_only_its_own_time(setup) -> None:
    service, clock = setup
    match = await started(service, time_control=10 * DAY)
    away = to_move(match)
    await service.vacations.begin(away, 1)
    assert await service.next_due() is None and await service.vacations.next_end() == clock.now + DAY
    clock.now += 3 * DAY  # the scheduler looks late: the pause ended at the vacation's end all the same
    assert await service.vacations.end_due() == [away]
    assert match.record.deadline == 1_000_000.0 + 11 * DAY
    assert await service.vacations.end_due() == []  # once


async def test_several_matches_and_players(setup) -> None:
    service, clock = setup
    four = await started(service, players=4, time_control=1000)
    away = to_move(four)
    two = await service.create("cintos", guild_id=1, channel_id=2, creator_id=away, players=2, time_control=1000)
    await service.join(two.id, DI if away != DI else CY)
    two = (await service.start(two.id, away)).match
    await service.vacations.begin(away, 1)
    clock.now += 2000
    due = {m.id for _, m in await service.due()}
    assert four.id not in due
    assert (two.id in due) == (to_move(two) != away)  # only where the vacationer is to move


async def test_tournament_matches_pause_only_where_the_organiser_allowed_it(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    clock = FakeClock()
    service = MatchService(store, rng=random.Random(3), clock=clock)
    tournaments = TournamentService(service, rng=random.Random(3))
    try:
        waiting: dict[bool, Match] = {}
        for allowed in (False, True):
            event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=ADA,
                                             rounds=1, time_control=1000, vacation=allowed)
            assert event.record.settings["vacation"] is allowed
            players = (ADA, BOB) if not allowed else (CY, DI)
            for user in players:
                await tournaments.join(event.id, user)
            event = await tournaments.start(event.id, ADA, organiser=True)
            match_id = event.round_tables()[0].match_id
            assert match_id is not None
            waiting[allowed] = await service.get(match_id)
        for match in waiting.values():
            await service.vacations.begin(to_move(match), 2)
        clock.now += 1000
        due = {m.id for kind, m in await service.due() if kind == "timeout"}
        assert due == {waiting[False].id}
        assert [a.paused for a in await service.vacations.away(waiting[False])] == [False]
        assert [a.paused for a in await service.vacations.away(waiting[True])] == [True]
    finally:
        await store.close()
