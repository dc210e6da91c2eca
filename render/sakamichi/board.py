"""The Sakamichi board image: two number lines running from their dice, rows of dot tiles, open ends, hands."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import N_, _, active, ngettext, pgettext
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
    first_fitting,
    fit,
    mix,
    text_width,
    wrap,
)
from render.panels import BODY, HEADER_HEIGHT, MARGIN, SMALL, display_names, header, panel_text, text_height
from rules.outcomes import result_words
from rules.sakamichi.state import or_list

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
# Phone first: each line across the whole width, its name, owner and row count above it; the players' hands under
# the lines, full width, each tile with its name. Tiles on the lines carry no name (their pips say it; a name at
# the phone's smallest size is wider than the tile): the hands, the alt text and the text board name them.
TILE_MAX, TILE_MIN, TILE_FLOOR = 46.0, 24.0, 12.0  # tile width (a tile is two squares tall)
TILE_GAP = 4.0
ROW_PAD = 6.0
ROW_GAP = 10.0
GHOST_W = 112.0
DIE = 56.0
DIE_COL = DIE + 22.0
INFO_H = 46.0  # the line's name, owner and row count, above it
LABEL_H = 38.0  # the row values above the rows
TRACK_TOP_PAD = INFO_H + LABEL_H
HAND_TILE = 40.0
HAND_STEP = 88.0  # a hand tile and its name, side by side

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
    x0, y0, x1, _bottom = box
    size = x1 - x0
    step = size / 3.4
    radius = size * 0.105
    for col, row in PIPS.get(count, ()):
        cx = x0 + size / 2 + (col - 1) * step
        cy = y0 + size / 2 + (row - 1) * step
        canvas.circle((cx, cy), radius, fill=colour, outline=outline, width=1)


def draw_tile(canvas: Canvas, x: float, y: float, size: float, name: str, line: str | None = None,
              label: bool = True, background: str = BOARD) -> None:
    """A dot tile with its top-left at (x, y): white pips above, black pips below, its name underneath (`label`).

    On a line the half that does not count is faded, so a row's sum can be read off the bright halves."""
    canvas.paste(_tile_image(name, round(size * SCALE) / SCALE, line, background), (x, y))
    if label:
        canvas.text((x + size / 2, y + 2 * size + 6), name, SMALL, INK, anchor="mt")


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
        canvas.text((x + size / 2, y + 2 * size + 6), caption, SMALL, MUTED, anchor="mt")


def die_size(tile: float) -> float:
    return max(44.0, min(DIE, 2 * tile + 2 * ROW_PAD - 4))


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
    """The width of `width` tiles side by side in a row's box."""
    return width * tile + (width - 1) * TILE_GAP + 2 * ROW_PAD


def _row_label(row: Mapping[str, Any]) -> tuple[str, str]:
    layers = row.get("layers") or []
    return str(row.get("label") or row["value"]), f"×{len(layers)}" if len(layers) > 1 else ""


def _label_width(row: Mapping[str, Any]) -> float:
    label, badge = _row_label(row)
    return text_width(label, SMALL) + (text_width(badge, SMALL) + 22 if badge else 0)


def box_width(row: Mapping[str, Any], tile: float) -> float:
    """A row's box: its tiles, or its value and stack badge above it where they are wider."""
    return max(row_width(int(row["width"]), tile), _label_width(row) + 4)


def ghost_width() -> float:
    """An open end's box: wide enough for its words in the language being spoken ("closed", "1 or 3")."""
    return _ghost_width(active().code)


@lru_cache(maxsize=16)
def _ghost_width(code: str) -> float:
    words = (_("closed"), or_list((1, 3)), or_list((3, 5)), "→ 10", "down")
    return max(GHOST_W, max(text_width(w, SMALL) for w in words) + 8 + ROW_GAP + 10)


