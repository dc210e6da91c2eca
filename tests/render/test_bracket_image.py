"""The bracket image (render/bracket.py): boxes where the layout puts them, the side that went through tinted with
a stripe, the winner's line in ink and the line of a match not played yet faint; both brackets of a double."""

from __future__ import annotations

import io

from PIL import Image

from render.bracket import BOX_H, BOX_W, GAP_X, GAP_Y, HEAD, HEADING, LABEL, ROW_H, WON, bracket_image
from render.kit import BORDER, INK, MAX_PNG_BYTES, WHITE, rgb
from render.panels import MARGIN, SMALL
from tests.render.pixels import colour_at
from tests.render.test_phone import text_sizes
from tests.tournament_rules.helpers import field
from tournament_rules import Game, TournamentSettings, double, elimination

NAMES = {0: "ada", 1: "bob", 2: "cy", 3: "dee"}
TOP = HEAD + 8 + HEADING + LABEL  # the first box's top: under the title strip and the column headings


def picture(png: bytes) -> Image.Image:
    assert len(png) <= MAX_PNG_BYTES
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(pixel: object, colour: str, tolerance: int = 6) -> bool:
    return max(abs(a - b) for a, b in zip(pixel, rgb(colour), strict=True)) <= tolerance  # type: ignore[call-overload]


