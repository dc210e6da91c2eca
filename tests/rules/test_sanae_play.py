"""Sanae rules: combat and its dice, Zed Inel, every end condition, setup validation and views."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from rules import RESIGN, IllegalAction
from rules.sanae import GAME
from rules.sanae.moves import with_fight
from rules.sanae.state import Last, LayoutSwap, Ready, SanaeState
from tests.rules.test_sanae import BOARD, HEAD, act, cell, chance, load, position

# ---- section 5.4: combat -------------------------------------------------------------------------------------------
TABLE = """
      K     Q     W     D     C     L     N     A     F
K    1/2   1/2   1/4   5/36  1     1     1     1     1
Q    1/2   1/2   1/4   5/36  1     1     1     1     1
W    3/4   3/4   1/2   1/2   3/4   3/4   1     1     1
D    31/36 31/36 1/2   1/2   31/36 31/36 31/36 1     1
C    0     0     1/4   5/36  1/2   1     1     1     1
L    0     0     1/4   5/36  0     1/2   1     1     1
N    0     0     0     5/36  0     0     1/2   1     1
A    1     1     1     0     1     1     1     1     1
F    0     0     0     0     0     0     0     0     1/2
"""


def fight(attacker: str, defender: str) -> SanaeState:
    """Red's `attacker` on R3.00 has just attacked Blue's `defender` on C2 (both sides keep a Void and a spare)."""
    state = load(position(f"R1.06=rV R2.06=rF R3.00=r{attacker} C2=b{defender} B1.06=bV B2.06=bF"))
    return act(state, "R3.00-C2")


def attacker_odds(attacker: str, defender: str) -> Fraction:
    state = fight(attacker, defender)
    outcomes = GAME.chance_outcomes(state) or [(None, 1.0)]
    won = Fraction(0)
    for roll, p in outcomes:
        after = state if roll is None else GAME.apply(state, roll, None)
        assert after.pending is None and after.quiet == 0
        if after.cells[cell("C2")].startswith("r"):
            assert after.cells[cell("R3.00")] == "" and after.captured == ("", defender)
            won += Fraction(p).limit_denominator(36)
        else:
            assert after.cells[cell("C2")] == f"b{defender}*" and after.captured == (attacker, "")
    return won


@pytest.mark.parametrize("attacker", list("KQWDCLNAF"))
def test_every_pairing_matches_the_odds_table(attacker: str) -> None:
    rows = [line.split() for line in TABLE.strip().splitlines()]
    columns, row = rows[0], next(r for r in rows[1:] if r[0] == attacker)
    for defender, expected in zip(columns, row[1:], strict=True):
        assert attacker_odds(attacker, defender) == Fraction(expected), (attacker, defender)


@pytest.mark.parametrize(("attacker", "defender", "kind"), [
    ("K", "Q", 30), ("F", "F", 30), ("W", "D", 30), ("D", "W", 30), ("W", "W", 30), ("D", "D", 30),
    ("W", "C", 36), ("L", "W", 36), ("D", "N", 36), ("K", "D", 36),
    ("W", "N", 0), ("D", "F", 0), ("A", "W", 0), ("A", "D", 0), ("F", "A", 0), ("N", "A", 0), ("C", "L", 0),
])
def test_which_fights_need_dice(attacker: str, defender: str, kind: int) -> None:
    state = fight(attacker, defender)
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == kind
    if kind == 30:  # roll-off: the re-rolled ties are folded away
        assert all(a.attacker != a.defender for a, _ in outcomes)
        assert all(p == pytest.approx(1 / 30) for _, p in outcomes)
    if kind:
        assert state.pending is not None and state.pending.kind == "combat"
        assert GAME.position(state).count("pending combat R3.00 C2") == 1


@pytest.mark.parametrize(("attacker", "defender", "roll", "winner"), [
    ("K", "Q", "roll 2 5", "b"), ("K", "Q", "roll 6 1", "r"),       # equal ranks: higher roll wins
    ("L", "W", "roll 5 4", "r"), ("L", "W", "roll 6 5", "r"),       # the other side higher and 5 or 6
    ("L", "W", "roll 4 3", "b"), ("L", "W", "roll 5 5", "b"),       # higher but 4; a tie
    ("W", "C", "roll 3 5", "b"), ("W", "C", "roll 5 5", "r"),       # example 5
    ("N", "D", "roll 6 5", "r"), ("N", "D", "roll 6 6", "b"),       # only a higher 6 kills the Dragon
    ("N", "D", "roll 5 1", "b"), ("D", "K", "roll 3 6", "b"), ("D", "K", "roll 5 6", "b"), ("D", "K", "roll 6 6", "r"),
    ("W", "D", "roll 1 2", "b"), ("D", "W", "roll 4 3", "r"),       # 6* against 6*: a plain roll-off
])
def test_dice_cases(attacker: str, defender: str, roll: str, winner: str) -> None:
    after = chance(fight(attacker, defender), roll)
    assert after.cells[cell("C2")][0] == winner


def test_fixed_fights() -> None:
    assert fight("A", "W").cells[cell("C2")] == "rA*"          # the attacking Assassin kills the Wizard
    assert fight("A", "D").cells[cell("C2")] == "bD*"          # but not the Dragon
    assert fight("W", "N").cells[cell("C2")] == "rW*"          # below Lieutenant: no roll
    assert fight("D", "A").cells[cell("C2")] == "rD*"
    assert fight("N", "W").cells[cell("R3.00")] == ""          # a losing attacker leaves its origin empty


# ---- section 5.5: Zed Inel -----------------------------------------------------------------------------------------
EX6 = position("R1.05=bN R1.06=rV R2.08=rC R3.00=rC B4.05=bN", turn="blue", first="blue")


def test_any_unused_pauses_even_with_no_captain_in_range() -> None:
    state = act(load(EX6.replace("R2.08=rC ", "")), "R1.05-R1.06")
    assert state.pending is not None and state.pending.kind == "zed"
    assert [GAME.notation(state, a) for a in GAME.legal_actions(state, 0)] == ["zed no"]
    assert GAME.view(state, 0)["pending"]["eligible"] == []
    assert GAME.view(state, 1)["pending"]["eligible"] is None and GAME.view(state, None)["pending"]["eligible"] is None


def test_eligible_only_pauses_only_for_a_captain_in_range() -> None:
    eligible_only = EX6.replace("zed-prompt=any-unused", "zed-prompt=eligible-only")
    captured = act(load(eligible_only.replace("R2.08=rC ", "")), "R1.05-R1.06")
    assert captured.result == (1, "void_captured") and captured.cells[cell("R1.06")] == "bN*"
    paused = act(load(eligible_only), "R1.05-R1.06")
    assert paused.pending is not None and GAME.view(paused, 0)["pending"]["eligible"] == ["R2.08"]


def test_zed_range_option_and_used_captains() -> None:
    wide = act(load(EX6.replace("zed-range=4", "zed-range=6")), "R1.05-R1.06")
    assert [GAME.notation(wide, a) for a in GAME.legal_actions(wide, 0)] == ["zed R2.08", "zed R3.00", "zed no"]
    used = EX6.replace("R2.08=rC", "R2.08=rC*z")
    state = act(load(used), "R1.05-R1.06")
    assert [GAME.notation(state, a) for a in GAME.legal_actions(state, 0)] == ["zed no"]  # R3.00 still unused
    with pytest.raises(IllegalAction, match="zed_used"):
        GAME.parse(state, "zed R2.08", 0)
    with pytest.raises(IllegalAction, match="not_eligible"):
        GAME.parse(state, "zed B4.05", 0)
    spent = act(load(used.replace("R3.00=rC", "R3.00=rC*z")), "R1.05-R1.06")
    assert spent.result == (1, "void_captured")  # no unused Captain: no pause at all


def test_zed_then_dice_against_a_dragon() -> None:
    state = act(load(EX6.replace("R1.05=bN", "R1.05=bD")), "R1.05-R1.06")
    state = act(state, "zed R2.08")
    assert state.pending is not None and state.pending.kind == "combat" and len(GAME.chance_outcomes(state)) == 36
    assert state.cells[cell("R1.06")] == "rC*z" and state.cells[cell("R2.08")] == "rV*"
    assert GAME.actors(state) == frozenset()
    dragon_falls = chance(state, "roll 3 6")
    assert dragon_falls.cells[cell("R1.05")] == "" and dragon_falls.cells[cell("R1.06")] == "rC*z"
    assert dragon_falls.captured == ("", "D") and dragon_falls.turn == 0
    dragon_wins = chance(state, "roll 3 5")
    assert dragon_wins.cells[cell("R1.06")] == "bD*" and dragon_wins.captured == ("C", "")
    assert dragon_wins.result is None and dragon_wins.cells[cell("R2.08")] == "rV*"  # the Void was shielded


def test_zed_against_an_assassin_costs_the_captain_only() -> None:
    state = act(act(load(EX6.replace("R1.05=bN", "R1.05=bA")), "R1.05-R1.06"), "zed R2.08")
    assert state.cells[cell("R1.06")] == "bA*" and state.captured == ("C", "") and state.result is None
    assert state.turn == 0


def test_resign_is_possible_during_a_pending_decision() -> None:
    state = act(load(EX6), "R1.05-R1.06")
    for seat in (0, 1):
        after = GAME.apply(state, RESIGN, seat)
        assert after.result == (1 - seat, "resign") and after.pending is None


# ---- section 6: ends -----------------------------------------------------------------------------------------------
def test_quiet_limit() -> None:
    text = position("R1.06=rV R3.03=rF B1.06=bV B3.03=bF").replace("quiet 0", "quiet 199")
    drawn = act(load(text), "R3.03-R3.04")
    assert drawn.result == (None, "quiet-limit") and drawn.quiet == 200 and drawn.turn == 0
    assert GAME.position(drawn).endswith("result draw quiet-limit")
    off = act(load(text.replace("quiet-limit=200", "quiet-limit=0")), "R3.03-R3.04")
    assert off.result is None and off.quiet == 200 and off.turn == 1
    fought = act(load(position("R1.06=rV R3.03=rF R3.04=bF B1.06=bV B3.03=bF").replace("quiet 0", "quiet 199")),
                 "R3.03-R3.04")
    assert fought.quiet == 0


def test_void_capture_wins_and_resign_anytime() -> None:
    state = act(load(position("R1.06=rV R3.00=rF C2=bF B1.06=bV B1.05=rN")), "B1.05-B1.06")
    assert state.result == (0, "void_captured") and state.captured == ("", "V")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {0}
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, RESIGN, 1)
    setup = GAME.apply(GAME.setup(2), RESIGN, 0)
    assert setup.result == (1, "resign") and GAME.actors(setup) == frozenset()


def test_no_moves_at_the_first_turn_needs_a_blocked_side() -> None:
    boxed = load(position("R1.06=rV R1.05=rF R1.07=rF R2.05=rF R2.06=rF R2.07=rF B1.06=bV B1.05=bF", turn="blue"))
    assert boxed.result is None
    boxed = GAME.from_position(position("R1.06=rV B1.06=bV B1.05=bF"))
    assert boxed.result == (1, "no_moves") and boxed.phase == "over"


# ---- play errors (section 8) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "seat", "error"), [
    ("R2.03-R2.04", 1, "not_your_turn"),
    ("R2.05-R2.06", 0, "no_stone: R2.05"),
    ("R1.02-R1.01", 0, "not_your_stone"),
    ("R1.06-R1.07", 0, "void_cannot_move"),
    ("R2.03-R2.02", 0, "own_stone_at_destination"),
    ("R2.02-R2.00", 0, "unreachable: Footman range 1"),
    ("R2.03-R3.01", 0, "path_blocked"),
])
def test_play_errors(text: str, seat: int, error: str) -> None:
    state = load(position("R1.02=bF R1.03=rF R1.06=rV R2.02=rF R2.03=rQ R2.04=rF R3.02=bN R3.03=rF B1.06=bV"))
    with pytest.raises(IllegalAction, match=error):
        GAME.parse(state, text, seat)


# ---- section 4: setup ----------------------------------------------------------------------------------------------
def test_setup_lists_and_validation() -> None:
    state = GAME.setup(2)
    assert GAME.actors(state) == frozenset({0, 1})
    assert [GAME.notation(state, a) for a in GAME.legal_actions(state, 1)] == [
        "layout preset classic", "layout preset keep", "layout preset wall", "layout random"]
    for text, error in (("ready", "no_layout"), ("layout swap R1.00 R1.01", "no_layout"),
                        ("layout swap C2 R1.00", "not_setup_cell: C2"), ("layout swap B1.00 R1.00",
                                                                         "not_your_circle: B1.00"),
                        ("R3.00-C2", "not started"), ("layout preset moat", "no preset named 'moat'")):
        with pytest.raises(IllegalAction, match=error):
            GAME.parse(state, text, 0)
    state = act(state, "layout preset classic", 0)
    texts = [GAME.notation(state, a) for a in GAME.legal_actions(state, 0)]
    assert len(texts) == 4 + 751 + 1 and texts == sorted(texts) and texts[-1] == "ready"
    assert "layout swap R1.00 R1.01" not in texts and "layout swap R1.00 R1.04" in texts  # F-F is not listed
    assert GAME.parse(state, "layout swap r1.0 r1.1", 0) == LayoutSwap(cell("R1.00"), cell("R1.01"))  # accepted
    swapped = act(state, "layout swap R2.05 R1.06", 0)
    assert swapped.cells[cell("R1.06")] == "rD" and swapped.cells[cell("R2.05")] == "rV"
    ready = act(swapped, "ready", 0)
    assert GAME.actors(ready) == frozenset({1}) and GAME.legal_actions(ready, 0) == []
    with pytest.raises(IllegalAction, match="already_ready"):
        GAME.parse(ready, "layout random", 0)
    again = act(act(ready, "layout preset wall", 1), "layout preset keep", 1)  # a layout replaces the last one
    assert GAME.view(again, 1)["layout"] == "FFFFNCVCNFFF/.FFFNQKWAFF./...FFLDLFF../.FFLLNFF."
    assert act(again, "ready", 1).phase == "roll"


def test_setup_words_do_not_tell_a_no_op_swap_from_a_real_one() -> None:
    """Issue 11.4: swapping two Footmen changes nothing, but the public may not learn that the two were equal."""
    state = act(act(GAME.setup(2), "layout preset classic", 0), "layout preset classic", 1)
    for text in ("layout swap R1.00 R1.01", "layout swap R1.00 R1.04"):  # F-F (no change), F-N
        action = GAME.parse(state, text, 0)
        assert GAME.describe(state, action, GAME.apply(state, action, 0)) == "Red works on their layout", text
    action = GAME.parse(state, "layout swap B1.00 B1.01", 1)
    assert GAME.describe(state, action, GAME.apply(state, action, 1)) == "Blue works on their layout"


def test_setup_is_private() -> None:
    state = act(act(GAME.setup(2), "layout preset classic", 0), "layout preset wall", 1)
    red, blue, public = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert sum(c["stone"] is not None for c in red["cells"]) == 36
    assert all(c["stone"] is None or c["stone"]["seat"] == 0 for c in red["cells"])
    assert red["cells"][cell("R1.06")]["stone"]["letter"] == "V"
    assert all(c["stone"] is None or c["stone"]["seat"] == 1 for c in blue["cells"])
    assert all(c["stone"] is None for c in public["cells"])
    assert blue["setup"][0] == {"status": "not ready", "ready": False} and red["setup"][0]["status"] == "laid"
    assert GAME.log_text(state, Ready(), None) in ("ready", "red ready", "blue ready")
    assert GAME.log_text(state, GAME.parse(state, "layout preset keep", 0), None) == "layout"
    assert blue["last"] == {"kind": "setup", "seat": 1, "note": "layout preset wall", "cells": []}
    assert red["last"] == {"kind": "setup", "seat": 1, "note": None, "cells": []}


def test_views_in_play() -> None:
    state = act(load(EX6), "R1.05-R1.06")
    public = GAME.view(state, None)
    assert public["cells"][cell("R2.08")]["stone"] == {"seat": 0, "side": "red", "letter": None, "name": None,
                                                       "revealed": False, "zed_used": False}
    assert public["cells"][cell("R1.06")]["stone"]["letter"] == "V"
    assert GAME.view(state, 0)["cells"][cell("R2.08")]["stone"]["letter"] == "C"
    assert public["last"]["from"] == "R1.05" and public["last"]["to"] == "R1.06"
    assert public["pending"] == {"kind": "zed", "attacker": "R1.05", "void": "R1.06", "defender": 0,
                                 "eligible": None}
    done = chance(act(load(position("R1.06=rV C2=bC B1.06=bV B1.07=bC B3.00=rW*")), "B3.00-C2"), "roll 3 5")
    last = GAME.view(done, None)["last"]
    assert last["dice"] == {"red": 3, "blue": 5} and last["cells"] == ["B3.00", "C2"]
    assert last["combat"]["winner"] == "blue" and last["combat"]["attacker"]["letter"] == "W"
    assert GAME.view(done, None)["captured"] == ["W", ""]
    doc = GAME.view.__doc__ or ""
    assert all(f"`{key}`" in doc for key in public)


def test_describe_and_log_of_a_fight() -> None:
    state = act(load(position("R1.06=rV R3.00=rN C2=bD B1.06=bV B2.00=bF")), "R3.00-C2")
    roll = next(a for a, _ in GAME.chance_outcomes(state) if GAME.notation(state, a) == "roll 6 3")
    after = GAME.apply(state, roll, None)
    assert GAME.describe(state, roll, after) == "Knight vs Dragon: Dragon's owner 3, attacker 6 — the Dragon falls"
    assert GAME.log_text(state, roll, None) == "dice r6 b3; combat C2 rN x bD -> r"
    before = load(position("R1.06=rV R3.00=rN C2=bD B1.06=bV B2.00=bF"))
    assert GAME.log_text(before, GAME.parse(before, "R3.00-C2", 0), None) == \
        "move R3.00-C2; reveal R3.00 rN; reveal C2 bD"


def test_zed_log_lines() -> None:
    state = act(load(EX6), "R1.05-R1.06")
    zed = GAME.parse(state, "zed R2.08", 0)
    assert GAME.log_text(state, zed, None) == "zed R2.08; reveal R1.06 rC; combat R1.06 bN x rC -> r"
    assert GAME.log_text(state, GAME.parse(state, "zed no", 0), None) == \
        "zed no; combat R1.06 bN x rV -> b; result blue void_captured"


def test_head_constant_matches_the_default_options() -> None:
    assert GAME.position(GAME.setup(2)).startswith(HEAD + " ; phase setup")
    assert BOARD.labels[cell("B4.10")] == "B4.10"


@pytest.mark.parametrize("options", [{"zed-range": "11"}, {"zed-range": "0"}, {"quiet-limit": "-1"},
                                     {"king-queen": "maybe"}, {"board": "square"}])
def test_bad_option_values_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        GAME.setup(2, options)


def test_options_reach_the_position_text() -> None:
    state = GAME.setup(2, {"king-queen": "off", "quiet-limit": "0", "zed-prompt": "eligible-only", "zed-range": "7"})
    assert GAME.position(state).startswith(
        "options king-queen=off quiet-limit=0 zed-prompt=eligible-only zed-range=7 board=lens93 ; phase setup")


def test_a_decided_combat_keeps_every_other_field_of_the_last_event() -> None:
    """`with_fight` builds what `dataclasses.replace(last, fight=...)` would: a field added to Last fails here
    until it is carried over too."""
    last = Last("move", 1, (3, 4), (5, 2), None, "note")
    fight = (4, "rN", "bF", "r")
    assert with_fight(last, fight) == dataclasses.replace(last, fight=fight)
    assert [f.name for f in dataclasses.fields(Last)] == ["kind", "seat", "cells", "dice", "fight", "note"]
