"""Cintos rules against the worked examples and rules of /work/shared/specs/cintos.md."""

from __future__ import annotations

import json

import pytest

from rules import GAMES, RESIGN, IllegalAction, NotationError
from rules.cintos import GAME, PASS, TIE_ON_HOME, TIE_ON_NEUTRAL, VICTORY_BY_NUMBERS, CintosState, Move
from tests.rules.ended import outcome_of

START_4P = "8/1RR2YY1/1RR2YY1/8/8/1GG2BB1/1GG2BB1/8 RYBG R 0 RYBG 0"
START_CLASSIC = "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0"
START_DIAGONAL = "8/1RR2BB1/1RR2BB1/8/8/1BB2RR1/1BB2RR1/8 RBRB R 0 RB 0"
REPETITION_MOVES = ("a8-b8", "h1-g1", "b8-a8", "g1-h1") * 2


def to_move(state: CintosState) -> int:
    (seat,) = GAME.actors(state)
    return seat


def play(state: CintosState, *moves: str) -> CintosState:
    for text in moves:
        seat = to_move(state)
        state = GAME.apply(state, GAME.parse(state, text, seat), seat)
    return state


def notations(state: CintosState, seat: int) -> list[str]:
    return [GAME.notation(state, a) for a in GAME.legal_actions(state, seat)]


def error_code(excinfo: pytest.ExceptionInfo[Exception]) -> str:
    return excinfo.value.code  # type: ignore[attr-defined]


def test_registered() -> None:
    assert GAMES["cintos"] is GAME
    assert GAME.player_counts == (2, 4)


@pytest.mark.parametrize(("players", "options", "text"), [
    (4, {}, START_4P),
    (2, {}, START_CLASSIC),
    (2, {"setup-2p": "classic-2p"}, START_CLASSIC),
    (2, {"setup-2p": "diagonal-2p"}, START_DIAGONAL),
])
def test_start_positions(players: int, options: dict[str, str], text: str) -> None:
    state = GAME.setup(players, options)
    assert GAME.position(state) == text
    assert GAME.from_position(text) == state
    assert GAME.actors(state) == {0} and GAME.seat_name(state, 0) == "Red"
    assert [GAME.seat_name(state, s) for s in range(players)] == (["Red", "Blue"] if players == 2 else
                                                                  ["Red", "Yellow", "Blue", "Green"])
    assert GAME.chance_outcomes(state) == [] and GAME.outcome(state) is None


def test_ex1_four_player_start_moves() -> None:
    state = GAME.from_position(START_4P)
    expected = "b6-a6 b6-b5 b7-a7 b7-b8 c6-c5 c6-d6 c7-c8 c7-d7"
    assert notations(state, 0) == expected.split()
    assert GAME.legal_actions(state, 1) == []


def test_ex2_classic_start_moves_capture_nothing() -> None:
    red = GAME.from_position(START_CLASSIC)
    expected = ("a5-a4 a5-a6 a5-b5 a8-a7 a8-b8 b6-a6 b6-b5 b7-a7 b7-b8 c6-c5 c6-d6 c7-c8 c7-d7 "
                "d5-c5 d5-d4 d5-d6 d5-e5 d8-c8 d8-d7 d8-e8")
    assert notations(red, 0) == expected.split()
    blue = GAME.from_position(START_CLASSIC.replace(" R 0 RB 0", " B 0 RB 0"))
    assert len(GAME.legal_actions(blue, 1)) == 20
    for state, seat in ((red, 0), (blue, 1)):
        for action in GAME.legal_actions(state, seat):
            after = GAME.apply(state, action, seat)
            assert after.last is not None, GAME.notation(state, action)
            assert after.last.captured == () and after.quiet == 1, GAME.notation(state, action)
    assert len(GAME.legal_actions(GAME.setup(2, {"setup-2p": "diagonal-2p"}), 0)) == 16


