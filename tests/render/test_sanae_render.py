"""The Sanae board image: valid small PNGs drawn from real views, hidden stones blank, own ranks and marks shown."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from render import RENDERERS, RULES_IMAGES
from render.kit import LAST_MOVE, MAX_PNG_BYTES, rgb
from render.sanae.board import (
    CHIPS,
    WIDTH,
    ZED,
    describe_last,
    layout,
    render_board,
)
from render.sanae.rules_picture import DIAGRAMS, OPENING, RULES_WIDTH, _reach, render_rules
from rules.sanae import GAME
from rules.sanae.pieces import combat
from tests.render.pixels import colour_at

OPTS = "options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; "
ZED_PENDING = OPTS + ("phase play ; setup red=ready blue=ready ; first blue ; turn blue ; pending zed R1.05 R1.06 ; "
                      "quiet 0 ; captured red=- blue=- ; stones R1.05=bN* R1.06=rV* R2.08=rC R3.00=rC B4.05=bN ; "
                      "result -")
COMBAT = OPTS + ("phase play ; setup red=ready blue=ready ; first red ; turn red ; pending - ; quiet 0 ; "
                 "captured red=- blue=- ; stones R1.06=rV R3.00=rL C2=bF B1.06=bV B2.00=bD ; result -")
NAMES = ["Ada", "Bob"]


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    data = img.tobytes()
    return list(zip(data[0::3], data[1::3], data[2::3], strict=True))


def played(seed: int = 3, plies: int = 60):
    """A state after both layouts and `plies` random moves (attacks favoured), dice drawn from `seed`."""
    rng = random.Random(seed)

    def settle(state):
        while GAME.chance_outcomes(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0], None)
        return state

    state = GAME.setup(2)
    for seat, text in ((0, "layout preset classic"), (1, "layout random"), (0, "ready"), (1, "ready")):
        state = settle(GAME.apply(state, GAME.parse(state, text, seat), seat))
    for _ in range(plies):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.actors(state)
        legal = GAME.legal_actions(state, seat)
        attacks = [a for a in legal if getattr(a, "target", None) is not None and state.cells[a.target]]
        state = settle(GAME.apply(state, rng.choice(attacks if attacks and rng.random() < 0.6 else legal), seat))
    return state


def test_registered_and_sized() -> None:
    assert RENDERERS["sanae"] is render_board
    png = render_board(GAME.view(played(), None), NAMES, 7)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < MAX_PNG_BYTES
    assert image(png).width == WIDTH


def test_public_hidden_stones_are_blank_and_private_ones_show_the_letter() -> None:
    state = GAME.from_position(COMBAT)
    lay = layout()
    labels = [c["label"] for c in GAME.view(state, None)["cells"]]
    x, y = lay.anchors[labels.index("R3.00")]
    public = image(render_board(GAME.view(state, None), NAMES))
    private = image(render_board(GAME.view(state, 0), NAMES))

    def light_pixels(img: Image.Image) -> int:  # the white letter on a Red disc
        box = img.crop((round(x) - 6, round(y) - 8, round(x) + 6, round(y) + 8))
        return sum(1 for p in pixels(box) if min(p) > 200)

    assert light_pixels(public) == 0  # a plain disc: nothing to read
    assert light_pixels(private) > 10  # the owner sees their Lieutenant's letter
    assert sum(abs(a - b) for a, b in zip(colour_at(public, (round(x), round(y) - 12)), rgb(CHIPS[0].fill),
                                          strict=True)) < 60


def test_last_move_and_combat_are_marked() -> None:
    state = GAME.from_position(COMBAT)
    after = GAME.apply(state, GAME.parse(state, "R3.00-C2", 0), 0)
    view = GAME.view(after, None)
    assert "Red Lieutenant vs Blue Footman: attacker wins" in describe_last(view, NAMES)
    img = image(render_board(view, NAMES))
    black = rgb(LAST_MOVE)  # the last move's colour: black, which nothing else on the board is
    near = sum(1 for p in pixels(img) if sum(abs(a - b) for a, b in zip(p, black, strict=True)) < 30)
    assert near > 400  # cell outlines and the arrow
    quiet = image(render_board(GAME.view(state, None), NAMES))
    assert sum(1 for p in pixels(quiet) if sum(abs(a - b) for a, b in zip(p, black, strict=True)) < 30) < 50


def test_a_combat_decided_by_dice_names_the_mover() -> None:
    """Issue 10.4: the dice's chance node has no seat, but the LAST MOVE line still says whose move it was."""
    state = GAME.from_position(COMBAT.replace("R3.00=rL", "R3.00=rW").replace("C2=bF", "C2=bW"))
    attacked = GAME.apply(state, GAME.parse(state, "R3.00-C2", 0), 0)
    assert GAME.chance_outcomes(attacked), "Wizard against Wizard is a roll-off"
    rolled = next(a for a, _ in GAME.chance_outcomes(attacked) if GAME.notation(attacked, a) == "roll 5 2")
    after = GAME.apply(attacked, rolled, None)
    for viewer in (None, 0, 1):
        text = describe_last(GAME.view(after, viewer), NAMES)
        assert text.startswith(f"{NAMES[0]}: R3.00-C2. Red Wizard vs Blue Wizard: attacker wins"), text


