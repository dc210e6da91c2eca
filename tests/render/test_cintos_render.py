"""The Cintos board image and rules image: valid, small PNGs that show the view they were given."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render import RENDERERS, RULES_IMAGES
from render import render_board as render_any
from render.cintos.board import (
    BOARD_SIZE,
    BOARD_TOP,
    CHIPS,
    PANEL_TOP,
    board_box,
    board_from_placement,
    describe_last,
    render_board,
)
from render.kit import LAST_MOVE, MAX_PNG_BYTES, WHITE, rgb
from render.panels import CARD_GAP, CARD_HEIGHT, HEADER_HEIGHT, MARGIN
from tests.render.pixels import colour_at, count_near, pixels

SEAT_NAMES = {"R": "Red", "Y": "Yellow", "B": "Blue", "G": "Green"}
NAMES = ["Alice", "Bob", "Chloé", "Dmitri"]


def make_view(placement: str, owners: str = "R-B-", seats: str = "RB", to_move: int | None = 0, turn: int = 0,
              quiet: int = 0, last: dict[str, Any] | None = None, outcome: dict[str, Any] | None = None,
              resigned: list[bool] | None = None) -> dict[str, Any]:
    """A view as rules/cintos.py documents it (notes/cintos_view.md), built by hand."""
    board = board_from_placement(placement)
    colours = list(seats)
    scores = [sum(1 for v in board.values() if v == c) for c in colours]
    return {
        "game": "cintos",
        "players": len(colours),
        "seat_names": [SEAT_NAMES[c] for c in colours],
        "seat_colours": colours,
        "actors": [] if outcome or to_move is None else [to_move],
        "to_move": None if outcome else to_move,
        "turn": turn,
        "scores": scores,
        "outcome": outcome,
        "last": last,
        "board": board,
        "owners": {k: (None if v == "-" else v) for k, v in zip(("NW", "NE", "SE", "SW"), owners, strict=True)},
        "quiet": quiet,
        "resigned": resigned or [False] * len(colours),
        "eliminated": [s == 0 for s in scores],
        "options": {"players": str(len(colours)), "setup-2p": "classic-2p", "numbers-by": "anyone",
                    "majority": "plurality", "repetition": "two-player", "quiet-limit": "100", "turn-limit": "1000"},
        "position": "",
    }


def start_2p() -> dict[str, Any]:
    return make_view("R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B")


def start_4p() -> dict[str, Any]:
    return make_view("8/1RR2YY1/1RR2YY1/8/8/1GG2BB1/1GG2BB1/8", "RYBG", "RYBG")


def capture_4p() -> dict[str, Any]:
    """Spec Ex 10 after Blue b3-c3: Green is captured out and SW passes to Blue."""
    area = ["b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"]
    last = {"seat": 2, "kind": "move", "from": "b3", "to": "c3", "area": area, "captured": ["b2", "c2"],
            "rule": "Victory by Numbers", "eliminated": [3]}
    return make_view("RRRRY1YY/7Y/8/8/1B6/B1BB3B/1BB4B/8", "RYBB", "RYBG", to_move=0, turn=43, last=last)


def finished_2p() -> dict[str, Any]:
    """Spec Ex 12: the quiet limit ends the game and Red wins on pieces."""
    last = {"seat": 0, "kind": "move", "from": "a1", "to": "a2", "area": ["a1", "b1", "a2", "b2", "a3", "b3"],
            "captured": [], "rule": None, "eliminated": []}
    outcome = {"winners": [0], "scores": [9, 7], "reason": "quiet limit: most pieces"}
    return make_view("RRRR4/RRRR4/8/8/4B3/6BB/R5BB/6BB", turn=121, quiet=100, last=last, outcome=outcome)


VIEWS = {"2p start": start_2p, "4p start": start_4p, "4p capture": capture_4p, "2p finished": finished_2p}


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def near(pixel: tuple[int, ...], colour: str | tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb(colour), strict=True))


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_board_is_a_small_png_of_board_width(name: str) -> None:
    data = render_board(VIEWS[name](), NAMES, 7)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_PNG_BYTES
    image = decode(data)
    assert 900 <= image.width <= 1200
    assert image.height > 600


def test_registry_dispatches_on_the_game_name() -> None:
    view = start_2p()
    assert RENDERERS["cintos"] is render_board
    assert render_any(view, NAMES, 3) == render_board(view, NAMES, 3)


def test_distinct_views_give_distinct_images() -> None:
    images = {render_board(make(), NAMES, 1) for make in VIEWS.values()}
    assert len(images) == len(VIEWS)
    assert render_board(start_2p(), NAMES, 1) != render_board(start_2p(), NAMES, 2)


def test_the_last_move_is_framed_black_with_a_white_core_on_both_squares() -> None:
    view = capture_4p()
    image = decode(render_board(view, NAMES))
    for square in ("b3", "c3"):
        x0, y0, x1, y1 = board_box(square)
        # Inside the frame, halfway along each side: black at the edge, white in the frame's core.
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for x, y in ((mx, y0 + 1), (mx, y1 - 2), (x0 + 1, my), (x1 - 2, my)):
            assert near(colour_at(image, (int(x), int(y))), LAST_MOVE), (square, x, y)
        core = int(y0 + max(5.0, (x1 - x0) / 11) / 2)  # the middle of the frame's band
        assert near(colour_at(image, (int(mx), core)), WHITE), square
    # A square the move did not touch carries no outline.
    x0, y0, x1, _ = board_box("e3")
    assert not near(colour_at(image, (int((x0 + x1) / 2), int(y0 + 2))), LAST_MOVE)
    # Without a last move, the same square has no orange either.
    quiet = decode(render_board({**view, "last": None}, NAMES))
    x0, y0, x1, _ = board_box("c3")
    assert not near(colour_at(quiet, (int((x0 + x1) / 2), int(y0 + 2))), LAST_MOVE)


def test_the_capture_area_is_washed_and_the_captured_pieces_marked() -> None:
    view = capture_4p()
    marked = decode(render_board(view, NAMES))
    plain = decode(render_board({**view, "last": {**view["last"], "captured": []}}, NAMES))
    # d2: an empty square inside the area gets the wash (lighter); e2, outside it, does not change.
    x0, y0, x1, y1 = board_box("d2")
    centre = (int((x0 + x1) / 2), int((y0 + y1) / 2))
    assert sum(colour_at(marked, centre)) > sum(colour_at(plain, centre)) + 20
    x0, y0, x1, y1 = board_box("e2")
    centre = (int((x0 + x1) / 2), int((y0 + y1) / 2))
    assert near(colour_at(marked, centre), colour_at(plain, centre), 3)
    # The cross sits in the top-right corner of b2 (captured), not of b4 (in the area, not captured).
    for square, crossed in (("b2", True), ("b4", False)):
        _, y0, x1, _ = board_box(square)
        spot = (int(x1 - 18), int(y0 + 11), int(x1 - 11), int(y0 + 18))
        darker = [sum(q) - sum(p) for p, q in zip(pixels(marked.crop(spot)),
                                                   pixels(plain.crop(spot)), strict=True)]
        assert (max(darker) > 150) is crossed, square


def test_pieces_carry_their_colour() -> None:
    image = decode(render_board(start_4p(), NAMES))
    for square, letter in (("b7", "R"), ("f7", "Y"), ("f2", "B"), ("b2", "G")):
        x0, y0, x1, y1 = (int(v) for v in board_box(square))
        box = image.crop((x0, y0, x1, y1))
        # A good part of the square is the piece's colour (the piece in its shape, clear of the letter).
        share = count_near(box, CHIPS[letter].fill, 16) / (box.width * box.height)
        assert share > 0.2, (square, share)


def test_long_names_are_truncated_to_sixteen_characters() -> None:
    long = ["Bartholomew the Magnificent", "Bob"]
    cut = ["Bartholomew the…", "Bob"]
    assert render_board(start_2p(), long) == render_board(start_2p(), cut)
    assert render_board(start_2p(), long) != render_board(start_2p(), ["Bartholomew", "Bob"])


def test_missing_names_fall_back_to_the_seat_colour() -> None:
    assert render_board(start_2p(), []) == render_board(start_2p(), ["Red", "Blue"])


def test_two_and_four_player_panels_list_every_seat_under_the_board() -> None:
    two = decode(render_board(start_2p(), NAMES))
    four = decode(render_board(start_4p(), NAMES))
    assert PANEL_TOP > BOARD_TOP + BOARD_SIZE  # phone first: the seats under the board, not beside it
    card_w = (1000 - 2 * MARGIN - CARD_GAP) / 2
    chip = lambda column, row: (int(MARGIN + column * (card_w + CARD_GAP) + 14 + 26),  # noqa: E731
                                int(PANEL_TOP + row * (CARD_HEIGHT + CARD_GAP) + CARD_HEIGHT / 2 + 14))
    assert near(colour_at(four, chip(1, 1)), CHIPS["G"].fill, 16)  # four seats, two to a row: Green the fourth
    assert near(colour_at(two, chip(1, 0)), CHIPS["B"].fill, 16)
    assert four.height > two.height + CARD_HEIGHT


def test_a_finished_game_header_shows_the_result() -> None:
    done = finished_2p()
    running = {**done, "outcome": None, "to_move": 1, "actors": [1]}
    header_done = decode(render_board(done, NAMES)).crop((0, 0, 1000, HEADER_HEIGHT))
    header_running = decode(render_board(running, NAMES)).crop((0, 0, 1000, HEADER_HEIGHT))
    assert header_done.tobytes() != header_running.tobytes()
    # The winner's chip (Red) is in the result; the running game shows Blue's chip as the player to move.
    reds = count_near(header_done, CHIPS["R"].fill)
    blues = count_near(header_running, CHIPS["B"].fill)
    assert reds > 100 and blues > 100
    assert count_near(header_done, CHIPS["B"].fill) == 0


def test_last_turn_descriptions() -> None:
    colours = ["R", "Y", "B", "G"]
    view = start_4p()
    passed = {**view, "last": {"seat": 1, "kind": "pass"}}
    assert describe_last(passed, NAMES, colours) == "Bob (Yellow) had no move and passed."
    resigned = {**view, "last": {"seat": 3, "kind": "resign"}}
    assert describe_last(resigned, NAMES, colours) == "Dmitri (Green) resigned."
    text = describe_last(capture_4p(), NAMES, colours)
    assert text == "Chloé (Blue) b3-c3: 2 pieces turned blue (Victory by Numbers).\nDmitri (Green) is eliminated."


def test_a_capture_against_the_mover_names_the_capturer() -> None:
    """Spec Ex 4: Red moves into Blue's majority and loses the moved piece."""
    last = {"seat": 0, "kind": "move", "from": "d5", "to": "e5", "captured": ["e5"], "rule": "Victory by Numbers",
            "eliminated": [], "area": ["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"]}
    view = make_view("RRRR4/RR2B1BB/5BBB/4BB1B/8/2R5/8/8", to_move=1, turn=31, last=last)
    assert describe_last(view, NAMES, ["R", "B"]) == "Alice (Red) d5-e5: 1 piece turned blue (Victory by Numbers)."
    render_board(view, NAMES)


