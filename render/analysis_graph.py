"""The picture of a computer analysis: every side's winning chance move by move, in its seat's colour AND its own
dash and marker shape, with the key moments marked ?!, ?, ??; and two boards side by side (the move played, the
better move). Drawn from plain numbers: render imports no analysis."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import i18n
from i18n import _
from render.kit import BORDER, INK, MUTED, PAPER, WHITE, Canvas, Chip, Point, encode_png, mix, text_width

WIDTH, HEIGHT = 800, 460  # HEIGHT with a key of one row
LEFT, RIGHT, TOP, BOTTOM = 80, 24, 80, 116  # the plot's margins: axis labels left and below, the key at the bottom
PAD = 24  # the title's and the key's margin
# Every word at least 23 px in an image 800 wide: 28 px for 1,000 (tests/render/test_phone.py), so it reads on a phone
TEXT, TITLE = 23, 28
# A side's second cue besides colour: its line's dash pattern (on, off, ... in pixels; () solid) and its chip's
# shape as markers along the line.
DASHES: tuple[tuple[float, ...], ...] = ((), (16, 8), (4, 6), (18, 6, 4, 6), (10, 10), (2, 10))
# A key moment's badge: its symbol is the cue, the fill a second one (pale yellow, orange and red, light enough for
# ink text); the symbol's letters read without colour.
BADGES = {"?!": "#FFF3C4", "?": "#F8CFA0", "??": "#F2A7A0"}
MARKERS = 7  # markers per line (its shape), besides its last point
PAIR_WIDTH = 800  # each board of a key moment at most this wide
KEY_SIZE, KEY_ROW, KEY_SAMPLE = TEXT, 34, 74  # the key: text size, height of a row, what precedes a name


@dataclass(frozen=True)
class Series:
    """One side's line: its name as shown in the key, its seat's chip (colour, shape, letter) and its winning chance
    in percent at each point."""

    name: str
    chip: Chip
    values: Sequence[float]


@dataclass(frozen=True)
class Moment:
    """A key moment: at point `point` on series `series`, with its symbol (?!, ? or ??)."""

    point: int
    series: int
    symbol: str


def render_graph(title: str, series: Sequence[Series], moments: Sequence[Moment], move_numbers: Sequence[int],
                 subtitle: str = "") -> bytes:
    """The graph as a PNG: x the moves (point 0 the start, point k after the k-th move with chances, labelled by
    `move_numbers[k - 1]`, its log line), y each side's winning chance 0-100 %."""
    columns = _key_columns(series)
    rows = max(1, math.ceil(len(series) / columns))
    canvas = Canvas(WIDTH, HEIGHT + (rows - 1) * KEY_ROW)  # a key too wide for one row takes more rows below
    canvas.fit_text((PAD, 12), title, TITLE, WIDTH - 2 * PAD, INK)
    if subtitle:
        canvas.fit_text((PAD, 46), subtitle, TEXT, WIDTH - 2 * PAD, MUTED)
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM  # the plot: the same in every size
    canvas.rect((x0, y0, x1, y1), fill=WHITE, outline=BORDER)
    points = max((len(s.values) for s in series), default=1)
    span = max(1, points - 1)

    def xy(point: int, value: float) -> Point:
        return x0 + (x1 - x0) * point / span, y1 - (y1 - y0) * max(0.0, min(100.0, value)) / 100

    for level in (0, 25, 50, 75, 100):
        y = xy(0, level)[1]
        canvas.line([(x0, y), (x1, y)], mix(BORDER, WHITE, 0.3) if level != 50 else BORDER, 2 if level == 50 else 1)
        canvas.text((x0 - 8, y), i18n.active().percent(level / 100), TEXT, MUTED, anchor="rm")
    step = max(1, math.ceil(span / 7))
    # Translators: the first mark on the analysis graph's move axis: the position before any move
    start = _("start")
    for point in range(0, points, step):
        x = xy(point, 0)[0]
        label = start if point == 0 else str(move_numbers[point - 1]) if point - 1 < len(move_numbers) else ""
        canvas.line([(x, y1), (x, y1 + 5)], MUTED, 1)
        canvas.text((x, y1 + 7), label, TEXT, MUTED, anchor="ma")
    # Translators: the analysis graph's move axis: each mark is the number of a move's line in the match's log
    canvas.text(((x0 + x1) / 2, y1 + 35), _("log line of the move"), TEXT, MUTED, anchor="ma")
    for index, line in enumerate(series):
        if not line.values:
            continue
        path = [xy(k, v) for k, v in enumerate(line.values)]
        if len(path) == 1:
            path = [path[0], (path[0][0] + 1, path[0][1])]
        dash = DASHES[index % len(DASHES)]
        canvas.dashed_polyline(path, INK, 6, dash)  # an ink rim: a pale colour (yellow) reads on white
        canvas.dashed_polyline(path, line.chip.fill, 3.5, dash)
        every = max(1, math.ceil(len(line.values) / MARKERS))
        for k in [*range(0, len(line.values), every), len(line.values) - 1]:
            canvas.token(path[k], 6.5, line.chip.fill, line.chip.shape, outline=INK, width=1.2)
    for moment in moments:
        values = series[moment.series].values
        if not 0 <= moment.point < len(values):
            continue
        x, y = xy(moment.point, values[moment.point])
        y = y - 24 if y > y0 + 36 else y + 24  # above its point, below it at the very top
        w = 16 + 12 * len(moment.symbol)
        canvas.rect((x - w / 2, y - 14, x + w / 2, y + 14), fill=BADGES.get(moment.symbol, WHITE), outline=INK,
                    width=1.5, radius=6)
        canvas.text((x, y), moment.symbol, TEXT, INK, anchor="mm")
    _key(canvas, series, HEIGHT - 28, columns)
    return canvas.png()


