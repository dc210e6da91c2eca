"""An animated GIF of a match: its board images in order, downscaled, on one shared palette."""

from __future__ import annotations

import io
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from PIL import Image, ImageChops

from render import RENDERERS
from render.kit import PAPER

WIDTH = 600  # px; the boards are drawn ~1000 px wide, a chat preview shows ~400-550
FRAME_MS = 1000
LAST_FRAME_MS = 3000
MAX_FRAMES = 120
MAX_BYTES = 8_000_000  # Discord's smallest upload limit
PALETTE_SAMPLES = 6  # frames whose colours make the shared palette
CLEAR = 255  # the palette index kept for "as in the previous frame"
_SAME = [255] + [0] * 255  # a difference of 0 (unchanged pixel) becomes a full mask


def sample(count: int, limit: int) -> list[int]:
    """`limit` indexes spread evenly over range(count), always keeping the first and the last."""
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def _frame(view: dict[str, Any], names: Sequence[str], match_id: int | None, width: int) -> Image.Image:
    renderer = RENDERERS.get(view["game"])
    if renderer is None:
        raise ValueError(f"there are no board images for {view['game']} yet")
    image = Image.open(io.BytesIO(renderer(view, names, match_id))).convert("RGB")
    height = round(image.height * width / image.width)
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame (a strip of a few frames quantized together): no flicker, no local tables."""
    picks = [frames[i] for i in sample(len(frames), PALETTE_SAMPLES)]
    strip = Image.new("RGB", (sum(f.width for f in picks), max(f.height for f in picks)), "white")
    x = 0
    for f in picks:
        strip.paste(f, (x, 0))
        x += f.width
    return strip.quantize(CLEAR, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _same_size(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Frames on one canvas size (a board's panel may grow a little between turns), padded with paper."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    out = []
    for f in frames:
        if f.size != size:
            padded = Image.new("RGB", size, PAPER)
            padded.paste(f, (0, 0))
            f = padded
        out.append(f)
    return out


def _indexes(image: Image.Image) -> Image.Image:
    return Image.frombytes("L", image.size, image.tobytes())


def _encode(frames: Sequence[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    frames = _same_size(frames)
    palette = _palette(frames)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    # Every frame is drawn over the previous one (disposal 1); its unchanged pixels are made transparent, so the
    # long runs of one index compress to almost nothing (a third of the size of whole frames).
    deltas = [indexed[0]]
    for before, after in pairwise(indexed):
        unchanged = ImageChops.difference(_indexes(before), _indexes(after)).point(_SAME)
        delta = after.copy()
        delta.paste(CLEAR, mask=unchanged)
        deltas.append(delta)
    durations = [frame_ms] * (len(deltas) - 1) + [last_ms]
    out = io.BytesIO()
    deltas[0].save(out, "GIF", save_all=True, append_images=deltas[1:], duration=durations, loop=0, disposal=1,
                   transparency=CLEAR, optimize=False)
    return out.getvalue()


def render_gif(views: Sequence[dict[str, Any]], names: Sequence[str], match_id: int | None = None, *,
               width: int = WIDTH, max_frames: int = MAX_FRAMES, frame_ms: int = FRAME_MS,
               last_ms: int = LAST_FRAME_MS, max_bytes: int = MAX_BYTES) -> bytes:
    """The boards of `views` (in order) as a looping GIF: ~1 s a frame, the last held 3 s.

    Long matches are sampled evenly down to `max_frames` (first and last kept). If the file would exceed
    `max_bytes`, it is made again with half the frames, then narrower, until it fits.
    """
    if not views:
        raise ValueError("a GIF needs at least one board")
    rendered: dict[int, Image.Image] = {}
    while True:
        picks = sample(len(views), max_frames)
        for i in picks:
            if i not in rendered or rendered[i].width != width:
                rendered[i] = _frame(views[i], names, match_id, width)
        data = _encode([rendered[i] for i in picks], frame_ms, last_ms)
        if len(data) <= max_bytes or (max_frames <= 2 and width <= 200):
            return data
        if max_frames > 2:
            max_frames = max(2, len(picks) // 2)
        else:
            width = max(200, width * 3 // 4)


__all__ = ["render_gif", "sample"]
