"""How good a position is for each seat, in [0, 1]: the outcome once the game is over, else the game's own measure
(players.measures, named by its entry in games/) of the lead, squashed.

The measures read a whole (determinised) state: the search calls them only on states it re-dealt itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from importlib import import_module

from games import Entry, table
from players.measures import scores
from rules import Game, State

STERILE_DRAW = 0.3


def _scorer(entry: Entry) -> Callable[[Game, State], list[float]]:
    module, _, name = entry.computer.scorer.partition(":")
    found: Callable[[Game, State], list[float]] = getattr(import_module(module), name)
    return found


# Each game's measure of the lead while it goes on (its entry's `scorer`).
MEASURES: dict[str, Callable[[Game, State], list[float]]] = table(_scorer)
# How big a lead in each game's measure counts as "clearly ahead" (tanh scale).
SCALES: dict[str, float] = table(lambda entry: entry.computer.scale)
# Draws nobody played for, by outcome reason: two computers that both pass would otherwise stall a Bodsoi game at
# 0-0 in a few turns.
STERILE: dict[str, tuple[str, ...]] = table(lambda entry: entry.computer.sterile)


def rewards(game: Game, state: State) -> tuple[float, ...] | None:
    """1 for a winner, 0 for a loser, a share for a draw; None while the game goes on."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    players = game.players(state)
    if not outcome.winners:
        draw = STERILE_DRAW if outcome.reason in STERILE.get(game.name, ()) else 0.5
        return tuple(draw for _ in range(players))
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(players))


def teams_of(game: Game, state: State) -> list[tuple[int, ...]]:
    """Each seat's side: the game's teams, or every seat alone."""
    players = game.players(state)
    teams = [tuple(seats) for _, seats in game.teams(game.view(state, None))]
    return teams or [(seat,) for seat in range(players)]


def evaluate(game: Game, state: State, teams: list[tuple[int, ...]] | None = None) -> tuple[float, ...]:
    """Each seat's expected result in [0, 1]: exact when over, else its side's lead squashed by tanh."""
    done = rewards(game, state)
    if done is not None:
        return done
    measure = MEASURES.get(game.name, scores)(game, state)
    teams = teams or [(seat,) for seat in range(len(measure))]
    side_value = [sum(measure[s] for s in team) / len(team) for team in teams]
    scale = SCALES.get(game.name, 3.0)
    values = [0.5] * len(measure)
    for index, team in enumerate(teams):
        others = [v for i, v in enumerate(side_value) if i != index]
        lead = side_value[index] - (sum(others) / len(others) if others else 0.0)
        for seat in team:
            values[seat] = 0.5 + 0.45 * math.tanh(lead / scale)  # never as sure as a real win or loss
    return tuple(values)
