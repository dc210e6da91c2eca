"""The next round for any format, the number of rounds, and whether the event is over."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_rules import double, elimination, playoff, pods, roundrobin, swiss
from tournament_rules.model import Entrant, Game, TournamentSettings


def rounds_for(settings: TournamentSettings, count: int) -> int:
    """Rounds of an event of ``count`` entrants (elimination: bracket rounds, replays of draws not counted)."""
    if count < 2:
        raise ValueError("A tournament needs at least two entrants.")
    if settings.playoff is not None:
        return playoff.stage_rounds(settings, count) + playoff.playoff_rounds(settings, count)
    if settings.format == "swiss":
        return settings.rounds or swiss.rounds(count)
    if settings.format in ("roundrobin", "double-roundrobin"):
        return roundrobin.rounds(settings, count)
    if settings.format == "elimination":
        return (count - 1).bit_length()
    if settings.format == "double-elimination":
        return double.rounds(count)
    return settings.rounds or swiss.rounds(count)  # pods: the organiser's count, by default as Swiss


def pair_round(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game],
               round_no: int) -> list[Game]:
    """The tables of round ``round_no`` (points None) and its byes (one entrant, bye points, not played)."""
    if settings.playoff is not None and round_no > playoff.stage_rounds(settings, len(entrants)):
        return playoff.pair(settings, entrants, games, round_no)
    if settings.format in ("swiss", "pods") and round_no > rounds_for(playoff.stage_settings(settings),
                                                                      len(entrants)):
        raise ValueError(f"This event has {rounds_for(settings, len(entrants))} rounds: there is no round {round_no}.")
    if settings.format == "swiss":
        return swiss.pair(settings, entrants, games, round_no)
    if settings.format in ("roundrobin", "double-roundrobin"):
        return roundrobin.pair(settings, entrants, round_no)
    if settings.format == "elimination":
        return elimination.pair(settings, entrants, games, round_no)
    if settings.format == "double-elimination":
        return double.pair(settings, entrants, games, round_no)
    return pods.pair(settings, entrants, games, round_no)


def finished(settings: TournamentSettings, entrants: Sequence[Entrant], games: Sequence[Game]) -> bool:
    """Every round played (elimination: the bracket decided)."""
    if any(g.points is None for g in games):
        return False
    if settings.playoff is not None:
        return playoff.finished(settings, entrants, games)
    if settings.format == "elimination":
        return elimination.decided(settings, entrants, games)
    if settings.format == "double-elimination":
        return double.decided(settings, entrants, games)
    last = max((g.round for g in games), default=0)
    return last >= rounds_for(settings, len(entrants))
