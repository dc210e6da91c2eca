"""The log's takeback lines in the replay (`rules.replay`): `takeback N` goes back to the position before line N and
undoes every line after it; it never reaches past a chance line, nor takes back another seat's move or a line twice."""

from __future__ import annotations

import pytest

from analysis.analyse import analyse
from analysis.report import Record
from players import Budget
from rules import GAMES
from rules.replay import TakeBack, replay, steps, takeback_of, takeback_text

CINTOS = GAMES["cintos"]
SINODA = GAMES["sinoda"]


Line = tuple[int | None, str]


def moves(game_name: str, count: int, first: list[Line] | None = None) -> list[Line]:
    """`count` first-legal moves after the lines `first`, as log lines (seat, text)."""
    game = GAMES[game_name]
    lines = list(first or [])
    state = replay(game, 2, None, lines)
    for _ in range(count):
        (seat,) = game.actors(state)
        action = game.legal_actions(state, seat)[0]
        lines.append((seat, game.notation(state, action)))
        state = game.apply(state, action, seat)
    return lines


def test_a_takeback_line_goes_back_before_its_move_and_its_replies() -> None:
    lines = moves("cintos", 4)
    setup = CINTOS.setup(2, None)
    states = [setup] + [after for _, _, _, after in steps(CINTOS, 2, None, lines)]
    seat_of_line_3 = lines[2][0]
    assert seat_of_line_3 is not None
    taken = [*lines, (seat_of_line_3, takeback_text(3))]  # lines 3 and 4 taken back
    played = list(steps(CINTOS, 2, None, taken))
    before, action, seat, after = played[-1]
    assert action == TakeBack(seat_of_line_3, 3) and seat is None
    assert CINTOS.to_json(before) == CINTOS.to_json(states[4])
    assert CINTOS.to_json(after) == CINTOS.to_json(states[2])
    again = moves("cintos", 1, taken)  # play goes on from there, and the new move may be taken back in turn
    assert CINTOS.to_json(replay(CINTOS, 2, None, [*again, (again[-1][0], takeback_text(6))])) == \
        CINTOS.to_json(states[2])
    assert takeback_of(0, "takeback 12") == 12 and takeback_of(None, "takeback 12") is None
    assert takeback_of(0, "takeback x") is None and takeback_of(0, "b6-b5") is None


def test_refused_lines_do_not_replay() -> None:
    lines = moves("cintos", 3)
    mover, other = lines[2][0], lines[1][0]
    with pytest.raises(ValueError, match="line 4"):  # another seat's move
        replay(CINTOS, 2, None, [*lines, (other, takeback_text(3))])
    with pytest.raises(ValueError, match="line 5"):  # the same move twice
        replay(CINTOS, 2, None, [*lines, (mover, takeback_text(3)), (mover, takeback_text(3))])
    with pytest.raises(ValueError, match="line 4"):  # a line that is not there
        replay(CINTOS, 2, None, [*lines, (mover, takeback_text(9))])


def test_never_past_a_chance_line() -> None:
    # Sinoda draws who moves first (line 1, a chance line); the move before it cannot exist, the ones after can go.
    start = SINODA.setup(2, None)
    first: list[Line] = [(None, SINODA.notation(start, SINODA.chance_outcomes(start)[0][0]))]
    lines = moves("sinoda", 2, first)
    with pytest.raises(ValueError, match="line 4"):  # line 1 is the draw: no seat's move
        replay(SINODA, 2, None, [*lines, (lines[1][0], takeback_text(1))])
    assert SINODA.to_json(replay(SINODA, 2, None, [*lines, (lines[2][0], takeback_text(3))])) == \
        SINODA.to_json(replay(SINODA, 2, None, lines[:2]))


def test_the_analysis_reads_a_log_with_a_takeback() -> None:
    # The computer's analysis (analysis/) judges the game as it stands, as Lichess's does after a takeback: the
    # takeback line is no move of its own, and the moves it took back are no moves of the game (neither judged nor
    # counted in the accuracy); the replies after it are.
    lines = moves("cintos", 4)
    log = moves("cintos", 2, [*lines, (lines[2][0], takeback_text(3))])  # lines 3 and 4 taken back on line 5
    done = analyse(CINTOS, Record.of(2, None, log), budget_per_position=Budget(iterations=4), seed=1)
    assert [m.n for m in done.moves] == [1, 2, 6, 7]
    assert [m.notation for m in done.moves] == [log[0][1], log[1][1], log[5][1], log[6][1]]
