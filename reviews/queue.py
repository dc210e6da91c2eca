"""A queue that takes turns between servers: each server's jobs wait in its own line, and the line served least
recently goes next, so one server asking for a hundred analyses delays another server's one by one job at most."""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

FORGET = 100_000  # servers remembered as served; beyond, the memory starts again (every line equal)


class FairQueue(Generic[T]):
    """By lane (a server's id; None for direct messages): the waiting lane served least recently goes first (a lane
    never served before all others, in the order they came), first come first served within a lane."""

    def __init__(self) -> None:
        self._lanes: dict[Hashable, deque[T]] = {}  # waiting jobs, lanes in the order they came
        self._served: dict[Hashable, int] = {}  # when each lane was last served (a count of jobs taken)
        self._taken = 0

    def __len__(self) -> int:
        return sum(len(lane) for lane in self._lanes.values())

    def put(self, lane: Hashable, item: T) -> None:
        self._lanes.setdefault(lane, deque()).append(item)

    def take(self) -> T | None:
        """The next job (None when none waits)."""
        if not self._lanes:
            return None
        lane = min(self._lanes, key=lambda name: self._served.get(name, -1))  # min keeps the first of equals
        waiting = self._lanes[lane]
        item = waiting.popleft()
        if not waiting:
            del self._lanes[lane]
        if len(self._served) >= FORGET:
            self._served.clear()
        self._served[lane] = self._taken
        self._taken += 1
        return item

    def order(self) -> list[T]:
        """Every waiting job in the order `take` will give them."""
        ahead = copy.copy(self)
        ahead._lanes = {lane: deque(items) for lane, items in self._lanes.items()}
        ahead._served = dict(self._served)
        out: list[T] = []
        while (item := ahead.take()) is not None:
            out.append(item)
        return out

    def ahead(self, item: T) -> int:
        """How many jobs `take` gives before `item` (0: it is next)."""
        return self.order().index(item)
