"""The match cache on a shared store (PostgreSQL, several processes): a copy another process changed is reloaded
before it is used (one revision read per request); on SQLite a cache hit reads nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from matches import Match, MatchService, Refusal

A, B = 100, 200  # the two players


@pytest_asyncio.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[MatchService, MatchService]]:
    """Two services, each on its own store, on one PostgreSQL database: two processes."""
    first, second = await Store.open(postgres_url), await Store.open(postgres_url)
    assert first.shared and second.shared
    yield MatchService(first, rng=random.Random(1)), MatchService(second, rng=random.Random(2))
    await first.close()
    await second.close()


async def started(service: MatchService) -> Match:
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=A, players=2)
    await service.join(lobby.id, B)
    return (await service.start(lobby.id, A)).match


async def move(service: MatchService, match_id: int) -> tuple[int, str]:
    """The player to move and a legal move of theirs, from this service's copy."""
    match = await service.get(match_id)
    user = match.user_at(match.actors()[0])
    return user, (await service.legal_texts(match_id, user))[0]


async def test_a_move_made_by_another_process_is_seen_by_the_next_get_and_act(
        two: tuple[MatchService, MatchService]) -> None:
    here, there = two
    match = await started(here)
    assert (await there.get(match.id)).record.version == match.record.version  # both copies cached now
    user, text = await move(there, match.id)
    played = await there.act(match.id, user, text)
    seen = await here.get(match.id)
    assert seen is match  # the same object, brought up to date: holders of it see the move too
    assert seen.record.version == played.match.record.version
    assert seen.game.to_json(seen.state) == played.match.game.to_json(played.match.state)
    # Now the other player moves here: on the stale copy it would be "not your turn" (or a stale write).
    user, text = await move(here, match.id)
    assert user != played.match.user_at(played.events[0].seat or 0)
    turn = await here.act(match.id, user, text)
    assert turn.match.record.version == len(await here.store.log(match.id))
    assert (await there.get(match.id)).record.version == turn.match.record.version


async def test_act_checks_inside_the_lock(two: tuple[MatchService, MatchService]) -> None:
    """Another process's move between this request's lookup and its lock: the request acts on the fresh copy."""
    here, there = two
    match = await started(here)
    await there.get(match.id)
    user, text = await move(there, match.id)
    async with match.lock:  # a request of this process holds the match while the other process moves
        await there.act(match.id, user, text)
        held = await asyncio.wait_for(here.get(match.id), timeout=20)  # never waits for the lock's holder
        assert held.record.version < len(await here.store.log(match.id))  # held: left as it is
    with pytest.raises(Refusal, match="not your turn"):
        await here.act(match.id, user, text)  # the mover already moved: judged on the fresh copy
    mover, reply = await move(here, match.id)
    assert (await here.act(match.id, mover, reply)).match.record.version == len(await here.store.log(match.id))


async def test_a_get_from_inside_a_commit_does_not_wait_for_itself(two: tuple[MatchService, MatchService]) -> None:
    here, there = two
    match = await started(here)
    seen: list[str] = []

    async def listener(ended: Match) -> None:  # called under the match's lock, after the commit
        seen.append((await here.get(ended.id)).status)

    here.on_finish.append(listener)
    await asyncio.wait_for(here.resign(match.id, A), timeout=20)
    assert seen == ["finished"]
    assert (await there.get(match.id)).status == "finished"


async def test_reads_per_request(two: tuple[MatchService, MatchService], monkeypatch: pytest.MonkeyPatch) -> None:
    """Unchanged: one revision read and no reload; changed elsewhere: one reload."""
    here, there = two
    match = await started(here)
    await here.get(match.id)  # own writes changed the revision: the first look reloads once
    reads = {"revision": 0, "load_match": 0}
    for name in reads:
        real = getattr(here.store, name)

        async def counted(*args: object, _real=real, _name=name) -> object:
            reads[_name] += 1
            return await _real(*args)

        monkeypatch.setattr(here.store, name, counted)
    for _ in range(3):
        await here.get(match.id)
    assert reads == {"revision": 3, "load_match": 0}
    user, text = await move(there, match.id)
    await there.act(match.id, user, text)
    await here.get(match.id)
    assert reads == {"revision": 4, "load_match": 1}


async def test_sqlite_cache_hits_read_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await Store.open(tmp_path / "one.sqlite3")
    try:
        assert not store.shared
        service = MatchService(store, rng=random.Random(1))
        match = await started(service)

        async def forbidden(*args: object) -> object:
            raise AssertionError("a cache hit on SQLite read the database")

        monkeypatch.setattr(store, "revision", forbidden)
        monkeypatch.setattr(store, "load_match", forbidden)
        assert await service.get(match.id) is match
        user, text = await move(service, match.id)
        await service.act(match.id, user, text)
    finally:
        await store.close()


async def test_a_deadline_handled_by_another_process_is_not_handled_again(
        two: tuple[MatchService, MatchService]) -> None:
    """Two scheduler leaders one after the other (the first froze, the second took over): the second marks the
    late player out of time (rule "claim"), and the first, waking up with its old copy, is told there is nothing to
    do (None), so the bot announces the deadline once."""
    here, there = two
    lobby = await here.create("cintos", guild_id=1, channel_id=2, creator_id=A, players=2, time_control=60)
    await here.join(lobby.id, B)
    match = (await here.start(lobby.id, A)).match
    stale = await there.get(match.id)  # the first leader's copy, from before the deadline
    assert not stale.record.overdue and match.record.deadline is not None
    for service in two:
        service.core.clock = lambda: (match.record.deadline or 0.0) + 1
    waiting = await here.timeout(match.id)
    assert waiting is not None and waiting.events == [] and match.record.overdue
    assert await there.timeout(match.id) is None
    assert stale.record.overdue  # reloaded: it saw the other's mark
