"""Sanae play phase: reachable cells, moves, attacks, Zed Inel, combat dice and the end checks (sections 5, 6)."""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Any, cast

from i18n import _, ngettext
from rules.base import IllegalAction, evolve
from rules.sanae.board import BOARDS, Board
from rules.sanae.pieces import NAMES, RANGES, attacker_wins, combat
from rules.sanae.state import (
    SIDE_CHARS,
    SIDE_NAMES,
    Last,
    Move,
    Pending,
    Roll,
    SanaeState,
    Zed,
    lost_both_royals,
    shuffling,
    sorted_letters,
)

DRAGON_RANGE = RANGES["D"]
def revealed(token: str) -> bool:
    return "*" in token


def reveal(token: str) -> str:
    return token if "*" in token else token[:2] + "*" + token[2:]


def seat_of(token: str) -> int:
    return SIDE_CHARS.index(token[0])


# A stone's part of a move table: its token, the mask of its targets (label order), its moves in that order, and
# the mask of the cells its reach was read from (its neighbours, the Dragon's flight, the cells the spread touched).
Reach = tuple[str, int, tuple[Move, ...], int]
_BITS = bytes.maketrans(b"01", b"\x00\x01")  # a mask's binary digits as bytes 0 and 1, for `compress`


class _Tables:
    """Per board: every move a stone could ever make, made once (`by_rank[source][label rank of the target]`), each
    cell's reach as a mask (`zone[range][source]`), and the last move table made for each seat, kept to make the
    next one: a stone whose token is the same and none of whose cells read (`Reach`) changed between empty, own and
    enemy keeps its moves (between two plies most stones do, and building a stone's moves was most of the time)."""

    def __init__(self, board: str) -> None:
        grid = BOARDS[board]
        near = grid.distance
        # None where no stone could ever move: a target mask never holds such a cell
        self.by_rank = cast(tuple[tuple[Move, ...], ...], tuple(
            tuple(Move(source, target) if 0 < near[source][target] <= DRAGON_RANGE else None
                  for target in grid.by_label) for source in range(grid.size)))
        self.zone = {span: tuple(grid.within_bits(source, span) for source in range(grid.size))
                     for span in set(RANGES.values()) if span}
        # seat -> the cells, empty and own cells, each stone's Reach and the moves of its last table
        self.last: dict[int, tuple[tuple[str, ...], int, int, dict[int, Reach], tuple[Move, ...]]] = {}

    def moves_to(self, source: int, mask: int) -> tuple[Move, ...]:
        """The moves from `source` to the cells of `mask`, in label order."""
        row = self.by_rank[source]
        if mask.bit_count() > 3:  # many (a Dragon's, a Knight's in the open): read off the digits in C, not bit by bit
            return tuple(compress(row, bin(mask)[:1:-1].encode().translate(_BITS)))
        moves = []
        while mask:
            here = mask & -mask
            mask ^= here
            moves.append(row[here.bit_length() - 1])
        return tuple(moves)


@lru_cache(maxsize=4)
def _tables(board: str) -> _Tables:
    return _Tables(board)


def destinations(cells: tuple[str, ...], grid: Board, source: int) -> list[int]:
    """Cells the stone on `source` may move to (5.2), in label order: a BFS through empty cells, or the Dragon's
    flight. The plain reference of `move_table`, which spreads over masks instead (tests compare the two)."""
    token = cells[source]
    side = token[0]
    if token[1] == "D":
        return [n for n in grid.within_by_label(source, DRAGON_RANGE) if cells[n][:1] != side]
    reach = RANGES[token[1]]
    if reach == 1:
        return [n for n in grid.neighbours_by_label[source] if cells[n][:1] != side]
    neighbours = grid.neighbours
    found: list[int] = []
    seen = bytearray(len(cells))  # faster than a set for 93 cells
    seen[source] = 1
    frontier = [source]
    for _step in range(reach):
        ahead = []
        for here in frontier:
            for n in neighbours[here]:
                if seen[n]:
                    continue
                seen[n] = 1
                other = cells[n]
                if not other:
                    found.append(n)
                    ahead.append(n)
                elif other[0] != side:
                    found.append(n)
        if not ahead:
            break
        frontier = ahead
    found.sort(key=grid.label_rank.__getitem__)
    return found


