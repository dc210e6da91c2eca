"""Every kind of image in every shipped language and the pseudo-locale (issue 40, item 5): no drawn word outside its
image or the width it was given, no word cut short unless it is a name, every word at the phone size of
design/boards.md (11 points on the image scaled to 400 px wide), and no cached part of an image kept from another
language (bench/image_words.py measures how much wider each language's words are, by hand)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

import pytest
from PIL import Image

import i18n
import tournament_rules
from render import RENDERERS, RULES_IMAGES
from render.analysis_graph import Moment, Series, render_graph
from render.bracket import bracket_image
from render.kit import INK, Canvas, seat_chips
from render.leaderboard import LeaderboardRow, leaderboard_png
from render.lettering import SCALE, font, text_width
from render.standings import standings_image
from rules import GAMES
from tests.render.drawn import clear_caches, unencoded
from tests.render.test_phone import allowed, positions
from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, double, elimination

LANGUAGES = [*i18n.shipped_codes(), i18n.PSEUDO]
PHONE_WIDTH, PHONE_POINTS = 400, 11  # design/boards.md: an image is about 400 points wide on a phone; 11 at least
# Names and titles the caller gives (players, events): long ones, as players choose them; they may be cut.
NAMES = ("Zoë Ångström-Łukasiewicz", "Владимир Соколовский", "山田太郎と花子さん", "🎲 Dicey the 🐉 Dragon",
         "Bartholomew Montgomery", "Wilhelmina")
TITLE = "Ludoteca Spring Cup"
GIVEN = (*NAMES, TITLE)


@dataclass
class Drawn:
    text: str
    size: float
    box: tuple[float, float, float, float]  # where its letters are, in final pixels
    room: float | None = None  # the width it was given (fit_text, paragraph), when the kit knows it
    cut: bool = False  # fit_text shortened it with an ellipsis


def letters_box(xy: tuple[float, float], text: str, size: float, anchor: str) -> tuple[float, float, float, float]:
    """The box the letters of `text` cover when drawn at `xy` with a Pillow `anchor`: its width from the font chain,
    its height from the main face's accented capitals and descenders (the pseudo-locale's tallest)."""
    width = text_width(text, size)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}.get(anchor[0], 0.0)
    _left, top, _right, bottom = font(round(size * SCALE)).getbbox("ÅÉÎgjý", anchor=anchor)
    return x, xy[1] + top / SCALE, x + width, xy[1] + bottom / SCALE


@contextmanager
def drawing() -> Iterator[list[Drawn]]:
    """Every string the drawing kit draws meanwhile, with its box and the width it was given."""
    seen: list[Drawn] = []
    text, fit_text, paragraph = Canvas.text, Canvas.fit_text, Canvas.paragraph
    given: list[tuple[float, bool]] = []  # the room of the fit_text or paragraph being drawn

    def spy_text(canvas: Canvas, xy: Any, shown: str, size: float, fill: Any = INK, anchor: str = "la") -> float:
        room, cut = given[-1] if given else (None, False)
        seen.append(Drawn(shown, size, letters_box(xy, shown, size, anchor), room, cut))
        return text(canvas, xy, shown, size, fill, anchor)

    def spy_fit(canvas: Canvas, xy: Any, wanted: str, size: float, max_width: float, *args: Any,
                **kwargs: Any) -> str:
        given.append((max_width, False))
        try:
            shown = fit_text(canvas, xy, wanted, size, max_width, *args, **kwargs)
        finally:
            given.pop()
        if shown != wanted:
            seen[-1].cut = True
            seen[-1].text = wanted
        return shown

    def spy_paragraph(canvas: Canvas, xy: Any, wanted: str, size: float, max_width: float, *args: Any,
                      **kwargs: Any) -> float:
        given.append((max_width, False))
        try:
            return paragraph(canvas, xy, wanted, size, max_width, *args, **kwargs)
        finally:
            given.pop()

    setattr(Canvas, "text", spy_text)  # noqa: B010 (spies for the time of one drawing)
    setattr(Canvas, "fit_text", spy_fit)  # noqa: B010
    setattr(Canvas, "paragraph", spy_paragraph)  # noqa: B010
    try:
        yield seen
    finally:
        setattr(Canvas, "text", text)  # noqa: B010
        setattr(Canvas, "fit_text", fit_text)  # noqa: B010
        setattr(Canvas, "paragraph", paragraph)  # noqa: B010


def is_given(text: str) -> bool:
    """A name or title the caller gave (cut as it must be), a part of one, or a text ending in one cut short
    ("von Zoë Ångström-Łu…": the name was cut, not the words around it)."""
    core = text.rstrip("…").strip()
    return any(core and (core in name or name in text or any(core.endswith(name[:k]) for k in range(4, len(name))))
               for name in GIVEN)


def problems(image: Image.Image, seen: list[Drawn], game: str) -> list[str]:
    found = []
    scale = PHONE_WIDTH / image.width
    for item in seen:
        x0, y0, x1, y1 = item.box
        if x0 < -1 or y0 < -1 or x1 > image.width + 1 or y1 > image.height + 1:
            found.append(f"outside the {image.width}x{image.height} image: {item.text!r} at "
                         f"({x0:.0f}, {y0:.0f})-({x1:.0f}, {y1:.0f})")
        if item.room is not None and x1 - x0 > item.room + 1:
            found.append(f"wider than its {item.room:.0f} px: {item.text!r} ({x1 - x0:.0f} px)")
        if (item.cut or item.text.endswith("…")) and not is_given(item.text):
            found.append(f"cut short: {item.text!r}")
        if item.size * scale < PHONE_POINTS and not allowed(game, item.text):
            found.append(f"{item.size * scale:.1f} points on a phone (under {PHONE_POINTS}): {item.text!r}")
    return found


# ---- every kind of image ---------------------------------------------------------------------------------------
@cache
def boards() -> dict[str, Callable[[], bytes]]:
    """Each game and player count: the public board in play and at its end, and a seat's private view in play."""
    kinds: dict[str, Callable[[], bytes]] = {}
    for name in sorted(GAMES):
        game = GAMES[name]
        for players in game.player_counts:
            _start, middle, end = positions(name, players, 3)
            names = list(NAMES[:players])
            hidden = game.view(middle, 0) != game.view(middle, None)  # a private view of its own
            for label, state, viewer in (("in play", middle, None), ("private view", middle, 0),
                                         ("game over", end, None)):
                if viewer is not None and not hidden:
                    continue
                kinds[f"{name} {players}p {label}"] = partial(RENDERERS[name], game.view(state, viewer), names, 1234)
    for name, rules in sorted(RULES_IMAGES.items()):
        kinds[f"{name} rules picture"] = rules
    return kinds


