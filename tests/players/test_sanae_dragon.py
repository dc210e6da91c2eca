"""Sanae's hard against a rampaging Dragon: Red's Dragon, face up in Blue's circle, has taken six of Blue's stones.

A Dragon falls only to the Wizard (a roll-off, one time in two), to the other Dragon (the same) or to a Knight or above
on a 6 that beats its owner's die (5 in 36); anything below a Knight attacking it is simply lost (spec 5.4, rules 3
and 5). The search weighs each combat's dice exactly, so it takes an even chance at the Dragon and never throws a
stone at it that cannot win.
"""

from __future__ import annotations

import random

from players.evaluate import teams_of
from players.sanae import search, value
from rules import GAMES
from rules.sanae.pieces import KNIGHT, RANKS
from rules.sanae.state import Move
from tests.players.searching import enough

SANAE = GAMES["sanae"]

# Blue to move. Red's Dragon on B2.05 has taken a Lieutenant and five Footmen; Blue has taken two Footmen and a
# Knight. Material is near even, Blue's Void (B1.09) is hidden among its never-moved stones, and Knights (B4.04,
# B4.06), a Lieutenant (B2.08) and a Captain (B1.07) could reach the Dragon.
RAMPAGE = (
    "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase play ; "
    "setup red=ready blue=ready ; first red ; turn blue ; pending - ; quiet 0 ; captured red=FFN blue=LFFFFF ; "
    "stones R1.00=rF R1.01=rF R1.02=rK R1.03=rQ R1.04=rV R1.05=rF R1.06=rW R1.07=rC R1.08=rF R1.09=rL R1.10=rN "
    "R2.00=rF R2.01=rF R2.02=rL R2.03=rF R2.04=rN R2.05=rF R2.06=rF R2.07=rF R2.08=rC R2.09=rA R2.10=rF R2.11=rF "
    "R3.00=rF R3.01=rF R3.02=rF R3.03=rL R3.04=rF R3.05=rF R3.06=rF R3.07=rL R3.08=rN R3.09=rF R3.10=rF "
    "B2.05=rD* "
    "B1.00=bF B1.01=bF B1.02=bF B1.03=bK B1.04=bQ B1.05=bF B1.06=bF B1.07=bC B1.08=bF B1.09=bV B1.10=bF B1.11=bF "
    "B2.00=bF B2.02=bF B2.08=bL B2.09=bF B2.10=bF B2.11=bF B3.00=bF B3.02=bF B3.08=bA B3.09=bF B3.10=bF "
    "B3.11=bC B4.04=bN B4.06=bN B4.07=bN B4.08=bN B4.09=bL B4.10=bL {extra}; result -")
DRAGON = "B2.05"


def picks(extra: str, seeds: range) -> list[Move]:
    """The search's best move for Blue in re-dealt worlds of the position (one per seed), with the budget of
    `enough`: the picks are those of 300 iterations, and a search that weighs the dice wrong misses as often."""
    state = SANAE.from_position(RAMPAGE.format(extra=extra))
    legal = SANAE.legal_actions(state, 1)
    found = []
    for seed in seeds:
        world = SANAE.resample_hidden(state, 1, random.Random(seed))
        ranked = search(SANAE, world, 1, legal, [0.0] * len(legal), random.Random(seed), enough(legal).start(),
                        teams_of(SANAE, world), True)
        found.append(ranked[0])
    return found


def test_the_wizard_takes_its_even_chance_at_the_dragon() -> None:
    state = SANAE.from_position(RAMPAGE.format(extra="B3.03=bW "))
    assert [SANAE.notation(state, move) for move in picks("B3.03=bW ", range(2))] == ["B3.03-B2.05"] * 2


def test_blues_own_dragon_takes_its_even_chance() -> None:
    state = SANAE.from_position(RAMPAGE.format(extra="B3.06=bD "))
    assert [SANAE.notation(state, move) for move in picks("B3.06=bD ", range(2))] == ["B3.06-B2.05"] * 2


def test_no_stone_below_a_knight_is_thrown_at_the_dragon() -> None:
    """Without a Wizard or a Dragon of its own: a Footman or the Assassin attacking the Dragon is lost for nothing,
    so it is worth less than any quiet move; the Knights' 5-in-36 chance is weighed as such."""
    state = SANAE.from_position(RAMPAGE.format(extra=""))
    dragon = state.grid.cell(DRAGON)
    world = SANAE.resample_hidden(state, 1, random.Random(0))
    legal = SANAE.legal_actions(state, 1)
    at_dragon = [move for move in legal if move.target == dragon]
    hopeless = [move for move in at_dragon if RANKS[state.cells[move.source][1]] < KNIGHT]
    chances = [move for move in at_dragon if RANKS[state.cells[move.source][1]] >= KNIGHT]
    assert hopeless and chances
    quiet = next(move for move in legal if not state.cells[move.target] and state.cells[move.source][1] == "F")
    scores = {move: value(SANAE, world, move, 1, random.Random(0)) for move in [*hopeless, *chances, quiet]}
    assert all(scores[move][0] < scores[quiet][0] for move in hopeless)  # type: ignore[index]
    for move in picks("", range(2)):
        assert move.target != dragon or RANKS[state.cells[move.source][1]] >= KNIGHT, SANAE.notation(state, move)
