"""Match records for the analysis tests and bench/analysis.py: whole games played by the given players, each line
logged as the match service logs it (seat and notation; seat None for a chance outcome)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from analysis import Record
from players.arena import Player
from players.play import draw
from rules import Configuration, Game, Outcome, State


@dataclass(frozen=True)
class Played:
    """A game played and logged: its record, how it ended (None when cut off) and its final state."""

    record: Record
    outcome: Outcome | None
    final: State


def play_logged(game: Game, config: Configuration, seats: Sequence[Player], rng: random.Random,
                limit: int = 2000) -> Played:
    """A game of `config`, `seats[i]` choosing for seat i, chance drawn by `rng`, cut off after `limit` decisions."""
    state = game.setup(config.players, config.options)
    log: list[tuple[int | None, str]] = []
    decisions = 0
    while not game.is_over(state) and decisions < limit:
        outcome = draw(game, state, rng)
        if outcome is not None:
            log.append((None, game.notation(state, outcome)))
            state = game.apply(state, outcome, None)
            continue
        automatic = game.automatic_action(state)
        if automatic is not None:
            seat, action = automatic
        else:
            seat = min(game.actors(state))
            action = seats[seat](state, seat)
            decisions += 1
        log.append((seat, game.notation(state, action)))
        state = game.apply(state, action, seat)
    return Played(Record.of(config.players, config.options, log), game.outcome(state), state)