def side_width(rows: Sequence[Mapping[str, Any]], tile: float) -> float:
    return sum(box_width(r, tile) + ROW_GAP for r in rows) + ghost_width()


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
    return TRACK_TOP_PAD + max(2 * tile + 2 * ROW_PAD, die_size(tile), 100.0) + 16


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
              names: Sequence[str], left: float = MARGIN) -> None:
    """One line: above it its name (a white or black pill), its owner's chip and row count; then the rows down
    and up from the die, and the open ends."""
    data, colour = track.data, track.name
    info = track.top + INFO_H / 2
    body, ink = (WHITE, INK) if colour == "white" else ("#1F1F1F", WHITE)
    word = colour.upper()
    pill_w = text_width(word, SMALL) + 24
    canvas.rect((left, info - 18, left + pill_w, info + 18), fill=body, outline=INK, width=1.5, radius=18)
    canvas.text((left + pill_w / 2, info), word, SMALL, ink, anchor="mm")  # the line's name as typed: notation
    x = left + pill_w + 14
    owner = data.get("owner")
    count = int(data.get("row_count") or 0)
    if isinstance(owner, int) and 0 <= owner < len(SEAT_CHIPS):
        canvas.chip((x + 22, info), 22, SEAT_CHIPS[owner], size=SMALL)
        x += 54
        if owner < len(names):
            # Translators: the owner of a number line, before its row count ("ada's · 3 rows").
            x += canvas.text((x, info), _("{name}'s", name=names[owner]), SMALL, INK, anchor="lm") + 12
    canvas.text((x, info), ngettext("{n} row", "{n} rows", count), SMALL, MUTED, anchor="lm")
    mid = track.box_top + ROW_PAD + tile
    draw_die(canvas, (track.die_x, mid), data.get("die"), colour, die_size(tile))
    ends = data.get("ends") or {}
    for side, sign in (("down", -1), ("up", 1)):
        x = track.die_x + sign * (DIE_COL / 2)
        for row in data.get(side) or []:
            w = box_width(row, tile)
            x0 = x if sign > 0 else x - w
            marked = bool(last and last.get("line") == colour and last.get("value") == row["value"])
            draw_row(canvas, x0, track.box_top, tile, row, colour, marked)
            x += sign * (w + ROW_GAP)
        ghost_x = x if sign > 0 else x - ghost_width() + ROW_GAP
        draw_end(canvas, ghost_x, track.box_top, tile, side, ends.get(side))


def draw_row(canvas: Canvas, x0: float, top: float, tile: float, row: Mapping[str, Any], colour: str,
             marked: bool) -> None:
    """A row's box with its top tiles, its value above it and, for a stack, a badge with the layer count (the
    covered tiles peek out behind the top ones)."""
    w = box_width(row, tile)
    width = int(row["width"])
    bottom = top + 2 * tile + 2 * ROW_PAD
    label, badge = _row_label(row)
    lx = x0 + w / 2 - _label_width(row) / 2
    canvas.text((lx, top - 6), label, SMALL, INK, anchor="ls")
    if badge:
        bx = lx + text_width(label, SMALL) + 6
        bw = text_width(badge, SMALL) + 16
        canvas.rect((bx, top - 34, bx + bw, top - 4), fill=INK, radius=15)
        canvas.text((bx + bw / 2, top - 19), badge, SMALL, WHITE, anchor="mm")
    canvas.rect((x0, top, x0 + w, bottom), fill=BOARD, outline=BORDER, width=1.5, radius=6)
    tiles_x = x0 + (w - row_width(width, tile)) / 2 + ROW_PAD
    if badge:  # the layers under: the edges of the tiles beneath, offset up and left
        for depth in (2, 1):
            canvas.rect((tiles_x - 3 * depth, top + ROW_PAD - 3 * depth, tiles_x + row_width(width, tile)
                         - 2 * ROW_PAD - 3 * depth, top + ROW_PAD + 2 * tile - 3 * depth), fill=BACK, outline=INK,
                        width=1, radius=max(2.0, tile * 0.14))
    for i, name in enumerate(row.get("top") or []):
        draw_tile(canvas, tiles_x + i * (tile + TILE_GAP), top + ROW_PAD, tile, name, colour, label=False)
    if marked:
        canvas.mark((x0 - 6, top - 6, x0 + w + 6, bottom + 6), 7)


