"""Sanae, the Game of Spots: two-player hidden-rank battle on two overlapping circles (spec: shared/specs/sanae.md)."""

from rules.sanae.game import GAME, Sanae

__all__ = ["GAME", "Sanae"]
