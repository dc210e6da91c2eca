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
    # the podium, /profile and exports read the place: the semi-finals' losers share 3rd–4th, the quarter-finals'
    # 5th–8th (issue 41.4, as Challonge and start.gg show it); the rest keep their stage places
    assert [(s.place, s.place_to) for s in final][:8] == [(1, 1), (2, 2), (3, 4), (3, 4), *[(5, 8)] * 4]
    assert [s.place for s in final][8:] == [s.place for s in stage][8:] and final[8].place == 9
    assert len(final[0].results) == 7 and len(final[-1].results) == 4  # playoff rounds only for those in it
    with pytest.raises(ValueError, match="decided"):
        pair_round(settings, entrants, games, 8)


def test_a_top_cut_is_for_swiss_or_pods_and_takes_4_8_or_16() -> None:
    with pytest.raises(ValueError, match="top cut"):
        TournamentSettings("roundrobin", playoff=8)
    with pytest.raises(ValueError, match="top cut"):
        TournamentSettings("swiss", 3, playoff=6)
    assert TournamentSettings("pods", 3, pod_size=3, playoff=4).playoff == 4


def stage_with_a_late_drop(settings: TournamentSettings, count: int, third: bool = True) -> tuple[list, list[Game],
                                                                                                  int]:
    """Every stage round played by the better seed winning (pods: seat order), except that the entrant 3rd after
    round 2 drops during the last round (their game there lost, not played). (entrants, games, who dropped)."""
    stage = settings.rounds or 3
    entrants = field(count)
    games: list[Game] = []
    for r in range(1, stage):
        for g in pair_round(settings, entrants, games, r):
            games.append(g if g.points is not None else Game(r, g.entrants, _seat_order(settings, g)))
    table = standings(settings, entrants, games)
    leaver = table[2].entrant if third else table[-1].entrant
    last = pair_round(settings, entrants, games, stage)
    entrants = field(count, {leaver: stage})  # they drop while the last round is played
    for g in last:
        if g.points is not None:
            games.append(g)
        elif leaver in g.entrants:  # resigned at once: the others win, not over the board
            points = tuple(0.0 if e == leaver else 1.0 for e in g.entrants)
            places = tuple(len(g.entrants) if e == leaver else 1 for e in g.entrants) if g.places is not None or \
                settings.format == "pods" else None
            if places is not None:
                points = tuple(3.0 if p == 1 else 0.0 for p in places)
            games.append(Game(stage, g.entrants, points, played=False, places=places))
        else:
            games.append(Game(stage, g.entrants, _seat_order(settings, g), places=_places(settings, g)))
    return entrants, games, leaver


def _places(settings: TournamentSettings, g: Game) -> tuple[int, ...] | None:
    return tuple(range(1, len(g.entrants) + 1)) if settings.format == "pods" else None


def _seat_order(settings: TournamentSettings, g: Game) -> tuple[float, ...]:
    """The first seat wins (pods: placement points in seat order)."""
    if settings.format == "pods":
        return tuple(settings.placement_points[i] if i < len(settings.placement_points) else 0.0
                     for i in range(len(g.entrants)))
    return (1.0, 0.0)


@pytest.mark.parametrize(("settings", "count", "cut"), [
    (TournamentSettings("swiss", 3, playoff=8), 10, 8),
    (TournamentSettings("swiss", 3, playoff=4), 10, 4),
    (TournamentSettings("pods", 3, pod_size=3, playoff=4), 9, 4),
])
def test_a_drop_during_the_last_stage_round_takes_no_seed(settings: TournamentSettings, count: int, cut: int) -> None:
    """Issue 41.1: entrant 3rd after round 2 drops during round 3, the stage's last: the top cut is the best of the
    standings still in (the next one moves up), nobody gets a walkover, and the final standings leave the leaver
    out of the playoff's places."""
    entrants, games, leaver = stage_with_a_late_drop(settings, count)
    stage = standings(settings, entrants, games)
    still_in = [s.entrant for s in stage if not s.withdrawn]
    first = pair_round(settings, entrants, games, 4)
    seated = [e for g in first for e in g.entrants]
    assert leaver not in seated
    assert sorted(seated) == sorted(still_in[:cut])
    assert all(len(g.entrants) == 2 and g.played for g in first)  # no walkover
    r = 4
    while not finished(settings, entrants, games):
        for g in pair_round(settings, entrants, games, r):
            games.append(Game(r, g.entrants, (1.0, 0.0)))
        r += 1
    final = standings(settings, entrants, games)
    row = next(s for s in final if s.entrant == leaver)
    assert row.withdrawn and row.place is None
    assert len(row.results) == 3  # no playoff round for them
    assert {s.entrant for s in final[:cut]} == set(still_in[:cut])  # the playoff's places: its entrants first
