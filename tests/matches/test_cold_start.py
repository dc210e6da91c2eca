"""After a restart nothing is cached: first requests for different matches load side by side (no service-wide lock),
and simultaneous first requests for one match load it once, into one object."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from data import Store
from matches import MatchService
from matches.model import Match

READ = 0.05  # seconds each slowed match read takes: a database under load


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "cold.sqlite3")
    yield opened
    await opened.close()


async def started(service: MatchService, creator: int) -> int:
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=creator, players=2)
    await service.join(match.id, creator + 1)
    return (await service.start(match.id, creator)).match.id


class SlowReads:
    """Wraps `store.load_match` (a match and its seats): each read waits READ seconds and is counted, with how many
    ran at once."""

    def __init__(self, store: Store) -> None:
        self.reads: list[int] = []
        self.running = 0
        self.most = 0
        original = store.load_match

        async def slow(match_id: int):
            self.reads.append(match_id)
            self.running += 1
            self.most = max(self.most, self.running)
            try:
                await asyncio.sleep(READ)
                return await original(match_id)
            finally:
                self.running -= 1

        store.load_match = slow  # type: ignore[method-assign]


async def test_first_requests_for_different_matches_load_side_by_side(store: Store) -> None:
    ids = [await started(MatchService(store, rng=random.Random(1)), 100 + 10 * i) for i in range(20)]
    restarted = MatchService(store)  # nothing cached, as after a restart
    reads = SlowReads(store)
    loaded = await asyncio.gather(*(restarted.get(i) for i in ids))
    assert [m.id for m in loaded] == ids
    assert sorted(reads.reads) == ids  # each read once
    # One lock for the whole service made these 20 reads wait one after another (most == 1).
    assert reads.most == len(ids), f"at most {reads.most} of {len(ids)} first reads ran at once"


async def test_simultaneous_first_requests_for_one_match_load_it_once(store: Store) -> None:
    match_id = await started(MatchService(store, rng=random.Random(1)), 100)
    restarted = MatchService(store)
    reads = SlowReads(store)
    loaded: list[Match] = await asyncio.gather(*(restarted.get(match_id) for _ in range(10)))
    assert reads.reads == [match_id]  # one read for ten requests
    assert all(m is loaded[0] for m in loaded)  # one object: its lock serialises every request for the match


async def test_a_cancelled_first_request_does_not_break_the_next(store: Store) -> None:
    match_id = await started(MatchService(store, rng=random.Random(1)), 100)
    restarted = MatchService(store)
    SlowReads(store)
    first = asyncio.create_task(restarted.get(match_id))
    await asyncio.sleep(READ / 5)
    first.cancel()  # the interaction gave up while its match was being read
    second = await restarted.get(match_id)
    assert second.id == match_id and await restarted.get(match_id) is second


async def test_a_missing_match_is_refused_to_every_waiter(store: Store) -> None:
    restarted = MatchService(store)
    SlowReads(store)
    results = await asyncio.gather(*(restarted.get(999) for _ in range(3)), return_exceptions=True)
    assert [str(r) for r in results] == ["There is no match #999."] * 3
    assert 999 not in restarted.core.cache
