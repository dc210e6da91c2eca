"""Pure tournament core: pairings (Swiss, round robin, elimination, pods) and standings with tie-breaks."""

from __future__ import annotations

from tournament_rules import double, elimination, playoff, schedule
from tournament_rules.drawn import pair_drawn
from tournament_rules.elimination import bracket
from tournament_rules.figures import figure, place_text, points_text
from tournament_rules.model import FORMATS, Entrant, Game, Standing, TournamentSettings
from tournament_rules.pairing import finished, pair_round, rounds_for
from tournament_rules.pods import draw_teams, placement_points
from tournament_rules.roundrobin import berger_table
from tournament_rules.standings import standings
from tournament_rules.views import BracketView

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
    "schedule",
    "standings",
]