def test_zed_pending_tells_only_the_defender_which_captains_may_swap() -> None:
    state = GAME.from_position(ZED_PENDING)
    red_view, blue_view = GAME.view(state, 0), GAME.view(state, 1)
    assert red_view["pending"]["eligible"] == ["R2.08"] and blue_view["pending"]["eligible"] is None
    assert render_board(red_view, NAMES) != render_board(blue_view, NAMES)
    after = GAME.apply(state, GAME.parse(state, "zed R2.08", 0), 0)
    view = GAME.view(after, None)
    assert view["cells"][[c["label"] for c in view["cells"]].index("R1.06")]["stone"]["zed_used"]
    assert "swapped with the Void" in describe_last(view, NAMES)
    assert len(render_board(view, NAMES)) < MAX_PNG_BYTES
    declined = GAME.view(GAME.apply(state, GAME.parse(state, "zed no", 0), 0), None)
    words = describe_last(declined, NAMES)
    assert words.startswith(f"{NAMES[0]} declined Zed Inel") and "captures the Red Void" in words


def test_only_the_defender_sees_the_eligible_captains_marked() -> None:
    state = GAME.from_position(ZED_PENDING)
    # The same stones with nothing pending: what the board around the Captains looked like before the attack.
    quiet = GAME.from_position(ZED_PENDING.replace("pending zed R1.05 R1.06", "pending -"))
    labels = [c["label"] for c in GAME.view(state, None)["cells"]]
    lay = layout()

    def around(img: Image.Image, label: str) -> Image.Image:
        x, y = lay.anchors[labels.index(label)]
        return img.crop((round(x) - 45, round(y) - 45, round(x) + 45, round(y) + 45))

    def changed(a: Image.Image, b: Image.Image) -> int:  # pixels that differ by more than palette rounding
        return sum(1 for p, q in zip(pixels(a), pixels(b), strict=True)
                   if max(abs(x - y) for x, y in zip(p, q, strict=True)) > 24)

    gold = rgb(ZED)
    for seat in (None, 1, 0):  # public, the attacker (Blue), the defender (Red)
        view = GAME.view(state, seat)
        img = image(render_board(view, NAMES))
        calm = image(render_board(GAME.view(quiet, seat), NAMES))
        # The ineligible Captain (R3.00, 6 steps from the Void) is never marked.
        assert changed(around(img, "R3.00"), around(calm, "R3.00")) == 0
        ring = sum(1 for p in pixels(around(img, "R2.08"))
                   if sum(abs(a - b) for a, b in zip(p, gold, strict=True)) < 40)
        if seat == 0:
            assert view["pending"]["eligible"] == ["R2.08"]
            assert changed(around(img, "R2.08"), around(calm, "R2.08")) > 500
            assert ring > 300  # the gold ring and the "Zed?" tag
        else:
            assert view["pending"]["eligible"] is None
            assert changed(around(img, "R2.08"), around(calm, "R2.08")) == 0
            assert ring == 0


