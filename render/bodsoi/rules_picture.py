"""The illustrated rules summary for `/bodsoi rules`: the tile shapes in their rotations and the five symbols."""

from __future__ import annotations

from render.bodsoi.board import SIDES, SYMBOL_INK, TITLE, WIDTH, draw_symbol, tile_image
from render.kit import INK, MUTED, PAPER, Canvas
from render.panels import HEADER_HEIGHT, MARGIN, SMALL, panel_text, text_height, title_bar


def render_rules() -> bytes:
    """The tile shapes in their rotations and the five symbols, captioned, for a phone."""
    width = WIDTH - 2 * MARGIN
    rules = ("A tile next to others must match at least one neighbour's edge in your own colour with the same "
             "symbol. Join two opposite board edges with your colour's path for a Bodsoi (instant win). Otherwise "
             "the best anchored paths are compared: a path scores the row, counted from its edge, of the tile where "
             "it ends. Around the board, the ranks on the left count rows from S; the right counts from N, the top "
             "from E, and under the files the bottom counts from W.")
    tile, step = 110, 128
    top = HEADER_HEIGHT + 20
    symbols_top = top + 2 * (50 + tile + 50) + 20
    rules_top = symbols_top + 50 + 2 * 150
    canvas = Canvas(WIDTH, round(rules_top + text_height(rules, width) + MARGIN), PAPER)
    title_bar(canvas, f"{TITLE}: tiles and symbols")
    y = top
    for name, rotations, words in (("C-su-mo", (0, 90, 180, 270), "Corner tile, 4 rotations: the bands join two "
                                    "neighbouring edges."),
                                   ("S-st-wa", (0, 90), "Straight tile, 2 rotations: the bands cross, not joined.")):
        canvas.fit_text((MARGIN, y), words, SMALL, width, INK)
        for j, rot in enumerate(rotations):
            tx = MARGIN + j * step
            canvas.paste(tile_image(name, rot, tile), (tx, y + 44))
            canvas.text((tx + tile / 2, y + 44 + tile + 6), f"{rot}°", SMALL, MUTED, anchor="mt")
        y += 50 + tile + 50
    y = symbols_top
    canvas.text((MARGIN, y), "The five symbols, on a blue band and a yellow one:", SMALL, INK)
    for k, (code, name) in enumerate((("su", "sun"), ("mo", "moon"), ("st", "star"), ("le", "leaf"), ("wa", "wave"))):
        x, cy = MARGIN + (k % 3) * (width / 3), y + 50 + (k // 3) * 150 + 34
        for i, colour in enumerate(("blue", "yellow")):
            cx = x + 36 + i * 76
            canvas.circle((cx, cy), 32, fill=SIDES[colour], outline=INK, width=2)
            draw_symbol(canvas, code, (cx, cy), 20, SYMBOL_INK[colour], SIDES[colour])
        canvas.text((x + 74, cy + 44), f"{name} ({code})", SMALL, INK, anchor="mt")
    panel_text(canvas, MARGIN, rules_top, width, rules, SMALL, INK)
    return canvas.png()
