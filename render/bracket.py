"""An elimination bracket as an image in the common board look: rounds as columns, matches as boxes with both
sides' seeds, names and results, lines carrying each winner on; for double elimination the winners' bracket (with
the grand final after it) above the losers'. Drawn from `tournament_rules.views.BracketView` and names only.

Phone first, like every image: 1,000 px wide, names and results at 36 px (14 px on a phone), so a section shows
the two latest rounds (the alt text, `bracket_text`, lists every match); a long title wraps rather than being cut."""

from __future__ import annotations

from collections.abc import Mapping

from i18n import _
from render.kit import BORDER, GREEN, INK, MUTED, PAPER, WHITE, Canvas, cut_name, mix, text_width
from render.panels import BODY, HEADER_HEIGHT, MARGIN, SMALL, title_strip
from tournament_rules.views import Box, BracketView, Column, Section, Side

WIDTH = 1000
HEAD = HEADER_HEIGHT
COLUMNS = 2  # rounds shown side by side: two at 36 px read on a phone, as start.gg's app shows a bracket
NAME = 36  # names, seeds and results in the boxes (14 px on a phone 400 points wide)
GAP_X, GAP_Y = 56, 20  # between columns (the connectors run here) and between boxes
JOIN = 32  # a gutter right of the last column: the line from the losers' final up into the grand final
ROW_H = 58  # one side of a match box
BOX_H = 2 * ROW_H
HEADING = 50  # a column's heading
SECTION = 54  # a section's title (double elimination)
LABEL = 38  # room for a box's label above it ("3rd place")
PAD = 14  # inside a box, left of the seed and around the results
BOX_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP_X - JOIN) / COLUMNS
MIN_TEXT = SMALL  # a heading shrinks to the smallest size that carries meaning (design/boards.md) before a cut
WON = mix(GREEN, WHITE, 0.22)  # the row of the side that went through (with a stripe and ink, not colour only)


def window(section: Section) -> tuple[int, list[Column]]:
    """(index of the first column shown, the columns shown): at most `COLUMNS`, ending with the last column with a
    match to play or played, or the one after it where a winner of it is already carried (so the line from a
    decided match leads to a name); a player dropping into the losers' bracket from above does not move it on."""
    columns = list(section.columns)
    played = [i for i, c in enumerate(columns) if any(b.state in ("ready", "done", "bye") for b in c.boxes)]
    last = max(played, default=0)
    if last + 1 < len(columns) and any(
            side.entrant is not None and feed is not None and feed < len(columns[last].boxes)
            and columns[last].boxes[feed].state in ("done", "bye")
            for box in columns[last + 1].boxes for side, feed in zip((box.top, box.bottom), box.feeds, strict=True)):
        last += 1
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


def seed_width(view: BracketView) -> float:
    """The seed column, as wide as the widest seed ('16' as much as '1') plus room before the name."""
    seeds = [str(side.seed) for section in view.sections for column in section.columns for box in column.boxes
             for side in (box.top, box.bottom) if side.seed is not None]
    return max([text_width("8", NAME), *(text_width(seed, NAME) for seed in seeds)]) + 16


def bracket_image(title: str, view: BracketView, names: Mapping[int, str], note: str = "") -> bytes:
    """The bracket(s) under a title strip (`note` after the title, e.g. the champion)."""
    shown = [(section, *window(section)) for section in view.sections]
    titled = len(view.sections) > 1
    heights = [_section_height(columns) for _, _, columns in shown]
    head = title_strip(None, title, note, WIDTH)
    height = head + 8 + sum(h + HEADING + LABEL + 20 + (SECTION if titled else 0) for h in heights) + MARGIN
    canvas = Canvas(WIDTH, round(height))
    canvas.rect((0, 0, WIDTH, height), outline=BORDER, width=1)
    title_strip(canvas, title, note, WIDTH)
    seed_w = seed_width(view)
    y = head + 8.0
    placed: list[tuple[list[Column], list[list[float]], float]] = []  # per section: columns, box tops, first box y
    for (section, start, columns), section_height in zip(shown, heights, strict=True):
        if titled:
            heading = _("{section} · the latest rounds", section=section.title) if start else section.title
            canvas.fit_text((MARGIN, y + SECTION / 2), heading, BODY, WIDTH - 2 * MARGIN, INK, anchor="lm",
                            min_size=SMALL)
            y += SECTION
        placed.append((columns, _layout(columns), y + HEADING + LABEL))
        _draw_section(canvas, columns, names, y, seed_w)
        y += HEADING + LABEL + section_height + 20
        if titled and section is not view.sections[-1]:
            canvas.line([(MARGIN, y - 10.5), (WIDTH - MARGIN, y - 10.5)], BORDER, 1.5)
    for upper, lower, section in zip(placed, placed[1:], view.sections[1:], strict=False):
        _join(canvas, upper, lower, section)
    return canvas.png()


def _column_x(c: int) -> float:
    return MARGIN + c * (BOX_W + GAP_X)


