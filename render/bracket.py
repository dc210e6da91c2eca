"""An elimination bracket as an image in the common board look: rounds as columns, matches as boxes with both
sides' seeds, names and results, lines carrying each winner on; for double elimination the winners' bracket (with
the grand final after it) above the losers'. Drawn from `tournament_rules.views.BracketView` and names only.

Phone first, like every image: 1,000 px wide and every word at least 28 px, so a section shows the three rounds
around the latest one played (the alt text, `bracket_text`, lists every match)."""

from __future__ import annotations

from collections.abc import Mapping

from render.kit import BORDER, GREEN, INK, MUTED, PAPER, WHITE, Canvas, cut_name, fit, mix, text_width
from render.panels import BODY, HEADER_HEIGHT, LARGE, MARGIN, SMALL, title_bar
from tournament_rules.views import Box, BracketView, Column, Section, Side

WIDTH = 1000
HEAD = HEADER_HEIGHT
COLUMNS = 3  # rounds shown side by side at 28 px
GAP_X, GAP_Y = 36, 20  # between columns (the connectors run here) and between boxes
ROW_H = 46  # one side of a match box
BOX_H = 2 * ROW_H
HEADING = 44  # a column's heading
SECTION = 50  # a section's title (double elimination)
LABEL = 36  # room for a box's label above it ("3rd place")
SEED_W = 44
BOX_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP_X) / COLUMNS
WON = mix(GREEN, WHITE, 0.22)  # the row of the side that went through (with a stripe and ink, not colour only)


def window(section: Section) -> tuple[int, list[Column]]:
    """(index of the first column shown, the columns shown): at most `COLUMNS`, ending with the last column that
    has anyone in it (or the first `COLUMNS` before anyone has played)."""
    columns = list(section.columns)
    known = [i for i, c in enumerate(columns) if any(s.entrant is not None for b in c.boxes for s in (b.top, b.bottom))]
    last = max(known, default=0)
    last = max(last, min(COLUMNS, len(columns)) - 1)
    start = max(0, last - COLUMNS + 1)
    return start, columns[start:start + COLUMNS]


def _layout(columns: list[Column]) -> list[list[float]]:
    """The top y of every box, relative to the section's first box: the first column shown (and boxes fed by
    nothing shown) stacked, every other box centred on the boxes it is fed by."""
    tops: list[list[float]] = []
    for c, column in enumerate(columns):
        ys: list[float] = []
        below = 0.0  # the first free y in this column
        for box in column.boxes:
            feeders = [f for f in box.feeds if f is not None] if c else []
            if feeders and all(f < len(tops[c - 1]) for f in feeders):
                y = max(sum(tops[c - 1][f] for f in feeders) / len(feeders), below)
            else:
                y = below + (LABEL if box.label and ys else 0)
            ys.append(y)
            below = y + BOX_H + GAP_Y + LABEL
        tops.append(ys)
    return tops


def _section_height(columns: list[Column]) -> float:
    return max((y for ys in _layout(columns) for y in ys), default=0.0) + BOX_H


def bracket_image(title: str, view: BracketView, names: Mapping[int, str], note: str = "") -> bytes:
    """The bracket(s) under a title strip (`note` after the title, e.g. the champion)."""
    shown = [(section, *window(section)) for section in view.sections]
    titled = len(view.sections) > 1
    heights = [_section_height(columns) for _, _, columns in shown]
    height = HEAD + 8 + sum(h + HEADING + LABEL + 20 + (SECTION if titled else 0) for h in heights) + MARGIN
    canvas = Canvas(WIDTH, round(height))
    canvas.rect((0, 0, WIDTH, height), outline=BORDER, width=1)
    note = fit(note, SMALL, WIDTH * 0.4) if note else ""
    room = WIDTH - 2 * MARGIN - (text_width(note, SMALL) + 24 if note else 0)
    title_bar(canvas, fit(title, LARGE, room), note, HEAD)
    y = HEAD + 8.0
    for (section, start, columns), section_height in zip(shown, heights, strict=True):
        if titled:
            hidden = " · the latest rounds" if start else ""
            canvas.text((MARGIN, y + SECTION / 2), fit(section.title + hidden, BODY, WIDTH - 2 * MARGIN), BODY, INK,
                        anchor="lm")
            y += SECTION
        _draw_section(canvas, columns, names, y)
        y += HEADING + LABEL + section_height + 20
        if titled and section is not view.sections[-1]:
            canvas.line([(MARGIN, y - 10.5), (WIDTH - MARGIN, y - 10.5)], BORDER, 1.5)
    return canvas.png()


