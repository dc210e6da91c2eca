"""Round totals and headings (tournament_rules/schedule.py, issue 41.2): no heading says "Round 7 of 6"; a total that
can grow (a reset, replays of drawn knockout games) is said as such; the last round is always "N of N"."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, finished, pair_round
from tournament_rules.schedule import heading, total_words

Winner = Callable[[Game, random.Random], tuple[float, float]]


def headings(settings: TournamentSettings, count: int, result: Winner, seed: int = 0) -> list[str]:
    """Play the event out, the heading of each round read once it is paired (as its post is written)."""
    rng = random.Random(seed)
    entrants = field(count)
    games: list[Game] = []
    out: list[str] = []
    r = 1
    while not (games and finished(settings, entrants, games)):
        new = pair_round(settings, entrants, games, r)
        games += [g if g.points is not None else Game(r, g.entrants, result(g, rng)) for g in new]
        said = heading(settings, entrants, games, r)
        assert said.total is not None and said.total >= said.number, said.words
        out.append(said.words)
        r += 1
    return out


def seed_wins(game: Game, rng: random.Random) -> tuple[float, float]:
    return (1.0, 0.0)


def test_eight_in_double_elimination_with_a_reset() -> None:
    """The issue's case: announced '6 rounds', ended 'Round 7 of 6'."""
    def upset(game: Game, rng: random.Random) -> tuple[float, float]:
        return (0.0, 1.0) if game.round == 6 else (1.0, 0.0)

    said = headings(TournamentSettings("double-elimination"), 8, upset)
    assert said == ["Round 1 of 6 · Winners' quarter-finals", "Round 2 of 6 · Winners' semi-finals · Losers' round 1",
                    "Round 3 of 6 · Winners' final · Losers' round 2", "Round 4 of 6 · Losers' round 3",
                    "Round 5 of 6 · Losers' round 4", "Round 6 of 6 · Grand final",
                    "Round 7 of 7 · Grand final reset"]


def test_replays_of_drawn_knockout_games_count_on() -> None:
    """'Round 5 of 3' before: each round of replays moves the total on, and says it is one."""
    def draws(game: Game, rng: random.Random) -> tuple[float, float]:
        return (0.5, 0.5) if game.round in (1, 3, 4) else (1.0, 0.0)

    said = headings(TournamentSettings("elimination"), 8, draws)
    assert said == ["Round 1 of 3 · Quarter-finals", "Round 2 of 4 · Quarter-finals (replays)",
                    "Round 3 of 4 · Semi-finals", "Round 4 of 5 · Semi-finals (replays)", "Round 5 of 5 · Final"]
    third = headings(TournamentSettings("elimination", third_place=True), 5, seed_wins)
    assert third[-1] == "Round 3 of 3 · Final & 3rd place"


def test_a_top_cut_counts_its_stage_and_its_playoff() -> None:
    said = headings(TournamentSettings("swiss", 3, playoff=4), 9, seed_wins)
    assert said == ["Round 1 of 5 · Swiss", "Round 2 of 5 · Swiss", "Round 3 of 5 · Swiss",
                    "Round 4 of 5 · Semi-finals", "Round 5 of 5 · Final"]


@pytest.mark.parametrize(("fmt", "count"), [("elimination", 6), ("elimination", 13), ("double-elimination", 5),
                                            ("double-elimination", 8), ("double-elimination", 11)])
@pytest.mark.parametrize("seed", range(6))
def test_random_brackets_with_draws_never_pass_their_total(fmt: str, count: int, seed: int) -> None:
    def anything(game: Game, rng: random.Random) -> tuple[float, float]:
        return rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])

    said = headings(TournamentSettings(fmt), count, anything, seed)
    last = said[-1].split(" · ")[0]
    assert last == f"Round {len(said)} of {len(said)}"  # the last round is the last one announced


def test_the_announced_total_says_whether_it_can_grow() -> None:
    assert total_words(TournamentSettings("swiss", 5), 20) == "5 rounds"
    assert total_words(TournamentSettings("elimination"), 8) == "3 rounds or more"  # a drawn match is replayed
    assert total_words(TournamentSettings("elimination", replays=0), 8) == "3 rounds"
    assert total_words(TournamentSettings("double-elimination", replays=0), 8) == "6 or 7 rounds"
    assert total_words(TournamentSettings("double-elimination", replays=0, reset=False), 8) == "6 rounds"
