"""The illustrated rules summary for `/sakamichi rules`, drawn with the Sakamichi board's own functions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from i18n import N_, _, active, ngettext
from render.kit import (
    BORDER,
    INK,
    MUTED,
    PAPER,
    Canvas,
    text_width,
)
from render.panels import BODY, HEADER_HEIGHT, LARGE, MARGIN, SMALL, panel_text, text_height, title_bar
from render.sakamichi.board import (
    DIE_COL,
    ROW_GAP,
    ROW_PAD,
    TILE_MAX,
    TITLE,
    WIDTH,
    Track,
    box_width,
    draw_line,
    side_width,
    track_height,
)
from rules.sakamichi import GAME
from rules.sakamichi.tiles import NAMES as TILE_NAMES

RULES_TILE = TILE_MAX
RULES_DIAGRAM_W = WIDTH - 2 * MARGIN  # phone first: each picture across the width, its words under it
ROW_NOTE_H = 40.0  # room under the rows for "2 tiles"


def rules_position(dice: str, white: str, black: str, hand: str, other: str) -> str:
    """An advanced-mode position text with P1 to act: the given rows and hands, every other tile in the pile and
    the last unseen one removed, as the spec's examples do."""
    shown = set(re.split(r"[^a-z0-9]+", " ".join((white, black, hand, other))))
    unseen = [n for n in TILE_NAMES.values() if n not in shown]
    return (f"mode advanced ; options count-rule=plus-or-minus stack-layers=one pile-end=after-turn six-rows=6 ; "
            f"phase play ; dice {dice} ; colours P1=white P2=black ; first P1 ; turn P1 ; draw done ; choice - ; "
            f"white {white} ; black {black} ; P1 hand {hand} markers RES ; P2 hand {other} markers RES ; "
            f"pile {' '.join(unseen[:-1])} ; removed {unseen[-1]} ; dead - ; result -")


def rules_lines() -> dict[str, dict[str, Any]]:
    """The diagrams' lines from real positions and moves, so rows, ends and marks are what the game says."""

    def line(position: str, colour: str, move: str | None = None) -> dict[str, Any]:
        state = GAME.from_position(position)
        if move:
            state = GAME.apply(state, GAME.parse(state, move, 0), 0)
        view = GAME.view(state, None)
        return {**view["lines"][colour], "last_move": view["last_move"]}

    sums = rules_position("4 2", "down 3[w1b4 w2] up 5[w5b1]", "down - up -", "w3 b2", "b6 w1b1")
    counts = rules_position("4 2", "down - up -", "down - up 3[w1b1 w2b2]", "b4 b1 b3 w3", "b6 w5")
    stack = rules_position("4 2", "down - up 5[w2 w3]", "down - up -", "w1b2 w4 b5", "b6 w5b1")
    return {"sums": line(sums, "white"), "counts": line(counts, "black", "place black up b4"),
            "before": line(stack, "white"), "after": line(stack, "white", "stack white 5 w1b2 w4")}


# Per diagram: title, caption, muted note (translated where drawn).
RULE_TEXT: dict[str, tuple[str, str, str]] = {
    "sums": (N_("Rows on a line"), N_(
        "Each line starts at its die. Going up, each row is worth one more (W5, W6...); going down, one less, "
        "ending at 1. A row's pips in the line's colour add up exactly to its value: W3 is w1b4 + w2, white pips "
        "only (the halves that do not count are faded)."), ""),
    "counts": (N_("How many tiles"), N_(
        "Beside the die a row holds 1 or 2 tiles. After that, each row holds one tile more or one less than the "
        "row before it, never the same number. B3 has 2 tiles, so B4 takes 1 or 3: here b4 alone. The next row "
        "then needs exactly 2."),
               N_("Basic mode: the same number as the row before, or one more.")),
    "stack": (N_("Stack (once per game)"), N_(
        "Cover a row with as many new tiles as it holds, adding up to the same value. W5 was w2 + w3; w1b2 + w4 "
        "also make 5 white pips, so they go on top."),
              N_("That is your play for the turn. The row keeps its value and the line gains no row; ×2 counts the "
                 "layers, and the covered tiles peek out behind the top ones.")),
}
TURN_TEXT = N_("A turn: draw a tile, then lay one new row at an open end (the dashed boxes give the next value and "
               "how many tiles fit) or use a once-per-game action: Redraw, Exchange or Stack. Empty your hand to "
               "win. In advanced mode six rows on your own line (its chip is under the die) also win. No legal "
               "action: you lose.")
# The two pictures of a Stack (translated where drawn).
BEFORE, AFTER = N_("before"), N_("after")


def _rule_text(key: str) -> tuple[str, str, str]:
    """A diagram's title, caption and note in the language being spoken."""
    title, caption, note = RULE_TEXT[key]
    return _(title), _(caption), _(note) if note else ""