def move_table(cells: tuple[str, ...], board: str, seat: int) -> tuple[dict[int, Reach], tuple[Move, ...]]:
    """Every legal move of `seat`: each of its stones' `Reach` by cell (the mask of its targets in label order,
    `Board.bit`, is `[1]`), and the moves sorted by their notation (sources in label order, then each source's
    targets in label order: no sort).

    A stone's reach (5.2) spreads ring by ring over masks: each ring is the neighbours of the last ring's empty
    cells not seen yet; every empty or enemy cell of a ring is a target. Bits come out low to high: label order.
    A stone none of whose cells read changed since this seat's last table keeps its moves from it (`_Tables`); the
    same cells again (the legal list, then the move's check) get that table itself."""
    tables = _tables(board)
    last = tables.last.get(seat)
    if last is not None and (cells is last[0] or cells == last[0]):
        return last[3], last[4]
    grid = BOARDS[board]
    side = SIDE_CHARS[seat]
    bit = grid.bit
    empty = own = 0
    for cell, token in enumerate(cells):
        if not token:
            empty |= bit[cell]
        elif token[0] == side:
            own |= bit[cell]
    landing = ~own  # an empty or enemy cell
    spread, by_label = grid.neighbour_bits, grid.by_label
    changed, kept = ((empty ^ last[1]) | (own ^ last[2]), last[3]) if last else (-1, {})
    now: dict[int, Reach] = {}
    moves: list[Move] = []
    stones = own
    while stones:
        low = stones & -stones
        stones ^= low
        source = by_label[low.bit_length() - 1]
        token = cells[source]
        entry = kept.get(source)
        if entry is None or entry[0] != token or entry[3] & changed:
            letter = token[1]
            if letter == "V":
                continue
            reach = RANGES[letter]
            if reach == 1:
                seen = spread[low.bit_length() - 1]
                found = seen & landing
            elif letter == "D":
                seen = tables.zone[reach][source]
                found = seen & landing
            else:
                seen = front = low
                found = 0
                for _step in range(reach):
                    ring = 0
                    while front:
                        here = front & -front
                        front ^= here
                        ring |= spread[here.bit_length() - 1]
                    ring &= ~seen
                    seen |= ring
                    found |= ring & landing
                    front = ring & empty
                    if not front:
                        break
            entry = (token, found, tables.moves_to(source, found), seen)
        now[source] = entry
        moves += entry[2]
    table = tuple(moves)
    tables.last[seat] = (cells, empty, own, now, table)
    return now, table


def has_moves(cells: tuple[str, ...], grid: Board, seat: int) -> bool:
    side = SIDE_CHARS[seat]
    # From the side's own end of the cell order (Red's set-up cells come first, Blue's last): its stones are met at
    # once, and nearly always one of the first can move.
    for source in range(len(cells)) if seat == 0 else range(len(cells) - 1, -1, -1):
        token = cells[source]
        if not token or token[0] != side or token[1] == "V":
            continue
        for n in grid.within(source, DRAGON_RANGE) if token[1] == "D" else grid.neighbours[source]:
            other = cells[n]
            if not other or other[0] != side:
                return True
    return False


def actors_of(state: SanaeState) -> frozenset[int]:
    """Seats that may act: both unready players in setup, the defender of a Zed pause, else the mover."""
    if state.result is not None or shuffling(state) is not None:
        return frozenset()
    if state.phase == "setup":
        return frozenset(s for s in (0, 1) if state.setup[s] != "ready")
    if state.phase != "play" or state.turn is None:
        return frozenset()
    if state.pending is None:
        return frozenset({state.turn})
    return frozenset({1 - state.turn}) if state.pending.kind == "zed" else frozenset()


# ---- checks -------------------------------------------------------------------------------------------------
def check_move(state: SanaeState, move: Move, seat: int) -> None:
    grid = state.grid
    label = grid.labels
    if state.pending is not None:
        raise IllegalAction(pending_message(state, seat))
    turn = state.turn
    if seat != turn:
        raise IllegalAction("not_your_turn: " + (_("it is no one's turn") if turn is None else
                                                  _("it is {side}'s turn", side=_(SIDE_NAMES[turn]))))
    token = state.cells[move.source]
    if not token:
        raise IllegalAction("no_stone: " + _("{cell} is empty", cell=label[move.source]))
    if seat_of(token) != seat:
        raise IllegalAction("not_your_stone: " + (_("{cell} holds a Red stone", cell=label[move.source])
                                                   if seat_of(token) == 0 else
                                                   _("{cell} holds a Blue stone", cell=label[move.source])))
    if token[1] == "V":
        raise IllegalAction("void_cannot_move: " + _("the Void never moves"))
    aim = state.cells[move.target]
    if aim and seat_of(aim) == seat:
        raise IllegalAction("own_stone_at_destination: "
                            + _("{cell} holds one of your stones", cell=label[move.target]))
    stones, _flights = move_table(state.cells, grid.name, seat)
    if stones[move.source][1] & grid.bit[move.target]:
        return
    letter = token[1]
    steps = grid.distance[move.source][move.target]
    if steps > RANGES[letter]:
        stone = _(NAMES[letter])
        raise IllegalAction("unreachable: " + _("{stone} range {range} ({cell} is {steps} steps away)", stone=stone,
                                                range=RANGES[letter], cell=label[move.target], steps=steps))
    raise IllegalAction("path_blocked: " + ngettext(
        "every path from {source} to {target} within {n} step crosses a stone",
        "every path from {source} to {target} within {n} steps crosses a stone", RANGES[letter],
        source=label[move.source], target=label[move.target]))


