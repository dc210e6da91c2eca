"""Lichess's formulas (analysis.accuracy) against values worked out by hand, and the labels at their thresholds."""

from __future__ import annotations

import math

import pytest

from analysis import AnalysedMove, label, move_accuracy, summarise
from analysis.accuracy import game_accuracy, harmonic_mean, std_dev, volatility_weights, weighted_mean, window_size


def test_move_accuracy_is_100_without_a_drop_and_falls_with_it() -> None:
    assert move_accuracy(0) == 100.0
    assert move_accuracy(-7.5) == 100.0  # a move better than the best found is no drop
    # 103.1668 * exp(-0.04354 * d) - 3.1669, by hand: exp(-0.2177) = 0.80437, exp(-0.4354) = 0.64703,
    # exp(-1.3062) = 0.27087
    assert move_accuracy(5) == pytest.approx(103.1668 * 0.80437 - 3.1669, abs=0.01)  # 79.82
    assert move_accuracy(10) == pytest.approx(103.1668 * 0.64703 - 3.1669, abs=0.01)  # 63.58
    assert move_accuracy(30) == pytest.approx(103.1668 * 0.27087 - 3.1669, abs=0.01)  # 24.78
    assert move_accuracy(80) == pytest.approx(0.0, abs=0.001)  # 103.1668 * 0.03070 = 3.1672: the curve meets 0
    assert move_accuracy(90) == 0.0  # 103.1668 * 0.01986 - 3.1669 < 0: clamped
    assert move_accuracy(1e-9) == pytest.approx(100.0, abs=1e-3)  # the fit meets 100 at 99.99989


@pytest.mark.parametrize(("drop", "expected"), [
    (0.0, None), (4.99, None), (5.0, "inaccuracy"), (9.99, "inaccuracy"), (10.0, "mistake"), (14.99, "mistake"),
    (15.0, "blunder"), (100.0, "blunder")])
def test_labels_at_their_thresholds(drop: float, expected: str | None) -> None:
    assert label(drop) == expected


def test_the_volatility_window_is_a_tenth_of_the_moves_from_2_to_8() -> None:
    assert [window_size(n) for n in (1, 19, 20, 30, 79, 80, 81, 500)] == [2, 2, 2, 3, 7, 8, 8, 8]


def test_volatility_weights_by_hand() -> None:
    # 4 moves: windows of 2 sliding over 5 chances; std-devs 0, 5, 0 and 15, clamped to 0.5-12
    assert volatility_weights([50, 50, 40, 40, 70]) == [0.5, 5.0, 0.5, 12.0]
    assert std_dev([40, 70]) == 15.0
    # 30 moves: windows of 3; the first move shares the first window (as lila), so 30 weights
    chances = [50.0 + (i % 2) * 4 for i in range(31)]  # 50, 54, 50, ...: every window's std-dev is 1.8856
    weights = volatility_weights(chances)
    assert len(weights) == 30
    assert weights == pytest.approx([math.sqrt(32 / 9)] * 30)
    assert volatility_weights([50.0]) == []


def test_means_by_hand() -> None:
    assert weighted_mean([(100, 1), (50, 3)]) == 62.5
    assert weighted_mean([]) is None
    assert harmonic_mean([100, 50]) == pytest.approx(2 / (1 / 100 + 1 / 50))  # 66.67
    assert harmonic_mean([0, 100]) == pytest.approx(2 / (1 + 1 / 100))  # lila counts a 0 as 1: 1.98, not 0
    assert harmonic_mean([]) is None
    assert game_accuracy([100, 50], [1, 3]) == pytest.approx((62.5 + 200 / 3) / 2)  # 64.58
    assert game_accuracy([], []) is None


def _move(n: int, seat: int, before: float, after: float, kind: str = "move") -> AnalysedMove:
    drop = max(0.0, before - after)
    chances_before = (before, 100 - before) if seat == 0 else (100 - before, before)
    chances_after = (after, 100 - after) if seat == 0 else (100 - after, after)
    if kind != "move":
        return AnalysedMove(n, seat, "x", kind, before=chances_after, after=chances_after)
    return AnalysedMove(n, seat, "x", "move", "y", chances_before, chances_after, drop, move_accuracy(drop),
                        label(drop))


def test_a_players_summary_by_hand() -> None:
    # Seat 0's chance: 50 before move 1, then 50 (move 1, seat 0, no drop), 40 (move 2, seat 1 gains 10 with no
    # drop: its best), 40 (move 3, forced), 70 (move 4, seat 1 drops 30 from its 60).
    moves = [_move(1, 0, 50, 50), _move(2, 1, 60, 60), _move(3, 0, 40, 40, "forced"), _move(4, 1, 60, 30)]
    zero, one = summarise(moves, 2)
    # weights of the four moves: [0.5, 5, 0.5, 12]; seat 0 judged move 1 only (accuracy 100)
    assert (zero.moves, zero.accuracy, zero.blunders, zero.mean_drop) == (1, 100.0, 0, 0.0)
    # seat 1: moves 2 (100, weight 5) and 4 (24.78, weight 12)
    low = move_accuracy(30)
    weighted = (100 * 5 + low * 12) / 17
    harmonic = 2 / (1 / 100 + 1 / low)
    assert one.accuracy == pytest.approx(round((weighted + harmonic) / 2, 2))
    assert (one.moves, one.inaccuracies, one.mistakes, one.blunders, one.mean_drop) == (2, 0, 0, 1, 15.0)