@pytest.mark.parametrize(("before", "move", "after", "message"), [
    pytest.param("RRRR4/RR2BBBB/4R1BB/3R1B1B/8/8/8/8 R-B- R 0 RB 30", "d5-e5",
                 "RRRR4/RR2BBBB/4R1BB/4RR1B/8/8/8/8 R-B- B 0 RB 31",
                 "d5-e5: captures 1 (Victory by Numbers)", id="ex3-victory-by-numbers"),
    pytest.param("RRRR4/RR2B1BB/5BBB/3R1B1B/8/2R5/8/8 R-B- R 0 RB 30", "d5-e5",
                 "RRRR4/RR2B1BB/5BBB/4BB1B/8/2R5/8/8 R-B- B 0 RB 31",
                 "d5-e5: Blue captures 1 (Victory by Numbers)", id="ex4-into-enemy-majority"),
    pytest.param("RRRR2B1/RR4BB/6BB/7B/6B1/4R3/4RB2/8 R-B- R 0 RB 30", "e3-f3",
                 "RRRR2B1/RR4BB/6BB/7B/6B1/5B2/4BB2/8 R-B- B 0 RB 31",
                 "e3-f3: Blue captures 2 (Tie on Home Territory)", id="ex5-tie-on-home"),
    pytest.param("RRRR4/RR2R1B1/4R3/6B1/8/7B/7B/BBB4B R-B- R 0 RB 30", "e6-f6",
                 "RRRR4/RR2R1R1/5R2/6R1/8/7B/7B/BBB4B R-B- B 0 RB 31",
                 "e6-f6: captures 2 (Tie on Neutral Territory)", id="ex6-tie-on-unowned"),
    pytest.param("RRR4Y/4R1YY/4R1B1/6B1/8/8/G6B/1GGG3B RYBG R 7 RYBG 40", "e6-f6",
                 "RRR4Y/4R1RY/5RR1/6R1/8/8/G6B/1GGG3B RYBG Y 0 RYBG 41",
                 "e6-f6: captures 3 (Tie on Neutral Territory)", id="ex7-neutral-tie-owned"),
    pytest.param("RRRRY2Y/5GGY/4R1B1/6B1/8/8/G6B/3G3B RYBG R 7 RYBG 40", "e6-f6",
                 "RRRRY2Y/5GGY/5RB1/6B1/8/8/G6B/3G3B RYBG Y 8 RYBG 41", "e6-f6", id="ex8-tie-without-mover"),
    pytest.param("RRRR2BB/RR4BB/4R1BB/7B/4B3/8/8/R7 R-B- R 0 RB 30", "e6-e5",
                 "RRRR2BB/RR4BB/6BB/4R2B/4B3/8/8/R7 R-B- B 1 RB 31", "e6-e5", id="ex9-tie-across-territories"),
    pytest.param("RRRRY1YY/7Y/8/8/1B6/BB1B3B/1GG4B/8 RYBG B 12 RYBG 42", "b3-c3",
                 "RRRRY1YY/7Y/8/8/1B6/B1BB3B/1BB4B/8 RYBB R 0 RYBG 43",
                 "b3-c3: captures 2 (Victory by Numbers); Green is eliminated, Blue takes SW", id="ex10-elimination"),
    pytest.param("RRRR4/RRRR4/8/8/4B3/6BB/6BB/R5BB R-B- R 99 RB 120", "a1-a2",
                 "RRRR4/RRRR4/8/8/4B3/6BB/R5BB/6BB R-B- - 100 RB 121", "a1-a2", id="ex12-quiet-limit"),
])
def test_worked_examples(before: str, move: str, after: str, message: str) -> None:
    state = GAME.from_position(before)
    action = GAME.parse(state, move, to_move(state))
    result = GAME.apply(state, action, to_move(state))
    assert GAME.position(result) == after
    assert GAME.describe(state, action, result) == message
    assert GAME.position(state) == before  # the old state is untouched


