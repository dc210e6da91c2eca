"""Berger tables for 3–16 entrants and round-robin pairing (single and double, drops)."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, berger_table, pair_round, rounds_for


def test_six_players_match_fides_printed_berger_table() -> None:
    printed = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    table = berger_table(6)
    assert [sorted((a + 1, b + 1) for a, b in r) for r in table] == [sorted(r) for r in printed]


@pytest.mark.parametrize("n", range(3, 17))
def test_every_pair_meets_once_and_seats_alternate(n: int) -> None:
    table = berger_table(n)
    assert len(table) == n - 1 + n % 2
    met = [frozenset(p) for r in table for p in r if -1 not in p]
    assert sorted(map(sorted, met)) == sorted(map(sorted, (frozenset(p) for p in combinations(range(n), 2))))
    for r in table:
        seated = [x for p in r for x in p if x != -1]
        assert sorted(seated) == list(range(n))  # everyone once a round (an odd field: one with the bye)
    byes = [p[0] for r in table for p in r if p[1] == -1]
    assert sorted(byes) == (list(range(n)) if n % 2 else [])
    for who in range(n):
        seats = [0 if p[0] == who else 1 for r in table for p in r if who in p and -1 not in p]
        # Berger tables: first and second differ by at most one, and nobody has the same seat three times
        # running; in an even field, the same seat twice running at most once per entrant
        assert abs(seats.count(0) - seats.count(1)) <= 1
        assert all(seats[i] != seats[i + 1] or seats[i + 1] != seats[i + 2] for i in range(len(seats) - 2))
        repeats = sum(seats[i] == seats[i + 1] for i in range(len(seats) - 1))
        assert repeats <= 1 if n % 2 == 0 else True


def test_round_robin_pairs_by_seed_and_double_swaps_seats() -> None:
    entrants = field(4)
    single = TournamentSettings("roundrobin", None)
    double = TournamentSettings("double-roundrobin", None)
    assert rounds_for(single, 4) == 3 and rounds_for(double, 4) == 6 and rounds_for(single, 5) == 5
    first = pair_round(single, entrants, [], 1)
    assert [g.entrants for g in first] == [(0, 3), (1, 2)]
    assert [g.entrants for g in pair_round(double, entrants, [], 4)] == [(3, 0), (2, 1)]
    with pytest.raises(ValueError, match="3 rounds"):
        pair_round(single, entrants, [], 4)


def test_odd_field_gets_a_bye_and_a_dropped_opponent_gives_one() -> None:
    entrants = field(5, {2: 1})
    s = TournamentSettings("roundrobin", None, bye_points=0.5)
    first = pair_round(s, entrants, [], 1)
    assert Game(1, (0,), (0.5,), played=False) in first
    later = [w for r in range(2, 6) for g in pair_round(s, entrants, [], r) for w in g.entrants]
    assert 2 not in later
    for r in range(2, 6):
        games = pair_round(s, entrants, [], r)
        assert sorted(w for g in games for w in g.entrants) == [0, 1, 3, 4]