def _join(canvas: Canvas, upper: tuple[list[Column], list[list[float]], float],
          lower: tuple[list[Column], list[list[float]], float], section: Section) -> None:
    """The line from the lower section's last match (the losers' final) up into the bottom row of the upper
    section's box it feeds (the grand final), in the gutter right of both, when both are shown in the same
    column; in ink once the losers' final is decided."""
    columns, tops, first = upper
    low_columns, low_tops, low_first = lower
    if not section.columns or not low_columns or low_columns[-1] is not section.columns[-1]:
        return  # the losers' final is not among the columns shown
    target = next(((c, i) for c, column in enumerate(columns) for i, box in enumerate(column.boxes)
                   if box.from_next_section), None)
    if target is None or target[0] != len(low_columns) - 1 or not low_columns[-1].boxes:
        return
    c, i = target
    source = low_columns[-1].boxes[0]
    right = _column_x(c) + BOX_W
    sy = low_first + low_tops[-1][0] + BOX_H / 2
    ty = first + tops[c][i] + ROW_H * 1.5
    colour, stroke = (INK, 3.0) if source.state in ("done", "bye") else (BORDER, 2.0)
    lane = right + JOIN / 2 + 2
    canvas.line([(right, sy), (lane, sy), (lane, ty), (right, ty)], colour, stroke)


def _draw_section(canvas: Canvas, columns: list[Column], names: Mapping[int, str], top: float,
                  seed_w: float) -> None:
    tops = _layout(columns)
    first = top + HEADING + LABEL
    for c, column in enumerate(columns):
        x = _column_x(c)
        canvas.fit_text((x + BOX_W / 2, top + HEADING / 2), column.heading, BODY, BOX_W, MUTED, anchor="mm",
                        min_size=MIN_TEXT)
        for box, y in zip(column.boxes, tops[c], strict=True):
            if c and box.feeds != (None, None):
                _connect(canvas, columns[c - 1], c, box, x, first + y, tops, first)
            _draw_box(canvas, box, names, x, first + y, seed_w)


def _connect(canvas: Canvas, previous: Column, c: int, box: Box, x: float, y: float, tops: list[list[float]],
             first: float) -> None:
    """Elbow lines from the feeding boxes into this one's rows: ink where that box's winner came on."""
    for row, feed in enumerate(box.feeds):
        if feed is None or feed >= len(previous.boxes):
            continue
        source = previous.boxes[feed]
        sx = _column_x(c - 1) + BOX_W
        sy = first + tops[c - 1][feed] + BOX_H / 2
        ty = y + ROW_H / 2 + row * ROW_H
        mid = sx + GAP_X / 2
        colour, stroke = (INK, 3.0) if source.state in ("done", "bye") else (BORDER, 2.0)
        canvas.line([(sx, sy), (mid, sy), (mid, ty), (x, ty)], colour, stroke)


def _draw_box(canvas: Canvas, box: Box, names: Mapping[int, str], x: float, y: float, seed_w: float) -> None:
    if box.label:
        canvas.fit_text((x + 4, y - LABEL / 2 - 2), box.label, SMALL, BOX_W - 8, MUTED, anchor="lm",
                        min_size=MIN_TEXT)
    canvas.rect((x, y, x + BOX_W, y + BOX_H), fill=WHITE if box.state != "waiting" else PAPER, outline=BORDER,
                width=1.5, radius=8)
    for row, side in enumerate((box.top, box.bottom)):
        _draw_side(canvas, side, names, x, y + row * ROW_H, box.state, seed_w)
    canvas.line([(x + 8, y + ROW_H), (x + BOX_W - 8, y + ROW_H)], BORDER, 1)


def _draw_side(canvas: Canvas, side: Side, names: Mapping[int, str], x: float, y: float, state: str,
               seed_w: float) -> None:
    mid = y + ROW_H / 2
    if side.won:  # the side that went through: a tinted row with a stripe, its name in ink
        canvas.rect((x + 2, y + 2, x + BOX_W - 2, y + ROW_H - 1), fill=WON, radius=6)
        canvas.rect((x + 2, y + 6, x + 8, y + ROW_H - 6), fill=GREEN, radius=3)
    if side.seed is not None:  # right-aligned, so '16' and '1' end at the same place before the name
        canvas.text((x + PAD + seed_w - 16, mid), str(side.seed), NAME, MUTED, anchor="rm")
    marks = " ".join(side.results)
    marks_w = text_width(marks, NAME) + PAD if marks else 0.0
    name_x = x + PAD + seed_w
    room = BOX_W - PAD - seed_w - PAD - marks_w
    if side.entrant is None:
        canvas.fit_text((name_x, mid), side.waiting or "—", SMALL, room, MUTED, anchor="lm", min_size=MIN_TEXT)
    else:
        lost = state == "done" and not side.won
        name = cut_name(names.get(side.entrant, f"#{side.entrant}"), size=NAME, width=room)
        canvas.text((name_x, mid), name, NAME, MUTED if lost else INK, anchor="lm")
    if marks:
        canvas.text((x + BOX_W - PAD, mid), marks, NAME, INK if side.won else MUTED, anchor="rm")


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
                # Translators: one match of a bracket in its alt text, "Ada v Bob"
                pair = _("{a} v {b}", a=sides[0], b=sides[1])
                # Translators: a bracket's match and who went on from it, "Ada v Bob → Ada"
                matches.append(_("{match} → {winner}", match=pair, winner=won) if won else pair)
            lines.append(_("{heading}: {matches}", heading=column.heading, matches="; ".join(matches)))
    return "\n".join(lines)
