"""The Sakamichi board image: two number lines running from their dice, rows of dot tiles, open ends, hands."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from render.kit import (
    BOARD,
    BORDER,
    INK,
    MUTED,
    PAPER,
    SCALE,
    WHITE,
    Canvas,
    Chip,
    chip,
    fit,
    mix,
    text_width,
)
from render.panels import HEADER_HEIGHT, MARGIN, display_names, header
from rules.outcomes import result_words

TITLE = "Sakamichi"
WIDTH = 1000
SEAT_CHIPS: tuple[Chip, Chip] = (chip("red", "1"), chip("blue", "2"))


def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """The two seats: red 1 and blue 2 (a seat has no colour of its own in Sakamichi; its line is white or black)."""
    return list(SEAT_CHIPS)

# Tiles: a white-pip half on a dark face and a black-pip half on a light face, so either colour reads at a glance.
DARK_FACE = "#3B3A38"
LIGHT_FACE = "#FBF8F1"
BACK = "#8C7B64"  # a face-down tile
TILE_MAX, TILE_MIN, TILE_FLOOR = 34.0, 20.0, 10.0  # tile width (a tile is two squares tall)
TILE_GAP = 4.0
ROW_PAD = 6.0
ROW_GAP = 12.0
GHOST_W = 112.0
DIE = 60.0
DIE_COL = DIE + 28.0
TRACK_TOP_PAD = 30.0  # room for the row value labels above the boxes
HAND_TILE = 30.0

# Pip positions on a 3x3 grid (column, row), like a die face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def tile_pips(name: str) -> tuple[int, int]:
    """(white, black) pips of a canonical tile name such as "w2b3" or "b5"."""
    white = black = 0
    i = 0
    while i + 1 < len(name):
        if name[i] == "w":
            white = int(name[i + 1])
        elif name[i] == "b":
            black = int(name[i + 1])
        i += 2
    return white, black


def draw_pips(canvas: Canvas, box: tuple[float, float, float, float], count: int, colour: str,
              outline: str | None = None) -> None:
    x0, y0, x1, _ = box
    size = x1 - x0
    step = size / 3.4
    radius = size * 0.105
    for col, row in PIPS.get(count, ()):
        cx = x0 + size / 2 + (col - 1) * step
        cy = y0 + size / 2 + (row - 1) * step
        canvas.circle((cx, cy), radius, fill=colour, outline=outline, width=1)


def draw_tile(canvas: Canvas, x: float, y: float, size: float, name: str, line: str | None = None,
              label: bool = True, background: str = BOARD) -> None:
    """A dot tile with its top-left at (x, y): white pips above, black pips below, its name underneath.

    On a line the half that does not count is faded, so a row's sum can be read off the bright halves."""
    canvas.paste(_tile_image(name, round(size * SCALE) / SCALE, line, background), (x, y))
    if label:
        canvas.text((x + size / 2, y + 2 * size + 3), name, label_size(size), INK, anchor="mt")


@lru_cache(maxsize=512)
def _tile_image(name: str, size: float, line: str | None, background: str) -> Image.Image:
    """A tile drawn once per look and pasted wherever it lies: a board holds up to 27 of them."""
    canvas = Canvas(math.ceil(size), math.ceil(2 * size), background)
    x = y = 0.0
    white, black = tile_pips(name)
    h = size
    radius = max(2.0, size * 0.14)
    canvas.rect((x, y, x + size, y + 2 * h), fill=LIGHT_FACE, outline=INK, width=1.2, radius=radius)
    dark = mix(DARK_FACE, LIGHT_FACE, 0.45) if line == "black" else DARK_FACE
    canvas.rect((x + 1, y + 1, x + size - 1, y + h), fill=dark, radius=radius * 0.8)
    canvas.rect((x + 1, y + h * 0.5, x + size - 1, y + h), fill=dark)
    inset = size * 0.06
    draw_pips(canvas, (x + inset, y + inset, x + size - inset, y + h - inset), white,
              mix(WHITE, dark, 0.55) if line == "black" else WHITE)
    draw_pips(canvas, (x + inset, y + h + inset, x + size - inset, y + 2 * h - inset), black,
              mix(INK, LIGHT_FACE, 0.3) if line == "white" else INK)
    canvas.rect((x, y, x + size, y + 2 * h), outline=INK, width=1.2, radius=radius)
    return canvas.image


