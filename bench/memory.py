"""Benchmark, run by hand: memory with N open, mostly idle matches in one process, and restart-to-ready time.

`.venv/bin/python bench/memory.py [--matches N] [--cache C] [--postgres]` copies real running matches (one per game,
a few moves in, made through the service) into a database N times, then in a fresh process: restart-to-ready
(Store.open with its checks, the service, resuming computer turns, the scheduler's first look at due work), then
every match loaded (`MatchService.get`) with an unbounded cache and again with a cache of C, RSS measured after each.
With --postgres the database is a throwaway PostgreSQL (tests/pg_server.start_cluster) instead of a SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

from data import Store
from matches import MatchService
from rules import GAMES
from settings import load_or_exit

MOVES = 8  # each template match is this many player moves in


def rss_mb() -> float:
    """Resident set size of this process, from /proc (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 1e6


async def templates(path: str | Path) -> list[int]:
    """One running match per game, a few moves in, with a far deadline (so nothing is due at the restart)."""
    store = await Store.open(path)
    service = MatchService(store, rng=random.Random(1))
    pick = random.Random(2)
    ids = []
    for i, name in enumerate(sorted(GAMES)):
        match = await service.create(name, guild_id=1, channel_id=2, creator_id=100 + 10 * i, players=2,
                                     time_control=7 * 24 * 3600)
        await service.join(match.id, 101 + 10 * i)
        match = (await service.start(match.id, 100 + 10 * i)).match
        for _ in range(MOVES):
            if match.outcome() is not None:
                break
            user = match.user_at(match.actors()[0])
            match = (await service.act(match.id, user, pick.choice(await service.legal_texts(match.id, user)))).match
        ids.append(match.id)
    await store.close()
    return ids


def copy_matches(path: Path, template_ids: list[int], total: int) -> None:
    """Copy the templates' rows (match, seats, log) until there are `total` matches, in one transaction."""
    conn = sqlite3.connect(path)
    cols = [r[1] for r in conn.execute("PRAGMA table_info(matches)") if r[1] != "id"]
    names = ", ".join(cols)
    with conn:
        for new_id in range(max(template_ids) + 1, total + 1):
            t = template_ids[new_id % len(template_ids)]
            conn.execute(f"INSERT INTO matches (id, {names}) SELECT ?, {names} FROM matches WHERE id = ?", (new_id, t))
            conn.execute("INSERT INTO seats (match_id, seat, user_id, invited, joined) "
                         "SELECT ?, seat, user_id + ?, invited, joined FROM seats WHERE match_id = ?",
                         (new_id, 1000 * new_id, t))
            conn.execute("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                         "SELECT ?, n, seat, user_id, text, created_at FROM actions WHERE match_id = ?", (new_id, t))
    conn.close()


async def copy_matches_postgres(url: str, template_ids: list[int], total: int) -> None:
    """`copy_matches` on PostgreSQL: the same rows, set-wise (generate_series), then the id sequence moved on."""
    conn = await asyncpg.connect(url)
    try:
        cols = [r[0] for r in await conn.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = 'matches' AND column_name <> 'id' ORDER BY ordinal_position")]
        names, picked = ", ".join(cols), ", ".join(f"t.{c}" for c in cols)
        template = "JOIN matches t ON t.id = ($3::bigint[])[g % $4 + 1]"  # as copy_matches: id % templates
        first, args = max(template_ids) + 1, (template_ids, len(template_ids))
        async with conn.transaction():
            await conn.execute(f"INSERT INTO matches (id, {names}) OVERRIDING SYSTEM VALUE SELECT g, {picked} "
                               f"FROM generate_series($1::bigint, $2::bigint) g {template}", first, total, *args)
            await conn.execute("INSERT INTO seats (match_id, seat, user_id, invited, joined) "
                               "SELECT g, s.seat, s.user_id + 1000 * g, s.invited, s.joined "
                               f"FROM generate_series($1::bigint, $2::bigint) g {template} "
                               "JOIN seats s ON s.match_id = t.id", first, total, *args)
            await conn.execute("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                               "SELECT g, a.n, a.seat, a.user_id, a.text, a.created_at "
                               f"FROM generate_series($1::bigint, $2::bigint) g {template} "
                               "JOIN actions a ON a.match_id = t.id", first, total, *args)
            await conn.execute("SELECT setval(pg_get_serial_sequence('matches', 'id'), $1::bigint)", total)
        await conn.execute("ANALYZE")
        size = await conn.fetchval("SELECT pg_database_size(current_database())")
    finally:
        await conn.close()
    print(f"{total} running matches (5 games, {MOVES} moves in): PostgreSQL database {size / 1e6:.1f} MB", flush=True)


async def ready(path: str | Path, cache: int | None) -> tuple[Store, MatchService, float]:
    """What a restart does before the bot serves: open (quick_check, migrations, a write), the service, resume
    computer turns, the scheduler's first look at what is due."""
    start = time.perf_counter()
    store = await Store.open(path)
    service = MatchService(store, cache_size=cache)
    await service.resume_computers()
    assert await service.due() == []
    return store, service, time.perf_counter() - start


async def load_all(service: MatchService, total: int) -> float:
    start = time.perf_counter()
    for match_id in range(1, total + 1):
        await service.get(match_id)
    return time.perf_counter() - start


async def measure(path: str | Path, matches: int, cache: int) -> None:
    """One fresh process: restart to ready, then every match loaded through a cache of `cache`."""
    gc.collect()
    base = rss_mb()
    store, service, took = await ready(path, cache)
    loaded = await load_all(service, matches)
    gc.collect()
    grown = rss_mb() - base
    checks = "PostgreSQL migrations checked" if str(path).startswith("postgresql://") else "open with quick_check"
    cached = service.core.cache
    print(f"cache {cache}: restart to ready {took * 1000:.0f} ms ({checks}, resume computers, first "
          f"due); all {matches} loaded in {loaded:.1f} s, {len(cached)} kept, "
          f"{cached.evictions} evicted; RSS +{grown:.0f} MB ({grown * 1e3 / matches:.2f} kB per match asked, "
          f"{grown * 1e3 / max(len(cached), 1):.2f} kB per match kept)", flush=True)
    await store.close()


async def main() -> None:
    load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--cache", type=int, default=10_000)
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL instead of SQLite")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # a database already built: one measurement
    args = parser.parse_args()
    if args.measure:
        await measure(args.measure, args.matches, args.cache)
        return
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if args.postgres:
            from tests.pg_server import start_cluster  # the bench's own server; tests/ is beside bench/

            path: str | Path = stack.enter_context(start_cluster()).create_database()
            ids = await templates(path)
            await copy_matches_postgres(str(path), ids, args.matches)
        else:
            path = Path(tmp) / "bench.sqlite3"
            ids = await templates(path)
            copy_matches(path, ids, args.matches)
            print(f"{args.matches} running matches (5 games, {MOVES} moves in): database "
                  f"{path.stat().st_size / 1e6:.1f} MB", flush=True)
        for cache in (args.matches, args.cache):  # each in a fresh process: freed memory stays with a process
            subprocess.run([sys.executable, __file__, "--measure", str(path), "--matches", str(args.matches),
                            "--cache", str(cache)], check=True)


if __name__ == "__main__":
    asyncio.run(main())
