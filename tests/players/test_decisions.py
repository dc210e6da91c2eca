"""The special decisions are answered too: Sanae's private setup (quickly) and Zed Inel, Sakamichi's colour."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players import LEVELS, Budget, choose
from rules import GAMES, State
from rules.sakamichi.moves import ChooseColour
from rules.sanae.state import LayoutPreset, Ready, Zed
from tests.players.positions import random_step

FAST = Budget(iterations=6)


@pytest.mark.parametrize("level", LEVELS)
def test_sanae_setup_is_a_preset_then_ready_for_each_seat(level: str) -> None:
    game = GAMES["sanae"]
    state, rng, answers = game.setup(2), random.Random(3), list[Any]()
    while state.phase == "setup" and game.actors(state):
        seat = min(game.actors(state))
        action = choose(game, state, seat, level, random.Random(len(answers)), FAST)
        answers.append(type(action))
        state = game.apply(state, action, seat)
    assert answers == [LayoutPreset, Ready, LayoutPreset, Ready]
    while not game.actors(state):  # the first-player roll is the caller's
        state = random_step(game, state, rng)
    assert state.phase == "play"


def first(game_name: str, wanted: type, seed: int) -> tuple[State, int]:
    """A position of seeded random games where the seat to act has a choice among `wanted` actions."""
    game, rng = GAMES[game_name], random.Random(seed)
    for _ in range(200):
        state = game.setup(2)
        for _ in range(3000):
            if game.is_over(state):
                break
            actors = game.actors(state)
            legal = game.legal_actions(state, min(actors)) if actors else []
            if len(legal) > 1 and any(isinstance(action, wanted) for action in legal):
                return state, min(actors)
            state = random_step(game, state, rng)
    raise AssertionError(f"no {wanted.__name__} decision found")


@pytest.mark.parametrize(("game_name", "wanted"), [("sanae", Zed), ("sakamichi", ChooseColour)])
def test_every_level_answers_a_special_decision(game_name: str, wanted: type) -> None:
    game = GAMES[game_name]
    state, seat = first(game_name, wanted, seed=4)
    legal = game.legal_actions(state, seat)
    assert sum(isinstance(action, wanted) for action in legal) > 1
    for level in LEVELS:
        for seed in range(2):
            assert choose(game, state, seat, level, random.Random(seed), FAST) in legal