def draw_back(canvas: Canvas, x: float, y: float, size: float, caption: str = "?") -> None:
    """A face-down tile."""
    radius = max(2.0, size * 0.14)
    canvas.rect((x, y, x + size, y + 2 * size), fill=BACK, outline=INK, width=1.2, radius=radius)
    canvas.rect((x + size * 0.2, y + size * 0.2, x + size * 0.8, y + size * 1.8), outline=mix(WHITE, BACK, 0.45),
                width=1, radius=radius * 0.6)
    if caption:
        canvas.text((x + size / 2, y + 2 * size + 3), caption, label_size(size), MUTED, anchor="mt")


def die_size(tile: float) -> float:
    return max(40.0, min(DIE, 2 * tile + 2 * ROW_PAD - 8))


def label_size(size: float) -> float:
    return max(9.0, min(13.0, size * 0.4))


def draw_die(canvas: Canvas, centre: tuple[float, float], value: int | None, colour: str,
             size: float = DIE) -> None:
    """The line's die: a white die with black pips or a black die with white pips."""
    cx, cy = centre
    body, pips = (WHITE, INK) if colour == "white" else ("#1F1F1F", WHITE)
    box = (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)
    canvas.rect((box[0] + 2, box[1] + 3, box[2] + 2, box[3] + 3), fill=(43, 43, 43, 60), radius=10)
    canvas.rect(box, fill=body, outline=INK, width=2, radius=10)
    if value:
        draw_pips(canvas, (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), value, pips)
    else:
        canvas.text(centre, "?", 30, pips, anchor="mm")


# ---- layout of one line ----------------------------------------------------------------------------------------
def row_width(width: int, tile: float) -> float:
    return width * tile + (width - 1) * TILE_GAP + 2 * ROW_PAD


def side_width(rows: Sequence[Mapping[str, Any]], tile: float) -> float:
    return sum(row_width(int(r["width"]), tile) + ROW_GAP for r in rows) + GHOST_W


@dataclass
class Track:
    """Where one line is drawn: its die centre and its vertical band."""

    name: str
    data: Mapping[str, Any]
    top: float
    die_x: float

    @property
    def box_top(self) -> float:
        return self.top + TRACK_TOP_PAD


def track_height(data: Mapping[str, Any], tile: float) -> float:
    layered = any(len(r["layers"]) > 1 for side in ("down", "up") for r in data.get(side) or [])
    rows = 2 * tile + 2 * ROW_PAD + label_size(tile) + 10 + (18 if layered else 0)
    die = ROW_PAD + tile + die_size(tile) / 2 + 26  # the die hangs from the rows' middle, its caption under it
    return TRACK_TOP_PAD + max(rows, die, 60.0) + 14


def choose_tile(lines: Mapping[str, Mapping[str, Any]], room: float) -> tuple[float, dict[str, float]]:
    """(tile size, die centre x per line, from the left of `room`): the biggest tiles with which both lines fit.

    The dice share one column while they can; a very long line gets its own centre, then smaller tiles."""
    names = [n for n in ("white", "black") if n in lines]

    def sides(name: str, tile: float) -> tuple[float, float]:
        return side_width(lines[name].get("down") or [], tile), side_width(lines[name].get("up") or [], tile)

    tile = TILE_MAX
    while tile >= TILE_MIN:
        widths = [sides(n, tile) for n in names]
        left, right = max((w[0] for w in widths), default=0.0), max((w[1] for w in widths), default=0.0)
        if left + DIE_COL + right <= room:
            x = (room - (left + DIE_COL + right)) / 2 + left + DIE_COL / 2
            return tile, dict.fromkeys(names, x)
        tile -= 1
    tile = TILE_MAX
    while True:
        widths = [sides(n, tile) for n in names]
        if all(w[0] + DIE_COL + w[1] <= room for w in widths) or tile <= TILE_FLOOR:
            return tile, {n: max(w[0] + DIE_COL / 2, (room - (w[0] + DIE_COL + w[1])) / 2 + w[0] + DIE_COL / 2)
                          for n, w in zip(names, widths, strict=True)}
        tile -= 1


