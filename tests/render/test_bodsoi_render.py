"""The Bodsoi board image: small PNGs of the view they are given, the rack only in a seat's view, marks in place."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

from PIL import Image

from render import RENDERERS, RULES_IMAGES
from render.bodsoi.board import PANEL_TOP, SIDES, WIDTH, _path_points, cell_box, render_board, tile_image
from render.kit import LAST_MOVE, MAX_PNG_BYTES, rgb
from rules.bodsoi import GAME
from rules.bodsoi.state import BodsoiState
from rules.bodsoi.tiles import TILE_IDS
from tests.render.pixels import colour_at

NAMES = ["Alice", "Bob", "Chloé", "Dmitri"]
BAG_EX3 = ("C-le-le,C-le-mo*2,C-le-st*2,C-le-su*2,C-le-wa*2,C-mo-le*2,C-mo-mo*2,C-mo-st*2,C-mo-su*2,C-mo-wa*2,"
           "C-st-le*2,C-st-mo*2,C-st-st*2,C-st-su*2,C-st-wa*2,C-su-le*2,C-su-mo*2,C-su-st*2,C-su-su*2,C-su-wa*2,"
           "C-wa-le*2,C-wa-mo*2,C-wa-st*2,C-wa-su*2,C-wa-wa*2,S-le-st,S-mo-mo,S-mo-su,S-st-st,S-st-su,S-su-mo,S-su-su,"
           "S-su-wa,S-wa-su,S-wa-wa")
EX3 = ("players=2 axes=any-axis links=colour | a5=S-wa-mo@0 b5=S-le-mo@0 c5=S-mo-wa@0 d1=S-mo-le@0 d2=S-st-le@0 "
       "d3=S-le-le@0 d4=S-su-le@0 d6=S-su-st@0 d7=S-wa-le@0 d8=S-mo-st@0 e5=S-le-wa@0 f5=S-st-mo@0 g5=S-wa-st@0 "
       f"h5=S-le-su@0 | to=Y drew | B=C-le-le Y=S-st-wa | bag={BAG_EX3} | idle=0")


def play(seed: int, players: int = 2, turns: int = 200) -> BodsoiState:
    """A seeded random game, stopped after `turns` player actions at a player's decision (or at the end)."""
    rng = random.Random(seed)
    state = GAME.setup(players)
    done = 0
    while GAME.outcome(state) is None:
        chances = GAME.chance_outcomes(state)
        if chances:
            state = GAME.apply(state, rng.choices([a for a, _ in chances], [p for _, p in chances])[0])
            continue
        if done >= turns:
            break
        (seat,) = GAME.actors(state)
        actions = GAME.legal_actions(state, seat)
        places = actions[1:] or actions
        state = GAME.apply(state, rng.choice(places), seat)
        done += 1
    return state


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_public_and_private_images_are_small_pngs() -> None:
    state = play(3, turns=25)
    seat = next(iter(GAME.actors(state)))
    public = render_board(GAME.view(state, None), NAMES[:2], 7)
    private = render_board(GAME.view(state, seat), NAMES[:2], 7)
    for png in (public, private):
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < MAX_PNG_BYTES
        assert image(png).width == WIDTH
    # Only a seat's own view carries the rack under the panel.
    assert PANEL_TOP < image(public).height < PANEL_TOP + 500
    assert image(private).height > image(public).height + 200
    assert RENDERERS["bodsoi"] is render_board and "bodsoi" in RULES_IMAGES


def test_a_full_board_renders_within_the_size_limit() -> None:
    # Render time is measured by bench/run.py, not here: a timed test only flakes on a busy machine.
    state = play(11)
    assert GAME.outcome(state) is not None
    png = render_board(GAME.view(state, 0), NAMES[:2], 3)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < MAX_PNG_BYTES


