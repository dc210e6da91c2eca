"""The 8x8 Bodsoi board (spec section 3): square labels, orthogonal neighbours and depth from each edge."""

from __future__ import annotations

from rules.bodsoi.tiles import E, N, S, W

SIZE = 8
SQUARES = SIZE * SIZE
FILES = "abcdefgh"

# Square index f * 8 + r, so index order is label order (a1, a2, ..., a8, b1, ..., h8).
LABELS: tuple[str, ...] = tuple(f"{FILES[i // SIZE]}{i % SIZE + 1}" for i in range(SQUARES))
SQUARE_IDS: dict[str, int] = {label: i for i, label in enumerate(LABELS)}


def _step(i: int, d: int) -> int:
    f, r = divmod(i, SIZE)
    f += (0, 1, 0, -1)[d]
    r += (1, 0, -1, 0)[d]
    return f * SIZE + r if 0 <= f < SIZE and 0 <= r < SIZE else -1


# NEIGHBOURS[i][d]: the square beyond side d (N, E, S, W) of square i, or -1 where that side is the board edge.
NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(
    (_step(i, N), _step(i, E), _step(i, S), _step(i, W)) for i in range(SQUARES)
)


def opposite(d: int) -> int:
    return (d + 2) % 4


def _depth(edge: int, i: int) -> int:
    f, r = divmod(i, SIZE)
    return {N: SIZE - r, S: r + 1, W: f + 1, E: SIZE - f}[edge]


# DEPTH[edge][i]: the row number of square i counted from that edge (1 on the edge row), section 3.
DEPTH: tuple[tuple[int, ...], ...] = tuple(tuple(_depth(edge, i) for i in range(SQUARES)) for edge in range(4))