def draw_line(canvas: Canvas, track: Track, tile: float, last: Mapping[str, Any] | None,
              names: Sequence[str]) -> None:
    data, colour = track.data, track.name
    mid = track.box_top + ROW_PAD + tile
    # The die, its label and the owner of the line.
    die = die_size(tile)
    draw_die(canvas, (track.die_x, mid), data.get("die"), colour, die)
    canvas.text((track.die_x, mid - die / 2 - 8), str(data.get("die_label") or colour.upper()), 15, INK,
                anchor="ms")
    owner = data.get("owner")
    count = int(data.get("row_count") or 0)
    rows = f"{count} row{'' if count == 1 else 's'}"
    below = mid + die / 2 + 16
    if isinstance(owner, int) and 0 <= owner < len(SEAT_CHIPS):
        # The owner's chip beside the count: the rows that count towards their win.
        width = text_width(rows, 13)
        canvas.chip((track.die_x - width / 2 - 8, below), 9, SEAT_CHIPS[owner])
        canvas.text((track.die_x + 6, below), rows, 13, MUTED, anchor="mm")
    else:
        canvas.text((track.die_x, below), rows, 13, MUTED, anchor="mm")
    ends = data.get("ends") or {}
    for side, sign in (("down", -1), ("up", 1)):
        x = track.die_x + sign * (DIE_COL / 2)
        for row in data.get(side) or []:
            w = row_width(int(row["width"]), tile)
            x0 = x if sign > 0 else x - w
            marked = bool(last and last.get("line") == colour and last.get("value") == row["value"])
            draw_row(canvas, x0, track.box_top, tile, row, colour, marked)
            x += sign * (w + ROW_GAP)
        ghost_x = x if sign > 0 else x - GHOST_W + ROW_GAP
        draw_end(canvas, ghost_x, track.box_top, tile, side, ends.get(side))


def draw_row(canvas: Canvas, x0: float, top: float, tile: float, row: Mapping[str, Any], colour: str,
             marked: bool) -> None:
    width = int(row["width"])
    w = row_width(width, tile)
    bottom = top + 2 * tile + 2 * ROW_PAD + label_size(tile) + 6
    canvas.rect((x0, top, x0 + w, bottom), fill=BOARD, outline=BORDER, width=1.5, radius=6)
    label = str(row.get("label") or row["value"])
    layers = row.get("layers") or []
    badge = f"x{len(layers)}" if len(layers) > 1 else ""
    bw = text_width(badge, 13) + 10 if badge else 0
    lw = text_width(label, 18)
    lx = x0 + w / 2 - (lw + (bw + 4 if badge else 0)) / 2
    canvas.text((lx, top - 5), label, 18, INK, anchor="ls")
    if badge:
        bx = lx + lw + 4
        canvas.rect((bx, top - 20, bx + bw, top - 3), fill=INK, radius=8)
        canvas.text((bx + bw / 2, top - 11.5), badge, 13, WHITE, anchor="mm")
    if len(layers) > 1:
        under = " | ".join(" ".join(layer) for layer in layers[:-1])
        # Below the last-move frame when there is one, so the frame does not cut the text.
        canvas.text((x0 + w / 2, bottom + (7 if marked else 3)), fit("under: " + under, 11, w + ROW_GAP - 4), 11,
                    MUTED, anchor="mt")
    for i, name in enumerate(row.get("top") or []):
        draw_tile(canvas, x0 + ROW_PAD + i * (tile + TILE_GAP), top + ROW_PAD, tile, name, colour)
    if marked:
        canvas.mark((x0 - 5, top - 5, x0 + w + 5, bottom + 5), 6)


