"""The per-turn path reads no whole match log: a move costs the same at line 300 as at line 3."""

from __future__ import annotations

import random
from pathlib import Path

import pytest_asyncio

from data import Store
from matches import MatchService

ADA, BOB = 11, 22
MOVES = 300


@pytest_asyncio.fixture
async def service(tmp_path: Path):
    store = await Store.open(tmp_path / "t.sqlite3")
    yield MatchService(store, rng=random.Random(3))
    await store.close()


def count_log_rows(store: Store) -> list[int]:
    """Wrap `store.log` so every row it returns is counted (the whole-log read a turn must not make)."""
    rows = [0]
    original = store.log

    async def counted(match_id: int, **kwargs):
        entries = await original(match_id, **kwargs)
        rows[0] += len(entries)
        return entries

    store.log = counted  # type: ignore[method-assign]
    return rows


async def test_a_long_match_reads_no_whole_log_per_turn(service: MatchService) -> None:
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ADA)).match
    rows = count_log_rows(service.store)
    pick = random.Random(5)
    aborts = []
    for _ in range(MOVES):
        assert match.outcome() is None, "cintos under random play should outlast the test"
        user = match.user_at(match.actors()[0])
        match = (await service.act(match.id, user, pick.choice(await service.legal_texts(match.id, user)))).match
        aborts.append(await service.can_abort(match))  # what every posted board asks (cogs/tables.py post_turn)
        await service.due()  # the scheduler's look
    assert aborts[0] is True and not any(aborts[1:])  # abortable until both seats have moved, then never
    assert rows[0] == 0, f"the per-turn path read {rows[0]} log rows over {MOVES} moves"


async def test_can_abort_after_a_reload(service: MatchService, tmp_path: Path) -> None:
    """The seats that moved are known again after a restart (a fresh service over the same store)."""
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ADA)).match
    user = match.user_at(match.actors()[0])
    await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
    fresh = MatchService(service.store)
    assert await fresh.can_abort(await fresh.get(match.id))
    other = match.user_at(match.actors()[0])
    await fresh.act(match.id, other, (await fresh.legal_texts(match.id, other))[0])
    assert not await fresh.can_abort(await fresh.get(match.id))
    assert not await MatchService(service.store).can_abort(await MatchService(service.store).get(match.id))


async def test_the_scheduler_reads_a_due_match_once(tmp_path: Path) -> None:
    """A due match not in the cache is loaded once by `due()`, not loaded and then reloaded."""
    store = await Store.open(tmp_path / "due.sqlite3")
    try:
        now = [1000.0]
        service = MatchService(store, rng=random.Random(3), clock=lambda: now[0])
        match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, time_control=60)
        await service.join(match.id, BOB)
        await service.start(match.id, ADA)
        now[0] += 59  # past the reminders, before the deadline
        reads = [0]
        original = store.load_match

        async def counted(match_id: int):
            reads[0] += 1
            return await original(match_id)

        store.load_match = counted  # type: ignore[method-assign]
        fresh = MatchService(store, clock=lambda: now[0])  # a restart: nothing cached
        work = await fresh.due()
        assert [(kind, m.id) for kind, m in work] == [("remind", match.id)]
        assert reads[0] == 1, f"a due match was read {reads[0]} times"
        assert (await fresh.due())[0][1] is work[0][1]  # cached now, and still current: no read at all
        assert reads[0] == 1
    finally:
        await store.close()
