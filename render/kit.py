"""The shared drawing kit: palette, player colours, a supersampled `Canvas` with primitives, and PNG encoding.

Every game's renderer draws with this kit so the five boards look like one product (see design/boards.md);
the text helpers live in `render.lettering` and are re-exported here.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageColor, ImageDraw

from render.lettering import (
    ALT_NAME_LIMIT,
    NAME_LIMIT,
    SCALE,
    cut_name,
    draw_text,
    first_fitting,
    fit,
    font,
    has_glyph,
    safe_text,
    text_width,
    wrap,
)

# ---- palette -------------------------------------------------------------------------------------------------
PAPER = "#F4EFE6"
BORDER = "#D8CFC0"
INK = "#2B2B2B"
MUTED = "#5E574D"  # secondary text: coordinates, captions, stats (4.9:1 on the paper)
BOARD = "#EAE2D3"  # a plate under a board, one step darker than the paper
HIGHLIGHT = "#FFF3C4"  # the wash over cells an automatic rule changed: lightens any tint, hides nothing
WHITE = "#FFFFFF"
BLACK = "#000000"
NEUTRAL = "#C9C3B8"  # unowned areas: a warm grey that tints like a player colour

# The seat colours. Every pair stays at least 24 CIEDE2000 apart under protanopia, deuteranopia and tritanopia
# (Machado 2009; render.vision, tests/render/test_palette.py) and 33 apart with normal vision, each still reading
# as its name. Found by a search over sRGB within each name's hue, lightness and chroma (the Okabe–Ito set the
# boards used before fell to 10.9: design/boards.md). Lightness carries much of it: red and blue are dark, orange
# and green middling, purple and yellow light.
RED = "#9C2C26"
ORANGE = "#CD8100"
YELLOW = "#FFFF84"
GREEN = "#27C3A5"
BLUE = "#0F3C96"
PURPLE = "#B07AFF"
PALETTE: dict[str, str] = {"red": RED, "blue": BLUE, "yellow": YELLOW, "green": GREEN, "purple": PURPLE,
                           "orange": ORANGE}
# Seat colours for games that do not name their own, in Sinoda's seat order.
SEAT_COLOURS: tuple[str, ...] = tuple(PALETTE.values())

# The second cue (colour is never the only one): each seat colour has its own shape, drawn for its chips and pieces.
SHAPES: dict[str, str] = {RED: "circle", BLUE: "square", YELLOW: "triangle", GREEN: "diamond", PURPLE: "cross",
                          ORANGE: "triangle-down"}

# The last move: black, the one colour at least 24 apart from every seat colour with every kind of vision, drawn
# thick with a white core (`Canvas.mark`) so it never passes for a piece's thin ink rim.
LAST_MOVE = BLACK

# Places in standings, leaderboards and profiles: gold, silver, bronze, each with its number written on it.
PLACES: dict[int, str] = {1: "#F5C518", 2: "#AEB6BF", 3: "#8C5A2B"}  # at least 29 apart under every simulation

# Names whose nearest palette colour by plain RGB distance would surprise a player.
_NAMED: dict[str, str] = {
    "red": RED, "vermillion": RED, "vermilion": RED, "crimson": RED, "yellow": YELLOW, "blue": BLUE,
    "green": GREEN, "orange": ORANGE, "purple": PURPLE, "pink": PURPLE, "magenta": PURPLE, "violet": PURPLE,
    "black": BLACK,
    # White is no hue; white pieces stay white (drawn with an ink outline).
    "white": WHITE,
}

Colour = str | tuple[int, ...]
Point = tuple[float, float]
Box = tuple[float, float, float, float]


def rgb(colour: Colour) -> tuple[int, int, int]:
    if isinstance(colour, str):
        r, g, b = ImageColor.getrgb(colour)[:3]
        return r, g, b
    return colour[0], colour[1], colour[2]


def rgba(colour: Colour, alpha: float) -> tuple[int, int, int, int]:
    """`colour` with opacity `alpha` (0..1), for translucent washes."""
    return (*rgb(colour), round(255 * alpha))


def mix(colour: Colour, base: Colour, amount: float) -> str:
    """`amount` of `colour` over `base` (0: base, 1: colour): low-saturation tints of player colours."""
    a, b = rgb(colour), rgb(base)
    return "#{:02X}{:02X}{:02X}".format(*(round(y + (x - y) * amount) for x, y in zip(a, b, strict=True)))


def _luminance(colour: Colour) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio, 1..21."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(fill: Colour) -> str:
    """White or ink, whichever reads better on `fill`; white wins near-ties (white on mid-tones looks cleaner)."""
    return WHITE if contrast(WHITE, fill) * 1.25 >= contrast(INK, fill) else INK


@dataclass(frozen=True)
class Swatch:
    """A player colour: the fill and the text colour that reads on it."""

    fill: str
    text: str


@dataclass(frozen=True)
class Chip:
    """A seat's marker: colour, plus a shape and a letter (or number) that carry the same meaning without colour."""

    fill: str
    text: str
    label: str
    shape: str = "circle"


