"""The Bodsoi board image: banded tiles with vector symbols, edge rulers, best paths and the private rack."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from render.kit import (
    BLUE,
    BOARD,
    BORDER,
    INK,
    MUTED,
    PAPER,
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
    HEADER_HEIGHT,
    MARGIN,
    ROW_DETAIL,
    PanelRow,
    display_names,
    header,
    panel_heading,
    panel_rows,
    panel_text,
    row_text_width,
    title_bar,
)
from rules.bodsoi import tile_geometry
from rules.outcomes import result_words

TITLE = "Bodsoi"
FILES = "abcdefgh"
SIDES = {"blue": BLUE, "yellow": YELLOW}
SIDE_TITLES = {"blue": "Blue", "yellow": "Yellow"}
SYMBOL_INK = {"blue": WHITE, "yellow": INK}  # symbols in the colour that reads on their band
TILE_FILL = "#FBF8F2"
EMPTY_FILL = "#E3DACA"
GRID = "#CFC4B1"

# Layout: 8 cells of CELL px inside label bands of LABEL px (coordinate and edge-row ruler), panel on the right.
WIDTH = 1000
CELL = 76
LABEL = 36
BOARD_TOP = HEADER_HEIGHT + 14
BOARD_SIZE = 8 * CELL + 2 * LABEL
PANEL_X = MARGIN + BOARD_SIZE + 24
PANEL_W = WIDTH - MARGIN - PANEL_X
BOARD_HEIGHT = BOARD_TOP + BOARD_SIZE + 18

# The private rack strip under the board: each tile in every rotation.
RACK_CELL = 64
RACK_GAP = 12
RACK_GROUP_W = 4 * RACK_CELL + 3 * 8 + 20
RACK_ROW_H = RACK_CELL + 52

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
        canvas.polygon(poly, fill=SIDES[colour], outline=INK, width=1)
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
    """The frame with the four edge rulers (row numbers counted from each edge) in its label bands."""
    canvas = Canvas(BOARD_SIZE, BOARD_SIZE)
    canvas.rect((0, 0, BOARD_SIZE, BOARD_SIZE), fill=BOARD, outline=BORDER, radius=8)
    x0 = y0 = LABEL
    x1 = y1 = LABEL + 8 * CELL
    canvas.rect((x0, y0, x1, y1), fill=EMPTY_FILL)
    for k in range(9):
        canvas.line([(x0 + k * CELL, y0), (x0 + k * CELL, y1)], GRID, 1)
        canvas.line([(x0, y0 + k * CELL), (x1, y0 + k * CELL)], GRID, 1)
    canvas.rect((x0, y0, x1, y1), outline=MUTED, width=1.5)
    far, near = LABEL * 0.3, LABEL * 0.74
    for i in range(8):
        cx = x0 + (i + 0.5) * CELL
        cy = y0 + (i + 0.5) * CELL
        rank, file_ = 8 - i, FILES[i]
        # Coordinates on all four sides, outermost.
        canvas.text((cx, far), file_, 15, INK, anchor="mm")
        canvas.text((cx, BOARD_SIZE - far), file_, 15, INK, anchor="mm")
        canvas.text((far, cy), str(rank), 15, INK, anchor="mm")
        canvas.text((BOARD_SIZE - far, cy), str(rank), 15, INK, anchor="mm")
        # Row numbers counted from each edge, next to the squares: the left band counts from S (the ranks), the
        # right band from N, the bottom band from W (a = 1), the top band from E (h = 1).
        canvas.text((near, cy), str(rank), 11, MUTED, anchor="mm")
        canvas.text((BOARD_SIZE - near, cy), str(9 - rank), 11, MUTED, anchor="mm")
        canvas.text((cx, BOARD_SIZE - near), str(i + 1), 11, MUTED, anchor="mm")
        canvas.text((cx, near), str(8 - i), 11, MUTED, anchor="mm")
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
    canvas.line(points, INK, 9)
    canvas.line(points, fill, 5)
    shape = shape_of(fill)
    canvas.token(points[0], 9, fill, shape, outline=INK, width=2)
    if not win:
        canvas.token(points[-1], 15, fill, shape, str(score), INK if colour == "yellow" else WHITE, size=17, width=2)


def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """Per seat: Blue or Yellow in its shape, labelled B / Y (B1, Y1, B2, Y2 in teams)."""
    sides = view.get("seat_sides") or ["blue", "yellow"]
    labels = view.get("seat_labels") or [s[:1].upper() for s in sides]
    return [chip(side, label) for side, label in zip(sides, labels, strict=False)]


def _panel(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], chips: Sequence[Chip]) -> None:
    y: float
    x, y, w = PANEL_X, BOARD_TOP + 4, PANEL_W
    outcome = view.get("outcome")
    winners = set(outcome.get("winners") or []) if outcome else set()
    sizes = view.get("hand_sizes") or []
    sides = view.get("seat_sides") or []
    rows = []
    for seat, ch in enumerate(chips):
        count = sizes[seat] if seat < len(sizes) else 0
        tiles = f"{count} tile{'' if count == 1 else 's'}"
        side = SIDE_TITLES.get(sides[seat] if seat < len(sides) else "", "")
        state = ("winner" if seat in winners else "" if outcome else
                 "to move" if seat == view.get("to_move") else "")
        details = [f"{side} · {tiles} · {state}", f"{tiles} · {state}", state] if state else [f"{side} · {tiles}",
                                                                                               tiles]
        detail = first_fitting(details, ROW_DETAIL, row_text_width(w))
        active = seat in winners if outcome else seat == view.get("to_move")
        rows.append(PanelRow(ch, names[seat], detail, active))
    y = panel_rows(canvas, x, y, w, rows) + 4
    canvas.text((x, y), f"Bag: {view.get('bag', 0)} tiles", 17, INK)
    y += 30

    words = result_words(view, names)  # the header says who; here the reason in full
    if words is not None:
        y = panel_heading(canvas, x, y, w, "Result")
        y = panel_text(canvas, x, y, w, words.reason + ".", 17) + 8

    y = panel_heading(canvas, x, y, w, "Anchored paths")
    paths = view.get("paths") or {}
    for colour in ("blue", "yellow"):
        scores = list((paths.get(colour) or {}).get("scores") or [])
        shown = ", ".join(str(s) for s in scores[:8]) + (" …" if len(scores) > 8 else "")
        canvas.disc((x + 11, y + 10), 9, SIDES[colour], outline=INK, width=1.5)
        canvas.fit_text((x + 28, y + 1), f"{SIDE_TITLES[colour]}: {shown or 'none'}", 16, w - 28, INK)
        y += 26
    y = panel_text(canvas, x, y + 2, w, "Each side's best path is traced; its number is its score: the row "
                                        "where it ends, counted from its edge. Small numbers count rows from "
                                        "S (left), N (right), W (bottom) and E (top).", 14, MUTED) + 10

    last = view.get("last")
    if last:
        y = panel_heading(canvas, x, y, w, "Last turn")
        y = panel_text(canvas, x, y, w, describe_last(view, names), 16) + 8
    options = view.get("options") or {}
    variant = [v for v in (options.get("axes"), options.get("links")) if v and v not in ("any-axis", "colour")]
    if variant:
        panel_heading(canvas, x, y, w, "Variant")
        panel_text(canvas, x, y + 30, w, ", ".join(variant), 16)


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    last = view.get("last") or {}
    seat = last.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    kind = last.get("kind")
    if kind == "place":
        return f"{who} placed {last.get('tile')} on {last.get('square')} at {last.get('rotation')}°."
    if kind == "resign":
        return f"{who} resigned."
    return f"{who} passed."


def _draw_rack(canvas: Canvas, top: float, hand: Sequence[str]) -> None:
    """The viewer's own tiles, each in every distinct rotation with the rotation written under it."""
    canvas.line([(MARGIN, top), (WIDTH - MARGIN, top)], BORDER, 1)
    canvas.text((MARGIN, top + 12), "MY TILES", 15, INK)
    canvas.text((MARGIN + 92, top + 13), "only you can see this · place with /bodsoi place tile square rotation",
                14, MUTED)
    if not hand:
        canvas.text((MARGIN, top + 48), "Your hand is empty.", 17, MUTED)
        return
    counts: dict[str, int] = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    per_row = max(1, (WIDTH - 2 * MARGIN + RACK_GAP) // (RACK_GROUP_W + RACK_GAP))
    for k, (name, n) in enumerate(sorted(counts.items())):
        col, row = k % per_row, k // per_row
        gx = MARGIN + col * (RACK_GROUP_W + RACK_GAP)
        gy = top + 40 + row * RACK_ROW_H
        geometry = tile_geometry(name, 0)
        blue, yellow = geometry["bands"]["blue"]["name"], geometry["bands"]["yellow"]["name"]
        label = f"{name}{' ×2' if n > 1 else ''}  {geometry['shape']}, blue {blue}, yellow {yellow}"
        canvas.fit_text((gx, gy), label, 14, RACK_GROUP_W - 8, INK)
        rotations = (0, 90) if geometry["crossing"] else (0, 90, 180, 270)
        for j, rot in enumerate(rotations):
            tx, ty = gx + j * (RACK_CELL + 8), gy + 20
            canvas.paste(tile_image(name, rot, RACK_CELL), (tx, ty))
            canvas.text((tx + RACK_CELL / 2, ty + RACK_CELL + 3), f"{rot}°", 13, MUTED, anchor="mt")


def rack_height(hand: Sequence[str] | None) -> float:
    if hand is None:
        return 0
    if not hand:
        return 80
    kinds = len(set(hand))
    per_row = max(1, (WIDTH - 2 * MARGIN + RACK_GAP) // (RACK_GROUP_W + RACK_GAP))
    rows = max(1, -(-kinds // per_row))
    return 40 + rows * RACK_ROW_H + 6


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image for a Bodsoi view; a seat's view adds its rack with every rotation. PNG bytes."""
    hand = view.get("hand")
    canvas = Canvas(WIDTH, round(BOARD_HEIGHT + rack_height(hand)))
    shown = display_names(view, names)
    chips = seat_chips(view)
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
        _draw_rack(canvas, BOARD_HEIGHT, hand)
    return canvas.png()


# ---- rules summary --------------------------------------------------------------------------------------------
def render_rules() -> bytes:
    """The tile shapes in their rotations and the five symbols, captioned."""
    height = HEADER_HEIGHT + 460
    canvas = Canvas(WIDTH, height, PAPER)
    title_bar(canvas, f"{TITLE}: tiles and symbols")
    y = HEADER_HEIGHT + 20
    canvas.text((MARGIN, y), "Corner tile (4 rotations): the bands join two neighbouring edges.", 18, INK)
    for j, rot in enumerate((0, 90, 180, 270)):
        tx = MARGIN + j * 96
        canvas.paste(tile_image("C-su-mo", rot, 80), (tx, y + 30))
        canvas.text((tx + 40, y + 114), f"{rot}°", 14, MUTED, anchor="mt")
    canvas.text((MARGIN + 420, y + 30), "Straight tile (2 rotations): the bands cross", 18, INK)
    canvas.text((MARGIN + 420, y + 54), "without joining.", 18, INK)
    for j, rot in enumerate((0, 90)):
        tx = MARGIN + 420 + j * 96
        canvas.paste(tile_image("S-st-wa", rot, 80), (tx, y + 82))
        canvas.text((tx + 40, y + 166), f"{rot}°", 14, MUTED, anchor="mt")
    y += 200
    canvas.text((MARGIN, y), "The five symbols (blue band / yellow band):", 18, INK)
    for k, (code, name) in enumerate((("su", "sun"), ("mo", "moon"), ("st", "star"), ("le", "leaf"),
                                      ("wa", "wave"))):
        x = MARGIN + 20 + k * 190
        for i, colour in enumerate(("blue", "yellow")):
            cx, cy = x + 30 + i * 56, y + 62
            canvas.circle((cx, cy), 24, fill=SIDES[colour], outline=INK, width=1.5)
            draw_symbol(canvas, code, (cx, cy), 15, SYMBOL_INK[colour], SIDES[colour])
        canvas.text((x + 58, y + 100), f"{name} ({code})", 16, INK, anchor="mt")
    y += 140
    panel_text(canvas, MARGIN, y, WIDTH - 2 * MARGIN,
               "A tile next to others must match at least one neighbour's edge in your own colour with the same "
               "symbol. Join two opposite board edges with your colour's path for a Bodsoi (instant win). "
               "Otherwise the best anchored paths are compared: a path scores the row, counted from its edge, of "
               "the tile where it ends.", 17, INK)
    return canvas.png()
