"""Sanae in words: both circles as text grids (ring by arc, so `R3.07` is row R3, column 07, as typed), the stones
the viewer may know, and the facts an alt text needs."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from i18n import _, ngettext
from render.sanae.board import describe_last, lost_text, pending_words, quiet_words, setup_words
from render.words import WIDTH, GameText, seat_names, text_names
from rules.sanae.pieces import LETTERS, NAMES

CONTENDED = {11: "C3", 0: "C2", 1: "C1"}  # ring-4 arcs shared by both circles


def _letters() -> list[str]:
    """The stones' letters in words, rank order, wrapped at the board's width: `V Void, K King, ...` (the names in
    the language being spoken; a line's width counts a wide character, as Japanese has, twice)."""
    lines: list[str] = []
    row = _("Stones:")
    for letter in LETTERS:
        item = f" {letter} {_(NAMES[letter])}" + ("," if letter != LETTERS[-1] else "")
        if _columns(row) + _columns(item) > WIDTH:
            lines.append(row)
            row = " "
        row += item
    return [*lines, row]


def _columns(text: str) -> int:
    """The columns `text` takes in a monospace block: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    return describe_last(view, text_names(view, names))


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Per side: the setup step, or the stones it lost; an open Zed Inel question; the quiet count; spent Zeds."""
    who = seat_names(view, names)
    stones = [(c.get("stone") or {}).get("seat") for c in view.get("cells") or []]
    out = []
    for seat, name in enumerate(who):
        if view.get("phase") == "setup":
            status = ((view.get("setup") or [{}, {}])[seat] or {}).get("status", "")
            out.append(_("{name}: {status}", name=name, status=setup_words(status)))
        else:
            lost = lost_text((view.get("captured") or ["", ""])[seat])
            out.append(ngettext("{name}: {n} stone on the board, {lost}", "{name}: {n} stones on the board, {lost}",
                                stones.count(seat), name=name, lost=lost))
    pending = pending_words(view, who)
    if pending:
        out.append(pending)
    quiet = quiet_words(view)
    if quiet:
        out.append(quiet)
    spent = [c["label"] for c in view.get("cells") or [] if (c.get("stone") or {}).get("zed_used")]
    if spent:
        out.append(_("Captains with Zed Inel used: {cells}", cells=" ".join(spent)))
    return out


def _stone(stone: dict[str, Any] | None) -> str:
    """'.' empty; 'R?' a stone whose rank the viewer does not know; 'RK' revealed; 'Rk' own, not yet revealed."""
    if not stone:
        return "."
    side = str(stone.get("side") or "?")[:1].upper()
    letter = stone.get("letter")
    if not letter:
        return side + "?"
    return side + (str(letter).upper() if stone.get("revealed") else str(letter).lower())


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The Red circle, then the Blue one: rings 4 (outer) to 1 down, arcs 00-11 across (00 faces the other
    circle). Ring 4 arcs 11, 00, 01 are the shared cells C3, C2, C1 and appear in both grids."""
    grid: dict[tuple[str, int, int], str] = {}
    contended: dict[int, str] = {}
    for cell in view.get("cells") or []:
        text = _stone(cell.get("stone"))
        if cell["circle"] == "C":
            contended[int(cell["arc"])] = text
        else:
            grid[(cell["circle"], int(cell["ring"]), int(cell["arc"]))] = text
    header = "   " + "".join(f" {arc:02d}" for arc in range(12))
    lines = []
    for circle, name in (("R", _("RED circle (R)")), ("B", _("BLUE circle (B)"))):
        lines += [name, header]
        for ring in (4, 3, 2, 1):
            cells = [contended.get(arc, "?") if ring == 4 and arc in CONTENDED else grid.get((circle, ring, arc), " ")
                     for arc in range(12)]
            lines.append(f"{circle}{ring} " + "".join(c.rjust(3) for c in cells))
    shared = "  ".join(f"{CONTENDED[arc]} {contended.get(arc, '.')}" for arc in (1, 0, 11))
    lines.append(_("Shared: {cells}", cells=shared))
    lines += _letters()
    # Translators: the text board's key: R? RK Rk are how stones are written there (notation, kept as they are).
    lines.append(_("R? hidden, RK revealed, Rk yours, unseen") if view.get("viewer") is not None
                 else _("R? hidden, RK revealed"))
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
