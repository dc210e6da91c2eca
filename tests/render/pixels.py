"""Reading an image's pixels in the render tests: Pillow types `getpixel` for every band layout, the tests read RGB."""

from __future__ import annotations

from PIL import Image


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The bands of one pixel of a multi-band (RGB, RGBA) image."""
    value = image.getpixel(xy)
    assert isinstance(value, tuple), (image.mode, value)
    return value


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel's bands of a multi-band image, row by row."""
    data = list(image.get_flattened_data())
    assert all(isinstance(p, tuple) for p in data), image.mode
    return data  # type: ignore[return-value]  # checked just above: tuples only


def levels(image: Image.Image) -> list[int]:
    """Every pixel's value of a one-band (L) image, row by row."""
    data = list(image.get_flattened_data())
    assert all(isinstance(p, int) for p in data), image.mode
    return data  # type: ignore[return-value]  # checked just above: whole numbers only
