"""Single elimination: brackets for 2–33 entrants, byes to the top seeds, third place, replays of draws."""

from __future__ import annotations

import random

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Entrant, Game, TournamentSettings, bracket, finished, pair_round, rounds_for, standings
from tournament_rules.elimination import places


@pytest.mark.parametrize("n", range(2, 34))
def test_bracket_structure(n: int) -> None:
    pairs = bracket(n)
    size = 1 << (n - 1).bit_length()
    assert len(pairs) == size // 2
    seeds = [s for p in pairs for s in p if s is not None]
    assert sorted(seeds) == list(range(1, n + 1))
    for a, b in pairs:
        assert b is None or a + b == size + 1  # 1 v n(size), 2 v size-1 …
    byes = sorted(a for a, b in pairs if b is None)
    assert byes == list(range(1, size - n + 1))  # the byes fall to the top seeds
    # seeds 1 and 2 sit in opposite halves, so they can meet only in the final
    half = len(pairs) // 2
    flat = [s for p in pairs for s in p]
    if n > 2:
        assert (1 in flat[:2 * half]) != (2 in flat[:2 * half])


def run(n: int, settings: TournamentSettings, rng: random.Random, draw: float = 0.0) -> list[Game]:
    entrants = field(n)
    games: list[Game] = []
    r = 1
    while not finished(settings, entrants, games):
        new = pair_round(settings, entrants, games, r)
        assert new, "an unfinished bracket always has a next round"
        for g in new:
            if g.points is None:
                roll = rng.random()
                g = Game(r, g.entrants, (0.5, 0.5) if roll < draw else rng.choice([(1.0, 0.0), (0.0, 1.0)]))
            games.append(g)
        r += 1
        assert r < 40
    return games


@pytest.mark.parametrize("n", range(2, 34))
def test_a_whole_bracket_plays_out(n: int) -> None:
    rng = random.Random(n)
    s = TournamentSettings("elimination", None, third_place=True)
    games = run(n, s, rng)
    entrants = field(n)
    got = places(s, entrants, games)
    assert sorted(got.values()).count(1) == 1 and sorted(got.values()).count(2) == 1
    if n >= 4:
        assert sorted(got.values())[:4] == [1, 2, 3, 4]
    assert len({g.round for g in games}) == rounds_for(s, n)  # no draws: one round per stage
    # seeds 1 and 2 only ever meet in the final
    meet = [g for g in games if set(g.entrants) == {0, 1}]
    assert all(g.round == rounds_for(s, n) for g in meet)
    table = standings(s, entrants, games)
    assert [t.entrant for t in table][:1] == [e for e, p in got.items() if p == 1]


def test_byes_to_top_seeds_by_rating_and_the_better_seed_moves_first() -> None:
    # ratings decide the seeds, not sign-up: entrant 4 is the best rated
    entrants = [Entrant(i, i, r) for i, r in enumerate([1500, 1600, 1400, 1300, 1900])]
    first = pair_round(TournamentSettings("elimination", None), entrants, [], 1)
    byes = [g.entrants[0] for g in first if len(g.entrants) == 1]
    assert byes == [4, 1, 0]  # seeds 1, 2, 3
    assert [g.entrants for g in first if len(g.entrants) == 2] == [(2, 3)]  # 4 v 5


def test_semi_final_losers_play_for_third_beside_the_final() -> None:
    entrants = field(4)
    s = TournamentSettings("elimination", None, third_place=True)
    r1 = pair_round(s, entrants, [], 1)
    assert [g.entrants for g in r1] == [(0, 3), (1, 2)]
    games = [Game(1, (0, 3), (0.0, 1.0)), Game(1, (1, 2), (1.0, 0.0))]
    r2 = pair_round(s, entrants, games, 2)
    assert [g.entrants for g in r2] == [(1, 3), (0, 2)]  # final (seed 2 v seed 4), then third place
    games += [Game(2, (1, 3), (1.0, 0.0)), Game(2, (0, 2), (0.0, 1.0))]
    assert finished(s, entrants, games)
    assert places(s, entrants, games) == {1: 1, 3: 2, 2: 3, 0: 4}
    assert [t.entrant for t in standings(s, entrants, games)] == [1, 3, 2, 0]
    with pytest.raises(ValueError, match="decided"):
        pair_round(s, entrants, games, 3)


@pytest.mark.parametrize("replays", [0, 1, 2])
def test_a_draw_is_replayed_with_seats_swapped_then_the_seed_decides(replays: int) -> None:
    entrants = field(2)
    s = TournamentSettings("elimination", None, replays=replays)
    games: list[Game] = []
    for r in range(1, replays + 2):
        new = pair_round(s, entrants, games, r)
        assert [g.entrants for g in new] == [(0, 1) if r % 2 else (1, 0)]
        games.append(Game(r, new[0].entrants, (0.5, 0.5)))
        assert finished(s, entrants, games) == (r == replays + 1)
    assert places(s, entrants, games) == {0: 1, 1: 2}  # the better seed goes through


def test_a_replay_won_decides_and_dropped_opponents_give_byes() -> None:
    entrants = field(4)
    s = TournamentSettings("elimination", None, replays=1)
    games = [Game(1, (0, 3), (0.5, 0.5)), Game(1, (1, 2), (0.0, 1.0))]
    assert [g.entrants for g in pair_round(s, entrants, games, 2)] == [(3, 0)]  # only the replay
    games.append(Game(2, (3, 0), (1.0, 0.0)))
    entrants = field(4, {2: 2})  # 2 drops after round 2: 3 goes through the final by a bye
    final = pair_round(s, entrants, games, 3)
    assert final == [Game(3, (3,), (1.0,), played=False)]
    games += final
    assert finished(s, entrants, games) and places(s, entrants, games)[3] == 1


def test_many_draws_still_finish() -> None:
    rng = random.Random(5)
    for n in (3, 7, 12, 33):
        games = run(n, TournamentSettings("elimination", None, replays=1, third_place=True), rng, draw=0.4)
        assert games


def test_a_match_whose_two_entrants_both_dropped_sends_nobody_through() -> None:
    s = TournamentSettings("elimination", None)
    games = [Game(1, (0, 7), (1.0, 0.0)), Game(1, (3, 4), (1.0, 0.0)), Game(1, (1, 6), (1.0, 0.0)),
             Game(1, (2, 5), (1.0, 0.0))]
    entrants = field(8, {0: 1, 3: 1})  # both semi-finalists of the top half drop after round 1
    assert [g.entrants for g in pair_round(s, entrants, games, 1 + 1)] == [(1, 2)]
    games.append(Game(2, (1, 2), (0.0, 1.0)))
    final = pair_round(s, entrants, games, 3)
    assert final == [Game(3, (2,), (1.0,), played=False)]  # nobody came through the other half
    games += final
    assert finished(s, entrants, games) and places(s, entrants, games)[2] == 1
