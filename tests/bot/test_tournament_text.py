"""The standings as text, as the embed and the image's alt text show them (issue 25 defect 5): figures written one
way (halves as ½, other fractions to two places), nothing running into the next column."""

from __future__ import annotations

from cogs.tournament_posts import standings_embed, standings_table
from data.tournaments import EntrantRecord, TableRecord, TournamentRecord
from tournaments import Tournament
from tournaments.model import Sides


def pods_event() -> Tournament:
    """Six players in pods of three, round 1 played: a three-way shared 1st at table 1 (4/3 points each)."""
    record = TournamentRecord(1, 1, 10, None, 1, "sinoda", "pods", 3, {}, 3600, "forfeit", 2, None, None, False,
                              "fixed", "running", 2, {}, 0.0, 0.0)
    entrants = [EntrantRecord(1, e, e - 1, (100 + e,), 0.0, None) for e in range(1, 7)]
    tables = [TableRecord(1, 1, 1, (1, 4, 5), 11, (4 / 3, 4 / 3, 4 / 3), (1, 1, 1), True, ""),
              TableRecord(1, 1, 2, (2, 3, 6), 12, (3.0, 1.0, 0.0), (1, 2, 3), True, ""),
              TableRecord(1, 2, 1, (2, 1, 4), 13, None, None, True, ""),
              TableRecord(1, 2, 2, (3, 5, 6), 14, None, None, True, "")]
    return Tournament(record, [], entrants, tables, "Sinoda", Sides(((0,), (1,), (2,))))


def test_thirds_are_written_to_two_places_and_halves_as_halves() -> None:
    event = pods_event()
    names = {e.entrant: f"p{e.entrant}" for e in event.entrants}
    text = standings_table(event, event.standings(), names)
    assert "1.33" in text and "1.33333" not in text and "1.3333" not in text
    lines = text.splitlines()
    at = lines[0].index("rounds")  # every row's figures end in one column, right before the rounds
    assert all(line[at - 2:at] == "  " and line[at - 3] != " " for line in lines[1:] if not line.startswith("*"))
    embed = standings_embed(event, event.standings(), names)
    assert "after round 1 · round 2 in progress: 0 of 2 results in" in (embed.title or "")
