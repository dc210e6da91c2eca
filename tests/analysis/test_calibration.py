"""The analysis's calibration map (analysis/calibration.py): monotone, within [0, 1], certain results kept, the
sides' chances still summing to 1; and applied where the analysis turns the engine's values into chances."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from analysis import analyse_move, judge
from analysis.analyse import line_rng
from analysis.calibration import IDENTITY, MAPS, Map, calibrate
from analysis.report import percent
from players import Budget
from players.evaluate import teams_of
from rules import GAMES
from tests.players.positions import positions

GRID = [i / 200 for i in range(201)]
# Maps of every kind the fit can give: the fitted ones, and steeper, flatter and shifted ones for 2 and 4 sides.
SHAPES = [*MAPS.values(), Map(2.5, 0.4), Map(0.3, -1.2), Map(1.0, 0.8)]


@pytest.mark.parametrize("mapping", SHAPES, ids=[f"{m.slope}-{m.shift}" for m in SHAPES])
@pytest.mark.parametrize("sides", [2, 3, 4, 6])
def test_the_map_is_monotone_into_0_1_and_keeps_results(mapping: Map, sides: int) -> None:
    mapped = [mapping(p, 1 / sides) for p in GRID]
    assert all(0.0 <= q <= 1.0 for q in mapped)
    assert all(a < b for a, b in pairwise(mapped[1:-1]))  # strictly inside (0, 1)
    assert all(a <= b for a, b in pairwise(mapped))
    assert mapped[0] == 0.0 and mapped[-1] == 1.0  # a loss and a win are results, not estimates


def test_the_fitted_maps_are_real_maps() -> None:
    assert MAPS, "no map fitted"
    for (game, sides), mapping in MAPS.items():
        assert game in GAMES and sides >= 2 and mapping.slope > 0
        assert mapping != IDENTITY


def test_calibrated_chances_of_the_sides_still_sum_to_one() -> None:
    maps = {("sinoda", 3): Map(1.7, -0.3), ("sinoda", 2): Map(0.6, 0.5)}
    raw = (0.5, 0.2, 0.3)
    out = calibrate("sinoda", raw, 1, [(0,), (1,), (2,)], maps)
    assert out[1] == pytest.approx(Map(1.7, -0.3)(0.2, 1 / 3))
    assert sum(out) == pytest.approx(1.0)
    assert out[0] / out[2] == pytest.approx(0.5 / 0.3)  # the others keep their shares of the rest
    teams = calibrate("sinoda", (0.7, 0.3, 0.7, 0.3), 2, [(0, 2), (1, 3)], maps)  # teams share one chance
    assert teams[0] == teams[2] == pytest.approx(Map(0.6, 0.5)(0.7, 0.5)) and teams[1] == teams[3]
    assert teams[0] + teams[1] == pytest.approx(1.0)
    assert calibrate("cintos", raw, 1, [(0,), (1,), (2,)], {}) == raw  # no map fitted: the engine's chances


@pytest.mark.parametrize("key", sorted(MAPS), ids=[f"{game}-{sides}" for game, sides in sorted(MAPS)])
def test_a_calibrated_judgement_is_the_raw_one_through_the_map(key: tuple[str, int]) -> None:
    game = GAMES[key[0]]
    config = next(c for c in game.configurations() if len(teams_of(game, game.setup(c.players, c.options))) == key[1])
    differs = judged = 0
    for number, state in enumerate(positions(game, config, 3, seed=31)):
        seat = min(game.actors(state))
        played = random.Random(number).choice(game.legal_actions(state, seat))
        # the stream analyse_move gives line `number` under seed 2: its judgement below is the calibrated one again
        raw = judge(game, state, seat, played, Budget(iterations=40), line_rng(2, number), calibrated=False)
        calibrated = judge(game, state, seat, played, Budget(iterations=40), line_rng(2, number))
        teams = teams_of(game, state)
        assert calibrated.best == raw.best and calibrated.worlds == raw.worlds
        assert calibrated.after == pytest.approx(calibrate(game.name, raw.after, seat, teams))
        assert calibrated.before == pytest.approx(calibrate(game.name, raw.before, seat, teams))
        assert calibrated.before[seat] >= calibrated.after[seat]  # a drop stays a drop, no drop stays none
        differs += calibrated.after != raw.after
        move = analyse_move(game, state, seat, played, budget=Budget(iterations=40), seed=2, n=number)
        if move.kind != "setup":  # a private setup is not judged
            # the calibrated judgement, made again from the same stream (repeatable), in percent
            assert move.after == tuple(map(percent, calibrated.after))
            assert move.kind == "forced" or (move.best == game.notation(state, calibrated.best)
                                             and move.before == tuple(map(percent, calibrated.before)))
            judged += 1
    assert differs > 0  # where the map is not the identity, the analysis's chances are not the engine's
    assert judged > 0
