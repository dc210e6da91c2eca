"""Computer analysis of a finished match (issue 39): every player's move judged from what its mover could know, by
the drop in its winning chance against the best move found, and every player's accuracy, after Lichess.

Pure like `players`: rules, players and the standard library only, no clock (an import contract); the same match,
seed and iteration budget give the same analysis. docs/players/analysis.md says what the numbers mean.

    analysis = analyse(GAMES["cintos"], Record.of(2, {}, log), seed=match_seed, progress=show)
    analysis.summaries[0].accuracy, analysis.labelled(0), Analysis.from_json(analysis.to_json()) == analysis
"""

from __future__ import annotations

from analysis.accuracy import BLUNDER, INACCURACY, MISTAKE, game_accuracy, label, move_accuracy, volatility_weights
from analysis.analyse import Progress, Seed, analyse, analyse_move, standing_moves, summarise
from analysis.report import KINDS, AnalysedMove, Analysis, PlayerSummary, Record
from analysis.values import Judgement, default_budget, judge

__all__ = [
           "BLUNDER",
           "INACCURACY",
           "KINDS",
           "MISTAKE",
           "AnalysedMove",
           "Analysis",
           "Judgement",
           "PlayerSummary",
           "Progress",
           "Record",
           "Seed",
           "analyse",
           "analyse_move",
           "default_budget",
           "game_accuracy",
           "judge",
           "label",
           "move_accuracy",
           "standing_moves",
           "summarise",
           "volatility_weights",
]
