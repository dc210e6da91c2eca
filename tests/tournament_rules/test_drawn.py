"""Teams drawn anew each round (`pair_drawn`): who sits out, partners changing, teams paired by mean score, and
standings over opposing teams only."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, pair_drawn, standings
from tournament_rules.drawn import DRAWS

SWISS = TournamentSettings("swiss", rounds=3)


def team_result(game: Game, rng: random.Random) -> Game:
    """The first or the second team wins (every member scores the team's result)."""
    if game.is_bye:
        return game
    assert game.sides is not None
    winner = rng.choice((0, 1))
    return Game(game.round, game.entrants, tuple(1.0 if s == winner else 0.0 for s in game.sides),
                sides=game.sides)


def partners(game: Game) -> set[frozenset[int]]:
    return {frozenset(p) for p in combinations(game.entrants, 2)
            if game.side(game.entrants.index(p[0])) == game.side(game.entrants.index(p[1]))}


def test_a_round_of_drawn_teams_seats_everyone_once_and_leaders_first() -> None:
    rng = random.Random(1)
    entrants = field(10)
    games = [team_result(g, rng) for g in pair_drawn(SWISS, entrants, [], 1, 2, 2, rng)]
    # ten players in 2 against 2: two tables of four, two byes
    assert [len(g.entrants) for g in games] == [4, 4, 1, 1]
    assert sorted(p for g in games for p in g.entrants) == list(range(10))
    assert all(g.sides == (0, 0, 1, 1) for g in games[:2]) and all(not g.played for g in games[2:])
    second = pair_drawn(SWISS, entrants, games, 2, 2, 2, rng)
    byes_before = {g.entrants[0] for g in games if g.is_bye}
    assert not byes_before & {g.entrants[0] for g in second if g.is_bye}  # a second bye only when all had one
    mine = {p: sum(g.points[g.entrants.index(p)] for g in games if g.points is not None and p in g.entrants)
            for p in range(10)}
    means = [sum(mine[p] for p in g.entrants[s * 2:s * 2 + 2]) / 2 for g in second[:2] for s in (0, 1)]
    assert means == sorted(means, reverse=True)  # teams paired in order of their mean score
    assert not set().union(*map(partners, games[:2])) & set().union(*map(partners, second[:2]))


def test_partners_repeat_only_when_they_must() -> None:
    """Four players in 2 against 2 have three ways to split; the fourth round must repeat a partnership."""
    rng = random.Random(2)
    entrants = field(4)
    games: list[Game] = []
    seen: list[set[frozenset[int]]] = []
    for r in range(1, 4):
        (game,) = pair_drawn(TournamentSettings("swiss", rounds=4), entrants, games, r, 2, 2, rng)
        seen.append(partners(game))
        games.append(team_result(game, rng))
    assert len(set().union(*seen)) == 6 and DRAWS >= 3  # all three splits, none twice


def test_standings_count_opposing_teams_only() -> None:
    # Round 1: 0 & 1 beat 2 & 3.  Round 2: 0 & 2 beat 1 & 3.
    games = [Game(1, (0, 1, 2, 3), (1.0, 1.0, 0.0, 0.0), sides=(0, 0, 1, 1)),
             Game(2, (0, 2, 1, 3), (1.0, 1.0, 0.0, 0.0), sides=(0, 0, 1, 1))]
    rows = {s.entrant: s for s in standings(SWISS, field(4), games)}
    assert {p: rows[p].points for p in rows} == {0: 2.0, 1: 1.0, 2: 1.0, 3: 0.0}
    # 0 met 2 & 3 (mean ½), then 1 & 3 (mean ½): Buchholz cut 1 = ½; SB = ½·1 + ½·1 = 1
    assert rows[0].buchholz_cut1 == pytest.approx(0.5) and rows[0].sonneborn_berger == pytest.approx(1.0)
    assert rows[0].results == ("W", "W") and rows[3].results == ("L", "L") and rows[1].results == ("W", "L")
    assert rows[0].wins == 2 and rows[0].direct is None
    assert next(s.entrant for s in standings(SWISS, field(4), games)) == 0
