"""Pods: three or more entrants per table, seated by standing avoiding repeated meetings (snake by seed in round 1),
placement points."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from tournament_rules.model import Entrant, Game, TournamentSettings
from tournament_rules.standings import scores, standings


def placement_points(settings: TournamentSettings, outcome_places: Sequence[int]) -> tuple[float, ...]:
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


def table_sizes(count: int, settings: TournamentSettings) -> tuple[list[int], int]:
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


def pair(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int) -> list[Game]:
    """The tables of round ``round_no`` and its byes.

    Round 1: snake by seed (seeds 1…t at tables 1…t, then back t…1 …).  Byes (every round) to the lowest-standing
    entrants who have had the fewest.  Later rounds seat the others by these criteria, most important first (each
    outweighs all later ones together):
    1. as few repeated meetings as possible: every pair at a table counts once for each earlier round it shared a
       table;
    2. by standing: the sum over the tables of the squared points differences between tablemates as small as
       possible (score groups stay together);
    3. the sum of the differences in standing position between tablemates as small as possible (slices of the
       standings: 1st–3rd, 4th–6th … when nothing else decides).
    The seating is found exactly (branch and bound over the entrants in standing order) up to ``SEARCH_NODES``
    steps, from the standing slices improved by swaps; the tables are listed by their best-placed entrant.
    Within a table, the entrant who has moved first least often moves first (then the higher standing)."""
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
    if round_no == 1:
        tables: list[list[Entrant]] = [[] for _ in sizes]
        for e, t in zip(seated, _snake(sizes), strict=True):
            tables[t].append(e)
    else:
        tables = _seat(seated, sizes, games, scores(games))
    firsts = {e: sum(1 for g in games if g.played and len(g.entrants) > 1 and g.entrants[0] == e) for e in here}
    position = {e.id: i for i, e in enumerate(order)}
    out = []
    for table in tables:
        seats = sorted(table, key=lambda e: (firsts[e.id], position[e.id])) if settings.first_player else table
        out.append(Game(round_no, tuple(e.id for e in seats), None))
    out += [Game(round_no, (e.id,), (settings.bye_points,), played=False) for e in byes]
    return out


SEARCH_NODES = 200_000  # branch-and-bound steps per round before the best seating found is kept
Cost = tuple[int, int, int]


def _seat(order: list[Entrant], sizes: list[int], games: Sequence[Game],
          points: dict[int, float]) -> list[list[Entrant]]:
    """Tables of ``sizes`` for ``order`` (by standing) by the criteria of `pair`."""
    met: Counter[frozenset[int]] = Counter(frozenset((a, b)) for g in games if len(g.entrants) > 1
                                           for a, b in combinations(g.entrants, 2))
    n = len(order)
    ids = [e.id for e in order]
    # pair costs between positions i and j in the standings: (repeats, squared points gap in millionths, rank gap)
    cost = [[(met[frozenset((ids[i], ids[j]))], round(1e6 * (points.get(ids[i], 0.0) - points.get(ids[j], 0.0)) ** 2),
              abs(i - j)) for j in range(n)] for i in range(n)]

    def table_cost(members: Sequence[int]) -> Cost:
        total = [0, 0, 0]
        for a, b in combinations(members, 2):
            for k in range(3):
                total[k] += cost[a][b][k]
        return total[0], total[1], total[2]

    def total(tables: Sequence[Sequence[int]]) -> Cost:
        parts = [table_cost(t) for t in tables]
        return sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts)

    start, tables = 0, []
    for size in sizes:  # the standing slices
        tables.append(list(range(start, start + size)))
        start += size
    best = _improve(tables, total)
    best_cost = total(best)
    if best_cost[0] > 0 or best_cost[1] > 0:  # else the slices (improved) are already best on what matters
        best = _search(n, sizes, cost, best, best_cost)
    best.sort(key=min)
    return [[order[i] for i in sorted(t)] for t in best]


def _improve(tables: list[list[int]], total: Callable[[Sequence[Sequence[int]]], Cost]) -> list[list[int]]:
    """Swap entrants between tables while that lowers the cost."""
    current = total(tables)
    better = True
    while better:
        better = False
        for t, u in combinations(range(len(tables)), 2):
            for i in range(len(tables[t])):
                for j in range(len(tables[u])):
                    tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
                    tried = total(tables)
                    if tried < current:
                        current, better = tried, True
                    else:
                        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
    return tables


def _search(n: int, sizes: list[int], cost: list[list[Cost]], best: list[list[int]],
            best_cost: Cost) -> list[list[int]]:
    """Branch and bound: place the entrants in standing order, each at a table with room (of several empty tables
    of one size, only the first), cutting every branch already as costly as the best seating found."""
    tables: list[list[int]] = [[] for _ in sizes]
    nodes = 0

    def place(i: int, so_far: Cost) -> None:
        nonlocal nodes, best, best_cost
        if nodes >= SEARCH_NODES:
            return
        nodes += 1
        if i == n:
            best, best_cost = [list(t) for t in tables], so_far
            return
        tried_empty: set[int] = set()
        for t, size in enumerate(sizes):
            if len(tables[t]) >= size or (not tables[t] and size in tried_empty):
                continue
            if not tables[t]:
                tried_empty.add(size)
            added = so_far
            for j in tables[t]:
                c = cost[i][j]
                added = (added[0] + c[0], added[1] + c[1], added[2] + c[2])
            if added >= best_cost:
                continue
            tables[t].append(i)
            place(i + 1, added)
            tables[t].pop()

    place(0, (0, 0, 0))
    return best


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
