"""What a bracket image (or a web page) draws: sections of columns of match boxes, each side with its entrant, seed
and result, where the winner goes on. Built by `elimination.view` and `double.view`; plain data, no drawing."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import _, pgettext
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
        # Translators: a walkover (went through without playing), in a bracket's match box: a few letters
        return pgettext("bracket result", "w/o")
    mine = game.points[game.entrants.index(who)]
    other = max(p for e, p in zip(game.entrants, game.points, strict=True) if e != who)
    if not game.played and mine != other:
        return "+" if mine > other else "−"
    return "1" if mine > other else "½" if mine == other else "0"


def stage_names(stages: int) -> list[str]:
    """Column headings of a single bracket of `stages` rounds: … Quarter-finals, Semi-finals, Final (in the language
    being spoken)."""
    names = []
    for k in range(stages):
        left = stages - k  # stages from here to the end, this one included
        names.append(_("Final") if left == 1 else _("Semi-finals") if left == 2 else _("Quarter-finals") if left == 3
                     else _("Round {n}", n=k + 1))
    return names


def stage_short(stages: int, k: int) -> str:
    """Column `k`'s heading of a single bracket of `stages` rounds in a few letters, for where a side will come
    from: 'F', 'SF', 'QF', 'R2' (each language's own abbreviations)."""
    left = stages - k
    if left == 1:
        # Translators: short for "Final", as in "winner F·1"
        return pgettext("bracket short", "F")
    if left == 2:
        # Translators: short for "Semi-finals", as in "winner SF·1"
        return pgettext("bracket short", "SF")
    if left == 3:
        # Translators: short for "Quarter-finals", as in "winner QF·2"
        return pgettext("bracket short", "QF")
    # Translators: short for "Round 2", as in "winner R2·3"
    return pgettext("bracket short", "R{n}", n=k + 1)
