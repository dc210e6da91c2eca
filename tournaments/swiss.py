"""Swiss pairing by maximum-weight matching (networkx): no rematch, score groups, halves, colours, byes."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.model import Entrant, Game, Settings


def rounds(count: int) -> int:
    """⌈log2 n⌉ + 1 rounds by default."""
    return max(1, (count - 1).bit_length() + 1)


def pair(settings: Settings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    raise NotImplementedError
