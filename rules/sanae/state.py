"""Sanae value types: options, the game state, actions and chance outcomes (spec sections 7, 8 and 10.1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from i18n import N_
from rules.sanae.board import BOARDS, Board
from rules.sanae.pieces import LETTERS

SIDE_NAMES = (N_("Red"), N_("Blue"))  # shown through _(): the sides in words
SIDE_WORDS = ("red", "blue")
SIDE_CHARS = "rb"  # the side letter of a stone token
SHUFFLE = "shuffle:"  # setup status prefix while a random layout is dealt
TOKENS = frozenset(side + letter + shown + spent for side in SIDE_CHARS for letter in LETTERS for shown in ("", "*")
                   for spent in ("", "z") if not spent or letter == "C")
"""Every stone token a position may hold: side char, letter, `*` if revealed, `z` (a Captain only) if its Zed Inel
is used."""


@dataclass(frozen=True)
class Options:
    king_queen: str = "flag-draw"
    quiet_limit: int = 200
    zed_prompt: str = "any-unused"
    zed_range: int = 4
    board: str = "lens93"

    @cached_property
    def grid(self) -> Board:
        return BOARDS[self.board]


@dataclass(frozen=True)
class Pending:
    """`zed`: the stone on `attacker` hit the Void on `target`; `combat`: the two stones fight, dice owed."""

    kind: str
    attacker: int
    target: int


@dataclass(frozen=True)
class Last:
    """The last event, for the renderer and the match log (not part of the position text).

    `kind` is setup, fill, first, move, zed, roll or resign; `cells` are the cells it touched (from, to for a
    move; captain, Void for a swap); `dice` are (red, blue); `fight` is (cell, attacker token, defender token,
    winning side char) once a combat or Void capture is decided; `note` is the owner-only setup notation.
    """

    kind: str
    seat: int | None
    cells: tuple[int, ...] = ()
    dice: tuple[int, int] | None = None
    fight: tuple[int, str, str, str] | None = None
    note: str = ""


@dataclass(frozen=True)
class SanaeState:
    """The whole game. `cells` holds one stone token per cell ("" when empty): side char, letter, `*` if
    revealed, `z` if a Captain's Zed Inel is used, exactly as in the position text.

    `setup` is each side's layout status (empty, laid, ready, shuffle:K); `turn` and `first` are seats or None;
    `result` is (winning seat or None for a draw, reason). `plies`, `moved` (cells of hidden stones seen to move,
    which therefore are not the Void) and `last` are history the position text does not carry.
    """

    options: Options
    phase: str
    setup: tuple[str, str]
    first: int | None
    turn: int | None
    pending: Pending | None
    quiet: int
    captured: tuple[str, str]
    cells: tuple[str, ...]
    result: tuple[int | None, str] | None = None
    plies: int = 0
    moved: frozenset[int] = frozenset()
    last: Last | None = None

    @property
    def grid(self) -> Board:
        return self.options.grid


# ---- actions ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    source: int
    target: int


@dataclass(frozen=True)
class Zed:
    """`zed <cell>` (swap the Captain on `captain` with the Void) or `zed no` (captain None)."""

    captain: int | None


@dataclass(frozen=True)
class LayoutRandom:
    pass


@dataclass(frozen=True)
class LayoutPreset:
    name: str


@dataclass(frozen=True)
class LayoutCode:
    code: str  # canonical form when parsed; apply validates it


@dataclass(frozen=True)
class LayoutSwap:
    first: int  # earlier cell in cell order
    second: int


@dataclass(frozen=True)
class LayoutShow:
    pass


@dataclass(frozen=True)
class Ready:
    pass


# ---- chance outcomes ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Fill:
    cell: int
    symbol: str


@dataclass(frozen=True)
class FirstRoll:
    red: int
    blue: int


@dataclass(frozen=True)
class Roll:
    attacker: int
    defender: int


def sorted_letters(letters: str) -> str:
    return "".join(sorted(letters, key=LETTERS.index))


def lost_both_royals(state: SanaeState, seat: int) -> bool:
    return "K" in state.captured[seat] and "Q" in state.captured[seat]


def shuffling(state: SanaeState) -> int | None:
    """The side whose `layout random` is being dealt (a chance node), if any."""
    if state.phase == "setup" and state.result is None:
        red, blue = state.setup
        if red.startswith(SHUFFLE):
            return 0
        if blue.startswith(SHUFFLE):
            return 1
    return None
