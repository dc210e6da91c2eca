"""What the match-service tests share: a clock the test moves by hand."""

from __future__ import annotations


class FakeClock:
    """The service's clock, set by the test (`clock.now += 3600`)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now
