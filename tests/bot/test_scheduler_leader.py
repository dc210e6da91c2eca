"""One scheduler leader across processes (two stores on one PostgreSQL database): only the leader acts on
deadlines; when it is gone (dead, stopped, or frozen with its connections open) the follower leads once the lease
lapses and acts on the next deadline, once; a frozen leader that wakes up acts on nothing."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio

from cogs.scheduler import COMPUTER_IDLE, Scheduler
from data import Lease, Store
from matches import Match, MatchService, Turn
from tests.matches.helpers import FakeClock

RENEW = 0.1  # seconds between renewals, instead of 2
LEASE = 0.5  # seconds a lease lasts unrenewed, instead of 6: the tests wait a few
LOOK = 0.2  # the leader's look at the deadlines, instead of 5


class Posts:
    """The scheduler's Discord side without Discord: it does the service's part and notes the matches it would post
    about (as cogs/tables.py: only when the service says this call did something)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.timed_out: list[int] = []
        self.gate: asyncio.Event | None = None  # set: a frozen process, waiting here before it acts
        self.frozen_with: list[int] = []  # matches it held, frozen, when about to act

    async def time_out(self, match: Match, *, fence: Lease | None = None) -> None:
        if self.gate is not None:
            self.frozen_with.append(match.id)
            await self.gate.wait()
        if await self.service.timeout(match.id, fence=fence) is not None:
            self.timed_out.append(match.id)

    async def remind(self, match: Match, *, fence: Lease | None = None) -> None:
        await self.service.mark_reminded(match, fence=fence)

    async def expire(self, match: Match, *, fence: Lease | None = None) -> None:
        await self.service.expire_lobby(match.id, fence=fence)

    async def post_turn(self, turn: Turn) -> None:  # only tournaments post turns: none here
        raise AssertionError("no tournament here")


class Process:
    """What one bot process has for its scheduler: a store of its own, a service and a scheduler."""

    def __init__(self, store: Store, clock: FakeClock) -> None:
        self.store = store
        self.service = MatchService(store, rng=random.Random(1), clock=clock)
        self.posts = Posts(self.service)
        self.ticks = 0  # how often this process's scheduler looked for due work
        looked = self.service.due

        async def due() -> list[tuple[str, Match]]:
            self.ticks += 1
            return await looked()

        self.service.due = due
        self.scheduler = Scheduler(self.service, self.posts)


@pytest_asyncio.fixture
async def processes(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Process, Process]]:
    monkeypatch.setattr("cogs.scheduler.RENEW", RENEW)
    monkeypatch.setattr("cogs.scheduler.LEASE", LEASE)
    monkeypatch.setattr("cogs.scheduler.LOOK", LOOK)
    monkeypatch.setattr("cogs.scheduler.MIN_SLEEP", 0.02)
    clock = FakeClock()
    one = Process(await Store.open(postgres_url), clock)
    two = Process(await Store.open(postgres_url), clock)
    yield one, two
    for process in (one, two):
        await process.scheduler.stop()
        await process.store.close()


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not within the time allowed")


async def late_match(service: MatchService, creator: int) -> Match:
    """A started match with an hour per move, and the clock moved past its deadline."""
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=creator, players=2, time_control=3600)
    await service.join(lobby.id, creator + 1)
    match = (await service.start(lobby.id, creator)).match
    service.core.clock.now += 3601  # type: ignore[attr-defined]
    return match


async def test_only_the_leader_acts_and_the_follower_takes_over(processes: tuple[Process, Process],
                                                               caplog: pytest.LogCaptureFixture) -> None:
    one, two = processes
    with caplog.at_level(logging.INFO, logger="cogs.scheduler"):
        one.scheduler.start()
        await until(lambda: one.scheduler.leading is True)
        two.scheduler.start()
        await until(lambda: two.scheduler.leading is False)
        first = await late_match(one.service, 100)
        await until(lambda: first.id in one.posts.timed_out)
        await asyncio.sleep(3 * LEASE)  # the follower has asked several times meanwhile
        assert two.posts.timed_out == [] and two.scheduler.leading is False
        assert two.ticks == 0 and one.ticks >= 3  # the follower never even looked; the leader looks every LOOK
        assert (await two.store.get_match(first.id)).overdue  # type: ignore[union-attr]

        # The leader dies: its tasks end and its connections close without handing over; the lease lapses.
        for task in (one.scheduler._task, one.scheduler._renewer):
            assert task is not None
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        one.scheduler._task = one.scheduler._renewer = None
        one.scheduler.leading = None
        one.store.db._pool.terminate()  # type: ignore[attr-defined]
        one.store.db._drop_lead()  # type: ignore[attr-defined]
        await until(lambda: two.scheduler.leading is True, seconds=LEASE + 3 * RENEW + 2)
        second = await late_match(two.service, 300)
        await until(lambda: second.id in two.posts.timed_out)
    assert one.posts.timed_out == [first.id] and two.posts.timed_out == [second.id]
    changes = [r.getMessage() for r in caplog.records if r.name == "cogs.scheduler"]
    assert sum("this process leads" in m for m in changes) == 2, changes  # once each, not every tick
    assert sum("another process leads" in m for m in changes) == 1, changes


