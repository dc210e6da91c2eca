"""Sinoda play: legal changes and moves (section 5), applying them, and the end and scoring rules (section 6)."""

from __future__ import annotations

from functools import cache

from rules.base import Action, IllegalAction, Outcome, one_of
from rules.sinoda.board import Board
from rules.sinoda.state import SEAT_NAMES, Change, Last, Move, Piece, SinodaState

MAX_VALUE = 4
CAPTURES_TO_END = 6
MEMO_LIMIT = 1 << 16  # entries per board in each remembered table (a few MB) before it is emptied


# ---- moves --------------------------------------------------------------------------------------------------

Route = tuple[int, tuple[tuple[tuple[int, ...], int], ...]]  # a target, its (path, mask of cells crossed)s


@cache
def routes_from(board: Board) -> tuple[tuple[tuple[int, tuple[Route, ...], int], ...], ...]:
    """[origin][value]: the mask of every cell some path crosses, the paths grouped by target (targets in label
    order, each group's paths in board order, each with the mask of the cells it crosses), and the mask of every
    target. Built once."""
    table = []
    for origin in range(len(board)):
        per_value = []
        for paths in board.paths[origin]:
            groups: dict[int, list[tuple[tuple[int, ...], int]]] = {}
            relevant = 0
            for path in paths:
                crossed = sum(1 << c for c in path[1:-1])
                relevant |= crossed
                groups.setdefault(path[-1], []).append((path, crossed))
            per_value.append((relevant, tuple((target, tuple(groups[target])) for target in sorted(groups)),
                              sum(1 << target for target in groups)))
        table.append(tuple(per_value))
    return tuple(table)


@cache
def actions_on(board: Board) -> tuple[tuple[Change, ...], tuple[Change, ...], dict[tuple[int, int], Move]]:
    """Every change up, change down and move of a board as shared values (equal to freshly made ones)."""
    labels = board.labels
    up = tuple(Change(label, 1) for label in labels)
    down = tuple(Change(label, -1) for label in labels)
    steps = {(o, t): Move(labels[o], labels[t]) for o in range(len(board)) for value in range(1, MAX_VALUE + 1)
             for t, _ in routes_from(board)[o][value][1]}
    return up, down, steps


@cache
def _clear_targets(board: Board) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """Per board: (origin, value, occupied cells among those its paths cross) -> targets with a clear path."""
    return {}


@cache
def _piece_moves(board: Board) -> dict[tuple[int, int, int, int], tuple[Move, ...]]:
    """Per board: (origin, value, occupied cells its paths cross, teammates' cells among its targets) -> moves."""
    return {}



def occupied(state: SinodaState) -> int:
    """The occupied cells as a bit mask, remembered per state (a cache beside the frozen fields, never compared)."""
    memo = state.__dict__
    if "_occupied" not in memo:
        memo["_occupied"] = sum(1 << i for i, piece in enumerate(state.cells) if piece is not None)
    return memo["_occupied"]  # type: ignore[no-any-return]


def targets(state: SinodaState, origin: int) -> list[int]:
    """Where the piece on `origin` may end its move, in label order: a path of exactly its value through empty
    cells, ending on an empty cell or an enemy piece."""
    board = state.board
    return _targets(state.cells, origin, routes_from(board)[origin], _clear_targets(board), occupied(state),
                    state.team(state.cells[origin][0]))  # type: ignore[index]


def _targets(cells: tuple[Piece | None, ...], origin: int, routes: tuple[tuple[int, tuple[Route, ...], int], ...],
             memo: dict[tuple[int, int, int], tuple[int, ...]], occ: int, team: tuple[int, ...]) -> list[int]:
    """`targets` with the per-board tables given. Paths depend only on the cells they cross, so the clear targets
    are remembered by that occupancy (the cache is emptied when it grows large)."""
    value = cells[origin][1]  # type: ignore[index]
    relevant, groups, _ = routes[value]
    key = (origin, value, occ & relevant)
    clear = memo.get(key)
    if clear is None:
        occ = key[2]
        clear = tuple(target for target, paths in groups if any(not crossed & occ for _, crossed in paths))
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        memo[key] = clear
    return [t for t in clear if cells[t] is None or cells[t][0] not in team]  # type: ignore[index]