def swatch(name: str) -> Swatch:
    """The palette colour nearest a game's colour name ("red", "Blue", "#123456"...) and its text colour."""
    key = name.strip().lower()
    fill = _NAMED.get(key) or PALETTE.get(key)
    if fill is None:
        target = rgb(key)
        fill = min(PALETTE.values(), key=lambda c: sum((x - y) ** 2 for x, y in zip(rgb(c), target, strict=True)))
    return Swatch(fill, text_on(fill))


def shape_of(fill: str) -> str:
    """The shape that goes with a seat colour ("circle" for colours that are no seat's)."""
    return SHAPES.get(fill.upper(), "circle")


def chip(name: str, label: str | None = None) -> Chip:
    """A chip for a named colour, labelled with its initial unless told otherwise, in that colour's shape."""
    s = swatch(name)
    return Chip(s.fill, s.text, (label if label is not None else name.strip()[:1]).upper(), shape_of(s.fill))


def seat_chips(count: int) -> list[Chip]:
    """Chips numbered 1..count in the default seat colours, for games without colour names."""
    return [Chip(c, text_on(c), str(i + 1), shape_of(c)) for i, c in enumerate(SEAT_COLOURS[:count])]


def shape_points(shape: str, centre: Point, radius: float) -> list[Point] | None:
    """The outline of `shape` sized to look as big as a circle of `radius` at `centre`; None for a circle."""
    x, y = centre

    def ring(count: int, r: float, start: float, dy: float = 0.0) -> list[Point]:
        angles = [start + 2 * math.pi * k / count for k in range(count)]
        return [(x + r * math.cos(a), y + dy + r * math.sin(a)) for a in angles]

    if shape == "square":
        h = radius * 0.9
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    if shape == "diamond":
        return ring(4, radius * 1.2, -math.pi / 2)
    if shape == "triangle":  # its centroid a little below the centre, so a label sits in its wide part
        return ring(3, radius * 1.32, -math.pi / 2, radius * 0.2)
    if shape == "triangle-down":
        return ring(3, radius * 1.32, math.pi / 2, -radius * 0.2)
    if shape == "cross":  # a plus with broad arms: room for a label in the middle
        a, w = radius * 1.12, radius * 0.5
        return [(x - w, y - a), (x + w, y - a), (x + w, y - w), (x + a, y - w), (x + a, y + w), (x + w, y + w),
                (x + w, y + a), (x - w, y + a), (x - w, y + w), (x - a, y + w), (x - a, y - w), (x - w, y - w)]
    return None


def label_centre(shape: str, centre: Point, radius: float) -> Point:
    """Where a label sits in `shape`: its widest part (triangles are wide at their base)."""
    x, y = centre
    return (x, y + radius * 0.3) if shape == "triangle" else (x, y - radius * 0.3) if shape == "triangle-down" else \
        centre


