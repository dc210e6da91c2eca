"""Sinoda, Cintos and Bodsoi in every language (issue 40): every word their boards (public and private views), rules
pictures, text boards and alt texts show comes from the catalogs (the pseudo-locale marks each one); Japanese draws
with the CJK face and its text board keeps to 40 columns. That nothing drawn runs off, is cut short or falls under the
phone size in any language is tests/render/test_images_every_language.py's, for every game's images at once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from functools import partial
from typing import Any

import pytest

import i18n
import render.bodsoi.board
import render.cintos.board
import render.sinoda.board
from render import RULES_IMAGES, alt_text, render_board, text_board
from render.fonts import FACES
from render.kit import text_width
from render.lettering import runs, wrap
from render.panels import SMALL
from render.words import WIDTH, columns
from rules import GAMES
from tests.render.drawn import Placed, placing
from tests.render.test_phone import positions

NAMES = ("Adalbertine Wolkenstein-Oberhausen", "Björn", "山田太郎と花子さん", "Wilhelmina")
OURS = ("render/sinoda/", "render/cintos/", "render/bodsoi/", "render/words.py", "render/describe.py")
SHIPPED = [code for code in i18n.shipped_codes() if code != i18n.ENGLISH]
PSEUDO_MARK = re.compile(r"[\u00c0-\u024f\u1e00-\u1eff\[\]]")  # what the pseudo-locale makes of letters
# The same in every language: cells, squares, moves, tiles, rotations, seat letters and team numerals, compass
# points of Cintos' territories, the games' own names, commands and option values.
NOTATION = re.compile(
    r"^(?:[a-h]\d{1,2}(?:[-x][a-h]\d{1,2})?[+-]?|[a-h]|[CS]-(?:su|mo|st|le|wa)-(?:su|mo|st|le|wa)|"
    r"[RBYGPO]\d?|[BY][12]|I{1,3}|NW|NE|SE|SW|Sinoda|Cintos|Bodsoi|pass|place|tile|square|rotation|bodsoi|"
    r"fixed-axes|symbol|draw|resign|first|>?[│─└┌┐┘][SMTLW?][smtlw?]|[<>*]?[.A-Z]?|R3|su|mo|st|le|wa)$")
TOKEN = re.compile(r"[^\s,.;:()·=+\-–—/|#…→←×°!?0-9<>*]+(?:-[^\s,.;:()·=+/|#…]+)*")


def untranslated(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    """The words of `text` that show no sign of the pseudo-locale: not a name, not notation, not a number."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    if PSEUDO_MARK.search(text) and text.strip().startswith("["):
        return []  # one pseudo-localized message (its fields may hold notation)
    words = []
    for token in TOKEN.findall(text):
        if PSEUDO_MARK.search(token) or NOTATION.match(token) or any(token in name for name in names):
            continue
        words.append(token)
    return words


def drawn() -> AbstractContextManager[list[Placed]]:
    """Every string drawn meanwhile; the games' caches are cleared first, so cached frames and sprites are drawn
    again in the language spoken."""
    return placing(render.sinoda.board._frame, render.sinoda.board.piece_sprite, render.cintos.board._frame,
                   render.bodsoi.board._board_base, render.bodsoi.board.tile_image)


def ours(placed: Placed) -> bool:
    """Asked for by these games' modules (or the shared words), not by a diagram's sprite cache."""
    return any(part in caller for caller in placed.callers for part in OURS)


CASES = [("sinoda", 2, 1), ("sinoda", 4, 2), ("sinoda", 6, 3), ("cintos", 2, 4), ("cintos", 4, 5), ("bodsoi", 2, 6),
         ("bodsoi", 4, 7)]


def _views(code: str) -> Iterator[tuple[str, dict[str, Any], tuple[str, ...]]]:
    """(game, view, names) of each case's positions, public and (Bodsoi) private, the views made in `code`."""
    for name, players, seed in CASES:
        game = GAMES[name]
        for state in positions(name, players, seed):
            with i18n.speaking(code):
                yield name, game.view(state, None), NAMES[:players] if players <= len(NAMES) else \
                    (*NAMES, *(f"P{i}" for i in range(len(NAMES), players)))
                if name == "bodsoi":
                    yield name, game.view(state, 0), NAMES[:players]


def _images(code: str) -> Iterator[tuple[str, Callable[[], bytes]]]:
    for name, view, names in _views(code):
        yield f"{name} board", partial(render_board, view, names, 12)
    for name in ("sinoda", "cintos", "bodsoi"):
        yield f"{name} rules", RULES_IMAGES[name]


def test_every_word_drawn_is_pseudo_localized() -> None:
    leaks: dict[str, set[str]] = {}
    for kind, draw in _images(i18n.PSEUDO):
        with i18n.speaking(i18n.PSEUDO), drawn() as seen:
            draw()
        for d in seen:
            words = untranslated(d.text)
            if words and ours(d):
                leaks.setdefault(kind, set()).add(f"{d.text!r} ({', '.join(words)})")
        assert any(PSEUDO_MARK.search(d.text) for d in seen), f"{kind}: no pseudo-localized word at all"
    assert not leaks, "\n".join(f"{kind}: {sorted(found)[:8]}" for kind, found in leaks.items())


def test_japanese_draws_with_the_cjk_face() -> None:
    cjk = next(i for i, face in enumerate(FACES) if "CJK" in face.name)
    with i18n.speaking("ja"), drawn() as seen:
        RULES_IMAGES["sinoda"]()
    japanese = [d.text for d in seen if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", d.text)]
    assert japanese, "no Japanese drawn"
    for text in japanese:
        faces = {face for face, _chunk, _rtl in runs(text) if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", _chunk)}
        assert faces == {cjk}, f"{text!r} drawn with {faces}"


@pytest.mark.parametrize("code", [*SHIPPED, i18n.PSEUDO])
def test_text_boards_and_alt_texts_in_every_language(code: str) -> None:
    for name, view, names in _views(code):
        with i18n.speaking(code):
            board, alt = text_board(view, names, 12), alt_text(view, names, 12)
        lines = board.split("\n")[1:-1]
        assert all(columns(line) <= WIDTH for line in lines), [line for line in lines if columns(line) > WIDTH]
        if code == i18n.PSEUDO:
            leaks = [line for line in lines if untranslated(line)]
            assert not leaks, f"{name} text board: {leaks}"
            assert not untranslated(alt), f"{name} alt text: {untranslated(alt)}: {alt}"
        elif code == "de":
            assert "Zug" in board and "Brett" in alt, (board, alt)
        elif code == "ja":
            assert "手目" in board and "盤" in alt, (board, alt)


def test_a_word_wider_than_a_line_is_broken_across_lines_not_cut() -> None:
    """A long compound, a long run without spaces or the pseudo-locale's padding keeps every letter (it was cut with
    an ellipsis: the Bodsoi rules picture lost the end of its paragraph under en-XA)."""
    for word in ("Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen" * 2, "·" * 200):
        lines = wrap(word, SMALL, 300)
        assert len(lines) > 1 and "".join(lines) == word, lines
        assert all(text_width(line, SMALL) <= 300 for line in lines)
