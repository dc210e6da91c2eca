"""Leadership is a lease on PostgreSQL: a row with an expiry time in the database's clock, renewed by its holder.
A holder that stops renewing (frozen, cut off) loses it once it expires, even with its connections open; each new
holder gets a higher epoch, and a write fenced with an old epoch changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from data import Fenced, Store

TTL = 0.6  # seconds a lease lasts unless renewed: the tests wait a few


@pytest_asyncio.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[Store, Store]]:
    first, second = await Store.open(postgres_url), await Store.open(postgres_url)
    yield first, second
    await first.close()
    await second.close()


async def started(store: Store) -> int:
    match = await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3, players=2, options={},
                                     now=1.0, time_control=60)
    await store.append(match.id, expected_version=0, expected_status="lobby", entries=[], state={}, status="active",
                       outcome=None, now=2.0, seats=[3, 4], deadline=62.0)
    return match.id


async def expired(store: Store, name: str) -> None:
    """Wait until `store` can take the lease `name` (its holder stopped renewing)."""
    for _ in range(int(5 * TTL / 0.05)):
        if await store.lead(name, TTL) is not None:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the lease {name!r} never expired")


async def test_one_holder_at_a_time_and_a_new_epoch_for_each(two: tuple[Store, Store]) -> None:
    first, second = two
    lease = await first.lead("scheduler", TTL)
    assert lease is not None
    assert await first.lead("scheduler", TTL) == lease  # renewed: the same tenure, the same epoch
    assert await second.lead("scheduler", TTL) is None
    assert await second.lead("digest", TTL) is not None  # another name is another lease
    for _ in range(4):  # renewed in time, it is kept for as long as its holder renews
        await asyncio.sleep(TTL / 3)
        assert await first.lead("scheduler", TTL) == lease
        assert await second.lead("scheduler", TTL) is None
    await expired(second, "scheduler")  # first stopped renewing: it lapses, with first's connections still open
    taken = await second.lead("scheduler", TTL)
    assert taken is not None and taken.epoch == lease.epoch + 1
    assert await first.lead("scheduler", TTL) is None  # it wakes up: no longer the holder


async def test_resigning_and_closing_hand_over_at_once(two: tuple[Store, Store], postgres_url: str) -> None:
    first, second = two
    lease = await first.lead("scheduler", 60.0)  # long: only resigning can hand it over within the test
    assert lease is not None and await second.lead("scheduler", 60.0) is None
    await first.resign_lead("scheduler")
    taken = await second.lead("scheduler", 60.0)
    assert taken is not None and taken.epoch == lease.epoch + 1
    await second.close()  # closing gives up every lease held
    third = await Store.open(postgres_url)
    try:
        again = await third.lead("scheduler", 60.0)
        assert again is not None and again.epoch == taken.epoch + 1
    finally:
        await third.close()


async def test_a_write_fenced_with_an_old_epoch_changes_nothing(two: tuple[Store, Store]) -> None:
    first, second = two
    match_id = await started(first)
    old = await first.lead("scheduler", TTL)
    assert old is not None
    assert await first.set_reminders(match_id, version=0, count=1, fence=old)  # while it holds the lease: written
    await expired(second, "scheduler")
    new = await second.lead("scheduler", TTL)
    assert new is not None
    before = await first.get_match(match_id)
    with pytest.raises(Fenced):  # the old leader wakes up and acts on a deadline: refused, whatever it saw
        await first.set_reminders(match_id, version=0, count=2, fence=old)
    with pytest.raises(Fenced):
        await first.update_match(match_id, expected_version=0, overdue=True, fence=old)
    with pytest.raises(Fenced):
        await first.append(match_id, expected_version=0, expected_status="active", entries=[(0, None, "timeout")],
                           state={}, status="finished", outcome={}, now=70.0, fence=old)
    assert await first.get_match(match_id) == before and await first.log(match_id) == []
    assert await second.update_match(match_id, expected_version=0, overdue=True, fence=new)  # the new leader may
    assert (await second.append(match_id, expected_version=0, expected_status="active",
                                entries=[(0, None, "timeout")], state={}, status="finished", outcome={}, now=70.0,
                                fence=new)).version == 1


async def test_a_lost_lease_connection_keeps_the_lease(two: tuple[Store, Store], postgres_url: str) -> None:
    """The lease lives in a row, not in a session: a connection cut costs nothing while the holder renews."""
    first, second = two
    lease = await first.lead("scheduler", 30.0)
    assert lease is not None
    connection = first.db._lead  # type: ignore[attr-defined]
    admin = await asyncpg.connect(postgres_url)
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", connection.get_server_pid())
    finally:
        await admin.close()
    renewed = None
    for _ in range(20):  # the first try may find the dead connection; the next connects again
        renewed = await first.lead("scheduler", 30.0)
        if renewed is not None:
            break
        await asyncio.sleep(0.05)
    assert renewed == lease
    assert await second.lead("scheduler", 30.0) is None


async def test_sqlite_always_leads(tmp_path: Path) -> None:
    """One process owns a SQLite file: it leads, and fenced writes are plain writes."""
    store = await Store.open(tmp_path / "a.sqlite3")
    try:
        lease = await store.lead("scheduler", TTL)
        assert lease is not None and await store.lead("scheduler", TTL) == lease
        match_id = await started(store)
        assert await store.set_reminders(match_id, version=0, count=1, fence=lease)
        await store.resign_lead("scheduler")
        assert await store.lead("scheduler", TTL) is not None
    finally:
        await store.close()
