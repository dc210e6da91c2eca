"""Bodsoi rules: every worked example of spec section 10, the matching rule, anchors, Bodsoi, scoring and 2v2."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import GAMES, RESIGN
from rules.base import IllegalAction, NotationError
from rules.bodsoi import GAME, suggest_placements, tile_geometry
from rules.bodsoi.paths import analyse, compare
from rules.bodsoi.state import PASS, Draw, Place
from rules.bodsoi.tiles import FULL_SET, TILE_IDS, TILE_NAMES, TILE_TYPES, tiles_text
from tests.rules.ended import outcome_of

# ---- the spec's positions (section 10), verbatim ----------------------------------------------------------------

EX_A = (
    "players=2 axes=any-axis links=colour | - | to=B draw | B=- Y=- | bag=C-le-le*2,C-le-mo*2,C-le-st*2,"
    "C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st*2,"
    "C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st*2,"
    "C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,"
    "S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,"
    "S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX_B = (
    "players=4 axes=fixed-axes links=symbol | a8=C-wa-le@0 e2=C-le-su@270 f8=C-wa-mo@270 h1=C-wa-wa@270 "
    "h6=S-su-su@0 | to=Y1 drew | B1=C-st-st,C-wa-st Y1=C-le-su,C-mo-su B2=- Y2=C-wa-su | bag=C-le-le*2,"
    "C-le-mo*2,C-le-st*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le,C-wa-mo,"
    "C-wa-st,C-wa-su,C-wa-wa,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,"
    "S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-wa,S-wa-le,S-wa-mo,"
    "S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX1 = (
    "players=2 axes=any-axis links=colour | - | to=B drew | B=C-su-mo Y=- | bag=C-le-le*2,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,"
    "S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-su,S-su-wa,"
    "S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX1_STRAIGHT = (
    "players=2 axes=any-axis links=colour | - | to=B drew | B=S-su-mo Y=- | bag=C-le-le*2,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,"
    "S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-st,S-su-su,S-su-wa,S-wa-le,"
    "S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX2_BLUE = (
    "players=2 axes=any-axis links=colour | d4=C-su-mo@0 | to=B drew | B=C-su-le Y=C-mo-wa | "
    "bag=C-le-le*2,C-le-mo*2,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,"
    "C-mo-wa,C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le,C-su-mo,C-su-st*2,C-su-su*2,"
    "C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,"
    "S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,"
    "S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX2_YELLOW = (
    "players=2 axes=any-axis links=colour | d4=C-su-mo@0 | to=Y drew | B=- Y=C-le-mo | bag=C-le-le*2,"
    "C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,"
    "C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,"
    "C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-le,S-mo-mo,"
    "S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,S-su-su,"
    "S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX2_YELLOW_TWO = (
    "players=2 axes=any-axis links=colour | d4=C-su-mo@0 | to=Y drew | B=C-wa-st Y=C-le-mo,S-mo-su | "
    "bag=C-le-le*2,C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,"
    "C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st*2,C-su-su*2,"
    "C-su-wa*2,C-wa-le*2,C-wa-mo*2,C-wa-st,C-wa-su*2,C-wa-wa*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,"
    "S-mo-le,S-mo-mo,S-mo-st,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,S-su-st,"
    "S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX3 = (
    "players=2 axes=any-axis links=colour | a5=S-wa-mo@0 b5=S-le-mo@0 c5=S-mo-wa@0 d1=S-mo-le@0 "
    "d2=S-st-le@0 d3=S-le-le@0 d4=S-su-le@0 d6=S-su-st@0 d7=S-wa-le@0 d8=S-mo-st@0 e5=S-le-wa@0 "
    "f5=S-st-mo@0 g5=S-wa-st@0 h5=S-le-su@0 | to=Y drew | B=C-le-le Y=S-st-wa | bag=C-le-le,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-st,S-mo-mo,S-mo-su,S-st-st,S-st-su,S-su-mo,S-su-su,S-su-wa,"
    "S-wa-su,S-wa-wa | idle=0"
)
EX3_BLUE = (
    "players=2 axes=any-axis links=colour | a5=S-wa-mo@0 b5=S-le-mo@0 c5=S-mo-wa@0 d1=S-mo-le@0 "
    "d2=S-st-le@0 d3=S-le-le@0 d4=S-su-le@0 d6=S-su-st@0 d7=S-wa-le@0 d8=S-mo-st@0 e5=S-le-wa@0 "
    "f5=S-st-mo@0 g5=S-wa-st@0 h5=S-le-su@0 | to=B drew | B=S-su-mo Y=C-le-le | bag=C-le-le,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-st,S-mo-mo,S-mo-su,S-st-st,S-st-su,S-st-wa,S-su-su,S-su-wa,"
    "S-wa-su,S-wa-wa | idle=0"
)
EX4 = (
    "players=2 axes=any-axis links=colour | a4=S-mo-le@90 b4=S-st-le@90 c4=S-le-le@90 d4=S-wa-le@90 "
    "e4=S-mo-st@90 f4=S-st-st@90 g4=S-su-le@90 | to=B drew | B=S-su-mo Y=C-le-le | bag=C-le-le,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-mo,S-mo-su,S-mo-wa,S-st-mo,"
    "S-st-su,S-st-wa,S-su-st,S-su-su,S-su-wa,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX4_FIXED = (
    "players=2 axes=fixed-axes links=colour | a4=S-mo-le@90 b4=S-st-le@90 c4=S-le-le@90 d4=S-wa-le@90 "
    "e4=S-mo-st@90 f4=S-st-st@90 g4=S-su-le@90 | to=B drew | B=S-su-mo Y=C-le-le | bag=C-le-le,C-le-mo*2,"
    "C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,"
    "C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,C-wa-le*2,C-wa-mo*2,"
    "C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-mo,S-le-st,S-le-su,S-le-wa,S-mo-mo,S-mo-su,S-mo-wa,S-st-mo,"
    "S-st-su,S-st-wa,S-su-st,S-su-su,S-su-wa,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX5 = (
    "players=2 axes=any-axis links=colour | a1=S-su-le@0 a2=S-su-mo@0 a3=S-su-st@0 a4=S-su-su@0 "
    "a5=S-mo-le@0 a6=S-mo-mo@0 a7=C-su-mo@90 b5=S-mo-wa@0 b6=S-su-wa@0 b7=C-su-st@180 h6=S-le-st@0 "
    "h7=S-le-le@0 h8=S-le-mo@0 | over=stall | B=C-le-mo,C-mo-mo,C-st-su,C-wa-wa*2 Y=C-le-le*2,C-st-st,"
    "C-su-wa,C-wa-le | bag=C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo,C-mo-st*2,C-mo-su*2,"
    "C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st,C-su-su*2,C-su-wa,"
    "C-wa-le,C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-su,S-le-wa,S-mo-st,S-mo-su,S-st-le,S-st-mo,S-st-st,"
    "S-st-su,S-st-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=2"
)
EX6 = (
    "players=2 axes=any-axis links=colour | a1=S-su-le@0 a2=S-su-mo@0 a3=S-su-st@0 a4=S-su-su@0 "
    "a5=S-mo-le@0 a6=S-mo-mo@0 a7=C-su-mo@90 b3=S-mo-st@0 b5=S-mo-wa@0 b6=S-su-wa@0 b7=C-su-st@180 "
    "c3=S-mo-su@0 c5=S-st-wa@0 d3=S-wa-le@0 d5=S-wa-wa@0 e3=S-wa-mo@0 h6=S-le-st@0 h7=S-le-le@0 "
    "h8=S-le-mo@0 | over=stall | B=C-le-mo,C-mo-mo,C-st-su,C-wa-wa*2 Y=C-le-le*2,C-st-st,C-su-wa,C-wa-le "
    "| bag=C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo,C-mo-st*2,C-mo-su*2,C-mo-wa*2,"
    "C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,C-su-le*2,C-su-mo,C-su-st,C-su-su*2,C-su-wa,C-wa-le,"
    "C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-su,S-le-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-wa-st,S-wa-su | "
    "idle=2"
)
EX7 = (
    "players=2 axes=any-axis links=colour | a1=C-su-mo@0 | over=stall | B=C-le-mo,C-mo-mo,C-st-su,"
    "C-wa-wa*2 Y=C-le-le*2,C-st-st,C-su-wa,C-wa-le | bag=C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,"
    "C-mo-mo,C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,C-su-le*2,"
    "C-su-mo,C-su-st*2,C-su-su*2,C-su-wa,C-wa-le,C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-le,S-le-mo,S-le-st,"
    "S-le-su,S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,"
    "S-su-le,S-su-mo,S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=2"
)
EX8 = (
    "players=2 axes=any-axis links=colour | - | to=B nodraw | B=C-le-mo,C-mo-mo,C-st-su,C-wa-wa*2 "
    "Y=C-le-le*2,C-st-st,C-su-wa,C-wa-le | bag=C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo,"
    "C-mo-st*2,C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,C-su-le*2,C-su-mo*2,"
    "C-su-st*2,C-su-su*2,C-su-wa,C-wa-le,C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-le,S-le-mo,S-le-st,S-le-su,"
    "S-le-wa,S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,"
    "S-su-mo,S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)
EX8_FOUR = (
    "players=2 axes=any-axis links=colour | - | to=B nodraw | B=C-le-mo,C-mo-mo,C-st-su,C-wa-wa*2 "
    "Y=C-le-le*2,C-st-st,C-su-wa | bag=C-le-mo,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo,C-mo-st*2,"
    "C-mo-su*2,C-mo-wa*2,C-st-le*2,C-st-mo*2,C-st-st,C-st-su,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,"
    "C-su-su*2,C-su-wa,C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,S-le-le,S-le-mo,S-le-st,S-le-su,S-le-wa,"
    "S-mo-le,S-mo-mo,S-mo-st,S-mo-su,S-mo-wa,S-st-le,S-st-mo,S-st-st,S-st-su,S-st-wa,S-su-le,S-su-mo,"
    "S-su-st,S-su-su,S-su-wa,S-wa-le,S-wa-mo,S-wa-st,S-wa-su,S-wa-wa | idle=0"
)


# ---- helpers -----------------------------------------------------------------------------------------------------

def texts(state, seat=None):
    seat = state.to if seat is None else seat
    return [GAME.notation(state, a) for a in GAME.legal_actions(state, seat)]


def code_of(state, text, seat):
    """The spec error code a player's text gets."""
    with pytest.raises((IllegalAction, NotationError)) as caught:
        GAME.apply(state, GAME.parse(state, text, seat), seat)
    return caught.value.code


