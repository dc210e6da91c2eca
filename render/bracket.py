"""An elimination bracket as an image in the common board look: rounds as columns, matches as boxes with both
sides' seeds, names and results, lines carrying each winner on; for double elimination the winners' and losers'
brackets and the grand final one under the other. Drawn from `tournaments.views.BracketView` and names only."""

from __future__ import annotations

from collections.abc import Mapping

from render.kit import BORDER, GREEN, INK, MUTED, PAPER, WHITE, Canvas, fit, mix, text_width
from render.panels import MARGIN, title_bar
from tournaments.views import Box, BracketView, Section, Side

HEAD = 64  # the title strip
BOX_W, ROW_H = 230, 30  # a match box: two rows
BOX_H = 2 * ROW_H
GAP_X, GAP_Y = 44, 18  # between columns (the connectors run here) and between boxes
HEADING = 30  # a column's heading
SECTION = 40  # a section's title (double elimination)
LABEL = 18  # room for a box's label above it ("3rd place")
WON = mix(GREEN, WHITE, 0.22)  # the row of the side that went through (with a stripe and ink, not colour only)
MIN_WIDTH = 640


def _layout(section: Section) -> list[list[float]]:
    """The top y of every box, relative to the section's first box: the first column (and boxes fed by nothing)
    stacked, every other box centred on the boxes it is fed by."""
    tops: list[list[float]] = []
    for c, column in enumerate(section.columns):
        ys: list[float] = []
        below = 0.0  # the first free y in this column
        for box in column.boxes:
            feeders = [f for f in box.feeds if f is not None] if c else []
            if feeders and all(f < len(tops[c - 1]) for f in feeders):
                y = sum(tops[c - 1][f] for f in feeders) / len(feeders)
                y = max(y, below)
            else:
                y = below + (LABEL if box.label and ys else 0)
            ys.append(y)
            below = y + BOX_H + GAP_Y + LABEL
        tops.append(ys)
    return tops


def _section_size(section: Section) -> tuple[float, float]:
    tops = _layout(section)
    height = max((y for ys in tops for y in ys), default=0.0) + BOX_H
    width = len(section.columns) * (BOX_W + GAP_X) - GAP_X
    return width, height


def bracket_image(title: str, view: BracketView, names: Mapping[int, str], note: str = "") -> bytes:
    """The bracket(s) under a title strip (`note` after the title, e.g. the champion)."""
    sizes = [_section_size(s) for s in view.sections]
    titled = len(view.sections) > 1
    width = int(max(MIN_WIDTH, max(w for w, _ in sizes) + 2 * MARGIN))
    height = int(HEAD + 8 + sum(h + HEADING + LABEL + 16 + (SECTION if titled else 0) for _, h in sizes) + 8)
    canvas = Canvas(width, height)
    canvas.rect((0, 0, width, height), outline=BORDER, width=1)
    title_bar(canvas, fit(title, 26, width - 2 * MARGIN - 40), note, HEAD)
    y = HEAD + 8.0
    for section, (_, section_height) in zip(view.sections, sizes, strict=True):
        if titled:
            canvas.text((MARGIN, y + SECTION / 2), section.title, 21, INK, anchor="lm")
            y += SECTION
        _draw_section(canvas, section, names, MARGIN, y)
        y += HEADING + LABEL + section_height + 16
        if titled and section is not view.sections[-1]:
            canvas.line([(MARGIN, y - 8.5), (width - MARGIN, y - 8.5)], BORDER, 1)
    return canvas.png()


def _draw_section(canvas: Canvas, section: Section, names: Mapping[int, str], left: float, top: float) -> None:
    tops = _layout(section)
    first = top + HEADING + LABEL
    for c, column in enumerate(section.columns):
        x = left + c * (BOX_W + GAP_X)
        canvas.text((x + BOX_W / 2, top + HEADING / 2), fit(column.heading, 17, BOX_W), 17, MUTED, anchor="mm")
        for box, y in zip(column.boxes, tops[c], strict=True):
            if c and box.feeds != (None, None):
                _connect(canvas, section, c, box, x, first + y, tops, left, first)
            _draw_box(canvas, box, names, x, first + y)


