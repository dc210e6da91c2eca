"""Sanae setup (spec section 4): private layouts, the random layout's fill nodes and the first-player roll."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import compress

from i18n import _
from rules.base import Action, IllegalAction, evolve
from rules.sanae.board import BOARDS, Board
from rules.sanae.moves import start_turn
from rules.sanae.pieces import COUNTS, EMPTY, PRESETS, STONES, SYMBOLS, CodeError, expand_code
from rules.sanae.state import (
    SHUFFLE,
    SIDE_CHARS,
    Fill,
    FirstRoll,
    Last,
    LayoutCode,
    LayoutPreset,
    LayoutRandom,
    LayoutShow,
    LayoutSwap,
    Ready,
    SanaeState,
    shuffling,
)

_ROLLS = [FirstRoll(r, b) for r in range(1, 7) for b in range(1, 7) if r != b]
_ALWAYS: list[Action] = [*(LayoutPreset(name) for name in sorted(PRESETS)), LayoutRandom()]


def full_set(grid: Board) -> Counter[str]:
    return Counter(dict(COUNTS, **{EMPTY: len(grid.setup_cells[0]) - STONES}))


def layout(state: SanaeState, seat: int) -> str:
    """A side's layout as its symbols in layout-code order ('.' for empty)."""
    return "".join(state.cells[c][1] if state.cells[c] else EMPTY for c in state.grid.setup_cells[seat])


def place(state: SanaeState, seat: int, symbols: str) -> tuple[str, ...]:
    cells = list(state.cells)
    side = SIDE_CHARS[seat]
    for cell, symbol in zip(state.grid.setup_cells[seat], symbols, strict=False):
        cells[cell] = "" if symbol == EMPTY else side + symbol
    for cell in state.grid.setup_cells[seat][len(symbols):]:
        cells[cell] = ""
    return tuple(cells)


def fill_outcomes(state: SanaeState, seat: int) -> list[tuple[Fill, float]]:
    grid = state.grid
    dealt = int(state.setup[seat][len(SHUFFLE):])
    left = full_set(grid) - Counter(layout(state, seat)[:dealt])
    cells_left = len(grid.setup_cells[seat]) - dealt
    cell = grid.setup_cells[seat][dealt]
    return [(Fill(cell, s), left[s] / cells_left) for s in SYMBOLS if left[s] > 0]


def first_outcomes() -> list[tuple[FirstRoll, float]]:
    return [(roll, 1 / len(_ROLLS)) for roll in _ROLLS]


@lru_cache(maxsize=4)
def _swaps(board: str, seat: int) -> tuple[tuple[int, ...], tuple[LayoutSwap, ...]]:
    """Each of the seat's setup cells' position in their order plus one, and every swap of two of its setup cells in
    notation order (cell order is label order within one circle): first cell, then second."""
    own = BOARDS[board].setup_cells[seat]
    return (tuple(range(1, len(own) + 1)),
            tuple(LayoutSwap(a, b) for i, a in enumerate(own) for b in own[i + 1:]))


_DIFFERENT = tuple(bytes(int(other != code) for other in range(256)) for code in range(256))
"""By a content's code: a `bytes.translate` table turning the codes of a layout into 1 where a cell's content
differs from it, 0 where it is the same."""


def setup_actions(state: SanaeState, seat: int) -> list[Action]:
    """The listed setup actions of 8, in character order: presets, random, swaps of different contents, ready."""
    status = state.setup[seat]
    if status == "ready" or shuffling(state) is not None:
        return []
    actions = list(_ALWAYS)
    if status == "laid":
        # Hundreds of swaps at every step of a set-up walk (a thousand pairs to compare): the comparisons are made
        # in C. Each content gets a code, the layout becomes a bytes of codes, and for each distinct content one
        # translate marks the cells that differ from it. The swaps of the first cell are its content's marks past
        # it; all rows joined select from every swap at once (`compress`).
        grid = state.grid
        starts, swaps = _swaps(grid.name, seat)
        layout = tuple(map(state.cells.__getitem__, grid.setup_cells[seat]))
        code = {token: n for n, token in enumerate(dict.fromkeys(layout))}
        codes = bytes(map(code.__getitem__, layout))
        differ = {n: codes.translate(_DIFFERENT[n]) for n in code.values()}
        actions.extend(compress(swaps, b"".join([differ[n][start:] for n, start in zip(codes, starts, strict=True)])))
        actions.append(Ready())
    return actions


def check_swap(state: SanaeState, swap: LayoutSwap, seat: int) -> None:
    """The common case of `check_setup`, kept fast: a player builds a layout by hundreds of listed swaps."""
    home = state.grid.home
    if state.phase == "setup" and state.setup[seat] == "laid" and not state.setup[1 - seat].startswith(SHUFFLE) \
            and home[swap.first] == seat == home[swap.second] and swap.first != swap.second:
        return
    check_setup(state, swap, seat)


