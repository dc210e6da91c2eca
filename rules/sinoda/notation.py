"""Sinoda move notation (spec section 8) and position text (section 10), with the spec's error codes."""

from __future__ import annotations

import re

from i18n import _
from rules.base import RESIGN, Action, NotationError, Resign, quote, squeeze
from rules.sinoda.board import Board, board_for
from rules.sinoda.state import (
    DEFAULT_ROUND_LIMIT,
    MIN_ROUND_LIMIT,
    TEAM_MODES,
    Change,
    First,
    Move,
    SinodaState,
)

_CELL = r"([a-z])([0-9]{1,3})"  # ASCII digits, bounded: a row number has at most 2
_CHANGE = re.compile(rf"{_CELL}([+-])")
_MOVE = re.compile(rf"{_CELL}[-x]{_CELL}")
_FIRST = re.compile(r"first([0-9]{1,2})")


def no_cell(board: Board, label: str, last: str | None = None) -> str:
    """'there is no cell g3 on the small board', with the rows it has when `last` (its last row letter) is given."""
    if last is None:
        if board.name == "small":
            return _("there is no cell {cell} on the small board", cell=label)
        return _("there is no cell {cell} on the large board", cell=label)
    if board.name == "small":
        return _("there is no cell {cell} on the small board (rows a–{last})", cell=label, last=last)
    return _("there is no cell {cell} on the large board (rows a–{last})", cell=label, last=last)


def cell_label(board: Board, letter: str, number: str) -> str:
    """Check one parsed cell against the grammar and the board; return its label."""
    if letter not in "abcdef" or number.startswith("0") or not 1 <= int(number) <= 11:
        raise NotationError(_("{cell} is not a cell name — write a change as c4+ or c4-, a move as c4-a2 (or "
                              "c4xa2), or resign", cell=f"{letter}{number}"), code="E_SYNTAX")
    label = f"{letter}{number}"
    if label not in board.index:
        last = board.row_letters[-1]
        raise NotationError(no_cell(board, label, last), code="E_NO_CELL")
    return label


def read_action(board: Board, text: str) -> Action:
    """Parse `text` without judging legality: a Change, Move, First or RESIGN."""
    s = squeeze(text)
    if s == "resign":
        return RESIGN
    if found := _FIRST.fullmatch(s):
        return First(int(found.group(1)) - 1)
    if found := _CHANGE.fullmatch(s):
        return Change(cell_label(board, found.group(1), found.group(2)), 1 if found.group(3) == "+" else -1)
    if found := _MOVE.fullmatch(s):
        origin = cell_label(board, found.group(1), found.group(2))
        return Move(origin, cell_label(board, found.group(3), found.group(4)))
    shown = quote(text.strip()) if text.strip() else _("(nothing)")
    raise NotationError(_("cannot read {text} — write a change as c4+ or c4-, a move as c4-a2 (or c4xa2), or resign",
                          text=shown), code="E_SYNTAX")


def action_text(action: Action) -> str:
    """Canonical notation: c4+, c4-, c4-a2, first 2, resign."""
    if isinstance(action, Change):
        return f"{action.cell}{'+' if action.delta > 0 else '-'}"
    if isinstance(action, Move):
        return f"{action.origin}-{action.target}"
    if isinstance(action, First):
        return f"first {action.seat + 1}"
    if isinstance(action, Resign):
        return "resign"
    raise TypeError(f"not a Sinoda action: {action!r}")


# ---- position text -----------------------------------------------------------------------------------------

def position_text(state: SinodaState) -> str:
    board = state.board
    per_seat: list[list[str]] = [[] for _ in range(state.players)]
    for label, piece in zip(board.labels, state.cells, strict=True):
        if piece is not None:
            per_seat[piece[0]].append(f"{label}={piece[1]}")
    fields = [board.name, *(",".join(pieces) or "-" for pieces in per_seat)]
    fields.append(f"turn={'?' if state.turn is None else state.turn + 1}")
    fields.append("pts=" + ",".join(map(str, state.points)))
    fields.append("caps=" + ",".join(map(str, state.caps)))
    fields.append(f"actions={state.actions}")
    if state.teams != "none":
        fields.append(f"teams={state.teams}")
    if state.round_limit != DEFAULT_ROUND_LIMIT:
        fields.append(f"round-limit={'off' if state.round_limit is None else state.round_limit}")
    if state.players == 2 and not state.sinoda_win:
        fields.append("sinoda-win=off")
    if state.resigned is not None:
        fields.append(f"resigned={state.resigned + 1}")
    return "|".join(fields)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"bad Sinoda position ({why}): {quote(text, 200)}", code="E_SYNTAX")


