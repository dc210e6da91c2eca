"""Colour as people with colour-vision deficiency see it, and how far apart two colours look: the checks behind the
palette (design/boards.md: seat colours at least 20 apart under protanopia, deuteranopia and tritanopia).

Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
Deficiency" (doi:10.1109/TVCG.2009.113), the severity-1.0 matrices of their supplementary data, applied to linear
sRGB as colorspacious and DaltonLens do. Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) in CIELAB under D65.
Pure Python, so the test and the look-at-every-image tool (bench/gallery.py) need nothing beyond Pillow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageColor, ImageFilter

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
RGB = tuple[float, float, float]

# Severity 1.0 (dichromacy): the last row of each table at www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation.
MACHADO_2009: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DEFICIENCIES = tuple(MACHADO_2009)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _unit_rgb(colour: str | Sequence[float]) -> RGB:
    if isinstance(colour, str):
        red, green, blue = ImageColor.getrgb(colour)[:3]
        return red / 255, green / 255, blue / 255
    r, g, b = (float(v) / 255 for v in colour[:3])
    return r, g, b


def simulate_unit(rgb: RGB, deficiency: str) -> RGB:
    """sRGB (0..1 per channel) as seen with `deficiency` ("protanopia", "deuteranopia", "tritanopia"), 0..1."""
    m = MACHADO_2009[deficiency]
    lin = [_linear(c) for c in rgb]
    out = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    r, g, b = (_encoded(c) for c in out)
    return r, g, b


def simulate(colour: str | Sequence[float], deficiency: str | None) -> RGB:
    """A colour ("#RRGGBB" or 0..255 channels) as seen with `deficiency` (None: normal vision), 0..1 per channel."""
    rgb = _unit_rgb(colour)
    return rgb if deficiency is None else simulate_unit(rgb, deficiency)


def lab(rgb: RGB) -> RGB:
    """CIELAB (D65) of an sRGB colour with 0..1 channels."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def difference(a: str | Sequence[float], b: str | Sequence[float], deficiency: str | None = None) -> float:
    """How far apart colours `a` and `b` look (CIEDE2000), with normal vision or simulated `deficiency`."""
    return ciede2000(lab(simulate(a, deficiency)), lab(simulate(b, deficiency)))


def closest_pair(colours: Sequence[str], deficiency: str | None = None) -> tuple[float, str, str]:
    """(difference, a, b) of the two of `colours` that look most alike."""
    pairs = [(difference(a, b, deficiency), a, b) for i, a in enumerate(colours) for b in colours[i + 1:]]
    return min(pairs) if pairs else (math.inf, "", "")


def simulation_filter(deficiency: str, size: int = 33) -> ImageFilter.Color3DLUT:
    """A Pillow filter showing an RGB image as seen with `deficiency` (a 3D table, interpolated per pixel)."""
    call: Callable[[float, float, float], RGB] = lambda r, g, b: simulate_unit((r, g, b), deficiency)  # noqa: E731
    return ImageFilter.Color3DLUT.generate(size, call)


def simulate_image(image: Image.Image, deficiency: str) -> Image.Image:
    """`image` as seen with `deficiency`."""
    return image.convert("RGB").filter(simulation_filter(deficiency))