def _draw_section(canvas: Canvas, columns: list[Column], names: Mapping[int, str], top: float) -> None:
    tops = _layout(columns)
    first = top + HEADING + LABEL
    for c, column in enumerate(columns):
        x = MARGIN + c * (BOX_W + GAP_X)
        canvas.text((x + BOX_W / 2, top + HEADING / 2), fit(column.heading, SMALL, BOX_W), SMALL, MUTED, anchor="mm")
        for box, y in zip(column.boxes, tops[c], strict=True):
            if c and box.feeds != (None, None):
                _connect(canvas, columns[c - 1], c, box, x, first + y, tops, first)
            _draw_box(canvas, box, names, x, first + y)


def _connect(canvas: Canvas, previous: Column, c: int, box: Box, x: float, y: float, tops: list[list[float]],
             first: float) -> None:
    """Elbow lines from the feeding boxes into this one's rows: ink where that box's winner came on."""
    for row, feed in enumerate(box.feeds):
        if feed is None or feed >= len(previous.boxes):
            continue
        source = previous.boxes[feed]
        sx = MARGIN + (c - 1) * (BOX_W + GAP_X) + BOX_W
        sy = first + tops[c - 1][feed] + BOX_H / 2
        ty = y + ROW_H / 2 + row * ROW_H
        mid = sx + GAP_X / 2
        colour, stroke = (INK, 3.0) if source.state in ("done", "bye") else (BORDER, 2.0)
        canvas.line([(sx, sy), (mid, sy), (mid, ty), (x, ty)], colour, stroke)


def _draw_box(canvas: Canvas, box: Box, names: Mapping[int, str], x: float, y: float) -> None:
    if box.label:
        canvas.text((x + 4, y - LABEL / 2 - 2), box.label, SMALL, MUTED, anchor="lm")
    canvas.rect((x, y, x + BOX_W, y + BOX_H), fill=WHITE if box.state != "waiting" else PAPER, outline=BORDER,
                width=1.5, radius=8)
    for row, side in enumerate((box.top, box.bottom)):
        _draw_side(canvas, side, names, x, y + row * ROW_H, box.state)
    canvas.line([(x + 8, y + ROW_H), (x + BOX_W - 8, y + ROW_H)], BORDER, 1)


def _draw_side(canvas: Canvas, side: Side, names: Mapping[int, str], x: float, y: float, state: str) -> None:
    mid = y + ROW_H / 2
    if side.won:  # the side that went through: a tinted row with a stripe, its name in ink
        canvas.rect((x + 2, y + 2, x + BOX_W - 2, y + ROW_H - 1), fill=WON, radius=6)
        canvas.rect((x + 2, y + 6, x + 8, y + ROW_H - 6), fill=GREEN, radius=3)
    if side.seed is not None:
        canvas.text((x + 12 + SEED_W / 2, mid), str(side.seed), SMALL, MUTED, anchor="mm")
    marks = " ".join(side.results)
    marks_w = text_width(marks, SMALL) + 14 if marks else 0.0
    room = BOX_W - SEED_W - 20 - marks_w
    if side.entrant is None:
        canvas.text((x + 12 + SEED_W, mid), fit(side.waiting or "—", SMALL, room), SMALL, MUTED, anchor="lm")
    else:
        lost = state == "done" and not side.won
        name = cut_name(names.get(side.entrant, f"#{side.entrant}"), size=SMALL, width=room)
        canvas.text((x + 12 + SEED_W, mid), name, SMALL, MUTED if lost else INK, anchor="lm")
    if marks:
        canvas.text((x + BOX_W - 10, mid), marks, SMALL, INK if side.won else MUTED, anchor="rm")


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