def first_path(state: SinodaState, origin: int, target: int) -> tuple[int, ...]:
    """The first path in board order from `origin` to a target it may reach (one of `targets`)."""
    occ = occupied(state)
    value = state.cells[origin][1]  # type: ignore[index]
    for end, paths in routes_from(state.board)[origin][value][1]:
        if end == target:
            return next(path for path, crossed in paths if not crossed & occ)
    raise ValueError(f"no path from cell {origin} to cell {target}")


def legal_actions(state: SinodaState, seat: int) -> list[Action]:
    """Per own piece in label order: +, -, then moves by destination in label order."""
    if outcome(state) is not None or state.turn != seat:
        return []
    board = state.board
    up, down, steps = actions_on(board)
    routes, memo, known, team = routes_from(board), _clear_targets(board), _piece_moves(board), state.team(seat)
    cells = state.cells
    # One pass: the occupied cells and the team's as bit masks, and the seat's pieces in label order.
    occ = mates = 0
    mine = []
    for i, piece in enumerate(cells):
        if piece is not None:
            bit = 1 << i
            occ |= bit
            if piece[0] in team:
                mates |= bit
                if piece[0] == seat:
                    mine.append(i)
    state.__dict__["_occupied"] = occ  # what `occupied` remembers, for play on this state
    actions: list[Action] = []
    for origin in mine:
        value = cells[origin][1]  # type: ignore[index]
        if value < MAX_VALUE:
            actions.append(up[origin])
        if value > 1:
            actions.append(down[origin])
        # A piece's moves depend only on the cells its paths cross and which targets hold teammates.
        relevant, _, reach = routes[origin][value]
        key = (origin, value, occ & relevant, mates & reach)
        found = known.get(key)
        if found is None:
            found = tuple(steps[origin, t] for t in _targets(cells, origin, routes[origin], memo, occ, team))
            if len(known) > MEMO_LIMIT:
                known.clear()
            known[key] = found
        actions.extend(found)
    return actions


def _own_piece(state: SinodaState, label: str, seat: int) -> int:
    board = state.board
    if label not in board.index:
        raise IllegalAction(f"there is no cell {label} on the {board.name} board", code="E_NO_CELL")
    origin = board.index[label]
    piece = state.cells[origin]
    if piece is not None and piece[0] == seat:
        return origin
    mine = one_of(board.labels[i] for i in state.pieces_of(seat))
    if piece is None:
        what = f"{label} is empty"
    elif piece[0] in state.team(seat):
        what = f"{label} is your teammate {SEAT_NAMES[piece[0]]}'s piece, which only they may change or move"
    else:
        what = f"{label} is {SEAT_NAMES[piece[0]]}'s piece, not yours"
    raise IllegalAction(f"{what} — your pieces are on {mine}", code="E_NOT_YOURS")


def play(state: SinodaState, action: Change | Move, seat: int) -> SinodaState:
    """Apply a change or move by `seat` (whose turn it is in a running game), or raise IllegalAction."""
    board = state.board
    if isinstance(action, Change):
        origin = _own_piece(state, action.cell, seat)
        value = state.cells[origin][1]  # type: ignore[index]
        if action.delta not in (1, -1):
            raise IllegalAction("a change turns a piece by exactly 1, up (+) or down (-)", code="E_RANGE")
        new = value + action.delta
        if not 1 <= new <= MAX_VALUE:
            limit = "above 4" if new > MAX_VALUE else "below 1"
            raise IllegalAction(f"{action.cell} is already a {value} — values do not wrap and cannot go {limit}",
                                code="E_RANGE")
        cells = list(state.cells)
        cells[origin] = (seat, new)
        last = Last(seat, "change", cell=action.cell, value=new)
        return _after(state, tuple(cells), state.points, state.caps, state.captured, last)
    origin = _own_piece(state, action.origin, seat)
    value = state.cells[origin][1]  # type: ignore[index]
    if action.target not in board.index:
        raise IllegalAction(f"there is no cell {action.target} on the {board.name} board", code="E_NO_CELL")
    target = board.index[action.target]
    occupant = state.cells[target]
    routes = targets(state, origin)
    if target not in routes:
        move = f"{action.origin}-{action.target}"
        if target == origin:
            why = "a piece cannot end where it started (no cell may be revisited)"
        elif occupant is not None and occupant[0] == seat:
            why = f"{action.target} holds your own piece, and a move cannot end there"
        elif occupant is not None and occupant[0] in state.team(seat):
            why = (f"{action.target} holds your teammate {SEAT_NAMES[occupant[0]]}'s piece, "
                   "and teammates cannot capture each other")
        else:
            options = one_of(board.labels[t] for t in routes) if routes else "nowhere"
            why = (f"{action.origin} is a {value} and must move exactly {value} step{'s' * (value > 1)} across "
                   f"edges, through empty cells, never revisiting one; it can reach {options}")
        raise IllegalAction(f"{move}: {why}", code="E_NO_PATH")
    cells = list(state.cells)
    cells[origin] = None
    cells[target] = (seat, value)
    points, caps, captured = list(state.points), list(state.caps), list(state.captured)
    if occupant is not None:
        points[seat] += occupant[1]
        caps[seat] += 1
        if captured[seat] is not None:
            captured[seat] = (*captured[seat], occupant[1])  # type: ignore[misc]
    last = Last(seat, "move", cell=action.origin, target=action.target,
                path=tuple(board.labels[c] for c in first_path(state, origin, target)), value=value,
                captured=occupant)
    return _after(state, tuple(cells), tuple(points), tuple(caps), tuple(captured), last)


