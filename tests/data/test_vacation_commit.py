"""A vacation pause is part of the move's commit, on SQLite and PostgreSQL (issue 42): a process that dies right after
a move's commit, before any commit listener runs, leaves the turn it passed to a player on vacation paused all the
same, so no time of that turn is lost."""

from __future__ import annotations

import random

import pytest

from data import Store
from matches import MatchService
from tests.data.test_vacations import clocked


async def test_a_crash_right_after_the_commit_leaves_the_turn_paused(store: Store) -> None:
    service, clock, match = await clocked(store)
    away = match.user_ids[1 - match.actors()[0]]  # not to move now
    await service.vacations.begin(away, 2)
    service.core.on_commit.clear()  # the process dies right after the commit: no listener runs
    user = match.user_at(match.actors()[0])
    await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
    assert match.user_at(match.actors()[0]) == away
    start = clock.now
    restarted = MatchService(store, rng=random.Random(5), clock=clock)  # another process, the same database
    clock.now += 5000  # far past the 1000 s deadline
    assert await restarted.due() == []
    assert await store.vacations.waiting(away) == [match.id]
    await restarted.vacations.end(away)
    record = await store.load_match(match.id)
    assert record is not None and record[0].deadline == start + 1000 + 5000  # the whole turn's time, kept


async def test_a_turn_passing_to_a_computer_or_a_player_at_home_is_not_paused(store: Store) -> None:
    service, clock, match = await clocked(store)
    mover = match.user_at(match.actors()[0])
    await service.vacations.begin(mover, 2)  # the mover is away; the turn passes to the one at home
    await service.act(match.id, mover, (await service.legal_texts(match.id, mover))[0])
    clock.now += 1000
    assert [r.id for r in await store.due_matches(clock.now)] == [match.id]


async def test_a_crash_right_after_a_vacation_begins_leaves_the_turn_paused(store: Store,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    service, clock, match = await clocked(store)
    away = match.user_at(match.actors()[0])  # to move now

    async def crash(*_args: object) -> bool:
        raise RuntimeError("the process dies after writing the vacation")

    monkeypatch.setattr(service.vacations, "_pause", crash)
    start = clock.now
    with pytest.raises(RuntimeError):
        await service.vacations.begin(away, 2)
    restarted = MatchService(store, rng=random.Random(5), clock=clock)
    clock.now += 5000  # far past the 1000 s deadline
    assert await restarted.due() == []
    assert await store.vacations.waiting(away) == [match.id]
    await restarted.vacations.end(away)
    record = await store.load_match(match.id)
    assert record is not None and record[0].deadline == start + 1000 + 5000
