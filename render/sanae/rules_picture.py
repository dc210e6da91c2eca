"""The illustrated rules summary for `/sanae rules`, drawn with the Sanae board's own functions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import N_, _, active, ngettext
from render.kit import (
    BORDER,
    INK,
    LAST_MOVE,
    MUTED,
    PAPER,
    PLACES,
    SCALE,
    WHITE,
    Canvas,
    Colour,
    mix,
    rgba,
    text_width,
    wrap,
)
from render.panels import (
    BODY,
    HEADER_HEIGHT,
    LARGE,
    MARGIN,
    SMALL,
    panel_text,
    title_bar,
)
from render.sanae.board import (
    BOARD_TOP,
    STONE,
    TITLE,
    UNIT,
    WIDTH,
    draw_board,
    draw_stone,
    layout,
)
from rules.sanae import GAME
from rules.sanae.pieces import COUNTS, LETTERS, NAMES, RANGES, RANKS
from rules.sanae.state import SanaeState

REACH = PLACES[1]  # cells a longer move reaches (and reveals the stone): gold, no side's colour

RULES_WIDTH = 1000
SPECIAL_COMBAT = "WD"  # the spec's 6*: the King's rank, but they fight by rules of their own (5.4)
NOTES = {  # spec 2 and 5.4, one line or two per stone (translated where drawn)
    "V": N_("The flag. Never moves; any attacker takes it (but see Captain). Capture the enemy Void to win."),
    "K": N_("A side that has lost both King and Queen only draws by capturing the Void."),
    "W": N_("Beats ranks 1-3 (not an attacking Assassin). Against ranks 4-6, both roll once: it dies only to a "
            "higher 5 or 6."),
    "D": N_("Flies over stones. Beats ranks 1-2. Against ranks 3-6, both roll once: it dies only to a higher 6."),
    "C": N_("Zed Inel, once per Captain: swaps with its attacked Void (within 4 steps) and fights in its place."),
    "A": N_("Attacking, beats all but the Dragon. Attacked, beats only a Footman."),
}
# The stone table's column heads (translated where drawn).
HEADS = (N_("stone"), N_("rank"), N_("range"), N_("count"))
TABLE_ROW = 50.0  # a stone's row, its note under it
OPENING = ("options king-queen=flag-draw quiet-limit=200 zed-prompt=any-unused zed-range=4 board=lens93 ; phase play ; "
           "setup red=ready blue=ready ; first red ; turn red ; pending - ; quiet 0 ; captured red=- blue=- ; stones ")


def header_note(canvas: Canvas, title: str, note: str, top: float) -> float:
    """The title bar's note at its right end where the title leaves room, else on a line of its own under the bar
    (a long language); the y where the picture goes on."""
    if text_width(title, LARGE) + 24 + text_width(note, SMALL) <= RULES_WIDTH - 2 * MARGIN:
        canvas.text((RULES_WIDTH - MARGIN, HEADER_HEIGHT / 2 + 2), note, SMALL, MUTED, anchor="rm")
        return top
    return panel_text(canvas, MARGIN, top, RULES_WIDTH - 2 * MARGIN, note, SMALL, MUTED) + 8


def _stone_table(canvas: Canvas, y: float) -> float:
    """One row per stone, from the rules' own tables, its special rule under it; returns the y below."""
    width = RULES_WIDTH - 2 * MARGIN
    # The numbers' columns as far apart as their heads are wide in this language (140 px at least); a head of
    # several words wider than that wraps under itself.
    pitch = max(140.0, max(text_width(_(head), SMALL) for head in HEADS[1:]) + 16)
    cols = (MARGIN + 6, MARGIN + 60, MARGIN + 330, MARGIN + 330 + pitch, MARGIN + 330 + 2 * pitch)
    heads = [wrap(_(head), SMALL, pitch - 8) for head in HEADS]
    for i, (x, lines) in enumerate(zip(cols[1:], heads, strict=True)):
        for k, line in enumerate(lines):
            canvas.text((x if i == 0 else x + 40, y + k * SMALL * 1.2), line, SMALL, MUTED,
                        anchor="la" if i == 0 else "ma")
    y += 44 + (max(len(lines) for lines in heads) - 1) * SMALL * 1.2
    for i, letter in enumerate(LETTERS):
        note = _(NOTES[letter]) if letter in NOTES else ""
        height = TABLE_ROW + (len(wrap(note, SMALL, width - 70)) * SMALL * 1.25 + 6 if note else 0)
        if i % 2 == 0:
            canvas.rect((MARGIN - 8, y, RULES_WIDTH - MARGIN + 8, y + height), fill=mix(BORDER, PAPER, 0.35),
                        radius=8)
        mid = y + 25
        draw_stone(canvas, (cols[0] + STONE, mid), {"seat": 0, "letter": letter, "revealed": True}, False)
        canvas.fit_text((cols[1], mid), _(NAMES[letter]), BODY, cols[2] - cols[1], INK, anchor="lm", min_size=SMALL)
        rank = f"{RANKS[letter]}{'*' if letter in SPECIAL_COMBAT else ''}"
        canvas.text((cols[2] + 40, mid), rank, BODY, INK, anchor="mm")
        canvas.text((cols[3] + 40, mid), str(RANGES[letter]) if RANGES[letter] else "–", BODY, INK, anchor="mm")
        canvas.text((cols[4] + 40, mid), str(COUNTS[letter]), BODY, INK, anchor="mm")
        if note:
            canvas.paragraph((cols[1], y + TABLE_ROW), note, SMALL, width - 70, INK, 1.25)
        y += height
    y += 10
    return panel_text(canvas, MARGIN, y, width, _("* Wizard against Dragon, or either against its own kind: a plain "
                                                  "roll-off. All dice are rolled by the bot and shown to both."),
                      SMALL, MUTED)


