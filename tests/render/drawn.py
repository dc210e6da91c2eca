"""What the drawing kit draws, recorded for the image tests of every language (issue 40): every text at the kit's one
text function (`render.kit.Canvas.text`) with where and how large (and, by `placing`, who asked for it), and every
text the lettering's one cutter shortened (`render.lettering.cut_name`, which `fit_text` and titles use); the
finished images themselves, left unencoded."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import pytest
from PIL import Image

from render import kit, lettering
from render.kit import Canvas, encode_png, text_width


@dataclass(frozen=True)
class Drawn:
    """One text the kit drew: its words, where (Pillow's anchor at `x`), its size, on a canvas `width` wide."""

    text: str
    x: float
    anchor: str
    size: float
    width: int

    def span(self) -> tuple[float, float]:
        """Its left and right edge."""
        wide = text_width(self.text, self.size)
        left = self.x - {"l": 0.0, "m": 0.5, "r": 1.0}[self.anchor[0]] * wide
        return left, left + wide


class Cached(Protocol):
    """A functools cache of drawn parts."""

    def cache_clear(self) -> None: ...


@dataclass(frozen=True)
class Placed:
    """One text the kit drew, as the per-game language tests read it: its words, the point it was anchored at, its
    size, Pillow's anchor, the canvas's width, and the files that asked for it, nearest first (the kit's and this
    module's left out)."""

    text: str
    xy: tuple[float, float]
    size: float
    anchor: str
    width: int
    callers: tuple[str, ...]


def _callers() -> tuple[str, ...]:
    found: list[str] = []
    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_code.co_filename
        if not name.endswith(("render/kit.py", "render/lettering.py", __file__)) and name not in found:
            found.append(name)
        frame = frame.f_back
    return tuple(found)


@contextmanager
def placing(*caches: Cached) -> Iterator[list[Placed]]:
    """Every text `Canvas.text` draws meanwhile, `caches` (functools caches of drawn parts) cleared first so that
    cached frames and pictures are drawn again in the language spoken; the images are left `unencoded`."""
    for cached in caches:
        cached.cache_clear()
    seen: list[Placed] = []
    original = Canvas.text

    def spy(self: Canvas, xy: Any, text: str, size: float, fill: Any = kit.INK, anchor: str = "la") -> float:
        seen.append(Placed(text, (float(xy[0]), float(xy[1])), size, anchor, self.width, _callers()))
        return original(self, xy, text, size, fill, anchor)

    setattr(Canvas, "text", spy)  # noqa: B010 (a spy on the class: every canvas, cached ones too)
    try:
        with unencoded():
            yield seen
    finally:
        setattr(Canvas, "text", original)  # noqa: B010


def clear_caches() -> None:
    """Forget every cached part of an image (frames, sprites, rules pictures), not the fonts' caches."""
    for name, module in list(sys.modules.items()):
        if name.startswith("render.") and name not in ("render.fonts", "render.lettering"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == name:
                    value.cache_clear()


@contextmanager
def unencoded() -> Iterator[list[Image.Image]]:
    """The images finished meanwhile, handed back instead of encoded (the renderers return b""): the tests of where
    words lie do not need the PNG, and encoding was a third of their time (encoding is test_kit.py's and
    test_phone.py's). Every cache of drawn parts is emptied at the end: a rules picture caches what it returned."""
    images: list[Image.Image] = []

    def keep(image: Image.Image, optimize: bool | None = None) -> bytes:
        images.append(image)
        return b""

    users = [module for name, module in list(sys.modules.items())  # every drawing module that took the encoder in
             if name.startswith("render.") and getattr(module, "encode_png", None) is encode_png]
    for module in users:
        setattr(module, "encode_png", keep)  # noqa: B010 (a spy for the time of one drawing)
    try:
        yield images
    finally:
        for module in users:
            setattr(module, "encode_png", encode_png)  # noqa: B010
        clear_caches()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn meanwhile."""
    seen: list[Drawn] = []
    original = Canvas.text

    def text(self: Canvas, xy: kit.Point, words: str, size: float, fill: kit.Colour = kit.INK,
             anchor: str = "la") -> float:
        seen.append(Drawn(words, xy[0], anchor, size, self.width))
        return original(self, xy, words, size, fill, anchor)

    monkeypatch.setattr(Canvas, "text", text)
    yield seen


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every (text, what was shown) the lettering's one cutter shortened to fit its room meanwhile: a word cut to
    nothing leaves no ellipsis behind to see in what is drawn."""
    seen: list[tuple[str, str]] = []
    original = lettering.cut_name

    def cut_name(name: str, limit: int | None = lettering.NAME_LIMIT, size: float | None = None,
                 width: float | None = None) -> str:
        shown = original(name, limit, size, width)
        if shown != " ".join(str(name).split()):
            seen.append((name, shown))
        return shown

    monkeypatch.setattr(lettering, "cut_name", cut_name)
    yield seen
