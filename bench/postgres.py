"""Benchmark, run by hand: the match service on PostgreSQL against SQLite, and two processes on one PostgreSQL.

`.venv/bin/python bench/postgres.py [--moves N] [--seconds S] [--matches M]` starts a throwaway PostgreSQL
(tests/pg_server.start_cluster: fsync on, like the SQLite store's synchronous=FULL), then prints
1. `act` p50/p99 (lock, parse, apply, chance draws, commit; no rendering) for the same N moves of the same matches
   on SQLite (a file in a temp folder) and on PostgreSQL (over 127.0.0.1);
2. acts/s sustained for S seconds by one service process, then by two processes on one database, each acting on
   its own M matches with 4 concurrent requests (each act picks a legal move from that process's view first).
Memory and restart-to-ready with 100,000 matches on PostgreSQL: `bench/memory.py --postgres`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import percentile
from data import Store
from matches import MatchService, Refusal
from rules import GAMES
from settings import load_or_exit
from tests.pg_server import start_cluster

GAMES_PLAYED = sorted(GAMES)
WORKERS = 4  # concurrent requests per process in the throughput run


async def new_matches(service: MatchService, count: int, first_user: int = 1) -> list[int]:
    """`count` started 2-player matches, the games in turn."""
    ids = []
    for i in range(count):
        creator = first_user + 2 * i
        match = await service.create(GAMES_PLAYED[i % len(GAMES_PLAYED)], guild_id=1, channel_id=1,
                                     creator_id=creator, players=2, time_control=0)
        await service.join(match.id, creator + 1)
        await service.start(match.id, creator)
        ids.append(match.id)
    return ids


async def act_times(target: str, moves: int) -> list[float]:
    """`moves` timed `act` calls, round-robin over 10 matches (a finished one is replaced). Seeded: the same
    dice and the same choices, so both backends commit exactly the same moves."""
    store = await Store.open(target)
    service = MatchService(store, rng=random.Random(1))
    pick = random.Random(2)
    try:
        live = await new_matches(service, 10)
        times: list[float] = []
        while len(times) < moves:
            for slot, match_id in enumerate(live):
                match = await service.get(match_id)
                if match.outcome() is not None:
                    live[slot] = (await new_matches(service, 1, 1000 + 2 * len(times)))[0]
                    continue
                user = match.user_at(pick.choice(match.actors()))
                text = pick.choice(await service.legal_texts(match_id, user))
                start = time.perf_counter()
                await service.act(match_id, user, text)
                times.append(time.perf_counter() - start)
        return times
    finally:
        await store.close()


async def worker(url: str, first: int, last: int, seconds: float) -> None:
    """One service process acting on matches first..last for `seconds`; prints the acts committed."""
    store = await Store.open(url)
    service = MatchService(store)
    ids = list(range(first, last + 1))
    done = 0
    end = time.monotonic() + seconds

    async def requests(rng: random.Random) -> None:
        nonlocal done
        while time.monotonic() < end:
            match_id = rng.choice(ids)
            match = await service.get(match_id)
            if not match.actors():  # finished: play the others
                if match_id in ids and len(ids) > WORKERS:
                    ids.remove(match_id)
                continue
            user = match.user_at(rng.choice(match.actors()))
            legal = await service.legal_texts(match_id, user)
            if not legal:  # another request of this process moved it meanwhile
                continue
            try:
                await service.act(match_id, user, rng.choice(legal))
            except Refusal:
                continue  # another request of this process moved the same match first
            done += 1

    try:
        await asyncio.gather(*(requests(random.Random(f"{first}-{i}")) for i in range(WORKERS)))
    finally:
        await store.close()
    print(done, flush=True)


async def prepare(url: str, processes: int, matches: int) -> list[tuple[int, int]]:
    store = await Store.open(url)
    try:
        service = MatchService(store)
        spans = []
        for p in range(processes):
            ids = await new_matches(service, matches, 10_000 * (p + 1))
            spans.append((ids[0], ids[-1]))
        return spans
    finally:
        await store.close()


def throughput(url: str, spans: list[tuple[int, int]], seconds: float) -> float:
    """Acts per second committed by one worker process per span, all started together."""
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", url, str(first), str(last), str(seconds)],
                              stdout=subprocess.PIPE, text=True) for first, last in spans]
    counts = [int(proc.communicate()[0].split()[-1]) for proc in procs]
    return sum(counts) / seconds


def line(name: str, times: list[float]) -> str:
    return (f"{name:<11} act p50 {percentile(times, 0.5) * 1e3:6.2f} ms  p99 {percentile(times, 0.99) * 1e3:6.2f} ms"
            f"  ({len(times)} moves)")


async def main() -> None:
    load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--matches", type=int, default=100, help="per process in the throughput run")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        url, first, last, seconds = args.worker
        await worker(url, int(first), int(last), float(seconds))
        return
    with start_cluster() as cluster, tempfile.TemporaryDirectory() as tmp:
        print(line("SQLite", await act_times(str(Path(tmp) / "bench.sqlite3"), args.moves)), flush=True)
        print(line("PostgreSQL", await act_times(cluster.create_database(), args.moves)), flush=True)
        for processes in (1, 2):
            url = cluster.create_database()
            spans = await prepare(url, processes, args.matches)
            rate = throughput(url, spans, args.seconds)
            print(f"{processes} process{'es' if processes > 1 else ''} on one PostgreSQL: {rate:7.0f} acts/s "
                  f"sustained over {args.seconds:.0f} s ({WORKERS} concurrent requests each)", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
