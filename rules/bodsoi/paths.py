"""Bodsoi paths (spec section 6): linked bands, open ends, anchors, Bodsoi detection and path scores."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rules.bodsoi.board import DEPTH, NEIGHBOURS, SQUARES, opposite
from rules.bodsoi.state import Placed
from rules.bodsoi.tiles import BAND_SIDES, BLUE, EDGE_CODES, E, N, S, W

# Under fixed-axes only a colour's own goal edges anchor: Blue N-S, Yellow W-E (section 6.1).
GOAL_EDGES: dict[str, tuple[frozenset[int], frozenset[int]]] = {
    "any-axis": (frozenset((N, E, S, W)), frozenset((N, E, S, W))),
    "fixed-axes": (frozenset((N, S)), frozenset((E, W))),
}
# ANCHORS[axes][colour][square][side]: `side` where it is a board edge that anchors `colour`'s paths, else None: a
# search analyses every board it scores, a dozen chain ends a colour each.
ANCHORS: dict[str, tuple[tuple[tuple[int | None, ...], ...], ...]] = {
    axes: tuple(tuple(tuple(d if d in goals and NEIGHBOURS[square][d] < 0 else None for d in range(4))
                      for square in range(SQUARES)) for goals in per_colour)
    for axes, per_colour in GOAL_EDGES.items()}
# EDGE_ENDS[axes][colour]: every (square, side) a band of `colour` anchors at when it runs into that side, in square
# order: the anchored chains, all that scores and Bodsoi need, are walked from these alone.
EDGE_ENDS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    axes: tuple(tuple((square, side) for square in range(SQUARES) for side in range(4)
                      if per_colour[colour][square][side] is not None) for colour in (BLUE, 1 - BLUE))
    for axes, per_colour in ANCHORS.items()}


# End and Path are named tuples, not dataclasses: a search analyses every board it scores, dozens of paths each, and
# building frozen dataclasses was a tenth of its time.
class End(NamedTuple):
    """One open end of a chain: the square whose band ends there, the side it leaves by, and the anchoring edge."""

    square: int
    side: int
    anchor: int | None  # the board edge (N, E, S, W) the band runs into, when it counts as an anchor


class Path(NamedTuple):
    """A connected run of linked bands of one colour.

    `cells` runs from `ends[0]` to `ends[1]`; for the best-scoring orientation see `scored_cells`. Loops have no
    ends and score 0.
    """

    colour: int
    cells: tuple[int, ...]
    ends: tuple[End, End] | None
    score: int
    score_from: int | None  # index of the anchored end the score is counted from
    bodsoi: bool

    @property
    def scored_cells(self) -> tuple[int, ...]:
        """The cells from the scoring anchor to the end tile."""
        return self.cells[::-1] if self.score_from == 1 else self.cells


class Analysis:
    """Each colour's sorted score list, best path and Bodsoi path, and every path of both colours.

    Scores, best paths and Bodsoi paths come from the chains anchored at an edge alone, walked from their anchors;
    `paths` is worked out when first asked for (a search scores thousands of boards and never asks)."""

    __slots__ = ("_all", "_axes", "_board", "_links", "best", "bodsoi", "scores")

    def __init__(self, board: tuple[Placed | None, ...], axes: str, links: str) -> None:
        self._board, self._axes, self._links = board, axes, links
        self._all: tuple[tuple[Path, ...], tuple[Path, ...]] | None = None
        anchored = (_anchored(board, axes, links, BLUE), _anchored(board, axes, links, 1 - BLUE))
        # every anchored chain scores (a depth counts from 1), and only those do
        self.scores: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(sorted([p.score for p in anchored[0]], reverse=True)),
            tuple(sorted([p.score for p in anchored[1]], reverse=True)))  # best first
        self.best: tuple[Path | None, Path | None] = (_first_best(anchored[0]), _first_best(anchored[1]))
        self.bodsoi: tuple[Path | None, Path | None] = (
            next((p for p in anchored[0] if p.bodsoi), None), next((p for p in anchored[1] if p.bodsoi), None))

    @property
    def paths(self) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
        """Every path of each colour: chains from their first open end in square order, then loops."""
        if self._all is None:
            self._all = (tuple(_paths(self._board, self._axes, self._links, BLUE)),
                         tuple(_paths(self._board, self._axes, self._links, 1 - BLUE)))
        return self._all


def _first_best(paths: list[Path]) -> Path | None:
    """The first of the highest-scoring paths (`max` with a key, without its calls)."""
    best, top = None, 0
    for path in paths:
        if path.score > top:
            best, top = path, path.score
    return best


def _linked(board: tuple[Placed | None, ...], links: str, square: int, side: int, colour: int) -> int:
    """The square whose `colour` band continues across `side` of `square`, or -1."""
    j = NEIGHBOURS[square][side]
    if j < 0:
        return -1
    other = board[j]
    if other is None:
        return -1
    theirs = EDGE_CODES[other[0]][other[1]][(side + 2) % 4]  # the side facing back (`opposite`, inlined: hot)
    if links == "symbol":
        mine = board[square]
        assert mine is not None
        return j if theirs == EDGE_CODES[mine[0]][mine[1]][side] else -1
    return j if theirs // 5 == colour else -1


def _walk(board: tuple[Placed | None, ...], links: str, colour: int, start: int, entered: int,
          seen: list[bool]) -> tuple[list[int], int]:
    """Follow `colour`'s band from `start` (entered by side `entered`) until it stops linking or comes back to a
    square already walked (a loop); mark the squares seen. Returns the squares and the side the walk left by."""
    cells = [start]
    seen[start] = True
    square = start
    while True:
        here = board[square]
        assert here is not None
        a, b = BAND_SIDES[here[0]][here[1]][colour]
        leave = b if entered == a else a
        nxt = _linked(board, links, square, leave, colour)
        if nxt < 0 or seen[nxt]:
            return cells, leave
        square, entered = nxt, opposite(leave)
        cells.append(square)
        seen[square] = True


def _chain(colour: int, cells: list[int], open_side: int, leave: int, anchors: tuple[tuple[int | None, ...], ...]
           ) -> Path:
    """The path of a chain walked from `cells[0]`, which it leaves by `open_side`, to `cells[-1]`, left by `leave`."""
    start, tip = cells[0], cells[-1]
    near, far = anchors[start][open_side], anchors[tip][leave]
    # The score counts rows from an anchored end's edge to the tile at the other end; the first end wins a tie.
    score, origin = 0, None
    if near is not None:
        score, origin = DEPTH[near][tip], 0
    if far is not None and DEPTH[far][start] > score:
        score, origin = DEPTH[far][start], 1
    bodsoi = near is not None and far == opposite(near)
    return Path(colour, tuple(cells), (End(start, open_side, near), End(tip, leave, far)), score, origin, bodsoi)


def _paths(board: tuple[Placed | None, ...], axes: str, links: str, colour: int) -> list[Path]:
    anchors = ANCHORS[axes][colour]
    seen = [False] * SQUARES
    found: list[Path] = []
    for start in range(SQUARES):
        cell = board[start]
        if cell is None or seen[start]:
            continue
        first, second = BAND_SIDES[cell[0]][cell[1]][colour]
        if _linked(board, links, start, first, colour) < 0:
            open_side = first
        elif _linked(board, links, start, second, colour) < 0:
            open_side = second
        else:
            continue  # a loop or the middle of a chain: chains are walked from an open end
        cells, leave = _walk(board, links, colour, start, open_side, seen)
        found.append(_chain(colour, cells, open_side, leave, anchors))

    for start in range(SQUARES):  # whatever is left lies on loops
        placed = board[start]
        if placed is None or seen[start]:
            continue
        entered = BAND_SIDES[placed[0]][placed[1]][colour][0]
        cells, _ = _walk(board, links, colour, start, entered, seen)
        found.append(Path(colour, tuple(cells), None, 0, None, False))
    return found


def _anchored(board: tuple[Placed | None, ...], axes: str, links: str, colour: int) -> list[Path]:
    """The chains of `colour` with an anchored end, as `_paths` finds them (the same paths, in its order), walked
    from the anchors: cells no anchored chain reaches are never looked at."""
    anchors = ANCHORS[axes][colour]
    seen = [False] * SQUARES  # chains share no cell
    found: list[tuple[int, Path]] = []
    for square, side in EDGE_ENDS[axes][colour]:
        cell = board[square]
        if cell is None or seen[square] or side not in BAND_SIDES[cell[0]][cell[1]][colour]:
            continue  # empty, a chain already walked from its other anchor, or the other band runs into this edge
        cells, leave = _walk(board, links, colour, square, side, seen)
        tip = cells[-1]
        # `_paths` walks a chain from its end first in square order (a lone tile: from its band's first side)
        if tip < square or (tip == square and side != BAND_SIDES[cell[0]][cell[1]][colour][0]):
            cells.reverse()
            side, leave = leave, side
        found.append((cells[0], _chain(colour, cells, side, leave, anchors)))
    found.sort(key=lambda item: item[0])
    return [path for _, path in found]


def bodsoi_through(board: tuple[Placed | None, ...], axes: str, links: str, square: int) -> tuple[bool, bool]:
    """Per colour (blue, yellow): whether the chain through `square` is a Bodsoi (section 6.2).

    A placement changes only the links around its square, so on a board that had no Bodsoi before it, a Bodsoi
    after it is the chain through that square: two short walks instead of every path of `analyse`.
    """
    here = board[square]
    assert here is not None
    found = []
    for colour in (BLUE, 1 - BLUE):
        goals = GOAL_EDGES[axes][colour]
        anchors = []
        for entered in BAND_SIDES[here[0]][here[1]][colour]:  # walk out through the other side, then this one
            cells, leave = _walk(board, links, colour, square, entered, [False] * SQUARES)
            tip = cells[-1]
            if len(cells) > 1 and _linked(board, links, tip, leave, colour) == square:
                break  # back where it began: a loop has no ends
            anchors.append(leave if NEIGHBOURS[tip][leave] < 0 and leave in goals else None)
        found.append(len(anchors) == 2 and anchors[0] is not None and anchors[1] is not None
                     and anchors[1] == opposite(anchors[0]))
    return found[0], found[1]


@lru_cache(maxsize=2048)
def analyse(board: tuple[Placed | None, ...], axes: str, links: str) -> Analysis:
    """All paths on `board` (cached: views, outcomes and suggestions ask about the same board many times)."""
    return Analysis(board, axes, links)


def compare(blue: tuple[int, ...], yellow: tuple[int, ...]) -> int | None:
    """The side whose score list is better, best against best, then second against second (missing = 0)."""
    for k in range(max(len(blue), len(yellow))):
        a = blue[k] if k < len(blue) else 0
        b = yellow[k] if k < len(yellow) else 0
        if a != b:
            return 0 if a > b else 1
    return None