def test_ex10_view_shows_elimination_and_transfer() -> None:
    before = GAME.from_position("RRRRY1YY/7Y/8/8/1B6/BB1B3B/1GG4B/8 RYBG B 12 RYBG 42")
    view = GAME.view(play(before, "b3-c3"), None)
    assert view["last"] == {"seat": 2, "kind": "move", "from": "b3", "to": "c3",
                            "area": ["b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4"],
                            "captured": ["b2", "c2"], "rule": VICTORY_BY_NUMBERS, "eliminated": [3]}
    assert view["owners"] == {"NW": "R", "NE": "Y", "SE": "B", "SW": "B"}
    assert view["eliminated"] == [False, False, False, True]
    assert view["scores"] == [4, 4, 8, 0] and view["to_move"] == 0 and view["actors"] == [0]
    assert view["turn"] == 43 and view["quiet"] == 0
    assert view["board"]["c2"] == "B" and "b3" not in view["board"] and len(view["board"]) == 16


def test_ex12_red_wins_on_pieces() -> None:
    state = play(GAME.from_position("RRRR4/RRRR4/8/8/4B3/6BB/6BB/R5BB R-B- R 99 RB 120"), "a1-a2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (9, 7)
    assert "100 turns without a capture" in outcome.reason
    assert GAME.actors(state) == frozenset() and GAME.legal_actions(state, 0) == []


def test_ex11_threefold_repetition_draws() -> None:
    state = play(GAME.setup(2), *REPETITION_MOVES)
    assert GAME.position(state) == "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- = 8 RB 8"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset() and "repetition" in outcome.reason
    assert GAME.from_position(GAME.position(state)).to_move == "="


def test_ex11_repetition_off_goes_on() -> None:
    state = play(GAME.setup(2, {"repetition": "off"}), *REPETITION_MOVES)
    assert GAME.position(state) == "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 8 RB 8 repetition=off"
    assert GAME.outcome(state) is None


def test_repetition_history_survives_json_but_not_position_text() -> None:
    half = play(GAME.setup(2), *REPETITION_MOVES[:4])
    restored = GAME.from_json(json.loads(json.dumps(GAME.to_json(half))))
    assert restored == half and len(restored.history) == 5
    assert GAME.outcome(play(restored, *REPETITION_MOVES[4:])) is not None
    fresh = GAME.from_position(GAME.position(half))  # a new history: this is the first occurrence
    assert GAME.outcome(play(fresh, *REPETITION_MOVES[4:])) is None


def test_four_player_games_never_draw_by_repetition() -> None:
    state = play(GAME.setup(4), *("b7-b8", "g7-g8", "g2-g1", "b2-b1", "b8-b7", "g8-g7", "g1-g2", "b1-b2") * 2)
    assert GAME.position(state) == "8/1RR2YY1/1RR2YY1/8/8/1GG2BB1/1GG2BB1/8 RYBG R 16 RYBG 16"
    assert state.history == ()


@pytest.mark.parametrize(("text", "position"), [
    ("R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0", START_CLASSIC),
    ("RRRRY1YY/7Y/8/8/1B6/BB1B3B/1GG4B/8 RYBG B 12 RyBG 42 majority=absolute turn-limit=500", None),
])
def test_section_10_position_examples(text: str, position: str | None) -> None:
    state = GAME.from_position(text)
    assert GAME.position(state) == text
    if position is not None:
        assert state == GAME.setup(2)
        return
    view = GAME.view(state, None)
    assert view["players"] == 4 and view["to_move"] == 2 and view["quiet"] == 12 and view["turn"] == 42
    assert view["resigned"] == [False, True, False, False]
    assert view["options"] == {"setup-2p": "classic-2p", "numbers-by": "anyone", "majority": "absolute",
                               "repetition": "two-player", "quiet-limit": "100", "turn-limit": "500"}


@pytest.mark.parametrize(("text", "seat", "move"), [
    ("b6-b5", 0, "b6-b5"), ("C7 up", 0, "c7-c8"), ("d5 - e5", 0, "d5-e5"), ("  A8R ", 0, "a8-b8"),
    ("d8 left", 0, "d8-c8"), ("a5d", 0, "a5-a4"), ("g3r", 1, "g3-h3"), ("f2 DOWN", 1, "f2-f1"),
])
def test_parse_accepts_every_form(text: str, seat: int, move: str) -> None:
    state = GAME.from_position(START_CLASSIC if seat == 0 else START_CLASSIC.replace(" R 0 ", " B 0 "))
    action = GAME.parse(state, text, seat)
    assert isinstance(action, Move) and GAME.notation(state, action) == move


@pytest.mark.parametrize(("text", "seat", "code", "words"), [
    ("b2 north", 0, "E_SYNTAX", "from-to"),
    ("b6b5", 0, "E_SYNTAX", "from-to"),
    ("", 0, "E_SYNTAX", "from-to"),
    ("a8 up", 0, "E_NO_SQUARE", "a8 up is off the board"),
    ("i5-h5", 0, "E_NO_SQUARE", "i5 is off the board"),
    ("a8-a9", 0, "E_NO_SQUARE", "a9 is off the board"),
    ("e1-e2", 0, "E_NOT_YOURS", "e1 is a Blue piece, not yours — your pieces are on a5, a8, b6, b7, c6, c7, d5, d8"),
    ("a1 up", 0, "E_NOT_YOURS", "a1 is empty"),
    ("b6-b4", 0, "E_NOT_ADJACENT", "not neighbours"),
    ("b6-a7", 0, "E_NOT_ADJACENT", "not neighbours"),
    ("b6 right", 0, "E_OCCUPIED", "c6 is occupied"),
    ("pass", 0, "E_CANNOT_PASS", "e.g. a5-a4"),
    ("h1-g1", 1, "E_TURN", "it is Red's turn"),
    ("pass", 1, "E_TURN", "it is Red's turn"),
])
def test_parse_errors(text: str, seat: int, code: str, words: str) -> None:
    state = GAME.setup(2)
    kind = NotationError if code == "E_SYNTAX" else IllegalAction
    with pytest.raises(kind) as excinfo:
        GAME.parse(state, text, seat)
    assert error_code(excinfo) == code
    assert words in str(excinfo.value)


def test_apply_refuses_what_parse_refuses() -> None:
    state = GAME.setup(2)
    with pytest.raises(IllegalAction, match="occupied"):
        GAME.apply(state, Move(41, 42), 0)  # b6-c6
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(state, Move(7, 6), 1)  # h1-g1 by Blue on Red's turn
    with pytest.raises(IllegalAction, match="cannot pass"):
        GAME.apply(state, PASS, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Move(41, 40), None)


BOXED_IN = "BBBBBBBB/BBBBB3/8/8/8/8/B7/RB6 R-B- R 5 RB 50"


def test_player_without_a_move_passes() -> None:
    state = GAME.from_position(BOXED_IN)
    assert GAME.legal_actions(state, 0) == [PASS]
    assert GAME.automatic_action(state) == (0, PASS)
    assert GAME.automatic_action(GAME.setup(2)) is None
    assert GAME.parse(state, " PASS ", 0) == PASS
    with pytest.raises(IllegalAction) as excinfo:
        GAME.parse(state, "a1 up", 0)
    assert error_code(excinfo) == "E_OCCUPIED"
    after = GAME.apply(state, PASS, 0)
    assert GAME.position(after) == "BBBBBBBB/BBBBB3/8/8/8/8/B7/RB6 R-B- B 6 RB 51"
    assert GAME.describe(state, PASS, after) == "pass (Red has no legal move)"
    assert GAME.view(after, 0)["last"]["kind"] == "pass"


def test_total_victory_takes_the_territory() -> None:
    before = GAME.from_position("RRRRRRRR/RRRR4/4R3/4B3/3R4/R7/8/8 R-B- R 4 RB 60")
    action = GAME.parse(before, "d4 up", 0)
    after = GAME.apply(before, action, 0)
    assert GAME.position(after) == "RRRRRRRR/RRRR4/4R3/3RR3/8/R7/8/8 R-R- - 0 RB 61"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (16, 0)
    assert GAME.describe(before, action, after) == ("d4-d5: captures 1 (Victory by Numbers); Blue is eliminated, "
                                                    "Red takes SE")
    with pytest.raises(IllegalAction) as excinfo:
        GAME.parse(after, "a8-a7", 0)
    assert error_code(excinfo) == "E_OVER"


def test_mover_can_eliminate_themself_and_the_capturer_gains_the_territory() -> None:
    before = GAME.from_position("4YYYY/8/8/3R1B2/5B2/8/BBBBB3/GGGG4 RYBG R 3 RYBG 20")
    action = GAME.parse(before, "d5 right", 0)
    after = GAME.apply(before, action, 0)
    assert GAME.position(after) == "4YYYY/8/8/4BB2/5B2/8/BBBBB3/GGGG4 BYBG Y 0 RYBG 21"
    assert after.last is not None
    assert after.last.eliminated == (0,) and GAME.view(after, None)["eliminated"] == [True, False, False, False]
    assert GAME.describe(before, action, after) == ("d5-e5: Blue captures 1 (Victory by Numbers); Red is eliminated, "
                                                    "Blue takes NW")


@pytest.mark.parametrize(("options", "after"), [
    ({}, "RRRR4/RR2B1BB/5BBB/4BB1B/8/2R5/8/8 R-B- B 0 RB 31"),
    ({"numbers-by": "mover"}, "RRRR4/RR2B1BB/5BBB/4RB1B/8/2R5/8/8 R-B- B 1 RB 31 numbers-by=mover"),
])
def test_numbers_by_mover_stops_captures_for_others(options: dict[str, str], after: str) -> None:
    suffix = " numbers-by=mover" if options else ""
    state = GAME.from_position("RRRR4/RR2B1BB/5BBB/3R1B1B/8/2R5/8/8 R-B- R 0 RB 30" + suffix)
    assert GAME.position(play(state, "d5-e5")) == after


def test_numbers_by_mover_still_captures_for_the_mover() -> None:
    state = GAME.from_position("RRRR4/RR2BBBB/4R1BB/3R1B1B/8/8/8/8 R-B- R 0 RB 30 numbers-by=mover")
    assert GAME.position(play(state, "d5-e5")) == "RRRR4/RR2BBBB/4R1BB/4RR1B/8/8/8/8 R-B- B 0 RB 31 numbers-by=mover"


@pytest.mark.parametrize(("before", "after_plurality", "rule_plurality", "after_absolute", "rule_absolute"), [
    pytest.param("RRYYY3/8/4R3/3R4/3G1B2/8/G7/BBBB2GG RYBG R 0 RYBG 10",
                 "RRYYY3/8/4R3/4R3/3R1R2/8/G7/BBBB2GG RYBG Y 0 RYBG 11", VICTORY_BY_NUMBERS,
                 "RRYYY3/8/4R3/4R3/3G1B2/8/G7/BBBB2GG RYBG Y 1 RYBG 11", None, id="across-territories"),
    pytest.param("RRR4Y/4R1Y1/4R3/6B1/8/BB6/G6B/1GGG3B RYBG R 7 RYBG 40",
                 "RRR4Y/4R1R1/5R2/6R1/8/BB6/G6B/1GGG3B RYBG Y 0 RYBG 41", VICTORY_BY_NUMBERS,
                 "RRR4Y/4R1R1/5R2/6R1/8/BB6/G6B/1GGG3B RYBG Y 0 RYBG 41", TIE_ON_NEUTRAL, id="mover-leads"),
    pytest.param("RRR4Y/5YY1/4R3/6B1/8/BB6/G6B/1GGG3B RYBG R 7 RYBG 40",
                 "RRR4Y/5YY1/5Y2/6Y1/8/BB6/G6B/1GGG3B RYBG Y 0 RYBG 41", VICTORY_BY_NUMBERS,
                 "RRR4Y/5YY1/5Y2/6Y1/8/BB6/G6B/1GGG3B RYBG Y 0 RYBG 41", TIE_ON_HOME, id="home-player-leads"),
])
def test_absolute_majority_narrows_victory_by_numbers(before: str, after_plurality: str, rule_plurality: str,
                                                      after_absolute: str, rule_absolute: str | None) -> None:
    move = "d5-e5" if before.startswith("RRYYY") else "e6-f6"
    plurality = play(GAME.from_position(before), move)
    assert GAME.position(plurality) == after_plurality and getattr(plurality.last, "rule", None) == rule_plurality
    absolute = play(GAME.from_position(before + " majority=absolute"), move)
    assert GAME.position(absolute) == after_absolute + " majority=absolute"
    assert getattr(absolute.last, "rule", None) == rule_absolute


def test_quiet_limit_options() -> None:
    ex12 = "RRRR4/RRRR4/8/8/4B3/6BB/6BB/R5BB R-B- R {quiet} RB 120{option}"
    off = play(GAME.from_position(ex12.format(quiet=99, option=" quiet-limit=off")), "a1-a2")
    assert GAME.position(off) == "RRRR4/RRRR4/8/8/4B3/6BB/R5BB/6BB R-B- B 100 RB 121 quiet-limit=off"
    short = play(GAME.from_position(ex12.format(quiet=19, option=" quiet-limit=20")), "a1-a2")
    assert GAME.position(short) == "RRRR4/RRRR4/8/8/4B3/6BB/R5BB/6BB R-B- - 20 RB 121 quiet-limit=20"
    assert outcome_of(GAME, short).winners == {0}
    assert GAME.position(GAME.setup(2, {"quiet-limit": "off"})).endswith(" quiet-limit=off")


def test_turn_limit_options() -> None:
    text = "RRRR4/RRRR4/8/8/4B3/6BB/6BB/R5BB R-B- R 0 RB {turns}{option}"
    ended = play(GAME.from_position(text.format(turns=999, option="")), "a1-a2")
    assert GAME.position(ended) == "RRRR4/RRRR4/8/8/4B3/6BB/R5BB/6BB R-B- - 1 RB 1000"
    assert outcome_of(GAME, ended).winners == {0} and "turn limit of 1000" in outcome_of(GAME, ended).reason
    assert GAME.outcome(play(GAME.from_position(text.format(turns=999, option=" turn-limit=off")), "a1-a2")) is None
    short = play(GAME.from_position(text.format(turns=149, option=" turn-limit=150")), "a1-a2")
    assert GAME.position(short).split()[2] == "-"


def test_limit_draw_is_shared_by_the_leaders() -> None:
    state = play(GAME.from_position("RRRR4/RRR5/8/8/8/6BB/4BBBB/R5BB R-B- R 99 RB 120"), "a1-a2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {0, 1} and "share" in outcome.reason


@pytest.mark.parametrize(("options", "message"), [
    ({"quiet-limit": "19"}, "quiet-limit must be a whole number of at least 20"),
    ({"quiet-limit": "many"}, "quiet-limit"),
    ({"turn-limit": "99"}, "turn-limit must be a whole number of at least 100"),
    ({"turn-limit": "-5"}, "turn-limit"),
    ({"numbers-by": "nobody"}, "numbers-by must be one of"),
    ({"majority": "most"}, "majority"),
    ({"players": "4"}, "valid options"),
])
def test_bad_options_are_refused(options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.setup(2, options)


def test_option_values_and_player_counts() -> None:
    with pytest.raises(ValueError, match="setup-2p is for 2-player games"):
        GAME.setup(4, {"setup-2p": "diagonal-2p"})
    with pytest.raises(ValueError, match="players"):
        GAME.setup(3)
    assert GAME.position(GAME.setup(4, {"repetition": "off"})) == START_4P  # 4p games never use repetition
    state = GAME.setup(2, {"quiet-limit": "20", "turn-limit": "OFF", "numbers-by": "mover", "majority": "absolute",
                           "repetition": "off"})
    assert GAME.position(state) == (START_CLASSIC + " numbers-by=mover majority=absolute repetition=off "
                                    "quiet-limit=20 turn-limit=off")
    assert GAME.from_position(GAME.position(state)) == state


def test_resign_two_players() -> None:
    state = GAME.setup(2)
    after = GAME.apply(state, GAME.parse(state, "Resign", 1), 1)  # Blue may resign on Red's turn
    assert GAME.position(after) == "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- - 0 Rb 0"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == {0} and outcome.reason == "Blue resigned"
    assert GAME.outcome(GAME.from_position(GAME.position(after))) == outcome
    assert GAME.describe(state, RESIGN, after) == "Blue resigns"
    with pytest.raises(IllegalAction) as excinfo:
        GAME.apply(after, RESIGN, 0)
    assert error_code(excinfo) == "E_OVER"


def test_resign_four_players() -> None:
    state = GAME.setup(4)
    state = GAME.apply(state, RESIGN, 0)  # Red resigns on their own turn: Yellow moves next
    assert GAME.position(state) == "8/1RR2YY1/1RR2YY1/8/8/1GG2BB1/1GG2BB1/8 RYBG Y 0 rYBG 0"
    assert GAME.outcome(state) is None and GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="already resigned"):
        GAME.parse(state, "resign", 0)
    state = GAME.apply(state, RESIGN, 2)  # Blue resigns out of turn: still Yellow to move
    assert GAME.actors(state) == {1}
    state = play(state, "g7-g8")  # Blue's turn is skipped
    assert GAME.position(state) == "6Y1/1RR2Y2/1RR2YY1/8/8/1GG2BB1/1GG2BB1/8 RYBG G 1 rYbG 1"
    state = GAME.apply(state, RESIGN, 3)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1} and GAME.position(state).split()[2:5] == ["-", "1", "rYbg"]


def test_resigned_players_cannot_win_at_a_limit() -> None:
    state = play(GAME.from_position("YYYYYYY1/8/8/RRRR4/8/8/8/BBB3GG RYBG R 99 RyBG 200"), "d5-e5")
    assert GAME.position(state) == "YYYYYYY1/8/8/RRR1R3/8/8/8/BBB3GG RYBG - 100 RyBG 201"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (4, 7, 3, 2)


@pytest.mark.parametrize("text", [
    "",
    "8/8 R-B- R 0 RB 0",
    "8/8/8/8/8/8/8/8 R-B- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2Y R-B- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B11B R-B- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B2 R-B- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4b2B R-B- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 00 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB +1",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 speed=fast",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 quiet-limit=100",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 quiet-limit=5",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 turn-limit=500 quiet-limit=50",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 turn-limit=500 turn-limit=600",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R  0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-Y- R 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- Y 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RBYG 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- - 0 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 100 RB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- r 0 rB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 rB 0",
    "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- = 8 RB 8 repetition=off",
    START_4P.replace(" R 0 ", " = 0 "),
    START_4P + " repetition=off",
    START_4P + " setup-2p=diagonal-2p",
])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        GAME.from_position(text)


def test_json_round_trip_keeps_history_and_last_move() -> None:
    state = play(GAME.from_position("RRRRY1YY/7Y/8/8/1B6/BB1B3B/1GG4B/8 RYBG B 12 RYBG 42"), "b3-c3")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state and GAME.from_json(data).last == state.last
    two = play(GAME.setup(2), "d5-e5")
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(two))))
    assert again == two and len(again.history) == 2 and GAME.view(again, 1) == GAME.view(two, 0)


def test_view_of_the_start() -> None:
    view = GAME.view(GAME.setup(2, {"setup-2p": "diagonal-2p"}), None)
    assert view["game"] == "cintos" and view["players"] == 2
    assert view["seat_names"] == ["Red", "Blue"] and view["seat_colours"] == ["R", "B"]
    assert view["actors"] == [0] and view["to_move"] == 0 and view["turn"] == 0 and view["scores"] == [8, 8]
    assert view["outcome"] is None and view["last"] is None
    assert view["owners"] == {"NW": "R", "NE": "B", "SE": "R", "SW": "B"}
    assert view["options"]["setup-2p"] == "diagonal-2p" and view["position"] == START_DIAGONAL
    assert view["resigned"] == [False, False] and view["eliminated"] == [False, False]