def draw_end(canvas: Canvas, x0: float, top: float, tile: float, side: str, end: Mapping[str, Any] | None) -> None:
    """The open end as a dashed ghost box with the next value and the tile counts it takes."""
    height = max(2 * tile + 2 * ROW_PAD, 100.0)
    mid = top + ROW_PAD + tile
    box = (x0, mid - height / 2, x0 + ghost_width() - ROW_GAP, mid + height / 2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    room = box[2] - box[0] - 8
    if end is None:
        canvas.dashed_rect(box, MUTED, 1.5, 6, 5)
        canvas.text((cx, cy), side, SMALL, MUTED, anchor="mm")
        return
    if end.get("closed"):
        canvas.text((cx, cy - 16), side, SMALL, MUTED, anchor="mm")
        canvas.text((cx, cy + 16), _("closed"), SMALL, MUTED, anchor="mm")
        return
    canvas.dashed_rect(box, INK, 2, 7, 5)
    counts = or_list(list(end.get("counts") or []))
    canvas.text((cx, cy - 30), side, SMALL, INK, anchor="mm")  # as typed: /sakamichi place white up …
    canvas.text((cx, cy), f"→ {end.get('next')}", SMALL, INK, anchor="mm")
    canvas.text((cx, cy + 30), fit(counts, SMALL, room), SMALL, MUTED, anchor="mm")


# ---- players and the table -------------------------------------------------------------------------------------
def draw_markers(canvas: Canvas, x: float, y: float, markers: Mapping[str, Any]) -> float:
    """R E S boxes, used ones struck through; returns the x after them."""
    for letter, key in (("R", "redraw"), ("E", "exchange"), ("S", "stack")):
        unused = bool(markers.get(key))
        box = (x, y - 19, x + 38, y + 19)
        canvas.rect(box, fill=WHITE if unused else mix(MUTED, PAPER, 0.25), outline=INK if unused else MUTED,
                    width=1.5, radius=6)
        canvas.text((x + 19, y), letter, SMALL, INK if unused else MUTED, anchor="mm")
        if not unused:
            canvas.line([(x + 5, y + 14), (x + 33, y - 14)], INK, 2.5)
        x += 44
    return x


MARKERS_W = 3 * 44


def hand_step(count: int, room: float) -> float:
    """How far apart hand tiles sit: room for a name under each, closer when the hand is long."""
    return HAND_STEP if count <= 0 else min(HAND_STEP, room / count)


def player_height(view: Mapping[str, Any]) -> float:
    return 56 + 2 * HAND_TILE + 6 + SMALL + 22


def draw_player(canvas: Canvas, view: Mapping[str, Any], seat: int, names: Sequence[str],
                box: tuple[float, float, float, float], moved: set[str]) -> None:
    """A player's card: chip, name and what they are doing, their own line and tile count, the action markers;
    then the hand (faces with names once visible to this viewer, backs while hidden)."""
    x0, y0, x1, _bottom = box
    outcome = view.get("outcome")
    winners = set(outcome.get("winners") or []) if outcome else set()
    active = seat in winners if outcome else seat in (view.get("actors") or [])
    canvas.rect(box, fill=WHITE if active else BOARD, outline=INK if active else BORDER, width=3 if active else 1.5,
                radius=12)
    top = y0 + 30
    canvas.chip((x0 + 16 + 22, top), 22, SEAT_CHIPS[seat], size=SMALL)
    colours = view.get("colours") or [None, None]
    hands = view.get("hands") or []
    hand: dict[str, Any] = hands[seat] if seat < len(hands) else {"count": 0, "tiles": [], "visible": False}
    # Translators: a player's state on their card: the winner, a draw, or whose turn it is.
    state = (_("wins") if seat in winners and len(winners) == 1 else pgettext("result", "draw") if seat in winners
             else _("to move") if active else "")
    count = int(hand.get("count") or 0)
    # Translators: {line} is the line's name as typed (WHITE or BLACK): notation, kept as it is.
    own = _("own line {line}", line=str(colours[seat]).upper()) if colours[seat] else ""
    right = x1 - 16 - MARKERS_W
    name_x = x0 + 74
    name_w = canvas.text((name_x, top), fit(names[seat], BODY, (right - name_x) * 0.55), BODY, INK, anchor="lm")
    held = ngettext("{n} tile", "{n} tiles", count)
    # The tile count goes last: the own line is on the line's own label too.
    candidates = [" · ".join(p for p in (state, own, held) if p), " · ".join(p for p in (state, held) if p), held]
    detail = first_fitting(candidates, SMALL, right - name_x - name_w - 24)
    canvas.text((name_x + name_w + 14, top + 2), detail, SMALL, MUTED, anchor="lm")
    draw_markers(canvas, x1 - 16 - MARKERS_W + 6, top, (view.get("markers") or [{}, {}])[seat])
    tiles = list(hand.get("tiles") or [])
    step = hand_step(len(tiles), x1 - x0 - 32)
    tx, ty = x0 + 16 + (step - HAND_TILE) / 2, y0 + 56
    for name in tiles:
        if name == "?":
            draw_back(canvas, tx, ty, HAND_TILE, "")
        else:
            draw_tile(canvas, tx, ty, HAND_TILE, name, background=WHITE if active else BOARD,
                      label=step >= text_width(name, SMALL) + 4)
            if name in moved:
                canvas.mark((tx - 6, ty - 6, tx + HAND_TILE + 6, ty + 2 * HAND_TILE + 6), 6)
        tx += step
    if tiles and not hand.get("visible"):
        note = _("hidden") if view.get("viewer") != seat else _("hidden until the colour lines are set")
        _beside(canvas, tx + 4, ty + HAND_TILE, x1 - 16 - tx - 4, note)
    if not tiles:
        _beside(canvas, x0 + 16, ty + HAND_TILE, x1 - x0 - 32, _("empty hand"))


def _beside(canvas: Canvas, x: float, mid: float, room: float, note: str) -> None:
    """A muted note beside a hand, centred on `mid`: wrapped to two lines (the tiles' height) where one is short."""
    lines = wrap(note, SMALL, room)
    y = mid - len(lines) * SMALL * 1.2 / 2
    for line in lines:
        canvas.text((x, y), line, SMALL, MUTED, anchor="la")
        y += SMALL * 1.2


def last_words(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last player action as a sentence ("Ada placed white up w4."); "" when there is none."""
    last = view.get("last_move") or view.get("last")
    if not last:
        return ""
    seat = last.get("seat")
    if last.get("kind") == "draw" and seat is None:
        return ""
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("The server")
    return _done(who, str(last.get("text") or ""))


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """'Last: Ada placed white up w4.' for under the board; "" when nothing was played."""
    words = last_words(view, names)
    return _("Last: {what}", what=words) if words else ""


def _done(who: str, text: str) -> str:
    """A move in notation as what its player did, a whole sentence per verb (the move's notation kept as typed):
    "choose first" → "Ada chose to move first."."""
    verb, _space, rest = text.partition(" ")
    if verb == "choose":
        line = rest.removeprefix("colour ").strip()
        if line == "first":
            return _("{who} chose to move first.", who=who)
        return _("{who} chose the {line} line.", who=who, line=line)
    done = {"place": N_("{who} placed {move}."), "stack": N_("{who} stacked {move}."),
            "redraw": N_("{who} redrew {move}."), "exchange": N_("{who} exchanged {move}."),
            "resign": N_("{who} resigned.")}.get(verb)
    if done is None:  # a chance event: its notation as it is
        return _("{who}: {move}.", who=who, move=text)
    return _(done, who=who, move=rest)


def status_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    choice = view.get("choice")
    if view.get("phase") == "choice" and choice:
        seat = choice["seat"]
        dice = view.get("dice") or {}
        if choice.get("kind") == "privilege":
            return _("{name} rolled higher (white {white}, black {black}) and chooses: an own line, or to move "
                     "first.", name=names[seat], white=dice.get("white"), black=dice.get("black"))
        return _("{name} chooses an own line without seeing the hands.", name=names[seat])
    words = result_words(view, names)  # the header's words
    if words is not None:
        if view.get("removed"):
            return _("{result} Removed tile: {tile}.", result=words.sentence(), tile=view.get("removed"))
        return words.sentence()
    return describe_last(view, names)


def _table_words(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    """(the options, whose choice, the result or the last move) in words for under the table."""
    options = view.get("options") or {}
    note = f"{view.get('mode', '')} · {options.get('count-rule', '')}"  # option values: notation
    rows = str(options.get("six-rows") or "0")
    if view.get("mode") == "advanced" and rows != "0" and rows.isdigit():
        note += " · " + ngettext("{n} rows win", "{n} rows win", int(rows))
    return note, status_text(view, names)


def table_height(view: Mapping[str, Any], names: Sequence[str]) -> float:
    note, status = _table_words(view, names)
    return 2 * 24 + 20 + text_height(note, WIDTH - 2 * MARGIN) + text_height(status, WIDTH - 2 * MARGIN)


def table_strip(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], y: float) -> float:
    """The pile, the removed tile and the dead tiles in one band; the options; then whose choice, the result or the
    last move. Returns the y below."""
    size = 24.0
    mid = y + size
    x: float = MARGIN
    draw_back(canvas, x, y, size, "")
    pile = _("pile {n}", n=view.get("pile", 0))
    x += size + 10 + canvas.text((x + size + 10, mid), pile, SMALL, INK, anchor="lm") + 30
    removed = view.get("removed")
    if removed and removed != "?":
        draw_tile(canvas, x, y, size, str(removed), label=False, background=PAPER)
    else:
        draw_back(canvas, x, y, size, "")
    shown = _("removed {tile}", tile=removed) if removed not in (None, "?") else _("removed")
    x += size + 10 + canvas.text((x + size + 10, mid), shown, SMALL, INK, anchor="lm") + 30
    dead = list(view.get("dead") or [])
    # Translators: the tiles out of the game (no longer in any hand, row or the pile).
    x += canvas.text((x, mid), _("dead") + ("" if dead else " –"), SMALL, INK, anchor="lm") + 10
    for name in dead:
        if x + size > WIDTH - MARGIN:
            break
        draw_tile(canvas, x, y, size, name, label=False, background=PAPER)
        x += size + 6
    if dead and x < WIDTH - MARGIN - 60:
        canvas.fit_text((x + 6, mid), " ".join(dead), SMALL, WIDTH - MARGIN - x - 6, MUTED, anchor="lm")
    y += 2 * size + 20
    note, status = _table_words(view, names)
    y = panel_text(canvas, MARGIN, y, WIDTH - 2 * MARGIN, note, SMALL, MUTED)
    if status:
        y = panel_text(canvas, MARGIN, y, WIDTH - 2 * MARGIN, status, SMALL, INK)
    return y


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
    player_h = player_height(view)
    top = HEADER_HEIGHT + 14
    players_top = top + heights["white"] + heights["black"] + 4
    strip_top = players_top + 2 * (player_h + 12) + 6
    canvas = Canvas(WIDTH, round(strip_top + table_height(view, shown) + MARGIN))
    header(canvas, view, shown, TITLE, SEAT_CHIPS, match_id)
    last = view.get("last_move") or view.get("last")
    y: float = top
    for name in ("white", "black"):
        if name not in lines:
            continue
        h = heights[name]
        canvas.rect((MARGIN - 10, y, WIDTH - MARGIN + 10, y + h - 8), fill=PAPER, outline=BORDER, width=1.5,
                    radius=12)
        draw_line(canvas, Track(name, lines[name], y, MARGIN + dice_x[name]), tile, last, shown, MARGIN + 2)
        y += h
    moved = moved_tiles(view)
    for seat in (0, 1):
        y0 = players_top + seat * (player_h + 12)
        draw_player(canvas, view, seat, shown, (MARGIN, y0, WIDTH - MARGIN, y0 + player_h), moved)
    table_strip(canvas, view, shown, strip_top)
    return canvas.png()
