"""Sinoda in words: the board of triangles as text (rows a, b, c... from the top, triangles numbered from the left,
as typed) and the facts an alt text needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.sinoda.board import describe_last, seat_flowers
from render.words import GameText, plural, seat_names, text_names

TEAM_NUMERALS = ("I", "II", "III")


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    return describe_last(view, text_names(view, names))


def _initials(view: dict[str, Any]) -> list[str]:
    return [str(name)[:1].upper() for name in view.get("seat_names") or []]


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
        text = (f"{name}: {plural(points[seat] if seat < len(points) else 0, 'point')}, "
                f"{plural(counts[seat] if seat < len(counts) else 0, 'piece')} left")
        if got:
            text += ", captured " + " ".join(str(v) for v in got)
        if seat < len(flowers):
            text += f", from the {flowers[seat]}"
        if view.get("resigned") == seat:
            text += ", resigned"
        out.append(text)
    if view.get("team_mode", "none") != "none":
        letters = _initials(view)
        teams = [f"Team {TEAM_NUMERALS[i]} " + "+".join(letters[s] for s in team)
                 for i, team in enumerate(view.get("teams") or []) if i < len(TEAM_NUMERALS)]
        out.append("Teams: " + ", ".join(teams))
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
    lines.append("R3 = a Red piece of value 3;")
    lines.append("7 in row b = the empty cell b7")
    if marked:
        lines.append("*: the last action's cell")
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
