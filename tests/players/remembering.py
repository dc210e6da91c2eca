"""One memory for the re-deal tests: a pure search or scoring answers again what it answered before, when handed the
same things and the random stream in the same state, and leaves the stream where the first answer left it."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

Answer = TypeVar("Answer")


class Remembered(Generic[Answer]):
    """Answers by (what the work was handed, the random stream's state). A work handed other inputs (a choice that
    lets the secrets in hands its search another world) is done afresh, so a test of blindness stays one."""

    def __init__(self) -> None:
        self.answers: dict[tuple[Hashable, tuple[Any, ...]], tuple[Answer, tuple[Any, ...]]] = {}

    def answer(self, handed: Hashable, rng: random.Random, work: Callable[[], Answer]) -> Answer:
        key = (handed, rng.getstate())
        if key not in self.answers:
            self.answers[key] = work(), rng.getstate()
        answer, stream = self.answers[key]
        rng.setstate(stream)
        return answer
