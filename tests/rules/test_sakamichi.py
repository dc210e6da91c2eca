"""Sakamichi rules: the spec's worked examples (section 10), end conditions, markers, modes, hidden info, notation."""

from __future__ import annotations

import random

import pytest

import i18n
from rules import RESIGN, IllegalAction, NotationError
from rules.sakamichi import GAME
from rules.sakamichi.moves import legal_actions
from rules.sakamichi.notation import format_action, parse_action, parse_outcome
from rules.sakamichi.position import parse_position
from rules.sakamichi.state import State, end_label
from rules.sakamichi.tiles import TILES, names
from tests.rules.ended import outcome_of

OPTS = "options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6"
BASIC_OPTS = "options count-rule=same-or-plus stack-layers=one pile-end=after-turn six-rows=6"

POS_A = ("mode advanced ; " + OPTS + " ; phase choice ; dice 3 5 ; colours - ; first - ; turn - ; draw - ; choice P2 "
         "privilege ; white down - up - ; black down - up - ; P1 hand b2 b4 w1b3 w2b2 markers RES ; P2 hand b6 w2 "
         "w3b1 w5 markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4 w4b1 w4b2 w5b1 ; "
         "removed w6 ; dead - ; result -")
POS_B = ("mode advanced ; " + OPTS + " ; phase play ; dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; "
         "draw redraw ; choice - ; white down - up - ; black down - up - ; P1 hand b4 w1b3 w2b2 w4 markers ES ; P2 "
         "hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4b1 "
         "w4b2 w5b1 ; removed w6 ; dead b2 ; result -")
EX1 = ("mode advanced ; " + OPTS + " ; phase play ; dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; "
       "draw done ; choice - ; white down - up - ; black down - up - ; P1 hand b2 b4 w1b3 w2b2 w4 markers RES ; P2 "
       "hand b6 w2 w3b1 w5 markers RES ; pile b1 b3 b5 w1 w1b1 w1b2 w1b4 w1b5 w2b1 w2b3 w2b4 w3 w3b2 w3b3 w4b1 w4b2 "
       "w5b1 ; removed w6 ; dead - ; result -")
EX2 = ("mode basic ; " + BASIC_OPTS + " ; phase play ; dice 2 6 ; colours - ; first P2 ; turn P1 ; draw done ; "
       "choice - ; white down - up 3[w3b3] 4[w1b5 w3b1|w2b1 w2b2] ; black down 5[b5] up - ; P1 hand w1 w1b1 w2 w2b3 "
       "w3 w5 markers - ; P2 hand b1 markers RES ; pile b2 b3 b4 b6 w1b2 w1b3 w1b4 w2b4 w3b2 w4 w4b1 w4b2 ; removed "
       "w5b1 ; dead w6 ; result -")
EX3 = ("mode basic ; " + BASIC_OPTS + " ; phase play ; dice 4 1 ; colours - ; first P1 ; turn P2 ; draw done ; "
       "choice - ; white down 3[w3b2] up 5[w5] 6[w2b4 w4b1] ; black down - up 2[w4b2] 3[b3] 4[w1b1 w2b3] ; P1 hand w1 "
       "markers RES ; P2 hand b2 b4 w1b3 w2 w3b1 markers S ; pile b1 b5 w1b2 w1b4 w1b5 w2b1 w2b2 w3 w3b3 w4 w5b1 ; "
       "removed w6 ; dead b6 ; result -")
EX4 = ("mode basic ; " + BASIC_OPTS + " ; phase play ; dice 1 3 ; colours - ; first P2 ; turn P1 ; draw done ; "
       "choice - ; white down - up 2[w2] 3[w1 w2b1] 4[w1b2 w1b3 w2b2] ; black down 2[w4b2] 1[w5b1] up 4[b4|w2b4] "
       "5[b2 w3b3] ; P1 hand b6 w1b5 w5 markers S ; P2 hand w3 markers - ; pile b1 b3 w1b1 w1b4 w2b3 w3b1 w3b2 w4 ; "
       "removed w4b1 ; dead b5 w6 ; result -")
EX5 = ("mode advanced ; " + OPTS + " ; phase play ; dice 3 6 ; colours P1=white P2=black ; first P1 ; turn P2 ; "
       "draw done ; choice - ; white down 2[w2b2] up 4[w4b2|w4] 5[w2 w3b2] ; black down 5[w1b5|b5] up 7[b6 w3b1] "
       "8[b4 w1b3 w5b1] 9[w2b1 w2b4 w3b3 w4b1] ; P1 hand w1 w1b1 w1b2 w2b3 markers RE ; P2 hand b1 b3 w1b4 w5 w6 "
       "markers - ; pile - ; removed w3 ; dead b2 ; result -")
