"""The bounded match cache: idle matches are evicted least recently used first and reloaded on demand, with play
unchanged; a match whose lock is held or awaited, or that a computer task is playing, is never evicted."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest_asyncio

from data import Store
from matches import MatchService


@pytest_asyncio.fixture
async def store(tmp_path: Path):
    store = await Store.open(tmp_path / "cache.sqlite3")
    yield store
    await store.close()


async def started(service: MatchService, creator: int) -> int:
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=creator, players=2)
    await service.join(match.id, creator + 1)
    return (await service.start(match.id, creator)).match.id


async def test_round_robin_play_through_a_tiny_cache(store: Store) -> None:
    service = MatchService(store, rng=random.Random(1), cache_size=3)
    ids = [await started(service, 100 + 10 * i) for i in range(12)]
    pick = random.Random(4)
    versions = {i: (await service.get(i)).record.version for i in ids}
    for _ in range(15):
        for match_id in ids:
            match = await service.get(match_id)
            user = match.user_at(match.actors()[0])
            turn = await service.act(match_id, user, pick.choice(await service.legal_texts(match_id, user)))
            assert turn.match.record.version == versions[match_id] + len(turn.events)  # no stale reload
            versions[match_id] = turn.match.record.version
            assert len(service.core.cache) <= 3
    assert service.core.cache.evictions > 12 * 14  # nearly every turn found its match evicted
    for match_id in ids:
        match = await service.get(match_id)
        assert match.record.version == versions[match_id] == len(await store.log(match_id))
        assert match.game.to_json(await service.replay(match_id)) == match.game.to_json(match.state)
        assert match.record.state == match.game.to_json(match.state)


async def test_least_recently_used_goes_first(store: Store) -> None:
    service = MatchService(store, rng=random.Random(1), cache_size=2)
    a, b = await started(service, 100), await started(service, 200)
    await service.get(a)  # a is now the most recently used
    await started(service, 300)
    assert a in service.core.cache and b not in service.core.cache


async def test_a_match_in_use_is_never_evicted(store: Store) -> None:
    service = MatchService(store, rng=random.Random(1), cache_size=2)
    held, awaited, played = [await started(service, 100 + 10 * i) for i in range(3)]
    others = [await started(service, 1000 + 10 * i) for i in range(6)]
    loaded = [await service.core.load(other) for other in others]
    held_match = await service.get(held)
    await held_match.lock.acquire()
    awaited_match = await service.get(awaited)
    await awaited_match.lock.acquire()
    waiter = asyncio.create_task(awaited_match.lock.acquire())  # a request queued behind the holder
    await asyncio.sleep(0)
    awaited_match.lock.release()  # handed over: unlocked until the waiter's next step, but still awaited
    for match in loaded:  # loads finishing in that very step (no await in between)
        service.core.cache[match.id] = match
    assert service.core.cache.get(awaited) is awaited_match
    pending = asyncio.get_running_loop().create_future()
    played_match = await service.get(played)
    service.computers.thinking[played] = asyncio.create_task(asyncio.wait_for(pending, 5))  # a computer task playing it
    for other in others:
        await service.get(other)
    assert await service.get(held) is held_match  # the very same object: no second copy of a match in use
    assert await service.get(awaited) is awaited_match
    assert await service.get(played) is played_match
    await waiter
    awaited_match.lock.release()
    held_match.lock.release()
    pending.set_result(None)
    await service.computers.thinking.pop(played)
    for other in others:  # once idle, they go like any other
        await service.get(other)
    assert held not in service.core.cache and played not in service.core.cache and len(service.core.cache) == 2
