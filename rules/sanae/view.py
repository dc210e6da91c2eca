"""What each Sanae viewer may see (spec section 7): the renderer's view, and hidden ranks re-dealt for tests."""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

from i18n import Language, _, active
from rules.base import Outcome, evolve
from rules.sanae.moves import DRAGON_RANGE, actors_of, eligible_captains, has_moves, seat_of, zed_pause
from rules.sanae.pieces import NAMES, canonical_code, combat
from rules.sanae.setup import full_set, layout, place
from rules.sanae.state import SHUFFLE, SIDE_CHARS, SIDE_NAMES, SIDE_WORDS, TOKENS, Last, SanaeState


def outcome_of(state: SanaeState) -> Outcome | None:
    if state.result is None:
        return None
    winner, reason = state.result
    return Outcome(frozenset() if winner is None else frozenset({winner}), None, reason)


def published(state: SanaeState) -> bool:
    """The board is public once both layouts are confirmed (4.3); before that each layout is private."""
    return state.setup == ("ready", "ready")


def stone_view(token: str, seat: int | None, over: bool, names: dict[str, str]) -> dict[str, Any]:
    """A stone as `seat` sees it: its rank when revealed in play, when it is the viewer's own, or once the game is
    over (then every rank is shown to everyone, as players of hidden-piece games expect; `revealed` still says
    whether play revealed it). `names`: each rank's name in the language spoken (`rank_names`)."""
    owner = seat_of(token)
    shown = "*" in token or owner == seat or over
    return {"seat": owner, "side": SIDE_WORDS[owner], "letter": token[1] if shown else None,
            "name": names[token[1]] if shown else None, "revealed": "*" in token, "zed_used": token.endswith("z")}


_RANK_NAMES: dict[Language, dict[str, str]] = {}


def rank_names() -> dict[str, str]:
    """Each rank's name in the language spoken (not to be changed): translated once per language, not once per
    view (a view is made thousands of times a game; a shipped language's catalog never changes)."""
    spoken = active()
    names = _RANK_NAMES.get(spoken)
    if names is None:
        names = _RANK_NAMES[spoken] = {letter: _(name) for letter, name in NAMES.items()}
    return names


def _token_view(token: str) -> dict[str, Any]:
    return {"side": SIDE_WORDS[seat_of(token)], "letter": token[1], "name": _(NAMES[token[1]])}


def last_view(state: SanaeState, seat: int | None) -> dict[str, Any] | None:
    last: Last | None = state.last
    if last is None:
        return None
    labels = state.grid.labels
    if last.kind in ("setup", "fill"):
        own = last.seat == seat
        return {"kind": last.kind, "seat": last.seat, "note": last.note if own else None,
                "cells": [labels[c] for c in last.cells] if own else []}
    arrow = last.cells[:2] if last.kind in ("move", "roll", "zed") and len(last.cells) >= 2 else ()
    fight = None
    if last.fight is not None:
        cell, attacker, defender, winner = last.fight
        fight = {"cell": labels[cell], "attacker": _token_view(attacker), "defender": _token_view(defender),
                 "winner": SIDE_WORDS[SIDE_CHARS.index(winner)]}
    return {"kind": last.kind, "seat": last.seat, "cells": [labels[c] for c in last.cells],
            "from": labels[arrow[0]] if arrow else None, "to": labels[arrow[1]] if arrow else None,
            "swap": labels[last.cells[2]] if last.kind == "zed" and len(last.cells) == 3 else None,
            "dice": None if last.dice is None else {"red": last.dice[0], "blue": last.dice[1]},
            "combat": fight}


def _setup_status(state: SanaeState, side: int, seat: int | None) -> str:
    status = state.setup[side]
    if side == seat or status == "ready":
        return status
    return "shuffling" if status.startswith(SHUFFLE) else "not ready"