EX6 = ("mode advanced ; " + OPTS + " ; phase play ; dice 4 2 ; colours P1=white P2=black ; first P2 ; turn P2 ; "
       "draw done ; choice - ; white down 3[w3b1] 2[w1b2 w1b4] up 5[w5|w5b1] 6[w2b2 w4b1] 7[w1b1 w2b3 w4b2] ; black "
       "down 1[w2b1] up 3[w1b3] 4[b1 b3] ; P1 hand b4 w2 w3 markers RES ; P2 hand b5 w1 w3b2 markers - ; pile b2 "
       "w1b5 w2b4 w3b3 w4 ; removed w6 ; dead b6 ; result -")
EX6_AFTER = ("mode advanced ; " + OPTS + " ; phase play ; dice 4 2 ; colours P1=white P2=black ; first P2 ; turn P1 ; "
             "draw due ; choice - ; white down 3[w3b1] 2[w1b2 w1b4] up 5[w5|w5b1] 6[w2b2 w4b1] 7[w1b1 w2b3 w4b2] ; "
             "black down 1[w2b1] up 3[w1b3] 4[b1 b3] 5[b5] ; P1 hand b4 w2 w3 markers RES ; P2 hand w1 w3b2 markers "
             "- ; pile b2 w1b5 w2b4 w3b3 w4 ; removed w6 ; dead b6 ; result -")


def load(text: str) -> State:
    state = GAME.from_position(text)
    assert GAME.position(state) == text or state.phase == "over"
    return state


def legal(state: State, seat: int) -> list[str]:
    return [GAME.notation(state, a) for a in GAME.legal_actions(state, seat)]


def play(state: State, text: str, seat: int) -> State:
    return GAME.apply(state, GAME.parse(state, text, seat), seat)


def chance(state: State, text: str) -> State:
    return GAME.apply(state, parse_outcome(text), None)


def with_pile(text: str) -> str:
    """`text` with 'pile ?' replaced by every tile it does not mention (a short way to write test positions)."""
    words = set(text.replace("[", " ").replace("]", " ").replace("|", " ").split())
    rest = [n for n in names(TILES).split() if n not in words]
    return text.replace("pile ?", "pile " + (" ".join(rest) or "-"))


# ---- example 7 and setup chance nodes --------------------------------------------------------------------------

