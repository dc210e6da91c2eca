"""Standings: the worked example of design/tournaments.md exactly, a 7-player Swiss worked by hand, direct
encounter, forfeits and byes."""

from __future__ import annotations

import pytest

from tournament_rules import Entrant, Game, TournamentSettings, pair_round, standings

SWISS3 = TournamentSettings("swiss", 3)


def test_worked_example_of_the_design_note() -> None:
    a, b, c, d, e = range(5)
    entrants = [Entrant(i, i, 2000 - 100 * i, 2 if i == c else None) for i in range(5)]
    games = [
        Game(1, (a, c), (1, 0)), Game(1, (b, d), (0.5, 0.5)), Game(1, (e,), (1,), played=False),
        Game(2, (a, e), (1, 0)), Game(2, (b, c), (1, 0)), Game(2, (d,), (1,), played=False),
        Game(3, (a, b), (0.5, 0.5)), Game(3, (d, e), (0, 1)),
    ]
    table = standings(SWISS3, entrants, games)
    got = [(s.entrant, s.rank, s.points, s.buchholz_cut1, s.sonneborn_berger, s.wins, s.withdrawn) for s in table]
    assert got == [
        (a, 1, 2.5, 4.0, 3.0, 2, False),
        (e, 2, 2.0, 4.5, 1.5, 1, False),
        (b, 3, 2.0, 4.0, 2.0, 1, False),
        (d, 4, 1.5, 4.0, 1.0, 0, False),
        (c, 5, 0.0, 4.5, 0.0, 0, True),
    ]
    results = {s.entrant: s.results for s in table}
    assert results == {a: ("W", "W", "D"), e: ("B", "L", "W"), b: ("D", "W", "D"), d: ("D", "B", "L"),
                       c: ("L", "L", "-")}


def test_buchholz_contributions_use_own_score_for_rounds_without_a_played_game() -> None:
    # the note's contributions, summed before the cut: A 0+2+2, E 2(own)+2½+1½, C 2½+2+0(own)
    a, b, c, d, e = range(5)
    entrants = [Entrant(i, i, 2000 - 100 * i, 2 if i == c else None) for i in range(5)]
    games = [
        Game(1, (a, c), (1, 0)), Game(1, (b, d), (0.5, 0.5)), Game(1, (e,), (1,), played=False),
        Game(2, (a, e), (1, 0)), Game(2, (b, c), (1, 0)), Game(2, (d,), (1,), played=False),
    ]
    # after two rounds: A 2, B 1½, C 0, D 1½, E 1; C's contributions: A 2, B 1½; cut 1 drops 1½
    table = {s.entrant: s for s in standings(SWISS3, entrants, games)}
    assert table[c].buchholz_cut1 == 2.0
    assert table[e].buchholz_cut1 == 2.0  # own 1 (bye), A 2: the cut drops the own 1
    assert table[d].buchholz_cut1 == 1.5  # B 1½, own 1½ (bye): one is cut


