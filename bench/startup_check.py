"""Benchmark, run by hand: how long the start-up checks of `Store.open` take on a large database.

`.venv/bin/python bench/startup_check.py [--matches N] [--moves M]` builds a database of N finished matches of M
log lines each (through the store's own schema), then times `Store.open` (PRAGMA quick_check, the real write)
against a bare connect.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import Store
from settings import load_or_exit


async def build(path: Path, matches: int, moves: int) -> None:
    store = await Store.open(path)  # the schema, migrated
    await store.close()
    state = json.dumps({"board": ["." * 9] * 9, "note": "x" * 400})  # a typical snapshot's size
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO matches (id, game, guild_id, channel_id, creator_id, status, players, options, state, "
            "version, created_at, updated_at) VALUES (?, 'cintos', 1, 2, 3, 'finished', 2, '{}', ?, ?, 0, 0)",
            [(m, state, moves) for m in range(1, matches + 1)])
        conn.executemany("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                         "VALUES (?, ?, 0, 3, 'a1-b2 c3', 0)",
                         ((m, n) for m in range(1, matches + 1) for n in range(1, moves + 1)))
    conn.close()


async def timed_open(path: Path) -> float:
    start = time.perf_counter()
    store = await Store.open(path)
    elapsed = time.perf_counter() - start
    await store.close()
    return elapsed


async def main() -> None:
    load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        await build(path, args.matches, args.moves)
        size = path.stat().st_size
        times = [await timed_open(path) for _ in range(3)]
        start = time.perf_counter()
        sqlite3.connect(path).execute("SELECT count(*) FROM matches").fetchone()
        bare = time.perf_counter() - start
    print(f"{args.matches} matches x {args.moves} moves: {size / 1e6:.1f} MB; Store.open with checks "
          f"{min(times) * 1000:.0f} ms (best of 3, worst {max(times) * 1000:.0f} ms); bare connect+count "
          f"{bare * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
