"""Pure game rules: the shared interface (`rules.base`) and one module per game, registered in `GAMES`."""

from __future__ import annotations

from importlib import import_module

from rules.base import (
    RESIGN,
    Action,
    Configuration,
    Game,
    IllegalAction,
    NotationError,
    Option,
    Outcome,
    Resign,
    RulesError,
    State,
)

# Each module exposes `GAME`, an instance of its `Game` subclass.
_MODULES: tuple[str, ...] = ("cintos", "sinoda", "bodsoi", "sakamichi", "sanae")

GAMES: dict[str, Game] = {}
for _module in _MODULES:
    _game: Game = import_module(f"rules.{_module}").GAME
    GAMES[_game.name] = _game

__all__ = ["GAMES", "RESIGN", "Action", "Configuration", "Game", "IllegalAction", "NotationError", "Option",
           "Outcome", "Resign", "RulesError", "State"]
