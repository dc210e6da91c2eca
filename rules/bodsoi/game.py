"""The Bodsoi `Game`: turns, draws, placements, endings and scoring (spec sections 4-7), views and hidden hands."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import chain, compress, repeat
from typing import Any, ClassVar

from i18n import _
from rules.base import RESIGN, Action, Game, IllegalAction, Option, Outcome, Resign, evolve, one_of
from rules.bodsoi.board import LABELS, NEIGHBOURS, SQUARES, opposite
from rules.bodsoi.notation import read_action
from rules.bodsoi.paths import analyse, bodsoi_through, compare
from rules.bodsoi.state import (
    AXES,
    LINKS,
    PASS,
    SEAT_LABELS,
    SEAT_NAMES,
    SIDE_NAMES,
    BodsoiState,
    Draw,
    Pass,
    Place,
    Placed,
    action_text,
    parse_position,
    position_text,
    side_of,
    state_from_json,
    state_to_json,
    step_for,
)
from rules.bodsoi.tiles import (
    COLOURS,
    EDGE_CODES,
    FULL_SET,
    SIDE_LETTERS,
    SYMBOLS,
    TILE_NAMES,
    TILE_TYPES,
    drawn,
    quarters_of,
    symbol_of,
)

# Per tile: its distinct quarter turns in plain character order of their notation ("0" < "180" < "270" < "90"). Names
# and labels have one width and go in that order too, so tile, then square, then this order is notation order.
NOTATION_QUARTERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(quarters_of(t), key=lambda q: str(q * 90))) for t in range(TILE_TYPES))
# FITTING[colour][tile][side][code]: a bit per orientation (by its place in NOTATION_QUARTERS) that shows edge `code`
# on `side`, where `code` is in `colour` (else 0): an orientation fits next to tiles when it shows, on a side facing
# one, the code that tile shows back in the placer's colour (section 5).
FITTING: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(sum(1 << k for k, q in enumerate(NOTATION_QUARTERS[t]) if EDGE_CODES[t][q][d] == code)
                      if code // 5 == colour else 0 for code in range(10)) for d in range(4))
          for t in range(TILE_TYPES))
    for colour in (0, 1))
# Per mask of those bits: which of a square's placements it keeps, for `itertools.compress`.
SELECTED: tuple[tuple[bool, ...], ...] = tuple(tuple(bool(mask >> k & 1) for k in range(4)) for mask in range(16))
# Per square: each side that faces another square, as (side, that square, its side facing back).
FACING: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((d, j, opposite(d)) for d, j in enumerate(NEIGHBOURS[square]) if j >= 0) for square in range(SQUARES))
DRAWS: tuple[Draw, ...] = tuple(Draw(t) for t in range(TILE_TYPES))


@cache
def placements(tile: int) -> tuple[tuple[Place, ...], ...]:
    """Per square: `tile`'s placements there, in notation order. Made at first use, once per tile: most processes
    that import the rules never list a Bodsoi move, and making all 9,600 at import took tens of milliseconds."""
    return tuple(tuple(Place(tile, square, q) for q in NOTATION_QUARTERS[tile]) for square in range(SQUARES))


# Kept in a state's __dict__ beside the frozen fields (never compared; `evolve` leaves them behind, `_marked` carries
# them to the next state): that its board holds no Bodsoi (every state `apply` returns while the game runs), so the
# next placement checks only the chains through the new tile; and the board's `facing_edges`, so listing moves in
# the next state updates the squares around one new tile instead of looking at every square again.
_NO_BODSOI = "_no_bodsoi"
_FACING_EDGES = "_facing_edges"

FacingEdges = tuple[tuple[tuple[int, int], ...] | None, ...]


def _marked(before: BodsoiState, after: BodsoiState, checked: bool = False, place: Place | None = None
            ) -> BodsoiState:
    """`after` with what `before` knew of its board: `after` has the same board, or one more tile (`place`, whose
    chains were `checked`). The no-Bodsoi mark also when `checked` just now."""
    known = before.__dict__
    if checked or known.get(_NO_BODSOI):
        after.__dict__[_NO_BODSOI] = True
    facing: FacingEdges | None = known.get(_FACING_EDGES)
    if facing is not None:
        after.__dict__[_FACING_EDGES] = facing if place is None else _with_tile(facing, place)
    return after


def _with_tile(facing: FacingEdges, place: Place) -> FacingEdges:
    """`facing_edges` after `place`: its square is taken, and each empty neighbour faces one more edge."""
    after = list(facing)
    after[place.square] = None
    codes = EDGE_CODES[place.tile][place.quarter]
    for d, j, back in FACING[place.square]:
        edges = after[j]
        if edges is not None:
            after[j] = (*edges, (back, codes[d]))
    return tuple(after)


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


def touching(board: tuple[Placed | None, ...], square: int) -> tuple[tuple[int, int], ...]:
    """The edges of the tiles next to `square`, as (side of `square`, the edge code the tile shows there)."""
    edges = []
    for d, j, back in FACING[square]:
        other = board[j]
        if other is not None:
            edges.append((d, EDGE_CODES[other[0]][other[1]][back]))
    return tuple(edges)


def facing_edges(state: BodsoiState) -> FacingEdges:
    """Per square: None where a tile lies, else the `touching` edges (none: a tile goes there in any orientation).
    Worked out once for a game's first listing of moves, then carried from state to state (`_marked`)."""
    known = state.__dict__
    facing: FacingEdges | None = known.get(_FACING_EDGES)
    if facing is None:
        board = state.board
        facing = known[_FACING_EDGES] = tuple(None if board[square] is not None else touching(board, square)
                                              for square in range(SQUARES))
    return facing