def _decimal(text: str, value: str, what: str) -> int:
    if not re.fullmatch(r"0|[1-9][0-9]{0,8}", value):
        raise _bad(text, f"{what} must be a decimal without sign or leading zeros")
    return int(value)


def _seat(text: str, value: str, players: int, what: str) -> int:
    seat = _decimal(text, value, what)
    if not 1 <= seat <= players:
        raise _bad(text, f"{what} must be a seat from 1 to {players}")
    return seat - 1


def _list(text: str, value: str, players: int, what: str) -> tuple[int, ...]:
    items = value.split(",")
    if len(items) != players:
        raise _bad(text, f"{what} needs {players} entries")
    return tuple(_decimal(text, item, what) for item in items)


def parse_position(text: str) -> SinodaState:
    """Read a canonical position line (strict about field order; tolerant of piece order within a seat)."""
    fields = text.strip().split("|")
    try:
        turn_at = next(i for i, f in enumerate(fields) if f.startswith("turn="))
    except StopIteration:
        raise _bad(text, "no turn= field") from None
    players = turn_at - 1
    if players not in (2, 3, 4, 6):
        raise _bad(text, "Sinoda has 2, 3, 4 or 6 piece fields")
    board = board_for(players)
    if fields[0] != board.name:
        raise _bad(text, f"{players} players play on the {board.name} board")
    cells: list[tuple[int, int] | None] = [None] * len(board)
    for seat in range(players):
        field = fields[1 + seat]
        if field == "-":
            continue
        for piece in field.split(","):
            found = re.fullmatch(r"([a-f][0-9]{1,2})=([1-4])", piece)
            if not found or found.group(1) not in board.index:
                raise _bad(text, f"{quote(piece)} is not cell=value on the {board.name} board")
            i = board.index[found.group(1)]
            if cells[i] is not None:
                raise _bad(text, f"two pieces on {found.group(1)}")
            cells[i] = (seat, int(found.group(2)))
    rest = fields[turn_at:]
    if len(rest) < 4 or not rest[1].startswith("pts=") or not rest[2].startswith("caps=") \
            or not rest[3].startswith("actions="):
        raise _bad(text, "turn=, pts=, caps= and actions= must follow the pieces in this order")
    turn_text = rest[0][len("turn="):]
    turn = None if turn_text == "?" else _seat(text, turn_text, players, "turn")
    points = _list(text, rest[1][len("pts="):], players, "pts")
    caps = _list(text, rest[2][len("caps="):], players, "caps")
    actions = _decimal(text, rest[3][len("actions="):], "actions")
    round_limit: int | None
    teams, round_limit, sinoda_win, resigned = "none", DEFAULT_ROUND_LIMIT, True, None
    order = ["teams", "round-limit", "sinoda-win", "resigned"]
    for field in rest[4:]:
        key, _, value = field.partition("=")
        if key not in order:
            raise _bad(text, f"unknown or misplaced field {quote(field)}")
        order = order[order.index(key) + 1:]
        if key == "teams":
            if value not in TEAM_MODES or TEAM_MODES[value][0] != players:
                raise _bad(text, f"teams={value} does not fit {players} players")
            teams = value
        elif key == "round-limit":
            round_limit = None if value == "off" else _decimal(text, value, "round-limit")
            if round_limit is not None and round_limit < MIN_ROUND_LIMIT:
                raise _bad(text, f"round-limit must be at least {MIN_ROUND_LIMIT} or off")
            if round_limit == DEFAULT_ROUND_LIMIT:
                raise _bad(text, "the default round-limit is not written")
        elif key == "sinoda-win":
            if value != "off" or players != 2:
                raise _bad(text, "only sinoda-win=off is written, in 2-player games")
            sinoda_win = False
        else:
            resigned = _seat(text, value, players, "resigned")
    captured = tuple(() if c == 0 else None for c in caps)
    return SinodaState(players, tuple(cells), turn, points, caps, actions, teams, round_limit, sinoda_win,
                       resigned, captured)
