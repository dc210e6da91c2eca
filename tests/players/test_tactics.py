"""Normal takes a win that is there, in every game; hard beats a random mover in a small seeded sample."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players import Budget, choose
from players.arena import computer, play, uniform
from players.evaluate import rewards
from players.play import settle
from rules import GAMES, Action, Game, State
from tests.players.positions import random_step


def sure_win(game: Game, state: State, seat: int, action: Action) -> bool:
    """`action` wins for `seat` whatever the hidden information and the chance that follows."""
    for k in range(40):  # many re-deals: a win that depends on a secret or a draw is no sure win
        world = game.resample_hidden(state, seat, random.Random(k))
        done = rewards(game, settle(game, game.apply(world, action, seat), random.Random(k)))
        if done is None or done[seat] != 1.0:
            return False
    return True


def winning_positions(game: Game, wanted: int, seed: int) -> list[tuple[State, int, set[Action]]]:
    """Positions near the end of seeded random games where the mover has a sure win and also other moves."""
    rng, found = random.Random(seed), []
    for _ in range(60):
        state, history = game.setup(game.configurations()[0].players), list[Any]()
        while not game.is_over(state) and len(history) < 3000:
            history.append(state)
            state = random_step(game, state, rng)
        for before in reversed(history[-12:]):
            actors = game.actors(before)
            if len(actors) != 1:
                continue
            seat = min(actors)
            legal = game.legal_actions(before, seat)
            wins = {action for action in legal if sure_win(game, before, seat, action)}
            if wins and len(wins) < len(legal):
                found.append((before, seat, wins))
                break
        if len(found) >= wanted:
            break
    return found


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_normal_takes_an_immediate_win(game: Game) -> None:
    found = winning_positions(game, 3, seed=7)
    assert len(found) >= 2, "too few positions with a win to take were found"
    for state, seat, wins in found:
        for seed in range(3):
            assert choose(game, state, seat, "normal", random.Random(seed)) in wins, game.position(state)


@pytest.mark.parametrize("name", ["sinoda", "cintos"])
def test_hard_beats_a_random_mover_in_a_small_seeded_sample(name: str) -> None:
    """A statistical test with fixed seeds: at least 8 of 10 games, hard alternating seats, a fast budget."""
    game = GAMES[name]
    wins = 0
    for number in range(10):
        seat = number % 2
        seats = [uniform(game, 100 + number), uniform(game, 100 + number)]
        seats[seat] = computer(game, "hard", number, Budget(iterations=10))
        result = play(game, game.configurations()[0], seats, random.Random(number))
        wins += result.outcome is not None and seat in result.outcome.winners
    assert wins >= 8
