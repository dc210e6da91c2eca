"""Pure tournament core: pairings (Swiss, round robin, elimination, pods) and standings with tie-breaks."""

from __future__ import annotations

from tournaments import double, elimination, playoff
from tournaments.drawn import pair_drawn
from tournaments.elimination import bracket
from tournaments.figures import figure, place_text, points_text
from tournaments.model import FORMATS, Entrant, Game, Standing, TournamentSettings
from tournaments.pairing import finished, pair_round, rounds_for
from tournaments.pods import draw_teams, placement_points
from tournaments.roundrobin import berger_table
from tournaments.standings import standings
from tournaments.views import BracketView

__all__ = [
    "FORMATS",
    "BracketView",
    "Entrant",
    "Game",
    "Standing",
    "TournamentSettings",
    "berger_table",
    "bracket",
    "double",
    "draw_teams",
    "elimination",
    "figure",
    "finished",
    "pair_drawn",
    "pair_round",
    "place_text",
    "placement_points",
    "playoff",
    "points_text",
    "rounds_for",
    "standings",
]
