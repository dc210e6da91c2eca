"""The match service: seats, turns, chance draws and persistence calls, with no discord types."""

from matches.service import Event, Match, MatchService, Refusal, Turn

__all__ = ["Event", "Match", "MatchService", "Refusal", "Turn"]
