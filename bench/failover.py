"""Benchmark, run by hand: how late deadlines fire when the scheduler's leader freezes (SIGSTOP), on PostgreSQL.

`.venv/bin/python bench/failover.py [--rounds R]` starts a throwaway PostgreSQL; each round starts matches whose
deadlines (forfeit rule) pass every half second for 20 s, and two processes running the bot's scheduler loop
(tests/matches/two_process_driver.py). Once the leader has processed a few, it is frozen with SIGSTOP (its connections
stay open, as in a paused container) and woken with SIGCONT after every match ended. Per round it prints the time
from the freeze to the other process leading, how late each deadline that passed during the freeze fired (the
lease is 6 s, renewed and asked for every 2 s), and whether any deadline was processed twice.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import percentile
from data import Store
from tests.matches.processes import spawn, start_matches
from tests.pg_server import start_cluster

DEADLINES = 40  # one every half second, from 5 s after the start


async def one_round(url: str) -> tuple[float, list[float], int]:
    """(seconds from the freeze to the new leader, lateness of each deadline passed while frozen, doubles)."""
    time_controls = [5 + i // 2 for i in range(DEADLINES)]
    ids = await start_matches(url, DEADLINES, time_control=time_controls, timeout_rule="forfeit", games=["cintos"])
    store = await Store.open(url)
    deadlines: dict[int, float | None] = {}
    for i in ids:
        record = await store.get_match(i)
        if record is None:
            raise RuntimeError(f"match {i} was started but is not stored")
        deadlines[i] = record.deadline
    drivers = [await spawn("scheduler", url, "--until", "90") for _ in range(2)]
    heard: list[list[tuple[float, str]]] = [[], []]

    async def listen(i: int) -> None:
        output = drivers[i].stdout
        if output is None:
            raise RuntimeError("spawn pipes a driver's output")
        async for line in output:
            heard[i].append((time.time(), line.decode().strip()))

    listeners = [asyncio.create_task(listen(i)) for i in range(2)]
    try:
        while not any(line == "lead" for own in heard for _, line in own):
            await asyncio.sleep(0.02)
        leader = next(i for i in range(2) if any(line == "lead" for _, line in heard[i]))
        while sum(line.startswith("timeout") for _, line in heard[leader]) < 3:
            await asyncio.sleep(0.02)
        drivers[leader].send_signal(signal.SIGSTOP)
        frozen_at = time.time()
        while True:
            records = [await store.get_match(i) for i in ids]
            if all(r is not None and r.status == "finished" for r in records):
                break
            await asyncio.sleep(0.2)
        drivers[leader].send_signal(signal.SIGCONT)
        await asyncio.sleep(5.0)  # it wakes up: it must act on nothing
    finally:
        await store.close()
        for driver in drivers:
            driver.kill()
            await driver.wait()
        await asyncio.gather(*listeners)
    other = 1 - leader
    took_over = min(t for t, line in heard[other] if line == "lead") - frozen_at
    fired = {int(line.split()[1]): t for t, line in heard[other] if line.startswith("timeout")}
    late = [fired[i] - max(deadlines[i] or 0.0, frozen_at) for i in ids if i in fired]
    done = Counter(int(line.split()[1]) for own in heard for _, line in own if line.startswith("timeout"))
    return took_over, late, sum(1 for n in done.values() if n > 1)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    every: list[float] = []
    with start_cluster() as cluster:
        for r in range(args.rounds):
            took_over, late, doubles = await one_round(cluster.create_database())
            every += late
            print(f"round {r + 1}: the other process led {took_over:5.1f} s after the freeze; {len(late)} deadlines "
                  f"fired by it, at most {max(late):5.1f} s late (p50 {percentile(late, 0.5):4.1f} s); "
                  f"processed twice: {doubles}", flush=True)
    print(f"all rounds: {len(every)} deadlines, p50 {percentile(every, 0.5):4.1f} s late, max {max(every):4.1f} s",
          flush=True)


if __name__ == "__main__":
    asyncio.run(main())
