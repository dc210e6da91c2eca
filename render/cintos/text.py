"""Cintos in words: the 8x8 board as text (files a-h, ranks 1-8 as typed) and the facts an alt text needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n import _, ngettext
from render.cintos.board import describe_last, seat_colours
from render.words import GameText, seat_names, text_names, wrapped
from rules.cintos.board import COLOUR_NAMES, territory_word

FILES = "abcdefgh"
TERRITORIES = (("NW", "a5-d8"), ("NE", "e5-h8"), ("SE", "e1-h4"), ("SW", "a1-d4"))


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
        pieces = ngettext("{n} piece", "{n} pieces", count)
        if (view.get("eliminated") or [False] * (seat + 1))[seat]:
            out.append(_("{player}: {pieces}, eliminated", player=name, pieces=pieces))
        elif (view.get("resigned") or [False] * (seat + 1))[seat]:
            out.append(_("{player}: {pieces}, resigned", player=name, pieces=pieces))
        else:
            out.append(_("{player}: {pieces}", player=name, pieces=pieces))
    owners = view.get("owners") or {}
    owned = []
    for key, squares in TERRITORIES:
        owner = owners.get(key) or ""
        owner_word = _(COLOUR_NAMES[owner]) if owner in COLOUR_NAMES else _("nobody")
        # Translators: a territory (NW), its squares (a5-d8) and its owner's colour, or nobody.
        area = territory_word(key)
        owned.append(_("{territory} ({squares}) {owner}", territory=area, squares=squares, owner=owner_word))
    out.append(_("Territories: {territories}", territories=", ".join(owned)))
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
    lines += wrapped(_("Marks: <from >to of the last move"))
    letters = [letter for letter in seat_colours(view) if letter in COLOUR_NAMES]
    lines += wrapped(", ".join(f"{letter} = {_(COLOUR_NAMES[letter])}" for letter in letters))
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
