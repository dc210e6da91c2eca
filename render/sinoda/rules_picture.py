"""The illustrated rules summary for `/sinoda rules`, drawn with the Sinoda board's own functions."""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from PIL import Image

from i18n import N_, _
from render.kit import (
    BORDER,
    INK,
    MUTED,
    SCALE,
    WHITE,
    Canvas,
    Chip,
    Point,
)
from render.panels import BODY, HEADER_HEIGHT, MARGIN, SMALL, panel_text, text_height, title_bar
from render.sinoda.board import (
    BOARD_W,
    TITLE,
    WIDTH,
    Layout,
    draw_board,
    piece_sprite,
    seat_chips,
)
from rules.sinoda import GAME

RULES_SCALE = 0.6  # each diagram is the real board drawn at full size, then shrunk
RULES_TOP = HEADER_HEIGHT + 20
STEP_OFFSET = 46  # how far a step number sits beside the path (board pixels, before shrinking)

# (title, caption, note, position before, action): each picture is the board as `/sinoda board` shows it after
# the action, played by the rules so it cannot lie. The words are marked here and translated where drawn.
_RULE_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    (N_("Move"), N_("A piece moves exactly as many steps as its number: each step crosses an edge into the next "
     "triangle, never through a piece and never back over a triangle. Red's 3 went b3, b2, a1, a2."),
     N_("It could also have reached a4, c1 or d1. It could not stop on b4 (1 step) or pass through Blue's b5 "
     "or c4. On the board, the black path and frames show the last move."),
     "small|b3=3,c6=1|b5=1,c4=4,d2=2|turn=1|pts=2,1|caps=1,1|actions=14", "b3-a2"),
    (N_("Capture"), N_("End a move on an enemy piece to capture it: you score its number, not your own. Red's 2 "
                        "takes Blue's 3 on c4."),
     N_("The game ends when someone has captured 6 pieces, someone has lost their last piece, or everyone is down "
     "to one piece: most points wins. With 2 players you also win at once when your lead is more than your own "
     "pieces' numbers added up (Win by Sinoda)."),
     "small|a4=1,b3=2|c4=3,d2=1|turn=1|pts=6,8|caps=4,4|actions=40", "b3-c4"),
    (N_("Change"), N_("Instead of moving, turn one of your pieces one up or one down (1 to 4, no wrap-around). "
                       "Red turns c5 from 2 to 3."),
     N_("Now it moves 3 steps and threatens Blue's 3 on c2 (c5, c4, c3, c2), but it is worth 3 to Blue too."),
     "small|a4=1,c5=2|b2=2,c2=3|turn=1|pts=6,8|caps=4,4|actions=44", "c5+"),
)


def _shrunk(image: Image.Image, scale: float = RULES_SCALE) -> Image.Image:
    return image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS)


def _rules_diagram(position: str, action: str) -> tuple[Image.Image, dict[str, Any], dict[str, Any]]:
    """The board after `action` from `position`, shrunk, with a move's steps numbered; the views before and after."""
    before = GAME.from_position(position)
    seat = min(GAME.actors(before))
    view = GAME.view(GAME.apply(before, GAME.parse(before, action, seat), seat), None)
    layout = Layout(int(view["side"]), 0, 0)
    canvas = Canvas(BOARD_W, math.ceil(layout.height))
    draw_board(canvas, layout, view, seat_chips(view), SMALL / RULES_SCALE)  # labels 28 px once shrunk
    by_label = {c["label"]: c["vertices"] for c in view["cells"]}
    path = [layout.centroid(by_label[lb]) for lb in (view["last"] or {}).get("path") or []]
    for step, (a, b) in enumerate(pairwise(path), 1):
        # On the edge the step crosses, beside the path (to its left) so the arrowhead stays visible.
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        nx, ny = (b[1] - a[1]) / length, (a[0] - b[0]) / length
        spot = ((a[0] + b[0]) / 2 + nx * STEP_OFFSET, (a[1] + b[1]) / 2 + ny * STEP_OFFSET)
        canvas.disc(spot, 30, WHITE, str(step), INK, size=SMALL / RULES_SCALE, width=3)
    return _shrunk(canvas.image), GAME.view(before, None), view