def build(board: dict[str, str], hands: dict[str, str], turn: str = "to=B drew", players: int = 2,
          axes: str = "any-axis", links: str = "colour", idle: int = 0) -> str:
    """A position text with `board` (square -> "tile@rotation") and hands; the bag holds every other tile."""
    counts = list(FULL_SET)
    for entry in board.values():
        counts[TILE_IDS[entry.split("@")[0]]] -= 1
    for held in hands.values():
        for name in held.split(","):
            if name != "-":
                counts[TILE_IDS[name]] -= 1
    assert min(counts) >= 0
    cells = " ".join(f"{sq}={entry}" for sq, entry in sorted(board.items())) or "-"
    hand_text = " ".join(f"{seat}={held}" for seat, held in hands.items())
    return (f"players={players} axes={axes} links={links} | {cells} | {turn} | {hand_text} | "
            f"bag={tiles_text(counts)} | idle={idle}")


def play(text: str, *moves: str):
    state = GAME.from_position(text)
    for move in moves:
        if move.startswith("draw"):
            state = GAME.apply(state, Draw(TILE_IDS[move.split()[1]]), None)
            continue
        seat = state.to
        assert seat is not None
        state = GAME.apply(state, GAME.parse(state, move, seat), seat)
    return state


# ---- 10.1: start position, position text and the 4p example -----------------------------------------------------

