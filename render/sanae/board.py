"""The Sanae board image (two ringed circles, Contended Ground shaded, stones hidden or ranked) and rules summary."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import N_, _, active, ngettext
from render.kit import (
    INK,
    LAST_MOVE,
    MUTED,
    NEUTRAL,
    PAPER,
    PLACES,
    WHITE,
    Canvas,
    Chip,
    Colour,
    chip,
    first_fitting,
    mix,
    shape_points,
    text_on,
    text_width,
    wrap,
)
from render.panels import (
    BODY,
    HEADER_HEIGHT,
    LARGE,
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
from rules.sanae.board import BOARDS, Board
from rules.sanae.pieces import NAMES as STONE_NAMES

TITLE = "Sanae"
CHIPS: tuple[Chip, Chip] = (chip("red", "R"), chip("blue", "B"))
def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """Red and Blue, round and square."""
    return list(CHIPS)


ZED = PLACES[1]  # the gold of a Zed Inel answer: no side's colour, and not the last move's black

WIDTH = 1000
PAD = 0.8  # board units around the circles for the arc numbers
# Pixels per board unit (ring k spans radius k..k+1, spec 3.4): the two circles side by side fill the width.
_CIRCLES = BOARDS["lens93"].drawing()["circles"].values()
UNIT = (WIDTH - 2 * MARGIN) / (max(c["centre"][0] for c in _CIRCLES) - min(c["centre"][0] for c in _CIRCLES)
                               + 2 * (max(c["radius"] for c in _CIRCLES) + PAD))
BOARD_TOP = HEADER_HEIGHT + 8
STONE = round(UNIT * 0.38, 1)  # stone radius: as wide as ring 1's cells allow, room for a 28 px rank letter
PANEL_TOP_GAP = 14


class Layout:
    """Where the board's cells lie in the image (final pixels), from the rules' geometry data."""

    def __init__(self, board: Board) -> None:
        self.board = board
        drawing = board.drawing()
        centres = [c["centre"] for c in drawing["circles"].values()]
        radius = max(c["radius"] for c in drawing["circles"].values())
        self.min_x = min(c[0] for c in centres) - radius - PAD
        self.max_y = max(c[1] for c in centres) + radius + PAD
        span_x = max(c[0] for c in centres) + radius + PAD - self.min_x
        self.left = (WIDTH - span_x * UNIT) / 2
        self.height = (2 * (radius + PAD)) * UNIT
        self.seam = sum(c[0] for c in centres) / len(centres)  # contended halves meet midway between centres
        self.polygons: list[list[list[tuple[float, float]]]] = []
        self.anchors: list[tuple[float, float]] = []
        for geo in board.geometry:
            parts = [self._sector(s) for s in geo["sectors"]]
            if len(parts) > 1:  # a contended cell: each half keeps the points nearer its own centre
                parts = [_clip(p, self.px(self.seam, 0)[0], s["centre"][0] < self.seam)
                         for p, s in zip(parts, geo["sectors"], strict=True)]
            self.polygons.append(parts)
            self.anchors.append(_centroid(parts) if len(parts) > 1 else self.px(*geo["anchor"]))

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.left + (x - self.min_x) * UNIT, BOARD_TOP + (self.max_y - y) * UNIT

    def polar(self, centre: Sequence[float], r: float, deg: float) -> tuple[float, float]:
        a = math.radians(deg)
        return self.px(centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))

    def _sector(self, s: Mapping[str, Any]) -> list[tuple[float, float]]:
        start, end = s["start_deg"], s["end_deg"]
        if end <= start:
            end += 360
        steps = 10
        angles = [start + (end - start) * i / steps for i in range(steps + 1)]
        outer = [self.polar(s["centre"], s["r_outer"], a) for a in angles]
        inner = [self.polar(s["centre"], s["r_inner"], a) for a in reversed(angles)]
        return outer + inner


def _clip(points: list[tuple[float, float]], seam: float, keep_left: bool) -> list[tuple[float, float]]:
    """The part of a polygon on one side of the vertical line x = seam (Sutherland–Hodgman)."""
    def inside(p: tuple[float, float]) -> bool:
        return p[0] <= seam if keep_left else p[0] >= seam

    out: list[tuple[float, float]] = []
    for i, cur in enumerate(points):
        prev = points[i - 1]
        if inside(cur) != inside(prev):
            t = (seam - prev[0]) / (cur[0] - prev[0])
            out.append((seam, prev[1] + t * (cur[1] - prev[1])))
        if inside(cur):
            out.append(cur)
    return out


def _centroid(parts: Sequence[Sequence[tuple[float, float]]]) -> tuple[float, float]:
    area = cx = cy = 0.0
    for pts in parts:
        for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], pts[0]], strict=True):
            cross = x0 * y1 - x1 * y0
            area += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)


@lru_cache(maxsize=2)
def layout(board: str = "lens93") -> Layout:
    return Layout(BOARDS[board])


def _tint(cell: Mapping[str, Any]) -> str:
    if cell["circle"] == "C":
        return mix(NEUTRAL, PAPER, 0.85)
    base = CHIPS[0 if cell["circle"] == "R" else 1].fill
    return mix(base, PAPER, 0.16 if cell["ring"] % 2 else 0.26)


@lru_cache(maxsize=8)
def _frame(board: str = "lens93", code: str = "en", names: bool = True) -> Image.Image:
    """The parts that never change in a language (`code`, the one being spoken): cell fills and borders, arc
    numbers, contended labels and (`names`) the circles' names, which a cropped picture leaves out (a long
    language's name would show cut at the crop's edge)."""
    lay = layout(board)
    grid = lay.board
    height = round(lay.height)
    canvas = Canvas(WIDTH, height + 2)
    shift = BOARD_TOP  # the frame is drawn at the board's own origin, pasted at BOARD_TOP
    drawing = grid.drawing()

    def up(p: tuple[float, float]) -> tuple[float, float]:
        return p[0], p[1] - shift

    line = mix(INK, PAPER, 0.35)
    for cell, parts in zip(grid.geometry, lay.polygons, strict=True):
        fill = _tint(cell)
        for pts in parts:
            canvas.polygon([up(p) for p in pts], fill=fill, outline=WHITE, width=2)
    # The seam inside each contended cell is not a border: paint it over with the cell's own fill.
    for c in grid.contended:
        parts = lay.polygons[c]
        seam_x = lay.px(lay.seam, 0)[0]
        seam_pts = [up(p) for pts in parts for p in pts if abs(p[0] - seam_x) < 0.01]
        if len(seam_pts) >= 2:
            ys = sorted(p[1] for p in seam_pts)
            x = seam_pts[0][0]
            canvas.line([(x, ys[0] + 2), (x, ys[-1] - 2)], _tint(grid.geometry[c]), 3)
    for side, circle in drawing["circles"].items():
        centre, hole, radius = circle["centre"], circle["hole"], circle["radius"]
        cx, cy = up(lay.px(*centre))
        canvas.circle((cx, cy), hole * UNIT, fill=PAPER, outline=line, width=1.5)
        canvas.text((cx, cy), side, LARGE, mix(CHIPS["RB".index(side)].fill, PAPER, 0.45), anchor="mm")
        # Arc numbers outside ring 4, except where the other circle lies (the C cells carry their own labels).
        for arc in range(drawing["arcs"]):
            mid = grid.arc_centre_angle(side, arc)
            x, y = (centre[0] + (radius + 0.4) * math.cos(math.radians(mid)),
                    centre[1] + (radius + 0.4) * math.sin(math.radians(mid)))
            other = [c["centre"] for s, c in drawing["circles"].items() if s != side]
            if any(math.dist((x, y), o) < radius + 0.6 for o in other):
                continue
            canvas.text(up(lay.px(x, y)), f"{arc:02d}", SMALL, INK, anchor="mm")
        # Ring numbers along arc 06, on its border with arc 05 (clear of the stones and the cell labels).
        edge = grid.arc_centre_angle(side, 6) + (180 / drawing["arcs"]) * (-1 if side == "R" else 1)
        for ring in range(1, drawing["rings"] + 1):
            xy = up(lay.polar(centre, ring + 0.5, edge))
            canvas.circle(xy, 17, fill=PAPER, outline=line, width=1.5)
            canvas.text(xy, str(ring), SMALL, INK, anchor="mm")
    for c in grid.contended:
        x, y = up(lay.anchors[c])
        canvas.text((x, y - STONE - 16), grid.labels[c], SMALL, INK, anchor="mm")
    if not names:
        return canvas.image
    # Circle names in the free corners above each circle (the letter is the cells' notation).
    # Translators: the red circle's name over the board, in capitals; keep (R), the letter its cells are named by.
    canvas.text((MARGIN - 10, 22), _("RED (R)"), SMALL, CHIPS[0].fill, anchor="lm")
    # Translators: the blue circle's name over the board, in capitals; keep (B), the letter its cells are named by.
    canvas.text((WIDTH - MARGIN + 10, 22), _("BLUE (B)"), SMALL, CHIPS[1].fill, anchor="rm")
    # The shared cells' name in the notch between the circles' tops, a word a line (as many lines as it takes).
    seam = up(lay.px(lay.seam, lay.max_y - 0.45))
    for i, word in enumerate(wrap(_("Contended Ground"), SMALL, CONTENDED_W)):
        canvas.text((seam[0], seam[1] + 30 * i), word, SMALL, MUTED, anchor="mm")
    return canvas.image


CONTENDED_W = 190.0  # the notch between the circles' tops, where the Contended Ground's name goes


def _dashed_ring(canvas: Canvas, centre: tuple[float, float], radius: float, colour: str, width: float) -> None:
    """A dashed rim: 'the opponent does not know this stone'."""
    dashes = 12
    for i in range(dashes):
        a0 = 2 * math.pi * i / dashes
        pts = [(centre[0] + radius * math.cos(a0 + t * math.pi / dashes / 4),
                centre[1] + radius * math.sin(a0 + t * math.pi / dashes / 4)) for t in range(5)]
        canvas.line(pts, colour, width)


def draw_stone(canvas: Canvas, xy: tuple[float, float], stone: Mapping[str, Any], private: bool) -> None:
    """A stone in its side's colour and shape (Red round, Blue square: the cue beyond colour, hidden ones too)."""
    seat = stone["seat"]
    fill, shape = CHIPS[seat].fill, CHIPS[seat].shape
    letter = stone.get("letter")
    secret = letter is not None and not stone.get("revealed")
    canvas.token((xy[0] + 1.2, xy[1] + 2), STONE, (43, 43, 43, 60), shape, outline=None)
    if secret:  # own hidden stone in a private view: lighter rim, dashed
        canvas.token(xy, STONE, fill, shape, outline=WHITE, width=2)
        _dashed_rim(canvas, xy, STONE + 1.5, shape, INK, 2)
    else:
        canvas.token(xy, STONE, fill, shape, outline=INK, width=1.5)
    if letter:  # the rank's letter: the notation of layout codes and history lines, the same in every language
        canvas.text((xy[0], xy[1] + 1), letter, SMALL, text_on(fill), anchor="mm")
    if stone.get("zed_used"):
        zx, zy = xy[0] + STONE * 0.85, xy[1] + STONE * 0.8
        canvas.circle((zx, zy), 10, fill=WHITE, outline=INK, width=1.5)
        canvas.text((zx, zy), "z", 17, INK, anchor="mm")