def _after(state: SinodaState, cells: tuple[Piece | None, ...], points: tuple[int, ...], caps: tuple[int, ...],
           captured: tuple[tuple[int, ...] | None, ...], last: Last) -> SinodaState:
    """The state after a change or move: the next seat's turn (built directly: `replace` is slow)."""
    return SinodaState(players=state.players, cells=cells, turn=(last.seat + 1) % state.players, points=points,
                       caps=caps, actions=state.actions + 1, teams=state.teams, round_limit=state.round_limit,
                       sinoda_win=state.sinoda_win, resigned=state.resigned, captured=captured, last=last)


# ---- end and scoring ------------------------------------------------------------------------------------------

def ranked_winners(state: SinodaState, candidates: list[int]) -> frozenset[int]:
    """Section 6 scoring among `candidates`: most points, then most pieces, per player; a top team wins whole.

    Free-for-all is the same rule with one-seat teams. Several teams left at the end share the victory; when
    that is everyone, it is a draw (no winners).
    """
    counts = state.piece_counts()
    best = max(state.points[s] for s in candidates)
    top = [s for s in candidates if state.points[s] == best]
    if len({state.team(s) for s in top}) > 1:
        most = max(counts[s] for s in top)
        top = [s for s in top if counts[s] == most]
    winners = frozenset(s for t in {state.team(s) for s in top} for s in t)
    return frozenset() if len(winners) == state.players else winners


def outcome(state: SinodaState) -> Outcome | None:
    """Checked in the spec's order: resignation, game end, Win by Sinoda, round limit. Remembered per state
    (actors, chance_outcomes, legal_actions and apply each ask)."""
    memo = state.__dict__  # a cache beside the frozen fields, never compared
    if "_outcome" not in memo:
        memo["_outcome"] = _outcome(state)
    return memo["_outcome"]  # type: ignore[no-any-return]


def _outcome(state: SinodaState) -> Outcome | None:
    seats = list(range(state.players))
    if state.resigned is not None:
        losers = state.team(state.resigned)
        winners = ranked_winners(state, [s for s in seats if s not in losers])
        return Outcome(winners, state.points, "resign")
    # The three stated end conditions (all down to one piece, someone without pieces, six captures), then Win by
    # Sinoda (2 players: points > rival's points + own values on the board), from one pass over the cells.
    counts, on_board = [0] * state.players, [0] * state.players
    for piece in state.cells:
        if piece is not None:
            counts[piece[0]] += 1
            on_board[piece[0]] += piece[1]
    if all(c == 1 for c in counts) or 0 in counts or any(c >= CAPTURES_TO_END for c in state.caps):
        return Outcome(ranked_winners(state, seats), state.points, "end")
    if state.players == 2 and state.sinoda_win:
        points = state.points
        for seat in (0, 1):
            if points[seat] > points[1 - seat] + on_board[seat]:
                return Outcome(frozenset({seat}), points, "sinoda")
    if state.round_limit is not None and state.actions >= state.round_limit * state.players:
        return Outcome(ranked_winners(state, seats), state.points, "round-limit")
    return None