def test_registered_and_start_position_is_example_a() -> None:
    assert GAMES["bodsoi"] is GAME
    start = GAME.setup(2)
    assert GAME.position(start) == EX_A
    assert GAME.from_position(EX_A) == start
    outcomes = dict(GAME.chance_outcomes(start))
    assert len(outcomes) == 50
    assert outcomes[Draw(TILE_IDS["C-le-le"])] == pytest.approx(2 / 75)
    assert outcomes[Draw(TILE_IDS["S-wa-wa"])] == pytest.approx(1 / 75)
    assert GAME.notation(start, Draw(TILE_IDS["C-su-mo"])) == "draw C-su-mo"
    assert GAME.actors(start) == frozenset()
    after = GAME.apply(start, Draw(TILE_IDS["C-su-mo"]), None)
    assert GAME.position(after) == EX1


@pytest.mark.parametrize("text", [EX_A, EX_B, EX1, EX1_STRAIGHT, EX2_BLUE, EX2_YELLOW, EX2_YELLOW_TWO, EX3, EX3_BLUE,
                                  EX4, EX4_FIXED, EX5, EX6, EX7, EX8, EX8_FOUR])
def test_every_spec_position_round_trips(text: str) -> None:
    assert GAME.position(GAME.from_position(text)) == text


def test_bad_positions_are_refused() -> None:
    with pytest.raises(NotationError, match="75 tiles"):
        GAME.from_position(EX_A.replace("C-le-le*2", "C-le-le"))
    with pytest.raises(NotationError, match="step"):
        GAME.from_position(EX_A.replace("to=B draw", "to=B nodraw"))
    with pytest.raises(NotationError, match="six fields"):
        GAME.from_position("players=2")


def test_example_b_four_players() -> None:
    state = GAME.from_position(EX_B)
    assert GAME.actors(state) == frozenset({1})
    listed = texts(state)
    assert len(listed) == 373
    assert listed[0] == "pass"
    assert "place C-le-su e1 90" in listed
    near = [t for t in listed[1:] if t.split()[2] in ("a7", "b8", "e1", "e3", "d2", "f2", "f7", "e8", "g8", "h2",
                                                          "g1", "h5", "h7", "g6")]
    assert len(near) == 12
    assert listed[1:] == sorted(listed[1:])


# ---- 10.2 worked examples ----------------------------------------------------------------------------------------

