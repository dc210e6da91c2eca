"""What the analysis service's tests share: finished matches played by random moves, and executors under control."""

from __future__ import annotations

import random
import threading
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from matches import MatchService

ADA, BOB = 10**18 + 11, 10**18 + 22  # snowflake-sized ids


async def finished(service: MatchService, *, guild_id: int | None = 1, plies: int = 4, seed: int = 1,
                   game: str = "cintos", users: tuple[int, int] = (ADA, BOB)) -> int:
    """A two-player match of `game` on `guild_id` between `users`: `plies` random legal moves, then the second
    resigns."""
    first, second = users
    match = await service.create(game, guild_id=guild_id, channel_id=2, creator_id=first, players=2)
    await service.join(match.id, second)
    match = (await service.start(match.id, first)).match
    rng = random.Random(seed)
    for _ in range(plies):
        if match.outcome() is not None:
            break
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
    if match.outcome() is None:
        await service.resign(match.id, second)
    return match.id


class Counting(Executor):
    """Runs each call at once, in the caller's thread, and counts the calls by function name."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        name = getattr(getattr(fn, "func", fn), "__name__", "?")  # simcord wraps what the bot runs in an executor
        self.calls[name] = self.calls.get(name, 0) + 1
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


class Gated(ThreadPoolExecutor):
    """One worker thread that starts nothing until `open()`: every request can be queued first."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.gate = threading.Event()
        self.submit(self.gate.wait)

    def open(self) -> None:
        self.gate.set()
