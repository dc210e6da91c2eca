"""Benchmark, run by hand: how many boards one bot process draws per second, and how long each waits.

`.venv/bin/python bench/boards.py [--rate N] [--seconds S] [--rounds R] [--workers W]` asks for N boards a second
(evenly spaced, as Discord's 50 messages a second would bring them) for S seconds, each a public view of one of the
five games a few moves in, and prints the boards drawn per second, the time from request to PNG (p50/p99) and how
late the event loop's own 10 ms ticks ran (p99). Alternately, R rounds each: drawn with `asyncio.to_thread` (before
issue 26) and with cogs/painter.py (a thread alone, W worker processes once boards queue up).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render
from bench.run import percentile, random_step
from cogs.painter import Painter
from rules import GAMES

Draw = Callable[[dict[str, Any], list[str], int], Awaitable[bytes]]
NAMES = ["Ada Lovelace", "Bob"]


def views(count: int) -> list[dict[str, Any]]:
    """Public views of positions 0 to 40 random moves into each game."""
    rng = random.Random(3)
    found = []
    for i in range(count):
        game = GAMES[sorted(GAMES)[i % len(GAMES)]]
        state = game.setup(2, game.check_options(2, {}))
        for _ in range(rng.randrange(0, 40)):
            if game.outcome(state) is not None:
                break
            state = random_step(game, state, rng)
        found.append(game.view(state, None))
    return found


async def in_a_thread(view: dict[str, Any], names: list[str], match_id: int) -> bytes:
    return await asyncio.to_thread(render.render_board, view, names, match_id)


async def measure(draw: Draw, shown: list[dict[str, Any]], rate: float, seconds: float) -> tuple[float, list[float],
                                                                                                 list[float]]:
    """(boards drawn per second, request-to-PNG seconds of each, lateness of each 10 ms tick of the loop)."""
    waits: list[float] = []
    late: list[float] = []
    running = True

    async def ticker() -> None:
        while running:
            due = time.perf_counter() + 0.01
            await asyncio.sleep(0.01)
            late.append(max(0.0, time.perf_counter() - due))

    async def one(view: dict[str, Any], asked: float) -> None:
        await draw(view, NAMES, 1)
        waits.append(time.perf_counter() - asked)

    tick = asyncio.create_task(ticker())
    start = time.perf_counter()
    tasks = []
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one(shown[n % len(shown)], time.perf_counter())))
    await asyncio.gather(*tasks)
    took = time.perf_counter() - start
    running = False
    await tick
    return len(waits) / took, waits, late


def line(name: str, rate: float, waits: list[float], late: list[float]) -> str:
    return (f"{name:<34} {rate:5.1f} boards/s  request to PNG p50 {percentile(waits, 0.5) * 1e3:6.0f} ms  "
            f"p99 {percentile(waits, 0.99) * 1e3:6.0f} ms  loop tick late p99 {percentile(late, 0.99) * 1e3:5.0f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    shown = views(50)
    started = time.perf_counter()
    sizes = [len(render.render_board(v, NAMES, 1)) for v in shown]
    print(f"{len(shown)} boards, {(time.perf_counter() - started) / len(shown) * 1e3:.0f} ms each drawn one after "
          f"another here, {sum(sizes) / len(sizes) / 1024:.0f} KB each", flush=True)
    painter = Painter(args.workers)
    for _ in range(2):  # the workers are up, each renderer's fonts and tables loaded in each
        await asyncio.gather(*(painter.board(v, NAMES, 1) for v in shown))
    kinds: list[tuple[str, Draw]] = [("asyncio.to_thread (before)", in_a_thread),
                                     (f"painter, {args.workers} processes (now)", painter.board)]
    results: dict[str, tuple[list[float], list[float], list[float]]] = {name: ([], [], []) for name, _ in kinds}
    order = random.Random(5)
    try:
        for r in range(args.rounds):
            for name, draw in (kinds if order.random() < 0.5 else kinds[::-1]):
                rate, waits, late = await measure(draw, shown, args.rate, args.seconds)
                results[name][0].append(rate)
                results[name][1].extend(waits)
                results[name][2].extend(late)
                print(f"round {r + 1}: " + line(name, rate, waits, late), flush=True)
        for name, (rates, waits, late) in results.items():
            print("all rounds: " + line(name, sum(rates) / len(rates), waits, late), flush=True)
    finally:
        painter.close()


if __name__ == "__main__":
    asyncio.run(main())
