"""Reading an image's pixels in the render tests: Pillow types `getpixel` for every band layout, the tests read RGB."""

from __future__ import annotations

from PIL import Image, ImageChops

from render.kit import rgb


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


def count_near(image: Image.Image, colour: str | tuple[int, ...], tolerance: int = 12) -> int:
    """How many pixels have each of R, G and B within `tolerance` of `colour`'s (an alpha band is not compared):
    counted by Pillow a band at a time, since a board has a million pixels to look at."""
    target = rgb(colour) if isinstance(colour, str) else tuple(colour[:3])
    marks = [band.point([255 if abs(value - wanted) <= tolerance else 0 for value in range(256)])
             for band, wanted in zip(image.convert("RGB").split(), target, strict=True)]
    both = ImageChops.multiply(ImageChops.multiply(marks[0], marks[1]), marks[2])  # 255 only where all three are
    return both.histogram()[255]
