"""The standings image: drawn from plain standings and names; leaders highlighted, withdrawn greyed, a podium."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

import tournament_rules
from render.kit import HIGHLIGHT, rgb
from render.standings import HEAD, ROW, standings_image
from tests.render.pixels import colour_at
from tournament_rules import Entrant, Game, TournamentSettings

SETTINGS = TournamentSettings("swiss", rounds=3)
ENTRANTS = [Entrant(1, 0, 0.0), Entrant(2, 1, 0.0), Entrant(3, 2, 0.0, dropped_after=2), Entrant(4, 3, 0.0),
            Entrant(5, 4, 0.0)]
GAMES = [Game(1, (1, 3), (1, 0)), Game(1, (2, 4), (0.5, 0.5)), Game(1, (5,), (1,), played=False),
         Game(2, (1, 5), (1, 0)), Game(2, (2, 3), (1, 0)), Game(2, (4,), (1,), played=False),
         Game(3, (1, 2), (0.5, 0.5)), Game(3, (4, 5), (0, 1), played=False)]
NAMES = {1: "ada", 2: "bob", 3: "cy", 4: "di", 5: "eve"}


def image(**kwargs: object) -> Image.Image:
    rows = tournament_rules.standings(SETTINGS, ENTRANTS, GAMES)
    png = standings_image("Cintos Swiss · 3 rounds", rows, NAMES, rounds=3, **kwargs)  # type: ignore[arg-type]
    assert len(png) < 250_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(a: object, b: tuple[int, int, int]) -> bool:
    """Within the PNG palette's rounding."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 3  # type: ignore[call-overload]


def test_leader_row_is_highlighted_and_the_withdrawn_row_is_not() -> None:
    picture = image()
    assert picture.width == 1000
    first_row = HEAD + 12 + ROW + ROW // 2  # below the column headings
    last_row = first_row + 4 * ROW
    assert near(colour_at(picture, (300, first_row)), rgb(HIGHLIGHT))
    assert not near(colour_at(picture, (300, last_row)), rgb(HIGHLIGHT))


def test_final_adds_a_podium_above_the_table() -> None:
    plain, final = image(), image(final=True)
    assert final.height > plain.height + 200
    assert final.width == plain.width == 1000


def test_the_podium_wears_the_place_colours_and_leaves_the_withdrawn_off() -> None:
    from render.kit import PLACES
    from render.standings import PODIUM, PODIUM_H, STEP_W, podium

    rows = tournament_rules.standings(SETTINGS, ENTRANTS, GAMES)
    # The leader withdraws: off the podium, and the places close up behind them (second stands on the first step).
    top = [replace(rows[0], withdrawn=True, place=None),
           *(replace(r, place=None if r.place is None else r.place - 1) for r in rows[1:])]
    steps = podium(top)
    assert all(not s.withdrawn for _, who in steps for s in who)
    assert [(place, [s.entrant for s in who]) for place, who in steps][:1] == [(1, [rows[1].entrant])]
    assert [place for place, _ in podium(rows)] == [1, 2, 3]
    picture = image(final=True)
    left = (1000 - 3 * STEP_W) / 2
    base = HEAD + 12 + PODIUM_H - 16
    for i, (place, height) in enumerate(PODIUM):
        pixel = colour_at(picture, (round(left + i * STEP_W + 30), round(base - height / 2)))
        assert near(pixel, rgb(PLACES[place])), place


def test_shared_places_show_as_shared_on_the_table_the_podium_and_the_text() -> None:
    """Issue 41.4: an eight-player knockout without a third-place match: the semi-finals' losers share 3rd–4th (both
    on the 3rd step), the quarter-finals' 5th–8th, in the image's # column and the text table."""
    from render.standings import podium, standings_text
    from tests.render.test_phone import text_sizes
    from tests.tournament_rules.helpers import field
    from tests.tournament_rules.test_shared_places import knockout

    settings = TournamentSettings("elimination")
    rows = tournament_rules.standings(settings, field(8), knockout(settings, 8))
    assert [(place, sorted(s.entrant for s in who)) for place, who in podium(rows)] == [(1, [0]), (2, [1]), (3, [2, 3])]
    names = {i: f"player {i}" for i in range(8)}
    title = "Cintos Elimination · 3 rounds or more · 24 h per move"
    with text_sizes() as seen:
        png = standings_image(title, rows, names, rounds=3, final=True)
    drawn = [text for text, _ in seen]
    assert drawn.count("3–4") == 2 and drawn.count("5–8") == 4
    assert drawn.count("player 2") == drawn.count("player 3") == 2  # the 3rd step (a line each) and the table
    assert not any("…" in text for text in drawn)  # the title wraps: nothing cut, '24 h per move' whole
    assert "24 h per move" in drawn
    assert Image.open(io.BytesIO(png)).width == 1000
    lines = standings_text(rows, names).splitlines()
    assert [line.split()[0] for line in lines[1:]] == ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]
