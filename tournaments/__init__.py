"""The tournament service: tournaments over `tournament_rules` (pairings, standings) and `matches` (one match per
table)."""

from tournaments.model import FORMAT_NAMES, RESULTS, Sides, Tournament, clock_words, entrant_results
from tournaments.service import TournamentService

__all__ = ["FORMAT_NAMES", "RESULTS", "Sides", "Tournament", "TournamentService", "clock_words", "entrant_results"]
