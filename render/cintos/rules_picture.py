"""The illustrated rules summary for `/cintos rules`, drawn with the Cintos board's own painter."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from i18n import N_, _
from render.cintos.board import FILES, TITLE, WIDTH, BoardPainter, board_from_placement, square_xy
from render.kit import BORDER, INK, MUTED, Canvas
from render.panels import BODY, HEADER_HEIGHT, MARGIN, SMALL, panel_text, text_height, title_bar


def _area(square: str) -> list[str]:
    f, r = square_xy(square)
    return [f"{FILES[x]}{y + 1}" for y in range(r - 1, r + 2) for x in range(f - 1, f + 2) if 0 <= x < 8 and 0 <= y < 8]


WORLD = {"NW": "R", "NE": None, "SE": "B", "SW": None}  # the classic two-player owners, for every diagram
_RULES_CELL, _RULES_LABEL = 70, 40

# (title, caption, note, placement before the move, move, captured squares, window files, window ranks);
# the capture rows are spec examples 3 and 5. The words are marked here and translated where drawn.
_RULE_ROWS: tuple[tuple[str, str, str, str, tuple[str, str] | None, tuple[str, ...], range, range], ...] = (
    (N_("Move"), N_("Slide one of your pieces one square up, down, left or right into an empty square: no diagonal "
                    "moves, no jumps. Red's piece on c6 has three moves; d6 is taken."),
     N_("Four 4x4 territories are tinted in their owner's colour (grey: no owner). Capture a player's last piece "
        "and their territory is yours. Own all 16 pieces to win."),
     "8/8/2RB4/8/8/8/8/8", None, (), range(0, 5), range(3, 8)),
    (N_("Victory by Numbers"), N_("After every move, count the pieces in the 3x3 area (shaded) around the square "
                                  "moved to. Whoever has the most there takes them all, mover or not. Red plays d5-e5 "
                                  "and holds 2 against 1: f5 turns red."), "",
     "RRRR4/RR2BBBB/4R1BB/3R1B1B/8/8/8/8", ("d5", "e5"), ("f5",), range(2, 7), range(3, 8)),
    (N_("Tie on Home Territory"), N_("On a tie with all the area's pieces on one territory, its owner takes them if "
                                     "they are in the tie. Red plays e3-f3: 2-2, all on Blue's territory, so Blue "
                                     "takes e2 and f3."),
     N_("If the owner is not in the tie (or there is none), the mover takes them if the mover is in it. "
        "Otherwise, or with pieces on two territories, nothing changes."),
     "RRRR2B1/RR4BB/6BB/7B/6B1/4R3/4RB2/8", ("e3", "f3"), ("e2", "f3"), range(3, 8), range(0, 5)),
)


def render_rules() -> bytes:
    """One image summing up Cintos: a move, a Victory-by-Numbers capture and a tie on home territory; each picture
    (before and after) across the width with its words under it, for a phone."""
    cell, label = _RULES_CELL, _RULES_LABEL
    board_w = 5 * cell + 2 * label
    width = WIDTH - 2 * MARGIN
    gap = width - 2 * board_w
    top = HEADER_HEIGHT + 20
    rows = [(_(title), _(caption), _(note) if note else "", placement, move, captured, files, ranks)
            for title, caption, note, placement, move, captured, files, ranks in _RULE_ROWS]
    heights = [50 + board_w + 44 + text_height(caption, width) + (text_height(note, width) if note else 0) + 34
               for _title, caption, note, *_rest in rows]
    canvas = Canvas(WIDTH, round(top + sum(heights)))
    title_bar(canvas, _("{game}: the rules", game=TITLE))
    canvas.text((WIDTH - MARGIN, HEADER_HEIGHT / 2 + 2), _("2 or 4 players"), SMALL, MUTED, anchor="rm")
    y: float = top
    for i, (title, caption, note, placement, move, captured, files, ranks) in enumerate(rows):
        if i:
            canvas.line([(MARGIN, y - 18), (WIDTH - MARGIN, y - 18)], BORDER, 1.5)
        canvas.text((MARGIN, y), title, BODY, INK)
        by = y + 50
        before = board_from_placement(placement)
        left = BoardPainter(canvas, MARGIN, by, cell, files, ranks, label)
        left.draw_frame()
        left.draw_squares(WORLD)
        after_x = MARGIN + board_w + gap
        if move is None:
            for dst in ("c7", "b6", "c5"):
                left.step_arrow("c6", dst)
            left.draw_pieces(before)
        else:
            src, dst = move
            left.draw_move(src, dst, planned=True)
            left.draw_pieces(before)
            canvas.text((MARGIN + board_w / 2, by + board_w + 8), _("before"), SMALL, MUTED, anchor="mt")
            canvas.arrow((MARGIN + board_w + 10, by + board_w / 2), (after_x - 10, by + board_w / 2), MUTED, 8,
                         outline=None)
            right = BoardPainter(canvas, after_x, by, cell, files, ranks, label)
            right.draw_frame()
            right.draw_squares(WORLD)
            right.draw_area(_area(dst))
            right.draw_move(src, dst)
            right.draw_pieces(_after(before, src, dst, captured))
            right.draw_captured(captured)
            canvas.text((after_x + board_w / 2, by + board_w + 8), _("after"), SMALL, MUTED, anchor="mt")
        ty = panel_text(canvas, MARGIN, by + board_w + 44, width, caption, SMALL)
        if note:
            panel_text(canvas, MARGIN, ty, width, note, SMALL, MUTED)
        y += heights[i]
    return canvas.png()


def _after(before: Mapping[str, str], src: str, dst: str, captured: Iterable[str]) -> dict[str, str]:
    """The board after moving `src` to `dst` and recolouring `captured` to the capturer's colour."""
    after = dict(before)
    mover = after.pop(src)
    after[dst] = mover
    captured = list(captured)
    if captured:
        # The capturer is whoever still owns a piece in the area that did not change colour.
        kept = [after[s] for s in _area(dst) if s in after and s not in captured]
        for square in captured:
            after[square] = kept[0]
    return after
