"""A tournament service as a child process that SIGKILLs itself at a chosen point while round 1's matches are made.

    python -m tests.tournaments.kill_driver TARGET POINT

TARGET is a SQLite path or a PostgreSQL URL with a tournament signed up and ready (the test prepares it and prints
nothing else there); the driver presses Start for the organiser. POINT says when it dies:
- `created`: as soon as the first tournament match exists in the database (the match row committed);
- `started`: as soon as that match's start is committed (its seats, state and seed).
Whatever linking a build does after those moments never happens. The test then restarts a service on the same
database and checks that every match belongs to a table of the round.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from typing import Any

from data import Store
from matches import MatchService
from tournaments import TournamentService


def die_after(owner: object, name: str, when: Any = lambda *args, **kwargs: True) -> None:
    """SIGKILL this process right after `owner.name` (a write of the store or of a collaborator of it) returns (its
    write committed), if `when` says so."""
    real = getattr(owner, name)

    async def then_die(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if when(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(owner, name, then_die)


async def main(target: str, point: str) -> None:
    store = await Store.open(target)
    tournaments = TournamentService(MatchService(store, rng=random.Random(5)), rng=random.Random(5))
    (record,) = await store.tournaments.tournaments(statuses=("signup",))
    event = await tournaments.get(record.id)
    if point == "created":
        die_after(store, "create_match")
    elif point == "started":  # the start of a match: the one append that fixes the seats
        die_after(store, "append", lambda *args, **kwargs: kwargs.get("seats") is not None)
    else:
        raise SystemExit(f"unknown point {point!r}")
    await tournaments.start(event.id, event.record.organiser_id, organiser=True)
    print("not killed", flush=True)  # the point was never reached: the test fails on this
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
