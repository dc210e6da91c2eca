"""Cintos board geometry, names and the move types (section 3 and 8 of the spec), computed once."""

from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import N_, pgettext
from rules.base import IllegalAction

FILES = "abcdefgh"
EMPTY = "."
# English in views, logs and outcomes; translated where shown (`_(COLOUR_NAMES[letter])`), as the rules' names are.
COLOUR_NAMES = {"R": N_("Red"), "Y": N_("Yellow"), "B": N_("Blue"), "G": N_("Green")}
TERRITORIES = ("NW", "NE", "SE", "SW")
VICTORY_BY_NUMBERS = N_("Victory by Numbers")
TIE_ON_HOME = N_("Tie on Home Territory")
TIE_ON_NEUTRAL = N_("Tie on Neutral Territory")
PIECES = 16


def territory_word(key: str) -> str:
    """A territory's name (NW, NE, SE, SW: codes in views and positions) as the language spoken writes it."""
    # Translators: the four territories of the Cintos board by compass point (north-west, ...); keep them short.
    words = {"NW": pgettext("territory", "NW"), "NE": pgettext("territory", "NE"), "SE": pgettext("territory", "SE"),
             "SW": pgettext("territory", "SW")}
    return words.get(key, key)


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


# Geometry, computed once: a square is rank * 8 + file. Every list is in label order (a1, a2, ..., b1, ...),
# which is also the order of canonical notation, so legal moves come out sorted as the spec lists them.
def _label_order(square: int) -> tuple[int, int]:
    return square % 8, square // 8


LABEL = tuple(FILES[s % 8] + str(s // 8 + 1) for s in range(64))
SQUARE = {name: s for s, name in enumerate(LABEL)}
BY_LABEL = tuple(sorted(range(64), key=_label_order))
_LABEL_RANK = tuple(sorted(range(64), key=BY_LABEL.index))  # a square's place in label order
TERRITORY = tuple((0 if s % 8 < 4 else 1) if s >= 32 else (2 if s % 8 >= 4 else 3) for s in range(64))
NEIGHBOURS = tuple(
    tuple(sorted((f + df + 8 * (r + dr) for df, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)) if on_board(f + df, r + dr)),
                 key=_label_order))
    for r in range(8) for f in range(8)
)
AREA = tuple(
    tuple(sorted((f + df + 8 * (r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if on_board(f + df, r + dr)),
                 key=_label_order))
    for r in range(8) for f in range(8)
)
DIRECTIONS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS.update({name[0]: step for name, step in list(DIRECTIONS.items())})
MOVE_TEXT = re.compile(r"([a-z])([0-9]{1,2})(?:-([a-z])([0-9]{1,2})|(up|down|left|right|u|d|l|r))")  # ASCII only
DECIMAL = re.compile(r"0|[1-9][0-9]{0,8}")

# Start positions of section 4, as pieces per colour and territory owners (NW NE SE SW).
SETUPS = {
    "4p": ({"R": "b6 c6 b7 c7", "Y": "f6 g6 f7 g7", "B": "f2 g2 f3 g3", "G": "b2 c2 b3 c3"}, "RYBG"),
    "classic-2p": ({"R": "a5 d5 a8 d8 b6 c6 b7 c7", "B": "e1 h1 e4 h4 f2 g2 f3 g3"}, "R-B-"),
    "diagonal-2p": ({"R": "b6 c6 b7 c7 f2 g2 f3 g3", "B": "f6 g6 f7 g7 b2 c2 b3 c3"}, "RBRB"),
}
OPTION_ORDER = ("numbers-by", "majority", "repetition", "quiet-limit", "turn-limit")


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def illegal(code: str, message: str, kind: type[ValueError] = IllegalAction) -> ValueError:
    """An error carrying the spec's error code (section 8) as `code`, for callers and tests."""
    return kind(message, code)


@dataclass(frozen=True, slots=True)
class Move:
    """Slide the piece on `frm` one square orthogonally to the empty square `to`."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The only action of a player to move who has no legal move (submitted by the server)."""


PASS = Pass()
MOVES_FROM = tuple(tuple((t, Move(s, t)) for t in NEIGHBOURS[s]) for s in range(64))
MOVE_TO = tuple(dict(moves) for moves in MOVES_FROM)  # from-square -> to-square -> the one Move object
# Every move text that `MOVE_TEXT` reads as two squares of the board (b2-b3 for any two squares, b2up, b2u ...
# where the step stays on the board), squeezed -> (from, to): parse reads most moves by one look-up.
MOVE_WORDS = {f"{LABEL[frm]}-{LABEL[to]}": (frm, to) for frm in range(64) for to in range(64)}
MOVE_WORDS.update({f"{LABEL[frm]}{name}": (frm, frm % 8 + df + 8 * (frm // 8 + dr)) for frm in range(64)
                   for name, (df, dr) in DIRECTIONS.items() if on_board(frm % 8 + df, frm // 8 + dr)})
