"""Text for the drawing kit: the default font cached per size, characters it can draw, fitting and wrapping."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from PIL import ImageFont

SCALE = 2  # drawing happens at this multiple of the final size


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's scalable default font at `size` pixels (the size as drawn)."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return loaded


@lru_cache(maxsize=4096)
def _glyph(ch: str) -> tuple[tuple[int, int], bytes]:
    mask = font(20).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the default font draws `ch` (it covers ASCII and a few marks; anything else renders as a box)."""
    return " " <= ch <= "~" or _glyph(ch) != _glyph("\U0010fffd")  # a private-use code point: surely missing


_REPLACEMENTS = {"—": "-", "–": "-", "−": "-", "→": "->", "←": "<-", "×": "x", "✓": "v", "ß": "ss", "æ": "ae",
                 "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "œ": "oe", "Œ": "OE"}


@lru_cache(maxsize=1024)
def safe_text(text: str) -> str:
    """`text` in characters the font has: accents dropped (é -> e), emoji and marks dropped, other scripts '?'."""
    out: list[str] = []
    for ch in text:
        if has_glyph(ch):
            out.append(ch)
        elif ch in _REPLACEMENTS:
            out.append(_REPLACEMENTS[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if has_glyph(c))
            if base:
                out.append(base)
            elif unicodedata.category(ch).startswith("Z"):
                out.append(" ")
            elif unicodedata.category(ch)[0] in "LN":
                out.append("?")
    return " ".join("".join(out).split()) if out else ""


def truncate_name(name: str, limit: int = 16) -> str:
    """A display name cut to `limit` characters, the last one an ellipsis when cut."""
    name = " ".join(str(name).split())
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def text_width(text: str, size: float) -> float:
    """Width in final pixels of `text` at `size`."""
    return font(round(size * SCALE)).getlength(safe_text(text)) / SCALE


def fit(text: str, size: float, max_width: float) -> str:
    """`text` (made safe) cut with an ellipsis so it fits `max_width` at `size`."""
    text = safe_text(text)
    if text_width(text, size) <= max_width:
        return text
    while text and text_width(text + "…", size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def first_fitting(options: Sequence[str], size: float, max_width: float) -> str:
    """The first of `options` (longest first, by convention) that fits; else the last one cut to fit."""
    for option in options:
        if text_width(option, size) <= max_width:
            return safe_text(option)
    return fit(options[-1], size, max_width)


def wrap(text: str, size: float, max_width: float) -> list[str]:
    """`text` broken into lines at spaces so each fits `max_width`; over-long words are cut."""
    lines: list[str] = []
    for paragraph in (safe_text(part) for part in text.split("\n")):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if text_width(trial, size) <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = fit(word, size, max_width)
        lines.append(line)
    return lines
