"""Sakamichi in words: both lines as text (a line's rows by value, its open ends as typed: up, down or the next
value), the hands the viewer may see, and the facts an alt text needs."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from render.sakamichi.board import describe_last, status_text
from render.words import WIDTH, GameText, plural, text_names


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    return describe_last(view, text_names(view, names)).removeprefix("Last: ")


def status(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """The advanced opening's choice (who chooses what); otherwise the shared whose-turn line."""
    if view.get("phase") == "choice" and view.get("choice"):
        return status_text(view, text_names(view, names))
    return None


def _hand(view: dict[str, Any], seat: int) -> str:
    hands = view.get("hands") or []
    hand = hands[seat] if seat < len(hands) else {}
    count = int(hand.get("count") or 0)
    tiles = [t for t in hand.get("tiles") or [] if t != "?"]
    if tiles:
        return f"{plural(count, 'tile')}: " + " ".join(tiles)
    return plural(count, "tile") + (" (hidden)" if count else "")


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Each player's line, hand and unused markers; the pile, the removed tile once shown, the dead tiles."""
    who = text_names(view, names)  # a seat is no colour here ('P1' is notation): the name alone
    colours = view.get("colours") or []
    markers = view.get("markers") or []
    lines = view.get("lines") or {}
    out = []
    for seat, name in enumerate(who):
        colour = colours[seat] if seat < len(colours) else None
        text = f"{name}"
        if colour:
            text += f", {colour} line ({plural(int(lines.get(colour, {}).get('row_count') or 0), 'row')})"
        text += f", hand {_hand(view, seat)}"
        letters = (markers[seat] if seat < len(markers) else {}).get("letters") or ""
        text += f", markers {' '.join(letters) if letters else 'all used'}"
        out.append(text)
    out.append(_table(view))
    return out


def _table(view: dict[str, Any]) -> str:
    """'Pile 7, removed b5, dead w1b1 w5': what lies beside the lines."""
    table = [f"Pile {view.get('pile', 0)}"]
    removed = view.get("removed")
    if removed and removed != "?":
        table.append(f"removed {removed}")
    if view.get("dead"):
        table.append("dead " + " ".join(view["dead"]))
    return ", ".join(table)


def _hands(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Per player: name, own line and unused markers, then the hand (tiles as typed, or how many are hidden)."""
    who = text_names(view, names)  # a seat is no colour here ('P1' is notation): the name alone
    colours = view.get("colours") or []
    markers = view.get("markers") or []
    out = ["HANDS"]
    for seat, name in enumerate(who):
        colour = colours[seat] if seat < len(colours) else None
        letters = (markers[seat] if seat < len(markers) else {}).get("letters") or ""
        unused = "unused " + " ".join(letters) if letters else "R E S used"
        out += textwrap.wrap(" · ".join([name, *([f"{colour} line"] if colour else []), unused]), WIDTH,
                             subsequent_indent="  ")
        out += textwrap.wrap(_hand(view, seat), WIDTH - 2, initial_indent="  ", subsequent_indent="  ")
    return [*out, _table(view)]


def legend(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The text board shows hands and the table under the lines; its legend adds nothing more."""
    return []


def _row(initial: str, row: dict[str, Any]) -> list[str]:
    layers = row.get("layers") or []
    top = row.get("top") or (layers[-1] if layers else [])
    text = f"  {initial}{row['value']:<2} " + " ".join(top)
    if len(layers) > 1:
        text += f" x{len(layers)}"
        return [text, "      under: " + " | ".join(" ".join(layer) for layer in layers[:-1])]
    return [text]


def _end(end: dict[str, Any] | None, side: str) -> str:
    if not end:
        return f"  {side}: -"
    if end.get("closed"):
        return f"  {side}: closed"
    counts = " or ".join(str(c) for c in end.get("counts") or []) or "no"
    return f"  {side} -> {end.get('next')} ({counts} tiles)"


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Each line top to bottom as it climbs: the up end, the up rows from the highest, the die, the down rows, the
    down end. A row is its value and top tiles; a stacked row adds its layer count and the covered tiles."""
    who = text_names(view, names)
    out = []
    for colour in ("white", "black"):
        line = (view.get("lines") or {}).get(colour)
        if not line:
            continue
        owner = line.get("owner")
        owned = f" · {who[owner]}'s" if isinstance(owner, int) and owner < len(who) else ""
        out += textwrap.wrap(f"{colour.upper()} line{owned}", WIDTH, subsequent_indent="  ")
        initial = colour[0].upper()
        ends = line.get("ends") or {}
        out.append(_end(ends.get("up"), "up"))
        for row in reversed(line.get("up") or []):
            out += _row(initial, row)
        die = line.get("die")
        out.append(f"  [die {die}]" if die is not None else "  [die not rolled yet]")
        for row in line.get("down") or []:
            out += _row(initial, row)
        out.append(_end(ends.get("down"), "down"))
    return out + _hands(view, names)


TEXT = GameText(last=last, facts=facts, board=board, status=status, legend=legend)
