"""Computer seats in the service, run by hand: `.venv/bin/python bench/computers.py [game] [--moves N] [--seconds S]`.

For each level, a person plays first legal moves against a computer through `MatchService` (a temporary SQLite
file, the real process pool): prints the computer's reply time (commit to commit: pool, think, commit) and the event
loop's worst lag meanwhile (a ticker that should wake every 10 ms), which shows that thinking happens off the loop.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import Store
from matches import MatchService
from matches.computers import LEVELS, is_computer, shared_pool
from settings import load_or_exit

TICK = 0.01


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - before - TICK)


async def level_run(game: str, level: str, moves: int, seconds: float, db: Path) -> tuple[list[float], float]:
    store = await Store.open(db)
    try:
        service = MatchService(store, rng=random.Random(1))
        service.computer_seconds = seconds
        lobby = await service.create(game, guild_id=None, channel_id=0, creator_id=1, players=2, time_control=0)
        await service.add_computer(lobby.id, 1, level)
        match = (await service.start(lobby.id, 1)).match
        await service.computers_settled()  # the pool's first start is not a reply time
        replies: list[float] = []
        lags: list[float] = []
        stop = asyncio.Event()
        ticking = asyncio.create_task(ticker(lags, stop))
        for _ in range(moves):
            if match.outcome() is not None:
                break
            mine = [s for s in match.actors() if not is_computer(match.user_at(s))]
            if not mine:
                break
            await service.act(match.id, 1, (await service.legal_texts(match.id, 1))[0])
            began = time.perf_counter()
            await service.computers_settled()
            replies.append(time.perf_counter() - began)
        stop.set()
        await ticking
        return replies, max(lags, default=0.0)
    finally:
        await store.close()


async def main() -> None:
    settings = load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="cintos")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=settings.computer_seconds,
                        help="hard's time per move (default: TABLETOP_COMPUTER_SECONDS)")
    args = parser.parse_args()
    loop = asyncio.get_running_loop()  # start the pool's workers first: their start-up is not a reply time
    pool = shared_pool(settings.computer_workers)
    await asyncio.gather(*(loop.run_in_executor(pool, time.sleep, 0.2) for _ in range(4)))
    with tempfile.TemporaryDirectory() as folder:
        for level in LEVELS:
            replies, lag = await level_run(args.game, level, args.moves, args.seconds, Path(folder) / f"{level}.db")
            if not replies:
                print(f"{args.game} {level}: no replies (the game ended)")
                continue
            print(f"{args.game} {level:6}: {len(replies)} replies, median {statistics.median(replies) * 1000:7.1f} ms,"
                  f" max {max(replies) * 1000:7.1f} ms; worst event-loop lag {lag * 1000:5.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
