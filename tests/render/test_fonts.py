"""Names in every script: real glyphs through the font chain, missing emoji dropped, long names cut to fit."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from render.kit import SCALE, Canvas, cut_name, fit, safe_text, text_width
from render.panels import display_names
from tests.render.pixels import levels

SAMPLES = {
    "latin accents": "Zoë Ångström-Łukasz",
    "cyrillic": "Иван Петров",
    "greek": "Σωκράτης",
    "arabic": "محمد علي",
    "hebrew": "דוד",
    "chinese": "张伟",
    "japanese": "山田太郎",
    "korean": "김민준",
    "emoji": "🎲 🐉",
}
UNASSIGNED = "\u0378"  # unassigned (and not default-ignorable): what a face draws for it is its notdef box


def drawn(text: str, size: float = 24) -> Image.Image:
    """`text` drawn by the kit, at the kit's drawing scale, black on white."""
    canvas = Canvas(420, 60, "#FFFFFF")
    canvas.text((10, 30), text, size, "#000000", anchor="lm")
    return canvas.image.convert("L")


def inked(image: Image.Image) -> Image.Image | None:
    """`image` cropped to its ink, or None when nothing is drawn."""
    bbox = ImageChops.invert(image).getbbox()
    return None if bbox is None else image.crop(bbox)


def alike(a: Image.Image, b: Image.Image) -> bool:
    if a.size != b.size:
        return False
    diff = ImageChops.difference(a, b)
    return sum(i * n for i, n in enumerate(diff.histogram())) / (a.width * a.height) < 8


def notdef_boxes(size: float = 24) -> list[Image.Image]:
    """What every face of the chain draws for a code point it lacks, at the kit's drawing size."""
    from render.fonts import FACES, face_font

    out = []
    for face in range(len(FACES)):
        image = Image.new("L", (200, 120), 255)
        ImageDraw.Draw(image).text((20, 60), UNASSIGNED, font=face_font(face, round(size * SCALE)), fill=0)
        box = inked(image)
        if box is not None:
            out.append(box)
    return out


@pytest.mark.parametrize("script", SAMPLES)
def test_every_script_draws_real_glyphs(script: str) -> None:
    text = SAMPLES[script]
    assert safe_text(text) == text  # nothing transliterated, nothing turned into "?"
    assert inked(drawn(text)) is not None
    question = inked(drawn("?"))
    boxes = notdef_boxes()
    assert boxes, "every face draws some notdef box"
    for ch in text.replace(" ", ""):
        glyph = inked(drawn(ch))
        assert glyph is not None, f"{ch!r} draws nothing"
        assert question is not None and not alike(glyph, question), f"{ch!r} is drawn as '?'"
        assert not any(alike(glyph, box) for box in boxes), f"{ch!r} is drawn as a notdef box"


def test_an_emoji_no_font_carries_is_dropped_without_a_box() -> None:
    missing = "\U0001fae9"  # newer than the emoji font (face with bags under the eyes)
    assert safe_text(f"Ann {missing}") == "Ann"
    assert text_width(missing, 20) == 0
    assert text_width(f"Ann{missing}", 20) == text_width("Ann", 20)
    assert inked(drawn(missing)) is None
    assert drawn(f"Ann {missing}").tobytes() == drawn("Ann").tobytes()


def _columns(image: Image.Image) -> list[int]:
    w, h = image.size
    values = levels(image)
    return [sum(255 - values[y * w + x] for y in range(h)) for x in range(w)]


