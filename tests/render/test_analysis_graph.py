"""The analysis graph (render/analysis_graph.py): every side's line in its seat's colour with its own dash and marker
shape, the key moments' badges, a key, phone-sized text; and a key moment's two boards stacked."""

from __future__ import annotations

import io

from PIL import Image

from render.analysis_graph import BADGES, DASHES, HEIGHT, PAIR_WIDTH, WIDTH, Moment, Series, render_graph, render_pair
from render.kit import Canvas, rgb, seat_chips
from tests.render.pixels import colour_at, pixels


def near(colour: tuple[int, ...], target: str, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], rgb(target), strict=True))


def test_every_side_is_drawn_in_its_colour_with_its_own_dash_and_the_key_moments_are_marked() -> None:
    chips = seat_chips(4)
    series = [Series(f"Player {k + 1}", chips[k], [25.0 + 10 * k] * 31) for k in range(4)]
    png = render_graph("Sinoda · match #7 · winning chances", series, [Moment(5, 0, "?!"), Moment(12, 1, "?"),
                                                                        Moment(20, 2, "??")], list(range(1, 31)))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    seen = pixels(image)
    for chip in chips:
        assert sum(near(p, chip.fill) for p in seen) > 200, chip  # each line, markers and key chip in its colour
    for fill in BADGES.values():
        assert sum(near(p, fill, 4) for p in seen) > 30, fill  # each kind of badge
    assert len({DASHES[k] for k in range(4)}) == 4  # four sides, four dash patterns
    # along the flat lines: the solid one is unbroken, the dashed one has gaps of paper
    x0, x1 = 80, 700
    for k, solid in ((0, True), (1, False)):
        y = round(70 + (460 - 70 - 96) * (1 - (25 + 10 * k) / 100))
        hits = [near(colour_at(image, (x, y)), chips[k].fill, 40) for x in range(x0, x1)]
        share = sum(hits) / len(hits)  # markers and badges sit on the lines too
        assert share > 0.93 if solid else 0.3 < share < 0.85, (k, share)


def test_a_key_moment_stacks_its_two_boards_at_a_phone_s_width() -> None:
    def board(fill: str) -> bytes:
        canvas = Canvas(1024, 700, fill)
        return canvas.png()

    png = render_pair(board("#0F3C96"), board("#9C2C26"), "Played: a1-a2 ??", "Better: b1-b2")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width <= PAIR_WIDTH + 24 and image.height > 2 * 700 * PAIR_WIDTH / 1024
    assert near(colour_at(image, (image.width // 2, image.height // 4)), "#0F3C96")  # played above
    assert near(colour_at(image, (image.width // 2, image.height * 3 // 4)), "#9C2C26")  # better below