def test_seven_player_swiss_with_a_bye_and_a_drop_worked_by_hand() -> None:
    # P1…P7 (ids 0…6) seeded and rated in that order; P4 drops after round 1.
    p = {k: k - 1 for k in range(1, 8)}
    entrants = [Entrant(i, i, 2000 - 100 * i, 1 if i == p[4] else None) for i in range(7)]

    def ids(*names: int) -> tuple[int, ...]:
        return tuple(p[n] for n in names)

    # Round 1: one score group of six after the bye to the lowest (P7); top half against bottom half,
    # the higher-ranked moving first on boards 1 and 3, second on board 2.
    r1 = pair_round(SWISS3, entrants, [], 1)
    assert [g.entrants for g in r1] == [ids(1, 4), ids(5, 2), ids(3, 6), ids(7)]
    assert r1[-1].points == (1.0,) and not r1[-1].played
    results = {ids(1, 4): (1, 0), ids(5, 2): (0.5, 0.5), ids(3, 6): (0, 1)}
    games = [Game(1, g.entrants, results.get(g.entrants, g.points), g.played) for g in r1]

    # Round 2: P1 P6 P7 on 1, P2 P5 on ½, P3 on 0; P4 gone, six left, no bye.  P2-P5 have met, so the
    # least float: one of the 1s down to a ½, the other ½ down to P3 (squared differences 1 + 1).  First-move
    # wishes (P1 second, P6 first, P2 first, P5 second, P3 second, P7 none) are all granted only if P5 meets
    # P6 or P7.  P7's bye was a float down, so P7 does not float again: P6 floats, P1-P7, P6-P5, P2-P3.
    r2 = pair_round(SWISS3, entrants, games, 2)
    assert [g.entrants for g in r2] == [ids(7, 1), ids(6, 5), ids(2, 3)]
    results = {ids(7, 1): (0, 1), ids(6, 5): (0.5, 0.5), ids(2, 3): (1, 0)}
    games += [Game(2, g.entrants, results[g.entrants]) for g in r2]

    # Round 3: P1 2; P2 P6 1½; P5 P7 1; P3 0.  Fewest squared differences (1+1+4): P1 with a 1½, the other 1½
    # with a 1, the other 1 with P3; with the meetings so far that is P1-P2 & P6-P7 & P5-P3 or P1-P6 & P2-P7 &
    # P5-P3.  Both leave two wishes unmet (P7 and P6/P2 all want second; P5 and P3 first) and both repeat two
    # floats (P6 or P2 down again, P3 up again); the first keeps floats at the edges of their groups.  Seats:
    # P1 first (its wish, P2's too); P7's strong wish beats P6's mild one; P5 and P3 have the same history:
    # P5, the higher-ranked, gets first.
    r3 = pair_round(SWISS3, entrants, games, 3)
    assert [g.entrants for g in r3] == [ids(1, 2), ids(6, 7), ids(5, 3)]
    results = {ids(1, 2): (0.5, 0.5), ids(6, 7): (1, 0), ids(5, 3): (0, 1)}
    games += [Game(3, g.entrants, results[g.entrants]) for g in r3]

    table = standings(SWISS3, entrants, games)
    got = [(s.entrant, s.points, s.buchholz_cut1, s.sonneborn_berger, s.wins) for s in table]
    assert got == [
        (p[1], 2.5, 3.0, 2.0, 2),  # opponents P4 0, P7 1, P2 2 (cut the 0); SB 0 + 1 + ½·2
        (p[6], 2.5, 2.0, 2.5, 2),  # P3 1, P5 1, P7 1; SB 1 + ½·1 + 1
        (p[2], 2.0, 3.5, 2.75, 1),  # P5 1, P3 1, P1 2½; SB ½ + 1 + 1¼
        (p[7], 1.0, 5.0, 0.0, 0),  # own 1 (bye), P1 2½, P6 2½
        (p[5], 1.0, 4.5, 2.25, 0),  # P2 2, P6 2½, P3 1; SB 1 + 1¼ + 0
        (p[3], 1.0, 4.5, 1.0, 1),  # P6 2½, P2 2, P5 1; SB 0 + 0 + 1
        (p[4], 0.0, 2.5, 0.0, 0),  # P1 2½, own 0, own 0
    ]
    assert table[-1].withdrawn and table[-1].results == ("L", "-", "-")
    assert table[3].results == ("B", "L", "L")


def test_direct_encounter_breaks_a_tie_left_by_buchholz_and_sb() -> None:
    # Round robin of four: C beats D; C and D end on 1½ with Buchholz cut 1 4 (C: D 1½ + A 2½ + B ½ - ½;
    # D: C 1½ + B ½ + A 2½ - ½) and SB 1¾ (C: 1·1½ + 0·2½ + ½·½; D: 0·1½ + 1·½ + ½·2½).
    a, b, c, d = range(4)
    # D signed up before C (and same rating): without the direct encounter D would lead
    entrants = [Entrant(a, 0, 1500), Entrant(b, 1, 1500), Entrant(d, 2, 1500), Entrant(c, 3, 1500)]
    games = [
        Game(1, (a, b), (1, 0)), Game(1, (c, d), (1, 0)),
        Game(2, (a, c), (1, 0)), Game(2, (b, d), (0, 1)),
        Game(3, (a, d), (0.5, 0.5)), Game(3, (b, c), (0.5, 0.5)),
    ]
    table = {s.entrant: s for s in standings(TournamentSettings("roundrobin", None), entrants, games)}
    assert (table[c].points, table[c].buchholz_cut1, table[c].sonneborn_berger) == (1.5, 4.0, 1.75)
    assert (table[d].points, table[d].buchholz_cut1, table[d].sonneborn_berger) == (1.5, 4.0, 1.75)
    assert table[c].direct == 1.0 and table[d].direct == 0.0
    assert table[a].direct is None and table[b].direct is None  # not tied with anyone
    assert (table[a].rank, table[c].rank, table[d].rank, table[b].rank) == (1, 2, 3, 4)


