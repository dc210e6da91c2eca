"""Cintos move generation on bitboards: each seat's pieces as an int with 4 bits per square, in label order."""

from __future__ import annotations

import operator
import struct
from functools import reduce
from itertools import chain
from operator import getitem, or_

from rules.cintos.board import AREA, BY_LABEL, EMPTY, MOVES_FROM, Move

# Square s (rank * 8 + file) is the low bit of nibble file * 8 + rank: label order, so a file is 32 bits and the
# squares of a file run from rank 1 up, the order in which the spec lists moves. The other three bits of a nibble
# are room for the steps a piece can take, so one int holds every piece's steps (`legal_moves`).
BIT = tuple(1 << 4 * (s % 8 * 8 + s // 8) for s in range(64))
FULL = reduce(or_, BIT)
AREA_BITS = tuple(reduce(or_, (BIT[t] for t in area)) for area in AREA)
_NOT_RANK_1 = reduce(or_, (BIT[s] for s in range(8, 64)))  # squares with a square below
_NOT_RANK_8 = reduce(or_, (BIT[s] for s in range(56)))  # squares with a square above


def _steps_of(s: int, nibble: int) -> tuple[Move, ...]:
    """The moves from square s that a nibble of steps allows, in label order: left, down, up, right."""
    moves = dict(MOVES_FROM[s])  # a step off the board is never in a nibble; `t in moves` only keeps to the board
    steps = ((s - 1, 1), (s - 8, 2), (s + 8, 4), (s + 1, 8))
    return tuple(moves[t] for t, flag in steps if nibble & flag and t in moves)


_STEP_MOVES = tuple(tuple(_steps_of(s, nibble) for nibble in range(16)) for s in range(64))
_FILE_WORDS = struct.Struct("<8I").unpack  # 32 bytes -> the 32-bit word of each file


# A board's squares from the last in label order to the first: the hex digits of a mask, most significant first.
_HIGH_TO_LOW = operator.itemgetter(*reversed(BY_LABEL))
# Per colour: its letter to the digit 1, every other square to 0.
_DIGITS = {colour: str.maketrans({c: "1" if c == colour else "0" for c in "RYBG" + EMPTY}) for colour in "RYBG"}
_SEATS = ("RB", "RYBG")


def masks_of(seats: str, board: str) -> tuple[int, ...]:
    """Each seat's pieces as a mask of BITs."""
    # A mask's hex digits are the board's squares in label order, a 1 where the colour stands: a few C calls a
    # seat (every position read back needs them). Anything but 64 squares of the seats' colours or empty takes
    # the loop below, which refuses it as it always did.
    if seats in _SEATS and len(board) == 64 and board.count(EMPTY) + sum(map(board.count, seats)) == 64:
        digits = "".join(_HIGH_TO_LOW(board))
        return tuple(int(digits.translate(_DIGITS[colour]), 16) for colour in seats)
    masks = [0] * len(seats)
    for s, colour in enumerate(board):
        if colour != EMPTY:
            masks[seats.index(colour)] |= BIT[s]
    return tuple(masks)


class _FileMoves(dict[int, tuple[Move, ...]]):
    """One file's moves in label order by the file's word of steps, filled as met: a few thousand words recur."""

    LIMIT = 1 << 16  # words remembered per file before it starts over

    def __init__(self, file: int) -> None:
        super().__init__()
        self.file = file

    def __missing__(self, word: int) -> tuple[Move, ...]:
        if len(self) >= self.LIMIT:
            self.clear()
        found = self[word] = tuple(chain.from_iterable(
            _STEP_MOVES[rank * 8 + self.file][word >> 4 * rank & 15] for rank in range(8)))
        return found


_FILE_MOVES = tuple(_FileMoves(file) for file in range(8))


def steps(mine: int, empty: int) -> int:
    """Per square of `mine`, the steps into `empty` as the nibble's bits: 1 left, 2 down, 4 up, 8 right."""
    return mine & (empty << 32) | (mine & (empty << 4) & _NOT_RANK_1) << 1 | (mine & (empty >> 4) & _NOT_RANK_8) << 2 \
        | (mine & (empty >> 32)) << 3


def legal_moves(mine: int, occupied: int) -> list[Move]:
    """The moves of the pieces `mine` in label order (from-square, then to-square): each file's from its table."""
    empty = FULL ^ occupied  # `steps`, inline: this runs once a turn in every playout
    word = mine & (empty << 32) | (mine & (empty << 4) & _NOT_RANK_1) << 1 \
        | (mine & (empty >> 4) & _NOT_RANK_8) << 2 | (mine & (empty >> 32)) << 3
    return [*chain.from_iterable(map(getitem, _FILE_MOVES, _FILE_WORDS(word.to_bytes(32, "little"))))]


def has_move(mine: int, occupied: int) -> bool:
    return steps(mine, FULL ^ occupied) != 0
