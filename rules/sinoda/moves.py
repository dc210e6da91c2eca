"""Sinoda play: legal changes and moves (section 5), applying them, and the end and scoring rules (section 6)."""

from __future__ import annotations

from dataclasses import replace

from rules.base import Action, IllegalAction, Outcome, one_of
from rules.sinoda.state import SEAT_NAMES, Change, Last, Move, SinodaState

MAX_VALUE = 4
CAPTURES_TO_END = 6


# ---- moves --------------------------------------------------------------------------------------------------

def reachable(state: SinodaState, origin: int) -> dict[int, tuple[int, ...]]:
    """Where the piece on `origin` may end its move, each with the first path (in board order) that gets there."""
    piece = state.cells[origin]
    assert piece is not None
    seat, value = piece
    team = state.team(seat)
    cells = state.cells
    found: dict[int, tuple[int, ...]] = {}
    for path in state.board.paths[origin][value]:
        target = path[-1]
        if target in found:
            continue
        occupant = cells[target]
        if occupant is not None and occupant[0] in team:
            continue
        if any(cells[c] is not None for c in path[1:-1]):
            continue
        found[target] = path
    return found


def legal_actions(state: SinodaState, seat: int) -> list[Action]:
    """Per own piece in label order: +, -, then moves by destination in label order."""
    if outcome(state) is not None or state.turn != seat:
        return []
    labels = state.board.labels
    actions: list[Action] = []
    for origin in state.pieces_of(seat):
        value = state.cells[origin][1]  # type: ignore[index]
        if value < MAX_VALUE:
            actions.append(Change(labels[origin], 1))
        if value > 1:
            actions.append(Change(labels[origin], -1))
        actions.extend(Move(labels[origin], labels[t]) for t in sorted(reachable(state, origin)))
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
        return replace(state, cells=tuple(cells), turn=(seat + 1) % state.players, actions=state.actions + 1,
                       last=last)
    origin = _own_piece(state, action.origin, seat)
    value = state.cells[origin][1]  # type: ignore[index]
    if action.target not in board.index:
        raise IllegalAction(f"there is no cell {action.target} on the {board.name} board", code="E_NO_CELL")
    target = board.index[action.target]
    occupant = state.cells[target]
    routes = reachable(state, origin)
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
            options = one_of(board.labels[t] for t in sorted(routes)) if routes else "nowhere"
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
                path=tuple(board.labels[c] for c in routes[target]), value=value, captured=occupant)
    return replace(state, cells=tuple(cells), turn=(seat + 1) % state.players, points=tuple(points),
                   caps=tuple(caps), actions=state.actions + 1, captured=tuple(captured), last=last)


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


def sinoda_leader(state: SinodaState) -> int | None:
    """The 2-player seat that can no longer be overtaken: points > rival's points + own values on the board."""
    if state.players != 2 or not state.sinoda_win:
        return None
    on_board = [0, 0]
    for piece in state.cells:
        if piece is not None:
            on_board[piece[0]] += piece[1]
    for seat in (0, 1):
        if state.points[seat] > state.points[1 - seat] + on_board[seat]:
            return seat
    return None


def game_ended(state: SinodaState) -> bool:
    """The three stated end conditions: all down to one piece, someone without pieces, six captures."""
    counts = state.piece_counts()
    return (all(c == 1 for c in counts) or any(c == 0 for c in counts)
            or any(c >= CAPTURES_TO_END for c in state.caps))


def outcome(state: SinodaState) -> Outcome | None:
    """Checked in the spec's order: resignation, game end, Win by Sinoda, round limit."""
    seats = list(range(state.players))
    if state.resigned is not None:
        losers = state.team(state.resigned)
        winners = ranked_winners(state, [s for s in seats if s not in losers])
        return Outcome(winners, state.points, "resign")
    if game_ended(state):
        return Outcome(ranked_winners(state, seats), state.points, "end")
    leader = sinoda_leader(state)
    if leader is not None:
        return Outcome(frozenset({leader}), state.points, "sinoda")
    if state.round_limit is not None and state.actions >= state.round_limit * state.players:
        return Outcome(ranked_winners(state, seats), state.points, "round-limit")
    return None
