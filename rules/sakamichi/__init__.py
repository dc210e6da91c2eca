"""Sakamichi (坂道棋, published as Bossa): dot tiles laid in rows on two number lines; `GAME` is its rules."""

from rules.sakamichi.game import GAME, Sakamichi

__all__ = ["GAME", "Sakamichi"]
