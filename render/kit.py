"""The shared drawing kit: palette, player colours, a supersampled `Canvas` with primitives, and PNG encoding.

Every game's renderer draws with this kit so the five boards look like one product (see design/boards.md);
the text helpers live in `render.text` and are re-exported here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageColor, ImageDraw

from render.text import (
    SCALE,
    draw_text,
    first_fitting,
    fit,
    font,
    has_glyph,
    safe_text,
    shorten,
    text_width,
    truncate_name,
    wrap,
)

# ---- palette -------------------------------------------------------------------------------------------------
PAPER = "#F4EFE6"
BORDER = "#D8CFC0"
INK = "#2B2B2B"
MUTED = "#6B6358"  # secondary text: coordinates, captions, stats
BOARD = "#EAE2D3"  # a plate under a board, one step darker than the paper
LAST_MOVE = "#E69F00"
HIGHLIGHT = "#FFF3C4"  # the wash over cells an automatic rule changed: lightens any tint, hides nothing
WHITE = "#FFFFFF"
NEUTRAL = "#C9C3B8"  # unowned areas: a warm grey that tints like a player colour

# The colour-blind-safe Okabe–Ito set, by name.
VERMILLION = "#D55E00"
BLUE = "#0072B2"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
ORANGE = "#E69F00"
REDDISH_PURPLE = "#CC79A7"
SKY_BLUE = "#56B4E9"
BLACK = "#000000"
OKABE_ITO: dict[str, str] = {
    "vermillion": VERMILLION, "blue": BLUE, "bluish green": BLUISH_GREEN, "yellow": YELLOW, "orange": ORANGE,
    "reddish purple": REDDISH_PURPLE, "sky blue": SKY_BLUE, "black": BLACK,
}
# Seat colours for games that do not name their own; orange is left out because it marks the last move.
SEAT_COLOURS: tuple[str, ...] = (VERMILLION, BLUE, BLUISH_GREEN, YELLOW, REDDISH_PURPLE, SKY_BLUE)

# Names whose nearest Okabe–Ito colour by plain RGB distance would surprise a player.
_NAMED: dict[str, str] = {
    "red": VERMILLION, "vermillion": VERMILLION, "vermilion": VERMILLION, "yellow": YELLOW, "blue": BLUE,
    "green": BLUISH_GREEN, "orange": ORANGE, "purple": REDDISH_PURPLE, "pink": REDDISH_PURPLE,
    "magenta": REDDISH_PURPLE, "sky": SKY_BLUE, "cyan": SKY_BLUE, "black": BLACK,
    # White is no hue, so Okabe–Ito has none; white pieces stay white (drawn with an ink outline).
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
    """A seat's marker: colour plus the letter (or number) that carries the same meaning without colour."""

    fill: str
    text: str
    label: str


def swatch(name: str) -> Swatch:
    """The Okabe–Ito colour nearest a game's colour name ("red", "Blue", "#123456"...) and its text colour."""
    key = name.strip().lower()
    fill = _NAMED.get(key) or OKABE_ITO.get(key)
    if fill is None:
        target = rgb(key)
        fill = min(OKABE_ITO.values(), key=lambda c: sum((x - y) ** 2 for x, y in zip(rgb(c), target, strict=True)))
    return Swatch(fill, text_on(fill))


def chip(name: str, label: str | None = None) -> Chip:
    """A chip for a named colour, labelled with its initial unless told otherwise."""
    s = swatch(name)
    return Chip(s.fill, s.text, (label if label is not None else name.strip()[:1]).upper())


def seat_chips(count: int) -> list[Chip]:
    """Chips numbered 1..count in the default seat colours, for games without colour names."""
    return [Chip(c, text_on(c), str(i + 1)) for i, c in enumerate(SEAT_COLOURS[:count])]


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
        self._draw(fill, outline).polygon(self._pts(points), fill=fill, outline=outline, width=self._w(width))

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
             shadow: bool = False) -> None:
        """A piece or chip: a disc with an optional centred label (the cue that does not rely on colour)."""
        if shadow:
            self.circle((centre[0] + radius * 0.06, centre[1] + radius * 0.1), radius, fill=rgba(INK, 0.22))
        self.circle(centre, radius, fill=fill, outline=outline, width=width)
        if label:
            self.text(centre, label, size or radius * 1.05, text, anchor="mm")

    def chip(self, centre: Point, radius: float, chip: Chip, shadow: bool = False) -> None:
        self.disc(centre, radius, chip.fill, chip.label, chip.text, outline=INK, width=max(1.0, radius / 12),
                  shadow=shadow)

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
        """The final-size image. At an exact 2x, `reducing_gap` makes LANCZOS a box average of each 2x2 block
        (true supersampling, 10x faster than a full LANCZOS pass and within 1/255 of it on average)."""
        return self.image.resize((self.width, self.height), Image.Resampling.LANCZOS, reducing_gap=1.0)

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
    """Whether 256 colours keep the image: small mean error and almost no visibly wrong pixels."""
    diff = ImageChops.difference(original, palette.convert("RGB"))
    hist = diff.histogram()
    pixels = original.width * original.height
    bad = sum(sum(hist[band * 256 + 32: band * 256 + 256]) for band in range(3))
    mean = sum(v * n for band in range(3) for v, n in enumerate(hist[band * 256: band * 256 + 256])) / (3 * pixels)
    return bad <= pixels * 0.002 and mean <= 2.0


# `optimize=True` (zlib level 9) takes ~30 ms on a 1000x800 board for files only ~8% smaller than level 7
# (28 KB against 30 KB), which alone would break the 40 ms render budget; so it is spent only on big images.
FAST_LEVEL = 7
OPTIMIZE_ABOVE = 100_000


def encode_png(image: Image.Image, optimize: bool | None = None) -> bytes:
    """PNG bytes, in palette mode when 256 colours keep the quality (much smaller), else full colour.

    `optimize`: True always squeezes (`optimize=True`), False never; None (default) squeezes only files over
    `OPTIMIZE_ABOVE` bytes. A full-colour file over `MAX_PNG_BYTES` falls back to the palette.
    """
    image = image.convert("RGB")
    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = b""
    for candidate in [palette] if _palette_holds(image, palette) else [image, palette]:
        data = _png(candidate, bool(optimize))
        if optimize is None and len(data) > OPTIMIZE_ABOVE:
            data = _png(candidate, True)
        if len(data) <= MAX_PNG_BYTES:
            return data
    return data


__all__ = [
    "BLACK", "BLUE", "BLUISH_GREEN", "BOARD", "BORDER", "HIGHLIGHT", "INK", "LAST_MOVE", "MAX_PNG_BYTES", "MUTED",
    "NEUTRAL", "OKABE_ITO", "ORANGE", "PAPER", "REDDISH_PURPLE", "SCALE", "SEAT_COLOURS", "SKY_BLUE", "VERMILLION",
    "WHITE", "YELLOW", "Canvas", "Chip", "Swatch", "chip", "contrast", "encode_png", "first_fitting", "fit", "font",
    "has_glyph", "mix", "rgb", "rgba", "safe_text", "seat_chips", "shorten", "swatch", "text_on", "text_width",
    "truncate_name", "wrap",
]