def test_the_last_placement_is_framed_black_with_a_white_core() -> None:
    state = play(5, turns=9)
    view = GAME.view(state, None)
    square = view["last_placement"]["square"]
    x0, y0, x1, _ = cell_box(square)
    pic = image(render_board(view, NAMES[:2]))
    for dy, colour in ((1, LAST_MOVE), (3, "#FFFFFF")):
        edge = colour_at(pic, (round((x0 + x1) / 2), round(y0 + dy)))
        assert max(abs(a - b) for a, b in zip(edge, rgb(colour), strict=True)) < 40


def test_tiles_differ_by_symbol_shape_and_rotation() -> None:
    seen = {tile_image(tile, 0, 64).tobytes() for tile in ("C-su-mo", "C-mo-su", "C-st-le", "C-le-wa", "C-wa-st")}
    assert len(seen) == 5
    rotations = {tile_image("C-su-mo", rot, 64).tobytes() for rot in (0, 90, 180, 270)}
    assert len(rotations) == 4
    assert tile_image("S-su-mo", 0, 64).tobytes() == tile_image("S-su-mo", 180, 64).tobytes()


def test_a_winning_bodsoi_is_outlined_in_its_colour() -> None:
    state = GAME.from_position(EX3)
    after = GAME.apply(state, GAME.parse(state, "place S-st-wa d5 0", 1), 1)
    view = GAME.view(after, None)
    assert view["bodsoi"]["side"] == "yellow"
    pic = image(render_board(view, NAMES[:2]))
    assert view["last_placement"]["square"] == "d5"  # framed as the last move instead
    for square in (c for c in view["bodsoi"]["cells"] if c != "d5"):
        x0, y0, _, _ = cell_box(square)
        pixel = colour_at(pic, (round(x0 + 5), round(y0 + 5)))
        assert max(abs(a - b) for a, b in zip(pixel, rgb(SIDES["yellow"]), strict=True)) < 60, square


def test_the_best_path_trace_starts_at_its_anchoring_edge() -> None:
    start = GAME.setup(2)
    cells = list(start.board)
    cells[0], cells[1] = (TILE_IDS["S-su-le"], 0), (TILE_IDS["S-su-mo"], 0)  # a1 and a2: a blue S-N line
    view = GAME.view(replace(start, board=tuple(cells)), None)
    board = {cell["square"]: cell for cell in view["board"]}
    points = _path_points(view["paths"]["blue"]["best"], "blue", board)
    x0, _, x1, y1 = cell_box("a1")
    assert points[0] == ((x0 + x1) / 2, y1)  # the S edge under a1
    assert view["paths"]["blue"]["best_score"] == 2


def test_four_player_view_lists_every_seat() -> None:
    state = play(8, players=4, turns=12)
    seat = next(iter(GAME.actors(state)))
    view: dict[str, Any] = GAME.view(state, seat)
    assert view["hand"]
    png = render_board(view, NAMES, 9)
    assert image(png).height > PANEL_TOP + 200  # four cards and the rack


def test_every_ending_is_told_whole_under_the_board() -> None:
    """The header has the headline only; the reason, e.g. 'The board is full; best paths compared.', is written in
    full under the board (the header once cut it to 'best pat…'), for 2 and 4 players and the longest names."""
    from render.panels import display_names, reason_line
    from tests.render.test_phone import NAMES as LONG
    from tests.render.test_phone import text_sizes

    for players in (2, 4):
        for code in GAME.reason_codes:
            for winners in ([0], [1], []):
                view = {**GAME.view(GAME.setup(players), None),
                        "outcome": {"winners": winners, "reason": code, "scores": None}}
                names = list(LONG[:players])
                with text_sizes() as drawn:
                    render_board(view, names, 9)
                reason = reason_line(view, display_names(view, names))
                texts = [text for text, _ in drawn]
                assert reason and reason in " ".join(texts), (reason, texts)  # wrapped at spaces, never cut
                assert not [t for t in texts if t.endswith("…") and reason.startswith(t[:-1])], texts
