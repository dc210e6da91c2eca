"""Shared helpers for the tournament core's tests: entrants, results and whole simulated events."""

from __future__ import annotations

import random
from collections.abc import Callable

from tournament_rules import Entrant, Game, TournamentSettings, pair_round

Result = Callable[[Game, random.Random], Game]


def field(n: int, drops: dict[int, int] | None = None) -> list[Entrant]:
    """``n`` entrants seeded 0…n-1 with ratings in seed order; ``drops`` maps entrant to its last round."""
    drops = drops or {}
    return [Entrant(i, i, 2000.0 - 10 * i, drops.get(i)) for i in range(n)]


def random_result(game: Game, rng: random.Random) -> Game:
    """A random finished game: win, draw or loss, now and then a forfeit."""
    if game.points is not None:
        return game
    roll = rng.random()
    if roll < 0.05:
        return Game(game.round, game.entrants, (1.0, 0.0), played=False)
    points = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
    return Game(game.round, game.entrants, points)


def play(settings: TournamentSettings, entrants: list[Entrant], rounds: int, rng: random.Random,
         result: Result = random_result, check: Callable[[list[Game], list[Game]], None] | None = None) -> list[Game]:
    """Pair and play ``rounds`` rounds; ``check(history, new_round)`` sees every round as it is paired."""
    games: list[Game] = []
    for r in range(1, rounds + 1):
        new = pair_round(settings, entrants, games, r)
        if check is not None:
            check(games, new)
        games += [result(g, rng) for g in new]
    return games


def by_name(names: str) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}
