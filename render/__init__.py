"""Board images from a rules view: one renderer per game, registered here, all drawn with `render.kit`.

Every board renderer has the signature of `BoardRenderer`: the view (`Game.view(state, seat)`), the display names
per seat (the caller knows them; the header shows them) and the match number; it returns PNG bytes. The same
board in words (the alt text of every image, the text board of `/<game> board format:text`) is in `render.describe`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from render import bodsoi, cintos, sakamichi, sakamichi_rules, sanae, sanae_rules, sinoda, sinoda_rules
from render.describe import ALT_LIMIT, TEXT_LIMIT, TEXTS, alt_text, text_board
from render.kit import Chip


class BoardRenderer(Protocol):
    def __call__(self, view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes: ...


# Keyed by the game's registry name (`Game.name`, also `view["game"]`).
RENDERERS: dict[str, BoardRenderer] = {
    "cintos": cintos.render_board,
    "sinoda": sinoda.render_board,
    "sakamichi": sakamichi.render_board,
    "sanae": sanae.render_board,
    "bodsoi": bodsoi.render_board,
}

# Each seat's chip (colour, shape, letter) from a view, per game: the header, panels and pieces use these.
SEAT_CHIPS: dict[str, Callable[[dict[str, Any]], list[Chip]]] = {
    "cintos": cintos.seat_chips,
    "sinoda": sinoda.seat_chips,
    "sakamichi": sakamichi.seat_chips,
    "sanae": sanae.seat_chips,
    "bodsoi": bodsoi.seat_chips,
}

# An illustrated rules summary per game, for `/<game> rules`.
RULES_IMAGES: dict[str, Callable[[], bytes]] = {
    "cintos": cintos.render_rules,
    "sinoda": sinoda_rules.render_rules,
    "sakamichi": sakamichi_rules.render_rules,
    "sanae": sanae_rules.render_rules,
    "bodsoi": bodsoi.render_rules,
}


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image of whichever game `view` belongs to."""
    return RENDERERS[view["game"]](view, names, match_id)


__all__ = ["ALT_LIMIT", "RENDERERS", "RULES_IMAGES", "SEAT_CHIPS", "TEXTS", "TEXT_LIMIT", "BoardRenderer", "alt_text",
           "render_board", "text_board"]
