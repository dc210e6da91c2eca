"""Sakamichi in words: both lines as text (a line's rows by value, its open ends as typed: up, down or the next
value), the hands the viewer may see, and the facts an alt text needs."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from i18n import _, ngettext
from render.sakamichi.board import last_words, status_text
from render.words import WIDTH, GameText, text_names
from rules.sakamichi.state import counts_text


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    return last_words(view, text_names(view, names))


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
        return ngettext("{n} tile: {tiles}", "{n} tiles: {tiles}", count, tiles=" ".join(tiles))
    return ngettext("{n} tile (hidden)", "{n} tiles (hidden)", count) if count else ngettext("{n} tile", "{n} tiles",
                                                                                              count)


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Each player's line, hand and unused markers; the pile, the removed tile once shown, the dead tiles."""
    who = text_names(view, names)  # a seat is no colour here ('P1' is notation): the name alone
    colours = view.get("colours") or []
    markers = view.get("markers") or []
    lines = view.get("lines") or {}
    out = []
    for seat, name in enumerate(who):
        colour = colours[seat] if seat < len(colours) else None
        letters = (markers[seat] if seat < len(markers) else {}).get("letters") or ""
        unused = " ".join(letters) if letters else _("all used")
        if colour:
            rows = int(lines.get(colour, {}).get("row_count") or 0)
            # Translators: {line} is the line's name as typed (white or black): notation.
            out.append(ngettext("{name}, {line} line ({n} row), hand {hand}, markers {markers}",
                                "{name}, {line} line ({n} rows), hand {hand}, markers {markers}", rows, name=name,
                                line=colour, hand=_hand(view, seat), markers=unused))
        else:
            out.append(_("{name}, hand {hand}, markers {markers}", name=name, hand=_hand(view, seat), markers=unused))
    out.append(_table(view))
    return out


def _table(view: dict[str, Any]) -> str:
    """'Pile 7, removed b5, dead w1b1 w5': what lies beside the lines."""
    table = [_("Pile {n}", n=view.get("pile", 0))]
    removed = view.get("removed")
    if removed and removed != "?":
        table.append(_("removed {tile}", tile=removed))
    if view.get("dead"):
        table.append(_("dead {tiles}", tiles=" ".join(view["dead"])))
    return ", ".join(table)


def _hands(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Per player: name, own line and unused markers, then the hand (tiles as typed, or how many are hidden)."""
    who = text_names(view, names)  # a seat is no colour here ('P1' is notation): the name alone
    colours = view.get("colours") or []
    markers = view.get("markers") or []
    out = [_("HANDS")]
    for seat, name in enumerate(who):
        colour = colours[seat] if seat < len(colours) else None
        letters = (markers[seat] if seat < len(markers) else {}).get("letters") or ""
        unused = _("unused {markers}", markers=" ".join(letters)) if letters else _("R E S used")
        line = [_("{line} line", line=colour)] if colour else []
        out += textwrap.wrap(" · ".join([name, *line, unused]), WIDTH, subsequent_indent="  ")
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
        return [text, "      " + _("under: {tiles}", tiles=" | ".join(" ".join(layer) for layer in layers[:-1]))]
    return [text]


def _end(end: dict[str, Any] | None, side: str) -> str:
    """An open end as typed (up, down) and what it takes: 'up -> 8 (1 or 3 tiles)'."""
    if not end:
        return f"  {side}: -"
    if end.get("closed"):
        return "  " + _("{end}: closed", end=side)
    return f"  {side} -> {end.get('next')} ({counts_text(list(end.get('counts') or []))})"


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
        title = _("{line} line", line=colour.upper())
        if isinstance(owner, int) and owner < len(who):
            title = f"{title} · " + _("{name}'s", name=who[owner])
        out += textwrap.wrap(title, WIDTH, subsequent_indent="  ")
        initial = colour[0].upper()
        ends = line.get("ends") or {}
        out.append(_end(ends.get("up"), "up"))
        for row in reversed(line.get("up") or []):
            out += _row(initial, row)
        die = line.get("die")
        out.append("  " + (_("[die {value}]", value=die) if die is not None else _("[die not rolled yet]")))
        for row in line.get("down") or []:
            out += _row(initial, row)
        out.append(_end(ends.get("down"), "down"))
    return out + _hands(view, names)


TEXT = GameText(last=last, facts=facts, board=board, status=status, legend=legend)
