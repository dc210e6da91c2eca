"""The match service: seats, turns, chance draws and persistence calls, with no discord types."""

from matches.model import Event, Match, Refusal, Turn
from matches.service import MatchService

__all__ = ["Event", "Match", "MatchService", "Refusal", "Turn"]
