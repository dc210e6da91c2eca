"""Tournaments as a service: events over `tournaments` (pairings, standings) and `matches` (one match per table)."""

from events.model import FORMAT_NAMES, RESULTS, Sides, Tournament, clock_words, entrant_results
from events.service import TournamentService

__all__ = ["FORMAT_NAMES", "RESULTS", "Sides", "Tournament", "TournamentService", "clock_words", "entrant_results"]
