"""Sakamichi and Sanae in every language (issue 40): every word their boards, private views, rules pictures and text
boards show comes from the catalogs (the pseudo-locale marks each one), and nothing drawn is cut or runs off the
image in any shipped language, Japanese included (it breaks lines between characters)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import i18n
import render.sakamichi.board
import render.sakamichi.rules_picture
import render.sanae.board
import render.sanae.rules_picture
from render import RULES_IMAGES, alt_text, render_board, text_board
from render.kit import text_width
from render.lettering import ELLIPSIS, wrap
from render.panels import SMALL
from rules import GAMES
from tests.render.drawn import Placed, placing

NAMES = ("Adalbertine Wolkenstein-Oberhausen", "Björn")
OURS = tuple(str(Path(str(module.__file__)).parent) for module in (render.sakamichi.board, render.sanae.board))
SHIPPED = [code for code in i18n.shipped_codes() if code != i18n.ENGLISH]
# What the pseudo-locale makes of a letter: any of these in a string shows it came through a catalog.
PSEUDO_MARK = re.compile(r"[\u00c0-\u024f\u1e00-\u1eff\u0180-\u01ff\[\]]")
# Notation and the like, the same in every language: tiles, cells, layout letters, numbers, the lines' names and
# ends as typed, option values, the seats' notation.
NOTATION = re.compile(
    r"\b(?:[wb][0-6](?:b[0-6])?|[RB][1-4]\.\d\d|C[1-3]|[RBC]|[VKQWDCLNAF]|\d+[VKQWDCLNAF]?|W\d+|B\d+|WHITE|BLACK|"
    r"white|black|up|down|advanced|basic|plus-or-minus|same-or-plus|P[12]|R|E|S|z|x\d+|×\d+|[RB][?a-zA-Z])\b")


def drawn() -> AbstractContextManager[list[Placed]]:
    """Every string drawn meanwhile, these games' caches cleared first so cached frames and rules pictures are drawn
    again."""
    return placing(render.sanae.board._frame, render.sakamichi.rules_picture.rules_picture,
                   render.sanae.rules_picture.rules_picture, render.sakamichi.board._ghost_width)


def _ours(seen: list[Placed]) -> list[Placed]:
    """What these games' own modules asked for (the first file up the stack is theirs)."""
    return [d for d in seen if d.callers and d.callers[0].startswith(OURS)]


def play(game: str, plies: int, seed: int, options: dict[str, str] | None = None) -> Any:
    """A position `plies` actions into a random game (Sanae set up with the classic layout)."""
    rules = GAMES[game]
    rng = random.Random(seed)
    state = rules.setup(2, options or {})
    for _ply in range(plies):
        if rules.is_over(state):
            break
        chance = rules.chance_outcomes(state)
        if chance:
            actions, weights = zip(*chance, strict=True)
            state = rules.apply(state, rng.choices(actions, weights)[0], None)
            continue
        seat = sorted(rules.actors(state))[0]
        if game == "sanae" and state.phase == "setup":
            typed = "layout preset classic" if state.setup[seat] == "empty" else "ready"
            state = rules.apply(state, rules.parse(state, typed, seat), seat)
            continue
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)), seat)
    return state


# (game, plies, seed, options): an opening with hidden hands, a game in full swing, a finished one.
POSITIONS = [("sakamichi", 6, 5, {}), ("sakamichi", 40, 3, {}), ("sakamichi", 400, 1, {"mode": "basic"}),
             ("sanae", 3, 2, {}), ("sanae", 60, 2, {}), ("sanae", 3000, 4, {})]


def _board(game: str, state: Any, seat: int | None) -> bytes:
    return render_board(GAMES[game].view(state, seat), NAMES, 42)


def every_picture(game: str) -> Iterator[Callable[[], object]]:
    """What one game draws: its board in every position, public and each seat's, its rules picture."""
    for name, plies, seed, options in POSITIONS:
        if name != game:
            continue
        state = play(game, plies, seed, options)
        for seat in (None, 0, 1):  # the view made in the language spoken, as the bot makes it where it shows it
            yield partial(_board, game, state, seat)
    yield RULES_IMAGES[game]


def _without_names(text: str) -> str:
    """`text` without the players' names, whole or cut with an ellipsis."""
    for name in NAMES:
        text = text.replace(name, " ")
    return re.sub(r"Adalbertine[^…]*…", " ", text)