@pytest.mark.parametrize("kind", ["pass", "resign"])
def test_turns_without_squares_render(kind: str) -> None:
    view = {**start_4p(), "last": {"seat": 1, "kind": kind, "from": None, "to": None, "area": [], "captured": [],
                                   "rule": None, "eliminated": []}}
    if kind == "resign":
        view["resigned"] = [False, True, False, False]
    data = render_board(view, NAMES)
    assert data != render_board(start_4p(), NAMES)
    board = (MARGIN, BOARD_TOP, MARGIN + BOARD_SIZE, BOARD_TOP + BOARD_SIZE)
    assert count_near(decode(data).crop(board), LAST_MOVE, 6) == 0


def test_rules_image() -> None:
    data = RULES_IMAGES["cintos"]()
    assert len(data) < MAX_PNG_BYTES
    image = decode(data)
    assert 900 <= image.width <= 1200
    # Its diagrams mark moves as the board does.
    assert count_near(image, LAST_MOVE, 8) > 500


def test_views_from_the_rules_render() -> None:
    """The hand-built views above follow the schema; this checks the real `view()` output against the renderer."""
    from rules.cintos import GAME

    state = GAME.from_position("RRRRY1YY/7Y/8/8/1B6/BB1B3B/1GG4B/8 RYBG B 12 RYBG 42")
    state = GAME.apply(state, GAME.parse(state, "b3-c3", 2), 2)
    view = GAME.view(state, None)
    assert set(capture_4p()) <= set(view)
    assert render_board(view, NAMES, 1) == render_board(capture_4p() | {"position": view["position"]}, NAMES, 1)

    rng = random.Random(5)
    for players in (2, 4):
        state = GAME.setup(players)
        for _ in range(40):
            seat = min(GAME.actors(state))
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
        assert decode(render_board(GAME.view(state, 0), NAMES[:players], 2)).width == 1000


def test_the_card_of_the_player_to_move_says_their_colour() -> None:
    """The colour word is the last to go from a card: the player to move reads 'Yellow · 7 pieces · to move' (or
    'Yellow · to move'), with the longest names, in every position of a seeded game of each size."""
    from rules import GAMES
    from tests.render.test_phone import NAMES as LONG
    from tests.render.test_phone import positions, text_sizes

    for players in (2, 4):
        for state in positions("cintos", players, 5):
            view = GAMES["cintos"].view(state, None)
            if view.get("outcome") is not None:
                continue
            with text_sizes() as drawn:
                render_board(view, list(LONG[:players]), 3)
            colour = view["seat_names"][view["to_move"]]
            assert any(text.startswith(f"{colour} ·") and text.endswith("to move") for text, _ in drawn), drawn
