"""The Bodsoi board image: banded tiles with vector symbols, edge rulers, best paths and the private rack."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import N_, _, command, ngettext
from render.kit import (
    BLUE,
    BOARD,
    BORDER,
    INK,
    MUTED,
    WHITE,
    YELLOW,
    Canvas,
    Chip,
    chip,
    first_fitting,
    rgba,
    shape_of,
)
from render.panels import (
    BODY,
    HEADER_HEIGHT,
    MARGIN,
    SMALL,
    PanelRow,
    card_text_width,
    cards_height,
    display_names,
    header,
    panel_text,
    reason_line,
    seat_cards,
    text_height,
)
from rules.bodsoi import tile_geometry

TITLE = "Bodsoi"
FILES = "abcdefgh"
SIDES = {"blue": BLUE, "yellow": YELLOW}
SIDE_TITLES = {"blue": N_("Blue"), "yellow": N_("Yellow")}  # translated where shown
SYMBOL_INK = {"blue": WHITE, "yellow": INK}  # symbols in the colour that reads on their band
TILE_FILL = "#FBF8F2"
EMPTY_FILL = "#E3DACA"
GRID = "#CFC4B1"

# Phone first: the board across the whole width, the seats and the last turn under it. 8 cells of CELL px inside
# bands for the rulers: ranks on the left (rows counted from S), rows counted from N on the right and from E on top,
# and at the bottom the files with the rows counted from W under them.
WIDTH = 1000
LABEL = 44
LABEL_BOTTOM = 80
CELL = (WIDTH - 2 * MARGIN - 2 * LABEL) // 8
BOARD_TOP = HEADER_HEIGHT + 14
BOARD_SIZE = 8 * CELL + 2 * LABEL  # wide; the frame is LABEL + 8 * CELL + LABEL_BOTTOM high
FRAME_HEIGHT = 8 * CELL + LABEL + LABEL_BOTTOM
PANEL_W = WIDTH - 2 * MARGIN
PANEL_TOP = BOARD_TOP + FRAME_HEIGHT + 16

# The private rack under the panel: each tile in every rotation.
RACK_CELL = 90
RACK_GAP = 24
RACK_GROUP_W = 4 * RACK_CELL + 3 * 10
RACK_ROW_H = 40 + RACK_CELL + 40 + 14

DIRS = ("N", "E", "S", "W")
# Unit vector from a cell's centre towards each side (screen coordinates: y grows downwards).
DIR_VEC = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


# ---- symbols --------------------------------------------------------------------------------------------------
def draw_symbol(canvas: Canvas, name: str, centre: tuple[float, float], r: float, fg: str, bg: str) -> None:
    """One of the five symbols as a vector shape of radius `r`, upright, in `fg` on a band of colour `bg`."""
    x, y = centre
    if name == "su":  # sun: a disc with eight rays
        canvas.circle(centre, r * 0.46, fill=fg)
        for k in range(8):
            a = k * math.pi / 4
            canvas.line([(x + math.cos(a) * r * 0.66, y + math.sin(a) * r * 0.66),
                         (x + math.cos(a) * r * 1.0, y + math.sin(a) * r * 1.0)], fg, max(1.2, r * 0.17))
    elif name == "mo":  # moon: a crescent, a disc with an offset bite of the band's colour
        canvas.circle(centre, r * 0.9, fill=fg)
        canvas.circle((x + r * 0.42, y - r * 0.28), r * 0.74, fill=bg)
    elif name == "st":  # star: five points
        points = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.42
            points.append((x + math.cos(a) * rr, y + math.sin(a) * rr * 1.0 + r * 0.08))
        canvas.polygon(points, fill=fg)
    elif name == "le":  # leaf: a pointed lens on the diagonal with a midrib
        points = []
        for k in range(13):
            t = -1 + k / 6
            points.append((t, 0.42 * (1 - t * t)))
        points += [(-t, -w) for t, w in points[1:-1]]
        c, s = math.cos(-math.pi / 4), math.sin(-math.pi / 4)
        canvas.polygon([(x + (px * c - py * s) * r, y + (px * s + py * c) * r) for px, py in points], fill=fg)
        canvas.line([(x - r * 0.55 * c, y - r * 0.55 * s), (x + r * 0.7 * c, y + r * 0.7 * s)], bg,
                    max(1.0, r * 0.1))
    elif name == "wa":  # wave: two stacked sine strokes
        for dy in (-0.3, 0.3):
            canvas.line([(x + (k / 12 * 2 - 1) * r, y + dy * r + math.sin(k / 12 * 2 * math.pi) * r * 0.26)
                         for k in range(13)], fg, max(1.2, r * 0.2))


# ---- tiles ----------------------------------------------------------------------------------------------------
def _corner_of(edges: Sequence[str], size: float) -> tuple[float, float]:
    """The tile corner (local coordinates) shared by two adjacent edges."""
    return (size if "E" in edges else 0.0), (0.0 if "N" in edges else size)


def _arc_band(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float) -> list[tuple[float, float]]:
    steps = 14
    outer = [(cx + math.cos(a0 + (a1 - a0) * k / steps) * r1, cy + math.sin(a0 + (a1 - a0) * k / steps) * r1)
             for k in range(steps + 1)]
    inner = [(cx + math.cos(a0 + (a1 - a0) * k / steps) * r0, cy + math.sin(a0 + (a1 - a0) * k / steps) * r0)
             for k in range(steps, -1, -1)]
    return outer + inner


def _band_geometry(edges: Sequence[str], size: float, width: float) -> tuple[list[tuple[float, float]],
                                                                           list[tuple[float, float]]]:
    """(polygon of the band, where its symbols go) in the tile's local coordinates."""
    h = size / 2
    if set(edges) in ({"N", "S"}, {"E", "W"}):
        if "N" in edges:
            poly = [(h - width / 2, 0), (h + width / 2, 0), (h + width / 2, size), (h - width / 2, size)]
            marks = [(h, size * 0.2), (h, size * 0.8)]
        else:
            poly = [(0, h - width / 2), (size, h - width / 2), (size, h + width / 2), (0, h + width / 2)]
            marks = [(size * 0.2, h), (size * 0.8, h)]
        return poly, marks
    cx, cy = _corner_of(edges, size)
    # Angles (screen) from the corner towards the tile's inside.
    a_mid = math.atan2(h - cy, h - cx)
    poly = _arc_band(cx, cy, h - width / 2, h + width / 2, a_mid - math.pi / 4, a_mid + math.pi / 4)
    return poly, [(cx + math.cos(a_mid) * h, cy + math.sin(a_mid) * h)]