def test_ex1_empty_board() -> None:
    corner = texts(GAME.from_position(EX1))
    assert corner[0] == "pass" and len(corner) == 257
    assert corner[1:] == sorted(corner[1:])
    straight = texts(GAME.from_position(EX1_STRAIGHT))
    assert len(straight) == 129
    assert "place S-su-mo a1 0" in straight and "place S-su-mo a1 180" not in straight


def test_ex2_blue_matches_only_on_blue_edges() -> None:
    listed = texts(GAME.from_position(EX2_BLUE))
    assert len(listed) == 241
    near = [t for t in listed if t != "pass" and t.split()[2] in ("d5", "e4", "c4", "d3")]
    assert near == ["place C-su-le d5 180", "place C-su-le d5 90", "place C-su-le e4 180", "place C-su-le e4 270"]


def test_ex2_yellow_matches_only_on_yellow_edges() -> None:
    listed = texts(GAME.from_position(EX2_YELLOW))
    assert len(listed) == 241
    near = {" ".join(t.split()[2:]) for t in listed if t != "pass" and t.split()[2] in ("d5", "e4", "c4", "d3")}
    assert near == {"c4 180", "c4 270", "d3 90", "d3 180"}


def test_ex2_yellow_with_two_tiles() -> None:
    listed = texts(GAME.from_position(EX2_YELLOW_TWO))
    assert len(listed) == 359
    straight = [t for t in listed if "S-mo-su" in t]
    assert len(straight) == 118
    assert not any(t.split()[2] in ("d5", "e4", "c4", "d3") for t in straight)


def test_ex3_one_tile_completes_both_colours_placer_wins() -> None:
    state = GAME.from_position(EX3)
    listed = texts(state)
    assert len(listed) - 1 == 51
    assert [t for t in listed if " d5 " in t] == ["place S-st-wa d5 0"]
    expected = (EX3.replace("d4=S-su-le@0 ", "d4=S-su-le@0 d5=S-st-wa@0 ").replace("to=Y drew", "over=bodsoi:Y")
                .replace("Y=S-st-wa", "Y=-"))
    after = play(EX3, "place S-st-wa d5 0")
    assert GAME.position(after) == expected
    assert outcome_of(GAME, after).winners == frozenset({1})
    assert outcome_of(GAME, after).reason == "bodsoi"
    found = analyse(after.board, after.axes, after.links).bodsoi
    assert found[0] is not None and found[1] is not None
    fixed = play(EX3.replace("any-axis", "fixed-axes"), "place S-st-wa d5 0")
    assert GAME.position(fixed) == expected.replace("any-axis", "fixed-axes")
    assert code_of(state, "place S-st-wa d5 90", 1) == "E_NO_MATCH"
    view = GAME.view(after, None)
    assert view["bodsoi"] == {"side": "yellow", "cells": [f"{f}5" for f in "abcdefgh"]}


def test_ex3_blue_placer_wins() -> None:
    state = GAME.from_position(EX3_BLUE)
    assert "place S-su-mo d5 0" in texts(state)
    after = play(EX3_BLUE, "place S-su-mo d5 0")
    assert after.ending == "bodsoi:B"
    assert outcome_of(GAME, after).winners == frozenset({0})


def test_ex4_any_axis_against_fixed_axes() -> None:
    state = GAME.from_position(EX4)
    assert "place S-su-mo h4 90" in texts(state)
    assert "place S-su-mo h4 0" not in texts(state)
    assert code_of(state, "place S-su-mo h4 0", 0) == "E_NO_MATCH"
    won = play(EX4, "place S-su-mo h4 90")
    assert won.ending == "bodsoi:B" and outcome_of(GAME, won).winners == frozenset({0})
    fixed = play(EX4_FIXED, "place S-su-mo h4 90")
    expected = (EX4_FIXED.replace("g4=S-su-le@90 ", "g4=S-su-le@90 h4=S-su-mo@90 ").replace("to=B drew", "to=Y draw")
                .replace("B=S-su-mo", "B=-"))
    assert GAME.position(fixed) == expected
    assert GAME.outcome(fixed) is None


def test_ex5_path_that_came_back_scores_its_end_row() -> None:
    state = GAME.from_position(EX5)
    found = analyse(state.board, state.axes, state.links)
    assert found.scores == ((5, 3), (2, 2, 1, 1, 1, 1, 1, 1, 1, 1))
    outcome = outcome_of(GAME, state)
    assert outcome.winners == frozenset({0}) and outcome.reason == "stall" and outcome.scores == (5, 2)
    view = GAME.view(state, None)
    assert view["paths"]["blue"]["best"] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "b7", "b6", "b5"]
    assert view["paths"]["blue"]["scores"] == [5, 3]
    assert view["scores"] == [5, 2]


