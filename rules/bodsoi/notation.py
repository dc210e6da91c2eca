"""Reading Bodsoi move notation (spec section 8) and the spec's error codes."""

from __future__ import annotations

from functools import lru_cache

from i18n import _
from rules.base import RESIGN, Action, NotationError, quote
from rules.bodsoi.board import SQUARE_IDS
from rules.bodsoi.state import PASS, Draw, Place
from rules.bodsoi.tiles import normalise, read_tile

ROTATIONS: dict[str, int] = {"0": 0, "90": 1, "180": 2, "270": 3}
def _syntax(why: str) -> NotationError:
    how = _("write a placement as `place C-su-mo d4 90` (tile, square, rotation 0, 90, 180 or 270), or `pass`")
    # Translators: {why} is what was wrong with a typed placement, {how} how to write one.
    return NotationError(_("{why}; {how}", why=why, how=how), code="E_SYNTAX")


@lru_cache(maxsize=8192)
def read_action(text: str) -> Action:
    """The action `text` names, by syntax alone: a placement, `pass`, `resign` or a `draw <tile>` outcome."""
    tokens = text.lower().split()
    if tokens == ["pass"]:
        return PASS
    if tokens == ["resign"]:
        return RESIGN
    if len(tokens) == 2 and tokens[0] == "draw":
        tile = read_tile(tokens[1])
        if tile is None:
            raise _syntax(_("{text} is not a tile", text=quote(tokens[1])))
        return Draw(tile)
    if tokens and tokens[0] in ("place", "p"):
        tokens = tokens[1:]
    if not tokens:
        raise _syntax(_("there is nothing to read"))
    if len(tokens) != 3:
        raise _syntax(_("a placement has three parts, not {count}", count=len(tokens)))
    tile_text, square_text, rotation_text = tokens
    tile = read_tile(tile_text)
    if tile is None:
        raise _syntax(_("{text} is not a tile: shape c or s, then the blue and the yellow symbol (su, mo, st, le, "
                        "wa), e.g. C-su-mo", text=quote(tile_text)))
    if square_text not in SQUARE_IDS:
        raise _syntax(_("{text} is not a square a1..h8", text=quote(square_text)))
    if rotation_text not in ROTATIONS:
        raise _syntax(_("{text} is not a rotation: use 0, 90, 180 or 270 (clockwise)", text=quote(rotation_text)))
    return Place(tile, SQUARE_IDS[square_text], normalise(tile, ROTATIONS[rotation_text]))
