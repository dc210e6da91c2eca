"""The illustrated rules summary for `/bodsoi rules`: the tile shapes in their rotations and the five symbols."""

from __future__ import annotations

from i18n import N_, _
from render.bodsoi.board import SIDES, SYMBOL_INK, TITLE, WIDTH, draw_symbol, tile_image
from render.kit import INK, MUTED, PAPER, Canvas, wrap
from render.panels import HEADER_HEIGHT, MARGIN, SMALL, panel_text, text_height, title_bar

# The symbols' names by their notation codes: marked here, translated where drawn.
SYMBOL_WORDS = (("su", N_("sun")), ("mo", N_("moon")), ("st", N_("star")), ("le", N_("leaf")), ("wa", N_("wave")))


def render_rules() -> bytes:
    """The tile shapes in their rotations and the five symbols, captioned, for a phone; every caption wrapped at
    the phone size, the picture as tall as the language spoken needs."""
    width = WIDTH - 2 * MARGIN
    rules = _("A tile next to others must match at least one neighbour's edge in your own colour with the same "
              "symbol. Join two opposite board edges with your colour's path for a Bodsoi (instant win). Otherwise "
              "the best anchored paths are compared: a path scores the row, counted from its edge, of the tile where "
              "it ends. Around the board, the ranks on the left count rows from S; the right counts from N, the top "
              "from E, and under the files the bottom counts from W.")
    shapes = (("C-su-mo", (0, 90, 180, 270), _("Corner tile, 4 rotations: the bands join two neighbouring edges.")),
              ("S-st-wa", (0, 90), _("Straight tile, 2 rotations: the bands cross, not joined.")))
    symbols = _("The five symbols, on a blue band and a yellow one:")
    names = [f"{_(word)} ({code})" for code, word in SYMBOL_WORDS]
    column = width / 3
    name_lines = max(len(wrap(name, SMALL, column - 8)) for name in names)
    tile, step = 110, 128
    top = HEADER_HEIGHT + 20
    shape_heights = [text_height(words, width) + 10 + tile + 50 for _name, _rotations, words in shapes]
    symbols_top = top + sum(shape_heights) + 20
    symbol_row = 120 + name_lines * SMALL * 1.3
    rules_top = symbols_top + text_height(symbols, width) + 10 + 2 * symbol_row
    canvas = Canvas(WIDTH, round(rules_top + text_height(rules, width) + MARGIN), PAPER)
    title_bar(canvas, _("{game}: tiles and symbols", game=TITLE))
    y: float = top
    for (name, rotations, words), height in zip(shapes, shape_heights, strict=True):
        below = panel_text(canvas, MARGIN, y, width, words, SMALL, INK) + 10
        for j, rot in enumerate(rotations):
            tx = MARGIN + j * step
            canvas.paste(tile_image(name, rot, tile), (tx, below))
            canvas.text((tx + tile / 2, below + tile + 6), f"{rot}°", SMALL, MUTED, anchor="mt")
        y += height
    y = panel_text(canvas, MARGIN, symbols_top, width, symbols, SMALL, INK) + 10
    for k, ((code, _word), name) in enumerate(zip(SYMBOL_WORDS, names, strict=True)):
        x, cy = MARGIN + (k % 3) * column, y + (k // 3) * symbol_row + 34
        for i, colour in enumerate(("blue", "yellow")):
            cx = x + 36 + i * 76
            canvas.circle((cx, cy), 32, fill=SIDES[colour], outline=INK, width=2)
            draw_symbol(canvas, code, (cx, cy), 20, SYMBOL_INK[colour], SIDES[colour])
        for n, line in enumerate(wrap(name, SMALL, column - 8)):
            canvas.text((x + 4, cy + 40 + n * SMALL * 1.3), line, SMALL, INK)
    panel_text(canvas, MARGIN, rules_top, width, rules, SMALL, INK)
    return canvas.png()
