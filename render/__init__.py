"""Board images from a rules view: one renderer per game, all drawn with `render.kit`, in tables built from the
games' entries (games/: each names its board module, with `render_board` and `seat_chips`, and its rules picture's,
with `render_rules`).

Every board renderer has the signature of `BoardRenderer`: the view (`Game.view(state, seat)`), the display names
per seat (the caller knows them; the header shows them) and the match number; it returns PNG bytes. The same
board in words (the alt text of every image, the text board of `/<game> board format:text`) is in `render.describe`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, Protocol

from games import table, table_of
from render.describe import ALT_LIMIT, TEXT_LIMIT, TEXTS, alt_text, text_board
from render.kit import Chip


class BoardRenderer(Protocol):
    def __call__(self, view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes: ...


# Keyed by the game's registry name (`Game.name`, also `view["game"]`).
RENDERERS: dict[str, BoardRenderer] = table(lambda entry: import_module(entry.board).render_board)

# Each seat's chip (colour, shape, letter) from a view, per game: the header, panels and pieces use these.
SEAT_CHIPS: dict[str, Callable[[dict[str, Any]], list[Chip]]] = table(
    lambda entry: import_module(entry.board).seat_chips)

# An illustrated rules summary per game, for `/<game> rules`.
RULES_IMAGES: dict[str, Callable[[], bytes]] = table_of(
    lambda entry: import_module(entry.rules_picture).render_rules if entry.rules_picture else None)


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image of whichever game `view` belongs to."""
    return RENDERERS[view["game"]](view, names, match_id)


__all__ = ["ALT_LIMIT", "RENDERERS", "RULES_IMAGES", "SEAT_CHIPS", "TEXTS", "TEXT_LIMIT", "BoardRenderer", "alt_text",
           "render_board", "text_board"]
