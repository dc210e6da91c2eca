"""Pods: snake seating in round 1, by standing later, placement points with shared places, pod Buchholz,
table sizes and byes, first-seat rotation, random teams."""

from __future__ import annotations

import random

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, draw_teams, pair_round, placement_points, standings
from tournament_rules.pods import table_sizes

PODS3 = TournamentSettings("pods", 2, pod_size=3)


def test_round_one_snakes_by_seed() -> None:
    tables = [g.entrants for g in pair_round(TournamentSettings("pods", 3, pod_size=4), field(12), [], 1)]
    # seeds 1-3 to tables 1-3, 4-6 back 3-1, 7-9 forward, 10-12 back
    assert [sorted(t) for t in tables] == [[0, 5, 6, 11], [1, 4, 7, 10], [2, 3, 8, 9]]


@pytest.mark.parametrize(("places", "points"), [
    ((1, 2, 3), (3.0, 1.0, 0.0)),
    ((1, 1, 3), (2.0, 2.0, 0.0)),  # two share 1st: (3 + 1) / 2
    ((1, 2, 2), (3.0, 0.5, 0.5)),
    ((1, 1, 1), (4 / 3, 4 / 3, 4 / 3)),
    ((2, 1, 3, 4), (1.0, 3.0, 0.0, 0.0)),
    ((1, 2, 2, 2), (3.0, 1 / 3, 1 / 3, 1 / 3)),
])
def test_placement_points_share_averages(places: tuple[int, ...], points: tuple[float, ...]) -> None:
    assert placement_points(PODS3, places) == pytest.approx(points)


def test_pod_buchholz_and_seating_by_standing_worked_by_hand() -> None:
    entrants = field(6)
    r1 = pair_round(PODS3, entrants, [], 1)
    assert [g.entrants for g in r1] == [(0, 3, 4), (1, 2, 5)]  # snake: 1 4 5 | 2 3 6
    games = [Game(1, (0, 3, 4), (3.0, 1.0, 0.0), places=(1, 2, 3)),
             Game(1, (1, 2, 5), (2.0, 2.0, 0.0), places=(1, 1, 3))]
    # by standing: 0 (3), 1 and 2 (2; both a 1st, 1 rated higher), 3 (1), 4 and 5 (0, 4 rated higher).
    # First seat: 0 and 1 had it, so 2 moves first at the top table, then 0, 1 by standing.
    r2 = pair_round(PODS3, entrants, games, 2)
    assert [g.entrants for g in r2] == [(2, 0, 1), (3, 4, 5)]
    games += [Game(2, (2, 0, 1), (3.0, 1.0, 0.0), places=(1, 2, 3)),
              Game(2, (3, 4, 5), (1.0, 0.0, 3.0), places=(2, 3, 1))]
    # finals: 0 4, 1 2, 2 5, 3 2, 4 0, 5 3.  Pod Buchholz (mean of the others at the table), cut 1:
    # 0: (2+0)/2=1, (5+2)/2=3½ -> 3½     1: (5+3)/2=4, (5+4)/2=4½ -> 4½    2: (2+3)/2=2½, (4+2)/2=3 -> 3
    # 3: (4+0)/2=2, (0+3)/2=1½ -> 2      4: (4+2)/2=3, (2+3)/2=2½ -> 3     5: (2+5)/2=3½, (2+0)/2=1 -> 3½
    table = standings(PODS3, entrants, games)
    got = [(s.entrant, s.points, s.buchholz_cut1, s.wins) for s in table]
    assert got == [(2, 5.0, 3.0, 2), (0, 4.0, 3.5, 1), (5, 3.0, 3.5, 1), (1, 2.0, 4.5, 1), (3, 2.0, 2.0, 0),
                   (4, 0.0, 3.0, 0)]
    assert table[0].results == ("1", "1") and table[1].results == ("1", "2")
    assert all(s.sonneborn_berger == 0 and s.direct is None for s in table)


