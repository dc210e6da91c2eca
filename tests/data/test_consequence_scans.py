"""The sweep of what a match's end sets off (`Store.unsettled`, `Store.unposted`, asked by the scheduler's leader
every tick) reads only the matches that wait, through partial indexes, at 100,000 open and 20,000 settled matches
on both backends (the statements' plans, as tests/data/test_scheduler_scans.py checks the deadlines')."""

from __future__ import annotations

from data import Store
from tests.data import test_scheduler_scans as scans

PARTIAL = scans.PARTIAL | {"matches_unsettled", "matches_unposted"}
ENDED = 5_000  # finished matches, settled and posted, besides the open ones


async def test_the_sweep_reads_only_the_matches_that_wait(store: Store) -> None:
    await scans.fill(store)
    db = store.db
    numbers = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT i FROM n"
               if db.dialect == "sqlite" else "SELECT i FROM generate_series(1, ?::int) AS n(i)")
    await db.execute(
        "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, players, options, version, created_at, "
        "updated_at, state, settled, board_posted) "
        f"SELECT 'cintos', 1, 2, 3, 'finished', 2, '{{}}', 9, {scans.NOW}, {scans.NOW}, '{{}}', 1, 1 "
        f"FROM ({numbers}) AS numbers", (ENDED,))
    waiting = await db.insert(
        "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, players, options, version, created_at, "
        "updated_at, state) VALUES ('cintos', 1, 2, 3, 'finished', 2, '{}', 9, ?, ?, '{}')",
        (scans.NOW - 300, scans.NOW - 300))
    await db.execute("ANALYZE")
    recorded = scans.Recorded(store)
    try:
        unsettled = await store.unsettled(scans.NOW - 60, 100)
        unposted = await store.unposted(scans.NOW - 120, 100)
    finally:
        recorded.restore()
    assert unsettled == [waiting] and unposted == [waiting]
    assert len(recorded.statements) == 2
    for sql, params in recorded.statements:
        lines = await scans.plan(store, sql, params)
        bad = [line for line in scans.whole_scans(lines, store.backend)
               if not any(index in line for index in PARTIAL)]
        assert not bad, "\n".join([sql, *lines])
