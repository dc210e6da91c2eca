"""Hard's rollout moves: any legal move by default, Sakamichi's lay a row when one fits (players.playouts)."""

from __future__ import annotations

import random

from players.playouts import playout, sakamichi, uniform
from rules import GAMES
from rules.base import evolve
from rules.sakamichi.notation import Place, Stack
from rules.sakamichi.tiles import Tile

GAME = GAMES["sakamichi"]
# Spec 10.3 example 1: 6 placements among 31 legal moves (the rest Redraw and Exchange).
OPENING = ("mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6 ; "
           "phase play ; dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; draw done ; choice - ; "
           "white down - up - ; black down - up - ; P1 hand b2 b4 w1b3 w2b2 w4 markers RES ; "
           "P2 hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 "
           "w4b1 w4b2 w5b1 ; removed w6 ; dead - ; result -")
# Spec 10.3 example 6: P2's only moves are white's sixth row (P1 wins) and `place black up b5`.
SIXTH_ROW = ("mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6 ; "
             "phase play ; dice 4 2 ; colours P1=white P2=black ; first P2 ; turn P2 ; draw done ; choice - ; "
             "white down 3[w3b1] 2[w1b2 w1b4] up 5[w5|w5b1] 6[w2b2 w4b1] 7[w1b1 w2b3 w4b2] ; "
             "black down 1[w2b1] up 3[w1b3] 4[b1 b3] ; P1 hand b4 w2 w3 markers RES ; P2 hand b5 w1 w3b2 markers - ; "
             "pile b2 w1b5 w2b4 w3b3 w4 ; removed w6 ; dead b6 ; result -")


def test_sakamichi_rollouts_lay_a_row_whenever_one_fits() -> None:
    state = GAME.from_position(OPENING)
    legal = GAME.legal_actions(state, 0)
    rows = {action for action in legal if isinstance(action, (Place, Stack))}
    assert len(rows) == 6 and len(legal) == 31
    rng = random.Random(4)
    chosen = {sakamichi(GAME, state, 0, rng) for _ in range(200)}
    assert chosen <= rows
    assert len(chosen) >= 4  # a random row, not always the same one
    assert playout(GAME) is sakamichi and playout(GAMES["sinoda"]) is uniform


def test_sakamichi_rollouts_do_not_give_the_opponent_the_sixth_row() -> None:
    state = GAME.from_position(SIXTH_ROW)
    assert {GAME.notation(state, a) for a in GAME.legal_actions(state, 1)} == {
        "place white down w1", "place black up b5"}
    rng = random.Random(2)
    assert {GAME.notation(state, sakamichi(GAME, state, 1, rng)) for _ in range(50)} == {"place black up b5"}


def test_sakamichi_rollouts_use_a_marker_when_no_row_fits() -> None:
    opening = GAME.from_position(OPENING)
    state = evolve(opening, hands=((Tile(0, 1),), opening.hands[1]))  # b1 fits neither white nor black 4 or 6
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(action, (Place, Stack)) for action in legal)
    rng = random.Random(5)
    assert all(sakamichi(GAME, state, 0, rng) in legal for _ in range(20))
