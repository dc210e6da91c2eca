"""Bodsoi's tiles (spec section 2-3): symbols, corner and straight shapes, rotation and what each edge shows.

Tiles are ints 0..49 in plain character order of their canonical names (`C-le-le` .. `S-wa-wa`); a renderer
imports `tile_geometry` to draw a tile in any rotation.
"""

from __future__ import annotations

import re
from typing import Any

SYMBOLS: tuple[str, ...] = ("le", "mo", "st", "su", "wa")  # plain character order
SYMBOL_NAMES: dict[str, str] = {"le": "leaf", "mo": "moon", "st": "star", "su": "sun", "wa": "wave"}
SHAPES: tuple[str, ...] = ("C", "S")
SHAPE_NAMES: dict[str, str] = {"C": "corner", "S": "straight"}

BLUE, YELLOW = 0, 1
COLOURS: tuple[str, ...] = ("blue", "yellow")
SIDE_LETTERS: tuple[str, ...] = ("B", "Y")

N, E, S, W = 0, 1, 2, 3
DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")

TILE_TYPES = 50
HAND_LIMIT = 5
# Per symbol pair: 2 identical corner tiles and 1 straight tile (section 2) -> 75 tiles.
FULL_SET: tuple[int, ...] = tuple(2 if t < 25 else 1 for t in range(TILE_TYPES))
TOTAL_TILES = sum(FULL_SET)

TILE_NAMES: tuple[str, ...] = tuple(
    f"{SHAPES[t // 25]}-{SYMBOLS[t // 5 % 5]}-{SYMBOLS[t % 5]}" for t in range(TILE_TYPES)
)
TILE_IDS: dict[str, int] = {name: t for t, name in enumerate(TILE_NAMES)}

# Rotation-0 colour on N, E, S, W.
_ROT0: dict[str, tuple[int, int, int, int]] = {
    "C": (BLUE, BLUE, YELLOW, YELLOW),  # blue joins N-E, yellow S-W
    "S": (BLUE, YELLOW, BLUE, YELLOW),  # blue joins N-S, yellow E-W; they cross without joining
}


def is_straight(tile: int) -> bool:
    return tile >= 25


def symbol_of(tile: int, colour: int) -> int:
    """The tile's symbol index in `colour` (blue comes first in the name)."""
    return tile // 5 % 5 if colour == BLUE else tile % 5


def quarters_of(tile: int) -> tuple[int, ...]:
    """The distinct orientations in quarter turns: a straight tile looks the same after a half turn."""
    return (0, 1) if is_straight(tile) else (0, 1, 2, 3)


def normalise(tile: int, quarter: int) -> int:
    """Canonical quarter turns: straight tiles 180 -> 0 and 270 -> 90."""
    return quarter % 2 if is_straight(tile) else quarter % 4


def _colours(tile: int, quarter: int) -> tuple[int, ...]:
    base = _ROT0[SHAPES[tile // 25]]
    return tuple(base[(d - quarter) % 4] for d in range(4))


# EDGE_CODES[tile][quarter][side] = colour * 5 + symbol: two edges match exactly when their codes are equal.
EDGE_CODES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(c * 5 + symbol_of(t, c) for c in _colours(t, q)) for q in range(4)) for t in range(TILE_TYPES)
)
def _band(tile: int, quarter: int, colour: int) -> tuple[int, int]:
    first, second = (d for d, c in enumerate(_colours(tile, quarter)) if c == colour)  # every band joins two sides
    return first, second


# BAND_SIDES[tile][quarter][colour] = the two sides that colour's band joins, in N, E, S, W order.
BAND_SIDES: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple(_band(t, q, colour) for colour in (BLUE, YELLOW)) for q in range(4)) for t in range(TILE_TYPES)
)

_SYM = r"(sun|moon|star|leaf|wave|su|mo|st|le|wa)"
TILE_RE = re.compile(rf"([cs])[-/]?{_SYM}[-/]?{_SYM}")
_SHORT = {name: code for code, name in SYMBOL_NAMES.items()} | {code: code for code in SYMBOLS}


def read_tile(text: str) -> int | None:
    """The tile written as `C-su-mo`, `csumo`, `S/star/wave`, ... (case-insensitive); None if it is not a tile."""
    found = TILE_RE.fullmatch(text.lower())
    if found is None:
        return None
    shape, blue, yellow = found.groups()
    return SHAPES.index(shape.upper()) * 25 + SYMBOLS.index(_SHORT[blue]) * 5 + SYMBOLS.index(_SHORT[yellow])


