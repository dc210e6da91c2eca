"""The shared drawing kit: colours, text safety and fitting, the supersampled canvas, panels and PNG encoding."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render.kit import (
    BLUE,
    GREEN,
    INK,
    LAST_MOVE,
    PALETTE,
    PAPER,
    RED,
    SCALE,
    SEAT_COLOURS,
    WHITE,
    YELLOW,
    Canvas,
    chip,
    contrast,
    cut_name,
    encode_png,
    first_fitting,
    fit,
    font,
    mix,
    rgb,
    safe_text,
    seat_chips,
    swatch,
    text_width,
    wrap,
)
from render.panels import (
    CARD_FILL,
    CARD_HEIGHT,
    HEADER_HEIGHT,
    PanelRow,
    cards_height,
    display_names,
    header,
    reason_line,
    seat_cards,
    status_line,
)
from tests.render.pixels import colour_at, count_near, levels, pixels


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# ---- colours ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "fill"), [("red", RED), ("Yellow", YELLOW), ("BLUE", BLUE),
                                            ("green", GREEN), ("black", "#000000"), ("white", WHITE),
                                            ("#00FF00", GREEN), ("crimson", RED)])
def test_colour_names_map_to_the_palette(name: str, fill: str) -> None:
    assert swatch(name).fill == fill


@pytest.mark.parametrize("fill", [*PALETTE.values(), WHITE])
def test_text_colour_reads_on_every_fill(fill: str) -> None:
    s = swatch(fill)
    assert s.text in (WHITE, INK)
    assert contrast(s.text, fill) >= 3.0


def test_dark_fills_take_white_text_and_light_fills_ink() -> None:
    assert swatch("blue").text == WHITE and swatch("black").text == WHITE
    assert swatch("yellow").text == INK and swatch("white").text == INK


def test_chips_carry_a_letter_or_number() -> None:
    assert chip("red").label == "R"
    assert chip("blue", "b").label == "B"
    chips = seat_chips(6)
    assert [c.label for c in chips] == ["1", "2", "3", "4", "5", "6"]
    assert [c.fill for c in chips] == list(SEAT_COLOURS)
    assert len({c.shape for c in chips}) == 6  # and a shape each
    assert chip("red").shape == "circle" and chip("blue").shape == "square"


def test_mix() -> None:
    assert mix("#FF0000", "#000000", 0.5) == "#800000"
    assert mix(BLUE, PAPER, 0) == PAPER.upper()
    assert mix(BLUE, PAPER, 1) == BLUE


# ---- text ------------------------------------------------------------------------------------------------------
def test_cut_name_counts_user_perceived_characters() -> None:
    assert cut_name("Alice") == "Alice"
    assert cut_name("Sixteen chars ok") == "Sixteen chars ok"
    assert cut_name("Bartholomew the Magnificent") == "Bartholomew the…"
    assert len(cut_name("x" * 40)) == 16
    assert cut_name("  two   spaces ") == "two spaces"
    assert cut_name("abcdefghij", 6) == "abcde…"
    assert cut_name("abcdefghij", None) == "abcdefghij"
    # A letter with its combining accent, a family emoji and a flag each count as one character, never split.
    assert cut_name("e\u0301" * 20) == "e\u0301" * 15 + "…"
    family = "👩\u200d👩\u200d👧"
    assert cut_name(family * 20) == family * 15 + "…"
    assert cut_name("🇯🇵" * 20) == "🇯🇵" * 15 + "…"


def test_cut_name_puts_the_ellipsis_at_the_cut_end_of_right_to_left_names() -> None:
    arabic = "عبد الرحمن بن محمد الشمري"
    cut = cut_name(arabic)
    # The ellipsis follows the kept letters and a right-to-left mark keeps it on their side: the left, where an
    # Arabic name is cut (it reads from the right).
    assert cut == arabic[:15].rstrip() + "…\u200f"
    assert cut_name("Ada " + arabic, 8) == "Ada عبد…\u200f"
    assert cut_name(arabic + " Ada", 30).endswith("Ada")


def test_cut_name_by_width_keeps_whole_characters_and_fits() -> None:
    for name in ("Bartholomew Featherstonehaugh", "山田太郎と花子さんと一緒", "Владимир Соколовский"):
        cut = cut_name(name, size=20, width=120)
        assert text_width(cut, 20) <= 120 and cut.endswith("…")
        assert name.startswith(cut[:-1])
    assert cut_name("Ada", size=20, width=120) == "Ada"
    assert cut_name("Bartholomew the Magnificent", 16, 20, 1000) == "Bartholomew the…"  # the count still cuts


def test_safe_text_keeps_what_the_fonts_can_draw() -> None:
    assert safe_text("Match #12 · 3…") == "Match #12 · 3…"
    assert safe_text("Chloé Müller") == "Chloé Müller"  # no transliteration: the fonts have the accents
    assert safe_text("Chloe\u0301") == "Chloé"  # decomposed accents are composed
    assert safe_text("a—b → c ✓") == "a—b → c ✓"
    assert safe_text("🙂 Dmitri") == "🙂 Dmitri"
    assert safe_text("张伟") == "张伟"
    assert safe_text("𝐀𝐥𝐢𝐜𝐞") == "Alice"  # styled letters from the maths block read as letters
    assert safe_text("\ue000 Ann \U0001fae9") == "Ann"  # private-use and unknown symbols are dropped
    assert safe_text("ᏣᎳᎩ") == "???"  # a script no face carries: one '?' per letter, never a box


def test_fonts_are_cached_per_size() -> None:
    assert font(20) is font(20)
    assert font(20) is not font(24)
    assert font(40).size == 40


def test_fit_and_wrap_stay_within_the_width() -> None:
    text = "Victory by Numbers captures every piece in the area"
    cut = fit(text, 18, 150)
    assert cut.endswith("…") and text_width(cut, 18) <= 150
    assert fit("short", 18, 150) == "short"
    lines = wrap(text, 18, 200)
    assert len(lines) > 1
    assert all(text_width(line, 18) <= 200 for line in lines)
    assert " ".join(lines) == text
    assert wrap("one\ntwo", 18, 500) == ["one", "two"]


def test_first_fitting() -> None:
    assert first_fitting(["a much longer option here", "short"], 16, 60) == "short"
    assert first_fitting(["fits", "x"], 16, 200) == "fits"
    assert first_fitting(["way too long", "still too long"], 16, 40).endswith("…")


# ---- canvas ----------------------------------------------------------------------------------------------------
def test_canvas_draws_at_twice_the_size_and_finishes_at_final_size() -> None:
    c = Canvas(100, 60)
    assert c.image.size == (100 * SCALE, 60 * SCALE)
    c.rect((10, 10, 30, 30), fill=BLUE)
    out = c.finish()
    assert out.size == (100, 60)
    assert colour_at(out, (20, 20)) == rgb(BLUE)
    assert colour_at(out, (5, 5)) == rgb(PAPER)
    # Boxes end where they are said to: the pixel at x=30 is outside.
    assert colour_at(out, (30, 20)) == rgb(PAPER)
    assert colour_at(out, (29, 20)) == rgb(BLUE)


def test_outline_is_drawn_inside_its_box() -> None:
    c = Canvas(60, 60)
    c.outline((10, 10, 50, 50), LAST_MOVE, 4)
    out = c.finish()
    assert colour_at(out, (10, 30)) == rgb(LAST_MOVE)
    assert colour_at(out, (13, 30)) == rgb(LAST_MOVE)
    assert colour_at(out, (14, 30)) == rgb(PAPER)
    assert colour_at(out, (9, 30)) == rgb(PAPER)
    assert colour_at(out, (49, 30)) == rgb(LAST_MOVE)
    assert colour_at(out, (50, 30)) == rgb(PAPER)


def test_the_last_move_mark_is_a_thick_black_frame_with_a_white_core_inside_its_box() -> None:
    c = Canvas(60, 60, background=BLUE)
    c.mark((10, 10, 50, 50), 7)
    out = c.finish()
    assert colour_at(out, (10, 30)) == rgb(LAST_MOVE) and colour_at(out, (11, 30)) == rgb(LAST_MOVE)
    assert colour_at(out, (13, 30)) == rgb(WHITE)  # the core: black alone could pass for an ink rim
    assert colour_at(out, (16, 30)) == rgb(LAST_MOVE)
    assert colour_at(out, (9, 30)) == rgb(BLUE) and colour_at(out, (18, 30)) == rgb(BLUE)


@pytest.mark.parametrize("shape", ["circle", "square", "triangle", "diamond", "cross", "triangle-down"])
def test_every_shape_draws_its_own_outline_about_the_size_of_the_circle(shape: str) -> None:
    def inked(name: str) -> set[tuple[int, int]]:
        c = Canvas(80, 80, background=WHITE)
        c.token((40, 40), 20, INK, name, outline=None)
        out = c.finish()
        return {(x, y) for x in range(80) for y in range(80) if colour_at(out, (x, y))[0] < 128}

    mine = inked(shape)
    circle = inked("circle")
    assert 0.6 < len(mine) / len(circle) < 1.6
    if shape != "circle":
        assert len(mine ^ circle) > 150  # a different outline, not a circle with a new name


@pytest.mark.parametrize(("centre", "fill", "outline"), [
    ((40, 40), RED, INK),  # inside
    ((3, 77), RED, INK),  # running off two edges
    ((40, 40), (200, 30, 30, 120), (0, 0, 0, 160)),  # translucent, blended
    ((200, 200), RED, INK),  # wholly off the image
])
def test_a_wide_outline_drawn_on_its_patch_has_the_pixels_of_pillows_whole_image_mask(
        centre: tuple[float, float], fill: Any, outline: Any) -> None:
    from PIL import ImageDraw

    points = [(centre[0] + dx, centre[1] + dy) for dx, dy in ((-17.3, 9.6), (0.4, -19.2), (16.8, 10.1), (2.2, 4.7))]
    c = Canvas(80, 80, background=WHITE)
    c.polygon(points, fill=fill, outline=outline, width=2.5)
    pillow = Image.new("RGB", (80 * SCALE, 80 * SCALE), WHITE)
    ImageDraw.Draw(pillow, "RGBA" if isinstance(fill, tuple) else None).polygon(
        [(x * SCALE, y * SCALE) for x, y in points], fill=fill, outline=outline, width=round(2.5 * SCALE))
    assert c.image.tobytes() == pillow.tobytes()


def test_wash_is_translucent() -> None:
    c = Canvas(40, 40, background=BLUE)
    c.wash((0, 0, 20, 40), WHITE, 0.5)
    out = c.finish()
    washed, plain = colour_at(out, (10, 20)), colour_at(out, (30, 20))
    assert plain == rgb(BLUE)
    assert all(p < w < 255 for p, w in zip(plain, washed, strict=True))


def test_edges_are_smoothed() -> None:
    c = Canvas(60, 60, background=WHITE)
    c.circle((30, 30), 20, fill="#000000", outline=None)
    out = c.finish().convert("L")
    values = set(levels(out))
    assert 0 in values and 255 in values
    assert any(0 < v < 255 for v in values)  # anti-aliased rim


def test_primitives_leave_marks() -> None:
    blank = Canvas(200, 120).finish().tobytes()
    draws = [
        lambda c: c.text((10, 10), "Hello", 20),
        lambda c: c.fit_text((10, 10), "A long line that will not fit", 20, 60),
        lambda c: c.paragraph((10, 10), "Several words to wrap over lines", 16, 80),
        lambda c: c.polygon([(10, 10), (60, 10), (30, 50)], fill=BLUE),
        lambda c: c.line([(10, 10), (100, 50)], INK, 3),
        lambda c: c.dashed_line((10, 10), (190, 10), INK, 2),
        lambda c: c.dashed_rect((10, 10, 100, 100), INK, 2),
        lambda c: c.arrow((10, 60), (120, 60), LAST_MOVE, 6),
        lambda c: c.cross((50, 50), 16),
        lambda c: c.disc((50, 50), 20, RED, "R", WHITE),
        lambda c: c.chip((50, 50), 14, chip("green")),
        lambda c: c.rect((10, 10, 90, 60), fill=WHITE, outline=INK, width=2, radius=8),
    ]
    results = set()
    for draw in draws:
        c = Canvas(200, 120)
        draw(c)
        out = c.finish().tobytes()
        assert out != blank
        results.add(out)
    assert len(results) == len(draws)


def test_dashed_line_has_gaps() -> None:
    c = Canvas(200, 20, background=WHITE)
    c.dashed_line((0, 10), (200, 10), "#000000", 2, dash=8, gap=6)
    row = levels(c.finish().convert("L").crop((0, 10, 200, 11)))
    assert row.count(255) > 50 and sum(1 for v in row if v < 100) > 80


def test_paste_places_a_cached_layer() -> None:
    layer = Canvas(10, 10, background=BLUE).image
    c = Canvas(40, 40)
    c.paste(layer, (20, 20))
    out = c.finish()
    assert colour_at(out, (25, 25)) == rgb(BLUE)
    assert colour_at(out, (15, 15)) == rgb(PAPER)


# ---- header and panel --------------------------------------------------------------------------------------------
def view(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {"game": "test", "players": 3, "seat_names": ["Red", "Blue", "Green"],
                               "actors": [1], "turn": 4, "scores": [1, 2, 3], "outcome": None, "last": None}
    return {**base, **changes}


NAMES = ["Alice", "Bob", "Carol"]


def test_display_names() -> None:
    v = view()
    assert display_names(v, ["Alice", "Bartholomew the Magnificent", ""]) == ["Alice", "Bartholomew the…", "Green"]
    assert display_names(v, ["Alice"]) == ["Alice", "Blue", "Green"]


def test_status_line() -> None:
    assert status_line(view(), NAMES) == ([1], "Bob", "to move")
    assert status_line(view(actors=[0, 2]), NAMES) == ([0, 2], "Alice & Carol", "to act")
    assert status_line(view(actors=[]), NAMES) == ([], "Turn 5", "")
    won = {"winners": [2], "scores": None, "reason": "total victory"}
    # The header has only the headline; why is under the board, where there is room for a sentence at 28 px.
    assert status_line(view(actors=[], outcome=won), NAMES) == ([2], "Carol wins", "")
    assert reason_line(view(actors=[], outcome=won), NAMES) == "Total victory."
    assert reason_line(view(), NAMES) == ""
    shared = {"winners": [0, 1], "scores": None, "reason": "quiet limit"}
    assert status_line(view(outcome=shared), NAMES)[:2] == ([0, 1], "Alice & Bob win")  # a shared win, not a draw
    drawn: dict[str, Any] = {"winners": [], "scores": None, "reason": "threefold repetition"}
    assert status_line(view(outcome=drawn), NAMES)[:2] == ([], "Drawn")
    everyone = {"winners": [0, 1, 2], "scores": None, "reason": "quiet limit"}
    assert status_line(view(outcome=everyone), NAMES)[:2] == ([], "Drawn")


def test_header_shows_the_turn_holder_or_the_result() -> None:
    chips = seat_chips(3)

    def draw(v: dict[str, object], match_id: int | None = 5) -> Image.Image:
        c = Canvas(1000, 100)
        assert header(c, v, NAMES, "Test", chips, match_id) == HEADER_HEIGHT
        return c.finish().crop((0, 0, 1000, HEADER_HEIGHT))

    running, other, done = draw(view()), draw(view(actors=[2])), draw(view(outcome={"winners": [0], "reason": "x"}))
    assert len({running.tobytes(), other.tobytes(), done.tobytes()}) == 3
    assert draw(view(), None).tobytes() != running.tobytes()  # the match number is shown

    def has(image: Image.Image, colour: str) -> bool:
        return any(all(abs(a - b) <= 10 for a, b in zip(p, rgb(colour), strict=True))
                   for p in pixels(image))

    assert has(running, chips[1].fill) and not has(running, chips[0].fill)
    assert has(done, chips[0].fill) and not has(done, chips[1].fill)


def test_seat_cards_go_two_to_a_row_and_mark_the_active_one() -> None:
    c = Canvas(1000, 400)
    rows = [PanelRow(chip("red"), "Alice", "4 pieces", active=True),
            PanelRow(chip("blue"), "Bob", "eliminated", out=True), PanelRow(chip("green"), "Carol", value="7")]
    bottom = seat_cards(c, 20, 10, 960, rows)
    assert bottom == 10 + cards_height(3) == 10 + 2 * CARD_HEIGHT + 12
    out = c.finish()
    assert colour_at(out, (400, 20)) == rgb(WHITE)  # the active card, left
    assert colour_at(out, (900, 20)) == rgb(CARD_FILL)  # the second card, right of it
    assert colour_at(out, (400, 10 + CARD_HEIGHT + 30)) == rgb(CARD_FILL)  # the third, on the next row
    assert colour_at(out, (900, 10 + CARD_HEIGHT + 30)) == rgb(PAPER)


# ---- encoding ----------------------------------------------------------------------------------------------------
def test_flat_drawings_encode_as_small_palette_pngs() -> None:
    c = Canvas(1000, 800)
    for i in range(8):
        c.disc((100 + i * 100, 400), 40, SEAT_COLOURS[i % len(SEAT_COLOURS)], str(i), WHITE)
    data = encode_png(c.finish())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = decode(data)
    assert image.mode == "P"
    assert image.size == (1000, 800)
    assert len(data) < 250_000
    # The palette keeps the colours: the disc's fill survives exactly enough.
    assert all(abs(a - b) <= 6 for a, b in zip(colour_at(image.convert("RGB"), (72, 400)), rgb(SEAT_COLOURS[0]),
                                               strict=True))


def test_photographic_images_stay_in_full_colour() -> None:
    rng = random.Random(3)
    noise = Image.frombytes("RGB", (80, 80), bytes(rng.randrange(256) for _ in range(80 * 80 * 3)))
    image = decode(encode_png(noise))
    assert image.mode == "RGB"
    assert image.tobytes() == noise.tobytes()
    assert decode(encode_png(noise, optimize=True)).tobytes() == noise.tobytes()


def test_the_tests_pixel_counter_agrees_with_a_count_pixel_by_pixel() -> None:
    image = Image.frombytes("RGB", (64, 48), random.Random(5).randbytes(64 * 48 * 3))
    for colour, tolerance in (((120, 130, 140), 60), ((0, 0, 0), 90), (RED, 100), ((255, 255, 255, 9), 200)):
        target = rgb(colour) if isinstance(colour, str) else colour[:3]
        slow = sum(all(abs(a - b) <= tolerance for a, b in zip(p, target, strict=True)) for p in pixels(image))
        assert count_near(image, colour, tolerance) == slow > 0
