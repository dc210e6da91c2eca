"""Text for the drawing kit: the font chain split into runs (bidi-ordered), measured and drawn run by run, fitting.

A line is cut into runs by the face that has each glyph (`render.fonts`); every run is measured and drawn with its
own face on one baseline set by the UI face, so widths, fitting and wrapping hold for mixed scripts too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import ImageDraw, ImageFont

from render.fonts import FACES, MAIN, RAQM, face_font, face_has, face_of

SCALE = 2  # drawing happens at this multiple of the final size
RLM = "\u200f"  # RIGHT-TO-LEFT MARK


def font(size: int, face: int = MAIN) -> ImageFont.FreeTypeFont:
    """A face of the chain (the UI face unless told) at `size` pixels (the size as drawn)."""
    return face_font(face, size)


def has_glyph(ch: str) -> bool:
    """Whether some face of the chain draws `ch`."""
    return face_of(ch) is not None


def _joins(ch: str) -> bool:
    """Marks, joiners, variation selectors and skin tones: they belong to the character before them."""
    return unicodedata.category(ch)[0] == "M" or unicodedata.category(ch) == "Cf" or 0x1F3FB <= ord(ch) <= 0x1F3FF


# Fallbacks for characters no face has (the chain covers all of these today; kept for a font without them).
_REPLACEMENTS = {"—": "-", "–": "-", "−": "-", "→": "->", "←": "<-", "×": "x", "✓": "v"}


@lru_cache(maxsize=4096)
def safe_text(text: str) -> str:
    """`text` in characters the fonts have: what no face draws is decomposed (𝐀 -> A), else a letter becomes '?'
    and an emoji or symbol is dropped (never a box). Whitespace runs collapse to one space."""
    out: list[str] = []
    kept = False  # whether the last base character was kept (its marks follow it)
    for ch in unicodedata.normalize("NFC", str(text)):
        if _joins(ch):
            if kept:
                out.append(ch)
        elif has_glyph(ch):
            out.append(ch)
            kept = True
        elif ch in _REPLACEMENTS:
            out.append(_REPLACEMENTS[ch])
            kept = False
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if has_glyph(c) or (_joins(c) and out))
            kept = bool(base)
            if base:
                out.append(base)
            elif unicodedata.category(ch)[0] in "ZC":
                out.append(" ")
            elif unicodedata.category(ch)[0] in "LN":
                out.append("?")
                kept = True
    return " ".join("".join(out).split())


def _strong(ch: str) -> str | None:
    """'L' or 'R' for a character with a direction of its own, None for neutrals (spaces, digits, punctuation)."""
    kind = unicodedata.bidirectional(ch)
    return "L" if kind == "L" else "R" if kind in ("R", "AL") else None


Run = tuple[int, str, bool]  # (face, text, right to left)


def _logical_runs(text: str) -> list[tuple[int, str]]:
    """Runs in reading order as (face, text)."""
    runs: list[list] = []  # [face, text, sealed]
    pending = ""  # neutrals after a right-to-left run: they stay in it only if its script goes on after them

    def add(face: int, chunk: str, sealed: bool = False) -> None:
        # A sealed run (neutrals between right-to-left and other text) takes no letters: its direction is resolved
        # on its own (see `runs`).
        if runs and runs[-1][0] == face and runs[-1][2] == sealed and not runs[-1][1].endswith(RLM):
            runs[-1][1] += chunk
        else:
            runs.append([face, chunk, sealed])

    def settle(next_face: int | None) -> None:
        nonlocal pending
        # A right-to-left mark (as `fit` puts after an ellipsis that cuts right-to-left text) keeps them in, too.
        if pending and (next_face == runs[-1][0] or RLM in pending):
            add(runs[-1][0], pending)
        else:
            for ch in pending:
                add(face_of(ch) or MAIN, ch, sealed=True)
        pending = ""

    for ch in text:
        if _joins(ch):
            if pending:
                pending += ch
            elif runs:
                runs[-1][1] += ch
            continue
        if runs and FACES[runs[-1][0]].rtl and _strong(ch) is None and face_has(runs[-1][0], ch):
            pending += ch
            continue
        # Anything else takes the first face that has it: spaces and punctuation the UI face, so an emoji font's
        # wide space never stretches a name.
        face = face_of(ch)
        if face is None:
            continue  # `safe_text` left nothing undrawable; this keeps a stray one from drawing a box
        settle(face)
        add(face, ch)
    if runs:
        settle(None)
    return [(face, chunk) for face, chunk, _ in runs]


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """`text` (made safe) as runs of one face and one direction each, in visual order, left to right.

    Lines read left to right (the interface is English): right-to-left runs, such as an Arabic name, are laid out
    right to left inside, and consecutive ones are drawn in reverse order, as the Unicode bidi algorithm does."""
    logical = _logical_runs(safe_text(text))
    # A run's direction: its letters'; a run of neutrals only (an emoji, a dash) is right to left only between
    # right-to-left runs, as the bidi algorithm resolves neutrals.
    strong = [next((d == "R" for d in map(_strong, chunk) if d), None) for _, chunk in logical]
    directions: list[bool] = []
    for i, own in enumerate(strong):
        if own is None:
            before = next((d for d in reversed(strong[:i]) if d is not None), False)
            after = next((d for d in strong[i + 1:] if d is not None), False)
            own = before and after
        directions.append(own)
    groups: list[list[Run]] = []
    for (face, chunk), backwards in zip(logical, directions, strict=True):
        if not RAQM:
            # Basic layout draws joiners as boxes and cannot order right-to-left text: drop the one, reverse the other.
            chunk = "".join(ch for ch in chunk if unicodedata.category(ch) != "Cf" and not 0xFE00 <= ord(ch) <= 0xFE0F)
            chunk = chunk[::-1] if backwards else chunk
        if groups and groups[-1][0][2] == backwards:
            groups[-1].append((face, chunk, backwards))
        else:
            groups.append([(face, chunk, backwards)])
    return tuple(run for group in groups for run in (reversed(group) if group[0][2] else group))


def _direction(run: Run, px: int) -> str | None:
    return ("rtl" if run[2] else "ltr") if _font(run, px).layout_engine == ImageFont.Layout.RAQM else None


@lru_cache(maxsize=4096)
def _font(run: Run, px: int) -> ImageFont.FreeTypeFont:
    """The font to draw `run` with: shaped (libraqm) unless it is plain left-to-right text in the UI face."""
    plain = run[0] == MAIN and not run[2] and not any(unicodedata.category(ch)[0] == "M" for ch in run[1])
    return face_font(run[0], px, shaped=not plain)


def _px(size: float) -> int:
    return round(size * SCALE)


@lru_cache(maxsize=8192)
def _run_widths(text: str, px: int) -> tuple[float, ...]:
    return tuple(_font(run, px).getlength(run[1], direction=_direction(run, px)) for run in runs(text))


def text_width(text: str, size: float) -> float:
    """Width in final pixels of `text` at `size`."""
    return sum(_run_widths(text, _px(size))) / SCALE


@lru_cache(maxsize=8192)
def _mask(run: Run, px: int, anchor: str) -> tuple[Any, tuple[int, int]]:
    """The antialiased glyph mask of `run` and its offset from the anchor point, rendered once: a board writes the
    same words render after render, and FreeType's rendering was a fifth of a board's time."""
    return _font(run, px).getmask2(run[1], "L", _direction(run, px), anchor=anchor, start=(0.0, 0.0))


def _blit(draw: ImageDraw.ImageDraw, xy: tuple[float, float], run: Run, px: int, fill: str | tuple[int, ...],
          anchor: str) -> None:
    """What `ImageDraw.text` does for one line in one font, from the cached mask (whole drawing pixels: at the
    kit's 2x that is half a final pixel at most)."""
    mask, (dx, dy) = _mask(run, px, anchor)
    ink = draw._getink(fill)[0]  # the colour as the image stores it, found as ImageDraw.text finds it
    draw.draw.draw_bitmap((int(xy[0]) + dx, int(xy[1]) + dy), mask, ink)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, px: int, fill: str | tuple[int, ...],
              anchor: str = "la") -> float:
    """Draw `text` run by run at `xy` (drawing pixels) with a Pillow `anchor` ("la", "mm", "rs"...) taken from the
    UI face's metrics; returns the width drawn, in drawing pixels."""
    parts = runs(text)
    if not parts:
        return 0.0
    widths = _run_widths(text, px)
    if len(parts) == 1 and parts[0][0] == MAIN and not parts[0][2]:  # the common case: one call, Pillow places it
        _blit(draw, xy, parts[0], px, fill, anchor)
        return widths[0]
    main = face_font(MAIN, px)
    total = sum(widths)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    ascent, descent = main.getmetrics()
    vertical = anchor[1]
    if vertical in "tb":  # the ink's top or bottom, over every run
        boxes = [_font(run, px).getbbox(run[1], anchor="ls", direction=_direction(run, px)) for run in parts]
        offset = -min(b[1] for b in boxes) if vertical == "t" else -max(b[3] for b in boxes)
    else:
        offset = {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[vertical]
    baseline = xy[1] + offset
    for run, width in zip(parts, widths, strict=True):
        _blit(draw, (x, baseline), run, px, fill, "ls")
        x += width
    return total


# Names are cut to this many user-perceived characters in images (design/boards.md), the ellipsis included; words
# about a board (alt text, the text board) keep at least `ALT_NAME_LIMIT`.
NAME_LIMIT = 16
ALT_NAME_LIMIT = 32
ELLIPSIS = "…"


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _jamo_tail(ch: str) -> bool:
    return 0x1160 <= ord(ch) <= 0x11FF or 0xD7B0 <= ord(ch) <= 0xD7FF


def graphemes(text: str) -> list[str]:
    """`text` in user-perceived characters (Unicode's extended grapheme clusters, near enough): a base with its
    marks, an emoji with its modifiers, joiners and tags, a flag's two letters, a Hangul syllable's jamo."""
    out: list[str] = []
    for ch in text:
        if out:
            prev = out[-1]
            last = prev[-1]
            # Hangul spelled in jamo: a vowel or final consonant joins the jamo or syllable before it.
            hangul = _jamo_tail(ch) and (_jamo_tail(last) or 0x1100 <= ord(last) <= 0x115F
                                         or 0xA960 <= ord(last) <= 0xA97F or 0xAC00 <= ord(last) <= 0xD7A3)
            pair = _regional(ch) and len(prev) == 1 and _regional(last)
            if _joins(ch) or last == "\u200d" or hangul or pair:
                out[-1] += ch
                continue
        out.append(ch)
    return out


def _ellipsis(cut: str) -> str:
    """`cut` with an ellipsis at its cut end: for right-to-left text that is its left end, which a right-to-left
    mark after the ellipsis asks for (in an image and in Discord alike)."""
    last = next((d for d in map(_strong, reversed(cut)) if d), None)
    return cut + ELLIPSIS + (RLM if last == "R" else "")


def cut_name(name: str, limit: int | None = NAME_LIMIT, size: float | None = None,
             width: float | None = None) -> str:
    """The one name cutter: `name` on one line, cut to at most `limit` user-perceived characters and, given a text
    `size`, to `width` final pixels, by whole characters, with an ellipsis at the end it was cut at (the left end of
    right-to-left text). Every image and every word about a board cuts names here."""
    text = " ".join(str(name).split())
    clusters = graphemes(text)
    if limit is not None and len(clusters) > limit:
        clusters = clusters[: max(limit - 1, 0)]
        text = _ellipsis("".join(clusters).rstrip()) if clusters else ELLIPSIS
    if size is None or width is None or text_width(text, size) <= width:
        return text
    lo, hi = 0, len(clusters) - 1  # the most clusters that fit before the ellipsis, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(_ellipsis("".join(clusters[:mid]).rstrip()), size) <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = "".join(clusters[:lo]).rstrip()
    return _ellipsis(cut) if cut else ""


def fit(text: str, size: float, max_width: float) -> str:
    """`text` (made safe) cut with an ellipsis so it fits `max_width` at `size`, as names are cut."""
    return cut_name(safe_text(text), None, size, max_width)


def first_fitting(options: Sequence[str], size: float, max_width: float) -> str:
    """The first of `options` (longest first, by convention) that fits; else the last one cut to fit."""
    for option in options:
        if text_width(option, size) <= max_width:
            return safe_text(option)
    return fit(options[-1], size, max_width)


# Japanese and Chinese put no spaces between words: a line may break between any two of their characters, except
# before closing punctuation and small kana or after an opening bracket (kinsoku).
_NO_LINE_START = frozenset("、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…")
_NO_LINE_END = frozenset("（「『【〔〈《")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _pieces(word: str) -> list[str]:
    """`word` (no spaces) in the pieces a line may break between: whole in most scripts; character by character in
    Japanese and Chinese, punctuation kept with its neighbour and a Latin run (notation such as `w1b4`) whole."""
    if not any(_wide(ch) for ch in word):
        return [word]
    pieces: list[str] = []
    for ch in word:
        last = pieces[-1][-1] if pieces else ""
        if pieces and (not (_wide(ch) or _wide(last)) or ch in _NO_LINE_START or last in _NO_LINE_END or _joins(ch)):
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return pieces


def _split_long(word: str, size: float, max_width: float) -> list[str]:
    """A word wider than a line in pieces that each fit, broken between user-perceived characters (never cut)."""
    pieces: list[str] = []
    piece = ""
    for cluster in graphemes(word):
        if piece and text_width(piece + cluster, size) > max_width:
            pieces.append(piece)
            piece = cluster
        else:
            piece += cluster
    return [*pieces, piece] if piece else pieces


def wrap(text: str, size: float, max_width: float) -> list[str]:
    """`text` broken into lines at spaces (and between Japanese or Chinese characters) so each fits `max_width`;
    a word wider than a line is broken across lines rather than cut, so no word is lost."""
    lines: list[str] = []
    for paragraph in (safe_text(part) for part in text.split("\n")):
        line = ""
        for word in paragraph.split(" "):
            for k, piece in enumerate(_pieces(word)):
                trial = (f"{line} {piece}" if k == 0 else line + piece) if line else piece
                if text_width(trial, size) <= max_width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                *whole, line = _split_long(piece, size, max_width) or [""]
                lines.extend(whole)
        lines.append(line)
    return lines