def check_setup(state: SanaeState, action: Action, seat: int) -> None:
    if state.phase != "setup":
        raise IllegalAction(_("the setup is over: layouts can no longer change"))
    if shuffling(state) is not None:
        raise IllegalAction(_("a random layout is being dealt; wait for it to finish"))
    status = state.setup[seat]
    if status == "ready" and not isinstance(action, LayoutShow):
        raise IllegalAction("already_ready: " + _("your layout is confirmed"))
    grid = state.grid
    match action:
        case LayoutPreset(name) if name not in PRESETS:
            raise IllegalAction(_("no preset named {name}; presets: {presets}", name=name,
                                  presets=", ".join(sorted(PRESETS))))
        case LayoutCode(code):
            try:
                expand_code(code, len(grid.setup_cells[seat]))
            except CodeError as error:
                raise IllegalAction(str(error)) from None
        case LayoutSwap(first, second):
            for cell in (first, second):
                if grid.home[cell] is None:
                    raise IllegalAction("not_setup_cell: " + _("{cell} (the Contended Ground starts empty)",
                                                               cell=grid.labels[cell]))
                if grid.home[cell] != seat:
                    raise IllegalAction("not_your_circle: " + _("{cell} is not in your circle", cell=grid.labels[cell]))
            if first == second:
                raise IllegalAction(_("layout swap needs two different cells"))
            if status == "empty":
                raise IllegalAction("no_layout: " + _("start with layout random, layout preset or layout code"))
        case Ready() if status == "empty":
            raise IllegalAction("no_layout: " + _("start with layout random, layout preset or layout code"))


def do_setup(state: SanaeState, action: Action, seat: int, note: str) -> SanaeState:
    grid = state.grid
    last = Last("setup", seat, note=note)
    setup = list(state.setup)
    match action:
        case LayoutShow():
            return state
        case LayoutRandom():
            setup[seat] = SHUFFLE + "0"
            return evolve(state, cells=place(state, seat, ""), setup=(setup[0], setup[1]), last=last)
        case LayoutPreset(name):
            symbols = expand_code(PRESETS[name], len(grid.setup_cells[seat]))
        case LayoutCode(code):
            symbols = expand_code(code, len(grid.setup_cells[seat]))
        case LayoutSwap(first, second):
            cells = list(state.cells)
            cells[first], cells[second] = cells[second], cells[first]
            return evolve(state, cells=tuple(cells), last=last)
        case Ready():
            setup[seat] = "ready"
            phase = "roll" if setup == ["ready", "ready"] else "setup"
            return evolve(state, setup=(setup[0], setup[1]), phase=phase, last=last)
        case _:
            raise IllegalAction(f"not a setup action: {action!r}")
    setup[seat] = "laid"
    return evolve(state, cells=place(state, seat, symbols), setup=(setup[0], setup[1]), last=last)


def do_fill(state: SanaeState, fill: Fill) -> SanaeState:
    seat = shuffling(state)
    if seat is None or fill not in dict(fill_outcomes(state, seat)):
        raise IllegalAction(f"{fill!r} is not an outcome of this chance node")
    cells = list(state.cells)
    cells[fill.cell] = "" if fill.symbol == EMPTY else SIDE_CHARS[seat] + fill.symbol
    dealt = int(state.setup[seat][len(SHUFFLE):]) + 1
    setup = list(state.setup)
    setup[seat] = "laid" if dealt == len(state.grid.setup_cells[seat]) else f"{SHUFFLE}{dealt}"
    return evolve(state, cells=tuple(cells), setup=(setup[0], setup[1]),
                   last=Last("fill", seat, (fill.cell,), note=f"fill {state.grid.labels[fill.cell]} {fill.symbol}"))


def do_first(state: SanaeState, roll: FirstRoll) -> SanaeState:
    if state.phase != "roll" or roll not in _ROLLS:
        raise IllegalAction(f"{roll!r} is not an outcome of this chance node")
    first = 0 if roll.red > roll.blue else 1
    return start_turn(evolve(state, phase="play", first=first, turn=first,
                              last=Last("first", None, dice=(roll.red, roll.blue))))


def waiting_message(state: SanaeState) -> str:
    waiting = [s for s in (0, 1) if state.setup[s] != "ready"]
    if len(waiting) == 2:
        return _("the game has not started: waiting for Red and Blue to set up")
    if waiting == [0]:
        return _("the game has not started: waiting for Red to set up")
    if waiting == [1]:
        return _("the game has not started: waiting for Blue to set up")
    return _("the game has not started")