def pending_message(state: SanaeState, seat: int) -> str:
    pending = state.pending
    assert pending is not None
    if pending.kind == "combat":
        return "pending_decision: " + _("the combat dice are owed")
    defender = 1 - (state.turn or 0)
    if seat == defender:
        return "pending_decision: " + _("your Void is attacked: reply zed <your Captain's cell> or zed no")
    return "pending_decision: " + _("{side} is deciding on Zed Inel", side=_(SIDE_NAMES[defender]))


def eligible_captains(state: SanaeState) -> list[int]:
    """Cells of the defender's Captains that may perform Zed Inel against the pending Void attack (5.5)."""
    pending = state.pending
    if pending is None or pending.kind != "zed":
        return []
    return [c for c in unused_captains(state, 1 - (state.turn or 0))
            if state.grid.distance[c][pending.target] <= state.options.zed_range]


def unused_captains(state: SanaeState, seat: int) -> list[int]:
    side = SIDE_CHARS[seat]
    return [c for c, t in enumerate(state.cells) if t[:2] == side + "C" and not t.endswith("z")]


def check_zed(state: SanaeState, zed: Zed, seat: int) -> None:
    pending = state.pending
    if pending is None or pending.kind != "zed":
        raise IllegalAction(_("zed is only for a defender whose Void is attacked"))
    defender = 1 - (state.turn or 0)
    if seat != defender:
        raise IllegalAction(pending_message(state, seat))
    if zed.captain is None:
        return
    label = state.grid.labels[zed.captain]
    token = state.cells[zed.captain]
    if not token or seat_of(token) != seat or token[1] != "C":
        raise IllegalAction("not_eligible: " + _("{cell} does not hold one of your Captains", cell=label))
    if token.endswith("z"):
        raise IllegalAction("zed_used: " + _("the Captain on {cell} has used its Zed Inel", cell=label))
    steps = state.grid.distance[zed.captain][pending.target]
    if steps > state.options.zed_range:
        raise IllegalAction("not_eligible: " + _("{cell} is {steps} steps from the Void", cell=label, steps=steps))


# ---- state changes --------------------------------------------------------------------------------------------
def over(state: SanaeState, winner: int | None, reason: str) -> SanaeState:
    return evolve(state, phase="over", result=(winner, reason), pending=None)


def start_turn(state: SanaeState) -> SanaeState:
    """A mover with no legal move has lost (5.1); such a state is never a decision point."""
    if state.phase == "play" and state.pending is None and state.turn is not None \
            and not has_moves(state.cells, state.grid, state.turn):
        return over(state, 1 - state.turn, "no_moves")
    return state


def _lose(captured: tuple[str, str], seat: int, letter: str) -> tuple[str, str]:
    lost = list(captured)
    lost[seat] = sorted_letters(lost[seat] + letter)
    return (lost[0], lost[1])


def finish_ply(state: SanaeState, lost: tuple[int, str] | None = None, **changes: Any) -> SanaeState:
    """`state` with `changes` (the resolved move), then the end checks of section 6, then the turn passes: one new
    state on the way (a move is most of a random playout's time)."""
    turn = state.turn or 0
    after = evolve(state, pending=None, plies=state.plies + 1, turn=1 - turn, **changes)
    limit = state.options.quiet_limit
    if lost and lost[1] in "KQ" and state.options.king_queen == "draw" and lost_both_royals(after, lost[0]):
        return over(evolve(after, turn=state.turn), None, "king_queen_draw")
    if limit and after.quiet >= limit:
        return over(evolve(after, turn=state.turn), None, "quiet-limit")
    return start_turn(after)


@lru_cache(maxsize=1 << 15)
def _step(seat: int | None, source: int, target: int) -> Last:
    """The `Last` of a move, made once (a frozen dataclass is slow to build, and a move is built every ply)."""
    return Last("move", seat, (source, target))