def test_a_four_player_bracket_after_the_semi_finals() -> None:
    settings = TournamentSettings("elimination")
    games = [Game(1, (0, 3), (1.0, 0.0)), Game(1, (1, 2), (0.0, 1.0))]  # seeds 1-4 and 2-3: 1 and 3 go through
    view = elimination.view(settings, field(4), games)
    semi, final = view.sections[0].columns
    assert [(b.top.entrant, b.bottom.entrant, b.state) for b in semi.boxes] == [(0, 3, "done"), (1, 2, "done")]
    assert [(final.boxes[0].top.entrant, final.boxes[0].bottom.entrant, final.boxes[0].state)] == [(0, 2, "ready")]
    image = picture(bracket_image("Cintos Elimination", view, NAMES))
    x0 = MARGIN
    assert near(colour_at(image, (round(x0 + BOX_W - 40), TOP + ROW_H // 2)), WON)  # ada went through: tinted
    assert near(colour_at(image, (round(x0 + BOX_W - 40), TOP + ROW_H + ROW_H // 2)), WHITE)  # dee did not
    # the connector from the first semi-final runs in ink; the final has no result yet, so nothing leaves it
    mid = round(x0 + BOX_W + GAP_X / 2)
    assert near(colour_at(image, (mid, TOP + BOX_H // 2 + 8)), INK, 40)
    assert image.width == 1000


def test_a_match_not_decided_feeds_a_faint_line() -> None:
    view = elimination.view(TournamentSettings("elimination"), field(4), [Game(1, (0, 3), (1.0, 0.0))])
    image = picture(bracket_image("Cintos Elimination", view, NAMES))
    second = TOP + BOX_H + GAP_Y + LABEL  # the second semi-final's top
    mid = round(MARGIN + BOX_W + GAP_X / 2)
    column = [colour_at(image, (mid, y)) for y in range(second, second + BOX_H)]
    assert any(near(p, BORDER, 12) for p in column) and not any(near(p, INK, 30) for p in column)


def test_double_elimination_draws_both_brackets_and_the_grand_final() -> None:
    settings = TournamentSettings("double-elimination")
    view = double.view(settings, field(4), [Game(1, (0, 3), (1.0, 0.0)), Game(1, (1, 2), (1.0, 0.0))])
    assert [s.title for s in view.sections] == ["Winners' bracket", "Losers' bracket"]
    assert [c.heading for c in view.sections[0].columns] == ["Winners' semi-finals", "Winners' final", "Grand final"]
    assert [c.heading for c in view.sections[1].columns] == ["Losers' round 1", "Losers' round 2"]
    (first_losers,) = view.sections[1].columns[0].boxes
    assert (first_losers.top.entrant, first_losers.bottom.entrant, first_losers.state) == (3, 2, "ready")
    waiting = view.sections[1].columns[1].boxes[0].bottom
    assert waiting.entrant is None and waiting.waiting == "loser WF·1"
    image = picture(bracket_image("Cintos Double elimination", view, NAMES))
    knockout = elimination.view(TournamentSettings("elimination"), field(4), [])
    single = picture(bracket_image("Cintos Elimination", knockout, NAMES))
    assert image.height > single.height + 150  # a second bracket below the first


def test_a_bracket_reads_on_a_phone_and_shows_its_latest_rounds() -> None:
    """1,000 px wide, every word at least 28 px; sixteen players' first round gives way to the latest three."""
    import random

    from tournament_rules import finished, pair_round
    settings = TournamentSettings("double-elimination")
    entrants = field(16)
    games: list[Game] = []
    rng = random.Random(4)
    for r in range(1, 40):
        if games and finished(settings, entrants, games):
            break
        games += [Game(r, g.entrants, rng.choice([(1.0, 0.0), (0.0, 1.0)])) for g in pair_round(settings, entrants,
                                                                                              games, r)]
    view = double.view(settings, entrants, games)
    names = {e.id: "Zoë Ångström-Łukasiewicz" if e.id % 2 else "山田太郎と花子さん" for e in entrants}
    with text_sizes() as seen:
        image = picture(bracket_image("Sanae Double elimination · 8 rounds", view, names, "champion: Zoë"))
    assert image.width == 1000
    small = [(text, size) for text, size in seen if size < SMALL and text.strip()]
    assert small == []
    headings = {text for text, _ in seen}
    assert "Round 1" not in headings and "Grand final" in headings and "Losers' round 6" in headings


def test_a_known_winner_is_carried_on_before_the_round_is_over() -> None:
    """Issue 41.4: Ada has won the first semi-final while the second is still played: the final's box names her (her
    line leads to her name, not to 'winner SF·1'); the other side is still awaited, and the third place's box names
    the first semi-final's loser."""
    settings = TournamentSettings("elimination", third_place=True)
    games = [Game(1, (0, 7), (1.0, 0.0)), Game(1, (3, 4), (1.0, 0.0)), Game(1, (1, 6), (1.0, 0.0)),
             Game(1, (2, 5), (1.0, 0.0)), Game(2, (0, 3), (1.0, 0.0)), Game(2, (1, 2), None)]
    view = elimination.view(settings, field(8), games)
    final, third = view.sections[0].columns[2].boxes
    assert (final.top.entrant, final.top.seed) == (0, 1)
    assert (final.bottom.entrant, final.bottom.waiting) == (None, "winner SF·2")
    assert (third.label, third.top.entrant, third.bottom.waiting) == ("3rd place", 3, "loser SF·2")
    names = {i: f"p{i}" for i in range(8)}
    names[0] = "Ada"
    with text_sizes() as seen:
        bracket_image("Cintos Elimination", view, names)
    # the latest two rounds are shown: Ada in her semi-final and in the final, nowhere a placeholder for her
    assert sum(text == "Ada" for text, _ in seen) == 2 and not any("winner SF·1" in text for text, _ in seen)


def grand_final_reached(count: int = 8) -> tuple[list, list[Game]]:
    """A double elimination played by the better seed winning up to its grand final (not played yet)."""
    from tournament_rules import pair_round

    settings = TournamentSettings("double-elimination")
    entrants = field(count)
    games: list[Game] = []
    for r in range(1, 2 * count):
        new = pair_round(settings, entrants, games, r)
        if any(len(g.entrants) == 2 and set(g.entrants) == {0, 1} and r > 3 for g in new):
            return entrants, games + new  # the grand final, being played
        games += [Game(r, g.entrants, (1.0, 0.0)) if g.points is None else g for g in new]
    raise AssertionError("no grand final")


def test_a_line_joins_the_losers_final_to_the_grand_final() -> None:
    """Issue 41.4: the losers' final's winner goes on to the grand final: a line in the gutter right of both."""
    from render.bracket import JOIN, SECTION
    from render.panels import title_strip
    from tournament_rules import double

    entrants, games = grand_final_reached()
    view = double.view(TournamentSettings("double-elimination"), entrants, games)
    final = view.sections[0].columns[-1].boxes[0]
    assert final.from_next_section and final.state == "ready"
    image = picture(bracket_image("Cintos Double elimination", view, {e.id: f"p{e.id}" for e in entrants}))
    lane = round(MARGIN + 2 * BOX_W + GAP_X + JOIN / 2 + 2)
    top = title_strip(None, "Cintos Double elimination") + 8 + SECTION + HEADING + LABEL
    column = [colour_at(image, (lane, y)) for y in range(round(top), image.height - 10)]
    inked = [i for i, p in enumerate(column) if near(p, INK, 40)]
    assert inked and inked[-1] - inked[0] > BOX_H * 2  # a long vertical line from the losers' final upwards
    # before anyone has played, neither final is shown: the gutter stays empty
    without = picture(bracket_image("Cintos Double elimination", double.view(
        TournamentSettings("double-elimination"), entrants, []), {}))
    assert not any(near(colour_at(without, (lane, y)), INK, 40) for y in range(round(top), without.height - 10))


def test_long_titles_wrap_and_headings_are_whole() -> None:
    """Issue 41.4: 'Winners' quarter-finals' and the title's '24 h per move' were cut; now headings fit their
    columns and a long title takes a second line instead of an ellipsis."""
    from tournament_rules import double

    view = double.view(TournamentSettings("double-elimination"), field(16), [])
    title = "Bodsoi Double elimination · teams of 2 · 8 rounds or more · 24 h per move"
    with text_sizes() as seen:
        bracket_image(title, view, {i: f"p{i}" for i in range(16)}, "champion: somebody")
    drawn = [text for text, _ in seen]
    assert "Round 1" in drawn and "Winners' quarter-finals" in drawn
    assert not any("…" in text for text in drawn)
    assert " · ".join(t for t in drawn if t.startswith("Bodsoi") or t.endswith("per move")) == title


def test_two_digit_seeds_keep_their_distance_and_names_are_large() -> None:
    """Issue 41.4: seeds 10-16 crowded the names, and at 400 px the text was ~10 px: seeds are right-aligned in a
    column as wide as '16', and names, seeds and results are drawn at 36 px (14 px at 400 px wide)."""
    from render.bracket import NAME, seed_width
    from render.kit import text_width

    view = elimination.view(TournamentSettings("elimination"), field(16), [])
    assert seed_width(view) >= text_width("16", NAME) + 12
    names = {i: f"player {i}" for i in range(16)}
    with text_sizes() as seen:
        bracket_image("Cintos Elimination", view, names)
    sizes = {text: size for text, size in seen}
    assert sizes["16"] == sizes["player 0"] == NAME >= 36 and NAME * 400 / 1000 >= 14
