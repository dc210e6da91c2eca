"""Shared places (issue 41.4 and 41.6): the losers of one knockout round share a place (3–4, 5–8) as Challonge and
start.gg show it, unless a match decides it (the third-place match); entrants level on every sporting criterion share
one too (two who share a table's first place), rating and sign-up order only ordering their rows."""

from __future__ import annotations

from tests.tournament_rules.helpers import field
from tournament_rules import Entrant, Game, Standing, TournamentSettings, finished, pair_round, place_text, standings


def knockout(settings: TournamentSettings, count: int) -> list[Game]:
    """The better seed (lower id) wins every match."""
    entrants = field(count)
    games: list[Game] = []
    r = 1
    while not (games and finished(settings, entrants, games)):
        games += [g if g.points is not None else Game(r, g.entrants, tuple(1.0 if e == min(g.entrants) else 0.0
                                                                             for e in g.entrants))
                  for g in pair_round(settings, entrants, games, r)]
        r += 1
    return games


def spans(rows: list[Standing]) -> list[tuple[int, int | None, int | None]]:
    return [(s.entrant, s.place, s.place_to) for s in rows]


def test_an_eight_player_knockout_shares_third_and_fifth() -> None:
    settings = TournamentSettings("elimination")
    rows = standings(settings, field(8), knockout(settings, 8))
    assert spans(rows)[:2] == [(0, 1, 1), (1, 2, 2)]
    assert sorted(spans(rows)[2:4]) == [(2, 3, 4), (3, 3, 4)]
    assert sorted(spans(rows)[4:]) == [(4, 5, 8), (5, 5, 8), (6, 5, 8), (7, 5, 8)]
    assert [place_text(s.place, s.place_to) for s in rows] == ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]
    assert [s.rank for s in rows] == list(range(1, 9))  # the rows keep one order (seeds break the tie)


def test_a_third_place_match_decides_third_and_fourth() -> None:
    settings = TournamentSettings("elimination", third_place=True)
    rows = standings(settings, field(8), knockout(settings, 8))
    assert spans(rows)[:4] == [(0, 1, 1), (1, 2, 2), (2, 3, 3), (3, 4, 4)]
    assert {s.place_to for s in rows[4:]} == {8}


def test_double_elimination_shares_fifth_sixth_and_seventh_eighth() -> None:
    settings = TournamentSettings("double-elimination")
    rows = standings(settings, field(8), knockout(settings, 8))
    assert [(s.place, s.place_to) for s in rows] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (5, 6), (7, 8), (7, 8)]


def test_a_withdrawn_knockout_loser_leaves_the_others_sharing_what_is_left() -> None:
    settings = TournamentSettings("elimination")
    games = knockout(settings, 8)
    entrants = field(8, {7: 1})  # seed 8 lost in round 1 and then left
    rows = standings(settings, entrants, games)
    assert sorted(spans(rows)[4:], key=lambda s: s[0]) == [(4, 5, 7), (5, 5, 7), (6, 5, 7), (7, None, None)]


def test_two_sharing_first_at_a_four_player_table_share_first_in_the_standings() -> None:
    """Issue 41.6: 'Red & Blue win' on the board (places 1, 1, 3, 4) is a shared 1st in the standings (and so on the
    podium and /profile), not 1st and 2nd by rating or sign-up order."""
    settings = TournamentSettings("pods", 1, pod_size=4)
    entrants = [Entrant(i, i, 1500.0 + i, None) for i in range(4)]  # ratings differ: they order rows, not places
    games = [Game(1, (0, 1, 2, 3), (2.0, 2.0, 0.0, 0.0), places=(1, 1, 3, 4))]
    rows = standings(settings, entrants, games)
    # 3rd and 4th score the same placement points (3 / 1 / 0 / 0) and are level on every tie-break: shared too
    assert [(s.place, s.place_to) for s in rows] == [(1, 2), (1, 2), (3, 4), (3, 4)]
    assert [s.results for s in rows][:2] == [("1",), ("1",)]


def test_level_on_every_tie_break_shares_and_a_tie_break_splits() -> None:
    swiss = TournamentSettings("swiss", 1)
    entrants = field(4)
    one_round = [Game(1, (0, 1), (1.0, 0.0)), Game(1, (2, 3), (1.0, 0.0))]
    assert [(s.place, s.place_to) for s in standings(swiss, entrants, one_round)] == [(1, 2), (1, 2), (3, 4), (3, 4)]
    decided = [*one_round, Game(2, (0, 2), (1.0, 0.0)), Game(2, (1, 3), (1.0, 0.0))]
    rows = standings(TournamentSettings("swiss", 2), entrants, decided)
    assert [(s.entrant, s.place, s.place_to) for s in rows] == [(0, 1, 1), (1, 2, 3), (2, 2, 3), (3, 4, 4)]
    assert not rows[0].shared and rows[1].shared


def test_before_any_result_the_seeded_order_shares_nothing() -> None:
    rows = standings(TournamentSettings("swiss", 3), field(4), [])
    assert [(s.place, s.place_to) for s in rows] == [(1, 1), (2, 2), (3, 3), (4, 4)]