def event_images() -> dict[str, Callable[[], bytes]]:
    settings = tournament_rules.TournamentSettings("swiss", rounds=5)
    entrants = [tournament_rules.Entrant(i + 1, i, 0.0, dropped_after=2 if i == 3 else None) for i in range(8)]
    games = [tournament_rules.Game(r, (a, b), (1, 0) if (a + r) % 3 else (0.5, 0.5))
             for r in range(1, 6) for a, b in ((1, 2), (3, 5), (6, 7), (8, 4))]
    rows = tournament_rules.standings(settings, entrants, games)
    names = {i + 1: NAMES[i % len(NAMES)] for i in range(8)}
    seeds = {i: NAMES[i % len(NAMES)] for i in range(8)}
    single = elimination.view(TournamentSettings("elimination"), field(8),
                              [Game(1, (0, 7), (1.0, 0.0)), Game(1, (3, 4), (0.0, 1.0))])
    both = double.view(TournamentSettings("double-elimination"), field(4),
                       [Game(1, (0, 3), (1.0, 0.0)), Game(1, (1, 2), (1.0, 0.0))])
    board = [LeaderboardRow(i + 1, NAMES[i % len(NAMES)], f"{1700 - 7 * i}", 20, 10, 3, 7, provisional=i == 2,
                            highlight=i == 4) for i in range(12)]
    chips = seat_chips(2)
    series = [Series(NAMES[k], chips[k], [50.0 + (15 if k else -15) * (i % 5 - 2) / 2 for i in range(31)])
              for k in range(2)]
    return {
        "standings": lambda: standings_image(TITLE, rows, names, rounds=5),
        "standings with podium": lambda: standings_image(TITLE, rows, names, rounds=5, final=True),
        "bracket": lambda: bracket_image(TITLE, single, seeds),
        "double bracket": lambda: bracket_image(TITLE, both, seeds),
        "leaderboard": lambda: leaderboard_png(TITLE, "", board),
        "analysis graph": lambda: render_graph(TITLE, series, [Moment(5, 0, "?!"), Moment(12, 1, "??")],
                                               list(range(1, 32))),
    }


