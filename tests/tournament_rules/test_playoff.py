"""Top cut (tournaments/playoff.py): a Swiss stage, then a single-elimination playoff of its best, seeded by the
stage's standings; the playoff decides the final places of those in it."""

from __future__ import annotations

import random

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, finished, pair_round, rounds_for, standings


def play_stage(settings: TournamentSettings, entrants: list, rounds: int, rng: random.Random) -> list[Game]:
    games: list[Game] = []
    for r in range(1, rounds + 1):
        for g in pair_round(settings, entrants, games, r):
            games.append(g if g.points is not None else
                         Game(r, g.entrants, rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])))
    return games


def test_eleven_in_four_swiss_rounds_then_the_top_eight() -> None:
    settings = TournamentSettings("swiss", 4, playoff=8)
    entrants = field(11)
    assert rounds_for(settings, 11) == 4 + 3
    rng = random.Random(3)
    games = play_stage(settings, entrants, 4, rng)
    stage = standings(TournamentSettings("swiss", 4), entrants, games)
    assert standings(settings, entrants, games) == stage  # before the playoff: the stage's standings
    assert not finished(settings, entrants, games)
    quarter = pair_round(settings, entrants, games, 5)
    seed = [s.entrant for s in stage][:8]  # 1 v 8, 4 v 5, 2 v 7, 3 v 6, the better seed first
    assert [g.entrants for g in quarter] == [(seed[0], seed[7]), (seed[3], seed[4]), (seed[1], seed[6]),
                                             (seed[2], seed[5])]
    # the lower seed wins every playoff match: the champion is seed 8
    r = 5
    while not finished(settings, entrants, games):
        for g in pair_round(settings, entrants, games, r):
            lower = max(g.entrants, key=seed.index)
            games.append(Game(r, g.entrants, tuple(1.0 if e == lower else 0.0 for e in g.entrants)))
        r += 1
    assert r == 8
    final = standings(settings, entrants, games)
    # champion seed 8, finalist seed 7, the semi-finals' losers (seeds 5, 6) share 3rd, the quarter-finals' losers
    # share 5th: ties in the stage's order
    assert [s.entrant for s in final][:8] == [seed[7], seed[6], seed[4], seed[5], seed[0], seed[1], seed[2], seed[3]]
    assert [s.entrant for s in final][8:] == [s.entrant for s in stage][8:]  # the rest keep their stage places
    assert [s.rank for s in final] == list(range(1, 12))
    assert [s.place for s in final] == list(range(1, 12))  # the podium, /profile and exports read the place
    assert len(final[0].results) == 7 and len(final[-1].results) == 4  # playoff rounds only for those in it
    with pytest.raises(ValueError, match="decided"):
        pair_round(settings, entrants, games, 8)


def test_a_top_cut_is_for_swiss_or_pods_and_takes_4_8_or_16() -> None:
    with pytest.raises(ValueError, match="top cut"):
        TournamentSettings("roundrobin", playoff=8)
    with pytest.raises(ValueError, match="top cut"):
        TournamentSettings("swiss", 3, playoff=6)
    assert TournamentSettings("pods", 3, pod_size=3, playoff=4).playoff == 4
