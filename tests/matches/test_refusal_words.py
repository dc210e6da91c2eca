"""A rules error as a player reads it (`Refusal.of`): the spec's error code left out, the sentence capitalised, but
never a notation it starts with (a tile, a cell), which is typed the same in every language."""

from __future__ import annotations

from matches import Refusal
from rules import IllegalAction


def test_the_code_goes_and_a_word_gets_its_capital() -> None:
    assert Refusal.of(IllegalAction("wrong_phase: it is not time to place")).message == \
        "It is not time to place"
    assert Refusal.of(IllegalAction("no code here")).message == "no code here"


def test_a_notation_first_keeps_its_case() -> None:
    assert Refusal.of(IllegalAction("not_in_hand: w1b1 is not in your hand")).message == \
        "w1b1 is not in your hand"
    assert Refusal.of(IllegalAction("syntax: `b9` is off the board")).message == "`b9` is off the board"
