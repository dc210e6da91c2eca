"""Races on a tournament, through the real service calls run at once: a Join or a Leave at the moment of Start, and a
drop at the moment the last result of a round pairs the next one. Each in one service and across two services on
one database (two bot processes), on SQLite and on PostgreSQL. A pause injected at the worst point (Start between
reading the sign-ups and writing the entrants; the pairing between reading the entrants and writing the round)
makes the bad order happen every time on a build without the fix."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from data import Store
from data.tournaments import Tournaments
from matches import MatchService, Refusal
from tournaments import Tournament, TournamentService

ORGANISER = 1
PLAYERS = [101, 102, 103, 104]
LATE = 105
PAUSE = 0.5  # seconds the paused call waits for the other request (a fixed build may hold that request back)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


Opener = Callable[[int], Awaitable[TournamentService]]


@pytest.fixture
async def opener(target: str) -> AsyncIterator[Opener]:
    """Services on the shared database: one per call (a bot process each); closed at the end."""
    stores: list[Store] = []
    clock = Clock()

    async def open_one(seed: int) -> TournamentService:
        store = await Store.open(target)
        stores.append(store)
        return TournamentService(MatchService(store, rng=random.Random(seed), clock=clock), rng=random.Random(seed))

    yield open_one
    for store in stores:
        await store.close()


async def two(opener: Opener, processes: int) -> tuple[TournamentService, TournamentService]:
    first = await opener(1)
    return first, (first if processes == 1 else await opener(2))


def pause_first_call(store: Tournaments, name: str, until: asyncio.Event) -> None:
    """The store's `name` waits (at most PAUSE seconds) for `until` the first time it is called."""
    real = getattr(store, name)
    calls = 0

    async def paused(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until.wait(), PAUSE)
        return await real(*args, **kwargs)

    setattr(store, name, paused)


def meet(store: Tournaments, name: str, ready: asyncio.Event, done: asyncio.Event) -> None:
    """The store's `name`, the first time, waits (at most PAUSE seconds) for `ready`, then runs, then sets `done`."""
    real = getattr(store, name)
    calls = 0

    async def met(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls > 1:
            return await real(*args, **kwargs)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), PAUSE)
        try:
            return await real(*args, **kwargs)
        finally:
            done.set()

    setattr(store, name, met)


async def answered(work: Awaitable[Any], done: asyncio.Event) -> Any:
    """The request's answer (its result or its Refusal); `done` is set once it is answered."""
    try:
        return await work
    except Refusal as refusal:
        return refusal
    finally:
        done.set()


def members(event: Tournament) -> set[int]:
    return {u for e in event.entrants for u in e.members}


def paired(event: Tournament) -> set[int]:
    return {u for t in event.tables for e in t.entrants for u in event.entrant(e).members}


async def signed_up(tournaments: TournamentService, users: list[int], rounds: int = 1) -> Tournament:
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=ORGANISER,
                                     rounds=rounds)
    for user in users:
        await tournaments.join(event.id, user)
    return event


@pytest.mark.parametrize("processes", [1, 2])
async def test_a_join_at_the_moment_of_start_is_in_the_event_or_refused(opener: Opener, processes: int) -> None:
    first, second = await two(opener, processes)
    event = await signed_up(first, PLAYERS[:3])
    joined = asyncio.Event()
    pause_first_call(first.store.tournaments, "ratings_for", joined)  # Start has read the sign-ups; the Join comes now
    _, answer = await asyncio.gather(first.start(event.id, ORGANISER, organiser=True),
                                     answered(second.join(event.id, LATE), joined))
    final = await first.get(event.id)
    assert final.status == "running"
    if isinstance(answer, Refusal):  # refused: nothing changed
        assert "started" in answer.message and LATE not in members(final) and LATE not in final.signups
    else:  # answered "joined": in the event, and paired
        assert LATE in members(final) and LATE in paired(final), (answer, final.entrants)


@pytest.mark.parametrize("processes", [1, 2])
async def test_a_leave_at_the_moment_of_start_is_out_of_the_event_or_refused(opener: Opener, processes: int) -> None:
    first, second = await two(opener, processes)
    event = await signed_up(first, PLAYERS)
    left = asyncio.Event()
    pause_first_call(first.store.tournaments, "ratings_for", left)
    _, answer = await asyncio.gather(first.start(event.id, ORGANISER, organiser=True),
                                     answered(second.leave(event.id, PLAYERS[3]), left))
    final = await first.get(event.id)
    assert final.status == "running"
    if isinstance(answer, Refusal):  # refused: still in, and paired
        assert "started" in answer.message and PLAYERS[3] in members(final) and PLAYERS[3] in paired(final)
    else:  # answered "left": not in the event, not paired in round 1
        assert PLAYERS[3] not in members(final) and PLAYERS[3] not in paired(final), final.tables


@pytest.mark.parametrize("processes", [1, 2])
async def test_a_drop_at_the_moment_the_next_round_is_paired_is_honoured(opener: Opener, processes: int) -> None:
    """Round 1's last result pairs round 2 while a player of a finished table drops. Either the drop comes first
    (they are not paired) or after the pairing (their new match is resigned); never "you left" and still playing."""
    first, second = await two(opener, processes)
    event = await signed_up(first, PLAYERS, rounds=2)
    event = await first.start(event.id, ORGANISER, organiser=True)
    done_table, last_table = event.round_tables()
    assert done_table.match_id is not None and last_table.match_id is not None
    dropper = event.entrant(done_table.entrants[0]).members[0]
    await first.matches.resign(done_table.match_id, event.entrant(done_table.entrants[1]).members[0])
    # The worst order: round 2 is paired from entrants read before the drop, and written after it.
    paired_round, dropped = asyncio.Event(), asyncio.Event()
    meet(first.store.tournaments, "add_round", ready=dropped, done=asyncio.Event())
    real_add_round = first.store.tournaments.add_round

    async def add_round(*args: Any, **kwargs: Any) -> Any:
        paired_round.set()
        return await real_add_round(*args, **kwargs)

    first.store.tournaments.add_round = add_round  # type: ignore[method-assign]
    meet(second.store.tournaments, "drop_entrant", ready=paired_round, done=dropped)
    loser = event.entrant(last_table.entrants[0]).members[0]
    _, (after, resigned) = await asyncio.gather(first.matches.resign(last_table.match_id, loser),
                                                second.drop(event.id, dropper))
    await asyncio.sleep(0.1)  # a resignation's own listeners (the next result) finish
    final = await first.get(event.id)
    entrant = final.entrant_of(dropper)
    assert entrant is not None and entrant.dropped_after is not None, "the drop was answered but not recorded"
    running = [m.id for m in await first.matches.matches_for(dropper, ("active",))]
    assert running == [], f"dropped after round {entrant.dropped_after} but still playing {running}"
    later = [t for t in final.tables if t.round > entrant.dropped_after and entrant.entrant in t.entrants]
    assert later == [], f"dropped after round {entrant.dropped_after} but paired in round {later[0].round}"
    if entrant.dropped_after == 2:  # the drop landed after the pairing: the new match was resigned
        [table] = [t for t in final.round_tables(2) if entrant.entrant in t.entrants]
        assert table.points is not None and table.match_id is not None
        assert [t.match.id for t in resigned] == [table.match_id] or (await first.matches.get(table.match_id)) \
            .status == "finished"
    assert after.id == event.id
