"""A match service as a child process that ends a tournament's last match of round 1 and SIGKILLs itself at a chosen
step between that commit and its consequences.

    python -m tests.matches.consequence_kill_driver TARGET MATCH USER POINT

TARGET is a SQLite path or a PostgreSQL URL prepared by tests/matches/test_consequences_kill.py; USER resigns MATCH
(both sides have moved: the result is rated). POINT says when the process dies, right after that write committed:
- `committed`: the commit that ends the match (before its rating);
- `rated`: its rating update (before the tournament hears of the end);
- `recorded`: the table's result (before the next round is paired);
- `paired`: round 2's tables (before any of its matches is made);
- `created`: round 2's first match, made and linked to its table but not started.
Whatever those steps are followed by never happens; the test restarts a service and checks it is done, once.
"""

from __future__ import annotations

import asyncio
import random
import sys

from data import Store
from matches import MatchService
from tests.tournaments.kill_driver import die_after
from tournaments import TournamentService


async def main(target: str, match_id: int, user: int, point: str) -> None:
    store = await Store.open(target)
    matches = MatchService(store, rng=random.Random(7))
    TournamentService(matches, rng=random.Random(7))  # listens on the match service's end
    if point == "committed":
        die_after(store, "append", lambda *args, **kwargs: kwargs.get("status") == "finished")
    elif point == "rated":
        die_after(store.ratings, "apply_rating")
    elif point == "recorded":
        die_after(store.tournaments, "set_result")
    elif point == "paired":
        die_after(store.tournaments, "add_round")
    elif point == "created":
        die_after(store, "create_match")
    else:
        raise SystemExit(f"unknown point {point!r}")
    await matches.resign(match_id, user)
    print("not killed", flush=True)  # the point was never reached: the test fails on this
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
