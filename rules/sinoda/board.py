"""Sinoda board graphs (spec section 3): triangle cells, labels, edge adjacency, start flowers and edge-step paths.

Both boards are built once at import; everything else (rules, renderer) reads these immutable tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Vertex = tuple[int, int]  # axial lattice coordinates (q, r); render at x = q + r/2, y = r·√3/2 with y up


@dataclass(frozen=True)
class Cell:
    """One triangle: kind "U" (▲, vertices (q,r),(q+1,r),(q,r+1)) or "D" (▼, vertices (q+1,r),(q,r+1),(q+1,r+1))."""

    kind: str
    q: int
    r: int

    @property
    def vertices(self) -> tuple[Vertex, Vertex, Vertex]:
        q, r = self.q, self.r
        if self.kind == "U":
            return (q, r), (q + 1, r), (q, r + 1)
        return (q + 1, r), (q, r + 1), (q + 1, r + 1)


MAX_STEPS = 4  # the highest piece value, hence the longest move

# Unit vectors e0..e5 (0°, 60°, …, 300°) and the named vertices of section 3.3.
UNIT: tuple[Vertex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
CORNER: dict[str, Vertex] = {f"C{k}": (2 * q, 2 * r) for k, (q, r) in enumerate(UNIT)}
SIDE: dict[str, Vertex] = {
    f"S{k}": (UNIT[k][0] + UNIT[(k + 1) % 6][0], UNIT[k][1] + UNIT[(k + 1) % 6][1]) for k in range(6)
}

# Start flowers per player count, seat 1 first, then clockwise on the image (section 4).
START_VERTICES: dict[int, tuple[Vertex, ...]] = {
    2: ((0, 1), (0, -1)),
    3: (CORNER["C2"], CORNER["C0"], CORNER["C4"]),
    4: (CORNER["C2"], SIDE["S0"], CORNER["C5"], SIDE["S3"]),
    6: (CORNER["C2"], CORNER["C1"], CORNER["C0"], CORNER["C5"], CORNER["C4"], CORNER["C3"]),
}


def hexdist(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


class Board:
    """The board of side `side`: cells indexed in label order (row a first, then by number), with their graph.

    Cell indices are ints so the rules can keep occupancy in a flat tuple; `labels[i]` / `index[label]` convert.
    """

    def __init__(self, name: str, side: int) -> None:
        self.name = name
        self.side = side
        n = side
        found: list[tuple[int, int, Cell]] = []
        for r in range(-n, n):
            for q in range(-2 * n, 2 * n + 1):
                for kind in "UD":
                    cell = Cell(kind, q, r)
                    if all(hexdist(*v) <= n for v in cell.vertices):
                        cx2 = 2 * q + r + (1 if kind == "U" else 2)
                        m = -2 * n + r + 1 if r >= 0 else -2 * n - r
                        found.append(((n - 1) - r, cx2 - m + 1, cell))
        found.sort(key=lambda item: (item[0], item[1]))
        self.cells: tuple[Cell, ...] = tuple(cell for _, _, cell in found)
        self.vertices: tuple[tuple[Vertex, Vertex, Vertex], ...] = tuple(cell.vertices for cell in self.cells)
        self.rows: tuple[int, ...] = tuple(row for row, _, _ in found)
        self.numbers: tuple[int, ...] = tuple(number for _, number, _ in found)
        self.labels: tuple[str, ...] = tuple(f"{chr(ord('a') + row)}{num}" for row, num, _ in found)
        self.index: dict[str, int] = {label: i for i, label in enumerate(self.labels)}
        self.row_count = 2 * n
        self.row_letters = "".join(chr(ord("a") + i) for i in range(self.row_count))
        at: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}

        def near(cell: Cell) -> list[Cell]:
            q, r = cell.q, cell.r
            if cell.kind == "U":
                return [Cell("D", q, r), Cell("D", q - 1, r), Cell("D", q, r - 1)]
            return [Cell("U", q, r), Cell("U", q + 1, r), Cell("U", q, r + 1)]

        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(at[c] for c in near(cell) if c in at)) for cell in self.cells
        )
        # paths[cell][steps]: every simple edge-step path of exactly `steps` steps, start included, ignoring pieces.
        self.paths: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(tuple(self._walks(i, steps)) for steps in range(MAX_STEPS + 1)) for i in range(len(self.cells))
        )
        self._at = at

    def _walks(self, start: int, steps: int) -> list[tuple[int, ...]]:
        walks: list[tuple[int, ...]] = [(start,)]
        for _ in range(steps):
            walks = [(*w, nb) for w in walks for nb in self.neighbours[w[-1]] if nb not in w]
        return walks

    def __len__(self) -> int:
        return len(self.cells)

    def cell_vertices(self, cell: int | str) -> tuple[Vertex, Vertex, Vertex]:
        """The triangle's three vertices in the spec's internal (q, r) coordinates."""
        return self.vertices[self.index[cell] if isinstance(cell, str) else cell]

    def points_up(self, cell: int) -> bool:
        return self.cells[cell].kind == "U"

    def flower(self, vertex: Vertex) -> tuple[int, ...]:
        """The 6 cells around an interior vertex, in label order."""
        a, b = vertex
        around = (Cell("U", a, b), Cell("U", a - 1, b), Cell("U", a, b - 1),
                  Cell("D", a - 1, b), Cell("D", a, b - 1), Cell("D", a - 1, b - 1))
        return tuple(sorted(self._at[c] for c in around))


SMALL = Board("small", 2)
LARGE = Board("large", 3)
BOARDS: dict[str, Board] = {"small": SMALL, "large": LARGE}


def board_for(players: int) -> Board:
    """The small board for 2 players, the large one for 3, 4 and 6."""
    return SMALL if players == 2 else LARGE


@cache
def start_cells(players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's six start cells (seat 1 first)."""
    board = board_for(players)
    return tuple(board.flower(v) for v in START_VERTICES[players])


def cell_vertices(board: str, cell: str) -> tuple[Vertex, Vertex, Vertex]:
    """Module-level shortcut for renderers: `cell_vertices("large", "c4")`."""
    return BOARDS[board].cell_vertices(cell)
