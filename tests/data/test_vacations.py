"""Vacations in the store, on SQLite and PostgreSQL: the scheduler's due questions skip a match whose clock a vacation
paused (and only at the paused turn), a vacation's end moves the paused deadline on once however many processes end
it, and a pause a move made stale shifts nothing."""

from __future__ import annotations

import asyncio
import random

from data import Store
from matches import Match, MatchService
from tests.matches.helpers import FakeClock

ADA, BOB = 11, 22


async def clocked(store: Store) -> tuple[MatchService, FakeClock, Match]:
    clock = FakeClock()
    service = MatchService(store, rng=random.Random(4), clock=clock)
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, time_control=1000)
    await service.join(match.id, BOB)
    return service, clock, (await service.start(match.id, ADA)).match


async def test_due_questions_skip_a_paused_clock(store: Store) -> None:
    _service, clock, match = await clocked(store)
    away = match.user_at(match.actors()[0])
    start = clock.now
    assert await store.next_due() == start + 500
    await store.vacations.begin(away, start, start + 86400)
    await store.vacations.pause(match.id, away, match.record.version, start)
    for late in (500, 900, 1000, 5000):  # the half, the 90 %, the deadline and later: nothing due
        assert await store.due_matches(start + late) == []
    assert await store.next_due() is None
    await store.vacations.pause(match.id, away, match.record.version - 1, start)  # a stale turn's pause: not paused
    assert [r.id for r in await store.due_matches(start + 1000)] == [match.id]


async def test_ending_twice_at_once_moves_the_deadline_on_once(store: Store) -> None:
    service, clock, match = await clocked(store)
    away = match.user_at(match.actors()[0])
    start = clock.now
    await service.vacations.begin(away, 2)
    clock.now += 3000
    ended = await asyncio.gather(store.vacations.end(away, clock.now), store.vacations.end(away, clock.now))
    assert sorted(e is not None for e in ended) == [False, True]
    record = (await store.load_match(match.id))
    assert record is not None and record[0].deadline == start + 1000 + 3000
    assert await store.due_matches(start + 3499) == [] and await store.due_matches(start + 3500) != []  # the half


async def test_a_move_since_the_pause_is_not_shifted(store: Store) -> None:
    service, clock, match = await clocked(store)
    away = match.user_at(match.actors()[0])
    await service.vacations.begin(away, 2)
    clock.now += 100
    user = match.user_at(match.actors()[0])
    await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])  # moving on vacation
    deadline = match.record.deadline
    clock.now += 500
    ended = await store.vacations.end(away, clock.now)
    assert ended is not None and ended.shifted == ()
    record = await store.load_match(match.id)
    assert record is not None and record[0].deadline == deadline


async def test_two_processes_a_vacation_begun_in_one_pauses_a_turn_committed_in_the_other(target: str) -> None:
    first, second = await Store.open(target), await Store.open(target)
    try:
        clock = FakeClock()
        one = MatchService(first, rng=random.Random(4), clock=clock)
        two = MatchService(second, rng=random.Random(5), clock=clock)
        match = await one.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, time_control=1000)
        await one.join(match.id, BOB)
        match = (await one.start(match.id, ADA)).match
        away = match.user_ids[1 - match.actors()[0]]  # not to move yet
        await two.vacations.begin(away, 2)  # the other process: nothing of this match is loaded there
        mover = match.user_at(match.actors()[0])
        await one.act(match.id, mover, (await one.legal_texts(match.id, mover))[0])  # the turn passes to them here
        start = clock.now
        assert await second.due_matches(start + 5000) == []  # paused for every process
        clock.now += 3000
        await two.vacations.end(away)
        seen = await one.get(match.id) if first.shared else await one.fresh(match.id)
        assert seen.record.deadline == start + 1000 + 3000  # the first process's copy has the moved deadline
        assert [k for k, _ in await one.due()] == []
        clock.now += 500
        assert [k for k, _ in await one.due()] == ["remind"]
    finally:
        await first.close()
        await second.close()
