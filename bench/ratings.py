"""Rating costs, run by hand: one OpenSkill update per player count, and a rebuild of N finished rated matches.

    .venv/bin/python bench/ratings.py [N]
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import Store
from matches import MatchService
from ratings import Skill, rate
from rules.results import Facts, Result
from settings import load_or_exit


def per_update() -> None:
    for players, teams in ((2, ()), (4, ()), (4, ((0, 2), (1, 3))), (6, ())):
        skills = [Skill(25 + i, 8 - i / 2, 3) for i in range(players)]
        result = Result(players, frozenset({0}), tuple(range(players, 0, -1)), Facts((1,) * players),
                         sides=teams)
        runs = 2000
        start = time.perf_counter()
        for _ in range(runs):
            rate(result, skills)
        took = (time.perf_counter() - start) / runs
        print(f"rate(): {players} players{' in teams' if teams else ''}: {took * 1e6:.0f} µs per update")


async def rebuild(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", init_empty=True)
        service = MatchService(store, rng=random.Random(1))
        users = list(range(1, 201))
        pick = random.Random(2)
        start = time.perf_counter()
        for _ in range(count):
            a, b = pick.sample(users, 2)
            match = await service.create("cintos", guild_id=1, channel_id=1, creator_id=a, players=2)
            await service.join(match.id, b)
            match = (await service.start(match.id, a)).match
            for _ in range(2):  # both move: the resignation is then a game played over the board, and rated
                user = match.user_at(match.actors()[0])
                await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
            await service.resign(match.id, pick.choice((a, b)))
        played = time.perf_counter() - start
        start = time.perf_counter()
        recorded, recomputed = await service.rebuild_ratings(write=False)
        checked = time.perf_counter() - start
        start = time.perf_counter()
        await service.rebuild_ratings()
        written = time.perf_counter() - start
        await store.close()
    print(f"{count} matches played and rated live in {played:.1f} s; rebuild check {checked:.2f} s, rebuild with "
          f"writes {written:.2f} s; equal: {recorded == recomputed}")


if __name__ == "__main__":
    load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    per_update()
    asyncio.run(rebuild(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