def _paste_piece(canvas: Canvas, xy: Point, ch: Chip, value: int) -> tuple[float, float]:
    """A lone piece (the board's own sprite, shrunk like the diagrams) with its top-left at `xy`; its size."""
    sprite, mask = piece_sprite(2, True, ch.fill, value, ch.shape, "")
    canvas.image.paste(_shrunk(sprite), (round(xy[0] * SCALE), round(xy[1] * SCALE)), _shrunk(mask))
    return sprite.width * RULES_SCALE / SCALE, sprite.height * RULES_SCALE / SCALE


def _rules_detail(canvas: Canvas, x: float, y: float, before: Mapping[str, Any], after: Mapping[str, Any]) -> float:
    """What the diagram cannot show any more: the captured piece and the points, or the piece before and after a
    change; returns the y below (`y` when there is nothing to show)."""
    last = after["last"] or {}
    chips, names = seat_chips(after), [_(str(name)) for name in after["seat_names"]]
    seat = last["seat"]
    if last.get("captured"):
        taken = last["captured"]
        w, h = _paste_piece(canvas, (x, y), chips[taken["seat"]], taken["value"])
        text = _("+{value} for {colour}: {before} → {after} points", value=taken["value"], colour=names[seat],
                 before=before["points"][seat], after=after["points"][seat])
    elif last.get("kind") == "change":
        old = before["pieces"][last["cell"]]["value"]
        w, h = _paste_piece(canvas, (x, y), chips[seat], old)
        canvas.arrow((x + w + 8, y + h * 0.6), (x + w + 58, y + h * 0.6), MUTED, 6, outline=None)
        x += w + 66
        w, h = _paste_piece(canvas, (x, y), chips[seat], last["value"])
        text = f"{last['cell']}: {old} → {last['value']}"
    else:
        return y
    panel_text(canvas, x, y + h + 8, WIDTH - MARGIN - x, text, SMALL)
    return y + h + 8 + SMALL * 1.3


def render_rules() -> bytes:
    """One image summing up Sinoda: a move, a capture and a change on the small board; each picture with what it
    cannot show beside it and its words under it, for a phone."""
    rows = [(*_rules_diagram(position, action), _(title), _(caption), _(note))
            for title, caption, note, position, action in _RULE_ROWS]
    board_w, board_h = rows[0][0].width / SCALE, rows[0][0].height / SCALE
    width = WIDTH - 2 * MARGIN
    heights = [50 + board_h + 14 + text_height(caption, width) + text_height(note, width) + 34
               for _, _, _, _, caption, note in rows]
    canvas = Canvas(WIDTH, round(RULES_TOP + sum(heights)))
    title_bar(canvas, _("{game}: the rules", game=TITLE))
    canvas.text((WIDTH - MARGIN, HEADER_HEIGHT / 2 + 2), _("2, 3, 4 or 6 players"), SMALL, MUTED, anchor="rm")
    y: float = RULES_TOP
    for i, (image, before, after, title, caption, note) in enumerate(rows):
        if i:
            canvas.line([(MARGIN, y - 18), (WIDTH - MARGIN, y - 18)], BORDER, 1.5)
        canvas.text((MARGIN, y), title, BODY, INK)
        canvas.paste(image, (MARGIN, y + 50))
        _rules_detail(canvas, MARGIN + board_w + 20, y + 60, before, after)
        below = panel_text(canvas, MARGIN, y + 50 + board_h + 14, width, caption, SMALL)
        panel_text(canvas, MARGIN, below, width, note, SMALL, MUTED)
        y += heights[i]
    return canvas.png()


__all__ = ["render_rules"]