@lru_cache(maxsize=512)
def tile_image(tile: str, rotation: int, size: int) -> Image.Image:
    """A tile `size` px square in the given rotation, drawn once at the kit's scale and pasted wherever needed."""
    geometry = tile_geometry(tile, rotation)
    canvas = Canvas(size, size, TILE_FILL)
    width = size * 0.34
    bands = geometry["bands"]
    # A straight tile's bands cross without joining: yellow runs under, blue over with a paper gap beside it.
    for colour in ("yellow", "blue"):
        band = bands[colour]
        poly, _ = _band_geometry(band["edges"], size, width)
        if geometry["crossing"] and colour == "blue":
            gap, _ = _band_geometry(band["edges"], size, width + size * 0.1)
            canvas.polygon(gap, fill=TILE_FILL)
        canvas.polygon(poly, fill=SIDES[colour], outline=INK, width=2)  # a rim that still shows at phone width
    for colour in ("yellow", "blue"):
        band = bands[colour]
        _, marks = _band_geometry(band["edges"], size, width)
        for mark in marks:
            draw_symbol(canvas, band["symbol"], mark, width * 0.36, SYMBOL_INK[colour], SIDES[colour])
    canvas.rect((0, 0, size, size), outline=MUTED, width=1)
    return canvas.image


# ---- the board ------------------------------------------------------------------------------------------------
def square_xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def cell_box(square: str, left: float = MARGIN, top: float = BOARD_TOP) -> tuple[float, float, float, float]:
    f, r = square_xy(square)
    x, y = left + LABEL + f * CELL, top + LABEL + (7 - r) * CELL
    return x, y, x + CELL, y + CELL


def _centre(square: str) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(square)
    return (x0 + x1) / 2, (y0 + y1) / 2


