"""Sanae action notation (spec section 8): canonical text of every action and chance outcome, and parsing."""

from __future__ import annotations

import re
from functools import lru_cache

from i18n import _
from rules.base import RESIGN, Action, IllegalAction, NotationError, Resign, quote, squeeze
from rules.sanae.board import BOARDS, Board
from rules.sanae.pieces import PRESETS, SYMBOLS, CodeError, canonical_code, expand_code
from rules.sanae.state import (
    Fill,
    FirstRoll,
    LayoutCode,
    LayoutPreset,
    LayoutRandom,
    LayoutShow,
    LayoutSwap,
    Move,
    Ready,
    Roll,
    Zed,
)

_CELL = r"([rb][0-9]\.?[0-9]{1,2}|c[0-9])"  # ASCII digits only
_MOVE = re.compile(rf"(?:move)?{_CELL}[-x]?{_CELL}")
_ZED = re.compile(rf"zed{_CELL}")
_SWAP = re.compile(rf"layoutswap{_CELL}{_CELL}")
_PRESET = re.compile(r"layoutpreset([a-z0-9_-]+)")
_FILL = re.compile(rf"fill{_CELL}([a-z.])")
_DICE = re.compile(r"(first|roll)([1-6])([1-6])")
_FIXED: dict[str, Action] = {"resign": RESIGN, "ready": Ready(), "layoutrandom": LayoutRandom(),
                             "layoutshow": LayoutShow(), "zedno": Zed(None)}


def action_text(grid: Board, action: Action) -> str:
    """The canonical notation of a player action or a chance outcome."""
    # The two kinds listed by the hundred (moves, set-up swaps) are written directly: the cache below hashes a
    # dataclass in Python, three times the cost of reading a made text or filling one in.
    kind = type(action)
    if kind is Move:
        return grid.move_texts[action.source][action.target]
    if kind is LayoutSwap:
        label = grid.labels
        return f"layout swap {label[action.first]} {label[action.second]}"
    return _text(grid.name, action)


@lru_cache(maxsize=16384)
def _text(board: str, action: Action) -> str:
    label = BOARDS[board].labels
    match action:
        case Move(source, target):
            return f"{label[source]}-{label[target]}"
        case Zed(captain):
            return "zed no" if captain is None else f"zed {label[captain]}"
        case LayoutRandom():
            return "layout random"
        case LayoutPreset(name):
            return f"layout preset {name}"
        case LayoutCode(code):
            return f"layout code {code}"
        case LayoutSwap(first, second):
            return f"layout swap {label[first]} {label[second]}"
        case LayoutShow():
            return "layout show"
        case Ready():
            return "ready"
        case Resign():
            return "resign"
        case Fill(cell, symbol):
            return f"fill {label[cell]} {symbol}"
        case FirstRoll(red, blue):
            return f"first {red} {blue}"
        case Roll(attacker, defender):
            return f"roll {attacker} {defender}"
    raise TypeError(f"not a Sanae action: {action!r}")


def _cell(grid: Board, text: str) -> int:
    cell = grid.index.get(text)
    if cell is None:
        raise NotationError("syntax: " + _("{cell} is not a cell; cells look like R3.07, B1.11 or C2",
                                           cell=text.upper()))
    return cell


@lru_cache(maxsize=8192)
def read_action(board: str, text: str) -> Action:
    """The player action `text` (already squeezed) spells; `NotationError` if it is not well-formed."""
    grid = BOARDS[board]
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    if m := _MOVE.fullmatch(text):
        return Move(_cell(grid, m[1]), _cell(grid, m[2]))
    if m := _ZED.fullmatch(text):
        return Zed(_cell(grid, m[1]))
    if m := _SWAP.fullmatch(text):
        first, second = _cell(grid, m[1]), _cell(grid, m[2])
        if first == second:
            raise IllegalAction(_("layout swap needs two different cells"))
        return LayoutSwap(min(first, second), max(first, second))
    if m := _PRESET.fullmatch(text):
        if m[1] not in PRESETS:
            raise IllegalAction(_("no preset named {name}; presets: {presets}", name=quote(m[1]),
                                   presets=", ".join(sorted(PRESETS))))
        return LayoutPreset(m[1])
    if text.startswith("layoutcode") and len(text) > len("layoutcode"):
        try:
            symbols = expand_code(text[len("layoutcode"):], len(grid.setup_cells[0]))
        except CodeError as error:
            raise IllegalAction(str(error)) from None
        return LayoutCode(canonical_code(symbols, grid.code_groups))
    raise NotationError("syntax: " + _("cannot read {typed}", typed=quote(text)))


@lru_cache(maxsize=16384)
def parse_text(board: str, text: str) -> Action:
    """The action a player's raw text spells (cached: players and tests repeat the same texts)."""
    return read_action(board, squeeze(text))


def read_outcome(board: str, text: str) -> Action:
    """A chance outcome in its notation (`fill R1.00 F`, `first 5 2`, `roll 4 2`), for replays and tests."""
    grid = BOARDS[board]
    flat = squeeze(text)
    if m := _FILL.fullmatch(flat):
        symbol = m[2].upper()
        if symbol in SYMBOLS:
            return Fill(_cell(grid, m[1]), symbol)
    if m := _DICE.fullmatch(flat):
        return (FirstRoll if m[1] == "first" else Roll)(int(m[2]), int(m[3]))
    raise NotationError(f"syntax: {quote(text)} is not a chance outcome (fill R1.00 F, first 5 2, roll 4 2)")
