"""Sinoda play: legal changes and moves (section 5), applying them, and the end and scoring rules (section 6)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, cast

from i18n import _, ngettext
from rules.base import Action, IllegalAction, Outcome, one_of
from rules.sinoda.board import Board, board_for
from rules.sinoda.notation import no_cell
from rules.sinoda.state import (
    SEAT_NAMES,
    TEAM_MODES,
    Change,
    Facts,
    Last,
    Move,
    Piece,
    SinodaState,
    facts,
    team_by_seat,
)

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
def _piece_memo(board: Board) -> dict[tuple[int, int, int, int], tuple[Action, ...]]:
    """Per board: (origin, value, occupied cells its paths cross, teammates' cells among its targets) -> actions."""
    return {}


class _Tables:
    """One board's tables, looked up once per call by player count (the `cache`d lookups cost a hash each)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.labels = board.labels
        self.index = board.index
        self.routes = routes_from(board)
        self.up, self.down, self.steps = actions_on(board)
        self.known = _piece_memo(board)
        # pieces[origin][value]: the cells its paths cross, its targets, its changes, and per target in label order
        # (its bit, the move, the cells each of its paths crosses): what `legal_actions` reads. No piece is worth 0:
        # that row (its only path is the cell itself) keeps [value] indexing and lists no move.
        self.pieces: tuple[tuple[tuple[int, int, tuple[Change, ...], tuple[tuple[int, Move, tuple[int, ...]], ...]],
                                 ...], ...] = tuple(
            tuple((relevant, reach,
                   ((self.up[origin],) if value < MAX_VALUE else ()) + ((self.down[origin],) if value > 1 else ()),
                   tuple((1 << target, self.steps[origin, target], tuple(crossed for _, crossed in paths))
                         for target, paths in groups) if value else ())
                  for value, (relevant, groups, reach) in enumerate(per_value))
            for origin, per_value in enumerate(self.routes))
        # paths_to[origin][value][target]: that target's paths in board order, as (cells crossed mask, labels).
        self.paths_to: tuple[tuple[dict[int, tuple[tuple[int, tuple[str, ...]], ...]], ...], ...] = tuple(
            tuple({target: tuple((crossed, tuple(board.labels[c] for c in path)) for path, crossed in paths)
                   for target, paths in groups} for _, groups, _ in per_value)
            for per_value in self.routes)


_TABLES: dict[int, _Tables] = {players: _Tables(board_for(players)) for players in (2, 3, 4, 6)}
# Per team mode, each seat's team (a team mode fixes the player count): a plain lookup on every move.
_TEAMS: dict[str, tuple[tuple[int, ...], ...]] = {
    mode: team_by_seat(count, mode) for mode, (count, _) in TEAM_MODES.items()}


def clear_paths(board: Board, origin: int, value: int, occ: int) -> dict[int, tuple[int, ...]]:
    """Targets a piece of `value` on `origin` reaches by a path through empty cells (whoever is on the target), in
    label order, each with its first such path in board order (for refusals and tests: play looks up one target)."""
    found = {}
    for target, paths in routes_from(board)[origin][value][1]:
        path = next((path for path, crossed in paths if not crossed & occ), None)
        if path is not None:
            found[target] = path
    return found


def occupied(state: SinodaState) -> int:
    """The occupied cells as a bit mask."""
    return facts(state).occupied


def _piece_on(state: SinodaState, origin: int) -> Piece:
    piece = state.cells[origin]
    if piece is None:
        raise ValueError(f"no piece on cell {origin}")
    return piece


def targets(state: SinodaState, origin: int) -> list[int]:
    """Where the piece on `origin` may end its move, in label order: a path of exactly its value through empty
    cells, ending on an empty cell or an enemy piece."""
    cells = state.cells
    seat, value = _piece_on(state, origin)
    team = state.team(seat)
    return [t for t in clear_paths(state.board, origin, value, occupied(state))
            if (occupant := cells[t]) is None or occupant[0] not in team]


def first_path(state: SinodaState, origin: int, target: int) -> tuple[int, ...]:
    """The first path in board order from `origin` to a target it may reach (one of `targets`)."""
    found = clear_paths(state.board, origin, _piece_on(state, origin)[1], occupied(state)).get(target)
    if found is None:
        raise ValueError(f"no path from cell {origin} to cell {target}")
    return found


def legal_actions(state: SinodaState, seat: int) -> list[Action]:
    """Per own piece in label order: +, -, then moves by destination in label order."""
    memo = state.__dict__
    if (memo["_outcome"] if "_outcome" in memo else outcome(state)) is not None or state.turn != seat:
        return []
    occ, masks, _ = memo.get("_facts") or facts(state)
    tables = _TABLES[state.players]
    pieces, known, cells = tables.pieces, tables.known, state.cells
    if TYPE_CHECKING:  # for the checker only, no call in this hot path: the loop reads a cell only where masks[seat]
        # has its bit, and those cells hold the seat's pieces (`facts` counts the masks from the cells)
        cells = cast("tuple[Piece, ...]", cells)
    if state.teams == "none":
        mates = masks[seat]
    else:
        mates = 0
        for mate in _TEAMS[state.teams][seat]:
            mates |= masks[mate]
    actions: list[Action] = []
    mine = masks[seat]
    while mine:  # the seat's cells from the lowest bit up: label order
        low = mine & -mine
        mine ^= low
        origin = low.bit_length() - 1
        value = cells[origin][1]
        # A piece's actions depend only on its value, the cells its paths cross and which targets hold teammates.
        relevant, reach, changes, routes = pieces[origin][value]
        key = (origin, value, occ & relevant, mates & reach)
        found = known.get(key)
        if found is None:
            listed: list[Action] = list(changes)
            for bit, move, crossings in routes:
                if not mates & bit:
                    for crossed in crossings:
                        if not crossed & occ:
                            listed.append(move)
                            break
            found = tuple(listed)
            if len(known) > MEMO_LIMIT:
                known.clear()
            known[key] = found
        actions += found
    return actions


def _own_piece(state: SinodaState, label: str, seat: int) -> tuple[int, Piece]:
    """The cell named `label` and `seat`'s piece on it, or IllegalAction."""
    board = state.board
    if label not in board.index:
        raise IllegalAction(no_cell(board, label), code="E_NO_CELL")
    origin = board.index[label]
    piece = state.cells[origin]
    if piece is not None and piece[0] == seat:
        return origin, piece
    mine = one_of(board.labels[i] for i in state.pieces_of(seat))
    if piece is None:
        why = _("{cell} is empty — your pieces are on {cells}", cell=label, cells=mine)
    elif piece[0] in state.team(seat):
        owner = _(SEAT_NAMES[piece[0]])
        why = _("{cell} is your teammate {colour}'s piece, which only they may change or move — your pieces are on "
                "{cells}", cell=label, colour=owner, cells=mine)
    else:
        owner = _(SEAT_NAMES[piece[0]])
        why = _("{cell} is {colour}'s piece, not yours — your pieces are on {cells}", cell=label, colour=owner,
                cells=mine)
    raise IllegalAction(why, code="E_NOT_YOURS")


_new = object.__new__
_set = object.__setattr__
_tuple = tuple.__new__


def _last(seat: int, kind: str, cell: str, target: str | None, path: tuple[str, ...], value: int,
          captured: Piece | None) -> Last:
    """`Last(...)` without the frozen dataclass's __init__ (a third of a move's time): the same fields, equal."""
    last = _new(Last)
    _set(last, "__dict__", {"seat": seat, "kind": kind, "cell": cell, "target": target, "path": path, "value": value,
                            "captured": captured})
    return last


def _next(state: SinodaState, seat: int, cells: tuple[Piece | None, ...], points: tuple[int, ...],
          caps: tuple[int, ...], captured: tuple[tuple[int, ...] | None, ...], last: Last, known: Facts,
          check: str) -> SinodaState:
    """The state after `seat`'s change or move in a running game, built without __init__ (a frozen dataclass sets
    each field through object.__setattr__), its `Facts` carried and its outcome decided here, once.

    `check` says what the action can have changed: "capture" (anything: the whole end test), "change" (one
    piece's value: only the mover's Win by Sinoda) or "move" (nothing the end test reads). The round limit is
    checked every time."""
    after = _new(SinodaState)
    players, limit, actions = state.players, state.round_limit, state.actions + 1
    memo = {"players": players, "cells": cells, "turn": (seat + 1) % players, "points": points, "caps": caps,
            "actions": actions, "teams": state.teams, "round_limit": limit, "sinoda_win": state.sinoda_win,
            "resigned": state.resigned, "captured": captured, "last": last, "_facts": known, "_outcome": None}
    _set(after, "__dict__", memo)
    if check == "capture" or (limit is not None and actions >= limit * players) or (
            check == "change" and players == 2 and state.sinoda_win
            and points[seat] > points[1 - seat] + known[2][seat]):
        memo["_outcome"] = _outcome(after)
    return after


def play(state: SinodaState, action: Change | Move, seat: int) -> SinodaState:
    """Apply a change or move by `seat` (whose turn it is in a running game), or raise IllegalAction."""
    tables = _TABLES[state.players]
    cells = state.cells
    if type(action) is Move:
        origin, target = tables.index.get(action.origin), tables.index.get(action.target)
        if origin is not None and target is not None:
            piece = cells[origin]
            if piece is not None and piece[0] == seat:
                occupant = cells[target]
                if occupant is None or (occupant[0] != seat and (state.teams == "none"
                                                                 or occupant[0] not in _TEAMS[state.teams][seat])):
                    occ, masks, sums = state.__dict__.get("_facts") or facts(state)
                    value = piece[1]
                    for crossed, path in tables.paths_to[origin][value].get(target, ()):
                        if not crossed & occ:
                            return _moved(state, seat, origin, target, piece, occupant, path, occ, masks, sums)
    elif type(action) is Change:
        origin = tables.index.get(action.cell)
        if origin is not None:
            piece = cells[origin]
            if piece is not None and piece[0] == seat and action.delta in (1, -1) \
                    and 1 <= piece[1] + action.delta <= MAX_VALUE:
                occ, masks, sums = state.__dict__.get("_facts") or facts(state)
                value = piece[1] + action.delta
                changed = list(cells)
                changed[origin] = (seat, value)
                seat_sums = list(sums)
                seat_sums[seat] += action.delta
                last = _last(seat, "change", action.cell, None, (), value, None)
                return _next(state, seat, tuple(changed), state.points, state.caps, state.captured, last,
                             _tuple(Facts, (occ, masks, tuple(seat_sums))), "change")
    return _checked_play(state, action, seat)


def _moved(state: SinodaState, seat: int, origin: int, target: int, piece: Piece, occupant: Piece | None,
           path: tuple[str, ...], occ: int, masks: tuple[int, ...], sums: tuple[int, ...]) -> SinodaState:
    """The state after `seat` moved `piece` from `origin` along `path` to `target` (a legal move)."""
    cells = list(state.cells)
    cells[origin] = None
    cells[target] = piece
    seat_masks = list(masks)
    seat_masks[seat] ^= (1 << origin) | (1 << target)
    labels = _TABLES[state.players].labels
    if occupant is None:
        known = _tuple(Facts, (occ ^ (1 << origin) ^ (1 << target), tuple(seat_masks), sums))
        last = _last(seat, "move", labels[origin], labels[target], path, piece[1], None)
        return _next(state, seat, tuple(cells), state.points, state.caps, state.captured, last, known, "move")
    loser, taken = occupant
    seat_masks[loser] ^= 1 << target
    seat_sums = list(sums)
    seat_sums[loser] -= taken
    known = _tuple(Facts, (occ ^ (1 << origin), tuple(seat_masks), tuple(seat_sums)))
    points, caps, captured = list(state.points), list(state.caps), list(state.captured)
    points[seat] += taken
    caps[seat] += 1
    mine = captured[seat]
    if mine is not None:
        captured[seat] = (*mine, taken)
    last = _last(seat, "move", labels[origin], labels[target], path, piece[1], occupant)
    return _next(state, seat, tuple(cells), tuple(points), tuple(caps), tuple(captured), last, known, "capture")


def _checked_play(state: SinodaState, action: Change | Move, seat: int) -> SinodaState:
    """`play` step by step, each refusal with its message and code (the fast path above takes every legal one)."""
    board = state.board
    if isinstance(action, Change):
        origin, (_owner, value) = _own_piece(state, action.cell, seat)
        if action.delta not in (1, -1):
            raise IllegalAction(_("a change turns a piece by exactly 1, up (+) or down (-)"), code="E_RANGE")
        new = value + action.delta
        if not 1 <= new <= MAX_VALUE:
            if new > MAX_VALUE:
                why = _("{cell} is already a {value} — values do not wrap and cannot go above 4", cell=action.cell,
                        value=value)
            else:
                why = _("{cell} is already a {value} — values do not wrap and cannot go below 1", cell=action.cell,
                        value=value)
            raise IllegalAction(why, code="E_RANGE")
        cells = list(state.cells)
        cells[origin] = (seat, new)
        last = Last(seat, "change", cell=action.cell, value=new)
        return _after(state, tuple(cells), state.points, state.caps, state.captured, last)
    origin, (_owner, value) = _own_piece(state, action.origin, seat)
    if action.target not in board.index:
        raise IllegalAction(no_cell(board, action.target), code="E_NO_CELL")
    target = board.index[action.target]
    occupant = state.cells[target]
    routes = targets(state, origin)
    if target not in routes:
        move = f"{action.origin}-{action.target}"
        if target == origin:
            why = _("{move}: a piece cannot end where it started (no cell may be revisited)", move=move)
        elif occupant is not None and occupant[0] == seat:
            why = _("{move}: {cell} holds your own piece, and a move cannot end there", move=move, cell=action.target)
        elif occupant is not None and occupant[0] in state.team(seat):
            mate = _(SEAT_NAMES[occupant[0]])
            why = _("{move}: {cell} holds your teammate {colour}'s piece, and teammates cannot capture each other",
                    move=move, cell=action.target, colour=mate)
        elif routes:
            why = ngettext("{move}: {cell} is a {n} and must move exactly {n} step across edges, through empty "
                           "cells, never revisiting one; it can reach {cells}",
                           "{move}: {cell} is a {n} and must move exactly {n} steps across edges, through empty "
                           "cells, never revisiting one; it can reach {cells}", value, move=move, cell=action.origin,
                           cells=one_of(board.labels[t] for t in routes))
        else:
            why = ngettext("{move}: {cell} is a {n} and must move exactly {n} step across edges, through empty "
                           "cells, never revisiting one; it can reach nowhere",
                           "{move}: {cell} is a {n} and must move exactly {n} steps across edges, through empty "
                           "cells, never revisiting one; it can reach nowhere", value, move=move, cell=action.origin)
        raise IllegalAction(why, code="E_NO_PATH")
    cells = list(state.cells)
    cells[origin] = None
    cells[target] = (seat, value)
    points, caps, captured = list(state.points), list(state.caps), list(state.captured)
    if occupant is not None:
        points[seat] += occupant[1]
        caps[seat] += 1
        mine = captured[seat]
        if mine is not None:
            captured[seat] = (*mine, occupant[1])
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
    return memo["_outcome"]


def _outcome(state: SinodaState) -> Outcome | None:
    seats = range(state.players)
    if state.resigned is not None:
        losers = state.team(state.resigned)
        winners = ranked_winners(state, [s for s in seats if s not in losers])
        return Outcome(winners, state.points, "resign")
    # The three stated end conditions (all down to one piece, someone without pieces, six captures), then Win by
    # Sinoda (2 players: points > rival's points + own values on the board), from the carried facts.
    _, masks, sums = state.__dict__.get("_facts") or facts(state)
    counts = [mask.bit_count() for mask in masks]
    if max(counts) == 1 or min(counts) == 0 or max(state.caps) >= CAPTURES_TO_END:
        return Outcome(ranked_winners(state, list(seats)), state.points, "end")
    if state.players == 2 and state.sinoda_win:
        points = state.points
        for seat in (0, 1):
            if points[seat] > points[1 - seat] + sums[seat]:
                return Outcome(frozenset({seat}), points, "sinoda")
    if state.round_limit is not None and state.actions >= state.round_limit * state.players:
        return Outcome(ranked_winners(state, list(seats)), state.points, "round-limit")
    return None
