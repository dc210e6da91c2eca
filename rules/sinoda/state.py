"""Sinoda state and action values, seat colours and team tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from i18n import N_
from rules.sinoda.board import Board, board_for

Piece = tuple[int, int]  # (owner seat, value 1..4)

# The seats' colours (English in views and logs; translated where shown: `_(SEAT_NAMES[seat])`).
SEAT_NAMES: tuple[str, ...] = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Purple"), N_("Orange"))
DEFAULT_ROUND_LIMIT = 100
MIN_ROUND_LIMIT = 10

# Teammates by seat number (0-based here), section 4; "none" gives everyone a team of their own.
TEAM_MODES: dict[str, tuple[int, tuple[tuple[int, ...], ...]]] = {
    "2x2": (4, ((0, 2), (1, 3))),
    "2x3": (6, ((0, 2, 4), (1, 3, 5))),
    "3x2": (6, ((0, 3), (1, 4), (2, 5))),
}


@cache
def teams_of(players: int, mode: str) -> tuple[tuple[int, ...], ...]:
    """The teams (tuples of seats) of a game; every seat alone in free-for-all."""
    if mode == "none":
        return tuple((seat,) for seat in range(players))
    count, teams = TEAM_MODES[mode]
    if count != players:
        raise ValueError(f"teams={mode} is for {count} players, not {players}")
    return teams


@cache
def team_by_seat(players: int, mode: str) -> tuple[tuple[int, ...], ...]:
    """Each seat's team (its own seat alone in free-for-all), seat 0 first."""
    teams = teams_of(players, mode)
    return tuple(next(team for team in teams if seat in team) for seat in range(players))


@dataclass(frozen=True)
class Change:
    """Turn the piece on `cell` one value up (`delta` +1) or down (-1)."""

    cell: str
    delta: int


@dataclass(frozen=True)
class Move:
    """Move the piece on `origin` exactly its value in edge-steps to `target`, capturing an enemy there."""

    origin: str
    target: str


@dataclass(frozen=True)
class First:
    """Chance outcome: `seat` (0-based) moves first."""

    seat: int


@dataclass(frozen=True)
class Last:
    """What the last action did, for the view: kind is "first", "change", "move" or "resign"."""

    seat: int
    kind: str
    cell: str | None = None  # change: the piece; move: the origin
    target: str | None = None
    path: tuple[str, ...] = ()  # move: every cell crossed, origin and target included
    value: int | None = None  # the piece's value after the action
    captured: Piece | None = None  # move: the (owner, value) taken on target


@dataclass(frozen=True)
class SinodaState:
    """The whole game: `cells[i]` is None or (seat, value) in the board's label order; seats are 0-based.

    `captured` holds each seat's captured values in capture order, or None where it is unknown (a position text
    records only points and counts). `last` is display history and, like `captured`, not in the position text.

    Play builds each next state without __init__ and leaves its `Facts` and outcome in __dict__ beside the fields
    (`moves._next`); states made any other way (set-up, position text, `replace`) count them when first asked.
    """

    players: int
    cells: tuple[Piece | None, ...]
    turn: int | None  # seat to move; None before the first player is drawn
    points: tuple[int, ...]
    caps: tuple[int, ...]
    actions: int
    teams: str = "none"
    round_limit: int | None = DEFAULT_ROUND_LIMIT
    sinoda_win: bool = True
    resigned: int | None = None
    captured: tuple[tuple[int, ...] | None, ...] = ()
    last: Last | None = None

    @property
    def board(self) -> Board:
        return board_for(self.players)

    def team(self, seat: int) -> tuple[int, ...]:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        return team_by_seat(self.players, self.teams)[seat]

    def pieces_of(self, seat: int) -> list[int]:
        """Cells (label order) holding `seat`'s pieces."""
        return [i for i, piece in enumerate(self.cells) if piece is not None and piece[0] == seat]

    def piece_counts(self) -> tuple[int, ...]:
        return tuple(mask.bit_count() for mask in facts(self).masks)


class Facts(NamedTuple):
    """What play derives from the cells, carried from state to state and updated move by move (see `facts`)."""

    occupied: int  # bit i set: cell i holds a piece
    masks: tuple[int, ...]  # per seat, the cells holding its pieces
    sums: tuple[int, ...]  # per seat, the values of its pieces on the board


def facts(state: SinodaState) -> Facts:
    """The state's `Facts`: set by the move that made it, else counted from the cells once and remembered in the
    state's __dict__ (a cache beside the frozen fields: equality, hashing and `replace` ignore it)."""
    memo = state.__dict__
    found = memo.get("_facts")
    if found is None:
        masks, sums = [0] * state.players, [0] * state.players
        for i, piece in enumerate(state.cells):
            if piece is not None:
                masks[piece[0]] |= 1 << i
                sums[piece[0]] += piece[1]
        found = memo["_facts"] = Facts(sum(masks), tuple(masks), tuple(sums))
    return found
