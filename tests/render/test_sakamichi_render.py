"""The Sakamichi board image: valid small PNGs from real views, hidden hands drawn as backs, the last move marked."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render import RENDERERS, RULES_IMAGES
from render.kit import LAST_MOVE, MAX_PNG_BYTES
from render.sakamichi.board import (
    DIE_COL,
    TILE_MAX,
    WIDTH,
    choose_tile,
    moved_tiles,
    render_board,
    side_width,
    status_text,
    tile_pips,
)
from render.sakamichi.rules_picture import render_rules, rules_lines, rules_position
from rules.base import IllegalAction
from rules.sakamichi import GAME
from tests.render.pixels import count_near
from tests.rules.test_sakamichi import EX2, EX3, EX6, load, play

NAMES = ["Alice", "Bartholomew the Long"]


def resolve(state: Any, rng: random.Random) -> Any:
    while GAME.outcome(state) is None and GAME.chance_outcomes(state):
        action, _ = rng.choice(GAME.chance_outcomes(state))
        state = GAME.apply(state, action, None)
    return state


def playout(options: dict[str, str], seed: int) -> Any:
    rng = random.Random(seed)
    state = resolve(GAME.setup(2, options), rng)
    while GAME.outcome(state) is None:
        (seat,) = GAME.actors(state)
        actions = GAME.ranked_actions(state, seat)
        state = resolve(GAME.apply(state, actions[0] if rng.random() < 0.7 else rng.choice(actions), seat), rng)
    return state


def choice_state() -> Any:
    return resolve(GAME.setup(2, {}), random.Random(3))


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def marked_pixels(image: Image.Image) -> int:
    """Pixels of the last-move colour (black: nothing else on these images is)."""
    return count_near(image, LAST_MOVE, 12)


VIEWS = {
    "choice, public": lambda: GAME.view(choice_state(), None),
    "example 2": lambda: GAME.view(load(EX2), None),
    "example 3": lambda: GAME.view(load(EX3), 1),
    "example 6 after b5": lambda: GAME.view(play(load(EX6), "place black up b5", 1), None),
    "advanced finished": lambda: GAME.view(playout({}, 7), None),
    "basic finished": lambda: GAME.view(playout({"mode": "basic"}, 11), None),
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_every_view_renders_a_small_png_of_the_house_width(name: str) -> None:
    data = render_board(VIEWS[name](), NAMES, 7)
    image = decode(data)
    assert image.width == WIDTH and 800 <= image.height <= 1400  # portrait: the hands under the lines
    assert len(data) < MAX_PNG_BYTES


def test_registered_for_the_bot() -> None:
    assert RENDERERS["sakamichi"] is render_board


def test_the_high_rollers_private_view_draws_the_hand_the_public_one_hides() -> None:
    state = choice_state()
    public = GAME.view(state, None)
    high = public["high_roller"]
    private = GAME.view(state, high)
    assert set(public["hands"][high]["tiles"]) == {"?"} and "?" not in private["hands"][high]["tiles"]
    public_png, private_png = render_board(public, NAMES), render_board(private, NAMES)
    assert public_png != private_png
    # The other seat's private image shows nothing the public one does not: its own hand is still hidden.
    other = GAME.view(state, 1 - high)
    assert set(other["hands"][high]["tiles"]) == {"?"} == set(other["hands"][1 - high]["tiles"])
    assert "rolled higher" in status_text(public, NAMES)


def test_the_last_placement_is_outlined() -> None:
    before = load(EX6)
    after = play(before, "place black up b5", 1)
    assert GAME.view(before, None)["last_move"] is None
    plain = marked_pixels(decode(render_board(GAME.view(before, None), NAMES)))
    marked = marked_pixels(decode(render_board(GAME.view(after, None), NAMES)))
    assert plain == 0 and marked > 400


def test_an_exchange_marks_both_tiles_in_the_hands() -> None:
    view = GAME.view(load(EX6), None)
    view["last_move"] = {"seat": 1, "kind": "exchange", "text": "exchange w1 for w2", "line": None, "value": None,
                         "tiles": ["w1", "w2"]}
    assert moved_tiles(view) == {"w1", "w2"}
    assert marked_pixels(decode(render_board(view, NAMES))) > 200


def test_long_lines_shrink_the_tiles_to_fit() -> None:
    row = {"value": 5, "label": "W5", "width": 4, "layers": [["w1", "w1b1", "w1b2", "w2"]],
           "top": ["w1", "w1b1", "w1b2", "w2"]}
    lines = {"white": {"down": [], "up": [row] * 6}, "black": {"down": [row] * 3, "up": []}}
    tile, dice = choose_tile(lines, WIDTH - 40)
    assert tile < TILE_MAX and dice["white"] != dice["black"]  # each line centred on its own die
    assert dice["white"] + DIE_COL / 2 + side_width(lines["white"]["up"], tile) <= WIDTH - 40
    empty: dict[str, dict[str, list[Any]]] = {"white": {"down": [], "up": []}, "black": {"down": [], "up": []}}
    assert choose_tile(empty, WIDTH - 40) == (TILE_MAX, {"white": (WIDTH - 40) / 2, "black": (WIDTH - 40) / 2})
    view = GAME.view(load(EX6), None)
    view["lines"]["white"]["up"] = [row] * 6
    assert decode(render_board(view, NAMES)).width == WIDTH


@pytest.mark.parametrize(("name", "pips"), [("w2b3", (2, 3)), ("b5", (0, 5)), ("w6", (6, 0)), ("w1b1", (1, 1))])
def test_tile_names_give_their_pips(name: str, pips: tuple[int, int]) -> None:
    assert tile_pips(name) == pips


def test_the_rules_image_is_a_small_png_of_the_house_width_with_the_moves_marked() -> None:
    assert RULES_IMAGES["sakamichi"] is render_rules
    data = render_rules()
    image = decode(data)
    assert 900 <= image.width <= 1200 and len(data) < MAX_PNG_BYTES
    assert marked_pixels(image) > 400  # the placed row and the stacked row are framed


def test_the_rules_diagrams_show_what_their_captions_say() -> None:
    lines = rules_lines()
    sums = lines["sums"]
    assert [(r["value"], r["top"]) for r in sums["down"] + sums["up"]] == [(3, ["w1b4", "w2"]), (5, ["w5b1"])]
    # The tile count: after 2 tiles only 1 or 3 fit, so b1 + b3 is refused and b4 alone is placed; then exactly 2.
    counts = rules_position("4 2", "down - up -", "down - up 3[w1b1 w2b2]", "b4 b1 b3 w3", "b6 w5")
    before = GAME.from_position(counts)
    assert GAME.view(before, None)["lines"]["black"]["ends"]["up"]["counts"] == [1, 3]
    with pytest.raises(IllegalAction):
        GAME.parse(before, "place black up b1 b3", 0)
    assert [r["top"] for r in lines["counts"]["up"]] == [["w1b1", "w2b2"], ["b4"]]
    assert lines["counts"]["ends"]["up"]["counts"] == [2]
    # The stack: same value, same count, the old tiles underneath and no new row.
    (row,) = lines["after"]["up"]
    assert (row["value"], row["layers"]) == (5, [["w2", "w3"], ["w1b2", "w4"]])
    assert lines["after"]["row_count"] == lines["before"]["row_count"] == 1


def test_the_last_move_reads_as_a_sentence() -> None:
    """The board's "Last:" line said "Player 1 choose first" (the notation used as a verb)."""
    from render.sakamichi.board import describe_last

    said = {text: describe_last({"last": {"seat": 0, "text": text}}, ["Ada", "Bo"]) for text in (
        "choose first", "choose colour black", "place white up w4", "stack black 4 w1b3 w3b1", "redraw w1b3",
        "exchange w2b2 for w3b1", "resign")}
    assert said == {
        "choose first": "Last: Ada chose to move first.",
        "choose colour black": "Last: Ada chose the black line.",
        "place white up w4": "Last: Ada placed white up w4.",
        "stack black 4 w1b3 w3b1": "Last: Ada stacked black 4 w1b3 w3b1.",
        "redraw w1b3": "Last: Ada redrew w1b3.",
        "exchange w2b2 for w3b1": "Last: Ada exchanged w2b2 for w3b1.",
        "resign": "Last: Ada resigned.",
    }