def _connect(canvas: Canvas, section: Section, c: int, box: Box, x: float, y: float, tops: list[list[float]],
             left: float, first: float) -> None:
    """Elbow lines from the feeding boxes into this one's rows: ink where that box's winner came on."""
    previous = section.columns[c - 1].boxes
    for row, feed in enumerate(box.feeds):
        if feed is None or feed >= len(previous):
            continue
        source = previous[feed]
        sx = left + (c - 1) * (BOX_W + GAP_X) + BOX_W
        sy = first + tops[c - 1][feed] + BOX_H / 2
        ty = y + ROW_H / 2 + row * ROW_H
        mid = sx + GAP_X / 2
        decided = source.state in ("done", "bye")
        colour, stroke = (INK, 2.5) if decided else (BORDER, 1.5)
        canvas.line([(sx, sy), (mid, sy), (mid, ty), (x, ty)], colour, stroke)


def _draw_box(canvas: Canvas, box: Box, names: Mapping[int, str], x: float, y: float) -> None:
    if box.label:
        canvas.text((x + 4, y - LABEL / 2 - 1), box.label, 14, MUTED, anchor="lm")
    canvas.rect((x, y, x + BOX_W, y + BOX_H), fill=WHITE if box.state != "waiting" else PAPER, outline=BORDER,
                width=1.5, radius=6)
    for row, side in enumerate((box.top, box.bottom)):
        _draw_side(canvas, side, names, x, y + row * ROW_H, box.state)
    canvas.line([(x + 6, y + ROW_H), (x + BOX_W - 6, y + ROW_H)], BORDER, 1)


def _draw_side(canvas: Canvas, side: Side, names: Mapping[int, str], x: float, y: float, state: str) -> None:
    mid = y + ROW_H / 2
    if side.won:  # the side that went through: a tinted row with a stripe, its name in ink
        canvas.rect((x + 1.5, y + 1.5, x + BOX_W - 1.5, y + ROW_H - 1), fill=WON, radius=5)
        canvas.rect((x + 1.5, y + 4, x + 6, y + ROW_H - 4), fill=GREEN, radius=2)
    seed_w = 30.0
    if side.seed is not None:
        canvas.text((x + 10 + seed_w / 2, mid), str(side.seed), 14, MUTED, anchor="mm")
    marks = " ".join(side.results)
    marks_w = text_width(marks, 17) + 12 if marks else 0.0
    room = BOX_W - seed_w - 16 - marks_w
    if side.entrant is None:
        canvas.text((x + 10 + seed_w, mid), fit(side.waiting or "—", 14, room), 14, MUTED, anchor="lm")
    else:
        lost = state == "done" and not side.won
        canvas.text((x + 10 + seed_w, mid), fit(names.get(side.entrant, f"#{side.entrant}"), 18, room), 18,
                    MUTED if lost else INK, anchor="lm")
    if marks:
        canvas.text((x + BOX_W - 8, mid), marks, 17, INK if side.won else MUTED, anchor="rm")


def bracket_text(view: BracketView, names: Mapping[int, str]) -> str:
    """The same bracket in words (screen readers, the image's alt text): per column, each match and who went on."""
    lines = []
    for section in view.sections:
        if section.title:
            lines.append(section.title)
        for column in section.columns:
            matches = []
            for box in column.boxes:
                both = (box.top, box.bottom)
                sides = [names.get(s.entrant, "?") if s.entrant is not None else (s.waiting or "—") for s in both]
                won = next((names.get(s.entrant, "?") for s in both if s.won and s.entrant is not None), None)
                matches.append(f"{sides[0]} v {sides[1]}" + (f" → {won}" if won else ""))
            lines.append(f"{column.heading}: " + "; ".join(matches))
    return "\n".join(lines)
