"""The Sinoda board image: valid small PNGs that show the view's pieces, last action, teams, flowers and discs."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from render import RENDERERS
from render.kit import LAST_MOVE, MAX_PNG_BYTES, chip, rgb
from render.panels import HEADER_HEIGHT
from render.sinoda.board import (
    BOARD_W,
    Layout,
    flower_name,
    render_board,
)
from render.sinoda.rules_picture import _RULE_ROWS, RULES_SCALE, RULES_TOP, render_rules
from rules.sinoda import GAME
from tests.render.pixels import colour_at

NAMES = ["Ada", "Bob", "Cy", "Di", "Eve", "Fay"]


def view_of(position: str, **extra: Any) -> dict[str, Any]:
    return {**GAME.view(GAME.from_position(position), None), **extra}


def started(players: int, options: dict[str, str] | None = None) -> dict[str, Any]:
    state = GAME.setup(players, options)
    return GAME.view(GAME.apply(state, GAME.chance_outcomes(state)[0][0]), None)


def after(position: str, text: str) -> dict[str, Any]:
    state = GAME.from_position(position)
    seat = state.turn
    assert seat is not None
    return GAME.view(GAME.apply(state, GAME.parse(state, text, seat), seat), None)


EX3 = "small|a4=1,b3=2|c4=3,d2=1|turn=1|pts=6,8|caps=4,4|actions=40"  # spec Ex 3: b3-c4 captures
EX5 = "small|b3=1,c6=2|c3=2|turn=1|pts=7,9|caps=5,4|actions=40"  # spec Ex 5: b3-c3 ends the game
EX6 = "large|a1=1,c5=2|b5=1,e6=2|c7=1,d5=3|d7=1|turn=1|pts=0,0,0,0|caps=0,0,0,0|actions=40|teams=2x2"


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def near(pixel: tuple[int, ...], colour: str, tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb(colour), strict=True))


def framed(image: Image.Image, centre: tuple[float, float], edge: tuple[float, float]) -> bool:
    """Whether the last move's frame (black, with a white core) crosses the way from a cell's centre to `edge`."""
    (cx, cy), (ex, ey) = centre, edge
    seen = [colour_at(image, (round(cx + (ex - cx) * t / 40), round(cy + (ey - cy) * t / 40))) for t in range(32, 41)]
    return any(near(p, LAST_MOVE, 40) for p in seen) and any(near(p, "#FFFFFF", 40) for p in seen)


def cell_points(view: dict[str, Any], label: str) -> tuple[Layout, list[tuple[float, float]], tuple[float, float]]:
    layout = Layout(view["side"])
    cell = next(c for c in view["cells"] if c["label"] == label)
    return layout, layout.triangle(cell["vertices"]), layout.centroid(cell["vertices"])


VIEWS = {
    "2p start": lambda: started(2),
    "3p start": lambda: started(3),
    "4p teams": lambda: started(4, {"teams": "2x2"}),
    "6p start": lambda: started(6),
    "capture": lambda: after(EX3, "b3-c4"),
    "finished": lambda: after(EX5, "b3-c3"),
    "team position": lambda: view_of(EX6),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_board_is_a_small_png_about_a_thousand_wide(name: str) -> None:
    data = render_board(VIEWS[name](), NAMES, 9)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < MAX_PNG_BYTES
    image = decode(data)
    assert image.width == 1000 and 1000 <= image.height <= 1500  # portrait: the seats under the board


def test_registered_for_the_game_and_every_view_differs() -> None:
    assert RENDERERS["sinoda"] is render_board
    images = {render_board(make(), NAMES, 1) for make in VIEWS.values()}
    assert len(images) == len(VIEWS)


def test_pieces_show_their_owner_colour() -> None:
    view = started(4)
    image = decode(render_board(view, NAMES))
    for label, seat in (("a1", 0), ("c9", 1), ("f6", 2), ("e2", 3)):
        _, corners, (cx, cy) = cell_points(view, label)
        # Between the centre and a corner, on the pyramid's top, clear of the value's badge.
        x, y = cx + (corners[0][0] - cx) * 0.4, cy + (corners[0][1] - cy) * 0.4
        assert near(colour_at(image, (int(x), int(y))), chip(view["seat_names"][seat]).fill, 20), label


def test_empty_cells_differ_from_occupied_ones() -> None:
    view = started(2)
    image = decode(render_board(view, NAMES))
    _, _, (x, y) = cell_points(view, "c6")  # empty at the start: light fill around the label
    assert sum(colour_at(image, (int(x), int(y - 12)))) > 650


def test_the_last_move_frames_both_ends_and_only_then() -> None:
    view = after(EX3, "b3-c4")
    assert view["last"]["from"] == "b3" and view["last"]["to"] == "c4"
    marked = decode(render_board(view, NAMES))
    plain = decode(render_board({**view, "last": None}, NAMES))
    for label in ("b3", "c4"):
        _, corners, (cx, cy) = cell_points(view, label)
        # Towards the middle of an edge, just inside it: where the frame runs.
        (ax, ay), (bx, by) = corners[0], corners[1]
        edge = ((ax + bx) / 2, (ay + by) / 2)
        assert framed(marked, (cx, cy), edge), label
        assert not framed(plain, (cx, cy), edge), label


def test_a_change_marks_only_the_changed_cell() -> None:
    start = "small|a3=1,a4=1,a5=1,b4=1,b5=1,b6=1|c2=1,c3=1,c4=1,d1=1,d2=1,d3=1|turn=1|pts=0,0|caps=0,0|actions=0"
    view = after(start, "b5+")
    assert view["last"]["kind"] == "change"
    image = decode(render_board(view, NAMES))
    marked = [label for label in ("b5", "b4", "a4")
              if any(framed(image, (cx, cy), ((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2))
                     for _, corners, (cx, cy) in [cell_points(view, label)])]
    assert marked == ["b5"]


def test_team_games_badge_the_pieces_and_group_the_panel() -> None:
    teams = view_of(EX6)
    free = {**teams, "team_mode": "none", "teams": [[s] for s in range(4)], "team_of": [0, 1, 2, 3]}
    a, b = decode(render_board(teams, NAMES)), decode(render_board(free, NAMES))
    layout = Layout(teams["side"])
    board = (20, 100, 980, round(layout.bottom))
    assert a.crop(board).tobytes() != b.crop(board).tobytes()  # the team badges on the pieces
    # The cards name the team: the same seats, other words under the board.
    panel = (0, round(layout.bottom) + 16, 1000, a.height)
    assert a.crop(panel).tobytes() != b.crop(panel).tobytes()


def test_flowers_are_named_as_the_spec_places_them() -> None:
    expected = {
        2: ["upper centre", "lower centre"],
        3: ["NW corner", "E corner", "SW corner"],
        4: ["NW corner", "upper-right side", "SE corner", "lower-left side"],
        6: ["NW corner", "NE corner", "E corner", "SE corner", "SW corner", "W corner"],
    }
    for players, names in expected.items():
        view = started(players)
        got = [flower_name(labels, view["cells"], view["side"]) for labels in view["start_cells"]]
        assert got == names, players


def test_seat_cards_show_the_points() -> None:
    view = after(EX3, "b3-c4")
    assert view["points"] == [9, 8] and view["captured"][0] is None  # from a position: values unknown
    fewer = {**view, "points": [6, 8]}
    image, other = decode(render_board(view, NAMES)), decode(render_board(fewer, NAMES))
    cards = (0, round(Layout(view["side"]).bottom) + 16, 1000, image.height)
    assert image.crop(cards).tobytes() != other.crop(cards).tobytes()  # the points on Red's card


def test_finished_game_marks_the_result() -> None:
    done = after(EX5, "b3-c3")
    assert done["outcome"]["winners"] == [0]
    running = {**done, "outcome": None, "actors": [1], "to_move": 1}
    header_done = decode(render_board(done, NAMES)).crop((0, 0, 1000, HEADER_HEIGHT))
    header_running = decode(render_board(running, NAMES)).crop((0, 0, 1000, HEADER_HEIGHT))
    assert header_done.tobytes() != header_running.tobytes()


def test_long_names_are_cut_and_missing_names_fall_back_to_colours() -> None:
    view = started(2)
    assert render_board(view, ["Bartholomew the Magnificent", "Bob"]) == render_board(view, ["Bartholomew the…", "Bob"])
    assert render_board(view, []) == render_board(view, ["Red", "Blue"])


def test_rules_image_is_a_small_png_about_a_thousand_wide() -> None:
    data = render_rules()
    image = decode(data)
    assert 900 <= image.width <= 1200
    assert len(data) < 250_000


def test_rules_diagrams_each_mark_their_action_as_the_board_does() -> None:
    image = decode(render_rules())
    board_w = round(BOARD_W * RULES_SCALE)
    rows = len(_RULE_ROWS)
    row_h = (image.height - RULES_TOP) / rows  # about: the rows' words differ in length
    for i in range(rows):
        top = round(RULES_TOP + i * row_h)
        diagram = image.crop((0, top + 40, board_w + 20, round(top + row_h * 0.7)))
        colours = diagram.getcolors(1 << 20) or []
        assert sum(n for n, c in colours if isinstance(c, tuple) and near(c, LAST_MOVE, 10)) > 150, _RULE_ROWS[i][0]


def test_rules_captions_tell_the_truth() -> None:
    rows = {row[0]: row for row in _RULE_ROWS}
    move = GAME.from_position(rows["Move"][3])
    texts = {GAME.notation(move, a) for a in GAME.legal_actions(move, 0)}
    assert {t for t in texts if t.startswith("b3-") and len(t) > 3} == {"b3-a2", "b3-a4", "b3-c1", "b3-d1"}
    assert after(rows["Move"][3], "b3-a2")["last"]["path"] == ["b3", "b2", "a1", "a2"]
    taken = after(rows["Capture"][3], "b3-c4")
    assert taken["last"]["captured"] == {"seat": 1, "value": 3} and taken["points"][0] == 9
    changed = GAME.from_position(after(rows["Change"][3], "c5+")["position"].replace("turn=2", "turn=1"))
    assert "c5-c2" in {GAME.notation(changed, a) for a in GAME.legal_actions(changed, 0)}