def _dashed_rim(canvas: Canvas, centre: tuple[float, float], radius: float, shape: str, colour: str,
                width: float) -> None:
    """A dashed rim around a stone: 'the opponent does not know this stone'."""
    points = shape_points(shape, centre, radius)
    if points is None:
        _dashed_ring(canvas, centre, radius, colour, width)
        return
    for a, b in zip(points, [*points[1:], points[0]], strict=True):
        canvas.dashed_line(a, b, colour, width, dash=radius * 0.35, gap=radius * 0.3)


def _outline(canvas: Canvas, parts: Sequence[Sequence[tuple[float, float]]], colour: str | None = None,
             width: float = 5) -> None:
    """A cell's frame: the last-move mark, or a plain line in `colour`."""
    for pts in parts:
        if colour is None:
            canvas.mark_polygon(pts, width)
        else:
            canvas.line([*pts, pts[0], pts[1]], colour, width)


def lost_kinds(letters: str) -> list[str]:
    """['V', '2C', '9F']: the captured stones by rank letter, highest first, each kind once with its count."""
    kinds = sorted(set(letters), key=lambda k: list(STONE_NAMES).index(k) if k in STONE_NAMES else len(STONE_NAMES))
    return [f"{letters.count(k) if letters.count(k) > 1 else ''}{k}" for k in kinds]