def _legend(canvas: Canvas, y: float) -> float:
    """How stones look on the board image, two to a line; returns the y below."""
    looks: tuple[tuple[dict[str, Any], str], ...] = (
        ({"seat": 1}, _("hidden (Blue: square)")), ({"seat": 1, "letter": "N", "revealed": True}, _("revealed")),
        ({"seat": 0, "letter": "L"}, _("yours, unseen by the opponent")),
        ({"seat": 0, "letter": "C", "revealed": True, "zed_used": True}, _("Zed Inel used")))
    half = (RULES_WIDTH - 2 * MARGIN) / 2
    room = half - 2 * STONE - 24
    # Each pair of looks shares a line, as tall as its longer words wrap (two lines in a long language).
    wrapped = [wrap(words, SMALL, room) for _stone_look, words in looks]
    for pair in range(0, len(looks), 2):
        lines = max(len(w) for w in wrapped[pair:pair + 2])
        row = max(52.0, lines * SMALL * 1.2 + 14)
        cy = y + row / 2
        for i in (pair, pair + 1):
            x = MARGIN + (i % 2) * half
            draw_stone(canvas, (x + STONE + 4, cy), looks[i][0], True)
            ty = cy - len(wrapped[i]) * SMALL * 1.2 / 2
            for line in wrapped[i]:
                canvas.text((x + 2 * STONE + 18, ty), line, SMALL, MUTED, anchor="la")
                ty += SMALL * 1.2
        y += row
    return y + 10


def _reach(state: SanaeState, source: int) -> tuple[list[int], list[int]]:
    """Red's legal destinations from `source`: (one step: stays hidden), (more steps: revealed), by the rules."""
    near: list[int] = []
    far: list[int] = []
    for action in GAME.legal_actions(state, 0):
        if getattr(action, "source", None) == source:
            (near if action.target in layout().board.adjacent[source] else far).append(action.target)
    return near, far


def _path_arrow(canvas: Canvas, points: Sequence[tuple[float, float]]) -> None:
    """The move's way through the cells, from the stone's rim to the target's: the last move's black line."""
    def toward(p: tuple[float, float], q: tuple[float, float], by: float) -> tuple[float, float]:
        d = math.dist(p, q)
        return p[0] + (q[0] - p[0]) / d * by, p[1] + (q[1] - p[1]) / d * by

    points = [toward(points[0], points[1], STONE + 2), *points[1:-1], toward(points[-1], points[-2], STONE - 2)]
    if len(points) > 2:
        canvas.line(points[:-1], WHITE, 9)
        canvas.line(points[:-1], LAST_MOVE, 5)
    canvas.arrow(points[-2], points[-1], LAST_MOVE, 5, outline=WHITE, outline_width=2)


