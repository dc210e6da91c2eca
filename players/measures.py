"""Each game's measure of a position while it goes on: a number per seat, higher is better, the lead in it squashed
by `players.evaluate` (with the game's `scale`). A game's entry (games/) names its measure as its `scorer`.

The measures read a whole (determinised) state: the search calls them only on states it re-dealt itself.
"""

from __future__ import annotations

from rules import Game, State
from rules.bodsoi.paths import analyse
from rules.bodsoi.state import side_of as bodsoi_side
from rules.bodsoi.tiles import BLUE as BODSOI_BLUE

# Sanae's stones by worth (spec section 2: rank, plus range for the movers); the Void's loss ends the game anyway.
SANAE_WORTH = {"V": 0.0, "K": 7.0, "Q": 7.0, "W": 6.5, "D": 7.5, "C": 5.5, "L": 4.0, "N": 3.0, "A": 2.5, "F": 1.0}


def scores(game: Game, state: State) -> list[float]:
    """The game's own public scores (pieces owned, points, best path): what Cintos ranks by, and the default."""
    return [float(s) for s in game.view(state, None)["scores"] or [0] * game.players(state)]


def bodsoi_lead(blue: tuple[int, ...], yellow: tuple[int, ...]) -> float:
    """Blue's lead over Yellow as the scoring would judge their anchored paths' scores now (spec 6.4): best against
    best, then second against second and so on (a missing one 0), the first difference deciding. The lead is that
    difference divided by its place (1 for the best paths, 2 for the second...): an earlier difference is worth more,
    and a tie broken twenty paths down still counts. The measure before summed the best three paths at 1, 0.3 and
    0.09: it called even, or the other way round, boards the scoring decides, and hard lost stalls and full boards
    to a random player that way."""
    for place in range(max(len(blue), len(yellow))):
        mine = blue[place] if place < len(blue) else 0
        theirs = yellow[place] if place < len(yellow) else 0
        if mine != theirs:
            return (mine - theirs) / (place + 1)
    return 0.0


def bodsoi(game: Game, state: State) -> list[float]:
    lead = bodsoi_lead(*analyse(state.board, state.axes, state.links).scores)
    return [lead / 2 if bodsoi_side(seat) == BODSOI_BLUE else -lead / 2 for seat in range(state.players)]


def sinoda(game: Game, state: State) -> list[float]:
    # Points decide; pieces on the board are future points and the means to score them.
    material = [0.0] * state.players
    for piece in state.cells:
        if piece is not None:
            material[piece[0]] += piece[1]
    return [float(points) + 0.25 * mass for points, mass in zip(state.points, material, strict=True)]


def sakamichi(game: Game, state: State) -> list[float]:
    # The first to empty their hand wins: fewer tiles is better. An unused action marker is a way out of being
    # stuck (which loses), and in advanced mode rows on one's own colour line count towards the six-row win.
    measure = [-float(len(hand)) + 0.5 * len(markers) for hand, markers in zip(state.hands, state.markers, strict=True)]
    if state.colours is not None and state.six_rows:
        for seat, line in enumerate(state.colours):
            measure[seat] += 0.6 * state.lines[line].row_count
    return measure


def sanae(game: Game, state: State) -> list[float]:
    worth = [0.0, 0.0]
    for token in state.cells:
        if token:
            worth[0 if token[0] == "r" else 1] += SANAE_WORTH.get(token[1], 1.0)
    return worth