def draw_end(canvas: Canvas, x0: float, top: float, tile: float, side: str, end: Mapping[str, Any] | None) -> None:
    """The open end as a dashed ghost box with the next value and the tile counts it takes."""
    height = max(2 * tile + 2 * ROW_PAD, 60.0)
    mid = top + ROW_PAD + tile
    box = (x0, mid - height / 2 + 2, x0 + GHOST_W - ROW_GAP, mid + height / 2 - 2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    room = box[2] - box[0] - 8
    if end is None:
        canvas.dashed_rect(box, MUTED, 1.5, 6, 5)
        canvas.text((cx, cy), side, 14, MUTED, anchor="mm")
        return
    if end.get("closed"):
        canvas.text((cx, cy), fit(f"{side}: closed", 14, room), 14, MUTED, anchor="mm")
        return
    canvas.dashed_rect(box, INK, 1.5, 6, 5)
    counts = [str(c) for c in end.get("counts") or []]
    tiles = " or ".join(counts) + (" tile" if counts == ["1"] else " tiles")
    canvas.text((cx, cy - 10), fit(f"{side} → {end.get('next')}", 17, room), 17, INK, anchor="mm")
    canvas.text((cx, cy + 12), fit(tiles, 13, room), 13, MUTED, anchor="mm")


# ---- players and the table -------------------------------------------------------------------------------------
def draw_markers(canvas: Canvas, x: float, y: float, markers: Mapping[str, Any]) -> float:
    """R E S boxes, used ones struck through; returns the x after them."""
    for letter, key in (("R", "redraw"), ("E", "exchange"), ("S", "stack")):
        unused = bool(markers.get(key))
        box = (x, y - 11, x + 22, y + 11)
        canvas.rect(box, fill=WHITE if unused else mix(MUTED, PAPER, 0.25), outline=INK if unused else MUTED,
                    width=1.2, radius=4)
        canvas.text((x + 11, y), letter, 14, INK if unused else MUTED, anchor="mm")
        if not unused:
            canvas.line([(x + 3, y + 8), (x + 19, y - 8)], INK, 2)
        x += 26
    return x


def hand_tile_size(count: int, room: float) -> float:
    if count <= 0:
        return HAND_TILE
    return max(14.0, min(HAND_TILE, (room - (count - 1) * 6) / count))


def draw_player(canvas: Canvas, view: Mapping[str, Any], seat: int, names: Sequence[str],
                box: tuple[float, float, float, float], moved: set[str]) -> None:
    x0, y0, x1, _ = box
    outcome = view.get("outcome")
    winners = set(outcome.get("winners") or []) if outcome else set()
    active = seat in winners if outcome else seat in (view.get("actors") or [])
    canvas.rect(box, fill=WHITE if active else BOARD, outline=INK if active else BORDER, width=2 if active else 1,
                radius=10)
    canvas.chip((x0 + 22, y0 + 22), 13, SEAT_CHIPS[seat])
    colours = view.get("colours") or [None, None]
    hands = view.get("hands") or []
    hand: dict[str, Any] = hands[seat] if seat < len(hands) else {"count": 0, "tiles": [], "visible": False}
    state = ("wins" if seat in winners and len(winners) == 1 else "draw" if seat in winners
             else "to move" if active else "")
    own = f"own line {str(colours[seat]).upper()}" if colours[seat] else ""
    count = int(hand.get("count") or 0)
    detail = " · ".join(p for p in (state, own, f"{count} tile{'' if count == 1 else 's'}") if p)
    name_w = canvas.text((x0 + 42, y0 + 22), fit(names[seat], 19, 160), 19, INK, anchor="lm")
    canvas.fit_text((x0 + 50 + name_w, y0 + 23), detail, 14, (x1 - 92) - (x0 + 50 + name_w), MUTED, anchor="lm")
    draw_markers(canvas, x1 - 84, y0 + 22, (view.get("markers") or [{}, {}])[seat])
    tiles = list(hand.get("tiles") or [])
    size = hand_tile_size(len(tiles), x1 - x0 - 28)
    tx, ty = x0 + 14, y0 + 44
    for name in tiles:
        if name == "?":
            draw_back(canvas, tx, ty, size, "")
        else:
            draw_tile(canvas, tx, ty, size, name, background=WHITE if active else BOARD)
            if name in moved:
                canvas.mark((tx - 5, ty - 5, tx + size + 5, ty + 2 * size + 5), 5)
        tx += size + 6
    if tiles and not hand.get("visible"):
        note = "hidden" if view.get("viewer") != seat else "hidden until the colour lines are set"
        canvas.text((tx + 4, ty + size), note, 13, MUTED, anchor="lm")
    if not tiles:
        canvas.text((x0 + 14, ty + size), "empty hand", 14, MUTED, anchor="lm")


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    last = view.get("last_move") or view.get("last")
    if not last:
        return ""
    seat = last.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Server"
    text = str(last.get("text") or "")
    if last.get("kind") == "draw" and seat is None:
        return ""
    return f"Last: {who} {text}"


def status_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    choice = view.get("choice")
    if view.get("phase") == "choice" and choice:
        seat = choice["seat"]
        dice = view.get("dice") or {}
        if choice.get("kind") == "privilege":
            return (f"{names[seat]} rolled higher (white {dice.get('white')}, black {dice.get('black')}) and "
                    "chooses: an own line, or to move first.")
        return f"{names[seat]} chooses an own line without seeing the hands."
    words = result_words(view, names)  # the header's words
    if words is not None:
        return words.sentence() + (f" Removed tile: {view.get('removed')}." if view.get("removed") else "")
    return describe_last(view, names)


def table_strip(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], y: float) -> float:
    """Pile, removed tile, dead tiles, the options and the last move, in one band."""
    x: float = MARGIN
    size = 16.0
    draw_back(canvas, x, y, size, "")
    canvas.text((x + size + 8, y + size), f"pile {view.get('pile', 0)}", 16, INK, anchor="lm")
    x += size + 80
    removed = view.get("removed")
    if removed and removed != "?":
        draw_tile(canvas, x, y, size, str(removed), label=False, background=PAPER)
    else:
        draw_back(canvas, x, y, size, "")
    canvas.text((x + size + 8, y + size), f"removed {removed}" if removed not in (None, "?") else "removed", 16,
                INK, anchor="lm")
    x += size + 130
    dead = list(view.get("dead") or [])
    canvas.text((x, y + size), "dead" + ("" if dead else " -"), 16, INK, anchor="lm")
    x += 44
    for name in dead:
        draw_tile(canvas, x, y, size, name, label=False, background=PAPER)
        x += size + 4
    if dead:
        canvas.text((x + 4, y + size), fit(" ".join(dead), 14, 200), 14, MUTED, anchor="lm")
    options = view.get("options") or {}
    note = f"{view.get('mode', '')} · {options.get('count-rule', '')}"
    if view.get("mode") == "advanced" and options.get("six-rows") not in (None, "0"):
        note += f" · {options.get('six-rows')} rows win"
    canvas.text((WIDTH - MARGIN, y + size), note, 14, MUTED, anchor="rm")
    status = status_text(view, names)
    if status:
        canvas.fit_text((MARGIN, y + 2 * size + 14), status, 16, WIDTH - 2 * MARGIN, INK, anchor="lt")
    return y + 2 * size + 40


