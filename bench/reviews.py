"""The analysis service, run by hand: `.venv/bin/python bench/reviews.py [game] [--moves N] [--iterations K]`.

A finished match of N decisions (random legal moves through `MatchService` on a temporary SQLite file, then a
resignation) is analysed by `reviews.Reviews` in its real one-process pool, as the bot does: prints the seconds the
analysis took, the event loop's worst lag meanwhile (a ticker that should wake every 10 ms: the search runs off the
loop), how often progress was reported, and the seconds a second request takes (from the database).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis import default_budget
from data import Store
from matches import MatchService
from reviews import Progress, Reviews

TICK = 0.01
ADA, BOB = 10**18 + 11, 10**18 + 22


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        began = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - began - TICK)


async def main(game: str, moves: int, iterations: int | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = MatchService(store, rng=random.Random(1))
        match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=2)
        await service.join(match.id, BOB)
        match = (await service.start(match.id, ADA)).match
        rng = random.Random(2)
        for _ in range(moves):
            if match.outcome() is not None:
                break
            user = match.user_at(match.actors()[0])
            await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
        if match.outcome() is None:
            await service.resign(match.id, BOB)
        reviews = Reviews(service, iterations=iterations)
        heard: list[Progress] = []

        async def listen(progress: Progress) -> None:
            heard.append(progress)

        lags: list[float] = []
        stop = asyncio.Event()
        tick = asyncio.create_task(ticker(lags, stop))
        began = time.perf_counter()
        analysis = await reviews.analyse(match.id, ADA, 1, listen)
        took = time.perf_counter() - began
        stop.set()
        await tick
        began = time.perf_counter()
        again = await reviews.analyse(match.id, BOB, 1)
        second = time.perf_counter() - began
        await reviews.stop()
        await store.close()
    judged = len(analysis.judged())
    print(f"{game}: {len(analysis.moves)} player lines ({judged} judged) at {analysis.iterations} iterations a "
          f"position: {took:.1f} s in the pool (spawn included); loop lag worst {1000 * max(lags):.0f} ms over "
          f"{len(lags)} ticks; {len(heard)} progress reports; a second request {1000 * second:.0f} ms "
          f"({'the same analysis' if again == analysis else 'DIFFERENT'})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="cintos")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--iterations", type=int, help="per position (default: the game's own)")
    args = parser.parse_args()
    print(f"default budget of {args.game}: {default_budget(args.game).iterations} iterations a position")
    asyncio.run(main(args.game, args.moves, args.iterations))