def _key_columns(series: Sequence[Series]) -> int:
    """How many of the key's entries share a row: all of them when every name fits its share of the width whole,
    else fewer (two rows of two in German or Japanese for four seats); one a row at the least, where a long name
    is then cut."""
    width = WIDTH - 2 * PAD
    for columns in range(max(1, len(series)), 1, -1):
        if all(KEY_SAMPLE + text_width(line.name, KEY_SIZE) + 10 <= width / columns for line in series):
            return columns
    return 1


def _key(canvas: Canvas, series: Sequence[Series], y: float, columns: int) -> None:
    """Each side's sample line (its dash), its chip's colour and shape, and its name, `columns` a row."""
    room = (WIDTH - 2 * PAD) / columns
    for index, line in enumerate(series):
        x = PAD + room * (index % columns)
        row_y = y + KEY_ROW * (index // columns)
        dash = DASHES[index % len(DASHES)]
        canvas.dashed_polyline([(x, row_y), (x + 40, row_y)], INK, 6, dash)
        canvas.dashed_polyline([(x, row_y), (x + 40, row_y)], line.chip.fill, 3.5, dash)
        # its colour and shape without the chip's letter: the seat's name is written beside it at full size, and a
        # letter in a chip this small would be under the phone size
        canvas.token((x + 56, row_y), 11, line.chip.fill, line.chip.shape, outline=INK, width=1.2)
        canvas.fit_text((x + KEY_SAMPLE, row_y), line.name, KEY_SIZE, room - KEY_SAMPLE - 10, INK, anchor="lm")


def render_pair(top: bytes, bottom: bytes, top_caption: str, bottom_caption: str) -> bytes:
    """Two board images one above the other under their captions (the move played, the better move), each at most
    `PAIR_WIDTH` wide, as one PNG: on a phone each board keeps the whole width of the screen."""
    images = []
    for data in (top, bottom):
        image = Image.open(io.BytesIO(data)).convert("RGB")
        if image.width > PAIR_WIDTH:
            image = image.resize((PAIR_WIDTH, round(image.height * PAIR_WIDTH / image.width)), Image.Resampling.LANCZOS)
        images.append(image)
    gap, head = 12, 48
    width = max(image.width for image in images) + 2 * gap
    height = sum(image.height + head for image in images) + gap
    canvas = Canvas(width, height, PAPER)
    y = 0
    for image, caption in zip(images, (top_caption, bottom_caption), strict=True):
        canvas.fit_text((gap, y + 10), caption, 30, width - 2 * gap, INK)
        y += head + image.height
    out = canvas.finish()
    y = head
    for image in images:
        out.paste(image, (gap, y))
        y += image.height + head
    return encode_png(out)
