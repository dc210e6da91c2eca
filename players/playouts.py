"""Per-game playout moves for hard's rollouts: the default is any legal move; a game may ask for sensible ones.

A uniform rollout in Sakamichi mostly spends the once-per-game markers (25 of a usual 31 moves), which no player
does while a row fits, so its results say little about who gets stuck; the Sakamichi playout lays rows first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module

from games import Entry, table_of
from rules import Action, Game, State
from rules.sakamichi.moves import placements, stacks
from rules.sakamichi.notation import Place

# game, state, the acting seat (which has a legal move), rng -> the move the rollout plays
Playout = Callable[[Game, State, int, random.Random], Action]


def uniform(game: Game, state: State, seat: int, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(state, seat))


def sakamichi(game: Game, state: State, seat: int, rng: random.Random) -> Action:
    """A row (placed or stacked) when one fits, but not the sixth row of the opponent's line; else any move.

    The rows come straight from the rules' generators: the full legal list, sorted by notation, costs twice as
    much, and the rollouts are most of hard's time."""
    rows: list[Action] = [*placements(state, seat), *stacks(state, seat)]
    if rows and state.colours is not None and state.six_rows:
        theirs = state.colours[1 - seat]
        if state.lines[theirs].row_count + 1 >= state.six_rows:
            rows = [a for a in rows if not (isinstance(a, Place) and a.line == theirs)] or rows
    return rng.choice(rows) if rows else uniform(game, state, seat, rng)


def _own(entry: Entry) -> Playout | None:
    if entry.computer.playout is None:
        return None
    module, _, name = entry.computer.playout.partition(":")
    found: Playout = getattr(import_module(module), name)  # this module's own, above, for Sakamichi
    return found


# A game's own playout, named by its entry (games/); the others play `uniform`.
PLAYOUTS: dict[str, Playout] = table_of(_own)


def playout(game: Game) -> Playout:
    return PLAYOUTS.get(game.name, uniform)