def test_rules_image_is_registered_small_and_true_to_the_rules() -> None:
    assert RULES_IMAGES["sanae"] is render_rules
    png = render_rules()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < MAX_PNG_BYTES
    assert image(png).width == RULES_WIDTH
    # The moving diagram is spec example 2: the Queen has 10 destinations, 4 one step away and 6 revealing.
    _, stones, move, *_ = DIAGRAMS[0]
    state = GAME.from_position(OPENING + stones + " ; result -")
    labels = list(layout().board.labels)
    near, far = _reach(state, labels.index(move.split("-")[0]))
    assert sorted(labels[c] for c in near) == ["R1.02", "R1.04", "R3.02", "R3.04"]
    assert sorted(labels[c] for c in far) == ["R1.05", "R2.05", "R3.05", "R4.03", "R4.04", "R4.05"]
    assert move.split("-")[1] in [labels[c] for c in far]  # the drawn move is one that reveals
    # The attack diagram is decided by rank alone, as its caption says.
    _, stones, move, *_ = DIAGRAMS[1]
    state = GAME.from_position(OPENING + stones + " ; result -")
    source, target = (state.cells[labels.index(c)][1] for c in move.split("-"))
    fight = combat(source, target)
    assert fight.kind == "fixed" and fight.attacker_wins


def test_a_finished_game_shows_every_rank_and_a_running_one_does_not() -> None:
    from render.sanae.board import _words

    rng = random.Random(4)
    state = GAME.setup(2)
    while GAME.outcome(state) is None:
        chances = GAME.chance_outcomes(state)
        if chances:
            state = GAME.apply(state, rng.choices([a for a, _ in chances], [p for _, p in chances])[0], None)
            continue
        seat = rng.choice(sorted(GAME.actors(state)))
        actions = GAME.legal_actions(state, seat)
        ready = [a for a in actions if GAME.notation(state, a) == "ready"]
        state = GAME.apply(state, ready[0] if ready and rng.random() < 0.5 else rng.choice(actions), seat)
    over = GAME.view(state, None)
    stones = [c["stone"] for c in over["cells"] if c["stone"]]
    assert all(s["letter"] for s in stones) and any(not s["revealed"] for s in stones)
    def unseen(stone: Any) -> Any:  # as a running game shows a stone play never revealed
        return {**stone, "letter": None, "name": None} if stone and not stone["revealed"] else stone

    hidden = {**over, "cells": [{**c, "stone": unseen(c["stone"])} for c in over["cells"]]}
    assert render_board(over, NAMES) != render_board(hidden, NAMES)  # the image draws the ranks it is given
    assert "Every rank is shown" in _words(over, NAMES)[1]


def test_a_private_view_says_only_you_can_see_it() -> None:
    from render.sanae.board import _words

    state = GAME.from_position(COMBAT)
    assert _words(GAME.view(state, 0), NAMES)[1].startswith("Only you can see this")
    assert _words(GAME.view(state, None), NAMES)[1] == ""


def test_a_long_list_of_lost_stones_keeps_the_count_and_the_highest_ranks_on_its_card() -> None:
    from render.lettering import text_width
    from render.panels import SMALL, card_text_width
    from render.sanae.board import PANEL_W, _seat_detail, lost_text

    everything = "FFFFFFFFFFFFFFFFFFFFAVKQWDNNNNLLLLCC"  # a side's 36 stones, in the order they fell
    assert lost_text(everything) == "lost V, K, Q, W, D, 2C, 4L, 4N, A, 20F"  # highest rank first
    detail = _seat_detail({"phase": "play", "captured": [everything, "FA"]}, 0)
    assert detail.startswith("lost 36: V K Q W D") and text_width(detail, SMALL) <= card_text_width(PANEL_W)
    assert _seat_detail({"phase": "play", "captured": [everything, "FFA"]}, 1) == "lost A, 2F"
