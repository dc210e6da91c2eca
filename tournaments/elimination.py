"""Single elimination: seeded bracket (1 v n …), byes to the top seeds, replays of draws, third place."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.model import Entrant, Game, Settings


def bracket(count: int) -> list[tuple[int, int | None]]:
    """First-round pairs of 1-based seeds in bracket order (neighbouring pairs' winners meet next);
    ``None`` is a bye, which falls to the top seeds when ``count`` is not a power of two."""
    if count < 2:
        raise ValueError("A bracket needs at least two entrants.")
    size = 1
    while size < count:
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return [(a, b if b <= count else None) for a, b in zip(order[::2], order[1::2], strict=True)]


def pair(settings: Settings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    raise NotImplementedError