def test_tile_table() -> None:
    assert len(TILES) == 27 and len(set(TILES)) == 27
    assert sum(1 for t in TILES if t.b == 0) == 6 and sum(1 for t in TILES if t.w == 0) == 6
    assert sum(1 for t in TILES if t.w and t.b) == 15
    assert [sum(1 for t in TILES if t.w == k) for k in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    assert [sum(1 for t in TILES if t.b == k) for k in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    assert sum(t.w for t in TILES) == 56 and sum(t.b for t in TILES) == 56


def test_setup_chance_nodes_in_order() -> None:
    state = GAME.setup(2)
    assert state.phase == "remove" and GAME.actors(state) == frozenset()
    removal = GAME.chance_outcomes(state)
    assert len(removal) == 27 and removal[0][1] == pytest.approx(1 / 27)
    state = chance(state, "remove w6")
    for i, tile in enumerate(["b2", "b4", "w1b3", "w2b2", "b6", "w2", "w3b1", "w5"]):
        outcomes = [GAME.notation(state, a) for a, _ in GAME.chance_outcomes(state)]
        assert len(outcomes) == 26 - i
        assert all(o.startswith("deal P1 " if i < 4 else "deal P2 ") for o in outcomes)
        state = chance(state, f"deal P{1 if i < 4 else 2} {tile}")
    rolls = [GAME.notation(state, a) for a, _ in GAME.chance_outcomes(state)]
    assert len(rolls) == 30 and "dice 3 3" not in rolls and "dice 3 5" in rolls and "dice 5 3" in rolls
    assert len(state.pile) == 18
    state = chance(state, "dice 3 5")
    assert GAME.position(state) == POS_A


def test_position_example_a_to_example_1() -> None:
    state = load(POS_A)
    assert GAME.actors(state) == frozenset({1})
    assert legal(state, 1) == ["choose colour black", "choose colour white", "choose first"]
    state = play(state, "choose colour black", 1)
    assert state.colours == (0, 1) and state.first == 0 and state.draw == "due"
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 18 and sum(p for _, p in outcomes) == pytest.approx(1)
    assert GAME.position(chance(state, "draw w4")) == EX1


def test_choose_first_leaves_the_colour_to_the_opponent() -> None:
    state = play(load(POS_A), "choose first", 1)
    assert GAME.position(state).split(" ; ")[2:9] == ["phase choice", "dice 3 5", "colours -", "first P2", "turn -",
                                                      "draw -", "choice P1 colour"]
    assert legal(state, 0) == ["choose colour black", "choose colour white"]
    with pytest.raises(IllegalAction, match="wrong_phase"):
        GAME.parse(state, "choose first", 0)
    # The opponent chooses without having seen their own hand.
    assert GAME.view(state, 0)["hands"][0]["tiles"] == ["?"] * 4
    state = play(state, "choose colour white", 0)
    assert state.colours == (0, 1) and state.turn == 1 and state.first == 1 and state.draw == "due"


# ---- example 1 and position example B ----------------------------------------------------------------------------

def test_example_1_opening_options() -> None:
    state = load(EX1)
    actions = legal(state, 0)
    assert len(actions) == 31
    assert [a for a in actions if a.startswith("place")] == [
        "place black down b2 w2b2", "place black down b4", "place black up b2 b4", "place black up b4 w2b2",
        "place white down w2b2", "place white up w4"]
    assert sum(a.startswith("redraw") for a in actions) == 5
    assert sum(a.startswith("exchange") for a in actions) == 20
    assert not any(a.startswith("stack") for a in actions)
    assert [end_label(state, line, end) for line in (0, 1) for end in ("up", "down")] == [
        "up → 4 (1 or 2 tiles)", "down → 2 (1 or 2 tiles)", "up → 6 (1 or 2 tiles)", "down → 4 (1 or 2 tiles)"]
    same = load(EX1.replace("count-rule=plus-or-minus", "count-rule=same-or-plus"))
    assert legal(same, 0) == actions
    assert GAME.short_text(state) == (
        "mode advanced | to move P1 | pile 17\nW die 3 | down - | up -\nB die 5 | down - | up -\n"
        "P1 hand b2 b4 w1b3 w2b2 w4 | markers RES\nP2 hand b6 w2 w3b1 w5 | markers RES")


def test_position_example_b_redraw() -> None:
    state = play(load(EX1), "redraw b2", 0)
    assert GAME.position(state) == POS_B
    outcomes = [GAME.notation(state, a) for a, _ in GAME.chance_outcomes(state)]
    assert len(outcomes) == 17 and outcomes[0] == "draw b1" and outcomes[-1] == "draw w5b1"
    state = chance(state, "draw w3")
    assert state.turn == 1 and state.draw == "due" and "w3" in names(state.hands[0])
    assert legal(state, 0) == [] and "dead b2" in GAME.position(state)
    state = play(chance(state, "draw w1"), "place black up b6", 1)
    state = chance(state, "draw b1")
    assert not any(a.startswith("redraw") for a in legal(state, 0))
    with pytest.raises(IllegalAction, match="marker_used: redraw"):
        GAME.parse(state, "redraw b1", 0)


# ---- example 2: the two count rules --------------------------------------------------------------------------------

def test_example_2_same_or_plus() -> None:
    state = load(EX2)
    assert legal(state, 0) == [
        "place black down w1b1 w2b3", "place white down w1", "place white down w1b1", "place white up w1 w1b1 w3",
        "place white up w1 w2 w2b3", "place white up w1b1 w2 w2b3", "place white up w2 w3", "place white up w2b3 w3"]
    assert end_label(state, 0, "up") == "up → 5 (2 or 3 tiles)"
    assert end_label(state, 0, "down") == "down → 1 (1 or 2 tiles)"
    assert end_label(state, 1, "down") == "down → 4 (1 or 2 tiles)"
    assert end_label(state, 1, "up") == "up → 7 (1 or 2 tiles)"
    assert GAME.short_text(state) == (
        "mode basic | to move P1 | pile 12\nW die 2 | down - | up 3[w3b3] 4[w1b5 w3b1|w2b1 w2b2]\n"
        "B die 6 | down 5[b5] | up -\nP1 hand w1 w1b1 w2 w2b3 w3 w5 | markers ---\nP2 hand b1 | markers RES\ndead w6")


def test_example_2_plus_or_minus() -> None:
    state = load(EX2.replace("count-rule=same-or-plus", "count-rule=plus-or-minus"))
    assert legal(state, 0) == [
        "place black down w1b1 w2b3", "place white down w1", "place white down w1b1", "place white up w1 w1b1 w3",
        "place white up w1 w2 w2b3", "place white up w1b1 w2 w2b3", "place white up w5"]
    assert end_label(state, 0, "up") == "up → 5 (1 or 3 tiles)"
    assert end_label(state, 1, "down") == "down → 4 (2 tiles)"
    assert end_label(state, 0, "down") == "down → 1 (1 or 2 tiles)"


# ---- example 3: stack ----------------------------------------------------------------------------------------------

def test_example_3_stack() -> None:
    state = load(EX3)
    assert legal(state, 1) == [
        "place black up b2 w1b3", "place black up b4 w3b1", "place white down w2", "stack black 2 b2",
        "stack black 3 w1b3", "stack black 4 w1b3 w3b1", "stack white 3 w3b1"]
    assert end_label(state, 1, "down") == "down: closed"
    after = play(state, "stack black 4 w3b1 w1b3", 1)
    assert "black down - up 2[w4b2] 3[b3] 4[w1b1 w2b3|w1b3 w3b1]" in GAME.position(after)
    assert after.markers == ("RES", "") and after.turn == 0 and after.draw == "due"
    assert "P2 hand b2 b4 w2 markers -" in GAME.position(after)
    assert GAME.short_text(state).splitlines()[1:3] == [
        "W die 4 | down 3[w3b2] | up 5[w5] 6[w2b4 w4b1]", "B die 1 | down - | up 2[w4b2] 3[b3] 4[w1b1 w2b3]"]


def test_stack_is_once_per_game() -> None:
    state = play(load(EX3), "stack black 2 b2", 1)
    state = play(chance(state, "draw w3"), "redraw w1", 0)
    state = chance(state, "draw b1")
    assert "dead b6 w1 ;" in GAME.position(state)
    state = chance(state, "draw b5")
    assert state.turn == 1 and state.markers[1] == ""
    assert not any(a.startswith("stack") for a in legal(state, 1))
    with pytest.raises(IllegalAction, match="marker_used: stack"):
        GAME.parse(state, "stack black 3 w1b3", 1)


def test_stack_layers_many() -> None:
    text = with_pile("mode advanced ; options count-rule=plus-or-minus stack-layers=many pile-end=after-turn "
                     "six-rows=6 ; phase play ; dice 3 5 ; colours P1=white P2=black ; first P1 ; turn P1 ; draw done "
                     "; choice - ; white down - up 4[w4] ; black down - up - ; P1 hand b2 w4b1 w4b2 markers RES ; P2 "
                     "hand b6 w2 w3b1 w5 markers RES ; pile ? ; removed w6 ; dead - ; result -")
    state = load(text)
    stacks = [a for a in legal(state, 0) if a.startswith("stack")]
    assert stacks == ["stack white 4 w4b1", "stack white 4 w4b1 / w4b2", "stack white 4 w4b2",
                      "stack white 4 w4b2 / w4b1"]
    after = play(state, "stack white 4 w4b2/w4b1", 0)
    assert "white down - up 4[w4|w4b2|w4b1]" in GAME.position(after)
    one = load(text.replace("stack-layers=many", "stack-layers=one"))
    with pytest.raises(NotationError, match="stack-layers=many"):
        GAME.parse(one, "stack white 4 w4b2 / w4b1", 0)
    assert [a for a in legal(one, 0) if a.startswith("stack")] == ["stack white 4 w4b1", "stack white 4 w4b2"]


# ---- example 4: stuck --------------------------------------------------------------------------------------------

def test_example_4_stuck_mover_loses() -> None:
    raw = parse_position(EX4)
    assert legal_actions(raw, 0) == []  # no Place, no Stack fits and the Stack marker cannot help
    state = GAME.from_position(EX4)
    over = EX4.replace("phase play", "phase over").replace("result -", "result P2 stuck")
    assert GAME.position(state) == over
    assert GAME.outcome(state) is not None and outcome_of(GAME, state).winners == frozenset({1})
    assert outcome_of(GAME, state).reason == "stuck" and GAME.actors(state) == frozenset()
    assert GAME.short_text(state) == (
        "mode basic | to move P1 | pile 8\nW die 1 | down - | up 2[w2] 3[w1 w2b1] 4[w1b2 w1b3 w2b2]\n"
        "B die 3 | down 2[w4b2] 1[w5b1] | up 4[b4|w2b4] 5[b2 w3b3]\nP1 hand b6 w1b5 w5 | markers S\n"
        "P2 hand w3 | markers ---\ndead b5 w6")


def test_stuck_is_applied_right_after_the_draw() -> None:
    before = EX4.replace("draw done", "draw due").replace("P1 hand b6 w1b5 w5", "P1 hand b6 w1b5")
    before = before.replace("pile b1 b3 w1b1 w1b4 w2b3 w3b1 w3b2 w4", "pile b1 b3 w1b1 w1b4 w2b3 w3b1 w3b2 w4 w5")
    state = load(before)
    assert GAME.actors(state) == frozenset() and len(GAME.chance_outcomes(state)) == 9
    after = chance(state, "draw w5")
    assert GAME.position(after) == EX4.replace("phase play", "phase over").replace("result -", "result P2 stuck")
    described = GAME.describe(state, parse_outcome("draw w5"), after)
    assert described == "draw w5 — the game ends"  # the result's words name the players; never P1 or P2 here
    # A drawn tile that makes a play possible saves the mover.
    saved = chance(state, "draw w1b4")
    assert saved.phase == "play" and legal(saved, 0)


# ---- example 5: pile exhaustion ----------------------------------------------------------------------------------

def test_example_5_pile_exhaustion() -> None:
    state = load(EX5)
    assert legal(state, 1) == ["place black down b1 b3", "place white up w6"]
    assert [end_label(state, 0, "down"), end_label(state, 0, "up"), end_label(state, 1, "down"),
            end_label(state, 1, "up")] == ["down → 1 (2 tiles)", "up → 6 (1 or 3 tiles)", "down → 4 (2 tiles)",
                                           "up → 10 (3 or 5 tiles)"]
    equal = play(state, "place white up w6", 1)
    assert outcome_of(GAME, equal).winners == frozenset() and outcome_of(GAME, equal).reason == "pile_equal"
    assert GAME.position(equal).endswith("result draw pile_equal") and "phase over" in GAME.position(equal)
    more = play(state, "place black down b1 b3", 1)
    assert outcome_of(GAME, more).winners == frozenset({1}) and outcome_of(GAME, more).reason == "pile_more_tiles"
    same = load(EX5.replace("count-rule=plus-or-minus", "count-rule=same-or-plus"))
    assert legal(same, 1) == ["place black down b1 b3", "place black down w1b4", "place white down w1b4",
                              "place white up w1b4 w5"]
    turns = load(EX5.replace("pile-end=after-turn", "pile-end=equal-turns"))
    assert outcome_of(GAME, play(turns, "place white up w6", 1)).reason == "pile_equal"
    assert outcome_of(GAME, play(turns, "place black down b1 b3", 1)).winners == frozenset({1})


def test_equal_turns_gives_the_second_player_a_turn_without_draw() -> None:
    text = EX5.replace("first P1", "first P2")
    after_turn = play(load(text), "place black down b1 b3", 1)
    assert outcome_of(GAME, after_turn).reason == "pile_more_tiles"
    state = play(load(text.replace("pile-end=after-turn", "pile-end=equal-turns")), "place black down b1 b3", 1)
    assert GAME.outcome(state) is None and GAME.chance_outcomes(state) == []
    assert state.turn == 0 and state.draw == "done" and GAME.actors(state) == frozenset({0})
    assert not any(a.startswith("redraw") for a in legal(state, 0))
    with pytest.raises(IllegalAction, match="pile_empty"):
        GAME.parse(state, "redraw w1", 0)
    # A sixth row on black would hand P2 the game before the pile check; trade a tile instead.
    assert outcome_of(GAME, play(state, "place black down w2b3", 0)).reason == "six-rows"
    end = play(state, "exchange w1 for w5", 0)
    assert outcome_of(GAME, end).reason == "pile_more_tiles" and outcome_of(GAME, end).winners == frozenset({1})


# ---- example 6: six rows ------------------------------------------------------------------------------------------

def test_example_6_giving_the_opponent_the_sixth_row() -> None:
    state = load(EX6)
    assert legal(state, 1) == ["place black up b5", "place white down w1"]
    assert [end_label(state, 0, "down"), end_label(state, 0, "up"), end_label(state, 1, "down"),
            end_label(state, 1, "up")] == ["down → 1 (1 or 3 tiles)", "up → 8 (2 or 4 tiles)", "down: closed",
                                           "up → 5 (1 or 3 tiles)"]
    gift = play(state, "place white down w1", 1)
    assert outcome_of(GAME, gift).winners == frozenset({0}) and outcome_of(GAME, gift).reason == "six-rows"
    after = play(state, "place black up b5", 1)
    assert GAME.position(after) == EX6_AFTER
    assert len(GAME.chance_outcomes(after)) == 5
    stuck = GAME.from_position(EX6.replace("count-rule=plus-or-minus", "count-rule=same-or-plus"))
    assert outcome_of(GAME, stuck).winners == frozenset({0}) and outcome_of(GAME, stuck).reason == "stuck"


def test_six_rows_option_and_basic_mode_have_no_six_row_win() -> None:
    off = play(load(EX6.replace("six-rows=6", "six-rows=0")), "place white down w1", 1)
    assert GAME.outcome(off) is None and off.turn == 0 and off.draw == "due"
    seven = play(load(EX6.replace("six-rows=6", "six-rows=7")), "place white down w1", 1)
    assert GAME.outcome(seven) is None
    five = load(EX6.replace("six-rows=6", "six-rows=5"))
    assert GAME.outcome(five) is None  # the check runs after an action, not on reading
    assert outcome_of(GAME, play(five, "place black up b5", 1)).winners == frozenset({0})
    basic = EX6.replace("mode advanced", "mode basic").replace("colours P1=white P2=black", "colours -")
    assert GAME.outcome(play(load(basic), "place white down w1", 1)) is None


def test_empty_hand_wins() -> None:
    text = EX6.replace("P2 hand b5 w1 w3b2", "P2 hand b5").replace("pile b2 w1b5", "pile b2 w1 w1b5")
    text = text.replace("w3b3 w4 ;", "w3b2 w3b3 w4 ;")
    state = load(text)
    assert legal(state, 1) == ["place black up b5"]
    done = play(state, "place black up b5", 1)
    assert outcome_of(GAME, done).winners == frozenset({1}) and outcome_of(GAME, done).reason == "empty_hand"
    assert GAME.position(done).endswith("removed w6 ; dead b6 ; result P2 empty_hand")


# ---- exchange, modes, resign ---------------------------------------------------------------------------------------

def test_exchange_swaps_and_is_once_per_game() -> None:
    state = play(load(EX1), "exchange w4 for w5", 0)
    assert "P1 hand b2 b4 w1b3 w2b2 w5 markers RS ; P2 hand b6 w2 w3b1 w4 markers RES" in GAME.position(state)
    assert state.turn == 1 and state.draw == "due"
    state = play(chance(state, "draw b1"), "place black up b6", 1)
    state = chance(state, "draw b3")
    assert not any(a.startswith("exchange") for a in legal(state, 0))
    with pytest.raises(IllegalAction, match="marker_used: exchange"):
        GAME.parse(state, "exchange w5 for w2", 0)


def test_basic_mode_setup_open_hands_and_high_roller_first() -> None:
    state = GAME.setup(2, {"mode": "basic"})
    assert state.count_rule == "same-or-plus"
    state = chance(chance(state, "remove w6"), "deal P1 b2")
    assert GAME.view(state, None)["hands"][0]["tiles"] == ["b2"]
    assert GAME.log_text(state, parse_outcome("deal P1 b4"), 1) == "deal P1 b4"
    for tile in ["b4", "w1b3", "w2b2"]:
        state = chance(state, f"deal P1 {tile}")
    for tile in ["b6", "w2", "w3b1", "w5"]:
        state = chance(state, f"deal P2 {tile}")
    state = chance(state, "dice 3 5")
    text = GAME.position(state)
    assert text.startswith("mode basic ; " + BASIC_OPTS + " ; phase play ; dice 3 5 ; colours - ; first P2 ; "
                           "turn P2 ; draw due ; choice -")
    state = chance(state, "draw w4")
    assert GAME.actors(state) == frozenset({1})


def test_count_rule_option_in_either_mode() -> None:
    assert GAME.setup(2).count_rule == "plus-or-minus"
    assert GAME.setup(2, {"count-rule": "same-or-plus"}).count_rule == "same-or-plus"
    assert GAME.setup(2, {"mode": "basic", "count-rule": "plus-or-minus"}).count_rule == "plus-or-minus"
    assert "count-rule=same-or-plus" in GAME.position(GAME.setup(2, {"mode": "basic"}))
    with pytest.raises(ValueError, match="six-rows"):
        GAME.setup(2, {"six-rows": "3"})


def test_resign_any_time() -> None:
    state = chance(GAME.setup(2), "remove w6")
    over = GAME.apply(state, RESIGN, 0)
    assert outcome_of(GAME, over).winners == frozenset({1}) and outcome_of(GAME, over).reason == "resign"
    assert GAME.position(over).endswith("result P2 resign")
    assert GAME.parse(load(EX1), "  Resign ", 1) == RESIGN
    with pytest.raises(IllegalAction, match="wrong_phase: the game is over"):
        GAME.apply(over, RESIGN, 1)


# ---- notation ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("position", "typed", "canonical"), [
    (EX1, "Place White UP w4", "place white up w4"),
    (EX1, "place b 6 W2B2 b4", "place black up b4 w2b2"),
    (EX1, "place w 2 w2b2", "place white down w2b2"),
    (EX1, "redraw B3W1", "redraw w1b3"),
    (EX1, "exchange w4b0 for w5", "exchange w4 for w5"),
    (EX3, "stack black 4 w3b1 w1b3", "stack black 4 w1b3 w3b1"),
    (POS_A, "choose color white", "choose colour white"),
    (POS_A, "choose   first", "choose first"),
])
def test_canonical_notation(position: str, typed: str, canonical: str) -> None:
    state = load(position)
    seat = GAME.actors(state)
    action = GAME.parse(state, typed, next(iter(seat)))
    assert GAME.notation(state, action) == canonical
    assert GAME.parse(state, canonical, next(iter(seat))) == action


