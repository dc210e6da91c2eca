"""Bodsoi state and action values, seats and sides, and the canonical position text (spec section 10.1)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import chain, repeat
from typing import Any

from i18n import N_
from rules.base import RESIGN, Action, NotationError, Resign, quote, whole_number
from rules.bodsoi.board import LABELS, SQUARE_IDS, SQUARES
from rules.bodsoi.tiles import (
    FULL_SET,
    HAND_LIMIT,
    SIDE_LETTERS,
    TILE_IDS,
    TILE_NAMES,
    TILE_TYPES,
    hand_text,
    is_straight,
    tiles_text,
)

Placed = tuple[int, int]  # (tile, quarter turns clockwise, canonical)

AXES: tuple[str, ...] = ("any-axis", "fixed-axes")
LINKS: tuple[str, ...] = ("colour", "symbol")
STEPS: tuple[str, ...] = ("draw", "drew", "nodraw")
SEAT_LABELS: dict[int, tuple[str, ...]] = {2: ("B", "Y"), 4: ("B1", "Y1", "B2", "Y2")}
# English in views, logs and outcomes; translated where shown (`_(SEAT_NAMES[players][seat])`).
SEAT_NAMES: dict[int, tuple[str, ...]] = {2: (N_("Blue"), N_("Yellow")),
                                          4: (N_("Blue 1"), N_("Yellow 1"), N_("Blue 2"), N_("Yellow 2"))}
SIDE_NAMES: tuple[str, ...] = (N_("Blue"), N_("Yellow"))


def side_of(seat: int) -> int:
    """Seats alternate Blue, Yellow in turn order, in 2p and 4p alike."""
    return seat % 2


@dataclass(frozen=True)
class Place:
    """Place `tile` from the hand on `square`, turned `quarter` quarter turns clockwise (canonical)."""

    tile: int
    square: int
    quarter: int


@dataclass(frozen=True)
class Pass:
    """End the turn without placing a tile."""


@dataclass(frozen=True)
class Draw:
    """Chance outcome: the server draws `tile` from the bag into the hand of the seat to move."""

    tile: int


PASS = Pass()


@dataclass(frozen=True)
class BodsoiState:
    """The whole game. `board[i]` is None or (tile, quarter) by square index; hands are sorted tile tuples.

    `to` and `step` describe the running turn (`to` is None once `ending` is set). `turns`, `placers`, `last`
    and `last_place` are display history for the view; the position text does not hold them.
    """

    players: int
    axes: str
    links: str
    board: tuple[Placed | None, ...]
    to: int | None
    step: str | None
    ending: str | None
    hands: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]  # count per tile type
    idle: int
    turns: int = 0
    placers: tuple[int | None, ...] = (None,) * SQUARES
    last: tuple[int, Action] | None = None  # (seat, place / pass / resign)
    last_place: int | None = None  # square of the last placement

    @property
    def bag_size(self) -> int:
        return sum(self.bag)

    @property
    def placed(self) -> int:
        return SQUARES - self.board.count(None)

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[self.players][seat]


def step_for(hand_size: int, bag_size: int) -> str:
    """How a turn begins: a draw (chance node) while the hand has room and the bag has tiles."""
    return "draw" if hand_size < HAND_LIMIT and bag_size > 0 else "nodraw"


def action_text(action: Action) -> str:
    """Canonical notation (section 8) of a player action or chance outcome."""
    if isinstance(action, Place):
        return f"place {TILE_NAMES[action.tile]} {LABELS[action.square]} {action.quarter * 90}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Draw):
        return f"draw {TILE_NAMES[action.tile]}"
    if isinstance(action, Resign):
        return "resign"
    raise TypeError(f"not a Bodsoi action: {action!r}")


# ---- position text -----------------------------------------------------------------------------------------------

# CELL_TEXT[tile][quarter]: a placed tile as the position text writes it after its square, `=C-su-mo@90`; and back.
CELL_TEXT: tuple[tuple[str, ...], ...] = tuple(tuple(f"={TILE_NAMES[t]}@{q * 90}" for q in range(4))
                                               for t in range(TILE_TYPES))
CELLS: dict[str, Placed] = {CELL_TEXT[t][q][1:]: (t, q) for t in range(TILE_TYPES) for q in range(4)
                            if q < 2 or not is_straight(t)}
# A tile entry of a hand or the bag as the position text writes it, `C-su-mo` or `C-su-mo*2`: (tile, count).
COUNTED: dict[str, tuple[int, int]] = {f"{name}*2" if n == 2 else name: (t, n) for t, name in enumerate(TILE_NAMES)
                                       for n in (1, 2)}


def position_text(state: BodsoiState) -> str:
    options = f"players={state.players} axes={state.axes} links={state.links}"
    board = " ".join([LABELS[i] + CELL_TEXT[cell[0]][cell[1]] for i, cell in enumerate(state.board)
                      if cell is not None]) or "-"
    turn = f"over={state.ending}" if state.ending is not None else f"to={state.seat_label(state.to or 0)} {state.step}"
    hands = " ".join([f"{state.seat_label(s)}={hand_text(h)}" for s, h in enumerate(state.hands)])
    return f"{options} | {board} | {turn} | {hands} | bag={tiles_text(state.bag)} | idle={state.idle}"


def _bad(why: str) -> NotationError:
    return NotationError(f"bad Bodsoi position: {why}")


def _counted(entry: str, what: str) -> tuple[int, int]:
    """The tile and count of an entry `COUNTED` does not know, or the refusal that says what is wrong with it."""
    name, star, number = entry.partition("*")
    if name not in TILE_IDS:
        raise _bad(f"{what} has {name!r}, which is not a tile like C-su-mo")
    n = 1
    if star:
        count = whole_number(number, 2)
        if count is None or count < 2:
            raise _bad(f"{what} has {quote(entry)}; a count is written *2 or more")
        n = count
    return TILE_IDS[name], n


def _tiles(text: str, what: str) -> list[int]:
    counts = [0] * TILE_TYPES
    if text == "-":
        return counts
    for entry in text.split(","):
        known = COUNTED.get(entry)  # one look-up for every entry a position text writes
        t, n = known if known is not None else _counted(entry, what)
        if counts[t]:
            raise _bad(f"{what} lists {TILE_NAMES[t]} twice")
        counts[t] = n
    return counts


def _cell(entry: str) -> Placed:
    """The tile of a board entry `CELLS` does not know, or the refusal that says what is wrong with it."""
    square, eq, rest = entry.partition("=")
    name, at, degrees = rest.partition("@")
    if not eq or not at or square not in SQUARE_IDS or name not in TILE_IDS:
        raise _bad(f"board entry {entry!r} is not like d4=C-su-mo@90")
    if degrees not in ("0", "90", "180", "270"):
        raise _bad(f"board entry {entry!r} has a rotation other than 0, 90, 180 or 270")
    tile, quarter = TILE_IDS[name], int(degrees) // 90
    if is_straight(tile) and quarter > 1:
        raise _bad(f"board entry {entry!r}: straight tiles are written at 0 or 90")
    return tile, quarter


def _board(text: str) -> tuple[Placed | None, ...]:
    board: list[Placed | None] = [None] * SQUARES
    if text == "-":
        return tuple(board)
    for entry in text.split(" "):
        square, _, rest = entry.partition("=")
        index, cell = SQUARE_IDS.get(square), CELLS.get(rest)  # one look-up each for every well-written entry
        if index is None or cell is None:
            cell = _cell(entry)
            index = SQUARE_IDS[square]
        if board[index] is not None:
            raise _bad(f"square {square} appears twice")
        board[index] = cell
    return tuple(board)


def parse_position(text: str) -> BodsoiState:
    """Read a position text (section 10.1); raises NotationError naming what is wrong."""
    fields = text.strip().split(" | ")
    if len(fields) != 6:
        raise _bad("it needs six fields joined by ' | '")
    options, board_text, turn, hands_text, bag_text, idle_text = fields
    opts = dict(part.partition("=")[::2] for part in options.split(" "))
    if list(opts) != ["players", "axes", "links"] or opts["players"] not in ("2", "4") \
            or opts["axes"] not in AXES or opts["links"] not in LINKS:
        raise _bad("the options must be players=2|4 axes=any-axis|fixed-axes links=colour|symbol")
    players = int(opts["players"])
    labels = SEAT_LABELS[players]
    board = _board(board_text)

    hand_parts = hands_text.split(" ")
    if [part.partition("=")[0] for part in hand_parts] != list(labels):
        raise _bad(f"the hands must be {' '.join(label + '=...' for label in labels)}")
    hand_counts = [_tiles(part.partition("=")[2], f"hand {label}") for label, part in zip(labels, hand_parts,
                                                                                          strict=True)]
    hands = tuple(tuple(chain.from_iterable(map(repeat, range(TILE_TYPES), c))) for c in hand_counts)
    if any(len(h) > HAND_LIMIT for h in hands):
        raise _bad(f"a hand holds more than {HAND_LIMIT} tiles")
    if not bag_text.startswith("bag="):
        raise _bad("the fifth field is bag=...")
    bag = tuple(_tiles(bag_text[4:], "the bag"))
    total = list(bag)
    for cell in board:
        if cell is not None:
            total[cell[0]] += 1
    for c in hand_counts:
        total = [a + b for a, b in zip(total, c, strict=True)]
    if tuple(total) != FULL_SET:
        wrong = [TILE_NAMES[t] for t in range(TILE_TYPES) if total[t] != FULL_SET[t]]
        raise _bad(f"board, hands and bag must hold the 75 tiles exactly; wrong counts of {', '.join(wrong[:5])}")
    idle_count = whole_number(idle_text[5:]) if idle_text.startswith("idle=") else None
    if idle_count is None:
        raise _bad("the last field is idle=<n>")
    idle = idle_count

    to: int | None = None
    step: str | None = None
    ending: str | None = None
    if turn.startswith("to="):
        label, _, step = turn[3:].partition(" ")
        if label not in labels or step not in STEPS:
            raise _bad(f"turn {turn!r} is not like to={labels[0]} draw|drew|nodraw")
        to = labels.index(label)
        size, bag_size = len(hands[to]), sum(bag)
        if step in ("draw", "nodraw") and step != step_for(size, bag_size):
            raise _bad(f"step {step} disagrees with a hand of {size} and a bag of {bag_size}")
        if step == "drew" and size == 0:
            raise _bad("step drew needs a tile in hand")
        if idle >= players:
            raise _bad(f"idle must be below {players} while the game runs")
    elif turn.startswith("over="):
        ending = turn[5:]
        kind, _, who = ending.partition(":")
        valid = (kind == "bodsoi" and who in SIDE_LETTERS) or (kind == "resign" and who in labels) \
            or (kind in ("full", "stall", "empty") and not who)
        if not valid:
            raise _bad(f"ending {ending!r} is not bodsoi:B|Y, resign:<seat>, full, stall or empty")
        if idle > players:
            raise _bad(f"idle is at most {players}")
    else:
        raise _bad("the third field is to=<seat> <step> or over=<ending>")
    return BodsoiState(players=players, axes=opts["axes"], links=opts["links"], board=board, to=to, step=step,
                       ending=ending, hands=hands, bag=bag, idle=idle)


# ---- JSON ---------------------------------------------------------------------------------------------------------

def state_to_json(state: BodsoiState) -> dict[str, Any]:
    return {
        "position": position_text(state),
        "turns": state.turns,
        "placers": list(state.placers),
        "last": None if state.last is None else {"seat": state.last[0], "action": action_text(state.last[1])},
        "last_place": state.last_place,
    }


def _last_action(text: str) -> Action:
    if text == "pass":
        return PASS
    if text == "resign":
        return RESIGN
    _, name, square, degrees = text.split(" ")
    return Place(TILE_IDS[name], SQUARE_IDS[square], int(degrees) // 90)


def state_from_json(data: dict[str, Any]) -> BodsoiState:
    state = parse_position(data["position"])
    last = data.get("last")
    return replace(
        state,
        turns=int(data.get("turns", 0)),
        placers=tuple(data.get("placers") or (None,) * SQUARES),
        last=None if last is None else (int(last["seat"]), _last_action(last["action"])),
        last_place=data.get("last_place"),
    )