async def test_a_stopped_leader_hands_over_at_once(processes: tuple[Process, Process]) -> None:
    one, two = processes
    one.scheduler.start()
    await until(lambda: one.scheduler.leading is True)
    two.scheduler.start()
    await until(lambda: two.scheduler.leading is False)
    await one.scheduler.stop()  # resigns: no waiting for the lease to lapse
    await until(lambda: two.scheduler.leading is True, seconds=3 * RENEW + 2)
    match = await late_match(two.service, 500)
    await until(lambda: match.id in two.posts.timed_out)
    assert one.posts.timed_out == []
    assert two.ticks > 0


async def test_a_frozen_leader_loses_the_lead_and_acts_on_nothing_when_it_wakes(
        processes: tuple[Process, Process]) -> None:
    """SIGSTOP in one process: the leader freezes with a due deadline in hand and its connections open (its lease
    renewals wait too). The follower takes the lease once it lapses and handles the deadline; the old leader wakes
    up, acts on the deadline it held, and nothing happens twice."""
    one, two = processes
    one.scheduler.start()
    await until(lambda: one.scheduler.leading is True)
    two.scheduler.start()
    await until(lambda: two.scheduler.leading is False)
    gate = asyncio.Event()
    one.posts.gate = gate
    renew = one.store.lead

    async def frozen_renewal(name: str, ttl: float) -> Lease | None:
        if one.posts.frozen_with:  # the whole process is frozen once its tick is
            await gate.wait()
        return await renew(name, ttl)

    one.store.lead = frozen_renewal  # type: ignore[method-assign]
    match = await late_match(one.service, 900)
    await until(lambda: one.posts.frozen_with == [match.id])  # frozen about to act on it
    frozen_at = asyncio.get_running_loop().time()
    await until(lambda: match.id in two.posts.timed_out, seconds=LEASE + 5 * RENEW + 2)
    took = asyncio.get_running_loop().time() - frozen_at
    assert took < LEASE + 4 * RENEW + 1, took  # the lease lapsed; the follower asked within RENEW and acted
    gate.set()  # wakes up, late, with the match in hand
    await until(lambda: one.scheduler.leading is False)
    await asyncio.sleep(3 * LOOK)
    assert two.posts.timed_out == [match.id] and one.posts.timed_out == []  # handled once, by the new leader
    record = await one.store.get_match(match.id)
    assert record is not None and record.overdue and record.status == "active"


async def test_the_leader_takes_over_a_computer_turn_only_once_it_was_left(processes: tuple[Process, Process]) -> None:
    """Process two began a computer's turn and died while it thought: the leader waits COMPUTER_IDLE (the process
    may still be thinking, on the move it would otherwise think twice), then plays it."""
    one, two = processes
    one.scheduler.start()
    await until(lambda: one.scheduler.leading is True)
    service = two.service
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=700, players=2)
    await service.add_computer(lobby.id, 700, "easy")
    match = (await service.start(lobby.id, 700)).match
    if not service.computers_to_act(match):  # the person moves first: then it is the computer's turn
        match = (await service.act(match.id, 700, (await service.legal_texts(match.id, 700))[0])).match
    await service.stop_computers()  # process two dies with its computer thinking: the turn is left
    left = match.record.version

    async def version() -> int:
        record = await one.store.get_match(match.id)
        assert record is not None
        return record.version

    await asyncio.sleep(3 * LEASE)  # the leader looked several times meanwhile
    assert one.ticks >= 3 and await version() == left and match.id not in one.service.computers.thinking  # not woken
    one.service.core.clock.now += COMPUTER_IDLE + 1  # type: ignore[attr-defined]
    for _ in range(500):
        if await version() > left:
            break
        await asyncio.sleep(0.02)
    assert await version() > left  # the leader's computer played the turn
