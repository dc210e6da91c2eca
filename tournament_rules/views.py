"""What a bracket image (or a web page) draws: sections of columns of match boxes, each side with its entrant, seed
and result, where the winner goes on. Built by `elimination.view` and `double.view`; plain data, no drawing."""

from __future__ import annotations

from dataclasses import dataclass

from tournament_rules.model import Game


@dataclass(frozen=True)
class Side:
    """One side of a match box."""

    entrant: int | None  # None: nobody (a bye), or not known yet (`waiting` says whose place it is)
    seed: int | None  # 1-based seed in the bracket
    results: tuple[str, ...] = ()  # per game played: "1" "½" "0", "+" / "−" for a forfeit, "w/o" for a walkover
    won: bool = False
    waiting: str = ""  # who will come here: "winner of W1 · 2", "loser of the final"


@dataclass(frozen=True)
class Box:
    """One match of a bracket."""

    top: Side
    bottom: Side
    feeds: tuple[int | None, int | None] = (None, None)  # the box of the previous column each side comes from
    label: str = ""  # "3rd place", "reset"
    state: str = "waiting"  # "waiting" (a side unknown), "ready" (to be played or being played), "done", "bye"
    # the bottom side comes from the next section's last column's first box (the losers' final into the grand final)
    from_next_section: bool = False


@dataclass(frozen=True)
class Column:
    heading: str  # "Round 1", "Semi-finals", "Final", "L3"
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class Section:
    title: str  # "" for a single bracket, "Winners' bracket", "Losers' bracket", "Grand final"
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class BracketView:
    sections: tuple[Section, ...]
    champion: int | None  # once decided


def game_marks(game: Game, who: int) -> str:
    """How a game reads for one of its entrants in a box."""
    if game.points is None:
        return ""
    if game.is_bye:
        return "w/o"
    mine = game.points[game.entrants.index(who)]
    other = max(p for e, p in zip(game.entrants, game.points, strict=True) if e != who)
    if not game.played and mine != other:
        return "+" if mine > other else "−"
    return "1" if mine > other else "½" if mine == other else "0"


def stage_names(stages: int) -> list[str]:
    """Column headings of a single bracket of `stages` rounds: … Quarter-finals, Semi-finals, Final."""
    names = []
    for k in range(stages):
        left = stages - k  # stages from here to the end, this one included
        names.append("Final" if left == 1 else "Semi-finals" if left == 2 else "Quarter-finals" if left == 3
                     else f"Round {k + 1}")
    return names


def short_stage(name: str) -> str:
    """A column heading in a few letters, for where a side will come from: 'Semi-finals' -> 'SF', 'Round 2' ->
    'R2', 'Winners' final' -> 'WF', 'Losers' round 3' -> 'L3'."""
    words = {"Final": "F", "Semi-finals": "SF", "Quarter-finals": "QF"}
    if name.startswith("Winners' "):
        return "W" + short_stage(name[len("Winners' "):].capitalize())
    if name.startswith("Losers' round "):
        return "L" + name.rsplit(" ", 1)[1]
    if name.startswith("Round "):
        return "R" + name.rsplit(" ", 1)[1]
    return words.get(name, name)
