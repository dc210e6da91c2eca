"""The Sinoda board image: the flower-of-life board of triangles, pyramid pieces with their values, capture discs."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops

from i18n import N_, _, ngettext
from render.kit import (
    BOARD,
    BORDER,
    INK,
    LAST_MOVE,
    MUTED,
    PAPER,
    SCALE,
    WHITE,
    Canvas,
    Chip,
    Point,
    chip,
    first_fitting,
    mix,
    rgba,
    text_on,
    text_width,
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
from rules.sinoda.game import TEAM_NUMERALS
from rules.sinoda.state import SEAT_NAMES

TITLE = "Sinoda"
WIDTH = 1000
SQRT3 = math.sqrt(3)

# Phone first: the board across the whole width, the seats and the last action under it. A lattice unit (triangle
# side) per board size fills the width: 6 units across for the large board, 4 for the small one.
BOARD_LEFT = MARGIN
BOARD_TOP = HEADER_HEIGHT + 14
BOARD_W = WIDTH - 2 * MARGIN
ROW_BAND = 40  # room for the row letters at both ends of each row
PAD = 12
UNIT = {2: (BOARD_W - 2 * ROW_BAND - 2 * PAD) / 4, 3: (BOARD_W - 2 * ROW_BAND - 2 * PAD) / 6}
PANEL_W = BOARD_W

CELL_FILL = "#FBF8F1"
PETAL_FILL = "#E9DFCD"
PETAL_LINE = "#CDBEA4"
RIM = "#A89A84"
HOME_TINT = 0.20  # how much seat colour a start flower's cells take

# Start flowers by their vertex direction (spec 3.3): corners C0..C5, sides S0/S3, and the two 2p vertices.
# Marked for the catalogs and translated where shown (`seat_flowers`).
CORNER_NAMES = {0: N_("E corner"), 60: N_("NE corner"), 120: N_("NW corner"), 180: N_("W corner"),
                240: N_("SW corner"), 300: N_("SE corner")}
SIDE_NAMES = {30: N_("upper-right side"), 90: N_("top side"), 150: N_("upper-left side"), 210: N_("lower-left side"),
              270: N_("bottom side"), 330: N_("lower-right side")}
CENTRE_NAMES = (N_("upper centre"), N_("lower centre"))
FLOWER = N_("flower")
TEAM_LETTERS = TEAM_NUMERALS  # not letters: seat initials (R, B, Y, G, P, O) are letters


# ---- geometry ------------------------------------------------------------------------------------------------
class Layout:
    """Where the board of side `side` sits on the image: lattice vertex (q, r) to pixels, y pointing up."""

    def __init__(self, side: int, left: float = BOARD_LEFT, top: float = BOARD_TOP) -> None:
        self.side = side
        self.unit = UNIT[side]
        self.height = side * SQRT3 * self.unit + 2 * PAD
        self.cx = left + BOARD_W / 2
        self.cy = top + self.height / 2
        self.left, self.top = left, top

    def point(self, q: float, r: float) -> Point:
        return self.cx + self.unit * (q + r / 2), self.cy - self.unit * r * SQRT3 / 2

    def triangle(self, vertices: Sequence[Sequence[int]]) -> list[Point]:
        return [self.point(q, r) for q, r in vertices]

    def centroid(self, vertices: Sequence[Sequence[int]]) -> Point:
        pts = self.triangle(vertices)
        return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3

    @property
    def bottom(self) -> float:
        return self.top + self.height


def _scaled(points: Sequence[Point], centre: Point, factor: float) -> list[Point]:
    cx, cy = centre
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


def _arc(centre: Point, radius: float, start: Point, end: Point, steps: int = 10) -> list[Point]:
    """Points on the short arc around `centre` from `start` to `end` (both on the circle)."""
    a0 = math.atan2(start[1] - centre[1], start[0] - centre[0])
    a1 = math.atan2(end[1] - centre[1], end[0] - centre[0])
    delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    angles = [a0 + delta * k / steps for k in range(steps + 1)]
    return [(centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)) for a in angles]


def _edges(cells: Sequence[Mapping[str, Any]]) -> dict[tuple[tuple[int, int], tuple[int, int]], list[tuple[int, int]]]:
    """Every board edge (a sorted vertex pair) with the apexes of the one or two cells on it."""
    edges: dict[tuple[tuple[int, int], tuple[int, int]], list[tuple[int, int]]] = {}
    for cell in cells:
        vs: list[tuple[int, int]] = [(q, r) for q, r in cell["vertices"]]
        for i in range(3):
            a, b, apex = vs[i], vs[(i + 1) % 3], vs[(i + 2) % 3]
            edges.setdefault((a, b) if a <= b else (b, a), []).append(apex)
    return edges


def flower_name(labels: Sequence[str], cells: Sequence[Mapping[str, Any]], side: int) -> str:
    """'NW corner', 'upper-right side' or (2 players) 'upper centre': where a start flower lies (English: see
    `seat_flowers` for the words shown)."""
    by_label = {c["label"]: c for c in cells}
    shared = set.intersection(*(set(map(tuple, by_label[lb]["vertices"])) for lb in labels if lb in by_label))
    if len(shared) != 1:
        return FLOWER
    q, r = next(iter(shared))
    x, y = q + r / 2, r * SQRT3 / 2
    angle = round(math.degrees(math.atan2(y, x))) % 360
    if side == 2:
        return CENTRE_NAMES[0] if y > 0 else CENTRE_NAMES[1]
    if angle in CORNER_NAMES and max(abs(q), abs(r), abs(q + r)) == side - 1:
        return CORNER_NAMES[angle]
    return SIDE_NAMES.get(angle, FLOWER)


def seat_flowers(view: Mapping[str, Any]) -> list[str]:
    """Where each seat's start flower lies, in words of the language spoken, per seat."""
    side = int(view.get("side") or (2 if view.get("board") == "small" else 3))
    return [_(flower_name(labels, view["cells"], side)) for labels in view.get("start_cells") or []]


