"""The outcome of a game the test has played to its end (the rules give None while it runs)."""

from __future__ import annotations

from typing import Any

from rules.base import Game, Outcome


def outcome_of(game: Game, state: Any) -> Outcome:
    outcome = game.outcome(state)
    assert outcome is not None, "the game is not over"
    return outcome
