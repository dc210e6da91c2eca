"""The images can draw every shipped language: each character of every catalog's translations (Japanese kana and
kanji, the accents of French, German, Spanish and Portuguese, the pseudo-locale's letters) has a face in the font
chain and is drawn as a real glyph, never as a font's notdef box (tofu)."""

from __future__ import annotations

import unicodedata

import pytest

from i18n import LANGUAGES, PSEUDO_LANGUAGE, Shipped
from i18n.catalogs import po_path, read
from render.fonts import FACES, face_of
from render.kit import safe_text
from tests.render.test_fonts import alike, drawn, inked, notdef_boxes


def characters(shipped: Shipped) -> list[str]:
    """Every letter, digit and symbol the catalog's translations use (spaces, marks and controls aside)."""
    found: set[str] = set()
    for message in read(po_path(shipped), shipped.babel):
        if message.id:
            forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
            found.update(ch for form in forms for ch in unicodedata.normalize("NFC", form))
    return sorted(ch for ch in found if unicodedata.category(ch)[0] in "LNPS")


@pytest.mark.parametrize("shipped", [*LANGUAGES[1:], PSEUDO_LANGUAGE], ids=lambda s: s.code)
def test_every_character_of_a_catalog_is_drawn_as_a_real_glyph(shipped: Shipped) -> None:
    chars = characters(shipped)
    assert len(chars) > 60
    text = "".join(chars)
    assert safe_text(text) == text  # nothing transliterated or replaced by "?"
    boxes = notdef_boxes()
    tofu = []
    for ch in chars:
        glyph = inked(drawn(ch))
        if glyph is None and unicodedata.category(ch)[0] in "LN":
            tofu.append(f"{ch!r} draws nothing")
        elif glyph is not None and any(alike(glyph, box) for box in boxes):
            tofu.append(f"{ch!r} is drawn as a notdef box")
    assert tofu == []


def test_japanese_is_drawn_by_the_cjk_face() -> None:
    chars = characters(LANGUAGES[-1])
    assert LANGUAGES[-1].code == "ja"
    kana_kanji = [ch for ch in chars if unicodedata.name(ch).startswith(("CJK", "HIRAGANA", "KATAKANA"))]
    assert len(kana_kanji) > 200
    cjk = next(i for i, face in enumerate(FACES) if face.name == "Noto Sans CJK JP")
    assert {face_of(ch) for ch in kana_kanji} == {cjk}