# ---- seat colours --------------------------------------------------------------------------------------------
def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """Per seat: its colour (Red, Blue, Yellow, Green, Purple, Orange) in its shape, lettered with the initial."""
    # The colours by seat from the rules' English names: the view's "seat_names" are words in the language spoken.
    return [chip(name) for name in SEAT_NAMES[: int(view.get("players") or len(view.get("seat_names") or []))]]


def _pyramid_colours(fill: str) -> tuple[str, str, str]:
    """(top, lit face, shaded face) for a pyramid of `fill`."""
    return fill, mix(WHITE, fill, 0.38), mix(INK, fill, 0.28)


# ---- the static board ----------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _frame(side: int, homes: tuple[tuple[tuple[str, ...], str], ...], cells_key: tuple[Any, ...],
           label: float = SMALL) -> Image.Image:
    """Plate, triangles (start flowers tinted), petals, cell labels and row letters: drawn once per board."""
    layout = Layout(side, 0, 0)
    canvas = Canvas(BOARD_W, round(layout.height), PAPER)
    cells = [{"label": lb, "row": row, "vertices": vs} for lb, row, vs in cells_key]
    canvas.rect((0, 0, BOARD_W, layout.height), fill=BOARD, outline=BORDER, radius=10)
    tint = {label: mix(colour, CELL_FILL, HOME_TINT) for labels, colour in homes for label in labels}
    for cell in cells:
        canvas.polygon(layout.triangle(cell["vertices"]), fill=tint.get(cell["label"], CELL_FILL))
    unit = layout.unit
    for (a, b), apexes in _edges(cells).items():
        pa, pb = layout.point(*a), layout.point(*b)
        # A petal is bounded by the two unit circles centred on the apexes across its edge (flower of life).
        others = [(a[0] + b[0] - c[0], a[1] + b[1] - c[1]) for c in apexes]  # reflect: the apex on the far side
        inward = _arc(layout.point(*others[0]), unit, pa, pb) if len(apexes) == 1 else None
        if inward is not None:
            canvas.polygon(inward, fill=PETAL_FILL, outline=PETAL_LINE, width=1)
            continue
        lens = _arc(layout.point(*apexes[0]), unit, pa, pb) + _arc(layout.point(*apexes[1]), unit, pb, pa)[1:]
        canvas.polygon(lens, fill=PETAL_FILL, outline=PETAL_LINE, width=1)
    rim = [layout.point(*v) for v in _hexagon(side)]
    canvas.polygon(rim, outline=RIM, width=2)
    for cell in cells:
        canvas.text(layout.centroid(cell["vertices"]), cell["label"], label, MUTED, anchor="mm")
    for row in sorted({c["row"] for c in cells}):
        ys = [v[1] for c in cells if c["row"] == row for v in c["vertices"]]
        r_mid = (min(ys) + max(ys)) / 2
        half = _half_width(side, r_mid)
        _, y = layout.point(0, r_mid)
        x0, _ = layout.point(-half - r_mid / 2, r_mid)
        x1, _ = layout.point(half - r_mid / 2, r_mid)
        canvas.text((x0 - ROW_BAND / 2, y), row, label, MUTED, anchor="mm")
        canvas.text((x1 + ROW_BAND / 2, y), row, label, MUTED, anchor="mm")
    return canvas.image