def tiles_text(counts: tuple[int, ...] | list[int]) -> str:
    """A multiset of tiles (a count per type) as position text: `C-le-le*2,S-wa-wa`, or `-` when empty."""
    parts = [f"{TILE_NAMES[t]}*{n}" if n > 1 else TILE_NAMES[t] for t, n in enumerate(counts) if n]
    return ",".join(parts) or "-"


def hand_text(tiles: tuple[int, ...] | list[int]) -> str:
    """`tiles_text` of a few tiles (a hand) as they are, without a count for each of the 50 types."""
    counts: dict[int, int] = {}
    for t in sorted(tiles):
        counts[t] = counts.get(t, 0) + 1
    return ",".join([f"{TILE_NAMES[t]}*{n}" if n > 1 else TILE_NAMES[t] for t, n in counts.items()]) or "-"


def counts_of(tiles: tuple[int, ...] | list[int]) -> list[int]:
    counts = [0] * TILE_TYPES
    for t in tiles:
        counts[t] += 1
    return counts


# Per tile and quarter turn (0-3, straight tiles' 2 and 3 as their canonical 0 and 1): what `tile_geometry` tells, as
# immutable parts built once. Views describe every placed tile of every board they show, and working each one out
# again was most of a view's time.
_Band = tuple[str, str, tuple[str, str]]  # symbol code, symbol name, the two sides it joins
_Drawn = tuple[str, str, int, tuple[_Band, _Band], tuple[str, str, str, str], bool]


def _drawing(tile: int, quarter: int) -> _Drawn:
    q = normalise(tile, quarter)
    blue, yellow = ((SYMBOLS[symbol_of(tile, c)], SYMBOL_NAMES[SYMBOLS[symbol_of(tile, c)]],
                     (DIRECTIONS[BAND_SIDES[tile][q][c][0]], DIRECTIONS[BAND_SIDES[tile][q][c][1]]))
                    for c in (BLUE, YELLOW))
    n, e, s, w = (COLOURS[c] for c in _colours(tile, q))
    return TILE_NAMES[tile], SHAPE_NAMES[SHAPES[tile // 25]], q * 90, (blue, yellow), (n, e, s, w), is_straight(tile)


_DRAWN: tuple[tuple[_Drawn, ...], ...] = tuple(tuple(_drawing(t, k) for k in range(4)) for t in range(TILE_TYPES))


def drawn(tile: int, quarter: int) -> tuple[str, str, int, dict[str, Any], dict[str, str], bool]:
    """`tile_geometry`'s values for a tile turned `quarter` quarter turns: name, shape, canonical degrees, bands, edges,
    crossing. The bands and edges are new dicts at every call, so a caller may change its own."""
    name, shape, degrees, ((blue, blue_name, (b1, b2)), (yellow, yellow_name, (y1, y2))), (n, e, s, w), crossing \
        = _DRAWN[tile][quarter % 4]
    bands = {"blue": {"symbol": blue, "name": blue_name, "edges": [b1, b2]},
             "yellow": {"symbol": yellow, "name": yellow_name, "edges": [y1, y2]}}
    return name, shape, degrees, bands, {"N": n, "E": e, "S": s, "W": w}, crossing


def tile_geometry(tile: int | str, rotation: int = 0) -> dict[str, Any]:
    """How to draw `tile` turned `rotation` degrees clockwise: which edges each band joins and what each edge shows.

    Returns {"tile": "C-su-mo", "shape": "corner" | "straight", "rotation": canonical degrees,
    "bands": {"blue": {"symbol": "su", "name": "sun", "edges": ["N", "E"]}, "yellow": {...}},
    "edges": {"N": "blue", "E": ..., "S": ..., "W": ...}, "crossing": True for a straight tile (the bands cross)}.
    """
    t = TILE_IDS[tile] if isinstance(tile, str) else tile
    if rotation % 90:
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation}")
    name, shape, degrees, bands, edges, crossing = drawn(t, rotation // 90)
    return {"tile": name, "shape": shape, "rotation": degrees, "bands": bands, "edges": edges, "crossing": crossing}
