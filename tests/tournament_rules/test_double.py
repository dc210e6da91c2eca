"""Double elimination (tournaments/double.py): the two brackets worked by hand for eight, the grand final's reset,
walkovers for drops, byes for odd fields, and random events that always end with a proper ranking."""

from __future__ import annotations

import random

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, double, finished, pair_round, rounds_for, standings

DOUBLE = TournamentSettings("double-elimination")


def play(settings: TournamentSettings, entrants: list, winner, last: int = 60) -> list[Game]:
    """Pair and play rounds until the bracket is decided; ``winner(game)`` names each game's winner (None: draw)."""
    games: list[Game] = []
    for r in range(1, last):
        if games and finished(settings, entrants, games):
            return games
        for g in pair_round(settings, entrants, games, r):
            if g.points is not None:
                games.append(g)
                continue
            w = winner(g)
            games.append(Game(r, g.entrants, (0.5, 0.5) if w is None else
                              tuple(1.0 if e == w else 0.0 for e in g.entrants)))
    raise AssertionError("the bracket never ended")


def test_eight_with_the_better_seed_always_winning_worked_by_hand() -> None:
    entrants = field(8)  # ids 0…7 are seeds 1…8
    games = play(DOUBLE, entrants, lambda g: min(g.entrants))
    by_round = {r: sorted(tuple(sorted(g.entrants)) for g in games if g.round == r) for r in range(1, 7)}
    # seeds are ids + 1. W1: 1-8 4-5 2-7 3-6; W2 1-4 2-3 beside L1 (losers of W1 in pairs) 5-8 6-7;
    # W3 1-2 beside L2: 5 against the loser of W2·2 (3), 6 against the loser of W2·1 (4); L3 3-4; L4 3 against the
    # loser of the winners' final (2); the grand final 1-2, won by the winners' side: no reset.
    assert by_round == {
        1: [(0, 7), (1, 6), (2, 5), (3, 4)],
        2: [(0, 3), (1, 2), (4, 7), (5, 6)],
        3: [(0, 1), (2, 4), (3, 5)],
        4: [(2, 3)],
        5: [(1, 2)],
        6: [(0, 1)],
    }
    assert len(by_round) == rounds_for(DOUBLE, 8) == 6 and max(g.round for g in games) == 6
    places = double.places(DOUBLE, entrants, games)
    assert places == {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 7, 7: 7}
    assert [s.entrant for s in standings(DOUBLE, entrants, games)][:4] == [0, 1, 2, 3]


def test_the_losers_side_winning_the_grand_final_forces_a_reset() -> None:
    entrants = field(4)

    def upset_in_the_final(game: Game) -> int:  # the better seed wins everything but the first grand final
        return max(game.entrants) if game.round == 4 else min(game.entrants)

    games = play(DOUBLE, entrants, upset_in_the_final)
    finals = [g for g in games if set(g.entrants) == {0, 1}]
    assert [g.round for g in finals] == [2, 4, 5]  # winners' final, grand final, reset
    assert double.state(DOUBLE, entrants, games).champion == 0
    no_reset = TournamentSettings("double-elimination", reset=False)
    games = play(no_reset, entrants, upset_in_the_final)
    assert max(g.round for g in games) == 4 and double.state(no_reset, entrants, games).champion == 1


def test_a_walkover_in_the_grand_final_decides_it_without_a_reset() -> None:
    """Issue 41.6: the winners' bracket's finalist drops before the grand final; the losers' side wins it by walkover,
    which is not a loss over the board that a reset would answer: the event ends there."""
    entrants = field(4)
    games: list[Game] = []
    for r in range(1, 4):
        games += [g if g.points is not None else Game(r, g.entrants, tuple(1.0 if e == min(g.entrants) else 0.0
                                                                               for e in g.entrants))
                  for g in pair_round(DOUBLE, entrants, games, r)]
    entrants = field(4, {0: 3})  # seed 1, unbeaten, leaves before the grand final
    (final,) = pair_round(DOUBLE, entrants, games, 4)
    assert final.entrants == (1,) and final.played is False  # a walkover for the losers' bracket's winner
    games.append(final)
    assert finished(DOUBLE, entrants, games)
    assert double.state(DOUBLE, entrants, games).champion == 1
    assert [(s.entrant, s.place) for s in standings(DOUBLE, entrants, games)][:2] == [(1, 1), (0, None)]


def test_two_entrants_meet_again_in_the_grand_final() -> None:
    entrants = field(2)
    games = play(DOUBLE, entrants, lambda g: 1 if g.round == 2 else 0)  # 1 wins the grand final, 0 the reset
    assert [(g.round, set(g.entrants)) for g in games] == [(1, {0, 1}), (2, {0, 1}), (3, {0, 1})]
    assert double.state(DOUBLE, entrants, games).champion == 0


def test_draws_are_replayed_with_the_seats_swapped() -> None:
    entrants = field(2)
    games: list[Game] = [Game(1, (0, 1), (0.5, 0.5))]
    (replay,) = pair_round(DOUBLE, entrants, games, 2)
    assert replay.entrants == (1, 0)


def test_a_dropped_entrant_gives_a_walkover() -> None:
    entrants = field(4, {3: 1})  # seed 4 drops after round 1 (which it lost to seed 1)
    games = [Game(1, (0, 3), (1.0, 0.0)), Game(1, (1, 2), (1.0, 0.0))]
    second = pair_round(DOUBLE, entrants, games, 2)
    assert sorted(g.entrants for g in second) == [(0, 1), (2,)]  # the losers' match is a walkover for seed 3
    assert next(g for g in second if g.entrants == (2,)).played is False


@pytest.mark.parametrize("count", [3, 5, 6, 7, 9, 12, 16, 17])
def test_random_events_end_with_everyone_ranked(count: int) -> None:
    rng = random.Random(count)
    entrants = field(count)
    games = play(DOUBLE, entrants, lambda g: rng.choice([*g.entrants, None]), last=200)
    losses: dict[int, int] = {e.id: 0 for e in entrants}
    for g in games:
        if g.points is not None and len(g.entrants) == 2 and g.points[0] != g.points[1]:
            losses[g.entrants[0] if g.points[0] < g.points[1] else g.entrants[1]] += 1
        rounds = [x for h in games if h.round == g.round for x in h.entrants]
        assert len(rounds) == len(set(rounds))  # nobody plays twice in a round
    places = double.places(DOUBLE, entrants, games)
    champion = double.state(DOUBLE, entrants, games).champion
    assert champion is not None and places[champion] == 1 and list(places.values()).count(1) == 1
    assert all(n <= 2 for e, n in losses.items() if e != champion)  # two lost matches (replays aside) and out
