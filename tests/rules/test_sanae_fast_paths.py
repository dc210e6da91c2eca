"""Sanae's fast paths (issue 38) against the plain code they replaced: listed swaps, move and swap notation, the
stone tokens a position accepts, and the stones a view shares between cells."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from rules import NotationError
from rules.base import evolve
from rules.sanae import GAME
from rules.sanae.board import BOARDS
from rules.sanae.notation import action_text, parse_text
from rules.sanae.setup import setup_actions
from rules.sanae.state import LayoutSwap, Move, Ready, SanaeState

BOARD = BOARDS["lens93"]


def laid(seed: int) -> SanaeState:
    """A set-up position with both layouts laid, shuffled by `seed` (empty cells and every rank mixed)."""
    state = GAME.setup(2)
    for seat in (0, 1):
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0], seat)  # a preset: "laid"
    rng = random.Random(seed)
    cells = list(state.cells)
    for seat in (0, 1):
        own = list(BOARD.setup_cells[seat])
        tokens = [cells[c] for c in own]
        rng.shuffle(tokens)
        for c, token in zip(own, tokens, strict=True):
            cells[c] = token
    return evolve(state, cells=tuple(cells))


@pytest.mark.parametrize("seed", range(6))
def test_listed_swaps_are_every_pair_of_different_contents_in_notation_order(seed: int) -> None:
    state = laid(seed)
    for seat in (0, 1):
        own = BOARD.setup_cells[seat]
        plain = [LayoutSwap(a, b) for i, a in enumerate(own) for b in own[i + 1:] if state.cells[a] != state.cells[b]]
        listed = setup_actions(state, seat)
        assert [a for a in listed if isinstance(a, LayoutSwap)] == plain
        assert listed[-1] == Ready()
        texts = [action_text(BOARD, a) for a in plain]
        assert texts == sorted(texts)  # the notation's order


def test_move_and_swap_texts_are_the_labels_and_read_back() -> None:
    labels = BOARD.labels
    for source, target in itertools.permutations(range(BOARD.size), 2):
        text = action_text(BOARD, Move(source, target))
        assert text == f"{labels[source]}-{labels[target]}"
        assert parse_text("lens93", text) == Move(source, target)
    for first, second in itertools.combinations(BOARD.setup_cells[1], 2):
        text = action_text(BOARD, LayoutSwap(first, second))
        assert text == f"layout swap {labels[first]} {labels[second]}"
        assert parse_text("lens93", text) == LayoutSwap(first, second)


STONE = re.compile(r"([rb])([VKQWDCLNAF])(\*)?(z)?")  # the token pattern positions were read with


@pytest.mark.parametrize("token", ["rF", "bV*", "rC*z", "bCz", "rFz", "rK**", "xF", "rf", "r", "rF*z", "bCz*", "RF"])
def test_a_position_takes_exactly_the_tokens_the_pattern_took(token: str) -> None:
    match = STONE.fullmatch(token)
    valid = match is not None and not (match[4] and match[2] != "C")
    text = (f"options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; "
            f"phase setup ; setup red=laid blue=empty ; first - ; turn - ; pending - ; quiet 0 ; "
            f"captured red=- blue=- ; stones R1.00={token} ; result -")
    if valid:
        assert GAME.from_position(text).cells[0] == token
        assert GAME.from_position(text.replace("R1.00", "r1.0")).cells[0] == token  # any spelling of the cell
    else:
        with pytest.raises(NotationError, match="bad stone"):
            GAME.from_position(text)


def test_a_view_shares_no_stone_between_cells() -> None:
    """Each distinct token's stone is made once per view: every cell must still get its own dict, or a renderer
    changing one stone would change every stone of its rank."""
    state = laid(0)
    view = GAME.view(state, 0)
    stones = [cell["stone"] for cell in view["cells"] if cell["stone"] is not None]
    assert len(stones) == 36 and len({id(stone) for stone in stones}) == len(stones)
    stones[0]["letter"] = "changed"
    assert sum(stone["letter"] == "changed" for stone in stones) == 1
    assert GAME.view(state, 0) != view  # nor a later view
