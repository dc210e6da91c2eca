"""Search budgets for the Sanae search tests: what an assertion about the search's pick needs, and no more."""

from __future__ import annotations

from collections.abc import Sequence

from players import Budget
from players.sanae import KEEP
from rules import Action


def enough(legal: Sequence[Action]) -> Budget:
    """A budget that scores every move in the first world, the best KEEP[0] in the second and the best KEEP[1] in a
    third: every later world is the same loop as the third, and a wrong weighing of the dice or of a lost position
    shows by then (the tests that use it, run on such broken searches, failed as they did at 300 iterations)."""
    return Budget(iterations=len(legal) + KEEP[0] + KEEP[1])