def test_ex6_second_path_breaks_the_tie() -> None:
    state = GAME.from_position(EX6)
    found = analyse(state.board, state.axes, state.links)
    assert found.scores == ((5, 3), (5, 4, 2, 1, 1, 1, 1, 1, 1, 1))
    assert outcome_of(GAME, state).winners == frozenset({1})
    assert GAME.view(state, None)["paths"]["yellow"]["best"] == ["a3", "b3", "c3", "d3", "e3"]


def test_ex7_corner_tile_in_a_corner() -> None:
    state = GAME.from_position(EX7)
    assert analyse(state.board, state.axes, state.links).scores == ((), (1,))
    assert outcome_of(GAME, state).winners == frozenset({1})
    assert analyse(state.board, state.axes, state.links).bodsoi == (None, None)
    swapped = GAME.from_position(EX7.replace("a1=C-su-mo@0", "a1=C-su-mo@180"))
    assert analyse(swapped.board, swapped.axes, swapped.links).scores == ((1,), ())
    assert outcome_of(GAME, swapped).winners == frozenset({0})


def test_ex8_two_idle_turns_stall_into_a_draw() -> None:
    once = play(EX8, "pass")
    assert GAME.position(once) == EX8.replace("to=B nodraw", "to=Y nodraw").replace("idle=0", "idle=1")
    twice = play(EX8, "pass", "pass")
    assert GAME.position(twice) == EX8.replace("to=B nodraw", "over=stall").replace("idle=0", "idle=2")
    outcome = outcome_of(GAME, twice)
    assert outcome.reason == "stall" and outcome.winners == frozenset()


def test_ex8_a_draw_keeps_the_game_going() -> None:
    once = play(EX8_FOUR, "pass")
    assert GAME.position(once) == EX8_FOUR.replace("to=B nodraw", "to=Y draw").replace("idle=0", "idle=1")
    after = play(EX8_FOUR, "pass", "draw C-wa-le", "pass")
    drawn = EX8_FOUR.replace("C-su-wa | bag", "C-su-wa,C-wa-le | bag").replace("C-wa-le*2", "C-wa-le")
    assert GAME.position(after) == drawn
    assert GAME.outcome(after) is None


# ---- the matching rule and anchors -------------------------------------------------------------------------------

def test_matching_needs_own_colour_and_symbol_on_one_edge() -> None:
    # c4 shows blue st on its E edge (straight at 90: blue W-E); d5 shows yellow st on its S edge (corner at 0).
    board = {"c4": "S-st-le@90", "d5": "C-wa-st@0"}
    blue = GAME.from_position(build(board, {"B": "C-st-mo", "Y": "C-le-st"}))
    yellow = GAME.from_position(build(board, {"B": "C-le-st", "Y": "C-st-mo"}, turn="to=Y drew"))
    # Blue: W edge blue st matches c4 although the N edge (blue) meets d5's yellow: other edges may mismatch.
    assert "place C-st-mo d4 270" in texts(blue)
    assert code_of(blue, "place C-st-mo d4 0", 0) == "E_NO_MATCH"  # W yellow mo against blue st
    # Yellow holding the same tile: the symbol st is blue on it, so c4's blue st matches nothing for Yellow.
    assert not [t for t in texts(yellow) if " d4 " in t]
    assert code_of(yellow, "place C-st-mo d4 270", 1) == "E_NO_MATCH"
    assert code_of(blue, "place C-st-mo c4 0", 0) == "E_OCCUPIED"
    assert code_of(blue, "place C-le-le a1 0", 0) == "E_NOT_IN_HAND"


def test_a_band_in_the_edge_row_is_not_anchored_unless_it_runs_into_the_edge() -> None:
    state = GAME.from_position(build({"d1": "S-su-mo@90", "e1": "S-su-le@90"}, {"B": "-", "Y": "-"},
                                     turn="over=stall"))
    found = analyse(state.board, state.axes, state.links)
    blue = [p for p in found.paths[0]]
    assert len(blue) == 1 and blue[0].cells == (3 * 8, 4 * 8) and blue[0].score == 0  # lies in row 1, no anchor
    assert found.scores == ((), (1, 1))  # each yellow N-S band runs into the S edge
    assert outcome_of(GAME, state).winners == frozenset({1})


def test_links_symbol_variant_splits_paths_at_a_symbol_change() -> None:
    board = {"a4": "S-su-le@90", "b4": "S-mo-le@90"}
    colour = GAME.from_position(build(board, {"B": "-", "Y": "-"}, turn="over=stall"))
    symbol = GAME.from_position(build(board, {"B": "-", "Y": "-"}, turn="over=stall", links="symbol"))
    assert analyse(colour.board, colour.axes, colour.links).scores[0] == (2,)
    assert analyse(symbol.board, symbol.axes, symbol.links).scores[0] == (1,)


