"""Sinoda in words: the board of triangles as text (rows a, b, c... from the top, triangles numbered from the left,
as typed) and the facts an alt text needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n import _, ngettext
from render.sinoda.board import describe_last, seat_flowers
from render.words import GameText, seat_names, text_names, wrapped
from rules.sinoda.state import SEAT_NAMES

TEAM_NUMERALS = ("I", "II", "III")


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    return describe_last(view, text_names(view, names))


def _initials(view: dict[str, Any]) -> list[str]:
    """The seats' letters on the text board: the English colours' initials in every language (R, B, Y, G, P, O are
    distinct; translated initials need not be), explained by the legend."""
    return [name[:1] for name in SEAT_NAMES[: int(view.get("players") or len(view.get("seat_names") or []))]]


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Per seat: points, pieces left, captured values, start flower; teams in team games."""
    who = seat_names(view, names)
    points = view.get("points") or view.get("scores") or []
    counts = view.get("piece_counts") or []
    captured = view.get("captured") or []
    flowers = seat_flowers(view)
    out = []
    for seat, name in enumerate(who):
        got = captured[seat] if seat < len(captured) else []
        parts = [ngettext("{n} point", "{n} points", points[seat] if seat < len(points) else 0),
                 ngettext("{n} piece left", "{n} pieces left", counts[seat] if seat < len(counts) else 0)]
        if got:
            parts.append(_("captured {values}", values=" ".join(str(v) for v in got)))
        if seat < len(flowers):
            parts.append(_("from the {flower}", flower=flowers[seat]))
        if view.get("resigned") == seat:
            parts.append(_("resigned"))
        # Translators: a seat and its facts in words about a board: "ada (Red): 3 points, 5 pieces left".
        out.append(_("{player}: {facts}", player=name, facts=", ".join(parts)))
    if view.get("team_mode", "none") != "none":
        letters = _initials(view)
        teams = [_("Team {numeral} {seats}", numeral=TEAM_NUMERALS[i], seats="+".join(letters[s] for s in team))
                 for i, team in enumerate(view.get("teams") or []) if i < len(TEAM_NUMERALS)]
        out.append(_("Teams: {teams}", teams=", ".join(teams)))
    return out


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One text row per board row, shorter rows indented so a triangle sits above its neighbour in the next row.

    A piece shows its owner's initial and value (R3); an empty triangle its number in the row, so `c4` reads as
    row c, the number 4; the cell the last action ended on is starred.
    """
    initials = _initials(view)
    rows: dict[str, list[dict[str, Any]]] = {}
    for cell in view.get("cells") or []:
        rows.setdefault(cell["row"], []).append(cell)
    widest = max((len(cells) for cells in rows.values()), default=0)
    moved = view.get("last") or {}
    marked = {moved.get("to"), moved.get("cell")} - {None}
    lines = []
    for row, cells in sorted(rows.items()):  # a (the top) first
        drawn = []
        for cell in sorted(cells, key=lambda c: c["number"]):
            piece = cell.get("piece")
            text = f"{initials[piece['seat']]}{piece['value']}" if piece else str(cell["number"])
            drawn.append(("*" if cell["label"] in marked else " ") + text.rjust(2))
        indent = "   " * ((widest - len(cells)) // 2)
        lines.append(f"{row} {indent}{''.join(drawn)}  {row}")
    colours = [_(str(name)) for name in view.get("seat_names") or []]
    keys = ", ".join(f"{letter} = {colours[seat]}" for seat, letter in enumerate(initials) if seat < len(colours))
    lines += wrapped(keys)
    lines += wrapped(_("R3 = a piece of R of value 3; 7 in row b = the empty cell b7"))
    if marked:
        lines += wrapped(_("*: the last action's cell"))
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