@lru_cache(maxsize=1)
def _board_base() -> Image.Image:
    """The frame with the rulers: ranks (rows from S) left, rows from N right, rows from E on top, files and rows
    from W at the bottom. Coordinates in ink, the other counts muted."""
    canvas = Canvas(BOARD_SIZE, FRAME_HEIGHT)
    canvas.rect((0, 0, BOARD_SIZE, FRAME_HEIGHT), fill=BOARD, outline=BORDER, radius=8)
    x0 = y0 = LABEL
    x1, y1 = LABEL + 8 * CELL, LABEL + 8 * CELL
    canvas.rect((x0, y0, x1, y1), fill=EMPTY_FILL)
    for k in range(9):
        canvas.line([(x0 + k * CELL, y0), (x0 + k * CELL, y1)], GRID, 1)
        canvas.line([(x0, y0 + k * CELL), (x1, y0 + k * CELL)], GRID, 1)
    canvas.rect((x0, y0, x1, y1), outline=MUTED, width=1.5)
    for i in range(8):
        cx = x0 + (i + 0.5) * CELL
        cy = y0 + (i + 0.5) * CELL
        rank, file_ = 8 - i, FILES[i]
        canvas.text((LABEL / 2, cy), str(rank), SMALL, INK, anchor="mm")  # the ranks: also the rows from S
        canvas.text((BOARD_SIZE - LABEL / 2, cy), str(9 - rank), SMALL, MUTED, anchor="mm")  # rows from N
        canvas.text((cx, LABEL / 2), str(8 - i), SMALL, MUTED, anchor="mm")  # rows from E: h = 1
        canvas.text((cx, y1 + LABEL_BOTTOM * 0.3), file_, SMALL, INK, anchor="mm")
        canvas.text((cx, y1 + LABEL_BOTTOM * 0.72), str(i + 1), SMALL, MUTED, anchor="mm")  # rows from W: a = 1
    return canvas.image


def _open_side(cell: Mapping[str, Any], colour: str, towards: str | None) -> str:
    """The side of `cell` where `colour`'s band leaves the board (the path's anchor), preferring the board edge."""
    f, r = square_xy(cell["square"])
    off = {"N": r == 7, "S": r == 0, "W": f == 0, "E": f == 7}
    edges = cell["bands"][colour]["edges"]
    for side in edges:
        if off[side] and side != towards:
            return side
    return next((side for side in edges if side != towards), edges[0])


def _side_between(a: str, b: str) -> str | None:
    (fa, ra), (fb, rb) = square_xy(a), square_xy(b)
    return {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}.get((fb - fa, rb - ra))


def _band_trace(square: str, enter: str, leave: str) -> list[tuple[float, float]]:
    """Points along a band from the middle of side `enter` to the middle of side `leave` of `square`."""
    x0, y0, _, _ = cell_box(square)
    h = CELL / 2
    mids = {d: (x0 + h + DIR_VEC[d][0] * h, y0 + h + DIR_VEC[d][1] * h) for d in DIRS}
    if DIR_VEC[enter][0] == -DIR_VEC[leave][0] and DIR_VEC[enter][1] == -DIR_VEC[leave][1]:
        return [mids[enter], mids[leave]]
    cx, cy = _corner_of((enter, leave), CELL)
    cx, cy = cx + x0, cy + y0
    a0 = math.atan2(mids[enter][1] - cy, mids[enter][0] - cx)
    a1 = math.atan2(mids[leave][1] - cy, mids[leave][0] - cx)
    if abs(a1 - a0) > math.pi:
        a1 += 2 * math.pi if a1 < a0 else -2 * math.pi
    return [(cx + math.cos(a0 + (a1 - a0) * k / 8) * h, cy + math.sin(a0 + (a1 - a0) * k / 8) * h) for k in range(9)]


def _path_points(cells: Sequence[str], colour: str, board: Mapping[str, Mapping[str, Any]]) -> list[tuple[float,
                                                                                                      float]]:
    """The path's centre line along its bands, from the anchoring board edge to the open end of its end tile."""
    if not cells or any(c not in board for c in cells):
        return []
    points: list[tuple[float, float]] = []
    enter = _open_side(board[cells[0]], colour, _side_between(cells[0], cells[1]) if len(cells) > 1 else None)
    for k, square in enumerate(cells):
        edges = board[square]["bands"][colour]["edges"]
        leave = next((d for d in edges if d != enter), edges[-1])
        points += _band_trace(square, enter, leave)
        if k + 1 < len(cells):
            step = _side_between(square, cells[k + 1])
            enter = {"N": "S", "S": "N", "E": "W", "W": "E"}[step or leave]
    return points


