"""How long a computer may think: a number of search iterations, or seconds on a clock the caller supplies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """At most `iterations` searches and, with `clock`, at most `seconds` by that clock (both when both are set).

    The players layer reads no clock of its own (it stays pure and repeatable): a time budget needs the caller's
    `clock`, e.g. `time.monotonic`. Iterations alone make a choice repeatable for a fixed seed.
    """

    iterations: int | None = 200
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and self.clock is None:
            raise ValueError("a budget in seconds needs a clock")
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least 1 iteration")

    def start(self) -> Callable[[int], bool]:
        """A test `spent(done)` that is true once `done` iterations or the time are used up."""
        clock, seconds, iterations = self.clock, self.seconds, self.iterations
        began = clock() if clock is not None and seconds is not None else 0.0

        def spent(done: int) -> bool:
            if iterations is not None and done >= iterations:
                return True
            return clock is not None and seconds is not None and clock() - began >= seconds

        return spent
