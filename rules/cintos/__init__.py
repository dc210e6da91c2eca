"""Cintos: capture-by-majority on an 8×8 board of four territories, for 2 or 4 players (spec: cintos.md)."""

from rules.cintos.board import PASS, TIE_ON_HOME, TIE_ON_NEUTRAL, VICTORY_BY_NUMBERS, Move, Pass
from rules.cintos.game import GAME, Cintos
from rules.cintos.state import CintosState

__all__ = ["GAME", "PASS", "TIE_ON_HOME", "TIE_ON_NEUTRAL", "VICTORY_BY_NUMBERS", "Cintos", "CintosState", "Move",
           "Pass"]
