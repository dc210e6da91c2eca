"""Sakamichi's 27 dot tiles: the set, canonical names (`w2b3`) and reading a typed tile."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from i18n import _
from rules.base import NotationError, quote


class Tile(NamedTuple):
    """A dot tile: `w` white pips and `b` black pips; `tile[line]` is its value on line 0 (white) or 1 (black)."""

    w: int
    b: int


# Line index 0 is the white line, 1 the black line; a tile's value on a line is `tile[line]`.
LINES: tuple[str, str] = ("white", "black")
LINE_INDEX: dict[str, int] = {"white": 0, "black": 1, "w": 0, "b": 1}

TILES: tuple[Tile, ...] = tuple(sorted(Tile(w, b) for w in range(7) for b in range(7) if 1 <= w + b <= 6))
TILE_SET: frozenset[Tile] = frozenset(TILES)


def _name(tile: Tile) -> str:
    return (f"w{tile.w}" if tile.w else "") + (f"b{tile.b}" if tile.b else "")


NAMES: dict[Tile, str] = {t: _name(t) for t in TILES}
BY_NAME: dict[str, Tile] = {n: t for t, n in NAMES.items()}

_LOOKS_LIKE_TILE = re.compile(r"[wb][0-9]{1,3}(?:[wb][0-9]{1,3})?")  # ASCII digits, bounded


def name(tile: Tile) -> str:
    return NAMES[tile]


def names(tiles: Iterable[Tile]) -> str:
    """Space-separated canonical names, or '-' for none (the position text's list form)."""
    text = " ".join(NAMES[t] for t in tiles)
    return text or "-"


def looks_like_tile(token: str) -> bool:
    return _LOOKS_LIKE_TILE.fullmatch(token.lower()) is not None


def parse_tile(token: str) -> Tile:
    """A typed tile in any order with optional zeros (`b3w2`, `w4b0`); `NotationError` (bad_tile) otherwise."""
    token = token.strip().lower()
    if token in BY_NAME:
        return BY_NAME[token]
    match = re.fullmatch(r"([wb])([0-9]{1,3})(?:([wb])([0-9]{1,3}))?", token)
    if match is None:
        raise NotationError("syntax: " + _("{token} is not a tile — write tiles like w2b3, w4 or b5",
                                           token=quote(token)))
    first, first_n, second, second_n = match.groups()
    pips = {"w": 0, "b": 0}
    pips[first] = int(first_n)
    if second is not None:
        if second == first:
            raise NotationError("bad_tile: " + _("{token} names {colour} twice — write tiles like w2b3, w4 or b5",
                                                 token=token, colour=first))
        pips[second] = int(second_n)
    tile = Tile(pips["w"], pips["b"])
    if tile not in TILE_SET:
        raise NotationError("bad_tile: " + _("{token} is not one of the 27 tiles — each colour has 0 to 6 pips and a "
                                             "tile has 1 to 6 pips in all", token=token))
    return tile


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))
