"""Benchmark, run by hand: the match service on PostgreSQL against SQLite, and two processes on one PostgreSQL.

`.venv/bin/python bench/postgres.py [--moves N] [--seconds S] [--matches M] [--rounds R] [--old DIR]` starts a
throwaway PostgreSQL (tests/pg_server.start_cluster: fsync on, like the SQLite store's synchronous=FULL), then prints
1. `act` p50/p99 (lock, parse, apply, chance draws, commit; no rendering) for the same N moves of the same matches,
   one at a time, on SQLite (a file in a temp folder) and on PostgreSQL (over 127.0.0.1), with the round trips to
   PostgreSQL per acknowledged move (statements, BEGINs and COMMITs the driver sent, counted in asyncpg);
2. acts/s sustained for S seconds by one SQLite process, one PostgreSQL process and two PostgreSQL processes on one
   database, each acting on its own M matches with 4 concurrent requests (each act picks a legal move from that
   process's view first), and the ratio of two PostgreSQL processes to one SQLite process; R rounds.
With `--old DIR` (the code before a change: `git archive <commit> | tar -x -C DIR`) every measurement runs for that
code and this one alternately, side by side. Memory and restart-to-ready: `bench/memory.py --postgres`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# The code measured: this checkout, or BENCH_CODE (an older one, for side-by-side runs with --old).
sys.path.insert(0, os.environ.get("BENCH_CODE", str(HERE)))

from bench.run import percentile  # noqa: E402
from data import Store  # noqa: E402
from matches import MatchService, Refusal  # noqa: E402
from rules import GAMES  # noqa: E402

GAMES_PLAYED = sorted(GAMES)
WORKERS = 4  # concurrent requests per process in the throughput run


class Trips:
    """Round trips to PostgreSQL, counted in asyncpg's connection (the same count for any version of the store):
    a simple query (BEGIN, COMMIT, a statement without parameters), a statement with parameters, a batch."""

    count = 0

    @classmethod
    def install(cls) -> None:
        try:
            from asyncpg.connection import Connection
        except ImportError:
            return
        execute, one, many = Connection.execute, Connection._execute, Connection._executemany

        async def counted_execute(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            if not args:
                cls.count += 1  # a simple query; with arguments it goes through _execute below
            return await execute(self, query, *args, **kwargs)

        async def counted_one(self: Any, *args: Any, **kwargs: Any) -> Any:
            cls.count += 1
            return await one(self, *args, **kwargs)

        async def counted_many(self: Any, *args: Any, **kwargs: Any) -> Any:
            cls.count += 1
            return await many(self, *args, **kwargs)

        Connection.execute, Connection._execute, Connection._executemany = (
            counted_execute, counted_one, counted_many)


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


async def act_times(target: str, moves: int) -> tuple[list[float], list[int]]:
    """`moves` timed `act` calls, round-robin over 10 matches (a finished one is replaced), and the round trips of
    each. Seeded: the same dice and the same choices, so every backend and version commits the same moves."""
    store = await Store.open(target)
    service = MatchService(store, rng=random.Random(1))
    pick = random.Random(2)
    try:
        live = await new_matches(service, 10)
        times: list[float] = []
        trips: list[int] = []
        while len(times) < moves:
            for slot, match_id in enumerate(live):
                match = await service.get(match_id)
                if match.outcome() is not None:
                    live[slot] = (await new_matches(service, 1, 1000 + 2 * len(times)))[0]
                    continue
                user = match.user_at(pick.choice(match.actors()))
                text = pick.choice(await service.legal_texts(match_id, user))
                before, start = Trips.count, time.perf_counter()
                await service.act(match_id, user, text, key=f"bench-{len(times)}")
                times.append(time.perf_counter() - start)
                trips.append(Trips.count - before)
        return times, trips
    finally:
        await store.close()


async def worker(target: str, first: int, last: int, seconds: float) -> None:
    """One service process acting on matches first..last for `seconds`; prints the acts committed."""
    store = await Store.open(target)
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


async def prepare(target: str, processes: int, matches: int) -> list[tuple[int, int]]:
    store = await Store.open(target)
    try:
        service = MatchService(store)
        spans = []
        for p in range(processes):
            ids = await new_matches(service, matches, 10_000 * (p + 1))
            spans.append((ids[0], ids[-1]))
        return spans
    finally:
        await store.close()


def run(code: str, *args: str) -> str:
    """This bench in a process of its own, importing the code in `code`; its stdout."""
    done = subprocess.run([sys.executable, __file__, *args], env={**os.environ, "BENCH_CODE": code},
                          stdout=subprocess.PIPE, text=True, check=True)
    return done.stdout


def throughput(code: str, target: str, processes: int, matches: int, seconds: float) -> float:
    """Acts per second committed by `processes` worker processes on `target`, all started together."""
    spans = json.loads(run(code, "--prepare", target, str(processes), str(matches)))
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", target, str(first), str(last), str(seconds)],
                              env={**os.environ, "BENCH_CODE": code}, stdout=subprocess.PIPE, text=True)
             for first, last in spans]
    counts = [int(proc.communicate()[0].split()[-1]) for proc in procs]
    return sum(counts) / seconds


def line(name: str, times: list[float], trips: list[int] | None = None) -> str:
    text = (f"{name:<24} act p50 {percentile(times, 0.5) * 1e3:6.2f} ms  p99 {percentile(times, 0.99) * 1e3:6.2f} ms"
            f"  ({len(times)} moves)")
    if trips:
        text += f"  round trips per acknowledged move: mean {sum(trips) / len(trips):.2f}, max {max(trips)}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--matches", type=int, default=100, help="per process in the throughput run")
    parser.add_argument("--rounds", type=int, default=2, help="throughput rounds")
    parser.add_argument("--old", help="a checkout of the code before, measured alternately with this one")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--prepare", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--sequential", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        target, first, last, seconds = args.worker
        asyncio.run(worker(target, int(first), int(last), float(seconds)))
        return
    if args.prepare:
        target, processes, matches = args.prepare
        print(json.dumps(asyncio.run(prepare(target, int(processes), int(matches)))))
        return
    if args.sequential:
        Trips.install()
        print(json.dumps(asyncio.run(act_times(args.sequential[0], int(args.sequential[1])))))
        return
    from tests.pg_server import start_cluster

    codes = {"now": str(HERE)} | ({"before": str(Path(args.old).resolve())} if args.old else {})
    order = random.Random(11)
    with start_cluster() as cluster, tempfile.TemporaryDirectory() as tmp:
        for name, code in codes.items():
            for backend, target in (("SQLite", str(Path(tmp) / f"seq-{name}.sqlite3")),
                                    ("PostgreSQL", cluster.create_database())):
                times, trips = json.loads(run(code, "--sequential", target, str(args.moves)))
                print(line(f"{name}: {backend}", times, trips if backend == "PostgreSQL" else None), flush=True)
        ratios: dict[str, list[float]] = {name: [] for name in codes}
        for r in range(args.rounds):
            names = list(codes)
            order.shuffle(names)  # alternated: both see the same machine
            for name in names:
                code = codes[name]
                # The pair compared is measured back to back, in an order of its own: a busy machine changes by
                # the minute. One PostgreSQL process comes after.
                pair = [("sqlite", str(Path(tmp) / f"tp-{name}-{r}.sqlite3"), 1),
                        ("two", cluster.create_database(), 2)]
                order.shuffle(pair)
                rate = {label: throughput(code, target, processes, args.matches, args.seconds)
                        for label, target, processes in pair}
                one = throughput(code, cluster.create_database(), 1, args.matches, args.seconds)
                ratios[name].append(rate["two"] / rate["sqlite"])
                print(f"round {r + 1} {name:<6}: acts/s sustained over {args.seconds:.0f} s ({WORKERS} concurrent "
                      f"requests per process): 1 SQLite process {rate['sqlite']:6.0f}, 2 PostgreSQL processes "
                      f"{rate['two']:6.0f} (ratio {ratios[name][-1]:.2f}); 1 PostgreSQL process {one:6.0f}",
                      flush=True)
        for name, values in ratios.items():
            print(f"{name}: ratio 2 PostgreSQL / 1 SQLite over {len(values)} rounds: "
                  + ", ".join(f"{v:.2f}" for v in values) + f"; median {statistics.median(values):.2f}", flush=True)


if __name__ == "__main__":
    main()