def _draw_path(canvas: Canvas, points: Sequence[tuple[float, float]], colour: str, score: int, win: bool) -> None:
    """A translucent glow wider than the bands along the path, its anchor dot and its score at the open end."""
    if len(points) < 2:
        return
    fill = SIDES[colour]
    # A translucent glow wider than the bands, then the centre line in the side's colour cased in ink (dark on a
    # yellow band, light on a blue one): it shows over bands of its own colour too.
    canvas.line(points, rgba(fill, 0.38), CELL * 0.5)
    canvas.line(points, INK, 11)
    canvas.line(points, fill, 6)
    shape = shape_of(fill)
    canvas.token(points[0], 12, fill, shape, outline=INK, width=2)
    if not win:
        canvas.token(points[-1], 24, fill, shape, str(score), INK if colour == "yellow" else WHITE, size=SMALL,
                     width=2.5)


def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """Per seat: Blue or Yellow in its shape, labelled B / Y (B1, Y1, B2, Y2 in teams)."""
    sides = view.get("seat_sides") or ["blue", "yellow"]
    labels = view.get("seat_labels") or [s[:1].upper() for s in sides]
    return [chip(side, label) for side, label in zip(sides, labels, strict=False)]


def _rows(view: Mapping[str, Any], names: Sequence[str], chips: Sequence[Chip]) -> list[PanelRow]:
    outcome = view.get("outcome")
    winners = set(outcome.get("winners") or []) if outcome else set()
    sizes = view.get("hand_sizes") or []
    sides = view.get("seat_sides") or []
    paths = view.get("paths") or {}
    room = card_text_width(PANEL_W, value=True)
    rows = []
    for seat, ch in enumerate(chips):
        count = sizes[seat] if seat < len(sizes) else 0
        tiles = ngettext("{n} tile", "{n} tiles", count)
        side = sides[seat] if seat < len(sides) else ""
        title = _(SIDE_TITLES[side]) if side in SIDE_TITLES else ""
        state = (_("winner") if seat in winners else "" if outcome else
                 _("to move") if seat == view.get("to_move") else "")
        options = [f"{title} · {tiles} · {state}", f"{tiles} · {state}", state] if state else [f"{title} · {tiles}",
                                                                                                tiles]
        best = (paths.get(side) or {}).get("best_score")
        active = seat in winners if outcome else seat == view.get("to_move")
        rows.append(PanelRow(ch, names[seat], first_fitting(options, SMALL, room), active,
                             # Translators: the unit under a side's best path score on a seat's card, a short word.
                             value=str(best or 0), unit=_("path")))
    return rows


def _words(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str, str]:
    """(why it ended, the bag and the paths, the last turn and the variant) in words for under the board."""
    reason = reason_line(view, names)  # the header says who; here why
    paths = view.get("paths") or {}
    scores = []
    for colour in ("blue", "yellow"):
        found = list((paths.get(colour) or {}).get("scores") or [])
        # The six best and how many more, never an ellipsis: it would read as words cut short.
        listed = ", ".join(str(s) for s in found[:6]) + (f" (+{len(found) - 6})" if len(found) > 6 else "") \
            if found else _("none")
        # Translators: a side and its anchored paths' scores under the board: "Blue 5, 3, 2".
        side = _(SIDE_TITLES[colour])
        scores.append(_("{side} {scores}", side=side, scores=listed))
    facts = _("Bag {count} · paths: {scores}", count=view.get("bag", 0), scores=" · ".join(scores))
    words = describe_last(view, names) if view.get("last") else ""
    last = _("Last: {action}", action=words) if words else ""
    options = view.get("options") or {}
    variant = [v for v in (options.get("axes"), options.get("links")) if v and v not in ("any-axis", "colour")]
    if variant:
        last += (" " if last else "") + _("Variant: {options}.", options=", ".join(variant))
    return reason, facts, last


def _panel_height(view: Mapping[str, Any], names: Sequence[str], chips: Sequence[Chip]) -> float:
    reason, facts, last = _words(view, names)
    return (cards_height(len(chips)) + 14 + text_height(reason, PANEL_W, BODY) + text_height(facts, PANEL_W)
            + text_height(last, PANEL_W))


def _panel(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], chips: Sequence[Chip]) -> float:
    """Under the board: a card per seat with its side's best path, why it ended, the bag and every anchored path's
    score, the last turn; returns the y below."""
    x, w = MARGIN, PANEL_W
    y = seat_cards(canvas, x, PANEL_TOP, w, _rows(view, names, chips)) + 14
    reason, facts, last = _words(view, names)
    if reason:
        y = panel_text(canvas, x, y, w, reason, BODY)
    y = panel_text(canvas, x, y, w, facts, SMALL)
    if last:
        y = panel_text(canvas, x, y, w, last, SMALL, MUTED)
    return y


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    last = view.get("last") or {}
    seat = last.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    kind = last.get("kind")
    if kind == "place":
        return _("{player} placed {tile} on {square} at {rotation}°.", player=who, tile=last.get("tile"),
                 square=last.get("square"), rotation=last.get("rotation"))
    if kind == "resign":
        return _("{player} resigned.", player=who)
    return _("{player} passed.", player=who)


