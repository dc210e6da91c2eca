"""`bench/strength.py --tally`: runs cut short and resumed are pooled into one score per pairing and budget, each game
once, with its Wilson interval (what the computer-strength page quotes); `--moves` writes a game down unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.strength import ending, interval, one, tally
from players import Budget
from rules import Outcome


def line(number: int, score: float, *, seed: int = 1, how: str = "won full", budget: str | None = "2700 iterations",
         game: str = "bodsoi") -> str:
    entry = {"game": game, "pair": "hard-random", "seed": seed, "number": number, "score": score, "how": how,
             "decisions": 70, "cpu": 80.0, "moves": 35, "iterations": [2700, 2700]}
    if budget is not None:
        entry["budget"] = budget
    return json.dumps(entry)


def test_the_wilson_interval() -> None:
    low, high = interval(19, 20)  # the textbook case: 95 % of 20, z = 1.96
    assert (round(low, 4), round(high, 4)) == (0.7639, 0.9911)
    assert interval(20, 20)[1] == 1.0 and interval(0, 20)[0] == 0.0
    assert interval(0, 0) == (0.0, 1.0)


def test_logs_are_pooled_each_game_once_by_pairing_and_budget() -> None:
    first = [line(0, 1.0), line(1, 0.0, how="lost full"), line(2, 0.5, how="drew stall")]
    resumed = [line(2, 0.5, how="drew stall"), line(3, 1.0), line(0, 1.0, seed=2)]  # game 2 logged twice
    old = [line(1, 1.0, seed=3, budget=None)]  # logged before the budget was: its searches' iterations say it
    other = [line(0, 1.0, budget="1100 iterations", game="sanae", how="won void_captured")]
    summary = tally([*first, "", *resumed, *old, *other])
    assert len(summary) == 2
    bodsoi, sanae = summary
    assert bodsoi.startswith("bodsoi     hard-random  2700 iterations: 6 games (seeds 1, 2, 3), score 4.5 (75.0%")
    low, high = interval(4.5, 6)
    assert f"95 % interval {low:.1%}-{high:.1%}" in bodsoi
    assert bodsoi.splitlines()[1].strip().split(", ") == ["won full 4", "lost full 1", "drew stall 1"]
    assert sanae.startswith("sanae      hard-random  1100 iterations: 1 games (seeds 1), score 1 (100.0%")


def test_a_line_that_is_not_json_is_an_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        tally(["{not json"])


def test_a_game_written_down_is_the_same_game(tmp_path: Path) -> None:
    """`--moves`: recording takes no randomness, so game K written down is game K of the run, decision by decision."""
    budget = Budget(iterations=5)
    plain = one("cintos", "hard-random", 3, budget, 1, 400)
    written = one("cintos", "hard-random", 3, budget, 1, 400, tmp_path)
    assert (written[0], written[3], written[7]) == (plain[0], plain[3], plain[7])
    text = (tmp_path / "cintos-hard-random-seed1-3.txt").read_text()
    assert text.startswith(f"hard is seat 1; hard {plain[7]}")
    assert text.count(" (hard): ") + text.count(" (random): ") == plain[3]  # every decision, each after its position


def test_how_a_game_ended_for_a_seat() -> None:
    won = Outcome(frozenset({1}), None, "void_captured")
    assert ending(won, 1) == (1.0, "won void_captured")
    assert ending(won, 0) == (0.0, "lost void_captured")
    assert ending(Outcome(frozenset(), None, "quiet-limit"), 0) == (0.5, "drew quiet-limit")
    assert ending(None, 0) == (0.5, "drew cut off")
