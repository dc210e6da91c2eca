"""Bodsoi, the tile-laying path game (spec: shared/specs/bodsoi.md); `GAME` is its rules object."""

from rules.bodsoi.game import GAME, Bodsoi
from rules.bodsoi.suggest import suggest_placements
from rules.bodsoi.tiles import tile_geometry

__all__ = ["GAME", "Bodsoi", "suggest_placements", "tile_geometry"]