def test_fixed_axes_limits_anchors_for_scoring() -> None:
    # a4-b4 blue W-E anchored at W; h1 blue N-S anchored at S and yellow W-E anchored at E.
    text = build({"a4": "S-su-le@90", "b4": "S-mo-le@90", "h1": "S-le-le@0"}, {"B": "-", "Y": "-"},
                 turn="over=stall")
    free = GAME.from_position(text)
    assert analyse(free.board, free.axes, free.links).scores == ((2, 1), (1,))
    fixed = GAME.from_position(text.replace("any-axis", "fixed-axes"))
    assert analyse(fixed.board, fixed.axes, fixed.links).scores == ((1,), (1,))
    assert outcome_of(GAME, free).winners == frozenset({0})
    assert outcome_of(GAME, fixed).winners == frozenset()


# ---- Bodsoi: either colour, either axis --------------------------------------------------------------------------

LINES = {"N-S": ([f"d{r}" for r in range(1, 8)], "d8"), "W-E": ([f"{f}4" for f in "abcdefg"], "h4")}
ALONG = {("B", "N-S"): 0, ("B", "W-E"): 90, ("Y", "N-S"): 90, ("Y", "W-E"): 0}  # straight rotation per band/axis
RUNS = {  # seven straight tiles linked in the colour, then the one that matches the seventh in that colour
    "B": (["S-su-le", "S-su-mo", "S-su-st", "S-su-wa", "S-mo-le", "S-mo-mo", "S-mo-st"], "S-mo-su"),
    "Y": (["S-le-su", "S-mo-su", "S-st-su", "S-wa-su", "S-le-mo", "S-mo-mo", "S-st-mo"], "S-su-mo"),
}


def bodsoi_position(side: str, axis: str, axes: str = "any-axis", players: int = 2) -> tuple[str, str]:
    squares, last = LINES[axis]
    run, tile = RUNS[side]
    rotation = ALONG[(side, axis)]
    board = {sq: f"{t}@{rotation}" for sq, t in zip(squares, run, strict=True)}
    seats = ["B", "Y"] if players == 2 else ["B1", "Y1", "B2", "Y2"]
    mover = side if players == 2 else f"{side}2"
    hands = {seat: tile if seat == mover else "-" for seat in seats}
    return build(board, hands, turn=f"to={mover} drew", players=players, axes=axes), f"place {tile} {last} {rotation}"


@pytest.mark.parametrize(("side", "axis"), [("B", "N-S"), ("B", "W-E"), ("Y", "N-S"), ("Y", "W-E")])
def test_a_bodsoi_for_either_colour_on_either_axis(side: str, axis: str) -> None:
    text, move = bodsoi_position(side, axis)
    after = play(text, move)
    assert after.ending == f"bodsoi:{side}"
    assert outcome_of(GAME, after).winners == frozenset({0 if side == "B" else 1})
    fixed = play(*bodsoi_position(side, axis, axes="fixed-axes"))
    own_axis = (side, axis) in (("B", "N-S"), ("Y", "W-E"))
    assert (fixed.ending == f"bodsoi:{side}") is own_axis
    if not own_axis:
        assert GAME.outcome(fixed) is None and fixed.step == "draw"


def test_completing_only_the_opponents_bodsoi_makes_them_win() -> None:
    blue = ["S-su-le", "S-su-mo", "S-su-st", "S-su-wa", "S-mo-le", "S-mo-mo", "S-mo-st"]
    board = {sq: f"{t}@0" for sq, t in zip(["d1", "d2", "d3", "d5", "d6", "d7", "d8"], blue, strict=True)}
    board["c4"] = "S-wa-wa@0"  # its yellow wa on the E edge lets Yellow play on d4
    text = build(board, {"B": "-", "Y": "S-le-wa"}, turn="to=Y drew")
    after = play(text, "place S-le-wa d4 0")
    assert after.ending == "bodsoi:B"
    assert outcome_of(GAME, after).winners == frozenset({0})
    labels = suggest_placements(GAME.from_position(text), 1, "s-le-wa d4")
    assert labels == [("place S-le-wa d4 0 — gives blue a Bodsoi", "place S-le-wa d4 0")]


# ---- scoring -----------------------------------------------------------------------------------------------------

def test_score_lists_compare_down_the_list() -> None:
    assert compare((5, 3), (5, 4)) == 1
    assert compare((4, 2, 2), (4, 2, 1)) == 0
    assert compare((3, 1), (3,)) == 0  # a missing entry counts as 0
    assert compare((2, 2), (2, 2)) is None
    assert compare((), ()) is None


# ---- 2 against 2 -------------------------------------------------------------------------------------------------

