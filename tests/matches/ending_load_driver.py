"""A match-service process that ends rated matches as fast as it can, for the kill -9 under load test.

    python -m tests.matches.ending_load_driver TARGET FIRST-LAST SEED

Four workers resign the matches FIRST..LAST in a random order of their own (another process does the same, so two
processes often race for one match); `ended <match>` after each resignation returned, `error <what>` for anything but
a refusal. It says `ready` once open and starts on a line of input, so the two processes start together (on a fast
machine one alone ended every match before the other began); the test SIGKILLs both at a random moment soon after
(tests/matches/test_consequences_load.py).
"""

from __future__ import annotations

import asyncio
import random
import sys

from data import Store
from matches import MatchService, Refusal

WORKERS = 4


async def main(target: str, ids: list[int], seed: int) -> None:
    store = await Store.open(target)
    service = MatchService(store, rng=random.Random(seed))
    rng = random.Random(seed)
    order = rng.sample(ids, len(ids))
    print("ready", flush=True)  # both processes start ending matches together, when the test says go
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

    async def worker(mine: list[int]) -> None:
        for match_id in mine:
            try:
                match = await service.get(match_id)
                if match.status == "active":
                    await service.resign(match_id, match.user_ids[rng.randrange(2)])
                    print(f"ended {match_id}", flush=True)
            except Refusal:  # the other process ended it first
                continue
            except Exception as exc:
                print(f"error {match_id} {type(exc).__name__}: {exc}"[:300], flush=True)

    await asyncio.gather(*(worker(order[i::WORKERS]) for i in range(WORKERS)))
    print("done", flush=True)
    await store.close()


if __name__ == "__main__":
    first, _, last = sys.argv[2].partition("-")
    asyncio.run(main(sys.argv[1], list(range(int(first), int(last) + 1)), int(sys.argv[3])))
