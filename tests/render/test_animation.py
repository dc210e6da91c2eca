"""The match GIF: decodes, one frame per board (sampled when long), timings, size cap, faithful pixels."""

from __future__ import annotations

import io
import random
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import RENDERERS, render_board
from render.animation import LAST_FRAME_MS, render_gif, sample
from render.kit import PAPER
from rules import GAMES

NAMES = ["ada", "bob"]


def cintos_views(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """Public views of the first `count` positions of a random Cintos game."""
    game = GAMES["cintos"]
    state = game.setup(2, {})
    rng = random.Random(seed)
    views = [game.view(state, None)]
    while len(views) < count and not game.is_over(state):
        (seat,) = game.actors(state)
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        views.append(game.view(state, None))
    return views


def frames(gif: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    out = []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        out.append((image.convert("RGB"), image.info["duration"]))
    return out


def wrong_pixels(a: Image.Image, b: Image.Image) -> int:
    """Pixels that differ visibly (the shared palette moves colours by less than this)."""
    return ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0).histogram()[255]


def board(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """The board as a frame shows it: as wide as the frame, on paper to the frame's height (boards grow a little
    as the words under them do)."""
    full = Image.open(io.BytesIO(render_board(view, NAMES, 7))).convert("RGB")
    scaled = full.resize((size[0], round(full.height * size[0] / full.width)), Image.Resampling.LANCZOS)
    frame = Image.new("RGB", size, PAPER)
    frame.paste(scaled, (0, 0))
    return frame


def test_one_frame_per_board_a_second_each_the_last_held() -> None:
    views = cintos_views(8)
    gif = render_gif(views, NAMES, 7)
    shown = frames(gif)
    assert len(shown) == 8
    assert [ms for _, ms in shown] == [1000] * 7 + [LAST_FRAME_MS]
    assert Image.open(io.BytesIO(gif)).info.get("loop") == 0
    width, height = shown[0][0].size
    assert width == 600 and 700 < height < 1000  # boards are portrait: phone first
    # Each decoded frame (drawn over the previous one) is its own board, not a neighbour's.
    for k in (0, 4, 7):
        assert wrong_pixels(shown[k][0], board(views[k], (width, height))) < 50
        assert wrong_pixels(shown[k][0], board(views[k - 1 if k else 1], (width, height))) > 1000


def test_long_matches_are_sampled_evenly_keeping_first_and_last() -> None:
    picks = sample(531, 120)
    assert len(picks) == 120 and picks[0] == 0 and picks[-1] == 530
    gaps = {b - a for a, b in pairwise(picks)}
    assert gaps <= {4, 5}
    assert sample(7, 120) == list(range(7))

    views = cintos_views(30)
    shown = frames(render_gif(views, NAMES, 7, max_frames=4))
    assert len(shown) == 4
    size = shown[0][0].size
    assert wrong_pixels(shown[0][0], board(views[0], size)) < 50
    assert wrong_pixels(shown[-1][0], board(views[-1], size)) < 50


def test_size_cap_drops_frames_until_it_fits() -> None:
    views = cintos_views(8)
    full = render_gif(views, NAMES, 7)
    half = render_gif(views, NAMES, 7, max_frames=4)
    assert len(half) < len(full)
    capped = render_gif(views, NAMES, 7, max_bytes=(len(full) + len(half)) // 2)
    assert len(capped) < (len(full) + len(half)) // 2
    assert len(frames(capped)) == 4  # 8 frames were too many: half of them (first and last kept) fit


def test_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(ValueError, match="at least one"):
        render_gif([], NAMES)
    with pytest.raises(ValueError, match="no board images"):
        render_gif([{"game": "chess"}], NAMES)


def test_boards_of_different_heights_share_one_canvas(monkeypatch: pytest.MonkeyPatch) -> None:
    views = cintos_views(3)
    real = RENDERERS["cintos"]

    def taller_each_turn(view: dict[str, Any], names: Any, match_id: int | None = None) -> bytes:
        image = Image.open(io.BytesIO(real(view, names, match_id)))
        grown = Image.new("RGB", (image.width, image.height + 40 * view["turn"]), "white")
        grown.paste(image, (0, 0))
        out = io.BytesIO()
        grown.save(out, "PNG")
        return out.getvalue()

    monkeypatch.setitem(RENDERERS, "cintos", taller_each_turn)
    shown = frames(render_gif(views, NAMES, 7))
    assert len(shown) == 3 and len({image.size for image, _ in shown}) == 1
    grown = [Image.open(io.BytesIO(real(v, NAMES, 7))).height + 40 * v["turn"] for v in views]
    assert shown[0][0].height == max(round(h * 600 / 1000) for h in grown)  # the tallest board