def test_table_sizes_and_byes() -> None:
    cintos = TournamentSettings("pods", 3, pod_size=4)  # exactly four seats: the rest get byes
    sinoda = TournamentSettings("pods", 3, pod_size=4, pod_min=3)  # three or four seats
    assert table_sizes(10, cintos) == ([4, 4], 2)
    assert table_sizes(10, sinoda) == ([4, 3, 3], 0)
    assert table_sizes(9, sinoda) == ([3, 3, 3], 0)
    assert table_sizes(5, sinoda) == ([4], 1)
    entrants = field(10)
    games: list[Game] = []
    for r in (1, 2, 3):
        new = pair_round(cintos, entrants, games, r)
        byes = [g for g in new if len(g.entrants) == 1]
        assert len(byes) == 2 and all(not g.played and g.points == (1.0,) for g in byes)
        seated = sorted(w for g in new for w in g.entrants)
        assert seated == list(range(10))
        games += [g if g.points is not None else
                  Game(r, g.entrants, placement_points(cintos, (1, 2, 3, 4)), places=(1, 2, 3, 4)) for g in new]
    bye_counts = [sum(1 for g in games if g.entrants == (e,)) for e in range(10)]
    assert max(bye_counts) == 1  # six byes over ten entrants: nobody twice
    with pytest.raises(ValueError, match="cannot fill"):
        pair_round(TournamentSettings("pods", 1, pod_size=4, pod_min=3), field(2), [], 1)


def test_dropped_entrants_are_not_seated_and_first_seat_rotates() -> None:
    entrants = field(8, {5: 1})
    s = TournamentSettings("pods", 4, pod_size=4, pod_min=3)
    games: list[Game] = []
    for r in range(1, 5):
        new = pair_round(s, entrants, games, r)
        if r > 1:
            assert 5 not in [w for g in new for w in g.entrants]
        firsts = {e: sum(1 for g in games if g.entrants[0] == e) for e in range(8)}
        for g in new:  # the first seat goes to one of the table who has had it least
            assert firsts[g.entrants[0]] == min(firsts[e] for e in g.entrants)
        games += [Game(r, g.entrants, placement_points(s, tuple(range(1, len(g.entrants) + 1))),
                       places=tuple(range(1, len(g.entrants) + 1))) for g in new]
    firsts_all = [sum(1 for g in games if g.entrants[0] == e) for e in range(8) if e != 5]
    assert max(firsts_all) <= 2


def test_draw_teams_is_a_pure_function_of_the_rng() -> None:
    players = list(range(100, 112))
    teams = draw_teams(players, 2, random.Random(3))
    assert teams == draw_teams(players, 2, random.Random(3))
    assert sorted(p for t in teams for p in t) == players and all(len(t) == 2 for t in teams)
    assert teams != draw_teams(players, 2, random.Random(4))
    with pytest.raises(ValueError, match="do not split"):
        draw_teams(players[:5], 2, random.Random(1))


def meetings(games: list[Game]) -> set[frozenset[int]]:
    return {frozenset((a, b)) for g in games if len(g.entrants) > 1 for a in g.entrants for b in g.entrants if a < b}


@pytest.mark.parametrize("seed", range(6))
def test_nine_in_pods_of_three_never_meet_again_while_they_need_not(seed: int) -> None:
    # issue 25 defect 4: round 2 of 9-player Sinoda pods repeated five round-1 meetings (one whole pod) although
    # four rounds without any repeat exist (the four parallel classes of the 3 × 3 grid)
    settings = TournamentSettings("pods", 4, pod_size=3)
    entrants = field(9)
    rng = random.Random(seed)
    games: list[Game] = []
    for r in range(1, 5):
        new = pair_round(settings, entrants, games, r)
        assert not meetings(new) & meetings(games), f"round {r} repeats a meeting"
        for g in new:
            places = tuple(rng.sample([1, 2, 3], 3))
            games.append(Game(r, g.entrants, placement_points(settings, places), places=places))
        leader = standings(settings, entrants, games)[0].entrant if r < 4 else None
        if leader is not None:
            assert leader in pair_round(settings, entrants, games, r + 1)[0].entrants  # the leaders at table 1


def test_pods_still_pair_by_standing_when_no_meeting_is_repeated() -> None:
    # 12 in pods of 3: after round 1 the top three by standing have not met, so they sit together at table 1
    settings = TournamentSettings("pods", 3, pod_size=3)
    entrants = field(12)
    r1 = pair_round(settings, entrants, [], 1)
    games = [Game(1, g.entrants, placement_points(settings, (1, 2, 3)), places=(1, 2, 3)) for g in r1]
    winners = sorted((g.entrants[0] for g in r1), key=lambda e: [s.entrant for s in
                                                                   standings(settings, entrants, games)].index(e))
    r2 = pair_round(settings, entrants, games, 2)
    assert set(r2[0].entrants) == set(winners[:3])
    assert not meetings(r2) & meetings(games)
