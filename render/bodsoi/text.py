"""Bodsoi in words: the 8x8 board as text (squares a1-h8 as typed), each tile drawn as its blue band's shape and its
two symbols, the rack the viewer may see, and the facts an alt text needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n import _, ngettext
from render.bodsoi.board import SIDE_TITLES, describe_last
from render.words import GameText, seat_names, text_names, wrapped

FILES = "abcdefgh"
# The blue band's course across the square; the yellow band takes the other two edges.
BANDS = {frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└", frozenset("ES"): "┌",
         frozenset("SW"): "┐", frozenset("NW"): "┘"}
SYMBOLS = {"su": "s", "mo": "m", "st": "t", "le": "l", "wa": "w"}  # one letter each: sTar, not sun


def last(view: dict[str, Any], names: Sequence[str]) -> str:
    if not view.get("last"):
        return ""
    return describe_last(view, text_names(view, names))


def facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Tiles in hand per seat (the viewer's own rack by name), the bag, each colour's best path score."""
    who = seat_names(view, names)
    sizes = view.get("hand_sizes") or []
    out = [ngettext("{player}: {n} tile in hand", "{player}: {n} tiles in hand", sizes[seat] if seat < len(sizes)
                    else 0, player=name) for seat, name in enumerate(who)]
    viewer = view.get("viewer")
    if isinstance(viewer, int) and view.get("hand") is not None:
        out.append(_("Your rack: {tiles}", tiles=", ".join(view["hand"])) if view["hand"] else _("Your rack: empty"))
    out.append(ngettext("Bag: {n} tile", "Bag: {n} tiles", int(view.get("bag") or 0)))
    paths = view.get("paths") or {}
    best = [f"{_(SIDE_TITLES[colour])} {(paths.get(colour) or {}).get('best_score', 0)}"
            for colour in ("blue", "yellow")]
    out.append(_("Best path scores: {scores}", scores=", ".join(best)))
    if view.get("bodsoi"):
        side = str(view["bodsoi"].get("side", ""))
        winner = _(SIDE_TITLES[side]) if side in SIDE_TITLES else side
        out.append(_("Bodsoi: {side} joined two opposite edges", side=winner))
    return out


def _tile(cell: dict[str, Any]) -> str:
    bands = cell.get("bands") or {}
    blue, yellow = bands.get("blue") or {}, bands.get("yellow") or {}
    shape = BANDS.get(frozenset(blue.get("edges") or ()), "?")
    return shape + SYMBOLS.get(str(blue.get("symbol")), "?").upper() + SYMBOLS.get(str(yellow.get("symbol")), "?")


def board(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Rank 8 on top like the image. A tile reads '└Sm': the blue band's course (here N to E), the blue symbol
    (capital), the yellow symbol; '>' points at the last placed tile."""
    tiles = {cell["square"]: cell for cell in view.get("board") or []}
    placed = (view.get("last_placement") or {}).get("square")
    files = "  " + "".join(f"  {f} " for f in FILES)
    lines = [files]
    for rank in range(8, 0, -1):
        row = ""
        for file in FILES:
            square = f"{file}{rank}"
            text = _tile(tiles[square]) if square in tiles else " . "
            row += (">" if square == placed else " ") + text
        lines.append(f"{rank} {row} {rank}")
    lines.append(files)
    # The band's shapes are a field: text-board glyphs, not words (no image draws them; the fonts need not have them).
    lines += wrapped(_("Tile: blue band's course ({shapes}), blue symbol (capital), yellow symbol:",
                       shapes="".join(BANDS.values())))
    # Translators: the text board's one-letter keys for the symbols; keep the letters (s, m, t, l, w).
    lines += wrapped(_("s sun, m moon, t star, l leaf, w wave"))
    if placed:
        lines += wrapped(_(">: the last tile placed ({square})", square=placed))
    return lines


TEXT = GameText(last=last, facts=facts, board=board)
