"""What the pictures and pages of an analysis are drawn from, as plain numbers: the winning-chance series of each
side, the key moments (labelled moves) and their symbols, the labels' words (marked here, made where shown); no
images (the cogs and the web draw them)."""

from __future__ import annotations

from dataclasses import dataclass

from analysis import AnalysedMove, Analysis
from i18n import N_, _

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # Lichess's marks
# Each label's word, marked for the catalogs (the labels themselves stay English codes in the analysis and its JSON)
LABEL_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def label_word(label: str) -> str:
    """A label's word in the language being spoken ("blunder", "grober Fehler")."""
    return _(LABEL_WORDS[label]) if label in LABEL_WORDS else label


@dataclass(frozen=True)
class Mark:
    """A key moment on the graph: point `point` (the position after that move), the mover's side `side`, its
    chance there (`chance`, percent) and its label's symbol."""

    point: int
    side: int
    chance: float
    symbol: str
    n: int  # the move's log line


@dataclass(frozen=True)
class Graph:
    """Each side's winning chance in percent at every point (point 0: before the first move with chances; point k:
    after the k-th), the log line of each point's move (`lines[k - 1]` for point k) and the key moments."""

    sides: tuple[tuple[int, ...], ...]
    series: tuple[tuple[float, ...], ...]
    lines: tuple[int, ...]
    marks: tuple[Mark, ...]


def valued(analysis: Analysis) -> list[AnalysedMove]:
    """The moves with chances (judged or forced), in log order: the points of the graph."""
    return [m for m in analysis.moves if m.before is not None and m.after is not None]


def side_of(analysis: Analysis, seat: int) -> int:
    return next(k for k, side in enumerate(analysis.sides) if seat in side)


def graph(analysis: Analysis) -> Graph:
    moves = valued(analysis)
    series: list[tuple[float, ...]] = []
    for side in analysis.sides:
        seat = side[0]
        if not moves:
            series.append(())
            continue
        first = moves[0].before
        assert first is not None
        series.append((first[seat], *[m.after[seat] for m in moves if m.after is not None]))
    marks = tuple(Mark(k, side_of(analysis, m.seat), m.after[m.seat], SYMBOLS[m.label], m.n)
                  for k, m in enumerate(moves, start=1)
                  if m.label is not None and m.after is not None)
    return Graph(analysis.sides, tuple(series), tuple(m.n for m in moves), marks)


def key_moments(analysis: Analysis, seat: int | None = None) -> list[AnalysedMove]:
    """The labelled moves (of `seat`, or everyone's) in the order played: what the step-through buttons show."""
    return analysis.labelled(seat)


def to_learn(analysis: Analysis, seat: int) -> list[AnalysedMove]:
    """`seat`'s mistakes and blunders (inaccuracies are left out, as Lichess's "learn from your mistakes" does)."""
    return [m for m in analysis.labelled(seat) if m.label in ("mistake", "blunder")]
