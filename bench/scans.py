"""Benchmark, run by hand: the scheduler's look at 100,000 open matches, before and after the partial indexes.

`.venv/bin/python bench/scans.py [--repeats N]` fills two databases per backend (SQLite files, a throwaway
PostgreSQL) with the open matches of tests/data/test_scheduler_scans.py: one at schema 8 asked the statements used
before issue 26, one at schema 9 asked through the store. Then, alternating old and new, it times each of the four
statements the scheduler runs per look (due work, next due time, computer turns, unstarted tournament matches) and
prints p50/p99 per statement and for the whole look.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import percentile
from data import Store, migrations
from tests.data.test_scheduler_scans import NOW, fill
from tests.pg_server import start_cluster

# The statements of data/store.py and data/tournaments.py before issue 26 (schema 8).
OLD = {
    "due work": (
        "SELECT id FROM matches WHERE (status = 'lobby' AND expires_at IS NOT NULL AND expires_at <= ?) OR "
        "(status = 'active' AND deadline IS NOT NULL AND overdue = 0 AND "
        " (deadline <= ? OR (reminders = 0 AND turn_started + (deadline - turn_started) * 0.5 <= ?) "
        "  OR (reminders = 1 AND turn_started + (deadline - turn_started) * 0.9 <= ?))) ORDER BY id",
        (NOW, NOW, NOW, NOW)),
    "next due": (
        "SELECT MIN(t) FROM (SELECT expires_at AS t FROM matches WHERE status = 'lobby' AND expires_at IS NOT NULL "
        "UNION ALL SELECT CASE reminders WHEN 0 THEN turn_started + (deadline - turn_started) * 0.5 "
        "  WHEN 1 THEN turn_started + (deadline - turn_started) * 0.9 ELSE deadline END "
        "FROM matches WHERE status = 'active' AND deadline IS NOT NULL AND overdue = 0) AS due", ()),
    "computer turns": (
        "SELECT DISTINCT s.match_id FROM seats s JOIN matches m ON m.id = s.match_id "
        "WHERE s.user_id < 0 AND m.status = 'active' ORDER BY s.match_id", ()),
    "unstarted tournament": (
        "SELECT m.id FROM tournament_games g JOIN matches m ON m.id = g.match_id "
        "JOIN tournaments t ON t.id = g.tournament_id WHERE g.points IS NULL AND m.status = 'active' "
        "AND m.overdue = 1 AND t.status IN ('running', 'paused') AND NOT EXISTS "
        "(SELECT 1 FROM actions a WHERE a.match_id = m.id AND a.user_id IS NOT NULL) ORDER BY m.id", ()),
}


def new_looks(store: Store) -> dict[str, Callable[[], Awaitable[Any]]]:
    return {"due work": lambda: store.due_matches(NOW), "next due": store.next_due,
            "computer turns": lambda: store.computer_matches(begun_before=NOW - 60),
            "unstarted tournament": store.tournaments.unstarted_overdue}


def old_looks(store: Store) -> dict[str, Callable[[], Awaitable[Any]]]:
    db = store.db

    def look(sql: str, params: tuple[Any, ...]) -> Callable[[], Awaitable[Any]]:
        return lambda: db.fetchall(sql, params)

    return {name: look(sql, params) for name, (sql, params) in OLD.items()}


async def opened(target: str, schema: int) -> Store:
    with mock.patch.object(migrations, "MIGRATIONS", migrations.MIGRATIONS[:schema]):
        store = await Store.open(target)
    await fill(store, computer_turn=schema >= 9)
    return store


async def compare(backend: str, old_target: str, new_target: str, repeats: int) -> None:
    old, new = await opened(old_target, 8), await opened(new_target, 9)
    try:
        sides = {"before (schema 8)": old_looks(old), "now (schema 9)": new_looks(new)}
        names = [*OLD, "whole look"]
        times: dict[str, dict[str, list[float]]] = {side: {name: [] for name in names} for side in sides}
        for _ in range(repeats):
            for side, looks in sides.items():  # alternated: both see the same machine
                whole = 0.0
                for name, look in looks.items():
                    start = time.perf_counter()
                    await look()
                    took = time.perf_counter() - start
                    times[side][name].append(took)
                    whole += took
                times[side]["whole look"].append(whole)
        for side, by_name in times.items():
            for name, values in by_name.items():
                print(f"{backend:<10} {side:<18} {name:<21} p50 {percentile(values, 0.5) * 1e3:7.2f} ms  "
                      f"p99 {percentile(values, 0.99) * 1e3:7.2f} ms", flush=True)
    finally:
        await old.close()
        await new.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        await compare("SQLite", str(Path(tmp) / "old.sqlite3"), str(Path(tmp) / "new.sqlite3"), args.repeats)
    with start_cluster() as cluster:
        await compare("PostgreSQL", cluster.create_database(), cluster.create_database(), args.repeats)


if __name__ == "__main__":
    asyncio.run(main())
