"""The font chain: packaged Noto faces tried in order, glyph by glyph, so names in any common script draw.

Fonts come from Python packages (see docs/developers/fonts.md): `manimgx-fonts` (Noto Sans, Noto Sans Symbols,
Noto Emoji, Noto Sans Arabic, Hebrew and other scripts) and `noto-cjk-sans-jp-regular` (Noto Sans CJK). No network
at run time.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import as_file, files
from pathlib import Path

from PIL import ImageFont, features

# libraqm (HarfBuzz + FriBiDi) joins Arabic letters, orders right-to-left text and builds emoji sequences;
# without it text falls back to Pillow's basic layout (see `render.lettering` for what that loses).
RAQM = features.check("raqm")
LAYOUT = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC


@dataclass(frozen=True)
class Face:
    name: str
    package: str
    file: str
    rtl: bool = False  # a right-to-left script: its runs are laid out (and reordered) right to left


# Tried in this order for every character; the first face that has the glyph draws it. Noto Sans (Latin, Greek,
# Cyrillic) is the UI face and comes first, so ordinary text never touches the others.
FACES: tuple[Face, ...] = (
    Face("Noto Sans", "manimgx_fonts", "NotoSans[wght].ttf"),
    Face("Noto Sans Symbols", "manimgx_fonts", "NotoSansSymbols[wght].ttf"),
    Face("Noto Emoji", "manimgx_fonts", "NotoEmoji[wght].ttf"),
    Face("Noto Sans Arabic", "manimgx_fonts", "NotoSansArabic[wght].ttf", rtl=True),
    Face("Noto Sans Hebrew", "manimgx_fonts", "NotoSansHebrew[wght].ttf", rtl=True),
    Face("Noto Sans CJK JP", "noto_cjk_sans_jp_regular", "NotoSansCJKjp-Regular.otf"),
    # Further scripts the same package carries: free to list, since a face is opened only when a character needs it.
    *(Face(f"Noto Sans {script}", "manimgx_fonts", f"NotoSans{script}[wght].ttf")
      for script in ("Devanagari", "Bengali", "Thai", "Georgian", "Armenian", "Tamil", "Telugu", "Gujarati",
                     "Gurmukhi", "Kannada", "Malayalam", "Oriya", "Sinhala", "Khmer", "Lao", "Myanmar", "Ethiopic")),
)
MAIN = 0  # the UI face: its metrics place every line, whatever faces the line mixes


@lru_cache(maxsize=len(FACES))
def face_path(face: int) -> Path:
    """The font file of `FACES[face]`, inside its installed package."""
    entry = FACES[face]
    resource = files(entry.package).joinpath(entry.file)
    with as_file(resource) as path:  # installed packages are plain directories: this is the file itself
        return Path(path)


@lru_cache(maxsize=512)
def face_font(face: int, size: int, shaped: bool = True) -> ImageFont.FreeTypeFont:
    """`FACES[face]` at `size` pixels (the size as drawn): with the best layout engine Pillow has when `shaped`,
    else with the basic one, twice as fast to draw and seven times to measure (for plain left-to-right text)."""
    return ImageFont.truetype(str(face_path(face)), size, layout_engine=LAYOUT if shaped else ImageFont.Layout.BASIC)


@lru_cache(maxsize=len(FACES))
def _probe(face: int) -> ImageFont.FreeTypeFont:
    # Basic layout for probing: one character, one glyph, no shaping to hide a missing glyph.
    return ImageFont.truetype(str(face_path(face)), 20, layout_engine=ImageFont.Layout.BASIC)


def _mask(face: int, ch: str) -> tuple[tuple[int, int], bytes]:
    mask = _probe(face).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=len(FACES))
def _notdef(face: int) -> tuple[tuple[int, int], bytes]:
    return _mask(face, "\u0378")  # an unassigned code point: what the face draws for a glyph it lacks


@lru_cache(maxsize=8192)
def face_has(face: int, ch: str) -> bool:
    """Whether `FACES[face]` has a glyph of its own for `ch` (anything but its notdef box)."""
    return _mask(face, ch) != _notdef(face)


@lru_cache(maxsize=8192)
def face_of(ch: str) -> int | None:
    """The first face of the chain that draws `ch`, or None when none does."""
    if 0xE000 <= ord(ch) <= 0xF8FF or ord(ch) >= 0xF0000:
        return None  # private use: a face's own icons there mean nothing to the user who typed them
    if unicodedata.category(ch) == "Cc":
        return None
    return next((face for face in range(len(FACES)) if face_has(face, ch)), None)
