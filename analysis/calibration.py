"""The analysis's winning chances calibrated to how games end: a per-game monotone map from the engine's raw chance
to a calibrated one, as Lichess fits its win-chance curve to game results. Plain data and arithmetic, no I/O.

The map is a logistic on the logit (two numbers per game and number of sides, fitted by bench/calibrate.py on
self-played games and reported on others): the mover's side's chance p becomes
`sigmoid(slope * (logit(p) - logit(s)) + shift + logit(s))`, s being the sides' even share; the other sides keep
their shares of what is left. It is monotone (slope > 0), keeps a certain result certain (0 and 1 map to
themselves) and maps into [0, 1]. Where no map was fitted (a game or number of sides not in `MAPS`) the chances stay
the engine's. Only the analysis applies it (analysis.values): the computer players keep their own scale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Map:
    """A fitted map: the slope and shift of the logistic on the logit (slope 1, shift 0: the identity)."""

    slope: float
    shift: float

    def __call__(self, chance: float, share: float) -> float:
        """`chance` of a side, in [0, 1], calibrated; `share` is the sides' even share (1 / sides)."""
        if chance <= 0.0 or chance >= 1.0:
            return min(1.0, max(0.0, chance))
        level = logit(share)
        return sigmoid(self.slope * (logit(chance) - level) + self.shift + level)


# (game, sides) -> the map fitted for it: printed by `bench/calibrate.py FIT HELD --folds 5`, fitted on 6 positions in
# each of 80 self-played games per game (hard against hard at 100 iterations, games 0-29 and 1000-1049), judged at the
# default budget. Cross-validated over five folds of games, each map brings every tenth of its game within 10 points
# but at most one (docs/players/analysis.md has the figures). Sakamichi's and Bodsoi's leave the Brier score as it was
# (0.177 -> 0.178, 0.209 -> 0.210) while mending the tenths the engine's own chances miss, so they are kept too. More
# than two sides keep the engine's chances (fitted on two-player games only).
MAPS: dict[tuple[str, int], Map] = {
    ("bodsoi", 2): Map(1.3315, 0.2657),
    ("cintos", 2): Map(0.7066, 0.2359),
    ("sakamichi", 2): Map(1.282, 0.1234),
    ("sanae", 2): Map(0.378, -0.0621),
    ("sinoda", 2): Map(0.6304, 0.1743),
}

IDENTITY = Map(1.0, 0.0)


def logit(p: float) -> float:
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def map_for(game: str, sides: int, maps: dict[tuple[str, int], Map] | None = None) -> Map:
    """The map of `game` with `sides` sides (the identity where none was fitted)."""
    return (MAPS if maps is None else maps).get((game, sides), IDENTITY)


def calibrate(game: str, chances: Sequence[float], seat: int, teams: Sequence[Sequence[int]],
              maps: dict[tuple[str, int], Map] | None = None) -> tuple[float, ...]:
    """Every seat's chance in [0, 1] (`chances`, as analysis.values gives them, each seat its side's) after `seat`'s
    move, calibrated: the mover's side's chance through its game's map, the other sides' scaled to share the rest
    as they did (evenly if they had nothing)."""
    mapping = map_for(game, len(teams), maps)
    if mapping == IDENTITY:
        return tuple(chances)
    values = [chances[team[0]] for team in teams]
    mine = next(index for index, team in enumerate(teams) if seat in team)
    raw = values[mine]
    calibrated = mapping(raw, 1.0 / len(teams))
    rest = 1.0 - raw
    out = list(chances)
    for index, team in enumerate(teams):
        if index == mine:
            value = calibrated
        elif rest > 0:
            value = values[index] * (1.0 - calibrated) / rest
        else:
            value = (1.0 - calibrated) / (len(teams) - 1)
        for s in team:
            out[s] = value
    return tuple(out)
