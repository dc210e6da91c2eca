"""Team events whose teams are drawn anew each round: the entrants are players, each round's tables are teams
drawn from the players still in, then paired by the teams' mean score."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from tournament_rules.history import present
from tournament_rules.model import Entrant, Game, TournamentSettings
from tournament_rules.pods import draw_teams
from tournament_rules.standings import scores

DRAWS = 40  # draws tried per round; the one repeating the fewest partnerships is kept


def pair_drawn(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game], round_no: int,
               team_size: int, per_table: int, rng: random.Random) -> list[Game]:
    """Round ``round_no``: players who cannot fill a table sit out with a bye (those with the fewest byes, then
    the lowest score); the rest are drawn into teams of ``team_size`` (of ``DRAWS`` draws, the one repeating
    the fewest earlier partnerships), the teams ordered by mean score (the draw breaks ties) and seated
    ``per_table`` to a table, the leaders at board 1.  A table's entrants are its teams' members in seat
    order, ``sides`` telling the teams apart; byes come last."""
    if any(g.round >= round_no for g in games):
        raise ValueError(f"Round {round_no} has already been paired.")
    here = [e.id for e in entrants if present(e, round_no)]
    total = scores(games)
    byes = Counter(g.entrants[0] for g in games if g.is_bye)
    seated = len(here) - len(here) % (team_size * per_table)
    order = list(here)
    rng.shuffle(order)
    order.sort(key=lambda p: (byes[p], total.get(p, 0.0)))
    sitting = order[:len(here) - seated]
    playing = [p for p in here if p not in sitting]
    partners = Counter(frozenset(pair) for g in games if g.sides is not None
                       for pair in combinations(g.entrants, 2) if g.side(g.entrants.index(pair[0]))
                       == g.side(g.entrants.index(pair[1])))
    best: list[tuple[int, ...]] = []
    best_cost = -1
    for _ in range(DRAWS if playing else 0):
        teams = draw_teams(playing, team_size, rng)
        cost = sum(partners[frozenset(pair)] for team in teams for pair in combinations(team, 2))
        if best_cost < 0 or cost < best_cost:
            best, best_cost = teams, cost
        if cost == 0:
            break
    best.sort(key=lambda team: -sum(total.get(p, 0.0) for p in team) / team_size)
    tables = []
    for i in range(0, len(best), per_table):
        seats = best[i:i + per_table]
        tables.append(Game(round_no, tuple(p for team in seats for p in team), None,
                           sides=tuple(s for s, team in enumerate(seats) for _ in team)))
    return tables + [Game(round_no, (p,), (settings.bye_points,), played=False) for p in sitting]
