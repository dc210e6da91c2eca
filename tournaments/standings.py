"""Standings: points and the tie-breaks of design/tournaments.md (Buchholz cut 1, SB, direct, wins, rating)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.model import Entrant, Game, Settings, Standing


def standings(settings: Settings, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Standing]:
    raise NotImplementedError