def _hexagon(side: int) -> list[tuple[int, int]]:
    units = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    return [(side * q, side * r) for q, r in units]


def _half_width(side: int, r: float) -> float:
    """Half the hexagon's width (in x units) at lattice height r."""
    return side - abs(r) / 2


# ---- pieces and the last move --------------------------------------------------------------------------------
SPRITE_MARGIN = 4
_KEY = (1, 254, 3)  # a colour no piece uses: the sprite's transparent background


def draw_piece(canvas: Canvas, layout: Layout, vertices: Sequence[Sequence[int]], fill: str, value: int,
               shape: str, team: str = "") -> None:
    """A four-sided die seen from above: a pyramid in the cell's shape with the value on its top, in a white badge
    of the owner's shape (the cue that does not rely on colour) and, in team games, the team numeral at its tip.

    Pieces are drawn once per look into a cached sprite and pasted: a 6-player board has 36 of them."""
    corners = layout.triangle(vertices)
    centre = layout.centroid(vertices)
    base = _scaled(corners, centre, 0.86)
    canvas.polygon([(x + 1.5, y + 2.5) for x, y in base], fill=rgba(INK, 0.22))  # a soft shadow
    sprite, mask = piece_sprite(layout.side, _points_up(corners), fill, value, shape, team)
    x0, y0 = min(x for x, _ in corners) - SPRITE_MARGIN, min(y for _, y in corners) - SPRITE_MARGIN
    canvas.image.paste(sprite, (round(x0 * SCALE), round(y0 * SCALE)), mask)


@lru_cache(maxsize=256)
def piece_sprite(side: int, up: bool, fill: str, value: int, shape: str, team: str) -> tuple[Image.Image, Image.Image]:
    """A piece drawn on its own (at the kit's scale) and the mask of its pixels."""
    unit = UNIT[side]
    h = unit * SQRT3 / 2
    m = SPRITE_MARGIN
    corners = [(m, m + h), (m + unit, m + h), (m + unit / 2, m)] if up else \
        [(m, m), (m + unit, m), (m + unit / 2, m + h)]
    sprite = Canvas(math.ceil(unit + 2 * m), math.ceil(h + 2 * m), _KEY)
    _paint_piece(sprite, corners, side, unit, fill, value, shape, team)
    key = Image.new("RGB", sprite.image.size, _KEY)
    mask = ImageChops.difference(sprite.image, key).convert("L").point(lambda v: 255 if v else 0)
    return sprite.image, mask