def lost_list(letters: str, separator: str = ", ") -> str:
    """'V, 2C, 9F': the captured stones by rank letter, highest first, each kind once with its count."""
    return separator.join(lost_kinds(letters))


def lost_text(letters: str, separator: str = ", ") -> str:
    """'lost V, 2C, 9F': the captured stones by rank, highest first, each kind once with its count."""
    if not letters:
        return _("lost nothing")
    # Translators: {stones} lists captured stones by their rank letters (V, 2C, 9F): notation, kept as it is.
    return _("lost {stones}", stones=lost_list(letters, separator))


# A side's setup step in words (the view's status codes), translated where shown.
SETUP_WORDS = {"empty": N_("choosing a layout"), "laid": N_("layout chosen, not ready"), "not ready": N_("setting up"),
               "shuffling": N_("setting up"), "ready": N_("ready")}


def setup_words(status: str) -> str:
    return _(SETUP_WORDS[status]) if status in SETUP_WORDS else status


def _seat_detail(view: Mapping[str, Any], seat: int) -> str:
    if view["phase"] == "setup":
        return setup_words(view["setup"][seat]["status"])
    # Late in a game the list outgrows a card: then without commas, then the count and the highest ranks, the
    # lowest left out as "(+N)" stones (a short list loses Footmen, never the King; no word is cut).
    letters = view["captured"][seat]
    kinds = lost_kinds(letters)
    options = [lost_text(letters), lost_text(letters, " ")]
    for keep in range(len(kinds), 0, -1):
        left_out = sum(int(kind[:-1] or 1) for kind in kinds[keep:])
        stones = " ".join(kinds[:keep]) + (f" (+{left_out})" if left_out else "")
        options.append(ngettext("lost {n}: {stones}", "lost {n}: {stones}", len(letters), stones=stones))
    return first_fitting(options, SMALL, card_text_width(PANEL_W))