def _english_left(text: str) -> list[str]:
    """Latin words of `text` that are neither notation nor a player's name: words that should have been translated."""
    return re.findall(r"[A-Za-z]{2,}", NOTATION.sub(" ", _without_names(text)))


@pytest.mark.parametrize("game", ["sakamichi", "sanae"])
def test_every_word_drawn_comes_from_the_catalogs(game: str) -> None:
    """Under the pseudo-locale each string these games draw (board, private views, rules picture) is accented:
    only names and notation stay as they are."""
    with i18n.speaking(i18n.PSEUDO), drawn() as seen:
        for picture in every_picture(game):
            picture()
    ours = _ours(seen)
    assert len(ours) > 100
    english = sorted({d.text for d in ours if not PSEUDO_MARK.search(d.text) and _english_left(d.text)})
    assert english == []
    # words of both kinds of text were drawn: the board's and the rules picture's (its title by the shared title bar)
    words = {d.text for d in seen}
    pseudo = i18n.language(i18n.PSEUDO)
    if game == "sakamichi":
        assert pseudo._("{game}: the rules", game="Sakamichi") in words
        assert any(pseudo.ngettext("{n} row", "{n} rows", 2) == w for w in words)
    else:
        assert pseudo._("RED (R)") in words
        assert pseudo._("{game}: the rules", game="Sanae") in words


@pytest.mark.parametrize("game", ["sakamichi", "sanae"])
def test_the_text_board_and_alt_text_come_from_the_catalogs(game: str) -> None:
    for name, plies, seed, options in POSITIONS:
        if name != game:
            continue
        state = play(game, plies, seed, options)
        for seat in (None, 0):
            with i18n.speaking(i18n.PSEUDO):
                view = GAMES[game].view(state, seat)
                board = text_board(view, NAMES, 42)
                alt = alt_text(view, NAMES, 42)
            english = text_board(GAMES[game].view(state, seat), NAMES, 42)
            assert board != english
            # Every line of the game's own words is accented (the grid's rows are notation: R4 . . F).
            for line in board.strip("`\n").split("\n"):
                if _english_left(line) and not PSEUDO_MARK.search(line):
                    pytest.fail(f"{game}: {line!r} in the text board is English\n{board}")
            assert PSEUDO_MARK.search(alt)


@pytest.mark.parametrize("code", [i18n.ENGLISH, *SHIPPED, i18n.PSEUDO])
@pytest.mark.parametrize("game", ["sakamichi", "sanae"])
def test_nothing_drawn_is_cut_or_off_the_image(game: str, code: str) -> None:
    """In each language every string these games draw keeps all its words (no ellipsis but a long name's) and
    lies inside the image's width."""
    with i18n.speaking(code), drawn() as seen:
        for picture in every_picture(game):
            picture()
    ours = _ours(seen)
    cut = sorted({d.text for d in ours if ELLIPSIS in _without_names(d.text)})
    assert cut == []
    outside = []
    for d in ours:
        width = text_width(d.text, d.size)
        x0 = d.xy[0] - {"l": 0, "m": width / 2, "r": width}.get(d.anchor[0], 0)
        if x0 < -0.5 or x0 + width > d.width + 0.5:
            outside.append((d.text, round(x0), round(x0 + width), d.width))
    assert outside == []


@pytest.mark.parametrize("code", [*SHIPPED, i18n.PSEUDO])
def test_an_open_end_is_as_wide_as_its_words(code: str) -> None:
    """Sakamichi's dashed boxes hold 'closed' and '1 or 3' at the smallest legible size in every language."""
    with i18n.speaking(code):
        room = render.sakamichi.board.ghost_width() - 10 - 8
        for words in (i18n._("closed"), i18n._("{a} or {b}", a=1, b=3)):
            assert text_width(words, SMALL) <= room, (code, words)


def test_japanese_wraps_between_characters_and_keeps_notation_whole() -> None:
    """Japanese has no spaces: a paragraph wraps between its characters, never before a closing mark, and a run of
    notation (`w1b4`) stays on one line."""
    text = "各ラインはサイコロから始まります。W3 は w1b4 + w2 で、白の目だけを数えます(数えない半分は薄く表示)。"
    lines = wrap(text, SMALL, 300)
    assert len(lines) > 2 and "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(text_width(line, SMALL) <= 300 for line in lines)
    assert not any(line.startswith(("。", "、", ")")) for line in lines)
    assert any("w1b4" in line for line in lines)
    assert wrap("hello world this is a test", SMALL, 200) == ["hello world", "this is a test"]  # as before