def do_move(state: SanaeState, move: Move) -> SanaeState:
    cells = list(state.cells)
    source, target = move.source, move.target
    token, aim = cells[source], cells[target]
    moved = state.moved
    last = _step(state.turn, source, target)
    if not aim:
        if target not in state.grid.adjacent[source]:
            token = reveal(token)
        cells[target], cells[source] = token, ""
        if not revealed(token):
            moved = moved - {source} | {target}
        elif source in moved:
            moved = moved - {source}
        return finish_ply(state, cells=tuple(cells), quiet=state.quiet + 1, moved=moved, last=last)
    # Contact: both stones turn face up for good. A combat restarts the quiet count; an attack on the Void is
    # no combat (5.3, 5.5), so the count stays unless a Zed Inel swap turns it into one.
    cells[source], cells[target] = reveal(token), reveal(aim)
    if source in moved or target in moved:
        moved = moved - {source, target}
    contact = evolve(state, cells=tuple(cells), quiet=state.quiet if aim[1] == "V" else 0, moved=moved, last=last)
    if aim[1] == "V":
        if zed_pause(contact, target):
            return evolve(contact, pending=Pending("zed", source, target))
        return capture_void(contact, source, target)
    return fight_or_roll(contact, source, target)


def zed_pause(state: SanaeState, void: int) -> bool:
    captains = unused_captains(state, 1 - (state.turn or 0))
    if state.options.zed_prompt == "any-unused":
        return bool(captains)
    return any(state.grid.distance[c][void] <= state.options.zed_range for c in captains)


def fight_or_roll(state: SanaeState, source: int, target: int) -> SanaeState:
    fight = combat(state.cells[source][1], state.cells[target][1])
    if fight.kind == "fixed":
        return resolve(state, source, target, bool(fight.attacker_wins))
    return evolve(state, pending=Pending("combat", source, target))


def with_fight(last: Last, fight: tuple[int, str, str, str]) -> Last:
    """`last` with its combat decided (what `dataclasses.replace` makes, built directly: the search resolves a
    hundred thousand combats a move and replace's generic field walk was a twentieth of its time)."""
    return Last(last.kind, last.seat, last.cells, last.dice, fight, last.note)


def resolve(state: SanaeState, source: int, target: int, attacker_won: bool) -> SanaeState:
    """The loser leaves the board; a winning attacker takes the disputed cell (5.3)."""
    cells = list(state.cells)
    attacker, defender = cells[source], cells[target]
    loser = defender if attacker_won else attacker
    if attacker_won:
        cells[target] = attacker
    cells[source] = ""
    winner_side = (attacker if attacker_won else defender)[0]
    last = with_fight(state.last or Last("move", state.turn), (target, attacker, defender, winner_side))
    lost_seat = seat_of(loser)
    return finish_ply(state, (lost_seat, loser[1]), cells=tuple(cells),
                      captured=_lose(state.captured, lost_seat, loser[1]), quiet=0,
                      moved=state.moved - {source, target}, last=last)


def capture_void(state: SanaeState, source: int, void: int) -> SanaeState:
    seat = state.turn or 0
    cells = list(state.cells)
    attacker, defender = cells[source], cells[void]
    cells[void], cells[source] = attacker, ""
    last = with_fight(state.last or Last("move", seat), (void, attacker, defender, attacker[0]))
    state = evolve(state, cells=tuple(cells), captured=_lose(state.captured, 1 - seat, "V"),
                    moved=state.moved - {source, void}, last=last, plies=state.plies + 1)
    if state.options.king_queen == "flag-draw" and lost_both_royals(state, seat):
        return over(state, None, "king_queen_draw")
    return over(state, seat, "void_captured")


def do_zed(state: SanaeState, zed: Zed) -> SanaeState:
    pending = state.pending
    assert pending is not None
    defender = 1 - (state.turn or 0)
    if zed.captain is None:
        return capture_void(evolve(state, last=Last("zed", defender, (pending.attacker, pending.target))),
                            pending.attacker, pending.target)
    cells = list(state.cells)
    captain = zed.captain
    # The swap: the Captain is revealed and spent, the Void stays face up on the Captain's old cell.
    cells[pending.target], cells[captain] = reveal(cells[captain]) + "z", cells[pending.target]
    state = evolve(state, cells=tuple(cells), pending=None, moved=state.moved - {captain},
                    last=Last("zed", defender, (pending.attacker, pending.target, captain)))
    return fight_or_roll(state, pending.attacker, pending.target)


def do_roll(state: SanaeState, roll: Roll) -> SanaeState:
    pending = state.pending
    assert pending is not None and pending.kind == "combat"
    fight = combat(state.cells[pending.attacker][1], state.cells[pending.target][1])
    won = attacker_wins(fight, roll.attacker, roll.defender)
    dice = (roll.attacker, roll.defender) if state.turn == 0 else (roll.defender, roll.attacker)
    previous = state.last or Last("move", state.turn)
    cells = previous.cells if previous.kind == "zed" else (pending.attacker, pending.target)
    state = evolve(state, last=Last("roll", state.turn, cells, dice=dice))  # the mover, whose attack it decides
    return resolve(state, pending.attacker, pending.target, won)
