"""Colour is never the only cue, also for colour-blind players: every game's seat colours stay at least 20 apart
(CIEDE2000) under protanopia, deuteranopia and tritanopia (Machado 2009), each seat has a shape of its own, and the
last move's colour is no seat's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from render import SEAT_CHIPS
from render.kit import LAST_MOVE, PALETTE, PLACES, SHAPES, Chip
from render.vision import DEFICIENCIES, MACHADO_2009, ciede2000, closest_pair, difference, lab, simulate
from rules import GAMES

MIN_APART = 20  # design/boards.md
VISIONS = (None, *DEFICIENCIES)


# ---- the model -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 14, 17, 25 and 34.
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_the_published_pairs(lab1: tuple[float, float, float], lab2: tuple[float, float, float],
                                               expected: float) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_black_and_pure_red() -> None:
    assert lab((1, 1, 1)) == pytest.approx((100, 0, 0), abs=0.01)
    assert lab((0, 0, 0)) == pytest.approx((0, 0, 0), abs=0.01)
    assert lab((1, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_simulation_keeps_greys(deficiency: str) -> None:
    for grey in ("#000000", "#777777", "#FFFFFF"):
        assert simulate(grey, deficiency) == pytest.approx(simulate(grey, None), abs=2e-3)
    # Each row of a Machado matrix sums to 1: white stays white.
    assert all(sum(row) == pytest.approx(1, abs=1e-5) for row in MACHADO_2009[deficiency])


def test_the_old_okabe_ito_seat_colours_measure_as_the_issue_says() -> None:
    """The numbers issue 28 reported for Sinoda's old colours, from the same model: the model is the one meant."""
    old = ["#D55E00", "#0072B2", "#F0E442", "#009E73", "#CC79A7", "#E69F00"]
    assert [round(closest_pair(old, d)[0], 1) for d in DEFICIENCIES] == [12.2, 11.6, 10.9]


def test_confusable_colours_measure_close_and_different_ones_far() -> None:
    # Red and green look alike to a deuteranope (the classic pair), not to everyone else.
    assert difference("#D62728", "#2CA02C", "deuteranopia") < difference("#D62728", "#2CA02C") / 3
    assert difference("#FFFFFF", "#000000", "tritanopia") == pytest.approx(100, abs=0.5)


# ---- the palette -----------------------------------------------------------------------------------------------
def start_view(name: str, players: int, options: dict[str, str]) -> dict[str, Any]:
    game = GAMES[name]
    rng = random.Random(0)
    state = game.setup(players, options)
    while game.chance_outcomes(state):  # the server's draws and deals: a view players see
        outcomes = game.chance_outcomes(state)
        state = game.apply(state, rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0], None)
    return game.view(state, None)


CONFIGS = [(name, config.players, config.options) for name in sorted(GAMES)
           for config in GAMES[name].configurations()]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=[f"{n}-{p}-{o}" for n, p, o in CONFIGS])
def test_every_games_seat_colours_stay_apart_under_every_simulation(name: str, players: int,
                                                                    options: dict[str, str]) -> None:
    chips = SEAT_CHIPS[name](start_view(name, players, options))
    assert len(chips) == players
    fills = sorted({c.fill for c in chips})
    for vision in VISIONS:
        apart, a, b = closest_pair(fills, vision)
        assert apart >= MIN_APART, f"{name}: {a} and {b} are {apart:.1f} apart under {vision or 'normal vision'}"


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=[f"{n}-{p}-{o}" for n, p, o in CONFIGS])
def test_every_seat_colour_has_a_shape_and_a_label_of_its_own(name: str, players: int,
                                                             options: dict[str, str]) -> None:
    chips: list[Chip] = SEAT_CHIPS[name](start_view(name, players, options))
    by_fill = {c.fill: c.shape for c in chips}
    assert len(set(by_fill.values())) == len(by_fill)  # a shape per colour: the cue beyond colour
    assert len({c.label for c in chips}) == len(chips)  # and a letter or number per seat
    assert all(c.label.strip() for c in chips)


def test_the_whole_palette_and_its_shapes() -> None:
    colours = list(PALETTE.values())
    for vision in VISIONS:
        assert closest_pair(colours, vision)[0] >= MIN_APART, vision
    assert sorted(SHAPES) == sorted(colours) and len(set(SHAPES.values())) == len(colours)


def test_the_last_move_colour_is_no_seat_colour_and_stands_apart_from_all() -> None:
    seats = {c.fill for name, players, options in CONFIGS for c in SEAT_CHIPS[name](start_view(name, players, options))}
    assert LAST_MOVE not in seats and LAST_MOVE not in PALETTE.values()
    for vision in VISIONS:
        nearest = min(difference(LAST_MOVE, seat, vision) for seat in seats)
        assert nearest >= MIN_APART, f"the last move is {nearest:.1f} from a seat under {vision or 'normal vision'}"
    assert LAST_MOVE.upper() != "#E69F00"  # the withdrawn orange


def test_place_colours_stay_apart() -> None:
    for vision in VISIONS:
        assert closest_pair(list(PLACES.values()), vision)[0] >= MIN_APART, vision
