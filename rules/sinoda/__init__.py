"""Sinoda (BSGames, 2024): capture game for 2, 3, 4 or 6 players on a board of triangles; `GAME` is the rules."""

from rules.sinoda.board import BOARDS, LARGE, SMALL, Board, board_for, cell_vertices, start_cells
from rules.sinoda.game import GAME, Sinoda
from rules.sinoda.state import SEAT_NAMES, Change, First, Last, Move, SinodaState

__all__ = ["BOARDS", "GAME", "LARGE", "SEAT_NAMES", "SMALL", "Board", "Change", "First", "Last", "Move", "Sinoda",
           "SinodaState", "board_for", "cell_vertices", "start_cells"]
