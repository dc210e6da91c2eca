"""Lichess's accuracy formulas, on winning chances in percent (0-100) from the mover's side.

After lila's `AccuracyPercent` and `Advice` (/work/shared/design/analysis.md): a move's accuracy falls exponentially
with the drop in its mover's winning chance; a game's accuracy for a player is the mean of a volatility-weighted mean
of its moves' accuracies and their harmonic mean, so that one blunder weighs more than a run of good moves hides it,
and a move in a sharp phase of the game more than one where nothing was at stake.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# lila's fit of move accuracy to the drop in winning chance (its constants to full precision; 103.1668, 0.04354 and
# 3.1669 rounded). lila adds 1 point for the engine's uncertainty; this does not (the analysis's own noise is kept
# out of the drop instead: analysis.values).
A, K, B = 103.1668100711649, 0.04354415386753951, -3.166924740191411

INACCURACY, MISTAKE, BLUNDER = 5.0, 10.0, 15.0  # drops in percentage points, as lila's Advice
LABELS = ("inaccuracy", "mistake", "blunder")

WINDOW_MIN, WINDOW_MAX = 2, 8  # the volatility window: a tenth of the moves, within these
WEIGHT_MIN, WEIGHT_MAX = 0.5, 12.0  # a move's weight: the window's standard deviation, within these


def move_accuracy(drop: float) -> float:
    """A move's accuracy in 0-100 from the drop in its mover's winning chance, in points: 100 for no drop."""
    if drop <= 0:
        return 100.0
    return min(100.0, max(0.0, A * math.exp(-K * drop) + B))


def label(drop: float) -> str | None:
    """'blunder' at a drop of 15 points or more, 'mistake' at 10, 'inaccuracy' at 5; None below."""
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return None


def window_size(moves: int) -> int:
    """The sliding window of the volatility weights: a tenth of the game's moves, from 2 to 8."""
    return min(WINDOW_MAX, max(WINDOW_MIN, moves // 10))


def std_dev(values: Sequence[float]) -> float:
    """The population standard deviation (lila's)."""
    mean = sum(values) / len(values)
    return math.sqrt(sum((x - mean) ** 2 for x in values) / len(values))


def volatility_weights(chances: Sequence[float]) -> list[float]:
    """One weight per move of a series of winning chances (the chance before the first move, then after each move):
    the standard deviation of the chances in a window around the move, clamped to 0.5-12.

    As lila: the window is `window_size(moves)` wide and slides over the series; the first moves, before a whole
    window has passed, share the first window."""
    moves = len(chances) - 1
    if moves < 1:
        return []
    size = window_size(moves)
    windows = [list(chances[:size])] * max(0, min(size, len(chances)) - 2)
    windows += [list(chances[i:i + size]) for i in range(max(1, len(chances) - size + 1))]
    return [min(WEIGHT_MAX, max(WEIGHT_MIN, std_dev(window))) for window in windows[:moves]]


def weighted_mean(pairs: Sequence[tuple[float, float]]) -> float | None:
    """The mean of (value, weight) pairs by weight; None when there are none or the weights sum to 0."""
    total = sum(weight for _, weight in pairs)
    if not pairs or total == 0:
        return None
    return sum(value * weight for value, weight in pairs) / total


def harmonic_mean(values: Sequence[float]) -> float | None:
    """lila's harmonic mean: each value counted as at least 1, so one move of accuracy 0 does not make it 0."""
    if not values:
        return None
    return len(values) / sum(1 / max(1.0, value) for value in values)


def game_accuracy(accuracies: Sequence[float], weights: Sequence[float]) -> float | None:
    """A player's accuracy over a game from its moves' accuracies and their volatility weights: the mean of the
    weighted mean and the harmonic mean. None for a player with no move judged."""
    weighted = weighted_mean(list(zip(accuracies, weights, strict=True)))
    harmonic = harmonic_mean(accuracies)
    if weighted is None or harmonic is None:
        return None
    return (weighted + harmonic) / 2
