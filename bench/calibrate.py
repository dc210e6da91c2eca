"""Fits the analysis's calibration map (analysis/calibration.py) on one set of self-played positions and reports it
on another: `.venv/bin/python bench/calibrate.py FIT.jsonl HELD_OUT.jsonl`.

Both files are written by `bench/analysis.py --calibration --sample K --rows FILE` on different game numbers
(`--first`): each line a position judged on the engine's raw chances and how its mover's side ended. For every game
and number of sides the map's two numbers (slope and shift of a logistic on the logit) are fitted by maximum
likelihood to the fitting set's results, as a logistic regression on the raw logit (Newton's method, pulled gently
towards the identity so that a game with few positions is not over-fitted); then the held-out set is reported with
the fitted maps, with the maps analysis/calibration.py keeps (a map that made the held-out set's Brier score worse is
left out there: that game keeps the engine's chances) and without any. It prints `MAPS` to paste into
analysis/calibration.py.

With `--folds K` the two files are pooled instead and reported by cross-validation: the games are dealt into K
folds, each fold's positions are calibrated by maps fitted on the other folds only, and the table is of those
out-of-fold chances (every position judged by a map that never saw its game); the maps printed are fitted on all
of them. Each position's game is its own in every sense: its six positions share its result, so games, not
positions, are dealt into folds.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.calibration import IDENTITY, Map, logit, sigmoid
from bench.analysis import Position, brier, calibration_report

EDGE = 1e-3  # raw chances are clipped to [EDGE, 1 - EDGE] for the logit (0 and 1 are results, never mapped)
PULL = 1.0  # the fit's pull towards the identity (a ridge on slope - 1 and shift, in log-likelihood units)
MIN_SLOPE = 0.05  # the map stays increasing


def read(path: str) -> list[Position]:
    with open(path, encoding="utf-8") as rows:
        return [Position(**json.loads(line)) for line in rows if line.strip()]


def fit(positions: list[Position]) -> Map:
    """The slope and shift that best predict `positions`' results from their raw chances (see the module)."""
    rows = []
    for p in positions:
        if 0.0 < p.raw < 1.0:
            level = logit(1 / p.sides)
            rows.append((logit(min(1 - EDGE, max(EDGE, p.raw))) - level, level, p.result))
    if not rows:
        return IDENTITY
    slope, shift = 1.0, 0.0
    for _ in range(50):
        ga, gb = PULL * (slope - 1), PULL * shift
        haa = hbb = PULL
        hab = 0.0
        for x, level, y in rows:
            q = sigmoid(slope * x + shift + level)
            ga += (q - y) * x
            gb += q - y
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        slope, shift = max(MIN_SLOPE, slope - da), shift - db
        if abs(da) + abs(db) < 1e-9:
            break
    return Map(round(slope, 4), round(shift, 4))


def log_loss(positions: list[Position], maps: dict[tuple[str, int], Map]) -> float:
    total = 0.0
    for p in positions:
        q = min(1 - EDGE, max(EDGE, p.predicted(maps)))
        total -= p.result * math.log(q) + (1 - p.result) * math.log(1 - q)
    return total / max(1, len(positions))


def fit_all(positions: list[Position]) -> dict[tuple[str, int], Map]:
    """A map per game and number of sides, each fitted on that key's positions."""
    keys = sorted({(p.game, p.sides) for p in positions})
    return {key: fit([p for p in positions if (p.game, p.sides) == key]) for key in keys}


def cross_validate(positions: list[Position], folds: int) -> None:
    """The pooled positions reported on out-of-fold chances (see the module), and the maps fitted on all."""
    games = sorted({(p.game, p.number) for p in positions})
    fold_of = {game: k % folds for k, game in enumerate(games)}
    chance: dict[int, float] = {}
    for fold in range(folds):
        maps = fit_all([p for p in positions if fold_of[p.game, p.number] != fold])
        chance.update({id(p): p.predicted(maps) for p in positions if fold_of[p.game, p.number] == fold})
    maps = fit_all(positions)
    print(f"# {len(positions)} positions of {len(games)} games, cross-validated over {folds} folds of games")
    print("\n| Game | Sides | Slope | Shift | Brier, raw | Brier, out of fold |")
    print("|---|---|---|---|---|---|")
    for (game, sides), mapping in maps.items():
        mine = [p for p in positions if (p.game, p.sides) == (game, sides)]
        out_of_fold = brier([(chance[id(p)], p.result) for p in mine])
        print(f"| {game} | {sides} | {mapping.slope} | {mapping.shift} | "
              f"{brier([(p.raw, p.result) for p in mine]):.3f} | {out_of_fold:.3f} |")
    print("\nMAPS: dict[tuple[str, int], Map] = {")
    for (game, sides), mapping in maps.items():
        print(f"    ({game!r}, {sides}): Map({mapping.slope}, {mapping.shift}),")
    print("}")
    print("\n## Every position, out of fold (each by maps fitted on the other folds' games)")
    calibration_report(positions, chance=lambda p: chance[id(p)])
    print("\n## Every position, raw (the engine's chances)")
    calibration_report(positions, {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fit", help="the positions to fit on (JSON lines)")
    parser.add_argument("held_out", help="the positions to report on (JSON lines, other games)")
    parser.add_argument("--folds", type=int, default=0, help="pool both files and report by cross-validation over "
                        "this many folds of games (see the module)")
    args = parser.parse_args()
    if args.folds:
        cross_validate(read(args.fit) + read(args.held_out), args.folds)
        return
    fitting, held = read(args.fit), read(args.held_out)
    keys = sorted({(p.game, p.sides) for p in fitting})
    maps = {key: fit([p for p in fitting if (p.game, p.sides) == key]) for key in keys}
    print(f"# Fitted on {len(fitting)} positions of {len({(p.game, p.number) for p in fitting})} games "
          f"({args.fit}); reported on {len(held)} positions of {len({(p.game, p.number) for p in held})} others "
          f"({args.held_out})")
    print("\n| Game | Sides | Slope | Shift | Fit set's Brier, raw → fitted | Held out's log loss, raw → fitted |")
    print("|---|---|---|---|---|---|")
    for (game, sides), mapping in maps.items():
        inside = [p for p in fitting if (p.game, p.sides) == (game, sides)]
        outside = [p for p in held if (p.game, p.sides) == (game, sides)]
        print(f"| {game} | {sides} | {mapping.slope} | {mapping.shift} | "
              f"{brier([(p.raw, p.result) for p in inside]):.3f} → "
              f"{brier([(p.predicted(maps), p.result) for p in inside]):.3f} | "
              f"{log_loss(outside, {}):.3f} → {log_loss(outside, maps):.3f} |")
    print("\nMAPS: dict[tuple[str, int], Map] = {")
    for (game, sides), mapping in maps.items():
        print(f"    ({game!r}, {sides}): Map({mapping.slope}, {mapping.shift}),")
    print("}")
    print("\n## The held-out games, with the fitted maps")
    calibration_report(held, maps)
    print("\n## The held-out games, with the maps kept in analysis/calibration.py (the analysis's own chances)")
    calibration_report(held)
    print("\n## The held-out games, raw (the engine's chances)")
    calibration_report(held, {})


if __name__ == "__main__":
    main()
