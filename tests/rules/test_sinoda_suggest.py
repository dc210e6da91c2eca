"""Sinoda autocomplete (`rules.sinoda.suggest`): only the seat's legal moves and changes, narrowed by what was typed,
ranked prefix matches first and captures by the value taken; labels that say what a choice does."""

from __future__ import annotations

from rules.sinoda import GAME, Change, Move, SinodaState
from rules.sinoda.suggest import suggest_directions, suggest_moves, suggest_pieces

# The spec's example 3: Red's b3 (a 2) can take Blue's 3 on c4; a4 is a 1.
EX3 = GAME.from_position("small|a4=1,b3=2|c4=3,d2=1|turn=1|pts=6,8|caps=4,4|actions=40")
# Red's a4 can take a 1 on a2 and b3 a 3 on c4: the rules list a4's moves first, the ranking puts the 3 first.
TWO_CAPTURES = GAME.from_position("small|a4=2,b3=2|a2=1,c4=3,d2=1|turn=1|pts=0,0|caps=0,0|actions=10")


def legal(state: SinodaState, kind: type) -> set[str]:
    return {GAME.notation(state, a) for a in GAME.legal_actions(state, 0) if isinstance(a, kind)}


def test_moves_are_the_legal_moves_captures_first_with_what_they_take() -> None:
    moves = suggest_moves(EX3, 0)
    assert {text for _, text in moves} == legal(EX3, Move)
    assert moves[0] == ("b3-c4 · captures Blue's 3", "b3-c4")
    assert ("a4-a3 · 1 step", "a4-a3") in moves and ("b3-a1 · 2 steps", "b3-a1") in moves


def test_a_bigger_capture_ranks_before_a_smaller_one() -> None:
    order = [GAME.notation(TWO_CAPTURES, a) for a in GAME.legal_actions(TWO_CAPTURES, 0) if isinstance(a, Move)]
    assert order.index("a4-a2") < order.index("b3-c4")
    moves = suggest_moves(TWO_CAPTURES, 0)
    assert moves[:2] == [("b3-c4 · captures Blue's 3", "b3-c4"), ("a4-a2 · captures Blue's 1", "a4-a2")]
    assert all("captures" not in label for label, _ in moves[2:])


def test_typed_text_narrows_and_a_prefix_match_ranks_first() -> None:
    assert [text for _, text in suggest_moves(EX3, 0, "B3 x C")] == ["b3-c4", "b3-c2"]  # spaces, case and x
    # "a" is in every move into row a, and starts only a4's moves: those come first.
    ranked = [text for _, text in suggest_moves(EX3, 0, "a")]
    starting = [t for t in ranked if t.startswith("a")]
    assert starting and ranked[:len(starting)] == starting and len(ranked) > len(starting)
    assert suggest_moves(EX3, 0, "f9") == []


def test_the_limit_and_a_seat_not_to_move() -> None:
    assert len(suggest_moves(EX3, 0, limit=3)) == 3
    assert suggest_moves(EX3, 1) == [] and suggest_pieces(EX3, 1) == []


def test_pieces_say_their_value_and_what_they_can_become() -> None:
    assert suggest_pieces(EX3, 0) == [("a4 · now 1 → 2", "a4"), ("b3 · now 2 → 3 or 1", "b3")]
    assert {cell for _, cell in suggest_pieces(EX3, 0)} == {a.cell for a in GAME.legal_actions(EX3, 0)
                                                          if isinstance(a, Change)}
    assert suggest_pieces(EX3, 0, "b3+") == [("b3 · now 2 → 3 or 1", "b3")]


def test_directions_are_the_legal_ones_for_the_chosen_piece() -> None:
    assert suggest_directions(EX3, 0, "a4") == [("+ (one up): a4 becomes 2", "+")]  # a 1 cannot go down
    assert [sign for _, sign in suggest_directions(EX3, 0, "b3")] == ["+", "-"]
    assert suggest_directions(EX3, 0, "b3", "do") == [("- (one down): b3 becomes 1", "-")]
    assert suggest_directions(EX3, 0, "", "+") == [("+ (one up)", "+")]  # no piece chosen yet: both, unlabelled
    assert suggest_directions(EX3, 0, "c4") == []  # Blue's piece
