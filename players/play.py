"""Moving a simulated game along: chance drawn from `chance_outcomes`, the server's automatic actions applied."""

from __future__ import annotations

import random

from rules import Action, Game, State

# Beyond this, settling stops: a game that only rolls and passes for this long is stuck, and the caller evaluates.
SETTLE_LIMIT = 64


def draw(game: Game, state: State, rng: random.Random) -> Action | None:
    """A chance outcome drawn by its probability, or None when `state` is no chance node."""
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        return None
    pick = rng.random()
    for action, chance in outcomes:
        pick -= chance
        if pick < 0:
            return action
    return outcomes[-1][0]


def settle(game: Game, state: State, rng: random.Random) -> State:
    """`state` after every chance event and automatic action that comes before the next player's choice."""
    for _ in range(SETTLE_LIMIT):
        if game.is_over(state):
            return state
        outcome = draw(game, state, rng)
        if outcome is not None:
            state = game.apply(state, outcome, None)
            continue
        automatic = game.automatic_action(state)
        if automatic is None:
            return state
        state = game.apply(state, automatic[1], automatic[0])
    return state


def mover(game: Game, state: State) -> int | None:
    """The seat a simulation lets act (the lowest when several may), None at a chance node or the end."""
    actors = game.actors(state)
    return min(actors) if actors else None


def has_hidden_information(game: Game) -> bool:
    """Whether the game re-deals anything for a viewer (it overrides `resample_hidden`)."""
    return type(game).resample_hidden is not Game.resample_hidden