def test_two_against_two_turn_order_and_private_racks() -> None:
    state = GAME.setup(4)
    assert [GAME.seat_name(state, s) for s in range(4)] == ["Blue 1", "Yellow 1", "Blue 2", "Yellow 2"]
    order = []
    for _ in range(8):
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0], None)
        order.append(state.to)
        state = GAME.apply(state, PASS, state.to)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [len(h) for h in state.hands] == [2, 2, 2, 2]
    assert " | to=B1 draw | B1=" in GAME.position(state) and state.idle == 0
    rng = random.Random(1)
    for viewer in range(4):
        view = GAME.view(state, viewer)
        assert view["hand"] == [TILE_NAMES[t] for t in state.hands[viewer]]
        assert view["hand_sizes"] == [2, 2, 2, 2] and view["hands"] is None
        assert view["bag"] == 67
        twin = GAME.resample_hidden(state, viewer, rng)
        assert twin.hands[viewer] == state.hands[viewer]
        assert GAME.view(twin, viewer) == view
        assert sum(twin.bag) + sum(map(len, twin.hands)) == 75
    public = GAME.view(state, None)
    assert public["hand"] is None and public["seat_labels"] == ["B1", "Y1", "B2", "Y2"]
    # a teammate's rack is as hidden as an opponent's
    assert any(GAME.resample_hidden(state, 2, random.Random(k)).hands[0] != state.hands[0] for k in range(5))


def test_a_team_wins_or_loses_together() -> None:
    won = play(*bodsoi_position("B", "N-S", players=4))
    assert won.ending == "bodsoi:B" and outcome_of(GAME, won).winners == frozenset({0, 2})
    state = GAME.apply(GAME.setup(4), Draw(TILE_IDS["C-su-mo"]), None)
    resigned = GAME.apply(state, RESIGN, 3)  # out of turn
    assert " | over=resign:Y2 | " in GAME.position(resigned)
    assert outcome_of(GAME, resigned).winners == frozenset({0, 2})
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(resigned, PASS, 0)
    assert caught.value.code == "E_OVER"


# ---- notation, turns and logs ------------------------------------------------------------------------------------

def test_notation_forms() -> None:
    state = GAME.from_position(EX1)
    mo = TILE_IDS["C-su-mo"]
    assert GAME.parse(state, "p csumo d4 90", 0) == Place(mo, 3 * 8 + 3, 1)
    assert GAME.parse(state, "  Place   C-SU-MO  D4 90 ", 0) == Place(mo, 3 * 8 + 3, 1)
    assert GAME.notation(state, GAME.parse(state, "place C-sun-moon a1 0", 0)) == "place C-su-mo a1 0"
    assert GAME.parse(state, "pass", 0) == PASS and GAME.parse(state, "resign", 0) == RESIGN
    straight = GAME.from_position(build({}, {"B": "S-st-wa", "Y": "-"}))
    action = GAME.parse(straight, "Place S/star/wave h4 270", 0)
    assert GAME.notation(straight, action) == "place S-st-wa h4 90"
    for bad in ("place C-su d4 90", "place C-su-mo d4 45", "place C-su-mo i9 0", "", "place", "move d4"):
        with pytest.raises(NotationError) as caught:
            GAME.parse(state, bad, 0)
        assert caught.value.code == "E_SYNTAX"


def test_turn_errors() -> None:
    assert code_of(GAME.from_position(EX1), "pass", 1) == "E_TURN"
    start = GAME.setup(2)
    assert code_of(start, "pass", 0) == "E_TURN"  # the draw has not been made
    with pytest.raises(IllegalAction):
        GAME.apply(start, Draw(TILE_IDS["C-su-mo"]), 0)
    assert GAME.legal_actions(start, 0) == [] and GAME.legal_actions(GAME.from_position(EX1), 1) == []


def test_draws_are_masked_for_everyone_but_the_drawer() -> None:
    start = GAME.setup(2)
    draw = Draw(TILE_IDS["C-su-mo"])
    assert GAME.log_text(start, draw, 0) == "draw C-su-mo"
    assert GAME.log_text(start, draw, 1) == "draw ?"
    assert GAME.log_text(start, draw, None) == "draw ?"
    assert GAME.describe(start, draw, GAME.apply(start, draw, None)) == "Blue drew a tile"
    ended = GAME.from_position(EX7)
    assert GAME.log_text(ended, draw, 1) == "draw C-su-mo"  # after the end every tile may be shown
    after = play(EX3, "place S-st-wa d5 0")
    assert GAME.describe(GAME.from_position(EX3), GAME.parse(GAME.from_position(EX3), "place S-st-wa d5 0", 1),
                         after) == "Yellow placed S-st-wa on d5 at 0° — Bodsoi! Yellow wins"


def test_view_shows_tiles_last_placement_and_hidden_hands() -> None:
    state = play(EX2_BLUE, "place C-su-le d5 90")
    view = GAME.view(state, 1)
    d5 = next(t for t in view["board"] if t["square"] == "d5")
    assert d5["tile"] == "C-su-le" and d5["rotation"] == 90 and d5["placed_by"] == 0
    assert d5["bands"]["blue"]["edges"] == ["E", "S"] and d5["bands"]["yellow"]["edges"] == ["N", "W"]
    assert view["last_placement"] == {"square": "d5", "tile": "C-su-le", "rotation": 90, "seat": 0}
    assert view["last"]["kind"] == "place" and view["last"]["text"] == "place C-su-le d5 90"
    assert view["hand"] == ["C-mo-wa"] and view["hand_sizes"] == [0, 1]
    assert GAME.view(state, 0)["hand"] == []
    assert view["unseen"]["C-mo-wa"] == 1  # one of two is in the viewer's own hand
    again = GAME.from_json(GAME.to_json(state))
    assert again == state and GAME.view(again, 1) == view


