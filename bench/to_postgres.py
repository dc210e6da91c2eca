"""Benchmark, run by hand: the SQLite → PostgreSQL copier (`python -m data.to_postgres`) on a large database.

`.venv/bin/python bench/to_postgres.py [--matches N]` builds a SQLite file of N running matches (bench/memory.py's
templates: one per game, a few moves in, copied N times), then copies it into a throwaway PostgreSQL
(tests/pg_server.start_cluster, fsync on) and prints the time, rows per second and the sizes.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

from bench.memory import copy_matches, templates
from data.to_postgres import copy_database
from tests.pg_server import start_cluster


async def run(matches: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, start_cluster() as cluster:
        path = Path(tmp) / "big.sqlite3"
        copy_matches(path, await templates(path), matches)
        sqlite_mb = path.stat().st_size / 1e6
        url = cluster.create_database()
        start = time.perf_counter()
        copied = await copy_database(path, url)
        took = time.perf_counter() - start
        conn = await asyncpg.connect(url)
        size = await conn.fetchval("SELECT pg_database_size(current_database())")
        await conn.close()
    rows = sum(entry.rows for entry in copied)
    per_table = ", ".join(f"{entry.table} {entry.rows}" for entry in copied if entry.rows)
    print(f"{matches} matches, SQLite {sqlite_mb:.0f} MB → copied {rows} "
          f"rows in {took:.1f} s ({rows / took:,.0f} rows/s; schema, COPY, sequences, count checks, commit); "
          f"PostgreSQL database {size / 1e6:.0f} MB; {per_table}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20_000)
    asyncio.run(run(parser.parse_args().matches))


if __name__ == "__main__":
    main()