def every_kind() -> dict[str, Callable[[], bytes]]:
    return {**boards(), **event_images()}


def draw(kind: str, code: str) -> tuple[Image.Image, list[Drawn]]:
    clear_caches()
    with i18n.speaking(code), drawing() as seen, unencoded() as images:
        every_kind()[kind]()
    assert len(images) == 1, f"{kind}: {len(images)} images finished"
    return images[0], seen


KINDS = sorted(every_kind())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_image_keeps_its_words_whole_inside_and_readable_on_a_phone(code: str) -> None:
    found = {}
    for kind in KINDS:
        image, seen = draw(kind, code)
        assert seen, f"{kind}: nothing was written"
        game = kind.split()[0] if kind.split()[0] in GAMES else ""
        if wrong := problems(image, seen, game):
            found[kind] = wrong
    assert not found, "\n".join(f"{kind}: {'; '.join(wrong[:6])}" for kind, wrong in found.items())


@pytest.mark.parametrize("kind", [k for k in KINDS if "in play" in k or "rules" in k or k in ("standings", "bracket")])
def test_no_cached_part_of_an_image_keeps_another_languages_words(kind: str) -> None:
    """Drawn in English first and then in the pseudo-locale, an image is the one drawn in the pseudo-locale alone:
    a frame or picture cached in English would show English words in every language."""
    clear_caches()
    with i18n.speaking(i18n.ENGLISH):
        every_kind()[kind]()
    with i18n.speaking(i18n.PSEUDO):
        warm = every_kind()[kind]()  # the caches still hold what English drew
    clear_caches()
    with i18n.speaking(i18n.PSEUDO):
        cold = every_kind()[kind]()
    assert warm == cold, f"{kind}: a cached part of the image was drawn in another language"


def test_the_check_sees_a_word_outside_the_image_too_small_or_cut() -> None:
    """The checks above can fail: a word past the right edge, a paragraph past the bottom, one too small for a phone
    and one cut with an ellipsis are each reported."""
    def picture() -> bytes:
        canvas = Canvas(1000, 200)
        canvas.text((950, 20), "Overflowing", 30)
        canvas.text((20, 100), "tiny", 20)
        canvas.fit_text((20, 150), "A caption far too long for its room", 30, 120)
        canvas.paragraph((500, 100), "Unbreakable", 30, 60)
        return canvas.png()

    with drawing() as seen:
        image = Image.open(io.BytesIO(picture()))
    found = problems(image, seen, "")
    assert any("outside" in f and "Overflowing" in f for f in found), found
    assert any("points on a phone" in f and "tiny" in f for f in found), found
    assert any("cut short" in f and "A caption" in f for f in found), found
    assert any("outside" in f and "(500, 2" in f for f in found), found  # the paragraph's last lines, below