# ---- geometry, automatic passes and suggestions -----------------------------------------------------------------

def test_tile_geometry_follows_the_rotation_table() -> None:
    table = {0: (["N", "E"], ["S", "W"]), 90: (["E", "S"], ["N", "W"]), 180: (["S", "W"], ["N", "E"]),
             270: (["N", "W"], ["E", "S"])}
    for rotation, (blue, yellow) in table.items():
        geometry = tile_geometry("C-su-mo", rotation)
        assert (geometry["bands"]["blue"]["edges"], geometry["bands"]["yellow"]["edges"]) == (blue, yellow)
        assert geometry["bands"]["blue"]["name"] == "sun" and geometry["bands"]["yellow"]["symbol"] == "mo"
    assert tile_geometry("S-st-wa", 270)["rotation"] == 90
    assert tile_geometry("S-st-wa", 0)["bands"]["blue"]["edges"] == ["N", "S"]
    assert tile_geometry("S-st-wa", 90)["edges"] == {"N": "yellow", "E": "blue", "S": "yellow", "W": "blue"}


def test_a_hand_that_cannot_place_passes_itself() -> None:
    """Only an empty hand (public) passes automatically: a server pass for a full hand would tell everyone that
    none of its hidden tiles fits (issue 11.3; spec section 5: an empty hand forces a pass)."""
    straights = [TILE_NAMES[t] for t in range(25, TILE_TYPES)]
    corners = [TILE_NAMES[t] for t in range(25) for _ in range(2)]
    # Every square but h8 is full; corners at 180 show yellow on N and E, so g8 and h7 offer Blue nothing.
    squares = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)][:63]
    board = {sq: f"{t}@0" for sq, t in zip(squares[:13], straights, strict=False)}
    board |= {sq: f"{t}@180" for sq, t in zip(squares[13:], corners, strict=True)}
    text = build(board, {"B": ",".join(straights[13:18]), "Y": ",".join(straights[18:23])}, turn="to=B nodraw")
    state = GAME.from_position(text)
    assert GAME.legal_actions(state, 0) == [PASS]
    assert GAME.automatic_action(state) is None
    assert GAME.parse(state, "pass", 0) == PASS
    assert GAME.automatic_action(replace(state, hands=((), *state.hands[1:]))) == (0, PASS)  # an empty hand
    assert GAME.automatic_action(GAME.from_position(EX1)) is None
    assert GAME.automatic_action(GAME.setup(2)) is None


def test_suggestions_rank_winning_placements_first_and_follow_the_typed_prefix() -> None:
    state = GAME.from_position(EX3)
    choices = suggest_placements(state, 1)
    assert len(choices) == 25
    assert choices[0] == ("place S-st-wa d5 0 — Bodsoi!", "place S-st-wa d5 0")
    assert suggest_placements(state, 1, "d5") == [choices[0]]
    assert suggest_placements(state, 1, "pa") == [("pass", "pass")]
    assert all(value.startswith("place S-st-wa h") for _, value in suggest_placements(state, 1, "p s/st/wave h"))
    assert suggest_placements(GAME.from_position(EX4), 0)[0][1] == "place S-su-mo h4 90"
    assert suggest_placements(state, 0) == []  # not Blue's turn


def test_suggested_path_scores_agree_with_a_full_analysis() -> None:
    from rules.bodsoi.suggest import _facing, effect  # the helper's exact-score claim, checked placement by placement

    rng = random.Random(4)
    state = GAME.setup(2)
    while state.placed < 20:
        if GAME.chance_outcomes(state):
            state = GAME.apply(state, rng.choice(GAME.chance_outcomes(state))[0], None)
        else:
            assert state.to is not None
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, state.to)[1:] or [PASS]), state.to)
    while GAME.chance_outcomes(state):
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0], None)
    facing = _facing(state, analyse(state.board, state.axes, state.links).paths)
    assert state.to is not None
    places = GAME.legal_actions(state, state.to)[1:]
    assert places
    for place in places:
        board = list(state.board)
        board[place.square] = (place.tile, place.quarter)
        found = analyse(tuple(board), state.axes, state.links)
        for colour in (0, 1):
            path = next(p for p in found.paths[colour] if place.square in p.cells)
            assert (effect(state, place, colour, facing).score, effect(state, place, colour, facing).bodsoi) == \
                (path.score, path.bodsoi)