def fits(state: BodsoiState, place: Place, colour: int) -> bool:
    """The matching rule (section 5): alone, or one shared edge in the placer's colour with the same symbol."""
    edges = touching(state.board, place.square)
    codes = EDGE_CODES[place.tile][place.quarter]
    return not edges or any(codes[d] == code and code // 5 == colour for d, code in edges)


class Bodsoi(Game):
    name = "bodsoi"
    title = "Bodsoi"
    goal = (
        "Join two opposite edges of the board with a path of your colour. Each turn draw a tile and place one "
        "next to a matching band of your colour, or pass.")
    player_counts = (2, 4)
    options: ClassVar[dict[str, Option]] = {
        "axes": Option("any-axis", AXES, "any-axis: a Bodsoi may cross N-S or W-E; fixed-axes: Blue N-S, Yellow "
                                         "W-E (also limits anchors for scoring)"),
        "links": Option("colour", LINKS, "colour: bands of one colour link across any edge; symbol: only where "
                                         "the symbols match too"),
    }

    # ---- set-up -----------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, str] | None = None) -> BodsoiState:
        opts = self.check_options(players, options)
        return BodsoiState(players=players, axes=opts["axes"], links=opts["links"], board=(None,) * SQUARES,
                           to=0, step="draw", ending=None, hands=((),) * players, bag=FULL_SET, idle=0)

    def players(self, state: BodsoiState) -> int:
        return state.players

    def seat_name(self, state: BodsoiState, seat: int) -> str:
        return _(SEAT_NAMES[state.players][seat])


    # ---- results in words -------------------------------------------------------------------------------------
    reason_codes: ClassVar[tuple[str, ...]] = ("bodsoi", "full", "stall", "empty", "resign")

    def teams(self, view: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        players = int(view.get("players") or 2)
        if players < 4:
            return []
        return [(_(name), tuple(s for s in range(players) if side_of(s) == side))
                for side, name in enumerate(SIDE_NAMES)]

    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        reason, won = outcome.get("reason"), list(outcome.get("winners") or [])
        if reason == "resign":
            last = view.get("last") or {}
            names = [_(str(name)) for name in view.get("seat_names") or []]  # as made in any language
            seat = last.get("seat") if last.get("kind") == "resign" else None
            if seat is not None and seat < len(names):
                return _("{colour} resigned", colour=names[seat])
            return _("A player resigned")
        if reason == "bodsoi":
            if won:
                side = _(SIDE_NAMES[side_of(won[0])])
                return _("{side} made a Bodsoi, a path joining opposite edges", side=side)
            return _("A side made a Bodsoi, a path joining opposite edges")
        turns = view.get("players")
        if won:
            found = {"full": _("The board is full; best paths compared"),
                     "stall": _("Nobody could or would place a tile for {n} turns; best paths compared", n=turns),
                     "empty": _("The bag and every hand are empty; best paths compared")}.get(str(reason))
        else:
            found = {"full": _("The board is full; best paths compared and equal"),
                     "stall": _("Nobody could or would place a tile for {n} turns; best paths compared and equal",
                                n=turns),
                     "empty": _("The bag and every hand are empty; best paths compared and equal")}.get(str(reason))
        return found or super().reason_text(view, outcome, names)

    # ---- whose turn ---------------------------------------------------------------------------------------------
    def actors(self, state: BodsoiState) -> frozenset[int]:
        if state.ending is not None or state.step == "draw" or state.to is None:
            return frozenset()
        return frozenset((state.to,))

    def chance_outcomes(self, state: BodsoiState) -> list[tuple[Action, float]]:
        if state.ending is not None or state.step != "draw":
            return []
        size = state.bag_size
        return [(draw, n / size) for draw, n in zip(DRAWS, state.bag, strict=True) if n]

    def legal_actions(self, state: BodsoiState, seat: int) -> list[Action]:
        """`pass` and every legal placement, in plain character order of their notation."""
        if seat not in self.actors(state):
            return []
        found: list[Action] = [PASS]
        empty = [(square, edges) for square, edges in enumerate(facing_edges(state)) if edges is not None]
        by_tile = FITTING[side_of(seat)]
        for t in sorted(set(state.hands[seat])):  # tile, square, quarter: made in notation order, never sorted
            here = placements(t)
            fitting = by_tile[t]
            for square, edges in empty:
                if not edges:
                    found.extend(here[square])
                    continue
                mask = 0
                for d, code in edges:
                    mask |= fitting[d][code]
                if mask:
                    found.extend(compress(here[square], SELECTED[mask]))
        return found

    def automatic_action(self, state: BodsoiState) -> tuple[int, Action] | None:
        """An empty hand can only pass (section 5). A hand whose tiles all fit nowhere still passes by its player's
        own hand: a server pass would tell everyone a fact about tiles only that player may see."""
        actors = self.actors(state)
        if not actors:
            return None
        seat = next(iter(actors))
        if not state.hands[seat]:
            return seat, PASS
        return None

    # ---- applying ---------------------------------------------------------------------------------------------
    def check(self, state: BodsoiState, action: Action, seat: int | None) -> None:
        """Raise `IllegalAction` (with the spec's code) unless `seat` may take `action` now."""
        if state.ending is not None:
            raise _refuse("E_OVER", _("the game is over"))
        if isinstance(action, Resign):
            if seat is None or not 0 <= seat < state.players:
                raise _refuse("E_TURN", _("only a seated player may resign"))
            return
        if isinstance(action, Draw):
            if seat is not None:
                raise _refuse("E_TURN", _("the server draws the tiles; place a tile or pass"))
            if state.step != "draw":
                raise _refuse("E_TURN", _("no draw is due now"))
            if not state.bag[action.tile]:
                raise _refuse("E_NOT_IN_HAND", _("the bag holds no {tile}", tile=TILE_NAMES[action.tile]))
            return
        if not isinstance(action, Place | Pass):
            raise _refuse("E_TURN", _("{action} is not a Bodsoi action", action=repr(action)))
        assert state.to is not None
        if seat != state.to:
            mover = _(SEAT_NAMES[state.players][state.to])
            raise _refuse("E_TURN", _("it is {colour}'s turn", colour=mover))
        if state.step == "draw":
            raise _refuse("E_TURN", _("your draw for this turn has not been made yet"))
        if isinstance(action, Pass):
            return
        hand = state.hands[seat]
        tile = TILE_NAMES[action.tile]
        if action.tile not in hand:
            if hand:
                why = _("you hold no {tile} — your hand: {tiles}", tile=tile,
                        tiles=", ".join(TILE_NAMES[t] for t in sorted(set(hand))))
            else:
                why = _("you hold no {tile} — your hand is empty", tile=tile)
            raise _refuse("E_NOT_IN_HAND", why)
        occupant = state.board[action.square]
        if occupant is not None:
            raise _refuse("E_OCCUPIED", _("{square} already holds {tile} — choose an empty square",
                                          square=LABELS[action.square], tile=TILE_NAMES[occupant[0]]))
        colour = side_of(seat)
        if not fits(state, action, colour):
            square = LABELS[action.square]
            rotations = [str(q * 90) for q in quarters_of(action.tile)
                         if fits(state, Place(action.tile, action.square, q), colour)]
            symbol = SYMBOLS[symbol_of(action.tile, colour)]
            fields = {"tile": tile, "square": square, "rotation": action.quarter * 90, "symbol": symbol}
            if rotations and colour == 0:
                why = _("{tile} on {square} at {rotation} touches tiles but matches none in blue {symbol}; {tile} "
                        "fits there at {rotations}", rotations=one_of(rotations), **fields)
            elif rotations:
                why = _("{tile} on {square} at {rotation} touches tiles but matches none in yellow {symbol}; {tile} "
                        "fits there at {rotations}", rotations=one_of(rotations), **fields)
            elif colour == 0:
                why = _("{tile} on {square} at {rotation} touches tiles but matches none in blue {symbol}; {tile} "
                        "matches no blue edge there in any rotation", **fields)
            else:
                why = _("{tile} on {square} at {rotation} touches tiles but matches none in yellow {symbol}; {tile} "
                        "matches no yellow edge there in any rotation", **fields)
            raise _refuse("E_NO_MATCH", why)

    def apply(self, state: BodsoiState, action: Action, seat: int | None = None) -> BodsoiState:
        self.check(state, action, seat)
        if isinstance(action, Resign):
            assert seat is not None
            return evolve(state, to=None, step=None, ending=f"resign:{state.seat_label(seat)}",
                           last=(seat, RESIGN))
        if isinstance(action, Draw):
            to = state.to
            assert to is not None
            bag = list(state.bag)
            bag[action.tile] -= 1
            dealt = list(state.hands)
            dealt[to] = tuple(sorted((*dealt[to], action.tile)))
            return _marked(state, evolve(state, step="drew", hands=tuple(dealt), bag=tuple(bag)))

        to = state.to
        assert to is not None
        board, hands, placers, last_place = state.board, state.hands, state.placers, state.last_place
        placed = isinstance(action, Place)
        if isinstance(action, Place):
            cells = list(board)
            cells[action.square] = (action.tile, action.quarter)
            board = tuple(cells)
            who = list(placers)
            who[action.square] = to
            placers = tuple(who)
            held = list(hands[to])
            held.remove(action.tile)
            hands = (*hands[:to], tuple(held), *hands[to + 1:])
            last_place = action.square
        idle = 0 if placed or state.step == "drew" else state.idle + 1
        bag_size = state.bag_size  # a placement or a pass leaves the bag as it was

        ending = None
        if placed:
            assert isinstance(action, Place)
            found: tuple[bool, ...]
            if state.__dict__.get(_NO_BODSOI):  # only the chains through the new tile can have become one
                found = bodsoi_through(board, state.axes, state.links, action.square)
            else:  # a board read from text may already hold one
                found = tuple(path is not None for path in analyse(board, state.axes, state.links).bodsoi)
            mine = side_of(to)
            if found[mine]:
                ending = f"bodsoi:{SIDE_LETTERS[mine]}"  # the placer wins when both colours complete one
            elif found[1 - mine]:
                ending = f"bodsoi:{SIDE_LETTERS[1 - mine]}"
        if ending is None:
            if None not in board:
                ending = "full"
            elif idle >= state.players:
                ending = "stall"
            elif bag_size == 0 and not any(hands):
                ending = "empty"
        # One new state, not one for the move and another for the turn: a search applies thousands of moves.
        played = {"board": board, "hands": hands, "placers": placers, "last_place": last_place, "idle": idle,
                  "turns": state.turns + 1, "last": (to, action)}
        if ending is not None:
            return evolve(state, **played, to=None, step=None, ending=ending)
        nxt = (to + 1) % state.players
        # no Bodsoi: checked just now, or known before a pass; the facing edges: one tile more, or as they were
        after = evolve(state, **played, to=nxt, step=step_for(len(hands[nxt]), bag_size))
        return _marked(state, after, placed, action if isinstance(action, Place) else None)

    def outcome(self, state: BodsoiState) -> Outcome | None:
        if state.ending is None:
            return None
        kind, _, who = state.ending.partition(":")
        seats = range(state.players)
        if kind == "bodsoi":
            side = SIDE_LETTERS.index(who)
            return Outcome(frozenset(s for s in seats if side_of(s) == side), None, "bodsoi")
        if kind == "resign":
            loser = side_of(SEAT_LABELS[state.players].index(who))
            return Outcome(frozenset(s for s in seats if side_of(s) != loser), None, "resign")
        scores = analyse(state.board, state.axes, state.links).scores
        winner = compare(scores[0], scores[1])
        winners = frozenset() if winner is None else frozenset(s for s in seats if side_of(s) == winner)
        best = tuple(scores[side_of(s)][0] if scores[side_of(s)] else 0 for s in seats)
        return Outcome(winners, best, kind)

    # ---- text -------------------------------------------------------------------------------------------------
    def parse(self, state: BodsoiState, text: str, seat: int) -> Action:
        action = read_action(" ".join(text.split()))
        self.check(state, action, seat)
        return action

    def notation(self, state: BodsoiState, action: Action) -> str:
        return action_text(action)

    def describe(self, before: BodsoiState, action: Action, after: BodsoiState) -> str:
        """The action in words, in the language spoken: 'Blue placed C-su-mo on d4 at 90°'."""
        names = SEAT_NAMES[before.players]
        who = _(names[before.to or 0])
        if isinstance(action, Draw):
            return _("{colour} drew a tile", colour=who)
        if isinstance(action, Resign):
            label = (after.ending or "").partition(":")[2]
            labels = SEAT_LABELS[before.players]
            resigner = _(names[labels.index(label)]) if label in labels else ""
            text = _("{colour} resigned", colour=resigner) if resigner else _("resigned")
        elif isinstance(action, Place):
            text = _("{colour} placed {tile} on {square} at {rotation}°", colour=who, tile=TILE_NAMES[action.tile],
                     square=LABELS[action.square], rotation=action.quarter * 90)
        else:
            text = _("{colour} passed", colour=who)
        result = self.outcome(after)
        if result is None:
            return text
        winners = sorted(result.winners)
        side = _(SIDE_NAMES[side_of(winners[0])]) if winners else ""
        if result.reason == "resign":
            return _("{action} — {side} wins", action=text, side=side) if side else _("{action} — a draw", action=text)
        if not side:
            return {"bodsoi": _("{action} — Bodsoi! a draw", action=text),
                    "full": _("{action} — the board is full: a draw", action=text),
                    "stall": _("{action} — nobody can or will play: a draw", action=text),
                    }.get(result.reason) or _("{action} — no tiles are left: a draw", action=text)
        return {"bodsoi": _("{action} — Bodsoi! {side} wins", action=text, side=side),
                "full": _("{action} — the board is full: {side} wins", action=text, side=side),
                "stall": _("{action} — nobody can or will play: {side} wins", action=text, side=side),
                }.get(result.reason) or _("{action} — no tiles are left: {side} wins", action=text, side=side)

    def log_text(self, state: BodsoiState, action: Action, viewer: int | None) -> str:
        """Draws are secret: only the drawer (or anyone once the game has ended) reads the tile."""
        if isinstance(action, Draw) and state.ending is None and viewer != state.to:
            return "draw ?"
        return self.notation(state, action)

    # ---- views and hidden information --------------------------------------------------------------------------
    def view(self, state: BodsoiState, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: the public) may know, JSON-safe. Keys:

        - game, players, seat_names, actors, turn (turns played), scores (per seat: the best path score of its
          side), outcome (`Outcome.to_json()` or None), last (None or {"seat", "kind": "place" | "pass" |
          "resign", "text", and for a placement "tile", "square", "rotation"}): the shared header keys.
        - seat_labels ("B", "Y" or "B1", "Y1", "B2", "Y2"), seat_sides ("blue" / "yellow" per seat), viewer,
          options {"axes", "links"}, to_move (seat or None), step ("draw" | "drew" | "nodraw" | None), idle.
        - board: one dict per placed tile in label order: square, tile, shape ("corner" | "straight"),
          rotation (degrees), bands {"blue" | "yellow": {"symbol", "name", "edges": ["N", "E"]}},
          edges {"N": "blue", ...}, crossing (bool), placed_by (seat or None when unknown).
        - hand: the viewer's own tiles (names, sorted) or None for the public; hand_sizes (per seat);
          hands: every hand once the game has ended (else None); bag (count); unseen {tile: count} of the
          tiles the viewer cannot see (75 minus the board and the viewer's hand).
        - paths: {"blue" | "yellow": {"scores": [anchored path scores, best first], "best": cells of the best
          path from its anchor to its end tile (or []), "best_score": int}}.
        - bodsoi: None or {"side": "blue" | "yellow", "cells": [the winning path]}.
        - last_placement: None or {"square", "tile", "rotation", "seat"}.
        """
        players = state.players
        over = state.ending is not None
        found = analyse(state.board, state.axes, state.links)
        board = []
        placers = state.placers
        own = state.hands[seat] if seat is not None else ()
        unseen = list(FULL_SET)
        for t in own:
            unseen[t] -= 1
        for i, cell in enumerate(state.board):
            if cell is None:
                continue
            unseen[cell[0]] -= 1
            name, shape, degrees, bands, edges, crossing = drawn(cell[0], cell[1])
            board.append({"square": LABELS[i], "tile": name, "shape": shape, "rotation": degrees, "bands": bands,
                          "edges": edges, "crossing": crossing, "placed_by": placers[i]})
        paths = {}
        for colour in (0, 1):
            best = found.best[colour]
            paths[COLOURS[colour]] = {"scores": list(found.scores[colour]),
                                      "best": [LABELS[c] for c in best.scored_cells] if best else [],
                                      "best_score": best.score if best else 0}
        bodsoi = None
        if state.ending is not None and state.ending.startswith("bodsoi:"):
            side = SIDE_LETTERS.index(state.ending[7:])
            win = found.bodsoi[side]
            bodsoi = {"side": COLOURS[side], "cells": [LABELS[c] for c in win.cells] if win else []}
        last_placement = None
        if state.last_place is not None and (placed := state.board[state.last_place]) is not None:
            tile, quarter = placed
            last_placement = {"square": LABELS[state.last_place], "tile": TILE_NAMES[tile], "rotation": quarter * 90,
                              "seat": state.placers[state.last_place]}
        result = self.outcome(state)
        return {
            "game": self.name,
            "players": players,
            "seat_names": [_(name) for name in SEAT_NAMES[players]],  # words: in the language spoken
            "seat_labels": list(SEAT_LABELS[players]),
            "seat_sides": [COLOURS[side_of(s)] for s in range(players)],
            "viewer": seat,
            "actors": sorted(self.actors(state)),
            "turn": state.turns,
            "scores": [paths[COLOURS[side_of(s)]]["best_score"] for s in range(players)],
            "outcome": None if result is None else result.to_json(),
            "last": self._last_json(state),
            "options": {"axes": state.axes, "links": state.links},
            "to_move": state.to,
            "step": state.step,
            "idle": state.idle,
            "board": board,
            "hand": None if seat is None else [TILE_NAMES[t] for t in own],
            "hand_sizes": [len(h) for h in state.hands],
            "hands": [[TILE_NAMES[t] for t in h] for h in state.hands] if over else None,
            "bag": state.bag_size,
            "unseen": {name: n for name, n in zip(TILE_NAMES, unseen, strict=True) if n},
            "paths": paths,
            "bodsoi": bodsoi,
            "last_placement": last_placement,
        }

    @staticmethod
    def _last_json(state: BodsoiState) -> dict[str, Any] | None:
        if state.last is None:
            return None
        seat, action = state.last
        data: dict[str, Any] = {"seat": seat, "text": action_text(action)}
        if isinstance(action, Place):
            data |= {"kind": "place", "tile": TILE_NAMES[action.tile], "square": LABELS[action.square],
                     "rotation": action.quarter * 90}
        else:
            data["kind"] = "pass" if isinstance(action, Pass) else "resign"
        return data

    def resample_hidden(self, state: BodsoiState, seat: int | None, rng: random.Random) -> BodsoiState:
        """Re-deal the bag and every hand but the viewer's; after the end every hand is public."""
        if state.ending is not None:
            return state
        counts = list(state.bag)
        for s, hand in enumerate(state.hands):
            if s != seat:
                for t in hand:
                    counts[t] += 1
        # In tile order: the order must not tell where each unseen tile really is (same view, same re-deal).
        pool = list(chain.from_iterable(map(repeat, range(TILE_TYPES), counts)))
        rng.shuffle(pool)
        hands = []
        for s, hand in enumerate(state.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[:len(hand)])))
                del pool[:len(hand)]
        bag = [0] * TILE_TYPES
        for t in pool:
            bag[t] += 1
        # the same board, so the search's first placement in it checks only the chains through its tile
        return _marked(state, evolve(state, hands=tuple(hands), bag=tuple(bag)))

    # ---- serialisation ------------------------------------------------------------------------------------------
    def position(self, state: BodsoiState) -> str:
        return position_text(state)

    def from_position(self, text: str) -> BodsoiState:
        return parse_position(text)

    def to_json(self, state: BodsoiState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> BodsoiState:
        return state_from_json(data)


GAME = Bodsoi()
