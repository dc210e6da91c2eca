"""Sakamichi's state (rows, lines, hands, pile) and the geometry of line ends under the two count rules."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import _, ngettext
from rules.sakamichi.tiles import LINES, Tile

MODES = ("advanced", "basic")
COUNT_RULES = ("plus-or-minus", "same-or-plus")
DEFAULT_COUNT_RULE = {"advanced": "plus-or-minus", "basic": "same-or-plus"}
STACK_LAYERS = ("one", "many")
PILE_ENDS = ("after-turn", "equal-turns")
SIX_ROWS = ("0", "4", "5", "6", "7", "8", "9", "10")
PHASES = ("remove", "deal", "dice", "choice", "play", "over")
ENDS = ("up", "down")
DRAWS = ("due", "done", "redraw")
MARKERS = "RES"
MARKER_NAMES = {"R": "redraw", "E": "exchange", "S": "stack"}
HAND_SIZE = 4
REASONS = ("empty_hand", "six-rows", "pile_more_tiles", "pile_equal", "stuck", "resign")


@dataclass(frozen=True)
class Row:
    """A row of a line: its value and its layers, bottom first; every layer has the row's width."""

    value: int
    layers: tuple[tuple[Tile, ...], ...]

    @property
    def width(self) -> int:
        return len(self.layers[0])

    @property
    def top(self) -> tuple[Tile, ...]:
        return self.layers[-1]


@dataclass(frozen=True)
class Line:
    """One number line: rows on each side of its die, each list ordered from the die outward."""

    down: tuple[Row, ...] = ()
    up: tuple[Row, ...] = ()

    def rows(self, end: str) -> tuple[Row, ...]:
        return self.up if end == "up" else self.down

    @property
    def row_count(self) -> int:
        return len(self.up) + len(self.down)

    def find(self, value: int) -> tuple[str, int] | None:
        """(end, index) of the row with `value`, if the line has one."""
        for end in ENDS:
            for i, row in enumerate(self.rows(end)):
                if row.value == value:
                    return end, i
        return None

    def with_rows(self, end: str, rows: tuple[Row, ...]) -> Line:
        return Line(self.down, rows) if end == "up" else Line(rows, self.up)


@dataclass(frozen=True)
class State:
    """The whole game, hidden parts included. Seats are 0 (P1) and 1 (P2); lines 0 (white) and 1 (black).

    `colours[seat]` is the seat's own line (advanced mode); `markers[seat]` holds the unused letters of "RES";
    `pile` is a sorted set (its order is secret and modelled by chance draws); `result` is (winner or None for a
    draw, reason); `last` is (seat or None for a chance event, canonical notation) of the last action, and
    `last_move` (seat, canonical notation) of the last player action, which the chance events after it leave be.
    """

    mode: str
    count_rule: str
    stack_layers: str
    pile_end: str
    six_rows: int
    phase: str
    dice: tuple[int, int] | None
    colours: tuple[int, int] | None
    first: int | None
    turn: int | None
    draw: str | None
    choice: tuple[int, str] | None
    lines: tuple[Line, Line]
    hands: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    markers: tuple[str, str]
    pile: tuple[Tile, ...]
    removed: Tile | None
    dead: tuple[Tile, ...]
    result: tuple[int | None, str] | None
    last: tuple[int | None, str] | None = None
    last_move: tuple[int, str] | None = None


def high_roller(state: State) -> int | None:
    """The seat whose die shows more: P1 rolls white, P2 rolls black."""
    if state.dice is None:
        return None
    return 0 if state.dice[0] > state.dice[1] else 1


def next_value(state: State, line: int, end: str) -> int | None:
    """The value the end's next row must have; None when the down end is closed (or no die is rolled yet)."""
    if state.dice is None:
        return None
    rows = state.lines[line].rows(end)
    inner = rows[-1].value if rows else state.dice[line]
    if end == "up":
        return inner + 1
    return inner - 1 if inner > 1 else None


def allowed_counts(count_rule: str, rows: tuple[Row, ...]) -> tuple[int, ...]:
    """Tile counts the count rule allows for the next row after `rows` (ordered from the die outward)."""
    if not rows:
        return (1, 2)  # beside the die: "either one or two tiles" under both rules
    n = rows[-1].width
    if count_rule == "plus-or-minus":
        return tuple(k for k in (n - 1, n + 1) if k >= 1)
    return (n, n + 1)


def end_counts(state: State, line: int, end: str) -> tuple[int, ...]:
    return allowed_counts(state.count_rule, state.lines[line].rows(end))


def or_list(counts: tuple[int, ...] | list[int]) -> str:
    """'1 or 3', '2': the tile counts an end allows (at most two), in the language being spoken."""
    if len(counts) == 2:
        return _("{a} or {b}", a=counts[0], b=counts[1])
    return " ".join(str(k) for k in counts)


def counts_text(counts: tuple[int, ...] | list[int]) -> str:
    """'1 or 3 tiles', '2 tiles' (the plural follows the last count, as English reads it)."""
    return ngettext("{counts} tile", "{counts} tiles", counts[-1] if counts else 0, counts=or_list(counts))


def end_label(state: State, line: int, end: str) -> str:
    """The ghost-box label of an end: 'up → 8 (1 or 3 tiles)' or 'down: closed' (up and down as typed)."""
    target = next_value(state, line, end)
    if target is None:
        return _("{end}: closed", end=end)
    return f"{end} → {target} ({counts_text(end_counts(state, line, end))})"


def row_label(line: int, row: Row) -> str:
    """'W7': the line's initial and the row's value."""
    return f"{LINES[line][0].upper()}{row.value}"


def mover(state: State) -> int | None:
    """The seat that must act now (a player's turn or a pending choice); None at chance nodes and at the end."""
    if state.phase == "choice" and state.choice is not None:
        return state.choice[0]
    if state.phase == "play" and state.draw == "done":
        return state.turn
    return None


def turns_played(state: State) -> int:
    """Completed turn actions: each Place adds one row and each Stack, Redraw or Exchange uses one marker."""
    rows = sum(line.row_count for line in state.lines)
    used = sum(len(MARKERS) - len(m) for m in state.markers)
    return rows + used