def _draw_rack(canvas: Canvas, top: float, hand: Sequence[str]) -> None:
    """The viewer's own tiles, each in every distinct rotation with the rotation written under it."""
    canvas.line([(MARGIN, top), (WIDTH - MARGIN, top)], BORDER, 1.5)
    room = WIDTH - 2 * MARGIN
    canvas.fit_text((MARGIN, top + 14), _("Your tiles · only you can see this"), BODY, room, INK, min_size=SMALL)
    # the command as the reader's Discord names it (drawn in the painter's worker: it speaks the post's language)
    canvas.text((MARGIN, top + 56), command("bodsoi place", tile="", square="", rotation=""), SMALL, MUTED)
    if not hand:
        canvas.fit_text((MARGIN, top + 104), _("Your hand is empty."), SMALL, room, MUTED)
        return
    counts: dict[str, int] = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    per_row = _rack_columns()
    for k, (name, n) in enumerate(sorted(counts.items())):
        col, row = k % per_row, k // per_row
        gx = MARGIN + col * (RACK_GROUP_W + RACK_GAP)
        gy = top + RACK_TOP + row * RACK_ROW_H
        canvas.fit_text((gx, gy), f"{name}{' ×2' if n > 1 else ''}", SMALL, RACK_GROUP_W, INK)
        geometry = tile_geometry(name, 0)
        rotations = (0, 90) if geometry["crossing"] else (0, 90, 180, 270)
        for j, rot in enumerate(rotations):
            tx, ty = gx + j * (RACK_CELL + 10), gy + 40
            canvas.paste(tile_image(name, rot, RACK_CELL), (tx, ty))
            canvas.text((tx + RACK_CELL / 2, ty + RACK_CELL + 6), f"{rot}°", SMALL, MUTED, anchor="mt")


RACK_TOP = 104  # the rack's two lines of words


def _rack_columns() -> int:
    return max(1, (WIDTH - 2 * MARGIN + RACK_GAP) // (RACK_GROUP_W + RACK_GAP))


def rack_height(hand: Sequence[str] | None) -> float:
    if hand is None:
        return 0
    if not hand:
        return RACK_TOP + 50
    rows = max(1, -(-len(set(hand)) // _rack_columns()))
    return RACK_TOP + rows * RACK_ROW_H


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image for a Bodsoi view; a seat's view adds its rack with every rotation. PNG bytes."""
    hand = view.get("hand")
    shown = display_names(view, names)
    chips = seat_chips(view)
    panel_bottom = PANEL_TOP + _panel_height(view, shown, chips) + 16
    canvas = Canvas(WIDTH, round(panel_bottom + rack_height(hand) + MARGIN))
    header(canvas, view, shown, TITLE, chips, match_id)
    canvas.paste(_board_base(), (MARGIN, BOARD_TOP))

    board = {cell["square"]: cell for cell in view.get("board") or []}
    for square, cell in board.items():
        x0, y0, _, _ = cell_box(square)
        canvas.paste(tile_image(cell["tile"], int(cell["rotation"]), CELL), (x0, y0))

    bodsoi = view.get("bodsoi")
    paths = view.get("paths") or {}
    for colour in ("blue", "yellow"):
        if bodsoi and bodsoi.get("side") == colour:
            continue
        info = paths.get(colour) or {}
        _draw_path(canvas, _path_points(info.get("best") or [], colour, board), colour,
                   int(info.get("best_score") or 0), False)
    if bodsoi:
        colour = bodsoi["side"]
        for square in bodsoi.get("cells") or []:
            box = cell_box(square)
            canvas.outline(box, INK, 7)
            canvas.outline((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), SIDES[colour], 4)
        _draw_path(canvas, _path_points(bodsoi.get("cells") or [], colour, board), colour, 0, True)
    last = view.get("last_placement")
    if last and last.get("square") in board:
        canvas.mark(cell_box(last["square"]), 7)
    _panel(canvas, view, shown, chips)
    if hand is not None:
        _draw_rack(canvas, panel_bottom, hand)
    return canvas.png()
