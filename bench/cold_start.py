"""Benchmark, run by hand: the first request for each uncached match after a restart, under load, on PostgreSQL.

`.venv/bin/python bench/cold_start.py [--matches N] [--rounds R] [--load P] [--old DIR]` starts a throwaway
PostgreSQL, starts P load processes acting on matches of their own (bench/postgres.py's worker), then R times: a
freshly started service (nothing cached, a new pool) is asked for N uncached matches at once, one move each, and the
time from request to committed move is taken per match. Each round runs alternately: this code with one lock for the
whole service's loads (`OneLoadLock`, the lock before issue 26), this code as it is, and with `--old DIR` (a
checkout: `git archive <commit> | tar -x -C DIR`) that code, each in a process of its own. Prints p50/p99/max.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("BENCH_CODE", str(HERE)))  # the code measured (an older checkout: --old)

from bench.run import percentile  # noqa: E402
from data import Store  # noqa: E402
from matches import Match, MatchService  # noqa: E402

if TYPE_CHECKING:
    from matches.core import MatchCore


def one_load_lock() -> type[MatchCore]:
    """The loading path before issue 26: every uncached match waited behind one service-wide lock. (Made on demand:
    a checkout measured with --old may have no `matches.core`.)"""
    from matches.core import MatchCore

    class OneLoadLock(MatchCore):
        def __init__(self, store: Store, **options: Any) -> None:
            super().__init__(store, **options)
            self.one = asyncio.Lock()

        async def loaded(self, match_id: int) -> Match:
            match = self.cache.get(match_id)
            if match is not None:
                return match
            async with self.one:
                return await super().loaded(match_id)

    return OneLoadLock


async def moves_for(url: str, ids: list[int]) -> dict[int, tuple[int, str]]:
    """A legal move (user, notation) for each match, read by another service beforehand."""
    store = await Store.open(url)
    try:
        service = MatchService(store)
        moves = {}
        for match_id in ids:
            match = await service.get(match_id)
            user = match.user_at(match.actors()[0])
            moves[match_id] = (user, (await service.legal_texts(match_id, user))[0])
        return moves
    finally:
        await store.close()


async def first_requests(url: str, one_lock: bool, moves: dict[int, tuple[int, str]]) -> list[float]:
    """A fresh service (a restarted process) acts once on each match, all at once; seconds per request."""
    store = await Store.open(url)
    try:
        service = MatchService(store, core_class=one_load_lock()) if one_lock else MatchService(store)

        async def one(match_id: int) -> float:
            user, text = moves[match_id]
            start = time.perf_counter()
            await service.act(match_id, user, text)
            return time.perf_counter() - start

        return list(await asyncio.gather(*(one(i) for i in moves)))
    finally:
        await store.close()


def line(name: str, times: list[float]) -> str:
    return (f"{name:<26} p50 {percentile(times, 0.5) * 1e3:7.0f} ms  p99 {percentile(times, 0.99) * 1e3:7.0f} ms  "
            f"max {max(times) * 1e3:7.0f} ms  ({len(times)} first requests)")


def in_process(code: str, url: str, kind: str, moves: dict[int, tuple[int, str]]) -> list[float]:
    """`first_requests` in a new process importing the code in `code` (`kind`: "one lock" or "as it is")."""
    done = subprocess.run([sys.executable, str(Path(__file__)), "--first", url, kind, json.dumps(moves)],
                          env={**os.environ, "BENCH_CODE": code}, stdout=subprocess.PIPE, text=True, check=True)
    return list(json.loads(done.stdout))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=100, help="uncached matches asked for at once")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--load", type=int, default=1, help="processes moving other matches meanwhile")
    parser.add_argument("--old", help="a checkout of the code before, measured alternately with this one")
    parser.add_argument("--first", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.first:
        url, kind, moves = args.first
        print(json.dumps(await first_requests(url, kind == "one lock",
                                              {int(k): tuple(v) for k, v in json.loads(moves).items()})))
        return
    from bench.postgres import new_matches
    from tests.pg_server import start_cluster
    kinds = [("one lock (before)", str(HERE), "one lock"), ("a lock per match (now)", str(HERE), "as it is")]
    if args.old:
        kinds.append((f"the code at {args.old}", str(Path(args.old).resolve()), "as it is"))
    with start_cluster() as cluster:
        url = cluster.create_database()
        store = await Store.open(url)
        try:
            service = MatchService(store)
            batches = [await new_matches(service, args.matches, 1 + 1000 * b) for b in range(len(kinds) * args.rounds)]
            load_spans = [await new_matches(service, 50, 500_000 + 1000 * p) for p in range(args.load)]
        finally:
            await store.close()
        seconds = 3600.0  # stopped when the measurement ends
        load = [subprocess.Popen([sys.executable, str(Path(__file__).with_name("postgres.py")), "--worker", url,
                                  str(span[0]), str(span[-1]), str(seconds)], stdout=subprocess.DEVNULL)
                for span in load_spans]
        try:
            await asyncio.sleep(2.0)  # the load is running
            results: dict[str, list[float]] = {name: [] for name, _, _ in kinds}
            order = random.Random(7)
            batch = iter(batches)
            for r in range(args.rounds):
                for name, code, kind in order.sample(kinds, len(kinds)):
                    times = in_process(code, url, kind, await moves_for(url, next(batch)))
                    results[name] += times
                    print(f"round {r + 1}: " + line(name, times), flush=True)
            for name, times in results.items():
                print("all rounds: " + line(name, times), flush=True)
        finally:
            for proc in load:
                proc.terminate()
                proc.wait()


if __name__ == "__main__":
    asyncio.run(main())