def view(state: SanaeState, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of `state` for `seat` (None: public). Keys:

    - the shared ones: `game`, `players` (2), `seat_names` (["Red", "Blue"]), `actors` (sorted seats), `turn`
      (plies played), `scores` (None), `outcome` (`Outcome.to_json()` or None), `last` (see below);
    - `viewer`: the seat or None; `phase`: setup, roll, play or over; `options`: every option's value;
    - `to_move`: the seat whose turn it is in play (None otherwise); `first`: who won the first-player roll;
    - `cells`: one entry per cell in position-text order: `label`, `circle` (R, B or C), `ring`, `arc`,
      `stone` (None or {`seat`, `side`, `letter` and `name` (None where the viewer may not know the rank; once
      the game is over every rank is shown), `revealed` (by play), `zed_used`}); before both layouts are confirmed
      only the viewer's own stones are shown;
      (the drawing geometry of each cell is static: `rules.sanae.board.BOARDS[options["board"]].geometry`
      and `.drawing()`, indexed like `cells`);
    - `setup`: per seat {`status`, `ready`}: the viewer's own status (empty, laid, ready, shuffle:K), the
      other's only as ready, shuffling or not ready; `layout`: the viewer's layout code during setup, else None;
    - `captured`: per seat the letters of the stones it has lost (V K Q W D C L N A F order);
    - `pending`: None, {`kind`: "zed", `attacker`, `void`, `defender`, `eligible`} (`eligible` lists the
      Captains that may swap, in the defender's view only, else None) or {`kind`: "combat", `attacker`,
      `defender`, `dice`: "roll-off" or "special"};
    - `quiet` and `quiet_limit`: plies since the last combat and the draw limit (0: off);
    - `last`: None or {`kind` (setup, fill, first, move, zed, roll, resign), `seat`, `cells` touched, `from`
      and `to` (the attack or move arrow), `swap` (the Captain's former cell after a Zed Inel), `dice`
      ({red, blue} or None), `combat` (None or {`cell`, `attacker`, `defender` as {side, letter, name},
      `winner`})}; another player's setup steps show only {`kind`, `seat`, `note`: None, `cells`: []}.
    """
    grid = state.grid
    public_board = published(state)
    over = state.phase == "over"
    names = rank_names()
    mine = SIDE_CHARS[seat] if seat in (0, 1) else None  # the viewer's side char: its stones show before play
    # Every view is made many times a ply (each viewer, each re-deal a test compares): each distinct token's stone
    # is made once per view and copied for its other cells (most stones share a token: twenty Footmen a side).
    stones: dict[str, dict[str, Any]] = {}
    cells = []
    for (label, circle, ring, arc), token in zip(grid.cell_keys, state.cells, strict=True):
        stone = None
        if token and (public_board or token[0] == mine):
            made = stones.get(token)
            if made is None:
                made = stones[token] = stone_view(token, seat, over, names)
            stone = made.copy()
        cells.append({"label": label, "circle": circle, "ring": ring, "arc": arc, "stone": stone})
    pending = None
    if state.pending is not None:
        p = state.pending
        labels = grid.labels
        if p.kind == "zed":
            defender = 1 - (state.turn or 0)
            pending = {"kind": "zed", "attacker": labels[p.attacker], "void": labels[p.target], "defender": defender,
                       "eligible": [labels[c] for c in eligible_captains(state)] if seat == defender else None}
        else:
            fight = combat(state.cells[p.attacker][1], state.cells[p.target][1])
            pending = {"kind": "combat", "attacker": labels[p.attacker], "defender": labels[p.target],
                       "dice": fight.kind}
    o = state.options
    outcome = outcome_of(state)

    return {
        "game": "sanae", "players": 2, "seat_names": [_(name) for name in SIDE_NAMES],
        "actors": sorted(actors_of(state)),
        "turn": state.plies, "scores": None, "outcome": None if outcome is None else outcome.to_json(),
        "last": last_view(state, seat), "viewer": seat, "phase": state.phase,
        "options": {"king-queen": o.king_queen, "quiet-limit": str(o.quiet_limit), "zed-prompt": o.zed_prompt,
                    "zed-range": str(o.zed_range), "board": o.board},
        "to_move": state.turn if state.phase == "play" else None, "first": state.first,
        "cells": cells,
        "setup": [{"status": _setup_status(state, s, seat), "ready": state.setup[s] == "ready"} for s in (0, 1)],
        "layout": layout_code(state, seat) if state.phase == "setup" and seat is not None else None,
        "captured": list(state.captured), "pending": pending,
        "quiet": state.quiet, "quiet_limit": o.quiet_limit,
    }


def layout_code(state: SanaeState, seat: int) -> str | None:
    """The seat's layout in canonical code form (`layout show`), or None without a complete layout."""
    if state.setup[seat] in ("laid", "ready"):
        return canonical_code(layout(state, seat), state.grid.code_groups)
    return None


# ---- resampling -----------------------------------------------------------------------------------------------
QUICK_TRIES = 40  # plain shuffles tried first (uniform over the fitting deals); then a deal is built to fit


def resample_hidden(state: SanaeState, seat: int | None, rng: random.Random) -> SanaeState:
    """A state `seat` cannot tell from `state`: hidden layouts re-dealt, hidden enemy ranks permuted.

    Before the board is published every layout but the viewer's is re-dealt at random (keeping its status).
    After that, each other side's hidden ranks are permuted among its hidden stones, keeping what the viewer
    knows: a stone seen to move is not the Void, a Zed pause implies a suitable Captain, the mover can move (a
    stuck loser cannot). Never the true state as a way out: when shuffles keep failing, a deal is built to fit.
    Only public facts and `rng` decide the deal (the pool of ranks is sorted first), never the true ranks.
    Once the game is over nothing is hidden: the state itself.
    """
    if state.phase == "over":
        return state
    others = [s for s in (0, 1) if s != seat]
    if not published(state):
        for side in others:
            status = state.setup[side]
            if status == "empty":
                continue
            symbols = list(full_set(state.grid).elements())
            rng.shuffle(symbols)
            dealt = int(status[len(SHUFFLE):]) if status.startswith(SHUFFLE) else len(symbols)
            state = evolve(state, cells=place(state, side, "".join(symbols[:dealt])))
        return state
    for _try in range(QUICK_TRIES):
        candidate = state
        for side in others:
            candidate = _permute(candidate, side, rng)
        if _consistent(candidate, state, others):
            return candidate
    for side in others:  # rare: a deal built to fit what the seat knows (never the true ranks, a leak)
        state = _deal_to_fit(state, side, rng)
    return state


_HIDDEN = tuple(frozenset(t for t in TOKENS if t[0] == char and "*" not in t) for char in SIDE_CHARS)
"""Each side's tokens of face-down stones."""


def _hidden_cells(state: SanaeState, side: int) -> list[int]:
    # Read for every re-deal, several a ply: picked in C by token (a set of the side's face-down tokens).
    return list(compress(range(len(state.cells)), map(_HIDDEN[side].__contains__, state.cells)))


def _permute(state: SanaeState, side: int, rng: random.Random) -> SanaeState:
    char = SIDE_CHARS[side]
    hidden = _hidden_cells(state, side)
    letters = sorted(state.cells[c][1] for c in hidden)  # their order must not tell which stone is which
    cells = list(state.cells)
    if "V" in letters:
        letters.remove("V")
        void = rng.choice([c for c in hidden if c not in state.moved] or hidden)
        cells[void] = char + "V"
        hidden.remove(void)
    rng.shuffle(letters)
    for c, letter in zip(hidden, letters, strict=True):
        cells[c] = char + letter
    return evolve(state, cells=tuple(cells))


def _fits(candidate: SanaeState, original: SanaeState, side: int) -> bool:
    """Whether `side`'s re-dealt ranks agree with what the viewer saw of that side."""
    void, cells = SIDE_CHARS[side] + "V", candidate.cells
    if any(cells[c][:2] == void for c in original.moved):
        return False
    pending = candidate.pending
    if pending is not None and pending.kind == "zed" and 1 - (candidate.turn or 0) == side \
            and not zed_pause(candidate, pending.target):
        return False
    if candidate.phase == "play" and pending is None and candidate.turn == side \
            and not has_moves(candidate.cells, candidate.grid, side):
        return False
    if original.result is not None and original.result[1] == "no_moves" and original.turn == side:
        return not has_moves(candidate.cells, candidate.grid, side)
    return True


def _consistent(candidate: SanaeState, original: SanaeState, sides: list[int]) -> bool:
    return all(_fits(candidate, original, side) for side in sides)


def _blank(state: SanaeState, side: int, hidden: list[int]) -> SanaeState:
    """`state` with `side`'s hidden stones all Voids: what its face-up stones prove on their own."""
    cells = list(state.cells)
    for c in hidden:
        cells[c] = SIDE_CHARS[side] + "V"
    return evolve(state, cells=tuple(cells))


def _witnesses(state: SanaeState, side: int, hidden: list[int], pool: list[str]) -> list[tuple[int, str]] | None:
    """The (cell, letter) choices of which one must hold for what the viewer saw (a Zed pause needs a suitable
    Captain, the mover a stone that can move), or None when `side`'s face-up stones account for it already."""
    cells = list(state.cells)
    for c in hidden:  # all hidden stones as Voids: what the face-up stones prove on their own
        cells[c] = SIDE_CHARS[side] + "V"
    blank = evolve(state, cells=tuple(cells))
    grid, pending, options = state.grid, state.pending, state.options
    if pending is not None and pending.kind == "zed":
        if 1 - (state.turn or 0) != side or zed_pause(blank, pending.target):
            return None
        return [(c, "C") for c in hidden if "C" in pool and (options.zed_prompt == "any-unused"
                                                             or grid.distance[c][pending.target] <= options.zed_range)]
    if state.phase != "play" or pending is not None or state.turn != side or has_moves(blank.cells, grid, side):
        return None
    step, flight = _exits(state, side)
    movers = sorted({letter for letter in pool if letter != "V"})
    pairs = [(c, letter) for c in hidden if c in step for letter in movers]
    return pairs + [(c, "D") for c in hidden if "D" in pool and c in flight and c not in step]


def _exits(state: SanaeState, side: int) -> tuple[set[int], set[int]]:
    """`side`'s cells with a step out (an empty or enemy neighbour), and those a Dragon could fly out of."""
    char, grid, cells = SIDE_CHARS[side], state.grid, state.cells
    own = [c for c, t in enumerate(cells) if t and t[0] == char]
    step = {c for c in own if any(not cells[n] or cells[n][0] != char for n in grid.neighbours[c])}
    flight = {c for c in own if any(not cells[n] or cells[n][0] != char for n in grid.within(c, DRAGON_RANGE))}
    return step, flight


def _deal_to_fit(state: SanaeState, side: int, rng: random.Random) -> SanaeState:
    """A re-deal of `side`'s hidden ranks built to agree with what the viewer knows, from public facts only.

    Only three ranks are ever constrained: the Void (not on a stone seen to move; on the stuck loser's one cell
    with a way out), the Dragon (nowhere it could fly from, for a stuck loser) and one witness (a suitable
    Captain for a Zed pause, a stone able to move for the mover). So: each witness choice in random order, the
    Void and Dragon on random allowed cells, the rest shuffled; the first deal that fits is taken.
    """
    hidden = _hidden_cells(state, side)
    pool = sorted(state.cells[c][1] for c in hidden)
    witnesses = _witnesses(state, side, hidden, pool)
    choices: list[tuple[int, str] | None] = [*witnesses] if witnesses else [None]
    rng.shuffle(choices)
    step, flight = _exits(state, side)
    stuck = state.result is not None and state.result[1] == "no_moves" and state.turn == side
    void_cells = [c for c in hidden if c not in state.moved and (not stuck or c in step or not step & set(hidden))]
    dragon_cells = [c for c in hidden if not stuck or c not in flight]
    first = None
    for witness in choices:
        fixed = {} if witness is None else {witness[0]: witness[1]}
        for letter, allowed in (("V", void_cells), ("D", dragon_cells)):
            if letter in pool and letter not in fixed.values():
                free = [c for c in allowed if c not in fixed]
                if free:
                    fixed[rng.choice(free)] = letter
        rest = list(pool)
        for letter in fixed.values():
            rest.remove(letter)
        rng.shuffle(rest)
        cells = list(state.cells)
        for c in hidden:
            cells[c] = SIDE_CHARS[side] + (fixed[c] if c in fixed else rest.pop())
        candidate = evolve(state, cells=tuple(cells))
        if _fits(candidate, state, side):
            return candidate
        first = first or candidate
    return first or state