def moved_tiles(view: Mapping[str, Any]) -> set[str]:
    """Tiles the last player action moved between hands (exchange) or drew (redraw), to outline in the hands."""
    last = view.get("last_move") or view.get("last") or {}
    if last.get("kind") == "exchange":
        return set(last.get("tiles") or [])
    return set()


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image for a Sakamichi view (public or one seat's). PNG bytes."""
    shown = display_names(view, names)
    lines = view.get("lines") or {}
    room = WIDTH - 2 * MARGIN
    tile, dice_x = choose_tile(lines, room)
    heights = {n: track_height(lines[n], tile) for n in ("white", "black")}
    hand_rows = max(hand_tile_size(len(h.get("tiles") or []), WIDTH / 2 - MARGIN - 36)
                    for h in view.get("hands") or [{}])
    player_h = 44 + 2 * hand_rows + 16
    height = HEADER_HEIGHT + 14 + heights["white"] + heights["black"] + 16 + player_h + 92
    canvas = Canvas(WIDTH, round(height))
    header(canvas, view, shown, TITLE, SEAT_CHIPS, match_id)
    last = view.get("last_move") or view.get("last")
    y: float = HEADER_HEIGHT + 14
    for name in ("white", "black"):
        if name not in lines:
            continue
        h = heights[name]
        canvas.rect((MARGIN - 8, y, WIDTH - MARGIN + 8, y + h - 6), fill=PAPER, outline=BORDER,
                    radius=10)
        draw_line(canvas, Track(name, lines[name], y, MARGIN + dice_x[name]), tile, last, shown)
        y += h
    y += 10
    moved = moved_tiles(view)
    half = (WIDTH - 2 * MARGIN - 12) / 2
    for seat in (0, 1):
        x0 = MARGIN + seat * (half + 12)
        draw_player(canvas, view, seat, shown, (x0, y, x0 + half, y + player_h), moved)
    table_strip(canvas, view, shown, y + player_h + 14)
    return canvas.png()
