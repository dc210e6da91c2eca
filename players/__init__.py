"""Computer players for every game at three levels: `choose` answers any decision of a seat from its own view.

Pure like `rules`: no clock, I/O or storage; randomness comes from the caller's `random.Random`.
"""

from __future__ import annotations

import random
from importlib import import_module

from games import Entry, table_of
from players.budget import Budget
from players.evaluate import teams_of
from players.levels import easy, normal, one_ply, safe, setup_choice
from players.play import has_hidden_information
from players.search import Search
from players.search import search as tree_search
from rules import Action, Game, State

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
# Re-deals that normal (and hard's first look) average over in a game with hidden information, unless the game's
# entry (games/) says otherwise (Bodsoi: one).
DEFAULT_WORLDS = 3
WORLDS: dict[str, int] = table_of(lambda entry: entry.computer.worlds)


def _own_search(entry: Entry) -> Search | None:
    if entry.computer.search is None:
        return None
    module, _, name = entry.computer.search.partition(":")
    found: Search = getattr(import_module(module), name)
    return found


# Hard's search where a game's entry names its own (Sanae: players.sanae); the others share the tree search.
SEARCHES: dict[str, Search] = table_of(_own_search)


def choose(game: Game, state: State, seat: int, level: str, rng: random.Random,
           budget: Budget | None = None) -> Action:
    """The action a computer at `level` plays for `seat`, which must be one of `game.actors(state)`.

    The first thing it does is re-deal everything `seat` cannot see with `rng`, so the true secrets cannot
    influence the choice. Chance nodes are the caller's to resolve; `budget` only limits hard.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if seat not in game.actors(state):
        raise ValueError(f"seat {seat} is not to act now")
    world = game.resample_hidden(state, seat, rng)
    legal = game.legal_actions(world, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0]
    quick = setup_choice(legal, rng)
    if quick is not None:
        return quick
    if level == "easy":
        return easy(game, world, seat, legal, rng)
    hidden = has_hidden_information(game)
    extra = WORLDS.get(game.name, DEFAULT_WORLDS) - 1 if hidden else 0
    worlds = [world] + [game.resample_hidden(world, seat, rng) for _ in range(extra)]
    teams = teams_of(game, world)
    if level == "normal":
        return normal(game, worlds, seat, legal, rng, teams)
    spent = (budget or Budget()).start()  # the time budget covers the first look as well as the search
    priors = one_ply(game, worlds, seat, legal, rng, teams)
    ranked = SEARCHES.get(game.name, tree_search)(game, world, seat, legal, priors, rng, spent, teams, hidden)
    return safe(game, world, seat, ranked, rng)


__all__ = ["LEVELS", "Budget", "choose"]
