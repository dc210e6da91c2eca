"""The analysis graph (render/analysis_graph.py): every side's line in its seat's colour with its own dash and marker
shape, the key moments' badges, a key, phone-sized text; and a key moment's two boards stacked."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

import i18n
import render
from i18n import _
from render.analysis_graph import (
    BADGES,
    BOTTOM,
    DASHES,
    HEIGHT,
    KEY_ROW,
    LEFT,
    PAIR_WIDTH,
    TOP,
    WIDTH,
    Moment,
    Series,
    render_graph,
    render_pair,
)
from render.kit import Canvas, rgb, seat_chips
from render.lettering import ELLIPSIS
from rules import GAMES
from tests.render.drawn import Drawn
from tests.render.pixels import colour_at, count_near


def near(colour: tuple[int, ...], target: str, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], rgb(target), strict=True))


def test_every_side_is_drawn_in_its_colour_with_its_own_dash_and_the_key_moments_are_marked() -> None:
    chips = seat_chips(4)
    series = [Series(f"Player {k + 1}", chips[k], [25.0 + 10 * k] * 31) for k in range(4)]
    png = render_graph("Sinoda · match #7 · winning chances", series, [Moment(5, 0, "?!"), Moment(12, 1, "?"),
                                                                        Moment(20, 2, "??")], list(range(1, 31)))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    for chip in chips:
        assert count_near(image, chip.fill) > 200, chip  # each line, markers and key chip in its colour
    for fill in BADGES.values():
        assert count_near(image, fill, 4) > 30, fill  # each kind of badge
    assert len({DASHES[k] for k in range(4)}) == 4  # four sides, four dash patterns
    # along the flat lines: the solid one is unbroken, the dashed one has gaps of paper
    x0, x1 = LEFT + 16, 700
    for k, solid in ((0, True), (1, False)):
        y = round(TOP + (HEIGHT - TOP - BOTTOM) * (1 - (25 + 10 * k) / 100))
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



# ---- in every language (issue 40) ----------------------------------------------------------------------------------
LANGUAGES = i18n.shipped_codes(pseudo=True)
NAMES = ["Ada", "Bartholomew", "Cy", "Di"]


def analysis_graph(game_name: str, players: int) -> bytes:
    """A 60-move analysis of a real game's seats, worded as /analysis show words it (the seats' names, the title
    and legend in the language spoken), with every kind of key moment."""
    game = GAMES[game_name]
    state = game.setup(players, {})
    chips = render.SEAT_CHIPS[game_name](game.view(state, None))
    series = [Series(_("{name} ({seat})", name=NAMES[k], seat=game.seat_name(state, k)), chips[k],
                     [50 + 30 * (-1) ** (k + p // 7) * (p % 7) / 7 for p in range(61)]) for k in range(players)]
    moments = [Moment(5, 0, "?!"), Moment(20, 1, "?"), Moment(40, 0, "??"), Moment(60, 1, "??")]
    title = _("{game} · match #{id} · winning chances", game=game.title, id=12345)
    return render_graph(title, series, moments, list(range(3, 183, 3)), _("?! inaccuracy · ? mistake · ?? blunder"))


def moment_pair() -> bytes:
    """A key moment's two boards under their captions, as /analysis show's Key moments words them."""
    board = Canvas(1024, 700).png()
    return render_pair(board, board, _("Played: {move} {symbol}", move="R3.03-R4.12", symbol="??"),
                       _("Better: {move}", move="R3.03-R2.11"))


SCENES = {"two seats": lambda: analysis_graph("cintos", 2), "four seats": lambda: analysis_graph("sinoda", 4),
          "key moment": moment_pair}
KEPT = re.compile(r"[^\s,;:()·]*\d[^\s,;:()·]*|\b(?:Ada|Bartholomew|Cy|Di|Cintos|Sinoda)\b")


@pytest.mark.parametrize("scene", SCENES)
def test_the_pseudo_locale_reaches_every_word_of_the_graph(drawn: list[Drawn], scene: str) -> None:
    """Under en-XA every word drawn is pseudo-localized: the title, the legend, the axis's "start" and its title,
    the key's seat names, the captions (a plain English word was never translated)."""
    with i18n.speaking(i18n.PSEUDO):
        SCENES[scene]()
    words = [d.text for d in drawn if d.text.strip()]
    assert len(words) >= 2
    left = {text: re.findall(r"[A-Za-z]{2,}", KEPT.sub(" ", text)) for text in words}
    assert {text: found for text, found in left.items() if found} == {}
    assert any(re.search(r"[À-ž]", text) for text in words)


@pytest.mark.parametrize("code", LANGUAGES)
def test_nothing_is_clipped_or_cut_in_any_language(drawn: list[Drawn], cuts: list[tuple[str, str]],
                                                    code: str) -> None:
    """Each language's words inside their image and whole: none past an edge, none cut short to fit (a key too
    wide for one row takes a second one)."""
    with i18n.speaking(code):
        for make in SCENES.values():
            make()
    assert len(drawn) > 40
    outside = [(d.text, d.span(), d.width) for d in drawn if d.span()[0] < -0.5 or d.span()[1] > d.width + 0.5]
    assert outside == []
    assert [d.text for d in drawn if d.text.endswith(ELLIPSIS)] == []
    assert cuts == []


def test_the_graph_speaks_german_and_its_key_takes_two_rows_when_one_is_too_narrow(drawn: list[Drawn]) -> None:
    with i18n.speaking("de"):
        two = Image.open(io.BytesIO(analysis_graph("cintos", 2)))
        four = Image.open(io.BytesIO(analysis_graph("sinoda", 4)))
    words = {d.text for d in drawn}
    assert {"Start", "Sinoda · Partie #12345 · Gewinnchancen",
            "?! Ungenauigkeit · ? Fehler · ?? grober Fehler"} <= words
    assert "100 %" in {d.text.replace("\xa0", " ") for d in drawn}  # a percentage as German writes it
    assert two.size == (WIDTH, HEIGHT)
    assert four.size == (WIDTH, HEIGHT + KEY_ROW)  # "Bartholomew (Blau)" and "Cy (Gelb)" no longer share a row


def test_every_word_of_the_graph_reads_on_a_phone(drawn: list[Drawn]) -> None:
    """At least 28 px for every 1,000 px of the image's width (tests/render/test_phone.py's rule: about 11 points on
    a phone showing it 400 points wide), in the language with the smallest glyphs and the longest words alike."""
    for code in ("ja", i18n.PSEUDO):
        with i18n.speaking(code):
            analysis_graph("sinoda", 4)
    small = {(d.text, round(d.size * 1000 / d.width, 1)) for d in drawn if d.size * 1000 / d.width < 28}
    assert small == set() and len(drawn) > 40