def _paint_piece(canvas: Canvas, corners: list[Point], side: int, unit: float, fill: str, value: int, shape: str,
                 team: str) -> None:
    centre = (sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3)
    base = _scaled(corners, centre, 0.86)
    top = _scaled(corners, centre, 0.44)
    top_fill, lit, shade = _pyramid_colours(fill)
    canvas.polygon(base, fill=fill)
    for i in range(3):
        face = [base[i], base[(i + 1) % 3], top[(i + 1) % 3], top[i]]
        # Light from the top-left: faces whose outward side looks up or left are lit.
        mx = (base[i][0] + base[(i + 1) % 3][0]) / 2 - centre[0]
        my = (base[i][1] + base[(i + 1) % 3][1]) / 2 - centre[1]
        canvas.polygon(face, fill=lit if (mx + my) < 0 else shade)
    canvas.polygon(top, fill=top_fill)
    for i in range(3):
        canvas.line([base[i], top[i]], mix(INK, fill, 0.5), 1)
    canvas.polygon(base, outline=INK, width=1.5)
    # The value on a white badge of the owner's shape: it reads on every colour, and the shape tells the owner.
    up = _points_up(corners)
    badge = (centre[0], centre[1] + (2 if up else -2))
    radius = unit * (0.19 if side == 3 else 0.15)
    canvas.token(badge, radius, WHITE, shape, str(value), INK, size=unit * (0.25 if side == 3 else 0.2), width=1.5)
    if team:  # the team numeral in a black pill at the tip, as large as the phone minimum
        apex = min(range(3), key=lambda i: corners[i][1]) if up else max(range(3), key=lambda i: corners[i][1])
        tip = (centre[0] + (base[apex][0] - centre[0]) * 0.86, centre[1] + (base[apex][1] - centre[1]) * 0.86)
        size = min(SMALL, unit * 0.2)
        w, h = text_width(team, size) + size * 0.5, size * 1.2
        canvas.rect((tip[0] - w / 2, tip[1] - h / 2, tip[0] + w / 2, tip[1] + h / 2), fill=INK, outline=WHITE,
                    width=1.5, radius=h / 2)
        canvas.text(tip, team, size, WHITE, anchor="mm")


def _points_up(corners: Sequence[Point]) -> bool:
    ys = sorted(p[1] for p in corners)
    return ys[1] - ys[0] > ys[2] - ys[1]  # one corner alone at the top


def _dark(fill: str) -> bool:
    return text_on(fill) == WHITE


def draw_cell_outline(canvas: Canvas, layout: Layout, vertices: Sequence[Sequence[int]], width: float = 9) -> None:
    """The last move's frame around a cell (black with a white core: the kit's last-move mark)."""
    canvas.mark_polygon(_scaled(layout.triangle(vertices), layout.centroid(vertices), 0.95), width)


def draw_change_badge(canvas: Canvas, layout: Layout, vertices: Sequence[Sequence[int]], new: int) -> None:
    """A change's second cue beside the frame: a black badge '→3' (turned to 3) towards the cell's tip."""
    corners = layout.triangle(vertices)
    centre = layout.centroid(vertices)
    apex = min(corners, key=lambda p: p[1]) if _points_up(corners) else max(corners, key=lambda p: p[1])
    spot = (centre[0] + (apex[0] - centre[0]) * 0.62, centre[1] + (apex[1] - centre[1]) * 0.62)
    label = f"→{new}"
    size = max(SMALL, layout.unit * 0.16)
    w = text_width(label, size) + size * 0.8
    box = (spot[0] - w / 2, spot[1] - size * 0.75, spot[0] + w / 2, spot[1] + size * 0.75)
    canvas.rect(box, fill=LAST_MOVE, outline=WHITE, width=2, radius=size * 0.5)
    canvas.text(spot, label, size, WHITE, anchor="mm")


