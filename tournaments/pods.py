"""Pods: three or more entrants per table, seated by standing (snake by seed in round 1), placement points."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.model import Entrant, Game, Settings


def placement_points(settings: Settings, outcome_places: Sequence[int]) -> tuple[float, ...]:
    """Places (1-based, tied entrants share a place) to points: tied entrants share the average of the
    places they cover, so two tied for 1st in a 3-pod with 3/1/0 get (3 + 1) / 2 = 2 each."""
    table = settings.placement_points
    places = list(outcome_places)
    if not places or min(places) < 1:
        raise ValueError("Places are 1-based.")

    def worth(place: int) -> float:  # places past the table score its last value (3 / 1 / 0 / 0 …)
        return float(table[place - 1]) if place <= len(table) else float(table[-1] if table else 0)

    points: list[float] = []
    for place in places:
        tied = places.count(place)
        points.append(sum(worth(p) for p in range(place, place + tied)) / tied)
    return tuple(points)


def places_from_scores(scores: Sequence[float], winners: Sequence[int]) -> tuple[int, ...]:
    """Places from a game's outcome: the winners (indices) share 1st, the others ranked by score (higher
    better), equal scores sharing a place (standard competition ranking: 1, 1, 3 …)."""
    n = len(scores)
    win = set(winners)
    key = [(0 if i in win else 1, -scores[i] if i not in win else 0.0) for i in range(n)]
    return tuple(1 + sum(1 for j in range(n) if key[j] < key[i]) for i in range(n))


def draw_teams(players: Sequence[int], team_size: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Draw teams of ``team_size`` from ``players`` with ``rng`` (the organiser's "random teams")."""
    if team_size < 1:
        raise ValueError("A team has at least one player.")
    if len(players) % team_size:
        raise ValueError(f"{len(players)} players do not split into teams of {team_size}.")
    if len(set(players)) != len(players):
        raise ValueError("A player can be drawn into one team only.")
    shuffled = list(players)
    rng.shuffle(shuffled)
    return [tuple(shuffled[i:i + team_size]) for i in range(0, len(shuffled), team_size)]


def pair(settings: Settings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    raise NotImplementedError
