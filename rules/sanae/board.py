"""Sanae board graphs (spec section 3): cells, labels, adjacency, distances and drawing geometry, built at import."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cached_property
from typing import Any

SIDES = "RB"  # circle letters; seat 0 is Red (west), seat 1 is Blue (east)


@dataclass(frozen=True)
class Cell:
    """One cell: its canonical label, circle ("R", "B" or "C" for the Contended Ground), ring and arc."""

    id: int
    label: str
    circle: str
    ring: int
    arc: int


class Board:
    """Two circles of `rings` x `arcs` cells around a central hole, overlapping on ring `rings` at `shared` arcs.

    Cell ids follow the position-text cell order: Red's setup cells in layout-code order, the contended cells,
    then Blue's setup cells.
    """

    def __init__(self, name: str, rings: int = 4, arcs: int = 12, shared: tuple[int, ...] = (1, 0, 11),
                 spacing: float = 9.0) -> None:
        self.name = name
        self.rings = rings
        self.arcs = arcs
        self.spacing = spacing
        cells: list[Cell] = []
        key: dict[tuple[str, int, int], int] = {}  # (circle, ring, arc) -> id, both halves of contended cells

        def add_side(side: str) -> tuple[int, ...]:
            ids = []
            for ring in range(1, rings + 1):
                for arc in range(arcs):
                    if ring == rings and arc in shared:
                        continue
                    cell = Cell(len(cells), f"{side}{ring}.{arc:02d}", side, ring, arc)
                    key[side, ring, arc] = cell.id
                    cells.append(cell)
                    ids.append(cell.id)
            return tuple(ids)

        red = add_side("R")
        contended = []
        for k, arc in enumerate(shared, start=1):
            cell = Cell(len(cells), f"C{k}", "C", rings, arc)
            key["R", rings, arc] = key["B", rings, arc] = cell.id
            cells.append(cell)
            contended.append(cell.id)
        blue = add_side("B")
        self.cells: tuple[Cell, ...] = tuple(cells)
        self.size = len(cells)
        self.setup_cells: tuple[tuple[int, ...], tuple[int, ...]] = (red, blue)
        self.home: tuple[int | None, ...] = tuple(0 if c.circle == "R" else 1 if c.circle == "B" else None
                                                  for c in cells)  # whose setup cell it is
        self.contended: tuple[int, ...] = tuple(contended)
        self.code_groups: tuple[int, ...] = tuple(arcs - (len(shared) if ring == rings else 0)
                                                  for ring in range(1, rings + 1))
        self.labels: tuple[str, ...] = tuple(c.label for c in cells)
        self.cell_keys: tuple[tuple[str, str, int, int], ...] = tuple((c.label, c.circle, c.ring, c.arc) for c in cells)
        """Each cell's label, circle, ring and arc, unpacked at once where every cell is listed (a view)."""
        # Sorting by label rank is sorting by the label text (no label is a prefix of another).
        order = sorted(range(self.size), key=lambda i: self.labels[i])
        self.label_rank: tuple[int, ...] = tuple(order.index(i) for i in range(self.size))

        links: list[set[int]] = [set() for _ in cells]
        for side in SIDES:
            for ring in range(1, rings + 1):
                for arc in range(arcs):
                    here = key[side, ring, arc]
                    for dr in (-1, 0, 1):
                        for da in (-1, 0, 1):
                            if (dr or da) and 1 <= ring + dr <= rings:
                                links[here].add(key[side, ring + dr, (arc + da) % arcs])
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in links)
        # The same in label order, the notation's order of moves: a one-step stone's targets come out sorted.
        rank = self.label_rank.__getitem__
        self.by_label: tuple[int, ...] = tuple(sorted(range(self.size), key=rank))
        self.neighbours_by_label: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n, key=rank)) for n in links)
        self.adjacent: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in links)
        # Sets of cells as bit masks in label order (bit i: the cell of label rank i, `by_label[i]`), so that move
        # generation spreads over a whole set at once and reads its cells off a mask already in notation order.
        self.bit: tuple[int, ...] = tuple(1 << r for r in self.label_rank)
        self.neighbour_bits: tuple[int, ...] = tuple(sum(self.bit[n] for n in links[c]) for c in self.by_label)
        """By label rank: the mask of the cell's neighbours."""
        self.distance: tuple[tuple[int, ...], ...] = tuple(self._bfs(i) for i in range(self.size))
        self.index: dict[str, int] = self._spellings(key, shared)
        self.label_cell: dict[str, int] = {label: i for i, label in enumerate(self.labels)}
        """Each canonical label's cell (as written in positions); `cell` reads any spelling."""
        self.geometry: tuple[dict[str, Any], ...] = tuple(self._geometry(c) for c in cells)
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}
        self._within_by_label: dict[tuple[int, int], tuple[int, ...]] = {}
        self._within_bits: dict[tuple[int, int], int] = {}

    @cached_property
    def move_texts(self) -> tuple[tuple[str, ...], ...]:
        """`move_texts[source][target]`: the notation of that move, made once (moves are named by the million)."""
        return tuple(tuple(f"{source}-{target}" for target in self.labels) for source in self.labels)

    def _bfs(self, start: int) -> tuple[int, ...]:
        dist = [-1] * self.size
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self.neighbours[here]:
                if dist[n] < 0:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return tuple(dist)

    def _spellings(self, key: dict[tuple[str, int, int], int], shared: tuple[int, ...]) -> dict[str, int]:
        """Every accepted lower-case spelling of every cell (3.2), aliases of the contended cells included."""
        index = {f"c{k}": key["R", self.rings, arc] for k, arc in enumerate(shared, start=1)}
        for (side, ring, arc), cell in key.items():
            s = side.lower()
            for text in (f"{s}{ring}.{arc:02d}", f"{s}{ring}.{arc}", f"{s}{ring}{arc:02d}", f"{s}{ring}{arc}"):
                index[text] = cell
        return index

    def centre(self, side: str) -> tuple[float, float]:
        return (0.0, 0.0) if side == "R" else (self.spacing, 0.0)

    def arc_centre_angle(self, side: str, arc: int) -> float:
        """Degrees counter-clockwise from east (north up): arc 00 faces the other circle, arcs grow northward."""
        step = 360 / self.arcs
        return (arc * step) % 360 if side == "R" else (180 - arc * step) % 360

    def _geometry(self, cell: Cell) -> dict[str, Any]:
        half = 180 / self.arcs
        sectors = []
        anchors: list[list[float]] = []  # each sector's anchor (the cell's is their mean)
        for side in (SIDES if cell.circle == "C" else cell.circle):
            mid = self.arc_centre_angle(side, cell.arc)
            cx, cy = self.centre(side)
            r_mid = cell.ring + 0.5
            anchors.append([round(cx + r_mid * math.cos(math.radians(mid)), 4),
                            round(cy + r_mid * math.sin(math.radians(mid)), 4)])
            sectors.append({"circle": side, "centre": [cx, cy], "r_inner": float(cell.ring),
                            "r_outer": float(cell.ring + 1), "start_deg": (mid - half) % 360,
                            "end_deg": (mid + half) % 360 or 360.0, "anchor": anchors[-1]})
        anchor = [round(sum(a[k] for a in anchors) / len(anchors), 4) for k in (0, 1)]
        return {"label": cell.label, "circle": cell.circle, "ring": cell.ring, "arc": cell.arc,
                "sectors": sectors, "anchor": anchor}

    def drawing(self) -> dict[str, Any]:
        """What a renderer needs besides the cells: circle centres, ring radii and the hole (3.4 layout)."""
        return {"circles": {side: {"centre": list(self.centre(side)), "hole": 1.0,
                                   "radius": float(self.rings + 1)} for side in SIDES},
                "rings": self.rings, "arcs": self.arcs,
                "angles": "degrees counter-clockwise from east, north up; sectors run start_deg -> end_deg "
                          "counter-clockwise"}

    def cell(self, text: str) -> int | None:
        """The cell a player's label means (case-insensitive, dot optional, aliases accepted), or None."""
        return self.index.get(text.strip().lower())

    def within(self, start: int, steps: int) -> tuple[int, ...]:
        """Cells 1..`steps` steps from `start`, ignoring stones (the Dragon's flight, Zed range)."""
        found = self._within.get((start, steps))
        if found is None:
            found = self._within[start, steps] = tuple(c for c in range(self.size)
                                                       if 0 < self.distance[start][c] <= steps)
        return found

    def within_bits(self, start: int, steps: int) -> int:
        """`within` as a mask in label order."""
        found = self._within_bits.get((start, steps))
        if found is None:
            found = self._within_bits[start, steps] = sum(self.bit[c] for c in self.within(start, steps))
        return found

    def within_by_label(self, start: int, steps: int) -> tuple[int, ...]:
        """`within`, in label order (the Dragon's flight as the notation lists it)."""
        found = self._within_by_label.get((start, steps))
        if found is None:
            found = self._within_by_label[start, steps] = tuple(sorted(self.within(start, steps),
                                                                       key=self.label_rank.__getitem__))
        return found


BOARDS: dict[str, Board] = {"lens93": Board("lens93")}
