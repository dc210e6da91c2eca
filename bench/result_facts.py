"""Benchmark, run by hand: migration 13 (the facts of every stored result, read from its log) on a SQLite database
of N finished matches of `LINES` log lines each, as a bot at schema 12 left it.

    .venv/bin/python bench/result_facts.py [N]
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import Store
from data.migrations import MIGRATIONS, sql_for

LINES = 60


def fill(path: Path, count: int) -> None:
    with sqlite3.connect(path) as conn:
        for steps in MIGRATIONS[:12]:
            for step in steps:
                if callable(step):
                    raise RuntimeError("the first 12 migrations are SQL: a Python step needs the Store")
                conn.execute(sql_for(step, "sqlite"))
        outcome = json.dumps({"winners": [0], "scores": None, "reason": "Blue resigned"})
        conn.executemany("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, outcome, "
                         "created_at, updated_at) VALUES (?, 'cintos', 1, 11, 'finished', 2, ?, ?, 1.0, 1.0)",
                         [(i, LINES, outcome) for i in range(1, count + 1)])
        conn.executemany("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                         "VALUES (?, ?, ?, ?, ?, 1.0)",
                         [(i, n, n % 2, 10 + n % 2, "resign" if n == LINES else "a1-a2")
                          for i in range(1, count + 1) for n in range(1, LINES + 1)])
        conn.execute("PRAGMA user_version=12")
    conn.close()


async def migrate(path: Path) -> float:
    start = time.perf_counter()
    store = await Store.open(path)
    took = time.perf_counter() - start
    await store.close()
    return took


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "v12.sqlite3"
        fill(path, count)
        took = asyncio.run(migrate(path))
    print(f"migration to schema {len(MIGRATIONS)} of {count} finished matches ({LINES} log lines each): {took:.2f} s "
          f"({took / count * 1e6:.0f} µs a match), open included")


if __name__ == "__main__":
    main()