PICTURE_W = (RULES_WIDTH - 2 * MARGIN - 40) / 2  # before and after side by side


def _crop(cells: Sequence[int]) -> tuple[float, float, float, float]:
    """The part of the board image around `cells` (board image pixels), as wide as a picture is high by 4:3."""
    lay = layout()
    xs = [lay.anchors[c][0] for c in cells]
    ys = [lay.anchors[c][1] for c in cells]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w = max(max(xs) - min(xs) + 3.2 * UNIT, 6.4 * UNIT)
    h = w * 0.75
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _diagram(canvas: Canvas, x: float, y: float, stones: str, move: str,
             show_reach: bool) -> tuple[SanaeState, SanaeState, tuple[list[int], list[int]], float]:
    """Before (Red's own view) and after (everyone's view) a real move, cropped around it and side by side;
    (before, after, reach, the y below)."""
    lay, labels = layout(), list(layout().board.labels)
    before = GAME.from_position(OPENING + stones + " ; result -")
    after = GAME.apply(before, GAME.parse(before, move, 0), 0)
    src, dst = (labels.index(c) for c in move.split("-"))
    reach = _reach(before, src)
    washes: dict[int, Colour] = {}
    if show_reach:
        washes = {**{t: rgba(WHITE, 0.7) for t in reach[0]}, **{t: rgba(REACH, 0.55) for t in reach[1]}}
    board_h = round(BOARD_TOP + lay.height)
    left, right = Canvas(WIDTH, board_h), Canvas(WIDTH, board_h)
    draw_board(left, GAME.view(before, 0), washes, names=False)  # cropped: the circles' names would show cut
    # The way it goes: straight for one step, else through a free cell next to both ends (a two-step move).
    grid = lay.board
    free = [c for c in grid.neighbours[src] if c in grid.adjacent[dst] and not before.cells[c]]
    via = [] if dst in grid.adjacent[src] else [max(free, key=lambda c: grid.cells[c].ring)]  # outer: more room
    _path_arrow(left, [lay.anchors[c] for c in (src, *via, dst)])
    draw_board(right, GAME.view(after, None), names=False)
    box = _crop([src, dst, *via, *(reach[1] if show_reach else [])])
    h = PICTURE_W * (box[3] - box[1]) / (box[2] - box[0])
    size = (round(PICTURE_W * SCALE), round(h * SCALE))
    captions = [wrap(words, SMALL, PICTURE_W) for words in (_("before: what Red sees"), _("after: what everyone sees"))]
    for i, (side, lines) in enumerate(zip((left, right), captions, strict=True)):
        bx = x + i * (PICTURE_W + 40)
        x0, y0, x1, y1 = (round(v * SCALE) for v in box)
        picture = side.image.crop((x0, y0, x1, y1)).resize(size, Image.Resampling.LANCZOS)
        canvas.paste(picture, (bx, y))
        canvas.rect((bx, y, bx + PICTURE_W, y + h), outline=BORDER, width=1.5)
        for k, line in enumerate(lines):
            canvas.text((bx + PICTURE_W / 2, y + h + 8 + k * SMALL * 1.3), line, SMALL, MUTED, anchor="mt")
    canvas.arrow((x + PICTURE_W + 6, y + h / 2), (x + PICTURE_W + 34, y + h / 2), MUTED, 6, head=14, outline=None)
    return before, after, reach, y + h + 8 + SMALL * 1.3 * max(len(lines) for lines in captions)