def draw_path(canvas: Canvas, layout: Layout, centres: Sequence[Point]) -> None:
    """The route a move took, centre to centre, ending in an arrowhead at the edge of the piece that moved."""
    if len(centres) < 2:
        return
    stop = layout.unit * 0.3
    (x0, y0), (x1, y1) = centres[-2], centres[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    tip = (x1 - (x1 - x0) / length * stop, y1 - (y1 - y0) / length * stop)
    points = [*centres[:-1], tip]
    canvas.line(points, WHITE, 12)
    canvas.line(points, LAST_MOVE, 7)
    canvas.circle(centres[0], 11, fill=LAST_MOVE, outline=WHITE, width=2.5)
    canvas.arrow(points[-2] if len(points) > 2 else centres[0], tip, LAST_MOVE, 7, head=26, outline=WHITE,
                 outline_width=2.5)


# ---- panel ---------------------------------------------------------------------------------------------------
def _detail(view: Mapping[str, Any], seat: int, where: str, team: str, room: float) -> str:
    """'Team I · NW corner · 5 pieces · 2 taken', shortened to fit, or why the seat is out."""
    counts = view.get("piece_counts") or []
    count = counts[seat] if seat < len(counts) else 0
    pieces = ngettext("{n} piece", "{n} pieces", count)
    caps = (view.get("caps") or [0] * (seat + 1))[seat]
    if view.get("resigned") == seat:
        state = _("resigned")
        parts = [[where, state], [state]]
    elif count == 0:
        state = _("no pieces left")
        parts = [[where, state], [state], [_("no pieces")]]
    else:
        taken = [ngettext("{n} taken", "{n} taken", caps)] if caps else []
        parts = [[where, pieces, *taken], [pieces, *taken], [pieces]]
    if team:
        label = _("Team {numeral}", numeral=team)
        parts = [[label, *words] for words in parts] + parts[-1:]
    return first_fitting([" · ".join(words) for words in parts], SMALL, room)


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last action in words: 'Ada (Red) b4-c5: 3 steps, captures Blue's 2.'"""
    last = view.get("last") or {}
    # The view's colours are words already in the language spoken where it was made (rules' `view`); translated
    # again here, a view made in English (an older caller) draws in the language spoken too.
    seat_names = [_(str(name)) for name in view.get("seat_names") or []]
    seat = last.get("seat")
    if not isinstance(seat, int) or seat >= len(names):
        return ""
    who = _("{name} ({colour})", name=names[seat], colour=seat_names[seat])
    kind = last.get("kind")
    if kind == "first":
        return _("{player} moves first (drawn at random).", player=who)
    if kind == "resign":
        return _("{player} resigned.", player=who)
    if kind == "change":
        return _("{player} turned {cell} to {value}.", player=who, cell=last.get("cell"), value=last.get("value"))
    if kind == "move":
        steps = max(0, len(last.get("path") or []) - 1)
        move = f"{last.get('from')}-{last.get('to')}"
        taken = last.get("captured")
        if taken:
            return ngettext("{player} {move}, {n} step, captures {colour}'s {value}.",
                            "{player} {move}, {n} steps, captures {colour}'s {value}.", steps, player=who, move=move,
                            colour=seat_names[taken["seat"]], value=taken["value"])
        return ngettext("{player} {move}, {n} step.", "{player} {move}, {n} steps.", steps, player=who, move=move)
    return ""


def _panel_layout(view: Mapping[str, Any]) -> tuple[list[int], int]:
    """(seats in card order, columns): teammates side by side on one row in team games, else two columns."""
    teams = view.get("teams") or []
    if view.get("team_mode", "none") == "none" or not teams:
        return list(range(view["players"])), 2
    return [s for team in teams for s in team], max(len(team) for team in teams)


def _team_letters(view: Mapping[str, Any]) -> list[str]:
    """Per seat, its team's numeral (I, II, III) in team games; empty strings in free-for-all."""
    players = int(view["players"])
    if view.get("team_mode", "none") == "none":
        return [""] * players
    team_of = view.get("team_of") or [0] * players
    return [TEAM_LETTERS[t] for t in team_of]


def _words(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str, str]:
    """(why it ended, the last action, the round) in words for under the board; "" where there is none."""
    reason = reason_line(view, names)  # the header says who; here why
    last = describe_last(view, names)
    limit = view.get("round_limit")
    rnd = int(view.get("actions") or 0) // max(1, int(view["players"])) + 1
    info = _("Round {round} of {limit}", round=rnd, limit=limit) if limit else _("Round {round}", round=rnd)
    if view.get("players") == 2 and not view.get("sinoda_win", True):
        info = _("{round} · no Win by Sinoda", round=info)
    return reason, _("Last: {action}", action=last) if last else "", info


def _panel_height(view: Mapping[str, Any], names: Sequence[str]) -> float:
    seats, columns = _panel_layout(view)
    reason, last, info = _words(view, names)
    return (cards_height(len(seats), columns) + 14 + text_height(reason, PANEL_W, BODY) + text_height(last, PANEL_W)
            + text_height(info, PANEL_W))


def _panel(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], chips: Sequence[Chip],
           wheres: Sequence[str], top: float) -> float:
    """Under the board: a card per seat (teammates side by side) with its points, why it ended, the last action,
    the round."""
    seats, columns = _panel_layout(view)
    outcome = view.get("outcome")
    winners = (outcome or {}).get("winners") or []
    counts = view.get("piece_counts") or []
    teams = _team_letters(view)
    room = card_text_width(PANEL_W, columns, value=True)
    rows = []
    for seat in seats:
        points = (view.get("points") or view.get("scores") or [0] * (seat + 1))[seat]
        out = (counts[seat] if seat < len(counts) else 0) == 0 or view.get("resigned") == seat
        rows.append(PanelRow(chips[seat], names[seat], _detail(view, seat, wheres[seat], teams[seat], room),
                             seat in winners if outcome else seat == view.get("to_move"), out, str(points),
                             # Translators: the unit under a score on a seat's card (points), a short word.
                             _("pts")))
    x, w = MARGIN, PANEL_W
    y = seat_cards(canvas, x, top, w, rows, columns) + 14
    reason, last, info = _words(view, names)
    if reason:
        y = panel_text(canvas, x, y, w, reason, BODY)
    if last:
        y = panel_text(canvas, x, y, w, last, SMALL)
    return panel_text(canvas, x, y, w, info, SMALL, MUTED)


