"""Sanae position text (spec 10.1): the whole state on one line, written and read back exactly."""

from __future__ import annotations

import re
from functools import lru_cache

from rules.base import NotationError
from rules.sanae.board import BOARDS
from rules.sanae.moves import start_turn
from rules.sanae.pieces import LETTERS
from rules.sanae.state import SIDE_WORDS, TOKENS, Options, Pending, SanaeState, sorted_letters

_OPTIONS = re.compile(r"options king-queen=(flag-draw|draw|off) quiet-limit=([0-9]{1,9}) "
                      r"zed-prompt=(any-unused|eligible-only) zed-range=([0-9]{1,2}) board=(\S+)")
_STATUS = re.compile(r"empty|laid|ready|shuffle:([0-9]{1,2})")
_REASONS = ("void_captured", "king_queen_draw", "quiet-limit", "no_moves", "resign")


def _side(seat: int | None) -> str:
    return "-" if seat is None else SIDE_WORDS[seat]


def position_text(state: SanaeState) -> str:
    o = state.options
    label = state.grid.labels
    pending = "-" if state.pending is None else \
        f"{state.pending.kind} {label[state.pending.attacker]} {label[state.pending.target]}"
    stones = " ".join([f"{where}={t}" for where, t in zip(label, state.cells, strict=True) if t]) or "-"
    if state.result is None:
        result = "-"
    else:
        winner, reason = state.result
        result = f"{'draw' if winner is None else SIDE_WORDS[winner]} {reason}"
    return " ; ".join([
        f"options king-queen={o.king_queen} quiet-limit={o.quiet_limit} zed-prompt={o.zed_prompt} "
        f"zed-range={o.zed_range} board={o.board}",
        f"phase {state.phase}",
        f"setup red={state.setup[0]} blue={state.setup[1]}",
        f"first {_side(state.first)}",
        f"turn {_side(state.turn)}",
        f"pending {pending}",
        f"quiet {state.quiet}",
        f"captured red={state.captured[0] or '-'} blue={state.captured[1] or '-'}",
        f"stones {stones}",
        f"result {result}",
    ])


def _field(part: str, name: str) -> str:
    if not part.startswith(name + " "):
        raise NotationError(f"position field {part!r} should start with {name!r}")
    return part[len(name) + 1:]


def _seat(text: str) -> int | None:
    if text == "-":
        return None
    if text not in SIDE_WORDS:
        raise NotationError(f"side must be red, blue or -, not {text!r}")
    return SIDE_WORDS.index(text)


@lru_cache(maxsize=64)
def read_position(text: str) -> SanaeState:
    """The state a position text describes. A play position whose mover has no move is read as lost (10.1).

    Cached (the state is immutable): the same position is read again and again, a stored match's state at each of
    its turns, a replay's steps, and every round trip a test makes.
    """
    parts = text.strip().split(" ; ")
    if len(parts) != 10:
        raise NotationError(f"a position has 10 fields separated by ' ; ', not {len(parts)}")
    m = _OPTIONS.fullmatch(parts[0])
    if not m or m[5] not in BOARDS or not 1 <= int(m[4]) <= 10:
        raise NotationError(f"bad options field {parts[0]!r}")
    options = Options(m[1], int(m[2]), m[3], int(m[4]), m[5])
    grid = options.grid
    phase = _field(parts[1], "phase")
    if phase not in ("setup", "roll", "play", "over"):
        raise NotationError(f"unknown phase {phase!r}")
    m = re.fullmatch(r"setup red=(\S+) blue=(\S+)", parts[2])
    if not m or not all(_STATUS.fullmatch(s) for s in (m[1], m[2])):
        raise NotationError(f"bad setup field {parts[2]!r}")
    setup = (m[1], m[2])
    first, turn = _seat(_field(parts[3], "first")), _seat(_field(parts[4], "turn"))
    pending_text = _field(parts[5], "pending")
    pending = None
    if pending_text != "-":
        bits = pending_text.split(" ")
        if len(bits) != 3 or bits[0] not in ("zed", "combat") or any(grid.cell(b) is None for b in bits[1:]):
            raise NotationError(f"bad pending field {pending_text!r}")
        pending = Pending(bits[0], grid.cell(bits[1]) or 0, grid.cell(bits[2]) or 0)
    quiet_text = _field(parts[6], "quiet")
    if not re.fullmatch(r"[0-9]{1,9}", quiet_text):  # ASCII and bounded: int() takes any digits, any length
        raise NotationError(f"quiet must be a number, not {quiet_text!r}")
    m = re.fullmatch(r"captured red=(\S+) blue=(\S+)", parts[7])
    if not m or not all(lost == "-" or set(lost) <= set(LETTERS) for lost in (m[1], m[2])):
        raise NotationError(f"bad captured field {parts[7]!r}")
    captured = tuple(sorted_letters("" if lost == "-" else lost) for lost in (m[1], m[2]))
    cells = [""] * grid.size
    stones_text = _field(parts[8], "stones")
    label_cell = grid.label_cell.get  # positions are read by the thousand, their labels nearly always canonical
    for item in [] if stones_text == "-" else stones_text.split(" "):
        where, _, token = item.partition("=")
        cell = label_cell(where)
        if cell is None:
            cell = grid.cell(where)
        if cell is None or token not in TOKENS or cells[cell]:
            raise NotationError(f"bad stone {item!r}")
        cells[cell] = token
    result_text = _field(parts[9], "result")
    result = None
    if result_text != "-":
        who, _, reason = result_text.partition(" ")
        if reason not in _REASONS or who not in ("red", "blue", "draw"):
            raise NotationError(f"bad result {result_text!r}")
        result = (None if who == "draw" else SIDE_WORDS.index(who), reason)
    if (phase == "over") != (result is not None):
        raise NotationError("a result is set exactly in phase over")
    if phase == "play" and turn is None:
        raise NotationError("phase play needs a side to move")
    both_ready = setup == ("ready", "ready")
    if phase != "over" and both_ready != (phase in ("roll", "play")):
        raise NotationError(f"phase {phase} does not fit setup red={setup[0]} blue={setup[1]}")
    state = SanaeState(options, phase, setup, first, turn, pending, int(quiet_text),
                       (captured[0], captured[1]), tuple(cells), result)
    return start_turn(state)