def side_stone(side: str, stone: Mapping[str, Any]) -> str:
    """'Red Lieutenant': a side's stone by its rank's name (the view's `side` is notation: red or blue)."""
    letter = str(stone.get("letter") or "")
    name = _(STONE_NAMES[letter]) if letter in STONE_NAMES else str(stone.get("name") or "")
    # Translators: a stone of a side, e.g. "Red Knight"; {stone} is the rank's name.
    return _("Red {stone}", stone=name) if side == "red" else _("Blue {stone}", stone=name)


def _fight_words(fight: Mapping[str, Any], dice: Mapping[str, Any] | None) -> str:
    """'Red Lieutenant vs Blue Footman: attacker wins (dice Red 5, Blue 2)', or the Void's capture."""
    a, d = fight["attacker"], fight["defender"]
    attacker, defender = side_stone(a["side"], a), side_stone(d["side"], d)
    if d.get("letter") == "V" or d.get("name") == "Void":
        words = _("The {attacker} captures the {defender}", attacker=attacker, defender=defender)
    elif fight["winner"] == a["side"]:
        words = _("{attacker} vs {defender}: attacker wins", attacker=attacker, defender=defender)
    else:
        words = _("{attacker} vs {defender}: defender wins", attacker=attacker, defender=defender)
    if dice:
        return _("{fight} (dice Red {red}, Blue {blue})", fight=words, red=dice["red"], blue=dice["blue"])
    return words