def draw_board(canvas: Canvas, layout: Layout, view: Mapping[str, Any], chips: Sequence[Chip],
                label: float = SMALL) -> None:
    """The board of `view` with its pieces and the last action marked, at `layout`."""
    side = layout.side
    cells = view["cells"]
    homes = tuple((tuple(labels), chips[seat].fill) for seat, labels in enumerate(view.get("start_cells") or []))
    cells_key = tuple((c["label"], c["row"], tuple(tuple(v) for v in c["vertices"])) for c in cells)
    canvas.paste(_frame(side, homes, cells_key, label), (layout.left, layout.top))

    by_label = {c["label"]: c for c in cells}
    team_letters = _team_letters(view)
    last = view.get("last") or {}
    if last.get("kind") == "move":
        path = [by_label[lb]["vertices"] for lb in last.get("path") or [] if lb in by_label]
        draw_path(canvas, layout, [layout.centroid(vs) for vs in path])
    for cell in cells:
        piece = cell.get("piece")
        if piece is not None:
            ch = chips[piece["seat"]]
            draw_piece(canvas, layout, cell["vertices"], ch.fill, piece["value"], ch.shape, team_letters[piece["seat"]])
    if last.get("kind") == "move":
        for end in (last.get("from"), last.get("to")):
            if end in by_label:
                draw_cell_outline(canvas, layout, by_label[end]["vertices"])
        if last.get("captured") and last.get("to") in by_label:
            vs = by_label[last["to"]]["vertices"]
            cx, cy = layout.centroid(vs)
            canvas.cross((cx + layout.unit * 0.22, cy - layout.unit * 0.2), layout.unit * 0.12, INK, 4)
    elif last.get("kind") == "change" and last.get("cell") in by_label:
        draw_cell_outline(canvas, layout, by_label[last["cell"]]["vertices"])
        draw_change_badge(canvas, layout, by_label[last["cell"]]["vertices"], int(last.get("value") or 0))


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image for a Sinoda view: header, board with the last action marked, side panel. PNG bytes."""
    side = int(view.get("side") or (2 if view.get("board") == "small" else 3))
    layout = Layout(side)
    chips = seat_chips(view)
    shown = display_names(view, names)
    top = layout.bottom + 16
    canvas = Canvas(WIDTH, round(top + _panel_height(view, shown) + MARGIN))
    header(canvas, view, shown, TITLE, chips, match_id)
    draw_board(canvas, layout, view, chips)
    _panel(canvas, view, shown, chips, seat_flowers(view), top)
    return canvas.png()


__all__ = ["Layout", "flower_name", "render_board"]