def test_exchange_notation_from_the_spec_table() -> None:
    action = parse_action(load(EX1), "exchange w2b1 for w1b4")
    assert format_action(action) == "exchange w2b1 for w1b4"


@pytest.mark.parametrize(("position", "seat", "typed", "message"), [
    (EX1, 0, "plaice white up w4", "syntax: .*Examples: place white up w4"),
    (EX1, 0, "place purple up w4", "syntax: .*not a line"),
    (EX1, 0, "place white sideways w4", "syntax: .*not an end"),
    (EX1, 0, "place white up", "syntax"),
    (EX1, 0, "exchange w4 w5", "syntax"),
    (EX1, 0, "place white up w4b3", "bad_tile: w4b3"),
    (EX1, 0, "place white up w0", "bad_tile: w0"),
    (EX1, 0, "redraw w2w2", "bad_tile"),
])
def test_notation_errors(position: str, seat: int, typed: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse(load(position), typed, seat)


@pytest.mark.parametrize(("position", "seat", "typed", "message"), [
    (EX1, 1, "place white up w5", "not_your_turn: it is P1's turn"),
    (EX1, 1, "place white 9 w5 w5", "not_your_turn"),
    (EX1, 0, "choose first", "wrong_phase"),
    (POS_A, 1, "place white up w5", "wrong_phase: a choice is pending"),
    (EX1, 0, "place white up w2b3", "not_in_hand: w2b3 — your hand is b2 b4 w1b3 w2b2 w4"),
    (EX1, 0, "place white up w4 w4", "duplicate_tile"),
    (EX3, 1, "place black down b2", "end_closed"),
    (EX3, 1, "stack black 9 b2", "no_such_row: black 9"),
    (EX2, 0, "place black 8 w2b3", "wrong_target: up expects 7"),
    (EX1, 0, "place white 3 w4", "wrong_target: down expects 2"),
    (EX1, 0, "place white up b4", "zero_pips: b4 has no white pips"),
    (EX1, 0, "place black up b2", "wrong_sum: 2 != 6"),
    (EX3, 1, "stack black 4 b4", "wrong_count: 1 tile, allowed 2"),
    (EX2.replace("same-or-plus", "plus-or-minus"), 0, "place white up w2 w3", "wrong_count: 2 tiles, allowed 1 or 3"),
    (EX2, 0, "stack white 3 w3", "marker_used: stack"),
    (EX1, 0, "exchange w4 for w1b4", "not_in_hand: w1b4 — P2's hand is b6 w2 w3b1 w5"),
])
def test_illegal_reasons(position: str, seat: int, typed: str, message: str) -> None:
    state = load(position)
    with pytest.raises(IllegalAction, match=message):
        GAME.parse(state, typed, seat)
    with pytest.raises(IllegalAction):
        GAME.apply(state, parse_action(state, typed), seat)


def test_chance_and_player_actions_are_kept_apart() -> None:
    state = load(EX6_AFTER)
    with pytest.raises(IllegalAction, match="wrong_phase: a chance event is owed"):
        GAME.parse(state, "place white up w2", 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, parse_outcome("draw w6"), None)  # the removed tile is not in the pile
    with pytest.raises(IllegalAction):
        GAME.apply(load(EX1), parse_outcome("draw w1"), 0)


def test_bad_position_texts() -> None:
    with pytest.raises(NotationError, match="17 fields"):
        GAME.from_position("mode advanced")
    with pytest.raises(NotationError, match="exactly once"):
        GAME.from_position(EX1.replace("removed w6", "removed w5"))
    with pytest.raises(NotationError, match="count-rule"):
        GAME.from_position(EX3.replace("count-rule=same-or-plus", "count-rule=plus-or-minus"))


@pytest.mark.parametrize(("position", "short"), [
    (EX3, "mode basic | to move P2 | pile 11\nW die 4 | down 3[w3b2] | up 5[w5] 6[w2b4 w4b1]\n"
          "B die 1 | down - | up 2[w4b2] 3[b3] 4[w1b1 w2b3]\nP1 hand w1 | markers RES\n"
          "P2 hand b2 b4 w1b3 w2 w3b1 | markers S\ndead b6"),
    (EX5, "mode advanced | to move P2 | pile 0\nW die 3 | down 2[w2b2] | up 4[w4b2|w4] 5[w2 w3b2]\n"
          "B die 6 | down 5[w1b5|b5] | up 7[b6 w3b1] 8[b4 w1b3 w5b1] 9[w2b1 w2b4 w3b3 w4b1]\n"
          "P1 hand w1 w1b1 w1b2 w2b3 | markers RE\nP2 hand b1 b3 w1b4 w5 w6 | markers ---\ndead b2"),
    (EX6, "mode advanced | to move P2 | pile 5\nW die 4 | down 3[w3b1] 2[w1b2 w1b4] | up 5[w5|w5b1] 6[w2b2 w4b1] "
          "7[w1b1 w2b3 w4b2]\nB die 2 | down 1[w2b1] | up 3[w1b3] 4[b1 b3]\nP1 hand b4 w2 w3 | markers RES\n"
          "P2 hand b5 w1 w3b2 | markers ---\ndead b6"),
])
def test_short_display_form(position: str, short: str) -> None:
    assert GAME.short_text(load(position)) == short


# ---- hidden information, views, logs -------------------------------------------------------------------------------

def _advanced_deal() -> State:
    state = chance(GAME.setup(2), "remove w6")
    for tile in ["b2", "b4", "w1b3", "w2b2"]:
        state = chance(state, f"deal P1 {tile}")
    return chance(state, "deal P2 b6")


def test_advanced_hands_are_hidden_until_play() -> None:
    state = _advanced_deal()
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert view["hands"][0] == {"count": 4, "visible": False, "tiles": ["?"] * 4}
        assert view["removed"] == "?" and view["pile"] == 21 and view["position"] is None
        assert view["last"]["text"] == "deal P2 ?" and view["last"]["tiles"] == []
        assert GAME.log_text(state, parse_outcome("deal P2 w2"), viewer) == "deal P2 ?"
        assert "w1b3" not in str(view) and "b6" not in str(view)
    assert GAME.log_text(GAME.setup(2), parse_outcome("remove w6"), 0) == "remove ?"
    choice = load(POS_A)
    assert GAME.view(choice, 1)["hands"][1]["tiles"] == ["b6", "w2", "w3b1", "w5"]
    assert GAME.view(choice, 1)["hands"][0]["tiles"] == ["?"] * 4
    assert GAME.view(choice, 0)["hands"][0]["tiles"] == ["?"] * 4
    assert GAME.view(choice, None)["hands"][1]["tiles"] == ["?"] * 4
    assert GAME.view(choice, 0)["choice"] == {"seat": 1, "kind": "privilege", "options": [
        "choose colour black", "choose colour white", "choose first"]}
    assert GAME.log_text(load(EX6_AFTER), parse_outcome("draw w4"), None) == "draw w4"  # draws in play are open
    assert GAME.view(_advanced_deal(), 0)["short"].splitlines()[3] == "P1 hand ? ? ? ? | markers RES"
    play_view = GAME.view(load(EX1), None)
    assert play_view["hands"][1]["tiles"] == ["b6", "w2", "w3b1", "w5"] and play_view["removed"] == "?"


def test_resample_keeps_every_view() -> None:
    rng = random.Random(5)
    for text in (POS_A, EX1, EX6_AFTER):
        state = load(text)
        for viewer in (None, 0, 1):
            twins = [GAME.resample_hidden(state, viewer, rng) for _ in range(5)]
            assert all(GAME.view(t, viewer) == GAME.view(state, viewer) for t in twins)
    state = _advanced_deal()
    positions = {GAME.position(GAME.resample_hidden(state, None, rng)) for _ in range(10)}
    assert len(positions) > 1  # hidden hands and the removed tile really are re-dealt
    for position in positions:
        parse_position(position)  # still a consistent state


def test_final_view_reveals_the_removed_tile_and_position() -> None:
    state = play(load(EX5), "place white up w6", 1)
    view = GAME.view(state, None)
    assert view["removed"] == "w3" and view["position"] == GAME.position(state)
    assert view["outcome"] == {"winners": [], "scores": None, "reason": "pile_equal"}
    assert view["result"] == {"winner": None, "reason": "pile_equal"}
    assert view["last"] == {"seat": 1, "kind": "place", "text": "place white up w6", "line": "white", "value": 6,
                            "tiles": ["w6"]}


def test_view_holds_what_the_renderer_draws() -> None:
    view = GAME.view(load(EX6), 0)
    white = view["lines"]["white"]
    assert white["die"] == 4 and white["die_label"] == "WHITE 4" and white["owner"] == 0 and white["row_count"] == 5
    assert white["up"][0] == {"value": 5, "label": "W5", "width": 1, "layers": [["w5"], ["w5b1"]], "top": ["w5b1"]}
    assert [r["value"] for r in white["down"]] == [3, 2]
    assert white["ends"]["up"] == {"next": 8, "closed": False, "counts": [2, 4], "label": "up → 8 (2 or 4 tiles)"}
    assert view["lines"]["black"]["ends"]["down"]["label"] == "down: closed"
    assert view["markers"][1] == {"letters": "", "redraw": False, "exchange": False, "stack": False}
    assert view["colours"] == ["white", "black"] and view["to_move"] == 1 and view["actors"] == [1]
    assert view["dead"] == ["b6"] and view["pile"] == 5 and view["phase"] == "play"
    assert view["turn"] == 11  # 8 rows placed, and P2 has used Stack, Redraw and Exchange


def test_json_round_trip_keeps_the_last_action() -> None:
    state = play(load(EX6), "place black up b5", 1)
    data = GAME.to_json(state)
    assert data["last"] == [1, "place black up b5"]
    assert GAME.from_json(data) == state


def test_the_last_player_action_outlives_the_draws_after_it() -> None:
    state = play(load(EX6), "place black up b5", 1)
    state = GAME.apply(state, parse_outcome("draw w4"), None)
    view = GAME.view(state, None)
    assert view["last"]["kind"] == "draw"
    assert view["last_move"] == {"seat": 1, "kind": "place", "text": "place black up b5", "line": "black",
                                 "value": 5, "tiles": ["b5"]}
    data = GAME.to_json(state)
    assert data["last_move"] == [1, "place black up b5"] and GAME.from_json(data) == state


# ---- suggestions -----------------------------------------------------------------------------------------------------

def test_suggestions_rank_placements_first_and_cap_at_25() -> None:
    state = load(EX1)
    everything = GAME.suggestions(state, 0)
    assert len(everything) == 25
    assert everything[:7] == ["place black down b2 w2b2", "place black up b2 b4", "place black up b4 w2b2",
                              "place black down b4", "place white down w2b2", "place white up w4",
                              "exchange b2 for b6"]
    assert GAME.suggestions(state, 0, "place w") == ["place white down w2b2", "place white up w4"]
    assert GAME.suggestions(state, 0, "red", limit=3) == ["redraw b2", "redraw b4", "redraw w1b3"]
    assert GAME.suggestions(state, 1) == []


def test_an_action_is_described_in_words_in_the_language_spoken() -> None:
    """The match message tells what was done in words around the notation, in the reader's language (issue 40)."""
    state = load(EX1)
    action = next(a for a in GAME.legal_actions(state, 0) if format_action(a).startswith("place "))
    after = GAME.apply(state, action, 0)
    move = format_action(action).removeprefix("place ")
    assert GAME.describe(state, action, after) == f"placed {move}"
    with i18n.speaking("de"):
        assert GAME.describe(state, action, after) == f"legte {move}"
    with i18n.speaking("de"), pytest.raises(IllegalAction, match="not_in_hand: w2b3 — deine Hand ist b2 b4 w1b3"):
        GAME.parse(state, "place white up w2b3", 0)
