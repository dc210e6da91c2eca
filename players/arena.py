"""Whole games between computers (for tests and `bench/`): the caller's role played here, chance drawn by `rng`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from players.budget import Budget
from players.levels import setup_choice
from players.play import draw
from rules import Action, Configuration, Game, Outcome, State

# seat, state -> action; the state is the true one, as the match service would hand it over.
Player = Callable[[State, int], Action]


@dataclass(frozen=True)
class Played:
    """A finished (or cut off) game: its outcome (None when the decision limit ran out) and its length."""

    outcome: Outcome | None
    decisions: int


def computer(game: Game, level: str, seed: int, budget: Budget | None = None) -> Player:
    """A seat played by `players.choose` at `level`, its own random stream seeded with `seed`."""
    from players import choose  # the package imports this module's siblings; import late to keep one order

    rng = random.Random(seed)

    def player(state: State, seat: int) -> Action:
        return choose(game, state, seat, level, rng, budget)

    return player


def uniform(game: Game, seed: int) -> Player:
    """The baseline: any legal move, uniformly (a private setup still finished the quick way, or it never ends)."""
    rng = random.Random(seed)

    def player(state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        return setup_choice(legal, rng) or rng.choice(legal)

    return player


def play(game: Game, config: Configuration, seats: Sequence[Player], rng: random.Random,
         limit: int = 2000, start: State | None = None) -> Played:
    """Play a game of `config` with `seats[i]` choosing for seat i; chance and automatic actions as the server.
    `start`: a position of such a game to play on from, instead of its beginning."""
    state = start if start is not None else game.setup(config.players, config.options)
    decisions = 0
    while not game.is_over(state) and decisions < limit:
        outcome = draw(game, state, rng)
        if outcome is not None:
            state = game.apply(state, outcome, None)
            continue
        automatic = game.automatic_action(state)
        if automatic is not None:
            state = game.apply(state, automatic[1], automatic[0])
            continue
        seat = min(game.actors(state))  # several may act at once (a private setup): one after the other
        state = game.apply(state, seats[seat](state, seat), seat)
        decisions += 1
    return Played(game.outcome(state), decisions)
