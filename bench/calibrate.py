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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fit", help="the positions to fit on (JSON lines)")
    parser.add_argument("held_out", help="the positions to report on (JSON lines, other games)")
    args = parser.parse_args()
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
