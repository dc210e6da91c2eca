"""Sanae autocomplete (`rules.sanae.suggest`): the seat's legal moves, narrowed by what was typed, attacks first, in
the words of what that seat may know (its own ranks, an enemy's only once revealed); and its setup steps."""

from __future__ import annotations

from rules.sanae import GAME
from rules.sanae.state import LayoutSwap, Move
from rules.sanae.suggest import suggest_moves, suggest_setup
from tests.rules.test_sanae import load, position

# Red's Knight on R3.00 faces Blue's hidden Footman on C2 and Blue's revealed Lieutenant on C1.
STATE = load(position("R1.06=rV R2.06=rF R3.00=rN C1=bL* C2=bF B1.06=bV B2.06=bF"))


def moves(seat: int) -> set[str]:
    return {GAME.notation(STATE, a) for a in GAME.legal_actions(STATE, seat) if isinstance(a, Move)}


def test_every_legal_move_attacks_first_naming_only_what_red_may_know() -> None:
    ranked = suggest_moves(STATE, 0, limit=500)
    assert {text for _, text in ranked} == moves(0) and len(ranked) == len(moves(0))
    assert ranked[:2] == [("R3.00-C1 · Knight attacks the Lieutenant", "R3.00-C1"),
                          ("R3.00-C2 · Knight attacks a hidden stone", "R3.00-C2")]
    assert all("attacks" not in label for label, _ in ranked[2:])
    assert ("R2.06-R1.05 · Footman", "R2.06-R1.05") in ranked  # Red's own ranks are Red's to see
    assert not any("Footman" in label and "C2" in text for label, text in ranked)  # Blue's hidden rank is not


def test_typed_text_narrows_ignoring_spaces_case_and_dots_and_a_prefix_ranks_first() -> None:
    assert [text for _, text in suggest_moves(STATE, 0, "r3.00 x c")] == ["R3.00-C1", "R3.00-C2", "R3.00-C3"]
    assert [text for _, text in suggest_moves(STATE, 0, "r300-c2")] == ["R3.00-C2"]
    ranked = [text for _, text in suggest_moves(STATE, 0, "r2", limit=500)]
    starting = [t for t in ranked if t.startswith("R2")]  # the Footman's moves; the Knight's into ring R2 follow
    assert starting and len(ranked) > len(starting) and ranked[:len(starting)] == starting, ranked
    assert suggest_moves(STATE, 0, "zz") == []


def test_the_limit_and_the_seat_not_to_move() -> None:
    assert len(suggest_moves(STATE, 0)) == 25 < len(moves(0))
    assert suggest_moves(STATE, 1) == []


# ---- setup -----------------------------------------------------------------------------------------------------------
def test_setup_offers_the_named_layouts_the_seat_may_take_ready_only_once_laid() -> None:
    fresh = GAME.setup(2)
    names = [value for _, value in suggest_setup(fresh, 0)]
    assert names == ["random", "classic", "wall", "keep"]  # nothing laid yet: no Ready
    assert suggest_setup(fresh, 0, "ready") == []
    laid = GAME.apply(fresh, GAME.parse(fresh, "layout preset classic", 0), 0)
    assert [value for _, value in suggest_setup(laid, 0)] == [*names, "ready"]
    assert suggest_setup(laid, 0, "C L") == [("classic (Footmen in front, Void deep)", "classic")]
    assert [value for _, value in suggest_setup(laid, 1)] == names  # Blue has laid nothing


def test_setup_lists_the_legal_swaps_containing_the_typed_cells_and_reads_a_long_text_as_a_code() -> None:
    fresh = GAME.setup(2)
    laid = GAME.apply(fresh, GAME.parse(fresh, "layout preset classic", 0), 0)
    swaps = suggest_setup(laid, 0, "R1.06 R2", limit=500)
    legal = {GAME.notation(laid, a).removeprefix("layout ") for a in GAME.legal_actions(laid, 0)
             if isinstance(a, LayoutSwap)}
    assert swaps and all(label == value and value in legal for label, value in swaps)
    assert all("R1.06 R2." in value for _, value in swaps)
    assert len(suggest_setup(laid, 0, "swap")) == 25  # every swap matches: the limit holds
    assert suggest_setup(laid, 0, "FFFFFFFFFFFF") == [("code FFFFFFFFFFFF", "FFFFFFFFFFFF")]
    assert suggest_setup(laid, 0, "F") == []  # short: neither a name, a swap nor yet a code
