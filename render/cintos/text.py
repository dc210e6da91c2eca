"""Cintos in words: the 8x8 board as text (files a-h, ranks 1-8 as typed) and the facts an alt text needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.cintos.board import describe_last, seat_colours
from render.words import GameText, plural, seat_names, text_names

FILES = "abcdefgh"
TERRITORIES = (("NW", "a5-d8"), ("NE", "e5-h8"), ("SE", "e1-h4"), ("SW", "a1-d4"))
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "B": "Blue", "G": "Green"}


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    if not view.get("last"):
        return ""
    return describe_last(view, text_names(view, names), seat_colours(view)).replace("\n", " ")


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Pieces per seat, who is out, and who owns each territory."""
    who = seat_names(view, names)
    scores = view.get("scores") or []
    out = []
    for seat, name in enumerate(who):
        count = scores[seat] if seat < len(scores) else 0
        flags = [word for word in ("eliminated", "resigned") if (view.get(word) or [False] * (seat + 1))[seat]]
        out.append(f"{name}: {plural(count, 'piece')}" + (f", {flags[0]}" if flags else ""))
    owners = view.get("owners") or {}
    owned = [f"{key} ({squares}) {COLOUR_NAMES.get(owners.get(key) or '', 'nobody')}" for key, squares in TERRITORIES]
    out.append("Territories: " + ", ".join(owned))
    return out


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Rank 8 on top like the image; a piece is its colour letter, an empty square a dot; the last move marked."""
    squares = view.get("board") or {}
    moved = view.get("last") or {}
    marks = {moved.get("from"): "<", moved.get("to"): ">"} if moved.get("kind") == "move" else {}
    files = "   " + " ".join(f" {f}" for f in FILES)
    lines = [files]
    for rank in range(8, 0, -1):
        cells = []
        for file in FILES:
            square = f"{file}{rank}"
            # the mark sits left of the cell: '>R' is where the last move went, '<.' where it came from
            cells.append(marks.get(square, " ") + squares.get(square, "."))
        lines.append(f"{rank}  " + " ".join(cells) + f"  {rank}")
    lines.append(files)
    lines.append("Marks: <from >to of the last move")
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