def _distance(a: list[int], b: list[int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def test_arabic_reads_right_to_left_with_joined_letters() -> None:
    # Joined letters take other shapes, and widths, than the same letters drawn apart.
    assert text_width("محمد", 24) != sum(text_width(ch, 24) for ch in "محمد")
    # The first word of "محمد علي" stands at the right end of the line.
    line, first = inked(drawn("محمد علي")), inked(drawn("محمد"))
    assert line is not None and first is not None and line.width > first.width
    word = _columns(first)
    right = _columns(line.crop((line.width - first.width, 0, line.width, line.height)))
    left = _columns(line.crop((0, 0, first.width, line.height)))
    assert _distance(right, word) * 3 < _distance(left, word)


@pytest.mark.parametrize("name", ["Bartholomew Featherstonehaugh the Third", "山田太郎山田太郎山田太郎山田太郎",
                                  "محمد علي محمد علي محمد علي", "WWWWWWWWWWWWWWWW", "🎲 Dicey 🐉 Dicey 🐉 Dicey 🐉"])
def test_long_names_are_cut_with_an_ellipsis_to_fit(name: str) -> None:
    cut = fit(name, 20, 150)
    assert cut.rstrip("\u200f").endswith("…") and cut != name  # a right-to-left cut ends in a right-to-left mark
    assert text_width(cut, 20) <= 150


def test_display_names_cut_by_characters_and_images_fit_them_by_width() -> None:
    wide, narrow = display_names({"players": 2}, ["山田太郎" * 4 + "山", "Al"])
    assert wide == "山田太郎" * 3 + "山田太…" and narrow == "Al"  # 16 characters, the ellipsis one of them
    assert display_names({"players": 1}, ["山田太郎" * 4 + "山"], 32) == ["山田太郎" * 4 + "山"]
    # Where an image has less room, the same cutter cuts by width: CJK is twice as wide as Latin.
    fitted = cut_name(wide, size=20, width=text_width("Bartholomew the…", 20))
    assert fitted.endswith("…") and len(fitted) < len(wide)


@pytest.fixture
def basic_layout(monkeypatch: pytest.MonkeyPatch):
    """Pillow without libraqm: the basic layout engine everywhere (caches cleared before and after)."""
    from PIL import ImageFont

    import render.fonts
    import render.lettering

    def clear() -> None:
        lettering = render.lettering
        for cached in (render.fonts.face_font, lettering.runs, lettering._run_widths, lettering._font):
            cached.cache_clear()

    clear()
    monkeypatch.setattr(render.fonts, "LAYOUT", ImageFont.Layout.BASIC)
    monkeypatch.setattr(render.lettering, "RAQM", False)
    yield
    monkeypatch.undo()
    clear()


@pytest.mark.usefixtures("basic_layout")
def test_without_libraqm_right_to_left_words_still_read_in_order() -> None:
    from render.lettering import runs

    assert runs("محمد علي") == ((3, "يلع دمحم", True),)  # letters drawn right to left, unjoined
    assert runs("Ann ❤️") == ((0, "Ann ", False), (2, "❤", False))  # no variation selector to draw as a box
    boxes = notdef_boxes()
    for ch in "محمد":
        glyph = inked(drawn(ch))
        assert glyph is not None and not any(alike(glyph, box) for box in boxes)


def test_a_cut_right_to_left_name_shows_its_ellipsis_at_the_cut_left_end() -> None:
    from render.lettering import runs

    cut = fit("محمد علي محمد علي محمد علي", 20, 150)
    assert text_width(cut, 20) <= 150
    drawn_runs = runs(f"{cut} wins")
    assert drawn_runs[0][1].startswith("…")  # leftmost: where the right-to-left name was cut
    assert drawn_runs[1][1].startswith("محمد")
    assert drawn_runs[-1][1] == " wins"
    assert runs(fit("Bartholomew Featherstonehaugh", 20, 150))[-1][1].endswith("…")


def test_display_names_keep_their_own_characters_for_words() -> None:
    # Names also go into alt text and messages: shortened to the width, never transliterated or stripped.
    assert display_names({"players": 1}, ["Zoë 🫩"]) == ["Zoë 🫩"]


def test_a_name_nothing_of_which_can_be_drawn_gives_way_to_the_seat_name() -> None:
    assert display_names({"players": 2, "seat_names": ["Red", "Blue"]}, ["\U0001fae9\U0001fae9", "\ue000"]) == [
        "Red", "Blue"]