def _move_caption(before: SanaeState, after: SanaeState, reach: tuple[list[int], list[int]], move: str) -> str:
    letter = before.cells[layout().board.labels.index(move.split("-")[0])][1]
    near, far = reach
    return _("A stone moves up to its range, one step at a time through empty cells, any way round (diagonals "
             "too). Red's {stone} (range {range}) has {moves} moves. One step (pale cells, {near}) keeps it hidden; "
             "further (gold, {far}) reveals it for good: after {move} everyone sees the {letter}.",
             stone=_(NAMES[letter]), range=RANGES[letter], moves=len(near) + len(far), near=len(near), far=len(far),
             move=move, letter=letter)


def _attack_caption(before: SanaeState, after: SanaeState, reach: tuple[list[int], list[int]], move: str) -> str:
    fight = GAME.view(after, None)["last"]["combat"]
    a, d = fight["attacker"]["letter"], fight["defender"]["letter"]
    fields = {"attacker": _(NAMES[a]), "a": RANKS[a], "defender": _(NAMES[d]), "d": RANKS[d],
              "cell": move.split("-")[1]}
    if fight["winner"] == "red":
        return _("Moving onto an enemy stone attacks. Both turn face up for good and the higher rank wins: Red's "
                 "{attacker} ({a}) takes the {defender} ({d}) on {cell}. Equal ranks: each rolls a die, the higher "
                 "wins.", **fields)
    return _("Moving onto an enemy stone attacks. Both turn face up for good and the higher rank wins: Red's "
             "{attacker} ({a}) loses to the {defender} ({d}) on {cell}. Equal ranks: each rolls a die, the higher "
             "wins.", **fields)


# (title, stones, Red's move, crop of the board image, caption, mark the reach): spec example 2 (a Queen boxed
# in) and example 9 (a combat decided by rank).
DIAGRAMS = (
    (N_("Moving"), "R1.02=bF R1.03=rF R2.02=rF R2.03=rQ R2.04=rF R3.02=bN R3.03=rF", "R2.03-R2.05", _move_caption,
     True),
    (N_("Attacking"), "R1.06=rV R3.00=rL C2=bF B1.06=bV B2.00=bD", "R3.00-C2", _attack_caption, False),
)


def render_rules() -> bytes:
    """One image summing up Sanae, in the language being spoken (drawn once per language)."""
    return rules_picture(active().code)


@lru_cache(maxsize=8)
def rules_picture(code: str) -> bytes:
    """One image summing up Sanae: the ten stones with rank, range and count, and two moves drawn on the board.

    Cached: it never changes in a language, and its four board drawings take a third of a second."""
    top: float = HEADER_HEIGHT + 16
    width = RULES_WIDTH - 2 * MARGIN
    canvas = Canvas(RULES_WIDTH, 3600)  # room for the longest language's words: cut to what they take below
    title = _("{game}: the rules", game=TITLE)
    title_bar(canvas, title)
    note = ngettext("{n} players, 36 stones each", "{n} players, 36 stones each", 2)
    top = header_note(canvas, title, note, top)
    y = _stone_table(canvas, top) + 12
    y = _legend(canvas, y) + 8
    for title, stones, move, caption, show_reach in DIAGRAMS:
        canvas.line([(MARGIN, y), (RULES_WIDTH - MARGIN, y)], BORDER, 1.5)
        canvas.text((MARGIN, y + 16), _(title), BODY, INK)
        before, after, reach, below = _diagram(canvas, MARGIN, y + 64, stones, move, show_reach)
        y = panel_text(canvas, MARGIN, below + 6, width, caption(before, after, reach, move), SMALL) + 16
    canvas.line([(MARGIN, y), (RULES_WIDTH - MARGIN, y)], BORDER, 1.5)
    limit = GAME.setup(2).options.quiet_limit
    y = panel_text(canvas, MARGIN, y + 12, width,
                   _("Win by capturing the enemy Void. A player with no legal move loses; {limit} moves in a row "
                     "without combat is a draw. Setup is private: each side places its 36 stones in its own circle "
                     "(9 cells stay empty), then both are shown face down.", limit=limit), SMALL) + MARGIN
    out = Canvas(RULES_WIDTH, round(y))  # drawn on a tall canvas first: the captions decide the height
    out.paste(canvas.image, (0, 0))
    return out.png()


__all__ = ["render_rules"]
