"""Positions for the players tests: seeded random games of every configuration, stopped where a seat must act."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from players.levels import setup_choice
from players.play import draw
from rules import Configuration, Game, State


def random_step(game: Game, state: State, rng: random.Random) -> State:
    """One step of a random game: a chance draw, or a random legal move (a private setup the quick way)."""
    outcome = draw(game, state, rng)
    if outcome is not None:
        return game.apply(state, outcome, None)
    automatic = game.automatic_action(state)
    if automatic is not None:
        return game.apply(state, automatic[1], automatic[0])
    seat = rng.choice(sorted(game.actors(state)))
    legal = game.legal_actions(state, seat)
    action = setup_choice(legal, rng) if rng.random() < 0.5 else None
    return game.apply(state, action or rng.choice(legal), seat)


def positions(game: Game, config: Configuration, count: int, seed: int, limit: int = 400) -> list[State]:
    """`count` positions where some seat is to act, spread over a random game (restarted if it ends early)."""
    return list(itertools.islice(each_position(game, config, seed, limit), count))


def each_position(game: Game, config: Configuration, seed: int, limit: int = 400) -> Iterator[State]:
    """`positions` one at a time, without end: for a test that wants the first that suits it, and no more."""
    rng = random.Random(seed)
    while True:
        state = game.setup(config.players, config.options)
        stop = rng.randrange(limit)
        for _ in range(stop):
            if game.is_over(state):
                break
            state = random_step(game, state, rng)
        while not game.is_over(state) and not game.actors(state):
            state = random_step(game, state, rng)
        if not game.is_over(state):
            yield state


def along(game: Game, config: Configuration, count: int, seed: int, limit: int = 400, gap: int = 6) -> list[State]:
    """`count` positions where some seat is to act, taken along random games (`gap` + 1 to 2 x `gap` such positions
    apart, at random), each game cut at `limit` steps: the spread of `positions` at a fraction of its cost, for tests
    that read hundreds (`positions` plays a new game from the start for each one, `limit` / 2 steps on average)."""
    rng = random.Random(seed)
    found: list[State] = []
    while True:
        state = game.setup(config.players, config.options)
        wait = rng.randrange(gap)
        for _ in range(limit):
            if game.is_over(state):
                break
            if game.actors(state):
                if wait == 0:
                    found.append(state)
                    if len(found) == count:
                        return found
                    wait = rng.randrange(gap, 2 * gap)
                else:
                    wait -= 1
            state = random_step(game, state, rng)