def _diagram_height(data: Mapping[str, Any], notes: bool) -> float:
    return track_height(data, RULES_TILE) + (_notes_height(data) if notes else 0) - 6


def _note_words(row: Mapping[str, Any]) -> str:
    return ngettext("{n} tile", "{n} tiles", int(row["width"]))


def _notes_stagger(data: Mapping[str, Any]) -> bool:
    """Whether the tile-count notes under the rows are too wide for their rows in this language: then every other
    note goes a line lower, so none covers its neighbour."""
    return any(text_width(_note_words(row), SMALL) > box_width(row, RULES_TILE) + ROW_GAP
               for row in data.get("up") or [])


def _notes_height(data: Mapping[str, Any]) -> float:
    return ROW_NOTE_H + (SMALL * 1.3 if _notes_stagger(data) else 0)


def _rules_track(canvas: Canvas, data: Mapping[str, Any], left: float, top: float, label: str = "",
                 notes: bool = False) -> float:
    """One line centred on a plate like the board's, `notes` giving each up row's tile count; the plate's bottom."""
    tile = RULES_TILE
    down, up = side_width(data.get("down") or [], tile), side_width(data.get("up") or [], tile)
    die_x = left + (RULES_DIAGRAM_W - (down + DIE_COL + up)) / 2 + down + DIE_COL / 2
    bottom = top + _diagram_height(data, notes)
    canvas.rect((left - 10, top, left + RULES_DIAGRAM_W + 10, bottom), fill=PAPER, outline=BORDER, width=1.5,
                radius=12)
    if label:
        canvas.text((left + RULES_DIAGRAM_W - 4, top + 24), _(label), SMALL, MUTED, anchor="rm")
    track = Track(str(data["colour"]), data, top, die_x)
    draw_line(canvas, track, tile, data.get("last_move"), (), left + 2)
    if notes:
        x = die_x + DIE_COL / 2
        row_bottom = track.box_top + 2 * tile + 2 * ROW_PAD
        stagger = _notes_stagger(data)
        for i, row in enumerate(data.get("up") or []):
            w = box_width(row, tile)
            lower = SMALL * 1.3 if stagger and i % 2 else 0
            canvas.text((x + w / 2, row_bottom + 8 + lower), _note_words(row), SMALL, INK, anchor="mt")
            x += w + ROW_GAP
    return bottom


def _words_height(title: str, caption: str, note: str) -> float:
    width = WIDTH - 2 * MARGIN
    return 50 + text_height(caption, width) + (text_height(note, width) if note else 0)


def render_rules() -> bytes:
    """One image summing up Sakamichi, in the language being spoken (each drawn once per language)."""
    return rules_picture(active().code)


@lru_cache(maxsize=8)  # the same picture every time in each language
def rules_picture(code: str) -> bytes:
    """One image summing up Sakamichi: rows adding up to their value, the advanced tile count and a Stack; each
    picture across the width with its words under it, for a phone."""
    lines = rules_lines()
    sections = (("sums", [("", lines["sums"], False)]), ("counts", [("", lines["counts"], True)]),
                ("stack", [(BEFORE, lines["before"], False), (AFTER, lines["after"], False)]))
    left, top = MARGIN, float(HEADER_HEIGHT + 20)
    width = WIDTH - 2 * MARGIN
    turn_text = _(TURN_TEXT)
    heights = [sum(_diagram_height(d, notes) + 12 for _label, d, notes in tracks) + _words_height(*_rule_text(key))
               + 30 for key, tracks in sections]
    title, players = _("{game}: the rules", game=TITLE), ngettext("{n} player", "{n} players", 2)
    beside = text_width(title, LARGE) + 24 + text_width(players, SMALL) <= width  # else under the bar
    if not beside:
        top += text_height(players, width) + 8
    canvas = Canvas(WIDTH, round(top + sum(heights) + text_height(turn_text, width) + MARGIN))
    title_bar(canvas, title)
    if beside:
        canvas.text((WIDTH - MARGIN, HEADER_HEIGHT / 2 + 2), players, SMALL, MUTED, anchor="rm")
    else:
        panel_text(canvas, MARGIN, HEADER_HEIGHT + 12, width, players, SMALL, MUTED)
    y: float = top
    for (key, tracks), height in zip(sections, heights, strict=True):
        title, caption, note = _rule_text(key)
        canvas.text((left, y), title, BODY, INK)
        ty = y + 50
        for label, data, notes in tracks:
            ty = _rules_track(canvas, data, left, ty, label, notes) + 12
        ty = panel_text(canvas, left, ty, width, caption, SMALL)
        if note:
            panel_text(canvas, left, ty, width, note, SMALL, MUTED)
        y += height
        canvas.line([(MARGIN, y - 16), (WIDTH - MARGIN, y - 16)], BORDER, 1.5)
    panel_text(canvas, MARGIN, y, width, turn_text, SMALL)
    return canvas.png()