def describe_last(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last event in words, from what the view shows (never more)."""
    last = view.get("last")
    arranging = _("Both players arrange their stones in private.")
    if not last:
        return arranging if view["phase"] == "setup" else ""
    who = names[last["seat"]] if last.get("seat") is not None else ""
    kind = last["kind"]
    if kind in ("setup", "fill"):
        return arranging
    if kind == "first":
        dice = last.get("dice") or {}
        first = view.get("first")
        if first is None:
            return _("First-player roll: Red {red}, Blue {blue}.", red=dice.get("red"), blue=dice.get("blue"))
        return _("First-player roll: Red {red}, Blue {blue} - {name} moves first.", red=dice.get("red"),
                 blue=dice.get("blue"), name=names[first])
    if kind == "resign":
        return _("{name} resigned.", name=who)
    text = ""
    move = f"{last['from']}-{last['to']}" if last.get("from") and last.get("to") else ""
    if move:
        text = _("{name}: {move}", name=who, move=move)
    if kind == "zed" and last.get("swap"):
        text = _("Zed Inel: the Captain from {cell} swapped with the Void", cell=last["swap"])
    elif kind == "zed" and move:
        # the seat of a "zed" event is the defender who answered; the move itself was the attacker's
        text = _("{name} declined Zed Inel against {move}", name=who, move=move)
    fight = last.get("combat")
    if fight:
        fought = _fight_words(fight, last.get("dice"))
        return _("{move}. {fight}.", move=text, fight=fought) if text else _("{fight}.", fight=fought)
    return _("{move}.", move=text) if text else ""


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board for `view` (public or one seat's); a seat's own hidden stones show their rank, rimmed dashed."""
    lay = layout(view["options"].get("board", "lens93"))
    names = display_names(view, names)
    top = BOARD_TOP + lay.height + PANEL_TOP_GAP
    canvas = Canvas(WIDTH, round(top + panel_height(view, names) + MARGIN))
    header(canvas, view, names, TITLE, CHIPS, match_id)  # the header words the result (rules.outcomes)
    draw_board(canvas, view)
    _panel(canvas, view, names, top)
    return canvas.png()


def draw_board(canvas: Canvas, view: Mapping[str, Any], washes: Mapping[int, Colour] | None = None,
                names: bool = True) -> None:
    """The circles, stones and marks of `view`, drawn from y = BOARD_TOP down; `washes` tint cells (by index)."""
    board = view["options"].get("board", "lens93")
    lay = layout(board)
    canvas.paste(_frame(board, active().code, names), (0, BOARD_TOP))
    viewer = view.get("viewer")
    cells = view["cells"]
    index = {c["label"]: i for i, c in enumerate(cells)}
    last = view.get("last") or {}
    pending = view.get("pending")
    for i, colour in (washes or {}).items():
        for pts in lay.polygons[i]:
            canvas.polygon(pts, fill=colour)

    # Labels of empty cells (the contended cells are labelled in the frame).
    for i, cell in enumerate(cells):
        if cell["stone"] is None and cell["circle"] != "C":
            canvas.text(lay.anchors[i], cell["label"], 11 if cell["ring"] == 1 else 13, MUTED, anchor="mm")
    touched = [index[c] for c in last.get("cells", []) if c in index] if last.get("kind") not in (
        "setup", "fill", "first", "resign") else []
    if pending and pending["kind"] == "zed":
        for label in (pending["attacker"], pending["void"]):
            _outline(canvas, lay.polygons[index[label]], CHIPS[pending["defender"]].fill, 4)
    for i in touched:
        _outline(canvas, lay.polygons[i])
    for i, cell in enumerate(cells):
        if cell["stone"] is not None:
            draw_stone(canvas, lay.anchors[i], cell["stone"], viewer is not None)
    if last.get("from") in index and last.get("to") in index and last["from"] != last["to"]:
        (x0, y0), (x1, y1) = lay.anchors[index[last["from"]]], lay.anchors[index[last["to"]]]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > 2 * STONE + 8:
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            canvas.arrow((x0 + ux * (STONE + 2), y0 + uy * (STONE + 2)), (x1 - ux * (STONE - 4), y1 - uy * (STONE - 4)),
                         LAST_MOVE, 5, outline=WHITE, outline_width=2)
    fight = last.get("combat")
    if fight and fight["cell"] in index:
        x, y = lay.anchors[index[fight["cell"]]]
        canvas.cross((x + STONE + 5, y - STONE - 3), 15, INK, 4)
    stones = [lay.anchors[i] for i, cell in enumerate(cells) if cell["stone"] is not None]
    # Only the defender's view lists the eligible Captains (spec 7): everyone else sees no mark.
    for label in (pending or {}).get("eligible") or []:
        if label in index:
            _zed_mark(canvas, lay.anchors[index[label]], stones)


def _zed_mark(canvas: Canvas, xy: tuple[float, float], stones: Sequence[tuple[float, float]]) -> None:
    """A Captain that may answer Zed Inel: a gold ring outside its rim and a "Zed?" tag astride the ring, on
    the side (top, bottom, left, right) farthest from the other `stones` so it hides as little as possible."""
    canvas.circle(xy, STONE + 8, outline=INK, width=5.5)
    canvas.circle(xy, STONE + 7.5, outline=ZED, width=4)
    # Translators: the tag on a Captain that may answer Zed Inel (a proper name: keep it); a few letters at most.
    tag = _("Zed?")
    w, h = text_width(tag, SMALL) + 12, 36
    reach = STONE + 7 + h / 2
    spots = [(xy[0], xy[1] - reach), (xy[0], xy[1] + reach), (xy[0] - reach - w / 2 + h / 2, xy[1]),
             (xy[0] + reach + w / 2 - h / 2, xy[1])]
    others = [p for p in stones if p != xy]
    tx, ty = max(spots, key=lambda p: round(min((math.dist(p, o) for o in others), default=0.0) / 4))
    canvas.rect((tx - w / 2, ty - h / 2, tx + w / 2, ty + h / 2), fill=ZED, outline=INK, width=1.5, radius=5)
    canvas.text((tx, ty + 0.5), tag, SMALL, INK, anchor="mm")


def _words(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str, str]:
    """(why it ended, what only the viewer sees or what the end shows, the last move) in words for under the
    board; "" where there is none."""
    reason = reason_line(view, names)  # the header says who; here why
    if view["phase"] == "over":
        note = _("Every rank is shown now the game is over; dashed rims: never revealed in play.")
    elif view.get("viewer") is not None:
        note = (_("Only you can see this: your own stones' ranks.") if view["phase"] == "setup" else
                _("Only you can see this: your own stones' ranks; dashed rims: the opponent has not seen them."))
    else:
        note = ""
    text = describe_last(view, names)
    more = pending_words(view, names) or quiet_words(view)
    text = f"{text} {more}".strip() if more else text
    if view["phase"] in ("play", "over") and view.get("last") and text:
        text = _("Last: {what}", what=text)
    return reason, note, text


def pending_words(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """'The Void on B1.06 is attacked: ada answers Zed Inel (eligible: B2.05).' while an answer is owed."""
    pending = view.get("pending")
    if not pending or pending.get("kind") != "zed":
        return ""
    defender = names[pending["defender"]]
    eligible = pending.get("eligible")
    if eligible is None:
        return _("The Void on {cell} is attacked: {name} answers Zed Inel.", cell=pending["void"], name=defender)
    cells = ", ".join(eligible) if eligible else _("none")
    return _("The Void on {cell} is attacked: {name} answers Zed Inel (eligible: {cells}).", cell=pending["void"],
             name=defender, cells=cells)


def quiet_words(view: Mapping[str, Any]) -> str:
    """'Quiet plies: 12 of 200.' in play: how near the quiet limit's draw is."""
    if view["phase"] not in ("play", "over"):
        return ""
    limit = view.get("quiet_limit") or 0
    if limit:
        return _("Quiet plies: {n} of {limit}.", n=view.get("quiet", 0), limit=limit)
    return _("Quiet plies: {n}.", n=view.get("quiet", 0))


def _rows(view: Mapping[str, Any], names: Sequence[str]) -> list[PanelRow]:
    outcome = view.get("outcome")
    winners = set((outcome or {}).get("winners") or [])
    return [PanelRow(CHIPS[seat], names[seat], _seat_detail(view, seat),
                     seat in winners if outcome else seat in (view.get("actors") or [])) for seat in (0, 1)]


def panel_height(view: Mapping[str, Any], names: Sequence[str]) -> float:
    reason, note, last = _words(view, names)
    return (cards_height(2) + 14 + text_height(reason, PANEL_W, BODY) + text_height(note, PANEL_W)
            + text_height(last, PANEL_W))


PANEL_W = WIDTH - 2 * MARGIN


def _panel(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], top: float) -> None:
    """Under the board: both sides' cards with what they lost, why it ended, what this view shows, the last move."""
    x, w = MARGIN, PANEL_W
    y = seat_cards(canvas, x, top, w, _rows(view, names)) + 14
    reason, note, last = _words(view, names)
    if reason:
        y = panel_text(canvas, x, y, w, reason, BODY)
    if note:
        y = panel_text(canvas, x, y, w, note, SMALL, MUTED)
    if last:
        panel_text(canvas, x, y, w, last, SMALL)


__all__ = ["CHIPS", "Layout", "describe_last", "layout", "render_board"]
