"""Pods: three or more entrants per table, seated by standing (snake by seed in round 1), placement points."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.model import Entrant, Game, Settings
from tournaments.standings import standings


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


def table_sizes(count: int, settings: Settings) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes: full tables of ``pod_size``; when the count does
    not divide, tables one seat short down to ``pod_min`` (the fewest seats the game allows), else byes."""
    size = settings.pod_size
    least = settings.pod_min or size
    for byes in range(size):
        seated = count - byes
        tables = -(-seated // size)
        if tables and tables * least <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], count


def pair(settings: Settings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """Round 1: snake by seed (seeds 1…t at tables 1…t, then back t…1 …).  Later rounds: by standing, the
    leaders at table 1.  Byes to the lowest-standing entrants who have had the fewest.  Within a table, the
    entrant who has moved first least often moves first (then the higher standing)."""
    if any(g.round >= round_no for g in games):
        raise ValueError(f"Round {round_no} has already been paired.")
    if any(g.points is None for g in games):
        raise ValueError("The last round is not finished: every game needs its result first.")
    here = {e.id: e for e in entrants if e.dropped_after is None or e.dropped_after >= round_no}
    if len(here) < 2:
        raise ValueError("Fewer than two entrants are still in: nothing to pair.")
    if round_no == 1 or not games:
        order = sorted(here.values(), key=lambda e: (-e.rating, e.seed))
    else:
        order = [here[s.entrant] for s in standings(settings, entrants, games) if s.entrant in here]
    sizes, bye_count = table_sizes(len(order), settings)
    if not sizes:
        raise ValueError(f"{len(order)} entrants cannot fill a table of {settings.pod_min or settings.pod_size}.")
    byes_had = {e: sum(1 for g in games if g.is_bye and g.entrants[0] == e) for e in here}
    byes = sorted(order, key=lambda e: (byes_had[e.id], -order.index(e)))[:bye_count]
    seated = [e for e in order if e not in byes]
    tables: list[list[Entrant]] = [[] for _ in sizes]
    if round_no == 1:
        for e, t in zip(seated, _snake(sizes), strict=True):
            tables[t].append(e)
    else:
        start = 0
        for i, size in enumerate(sizes):
            tables[i] = seated[start:start + size]
            start += size
    firsts = {e: sum(1 for g in games if g.played and len(g.entrants) > 1 and g.entrants[0] == e) for e in here}
    out = []
    for table in tables:
        rank = {e.id: i for i, e in enumerate(table)}
        seats = sorted(table, key=lambda e: (firsts[e.id], rank[e.id])) if settings.first_player else table
        out.append(Game(round_no, tuple(e.id for e in seats), None))
    out += [Game(round_no, (e.id,), (settings.bye_points,), played=False) for e in byes]
    return out


def _snake(sizes: list[int]) -> list[int]:
    """Table index for each seat taken in seed order: 0, 1 … t-1, t-1 … 0, 0, 1 …, skipping full tables."""
    room = list(sizes)
    out: list[int] = []
    forward = True
    while any(room):
        for t in range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1):
            if room[t]:
                out.append(t)
                room[t] -= 1
        forward = not forward
    return out