def test_direct_encounter_is_skipped_unless_every_tied_pair_played() -> None:
    a, b, c, d = range(4)
    entrants = [Entrant(i, i, 1500) for i in range(4)]
    # A and B both 1 point, never met: no direct encounter
    games = [Game(1, (a, c), (1, 0)), Game(1, (b, d), (1, 0))]
    table = {s.entrant: s for s in standings(SWISS3, entrants, games)}
    assert table[a].direct is None and table[b].direct is None
    # a forfeit between them is not a game played: A won it, B won a game, both 1 and no direct encounter
    games = [Game(1, (a, b), (1, 0), played=False), Game(1, (c, d), (0.5, 0.5)),
             Game(2, (b, c), (1, 0)), Game(2, (a, d), (0, 1))]
    table = {s.entrant: s for s in standings(SWISS3, entrants, games)}
    assert table[a].points == table[b].points == 1.0
    assert table[a].direct is None and table[b].direct is None


def test_forfeit_counts_points_but_not_as_played() -> None:
    a, b = 0, 1
    entrants = [Entrant(0, 0, 1600), Entrant(1, 1, 1500)]
    table = {s.entrant: s for s in standings(SWISS3, entrants, [Game(1, (a, b), (1, 0), played=False)])}
    assert table[a].points == 1.0 and table[a].wins == 0 and table[a].results == ("F+",)
    assert table[b].results == ("F-",)
    assert table[a].sonneborn_berger == 0.0  # SB is over played games only
    assert table[a].buchholz_cut1 == 0.0  # one round: its own score, then cut


@pytest.mark.parametrize("bye", [1.0, 0.5, 0.0])
def test_bye_points_come_from_the_settings(bye: float) -> None:
    settings = TournamentSettings("swiss", 3, bye_points=bye)
    entrants = [Entrant(i, i, 2000 - i) for i in range(3)]
    round1 = pair_round(settings, entrants, [], 1)
    byes = [g for g in round1 if len(g.entrants) == 1]
    assert len(byes) == 1 and byes[0].points == (bye,) and byes[0].entrants == (2,)
    games = [g if g.points is not None else Game(1, g.entrants, (0.5, 0.5)) for g in round1]
    assert {s.entrant: s.points for s in standings(settings, entrants, games)}[2] == bye


def test_a_withdrawn_entrant_keeps_their_row_but_takes_no_place() -> None:
    """A withdraws after round 2 on 2 points, above C and D who play on: the table keeps A's row where the score puts
    it, but the places (the table's #, the podium, /profile) go to those still in, closing up behind A."""
    from render.standings import podium

    a, b, c, d = 1, 2, 3, 4
    entrants = [Entrant(a, 0, 0.0, dropped_after=2), Entrant(b, 1, 0.0), Entrant(c, 2, 0.0), Entrant(d, 3, 0.0)]
    games = [Game(1, (a, b), (1, 0)), Game(1, (c, d), (1, 0)), Game(2, (a, c), (1, 0)), Game(2, (b, d), (1, 0)),
             Game(3, (b, c), (1, 0)), Game(3, (d,), (1,), played=False)]
    rows = standings(TournamentSettings("swiss", rounds=3), entrants, games)
    assert rows[0].entrant in (a, b) and rows[1].entrant in (a, b)  # 2 points each: A's row stays up there
    assert {s.entrant: s.place for s in rows}[a] is None
    still_in = [s for s in rows if not s.withdrawn]
    assert [s.place for s in still_in] == [1, 2, 3]
    assert [s.rank for s in rows] == [1, 2, 3, 4]  # the table's order is unchanged
    assert [(place, [s.entrant for s in who]) for place, who in podium(rows)] == \
        [(s.place, [s.entrant]) for s in still_in]