def shadow_on(ground: Colour) -> str:
    """The colour a piece's shadow has on `ground`: what a translucent ink shadow blends to, painted at once."""
    return mix(INK, ground, SHADOW)


SHADOW = 0.22  # how dark a piece's shadow is


def _shadow(shadow: bool | Colour) -> Colour:
    """The fill of a shadow that is drawn (`disc` and `token` draw none for False): translucent ink for True, else
    the colour it is painted."""
    return rgba(INK, SHADOW) if isinstance(shadow, bool) else shadow


# ---- canvas --------------------------------------------------------------------------------------------------
class Canvas:
    """An image drawn at `SCALE`x with coordinates in final pixels; `finish()` downsamples it.

    Colours may be hex strings or RGB(A) tuples; an alpha channel blends over what is already drawn.
    """

    def __init__(self, width: int, height: int, background: Colour = PAPER) -> None:
        self.width, self.height = width, height
        self.image = Image.new("RGB", (width * SCALE, height * SCALE), rgb(background))
        # Blending is ten times slower than painting, so only translucent colours go through the RGBA drawer.
        self._paint = ImageDraw.Draw(self.image)
        self._blend = ImageDraw.Draw(self.image, "RGBA")

    def _draw(self, *colours: Colour | None) -> ImageDraw.ImageDraw:
        translucent = any(isinstance(c, tuple) and len(c) == 4 and c[3] < 255 for c in colours)
        return self._blend if translucent else self._paint

    @staticmethod
    def _s(v: float) -> float:
        return v * SCALE

    def _box(self, box: Box) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        # Pillow's boxes include their last pixel: pull the far edge in so a box ends where it is said to.
        return x0 * SCALE, y0 * SCALE, x1 * SCALE - 1, y1 * SCALE - 1

    def _pts(self, points: Iterable[Point]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in points]

    def _w(self, width: float) -> int:
        return max(1, round(width * SCALE))

    # -- shapes --
    def rect(self, box: Box, fill: Colour | None = None, outline: Colour | None = None, width: float = 1,
             radius: float = 0) -> None:
        if radius:
            self._draw(fill, outline).rounded_rectangle(self._box(box), radius * SCALE, fill=fill, outline=outline,
                                        width=self._w(width))
        else:
            self._draw(fill, outline).rectangle(self._box(box), fill=fill, outline=outline, width=self._w(width))

    def outline(self, box: Box, colour: Colour = LAST_MOVE, width: float = 4) -> None:
        """A frame drawn inside `box` (so it never spills onto neighbouring cells)."""
        self._draw(colour).rectangle(self._box(box), outline=colour, width=self._w(width))

    def wash(self, box: Box, colour: Colour = HIGHLIGHT, alpha: float = 0.55) -> None:
        """A translucent fill over a rectangle."""
        self._blend.rectangle(self._box(box), fill=rgba(colour, alpha))

    def polygon(self, points: Sequence[Point], fill: Colour | None = None, outline: Colour | None = None,
                width: float = 1) -> None:
        scaled, wide = self._pts(points), self._w(width)
        translucent = self._draw(fill, outline) is self._blend
        if outline is None or wide == 1:
            self._draw(fill, outline).polygon(scaled, fill=fill, outline=outline, width=wide)
            return
        # Pillow draws an outline wider than a pixel through a mask as big as the whole image (a token's outline on
        # a board cost more than its drawing): draw it on the patch of the image it covers instead, moved by whole
        # pixels, which gives the same pixels.
        left = max(0, math.floor(min(x for x, _ in scaled)) - 2)
        top = max(0, math.floor(min(y for _, y in scaled)) - 2)
        right = min(self.image.width, math.ceil(max(x for x, _ in scaled)) + 2)
        bottom = min(self.image.height, math.ceil(max(y for _, y in scaled)) + 2)
        if right <= left or bottom <= top:
            return  # wholly off the image
        patch = self.image.crop((left, top, right, bottom))
        ImageDraw.Draw(patch, "RGBA" if translucent else None).polygon(
            [(x - left, y - top) for x, y in scaled], fill=fill, outline=outline, width=wide)
        self.image.paste(patch, (left, top))

    def line(self, points: Sequence[Point], fill: Colour = INK, width: float = 1) -> None:
        self._draw(fill).line(self._pts(points), fill=fill, width=self._w(width), joint="curve")

    def dashed_line(self, start: Point, end: Point, fill: Colour = INK, width: float = 2, dash: float = 8,
                    gap: float = 6) -> None:
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0.0
        while pos < length:
            stop = min(pos + dash, length)
            self.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * stop, y0 + uy * stop)], fill, width)
            pos = stop + gap

    def dashed_polyline(self, points: Sequence[Point], fill: Colour, width: float, dash: Sequence[float]) -> None:
        """A polyline in a dash pattern (on, off, … in pixels; empty: solid) that runs on across its corners, where
        `dashed_line` would restart at each (a line graph's series)."""
        if not dash:
            self.line(points, fill, width)
            return
        k, left, on = 0, dash[0], True
        run: list[Point] = [points[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            length = math.hypot(x1 - x0, y1 - y0)
            at = 0.0
            while length - at > left:
                at += left
                point = (x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length)
                if on:
                    self.line([*run, point], fill, width)
                run = [point]
                k = (k + 1) % len(dash)
                left, on = dash[k], not on
            left -= length - at
            run.append((x1, y1))
        if on and len(run) > 1:
            self.line(run, fill, width)

    def dashed_rect(self, box: Box, fill: Colour = INK, width: float = 2, dash: float = 8, gap: float = 6) -> None:
        x0, y0, x1, y1 = box
        h = width / 2  # keep the dashes inside the box, like `outline`
        for a, b in (((x0, y0 + h), (x1, y0 + h)), ((x1 - h, y0), (x1 - h, y1)), ((x1, y1 - h), (x0, y1 - h)),
                     ((x0 + h, y1), (x0 + h, y0))):
            self.dashed_line(a, b, fill, width, dash, gap)

    def circle(self, centre: Point, radius: float, fill: Colour | None = None, outline: Colour | None = None,
               width: float = 1) -> None:
        x, y = centre
        box = self._box((x - radius, y - radius, x + radius, y + radius))
        self._draw(fill, outline).ellipse(box, fill=fill, outline=outline, width=self._w(width))

    def disc(self, centre: Point, radius: float, fill: Colour, label: str = "", text: Colour = INK,
             size: float | None = None, outline: Colour | None = INK, width: float = 1.5,
             shadow: bool | Colour = False) -> None:
        """A piece or chip: a disc with an optional centred label (the cue that does not rely on colour). `shadow`:
        True for a translucent one, or the colour it has on the ground it falls on (painting is ten times faster
        than blending)."""
        if shadow:
            self.circle((centre[0] + radius * 0.06, centre[1] + radius * 0.1), radius, fill=_shadow(shadow))
        self.circle(centre, radius, fill=fill, outline=outline, width=width)
        if label:
            self.text(centre, label, size or radius * 1.05, text, anchor="mm")

    def token(self, centre: Point, radius: float, fill: Colour, shape: str = "circle", label: str = "",
              text: Colour = INK, size: float | None = None, outline: Colour | None = INK, width: float = 1.5,
              shadow: bool | Colour = False) -> None:
        """A piece or chip in `shape` (see `shape_points`) with an optional label in its widest part."""
        points = shape_points(shape, centre, radius)
        if points is None:
            self.disc(centre, radius, fill, label, text, size, outline, width, shadow)
            return
        if shadow:
            self.polygon([(px + radius * 0.06, py + radius * 0.1) for px, py in points], fill=_shadow(shadow))
        self.polygon(points, fill=fill, outline=outline, width=width)
        if label:
            self.text(label_centre(shape, centre, radius), label, size or radius * 1.05, text, anchor="mm")

    def chip(self, centre: Point, radius: float, chip: Chip, shadow: bool = False, size: float | None = None) -> None:
        self.token(centre, radius, chip.fill, chip.shape, chip.label, chip.text, size, outline=INK,
                   width=max(1.0, radius / 12), shadow=shadow)

    def mark(self, box: Box, width: float = 7) -> None:
        """The last move's frame inside `box`: thick black with a white core, seen on any fill and any seat."""
        self.outline(box, LAST_MOVE, width)
        inset = width * 0.36
        self.outline((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), WHITE, width * 0.28)

    def mark_polygon(self, points: Sequence[Point], width: float = 7) -> None:
        """The last move's frame along a closed outline (the same look as `mark`)."""
        ring = [*points, points[0], points[1]]
        self.line(ring, LAST_MOVE, width)
        self.line(ring, WHITE, width * 0.28)

    def arrow(self, start: Point, end: Point, fill: Colour = LAST_MOVE, width: float = 6,
              head: float | None = None, outline: Colour | None = INK, outline_width: float = 1.5) -> None:
        """A straight arrow from `start` to the tip at `end`, as one outlined polygon."""
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        head = min(head or width * 2.6, length * 0.7)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        bx, by = x1 - ux * head, y1 - uy * head
        w, hw = width / 2, head * 0.62
        points = [(x0 + nx * w, y0 + ny * w), (bx + nx * w, by + ny * w), (bx + nx * hw, by + ny * hw), (x1, y1),
                  (bx - nx * hw, by - ny * hw), (bx - nx * w, by - ny * w), (x0 - nx * w, y0 - ny * w)]
        self.polygon(points, fill=fill, outline=outline, width=outline_width if outline else 1)

    def cross(self, centre: Point, size: float, fill: Colour = INK, width: float = 3,
              halo: Colour | None = WHITE) -> None:
        """A small × for captures; the halo keeps it visible on any fill."""
        x, y = centre
        h = size / 2
        strokes = [[(x - h, y - h), (x + h, y + h)], [(x - h, y + h), (x + h, y - h)]]
        if halo is not None:
            for stroke in strokes:
                self.line(stroke, halo, width + 3)
        for stroke in strokes:
            self.line(stroke, fill, width)

    # -- text --
    def text(self, xy: Point, text: str, size: float, fill: Colour = INK, anchor: str = "la") -> float:
        """Draw `text` through the font chain anchored at `xy` (Pillow anchors, e.g. "mm", "ls"); its width."""
        px = round(size * SCALE)
        return draw_text(self._draw(fill), (xy[0] * SCALE, xy[1] * SCALE), text, px, fill, anchor) / SCALE

    def fit_text(self, xy: Point, text: str, size: float, max_width: float, fill: Colour = INK,
                 anchor: str = "la", min_size: float | None = None) -> str:
        """Draw `text` shrunk down to `min_size` and then cut with an ellipsis so it fits; the text drawn."""
        while min_size is not None and size > min_size and text_width(text, size) > max_width:
            size = max(min_size, size - 1)
        shown = fit(text, size, max_width)
        self.text(xy, shown, size, fill, anchor)
        return shown

    def paragraph(self, xy: Point, text: str, size: float, max_width: float, fill: Colour = INK,
                  leading: float = 1.3) -> float:
        """Draw `text` wrapped to `max_width` from the top-left `xy`; the y below the last line."""
        x, y = xy
        for line in wrap(text, size, max_width):
            self.text((x, y), line, size, fill, anchor="la")
            y += size * leading
        return y

    # -- layers --
    def paste(self, image: Image.Image, xy: Point) -> None:
        """Copy `image` (drawn at this kit's scale, e.g. another canvas's `image`) in with its top-left at `xy`.

        Renderers cache the parts that never change (a board's frame and labels) this way."""
        self.image.paste(image, (round(xy[0] * SCALE), round(xy[1] * SCALE)))

    # -- output --
    def finish(self) -> Image.Image:
        """The final-size image: each `SCALE`x`SCALE` block averaged (true supersampling). `reduce` is the box
        average alone: the LANCZOS resize with `reducing_gap` it replaced made the same pixels, then copied them in
        one more pass over the image (a fifth of this step)."""
        return self.image.reduce(SCALE)

    def png(self) -> bytes:
        return encode_png(self.finish())


# ---- encoding ------------------------------------------------------------------------------------------------
MAX_PNG_BYTES = 250_000


def _png(image: Image.Image, optimize: bool) -> bytes:
    out = io.BytesIO()
    if optimize:
        image.save(out, "PNG", optimize=True)
    else:
        image.save(out, "PNG", compress_level=FAST_LEVEL)
    return out.getvalue()


def _palette_holds(original: Image.Image, palette: Image.Image) -> bool:
    """Whether 256 colours keep the image: almost no visibly wrong pixels (off by 32 or more in a channel) and a mean
    error of at most 3 of 255, which no eye sees on a drawing."""
    diff = ImageChops.difference(original, palette.convert("RGB"))
    hist = diff.histogram()
    pixels = original.width * original.height
    bad = sum(sum(hist[band * 256 + 32: band * 256 + 256]) for band in range(3))
    mean = sum(v * n for band in range(3) for v, n in enumerate(hist[band * 256: band * 256 + 256])) / (3 * pixels)
    return bad <= pixels * 0.002 and mean <= 3.0


# zlib level 3 encodes a 1000x1500 board five times faster than level 7 (13 ms against 70 on a busy machine) for a
# file about a quarter bigger (64 KB against 49 KB): the render budget is 40 ms, the size limit 250 KB. The slow
# squeeze (`optimize=True`, level 9) is spent only on a file that would be over the limit.
FAST_LEVEL = 3


def _palette(image: Image.Image) -> tuple[Image.Image, bool]:
    """The image in 256 colours and whether they keep it. The colours are chosen on a half-size copy (a quarter of
    the pixels: five times faster, and a flat drawing has the same colours at either size), then every pixel is
    mapped to the nearest one (fast); the check runs on the half-size copy too."""
    small = image.reduce(2) if min(image.size) >= 64 else image
    colours = small.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    full = image.quantize(palette=colours, dither=Image.Dither.NONE)
    return full, _palette_holds(small, small.quantize(palette=colours, dither=Image.Dither.NONE))


def encode_png(image: Image.Image, optimize: bool | None = None) -> bytes:
    """PNG bytes, in palette mode when 256 colours keep the quality (much smaller), else full colour.

    `optimize`: True always squeezes (`optimize=True`), False never; None (default) squeezes only a file that would
    be over `MAX_PNG_BYTES`. A full-colour file over the limit falls back to the palette.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    palette, holds = _palette(image)
    data = b""
    for candidate in [palette] if holds else [image, palette]:
        data = _png(candidate, bool(optimize))
        if optimize is None and len(data) > MAX_PNG_BYTES:
            data = _png(candidate, True)
        if len(data) <= MAX_PNG_BYTES:
            return data
    return data


__all__ = [
    "ALT_NAME_LIMIT", "BLACK", "BLUE", "BOARD", "BORDER", "GREEN", "HIGHLIGHT", "INK", "LAST_MOVE", "MAX_PNG_BYTES",
    "MUTED", "NAME_LIMIT", "NEUTRAL", "ORANGE", "PALETTE", "PAPER", "PLACES", "PURPLE", "RED", "SCALE", "SEAT_COLOURS",
    "SHAPES", "WHITE", "YELLOW", "Canvas", "Chip", "Swatch", "chip", "contrast", "cut_name", "encode_png",
    "first_fitting", "fit", "font", "has_glyph", "label_centre", "mix", "rgb", "rgba", "safe_text", "seat_chips",
    "shadow_on", "shape_of", "shape_points", "swatch", "text_on", "text_width", "wrap",
]
