"""Pure game rules: the shared interface (`rules.base`) and one package per game, registered in `GAMES` (built from
the games' entries, games/: each entry names its rules package, which exposes `GAME`)."""

from __future__ import annotations

from importlib import import_module

from games import Entry, table
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


def _game(entry: Entry) -> Game:
    game: Game = import_module(entry.rules).GAME
    if game.name != entry.name:
        raise ValueError(f"{entry.rules}.GAME is called {game.name!r}, its entry {entry.name!r}")
    return game


GAMES: dict[str, Game] = table(_game)

__all__ = ["GAMES", "RESIGN", "Action", "Configuration", "Game", "IllegalAction", "NotationError", "Option",
           "Outcome", "Resign", "RulesError", "State"]
