"""Sinoda rules: board geometry, every worked example of the spec, end conditions, tie-breaks, teams and notation."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

import pytest

from rules import GAMES, RESIGN, IllegalAction, NotationError
from rules.sinoda import (
    GAME,
    LARGE,
    SMALL,
    Change,
    First,
    Move,
    SinodaState,
    cell_vertices,
    start_cells,
)
from rules.sinoda.notation import read_action
from tests.rules.ended import outcome_of

# ---- helpers --------------------------------------------------------------------------------------------------


def load(text: str) -> SinodaState:
    state = GAME.from_position(text)
    assert GAME.position(state) == text
    return state


def legal(text: str, seat: int | None = None) -> str:
    """Legal actions in notation for `seat` (1-based; default: the seat to move) as one spaced string."""
    state = load(text)
    if seat is not None:
        state = replace(state, turn=seat - 1)
    assert state.turn is not None
    return " ".join(GAME.notation(state, a) for a in GAME.legal_actions(state, state.turn))


def play(text: str, move: str) -> SinodaState:
    state = load(text)
    assert state.turn is not None
    return GAME.apply(state, GAME.parse(state, move, state.turn), state.turn)


def started(players: int, options: dict[str, str] | None = None, first: int = 0) -> SinodaState:
    return GAME.apply(GAME.setup(players, options), First(first), None)


# ---- geometry (section 3) ----------------------------------------------------------------------------------------

SMALL_TABLE = """
a1▲ a2 b2      a2▼ a1 a3      a3▲ a2 a4 b4   a4▼ a3 a5      a5▲ a4 b6      b1▲ b2 c1
b2▼ a1 b1 b3   b3▲ b2 b4 c3   b4▼ a3 b3 b5   b5▲ b4 b6 c5   b6▼ a5 b5 b7   b7▲ b6 c7
c1▼ b1 c2      c2▲ c1 c3 d1   c3▼ b3 c2 c4   c4▲ c3 c5 d3   c5▼ b5 c4 c6   c6▲ c5 c7 d5
c7▼ b7 c6      d1▼ c2 d2      d2▲ d1 d3      d3▼ c4 d2 d4   d4▲ d3 d5      d5▼ c6 d4
"""
LARGE_TABLE = """
a1▲ a2 b2       a2▼ a1 a3       a3▲ a2 a4 b4    a4▼ a3 a5       a5▲ a4 a6 b6    a6▼ a5 a7
a7▲ a6 b8       b1▲ b2 c2       b2▼ a1 b1 b3    b3▲ b2 b4 c4    b4▼ a3 b3 b5    b5▲ b4 b6 c6
b6▼ a5 b5 b7    b7▲ b6 b8 c8    b8▼ a7 b7 b9    b9▲ b8 c10      c1▲ c2 d1       c2▼ b1 c1 c3
c3▲ c2 c4 d3    c4▼ b3 c3 c5    c5▲ c4 c6 d5    c6▼ b5 c5 c7    c7▲ c6 c8 d7    c8▼ b7 c7 c9
c9▲ c8 c10 d9   c10▼ b9 c9 c11  c11▲ c10 d11    d1▼ c1 d2       d2▲ d1 d3 e1    d3▼ c3 d2 d4
d4▲ d3 d5 e3    d5▼ c5 d4 d6    d6▲ d5 d7 e5    d7▼ c7 d6 d8    d8▲ d7 d9 e7    d9▼ c9 d8 d10
d10▲ d9 d11 e9  d11▼ c11 d10    e1▼ d2 e2       e2▲ e1 e3 f1    e3▼ d4 e2 e4    e4▲ e3 e5 f3
e5▼ d6 e4 e6    e6▲ e5 e7 f5    e7▼ d8 e6 e8    e8▲ e7 e9 f7    e9▼ d10 e8      f1▼ e2 f2
f2▲ f1 f3       f3▼ e4 f2 f4    f4▲ f3 f5       f5▼ e6 f4 f6    f6▲ f5 f7       f7▼ e8 f6
"""


@pytest.mark.parametrize(("board", "table"), [(SMALL, SMALL_TABLE), (LARGE, LARGE_TABLE)], ids=["small", "large"])
def test_neighbour_tables_match_the_spec(board, table) -> None:
    entries = re.findall(r"([a-f]\d+)([▲▼])((?: [a-f]\d+)+)", table)
    assert sorted(label for label, _, _ in entries) == sorted(board.labels)
    for label, shape, near in entries:
        i = board.index[label]
        assert board.points_up(i) == (shape == "▲"), label
        assert sorted(board.labels[j] for j in board.neighbours[i]) == sorted(near.split()), label


@pytest.mark.parametrize(("board", "cells", "ups", "inner", "rows"),
                         [(SMALL, 24, 12, 12, [5, 7, 7, 5]), (LARGE, 54, 27, 36, [7, 9, 11, 11, 9, 7])])
def test_cell_counts(board, cells, ups, inner, rows) -> None:
    assert len(board) == cells
    assert sum(board.points_up(i) for i in range(cells)) == ups
    assert sum(len(n) == 3 for n in board.neighbours) == inner
    assert sum(len(n) == 2 for n in board.neighbours) == cells - inner
    assert [board.rows.count(r) for r in range(board.row_count)] == rows


def test_labels_and_vertices_follow_the_internal_coordinates() -> None:
    # U(q,r) at the top-left of the small board: row a (r = 1), number 1.
    assert cell_vertices("small", "a1") == ((-2, 1), (-1, 1), (-2, 2))
    assert LARGE.cell_vertices("c11") == LARGE.cell_vertices(LARGE.index["c11"])
    for board in (SMALL, LARGE):
        for i, cell in enumerate(board.cells):
            assert board.labels[i][0] == "abcdef"[(board.side - 1) - cell.r]
            upper = board.rows[i] < board.side
            assert board.points_up(i) == ((board.numbers[i] % 2 == 1) == upper)


def test_edge_step_paths_are_simple_and_complete() -> None:
    for i in range(len(LARGE)):
        assert len(LARGE.paths[i][1]) == len(LARGE.neighbours[i])
        assert len(LARGE.paths[i][2]) == sum(len(LARGE.neighbours[j]) - 1 for j in LARGE.neighbours[i])
        for steps in range(1, 5):
            for path in LARGE.paths[i][steps]:
                assert len(path) == steps + 1 and len(set(path)) == steps + 1
                assert all(b in LARGE.neighbours[a] for a, b in pairwise(path))
    assert max(len(LARGE.paths[i][4]) for i in range(len(LARGE))) <= 24


START = {
    2: ["a3 a4 a5 b4 b5 b6", "c2 c3 c4 d1 d2 d3"],
    3: ["a1 a2 a3 b2 b3 b4", "c9 c10 c11 d9 d10 d11", "e2 e3 e4 f1 f2 f3"],
    4: ["a1 a2 a3 b2 b3 b4", "b7 b8 b9 c8 c9 c10", "e6 e7 e8 f5 f6 f7", "d2 d3 d4 e1 e2 e3"],
    6: ["a1 a2 a3 b2 b3 b4", "a5 a6 a7 b6 b7 b8", "c9 c10 c11 d9 d10 d11", "e6 e7 e8 f5 f6 f7",
        "e2 e3 e4 f1 f2 f3", "c1 c2 c3 d1 d2 d3"],
}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_start_flowers(players: int) -> None:
    board = SMALL if players == 2 else LARGE
    assert [" ".join(board.labels[i] for i in f) for f in start_cells(players)] == START[players]
    state = GAME.setup(players)
    for seat, flower in enumerate(START[players]):
        placed = {board.labels[i]: state.cells[i] for i in state.pieces_of(seat)}
        assert placed == {c: (seat, 1) for c in flower.split()}


# ---- set-up, options, chance node (sections 4, 7, 9) ---------------------------------------------------------------

START_2P = "small|a3=1,a4=1,a5=1,b4=1,b5=1,b6=1|c2=1,c3=1,c4=1,d1=1,d2=1,d3=1|turn=?|pts=0,0|caps=0,0|actions=0"


def test_first_player_chance_node() -> None:
    state = GAME.setup(2)
    assert GAME.position(state) == START_2P
    assert GAME.actors(state) == frozenset()
    outcomes = GAME.chance_outcomes(state)
    assert [(GAME.notation(state, a), p) for a, p in outcomes] == [("first 1", 0.5), ("first 2", 0.5)]
    after = GAME.apply(state, First(1), None)
    assert GAME.position(after) == START_2P.replace("turn=?", "turn=2")
    assert GAME.actors(after) == frozenset({1}) and GAME.chance_outcomes(after) == []
    assert GAME.parse(state, "First 2", 0) == First(1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, First(1), 0)  # only the server draws
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, "b5+", 0)
    assert err.value.code == "E_TURN"
    with pytest.raises(IllegalAction):
        GAME.apply(after, First(0), None)
    six = GAME.setup(6, {"teams": "3x2"})
    assert [p for _, p in GAME.chance_outcomes(six)] == [pytest.approx(1 / 6)] * 6


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="2x2"):
        GAME.setup(6, {"teams": "2x2"})
    with pytest.raises(ValueError, match="3x2"):
        GAME.setup(4, {"teams": "3x2"})
    with pytest.raises(ValueError, match="2-player"):
        GAME.setup(4, {"sinoda-win": "off"})
    with pytest.raises(ValueError, match="round-limit"):
        GAME.setup(2, {"round-limit": "5"})
    with pytest.raises(ValueError, match="players"):
        GAME.setup(5)
    assert GAME.position(GAME.setup(4, {"teams": "2x2", "round-limit": "OFF"})).endswith("|teams=2x2|round-limit=off")


def test_configurations_cover_every_count_and_team_mode() -> None:
    assert GAMES["sinoda"] is GAME
    configs = GAME.configurations()
    assert {c.players for c in configs} == {2, 3, 4, 6}
    assert {(c.players, c.options.get("teams", "none")) for c in configs} >= {
        (4, "none"), (4, "2x2"), (6, "none"), (6, "2x3"), (6, "3x2")}


def test_seat_names_are_colours() -> None:
    state = GAME.setup(6)
    assert [GAME.seat_name(state, s) for s in range(6)] == ["Red", "Blue", "Yellow", "Green", "Purple", "Orange"]


# ---- worked examples (section 10) -------------------------------------------------------------------------------

def test_position_text_example_4p() -> None:
    text = ("large|a1=1,c5=2|b5=1,e6=2|c7=1,d5=3|d7=1|turn=3|pts=0,0,0,0|caps=0,0,0,0|actions=40|teams=2x2"
            "|round-limit=50")
    state = load(text)
    assert (state.turn, state.actions, state.teams, state.round_limit) == (2, 40, "2x2", 50)
    assert GAME.actors(state) == frozenset({2})


EX1 = "small|a3=1,a4=1,a5=1,b4=1,b5=1,b6=1|c2=1,c3=1,c4=1,d1=1,d2=1,d3=1|turn=1|pts=0,0|caps=0,0|actions=0"


def test_ex1_opening() -> None:
    assert legal(EX1) == "a3+ a3-a2 a4+ a5+ b4+ b4-b3 b5+ b5-c5 b6+ b6-b7"
    assert legal(EX1, 2) == "c2+ c2-c1 c3+ c3-b3 c4+ c4-c5 d1+ d2+ d3+ d3-d4"


@pytest.mark.parametrize(("players", "teams", "counts"), [
    (3, "none", [10, 10, 10]), (4, "none", [10, 11, 10, 11]), (4, "2x2", [10, 11, 10, 11]),
    (6, "none", [10] * 6), (6, "2x3", [10] * 6), (6, "3x2", [10] * 6)])
def test_ex1_initial_counts(players: int, teams: str, counts: list[int]) -> None:
    for seat in range(players):
        assert len(GAME.legal_actions(started(players, {"teams": teams}, seat), seat)) == counts[seat]


def test_ex2_exact_length_and_blocking() -> None:
    text = "small|b3=3,c6=1|a2=2,b5=1,c4=4|turn=1|pts=5,6|caps=3,4|actions=40"
    assert legal(text) == "b3+ b3- b3-a2 b3-a4 b3-c1 b3-d1 c6+ c6-c5 c6-c7 c6-d5"
    with pytest.raises(IllegalAction, match="exactly 3 steps") as err:
        play(text, "b3-b4")
    assert err.value.code == "E_NO_PATH"
    after = play(text, "b3-a2")
    assert after.last is not None and after.last.path == ("b3", "b2", "a1", "a2")


def test_ex3_capture() -> None:
    text = "small|a4=1,b3=2|c4=3,d2=1|turn=1|pts=6,8|caps=4,4|actions=40"
    assert legal(text) == "a4+ a4-a3 a4-a5 b3+ b3- b3-a1 b3-a3 b3-b1 b3-b5 b3-c2 b3-c4"
    before = load(text)
    after = play(text, "b3xc4")
    assert GAME.position(after) == "small|a4=1,c4=2|d2=1|turn=2|pts=9,8|caps=5,4|actions=41"
    assert GAME.outcome(after) is None
    assert after.captured == (None, None)  # a position text records only points and counts
    assert GAME.describe(before, Move("b3", "c4"), after) == "b3-c4: captures 3"
    view = GAME.view(after, None)
    assert view["last"] == {"seat": 0, "kind": "move", "cell": None, "from": "b3", "to": "c4",
                            "path": ["b3", "c3", "c4"], "value": 2, "captured": {"seat": 1, "value": 3}}


EX4 = "small|a4=2,b2=1,c5=1|b6=1,d3=3|turn=1|pts=9,5|caps=4,3|actions=40"


def test_ex4_win_by_sinoda() -> None:
    assert GAME.outcome(load(EX4)) is None
    after = play(EX4, "a4-")
    assert GAME.position(after) == "small|a4=1,b2=1,c5=1|b6=1,d3=3|turn=2|pts=9,5|caps=4,3|actions=41"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "sinoda"
    assert outcome.winners == frozenset({0}) and outcome.scores == (9, 5)
    assert GAME.actors(after) == frozenset()
    assert GAME.describe(load(EX4), Change("a4", -1), after) == "a4- (Win by Sinoda)"


def test_ex4_sinoda_win_off_and_other_move() -> None:
    assert GAME.outcome(play(EX4 + "|sinoda-win=off", "a4-")) is None
    assert GAME.outcome(play(EX4, "c5-c4")) is None


def test_sinoda_win_is_two_player_only() -> None:
    # Seat 1 leads 9 to 5 and 0 with pieces worth 3 on the board, but there are three players.
    text = "large|a1=1,a3=1,a5=1|c1=1,c3=1|e1=1,e3=1|turn=2|pts=9,5,0|caps=4,3,0|actions=40"
    assert GAME.outcome(load(text)) is None


def test_end_reason_wins_over_sinoda() -> None:
    # b2-b3 is the sixth capture and also makes seat 1 qualify for Win by Sinoda: the game end is reported.
    text = "small|a5=3,b2=1|b3=2,d1=1,d5=1|turn=1|pts=5,2|caps=5,2|actions=20"
    assert GAME.outcome(load(text)) is None
    after = play(text, "b2-b3")  # 7 > 2 + 4 as well
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "end" and outcome.winners == frozenset({0})


def test_ex5_last_piece_and_six_captures_tie_on_points() -> None:
    after = play("small|b3=1,c6=2|c3=2|turn=1|pts=7,9|caps=5,4|actions=40", "b3-c3")
    assert GAME.position(after) == "small|c3=1,c6=2|-|turn=2|pts=9,9|caps=6,4|actions=41"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "end"
    assert outcome.winners == frozenset({0}) and outcome.scores == (9, 9)


EX6 = "large|a1=1,c5=2|b5=1,e6=2|c7=1,d5=3|d7=1|turn=1|pts=0,0,0,0|caps=0,0,0,0|actions=40|teams=2x2"


def test_ex6_teams_legal_actions() -> None:
    assert legal(EX6) == "a1+ a1-a2 a1-b2 c5+ c5- c5-b3 c5-b5 c5-c3"
    assert legal(EX6, 3) == "c7+ c7-c6 c7-c8 c7-d7 d5+ d5- d5-c3 d5-d2 d5-e2 d5-e4 d5-e6"
    assert legal(EX6, 4) == "d7+ d7-c7 d7-d6 d7-d8"


def test_team_capture_is_refused() -> None:
    state = load(EX6)
    with pytest.raises(IllegalAction, match="teammate Yellow's piece") as err:
        GAME.parse(state, "c5-c7", 0)  # c5, c6, c7: two steps onto the teammate's piece
    assert err.value.code == "E_NO_PATH"
    with pytest.raises(IllegalAction, match="teammates cannot capture"):
        GAME.apply(state, Move("c5", "c7"), 0)
    with pytest.raises(IllegalAction, match="teammate Yellow") as err:
        GAME.parse(state, "c7+", 0)
    assert err.value.code == "E_NOT_YOURS"
    # The same move in free-for-all captures.
    ffa = play(EX6.replace("|teams=2x2", ""), "c5-c7")
    assert ffa.points == (1, 0, 0, 0) and ffa.captured[0] == (1,)


def test_ex7_team_scoring_tie_break() -> None:
    text = "large|a1=1,c5=1|b5=1,e6=1,f1=1|-|d7=1|turn=1|pts=7,7,2,5|caps=2,2,1,1|actions=57|teams=2x2"
    outcome = GAME.outcome(load(text))
    assert outcome is not None and outcome.reason == "end" and outcome.winners == frozenset({1, 3})
    shared = GAME.outcome(load(text.replace("e6=1,f1=1", "e6=1")))
    assert shared is not None and shared.winners == frozenset()  # teams A and B share: a draw


def test_team_with_the_top_total_wins_whole() -> None:
    text = "large|a1=1|b5=1,e6=1,f1=1|-|d7=1|turn=1|pts=7,2,7,5|caps=2,2,1,1|actions=57|teams=2x2"
    outcome = GAME.outcome(load(text))
    assert outcome is not None and outcome.winners == frozenset({0, 2})


def test_six_player_teams_share_when_tied_across_teams() -> None:
    base = "large|a1=1|a5=1|c9=1|e6=1|e2=1|-|turn=1|pts=4,4,0,1,1,1|caps=1,1,1,1,1,1|actions=60|teams="
    out32 = GAME.outcome(load(base + "3x2"))
    assert out32 is not None and out32.winners == frozenset({0, 3, 1, 4})  # teams {1,4} and {2,5} share
    out23 = GAME.outcome(load(base + "2x3"))
    assert out23 is not None and out23.winners == frozenset()  # both teams of three share: everyone


# ---- end conditions and free-for-all tie-breaks (section 6) -----------------------------------------------------

def test_end_when_every_player_has_one_piece() -> None:
    text = "large|a1=1|a2=1,f7=1|f1=1|turn=1|pts=0,0,0|caps=0,0,0|actions=30"
    assert GAME.outcome(load(text)) is None
    after = play(text, "a1-a2")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "end" and outcome.winners == frozenset({0})


def test_end_on_six_captures_with_pieces_left() -> None:
    text = "large|a1=1,a4=1|a2=1,f7=1|f1=1,f3=1|turn=1|pts=5,0,0|caps=5,0,0|actions=30"
    outcome = GAME.outcome(play(text, "a1-a2"))
    assert outcome is not None and outcome.reason == "end" and outcome.winners == frozenset({0})


def test_free_for_all_tie_breaks() -> None:
    # Seat 3 has no piece: the game is over. Seats 1 and 2 tie on points; seat 2 has more pieces.
    text = "large|a1=1|b5=1,c5=1|-|turn=1|pts=4,4,1|caps=1,1,1|actions=30"
    outcome = GAME.outcome(load(text))
    assert outcome is not None and outcome.winners == frozenset({1})
    shared = GAME.outcome(load(text.replace("b5=1,c5=1", "b5=1")))
    assert shared is not None and shared.winners == frozenset({0, 1})  # shared victory, seat 3 loses
    pieces = GAME.outcome(load("small|a1=1|-|turn=1|pts=3,3|caps=0,3|actions=9|sinoda-win=off"))
    assert pieces is not None and pieces.winners == frozenset({0})
    level = GAME.outcome(load("small|a1=1|d5=1|turn=1|pts=3,3|caps=1,1|actions=9"))
    assert level is not None and level.reason == "end" and level.winners == frozenset()


def test_round_limit() -> None:
    text = "small|a3=2,a4=1|c2=1,c3=1|turn=2|pts=1,1|caps=1,1|actions=199"
    assert GAME.outcome(load(text)) is None
    after = play(text, "c2+")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "round-limit" and outcome.winners == frozenset()
    short = load("large|a1=1,a2=1|c9=1|e2=1|turn=1|pts=0,2,0|caps=0,1,0|actions=30|round-limit=10")
    limited = GAME.outcome(short)
    assert limited is not None and limited.reason == "round-limit" and limited.winners == frozenset({1})
    endless = load(text.replace("actions=199", "actions=9999") + "|round-limit=off")
    assert GAME.outcome(endless) is None


# ---- resignation ------------------------------------------------------------------------------------------------

def test_resign_two_players() -> None:
    state = started(2)
    assert RESIGN not in GAME.legal_actions(state, 0)
    assert GAME.parse(state, " Resign ", 1) is RESIGN
    after = GAME.apply(state, RESIGN, 1)  # not seat 2's turn: resigning works any time
    assert GAME.position(after).endswith("|actions=0|resigned=2")
    assert GAME.describe(state, RESIGN, after) == "Blue resigns"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason == "resign" and outcome.winners == frozenset({0})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(after, RESIGN, 0)
    assert err.value.code == "E_OVER"
    assert outcome_of(GAME, GAME.apply(GAME.setup(2), RESIGN, 0)).winners == frozenset({1})  # at the chance node too


def test_resign_ranks_the_others() -> None:
    text = "large|a1=1|a5=1|c9=1,c10=1|e6=1|turn=1|pts=3,5,5,0|caps=1,1,1,0|actions=30"
    outcome = GAME.outcome(GAME.apply(load(text), RESIGN, 2))
    assert outcome is not None and outcome.reason == "resign" and outcome.winners == frozenset({1})
    teams = GAME.outcome(GAME.apply(load(text + "|teams=2x2"), RESIGN, 2))
    assert teams is not None and teams.winners == frozenset({1, 3})  # seat 3 resigns: team {1, 3} loses


# ---- notation (section 8) ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "action"), [
    ("b5+", Change("b5", 1)), ("B5-", Change("b5", -1)), ("c4-a2", Move("c4", "a2")),
    (" e6 - d8 ", Move("e6", "d8")), ("b3xa2", Move("b3", "a2")), ("c10 - c11", Move("c10", "c11"))])
def test_notation_examples(text: str, action: object) -> None:
    assert read_action(LARGE, text) == action
    assert GAME.notation(GAME.setup(3), action) == {"b3xa2": "b3-a2", " e6 - d8 ": "e6-d8", "B5-": "b5-",
                                                    "c10 - c11": "c10-c11"}.get(text, text)


@pytest.mark.parametrize(("text", "code"), [
    ("c4", "E_SYNTAX"), ("c4+a2", "E_SYNTAX"), ("c4x", "E_SYNTAX"), ("g1+", "E_SYNTAX"), ("a12+", "E_SYNTAX"),
    ("a01+", "E_SYNTAX"), ("move", "E_SYNTAX"), ("", "E_SYNTAX"), ("c4--a2", "E_SYNTAX"),
    ("a6+", "E_NO_CELL"), ("e1+", "E_NO_CELL"), ("a3-e1", "E_NO_CELL")])
def test_notation_errors(text: str, code: str) -> None:
    state = load(EX1)
    with pytest.raises(NotationError) as err:
        GAME.parse(state, text, 0)
    assert err.value.code == code and isinstance(err.value, NotationError)
    assert GAME.position(state) == EX1


@pytest.mark.parametrize(("text", "seat", "code", "words"), [
    ("c2+", 0, "E_NOT_YOURS", "c2 is Blue's piece, not yours — your pieces are on a3, a4, a5, b4, b5 or b6"),
    ("a1+", 0, "E_NOT_YOURS", "a1 is empty"),
    ("a3-", 0, "E_RANGE", "cannot go below 1"),
    ("a3-a4", 0, "E_NO_PATH", "a4 holds your own piece"),
    ("a3-b3", 0, "E_NO_PATH", "it can reach a2"),
    ("c2+", 1, "E_TURN", "Red's turn")])
def test_illegal_action_errors(text: str, seat: int, code: str, words: str) -> None:
    state = load(EX1)
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, text, seat)
    assert err.value.code == code and words in str(err.value)


def test_range_top_and_game_over() -> None:
    with pytest.raises(IllegalAction, match="above 4") as err:
        play("small|b3=4,c6=1|a2=2|turn=1|pts=0,0|caps=0,0|actions=40", "b3+")
    assert err.value.code == "E_RANGE"
    over = play(EX4, "a4-")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(over, "b6+", 1)
    assert err.value.code == "E_OVER"
    assert GAME.legal_actions(over, 1) == []


# ---- position text and view ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "small|a3=1|c2=1|turn=1|pts=0,0|caps=0,0",  # no actions=
    "large|a3=1|c2=1|turn=1|pts=0,0|caps=0,0|actions=0",  # 2 players on the large board
    "small|a3=5|c2=1|turn=1|pts=0,0|caps=0,0|actions=0",
    "small|a3=1,a3=2|c2=1|turn=1|pts=0,0|caps=0,0|actions=0",
    "small|a3=1|c2=1|turn=3|pts=0,0|caps=0,0|actions=0",
    "small|a3=1|c2=1|turn=1|pts=0,0|caps=0,0|actions=01",
    "small|a3=1|c2=1|turn=1|pts=0,0|caps=0,0|actions=0|teams=2x2",
    "large|a1=1|a5=1|c9=1|e6=1|turn=1|pts=0,0,0,0|caps=0,0,0,0|actions=0|round-limit=50|teams=2x2",
    "large|a1=1|a5=1|c9=1|turn=1|pts=0,0,0|caps=0,0,0|actions=0|sinoda-win=off",
    "large|a1=1|a5=1|c9=1|e6=1|e2=1|turn=1|pts=0,0,0,0,0|caps=0,0,0,0,0|actions=0"])
def test_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.from_position(text)


def test_view_for_the_renderer() -> None:
    state = GAME.apply(started(4, {"teams": "2x2"}), Change("a1", 1), 0)
    view = GAME.view(state, None)
    assert view == GAME.view(state, 2)
    assert view["board"] == "large" and len(view["cells"]) == 54
    a1 = view["cells"][0]
    assert a1 == {"label": "a1", "row": "a", "number": 1, "up": True, "vertices": [[-3, 2], [-2, 2], [-3, 3]],
                  "piece": {"seat": 0, "value": 2}}
    assert view["pieces"]["b7"] == {"seat": 1, "value": 1} and len(view["pieces"]) == 24
    assert view["teams"] == [[0, 2], [1, 3]] and view["team_of"] == [0, 1, 0, 1]
    assert view["to_move"] == 1 and view["actors"] == [1] and view["turn"] == 1
    assert view["piece_counts"] == [6, 6, 6, 6] and view["captured"] == [[], [], [], []]
    assert view["last"]["kind"] == "change" and view["last"]["cell"] == "a1" and view["last"]["value"] == 2
    assert view["position"] == GAME.position(state) and view["outcome"] is None
    assert view["seat_names"] == ["Red", "Blue", "Yellow", "Green"]
    assert GAME.from_json(GAME.to_json(state)) == state
