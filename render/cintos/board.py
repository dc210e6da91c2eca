"""The Cintos board image: 8x8, four tinted territories, lettered pieces (the rules picture draws with it)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import _, ngettext
from render.kit import (
    BOARD,
    BORDER,
    INK,
    LAST_MOVE,
    MUTED,
    NEUTRAL,
    PAPER,
    SCALE,
    WHITE,
    Canvas,
    Chip,
    chip,
    first_fitting,
    mix,
    shadow_on,
    text_width,
)
from render.panels import (
    BODY,
    HEADER_HEIGHT,
    MARGIN,
    SMALL,
    PanelRow,
    card_text_width,
    cards_height,
    display_names,
    header,
    panel_text,
    reason_line,
    seat_cards,
    text_height,
)
from rules.cintos.board import COLOUR_NAMES  # English: the chips' colours; translated where shown

TITLE = "Cintos"
FILES = "abcdefgh"
CHIPS: dict[str, Chip] = {letter: chip(name, letter) for letter, name in COLOUR_NAMES.items()}
TERRITORY_OF = {(False, True): "NW", (True, True): "NE", (True, False): "SE", (False, False): "SW"}

# The board image, phone first: the board across the whole width (8 cells of CELL px inside a coordinate band of
# LABEL px), the seats and the last turn under it.
WIDTH = 1000
LABEL = 40
CELL = (WIDTH - 2 * MARGIN - 2 * LABEL) // 8
BOARD_TOP = HEADER_HEIGHT + 16
BOARD_SIZE = 8 * CELL + 2 * LABEL
PANEL_TOP = BOARD_TOP + BOARD_SIZE + 16
PANEL_W = WIDTH - 2 * MARGIN
MINI = 48  # a territory in the little map under the board

LIGHT_TINT, DARK_TINT = 0.22, 0.32  # how much owner colour the light and dark squares take


def square_xy(square: str) -> tuple[int, int]:
    """(file, rank), both 0..7, of a label like "b6"."""
    return FILES.index(square[0]), int(square[1:]) - 1


def board_box(square: str) -> tuple[float, float, float, float]:
    """Where `square` lies on the board image (final pixels)."""
    f, r = square_xy(square)
    x, y = MARGIN + LABEL + f * CELL, BOARD_TOP + LABEL + (7 - r) * CELL
    return x, y, x + CELL, y + CELL


def territory(file: int, rank: int) -> str:
    return TERRITORY_OF[(file >= 4, rank >= 4)]


def tints(owners: Mapping[str, str | None]) -> dict[str, tuple[str, str]]:
    """(light, dark) square colours per territory: the owner's colour faded into the paper, grey when unowned."""
    out = {}
    for name in ("NW", "NE", "SE", "SW"):
        owner = owners.get(name)
        base = CHIPS[owner].fill if owner in CHIPS else NEUTRAL
        amount = (0.55, 0.75) if base == NEUTRAL else (LIGHT_TINT, DARK_TINT)
        out[name] = (mix(base, PAPER, amount[0]), mix(base, PAPER, amount[1]))
    return out


class BoardPainter:
    """Draws a window of the board (all of it, or a few files and ranks for the rules diagrams) at a cell size."""

    def __init__(self, canvas: Canvas, left: float, top: float, cell: float, files: Sequence[int] = range(8),
                 ranks: Sequence[int] = range(8), label: float = LABEL) -> None:
        self.canvas, self.cell, self.label = canvas, cell, label
        self.files, self.ranks = list(files), list(ranks)
        self.x0, self.y0 = left + label, top + label  # top-left corner of the squares
        self.x1 = self.x0 + cell * len(self.files)
        self.y1 = self.y0 + cell * len(self.ranks)

    def box(self, square: str) -> tuple[float, float, float, float]:
        f, r = square_xy(square)
        x = self.x0 + (f - self.files[0]) * self.cell
        y = self.y0 + (self.ranks[-1] - r) * self.cell  # rank 1 at the bottom
        return x, y, x + self.cell, y + self.cell

    def centre(self, square: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(square)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def squares(self) -> Iterable[str]:
        for r in self.ranks:
            for f in self.files:
                yield f"{FILES[f]}{r + 1}"

    def inside(self, square: str) -> bool:
        f, r = square_xy(square)
        return f in self.files and r in self.ranks

    def draw_frame(self) -> None:
        """The plate under the squares and the coordinates on all four sides (a1 bottom-left)."""
        c, lab = self.canvas, self.label
        c.rect((self.x0 - lab, self.y0 - lab, self.x1 + lab, self.y1 + lab), fill=BOARD, outline=BORDER, radius=8)
        size = min(SMALL, lab * 0.7)
        for i, f in enumerate(self.files):
            x = self.x0 + (i + 0.5) * self.cell
            c.text((x, self.y0 - lab / 2), FILES[f], size, MUTED, anchor="mm")
            c.text((x, self.y1 + lab / 2), FILES[f], size, MUTED, anchor="mm")
        for i, r in enumerate(reversed(self.ranks)):
            y = self.y0 + (i + 0.5) * self.cell
            c.text((self.x0 - lab / 2, y), str(r + 1), size, MUTED, anchor="mm")
            c.text((self.x1 + lab / 2, y), str(r + 1), size, MUTED, anchor="mm")

    def draw_squares(self, owners: Mapping[str, str | None]) -> None:
        """The squares tinted by territory owner, with the territory borders."""
        colours = tints(owners)
        if (self.files, self.ranks, self.cell) == (list(range(8)), list(range(8)), CELL):
            # The whole board: each territory's 16 squares drawn once per tint and copied in (a whole board per
            # owners took 12 MB a picture, 370 MB in a full cache; four quarters the same pixels).
            for area, (column, row) in QUARTERS.items():
                self.canvas.paste(_quarter(*colours[area]), (self.x0 + column * CELL, self.y0 + row * CELL))
        else:
            for square in self.squares():
                f, r = square_xy(square)
                light, dark = colours[territory(f, r)]
                self.canvas.rect(self.box(square), fill=dark if (f + r) % 2 == 0 else light)
        self._draw_borders()

    def _draw_borders(self) -> None:
        c = self.canvas
        # Territory borders where the window crosses the board's middle lines, ending on the squares' last pixels
        # (as the frame around them does: Pillow's lines include their end point).
        mid_x = self.x0 + (4 - self.files[0]) * self.cell
        mid_y = self.y0 + (self.ranks[-1] - 3) * self.cell
        right, bottom = self.x1 - 1 / SCALE, self.y1 - 1 / SCALE
        if self.x0 < mid_x < self.x1:
            c.line([(mid_x, self.y0), (mid_x, bottom)], MUTED, 2.5)
        if self.y0 < mid_y < self.y1:
            c.line([(self.x0, mid_y), (right, mid_y)], MUTED, 2.5)
        c.rect((self.x0, self.y0, self.x1, self.y1), outline=MUTED, width=1.5)

    def draw_area(self, area: Iterable[str]) -> None:
        """The capture area: a translucent wash and a dashed frame around the clipped 3x3 block."""
        boxes = [self.box(s) for s in area if self.inside(s)]
        if not boxes:
            return
        for b in boxes:
            self.canvas.wash(b)
        frame = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                 max(b[3] for b in boxes))
        self.canvas.dashed_rect(frame, INK, 2, dash=9, gap=6)

    def draw_move(self, src: str | None, dst: str | None, planned: bool = False) -> None:
        """The last move's 4 px outlines on both squares and its arrow; `planned`: the piece is still on `src`."""
        width = max(5.0, self.cell / 11)
        for square in (src, dst):
            if square and self.inside(square):
                self.canvas.mark(self.box(square), width)
        if src and dst:
            self.step_arrow(src, dst, from_piece=planned)

    def step_arrow(self, src: str, dst: str, from_piece: bool = True) -> None:
        """An arrow for a one-square step, starting at the piece's rim on `src` or ending at it on `dst`."""
        if not (self.inside(src) and self.inside(dst)):
            return
        (x0, y0), (x1, y1) = self.centre(src), self.centre(dst)
        ux, uy = (x1 - x0) / self.cell, (y1 - y0) / self.cell  # a unit vector: steps are one cell long
        rim, near = self.piece_radius() + 3, self.cell * 0.12
        start, stop = (rim, near) if from_piece else (near, rim)
        self.canvas.arrow((x0 + ux * start, y0 + uy * start), (x1 - ux * stop, y1 - uy * stop), LAST_MOVE,
                          max(4.0, self.cell / 11), outline=WHITE, outline_width=2)

    def piece_radius(self) -> float:
        return self.cell * 0.36

    def draw_pieces(self, board: Mapping[str, str], owners: Mapping[str, str | None] | None = None) -> None:
        r = self.piece_radius()
        colours = tints(owners or {})
        for square, letter in board.items():
            if self.inside(square) and letter in CHIPS:
                ch = CHIPS[letter]
                f, rank = square_xy(square)
                light, dark = colours[territory(f, rank)]
                # The shadow painted in its colour on this square: blending 18 of them cost a third of a render.
                shadow = shadow_on(dark if (f + rank) % 2 == 0 else light) if owners is not None else True
                self.canvas.token(self.centre(square), r, ch.fill, ch.shape, ch.label, ch.text,
                                  size=max(SMALL, r * 0.95), width=max(1.5, r / 16), shadow=shadow)

    def draw_captured(self, captured: Iterable[str]) -> None:
        """A small cross in the top-right corner of every square whose piece changed colour."""
        size = max(9.0, self.cell * 0.19)
        for square in captured:
            if self.inside(square):
                _, y0, x1, _ = self.box(square)
                self.canvas.cross((x1 - size * 0.95, y0 + size * 0.95), size, INK, max(2.0, self.cell / 28))


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    colours = view.get("seat_colours")
    if colours:
        return list(colours)
    return list("RB" if int(view.get("players") or 2) == 2 else "RYBG")  # the rules' seat order


def _seat_detail(view: Mapping[str, Any], seat: int, letter: str, width: float) -> str:
    """'Red · 4 pieces · to move', shortened (colour name first to go) to fit the card."""
    scores = view.get("scores") or []
    count = scores[seat] if seat < len(scores) else 0
    pieces = ngettext("{n} piece", "{n} pieces", count)
    outcome = view.get("outcome")
    winners = list(outcome.get("winners") or []) if outcome else []
    colour = _(COLOUR_NAMES[letter]) if letter in COLOUR_NAMES else letter
    if _flag(view, "eliminated", seat):
        gone = _("eliminated")
        return first_fitting([f"{colour} · {gone}", gone], SMALL, width)
    state = (_("resigned") if _flag(view, "resigned", seat) else _("winner") if winners == [seat]
             else _("shared win") if seat in winners and len(winners) < int(view.get("players") or 0)
             else _("draw") if seat in winners
             else _("to move") if seat == view.get("to_move") and not outcome else "")
    if not state:
        return first_fitting([f"{colour} · {pieces}", pieces], SMALL, width)
    return first_fitting([f"{colour} · {pieces} · {state}", f"{colour} · {state}", f"{pieces} · {state}", state],
                         SMALL, width)


def _flag(view: Mapping[str, Any], key: str, seat: int) -> bool:
    flags = view.get(key) or []
    return bool(flags[seat]) if seat < len(flags) else False


def _rows(view: Mapping[str, Any], names: Sequence[str], colours: Sequence[str]) -> list[PanelRow]:
    outcome = view.get("outcome")
    winners = set(outcome.get("winners") or []) if outcome else set()
    rows = []
    for seat, letter in enumerate(colours):
        active = seat in winners if outcome else seat == view.get("to_move")
        out = _flag(view, "eliminated", seat) or _flag(view, "resigned", seat)
        rows.append(PanelRow(_chip(letter), names[seat], _seat_detail(view, seat, letter, card_text_width(PANEL_W)),
                             active, out))
    return rows


def _words(view: Mapping[str, Any], names: Sequence[str], colours: Sequence[str]) -> tuple[str, str]:
    """(the result's reason, the last turn) in words for under the board; "" where there is none."""
    reason = reason_line(view, names)  # the header says who; here why
    words = describe_last(view, names, colours).replace("\n", " ") if view.get("last") else ""
    last = _("Last: {action}", action=words) if words else ""
    return reason, last


def panel_height(view: Mapping[str, Any], names: Sequence[str]) -> float:
    reason, last = _words(view, names, seat_colours(view))
    return (cards_height(len(seat_colours(view))) + 16 + 2 * MINI + 16 + text_height(reason, PANEL_W, BODY)
            + text_height(last, PANEL_W) + 16)


def _panel(canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], colours: Sequence[str]) -> None:
    """Under the board: the seats' cards, the territory map with the quiet count and the turn, why it ended, the
    last turn."""
    x, w = MARGIN, PANEL_W
    y = seat_cards(canvas, x, PANEL_TOP, w, _rows(view, names, colours)) + 16
    owners = view.get("owners") or {}
    colours_by_area = tints(owners)
    for area, (col, row) in {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}.items():
        bx, by = x + col * MINI, y + row * MINI
        canvas.rect((bx, by, bx + MINI, by + MINI), fill=colours_by_area[area][1], outline=MUTED, width=1.5)
        owner = owners.get(area)
        canvas.text((bx + MINI / 2, by + MINI / 2), owner or "–", SMALL, INK if owner else MUTED, anchor="mm")
    info_x = x + 2 * MINI + 20
    room = w - (info_x - x)
    # Translators: beside the small map of the four territories and their owners' letters.
    canvas.fit_text((info_x, y + MINI / 2), _("← territories"), SMALL, room, MUTED, anchor="lm")
    quiet = view.get("quiet")
    facts = [_("Turn {turn}", turn=int(view.get("turn") or 0) + (0 if view.get("outcome") else 1))]
    if quiet is not None:
        limit = (view.get("options") or {}).get("quiet-limit")
        if limit in (None, "off"):
            facts.append(ngettext("no capture for {n} turn", "no capture for {n} turns", int(quiet)))
        else:
            facts.append(ngettext("no capture for {n} of {limit} turns", "no capture for {n} of {limit} turns",
                                  int(quiet), limit=limit))
    # Two lines where one is too narrow (a long language): the turn, then the quiet count.
    shown = " · ".join(facts)
    if len(facts) > 1 and text_width(shown, SMALL) > room:
        canvas.fit_text((info_x, y + 1.5 * MINI - SMALL * 0.65), facts[0], SMALL, room, INK, anchor="lm")
        canvas.fit_text((info_x, y + 1.5 * MINI + SMALL * 0.65), facts[1], SMALL, room, INK, anchor="lm")
    else:
        canvas.fit_text((info_x, y + 1.5 * MINI), shown, SMALL, room, INK, anchor="lm")
    y += 2 * MINI + 16
    reason, last = _words(view, names, colours)
    if reason:
        y = panel_text(canvas, x, y, w, reason, BODY)
    if last:
        panel_text(canvas, x, y, w, last, SMALL, MUTED)


def _chip(letter: str) -> Chip:
    return CHIPS.get(letter) or chip("grey", letter)


def seat_chips(view: Mapping[str, Any]) -> list[Chip]:
    """Per seat: its colour's chip, lettered R, Y, B or G."""
    return [_chip(c) for c in seat_colours(view)]


def describe_last(view: Mapping[str, Any], names: Sequence[str], colours: Sequence[str]) -> str:
    """The last turn in words: who did what, and which pieces changed to whose colour by which rule."""
    last = view.get("last") or {}

    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < min(len(names), len(colours)):
            colour = _(COLOUR_NAMES[colours[seat]]) if colours[seat] in COLOUR_NAMES else colours[seat]
            return _("{name} ({colour})", name=names[seat], colour=colour)
        return "?"

    kind = last.get("kind")
    player = who(last.get("seat"))
    if kind == "pass":
        return _("{player} had no move and passed.", player=player)
    if kind == "resign":
        return _("{player} resigned.", player=player)
    move = f"{last.get('from')}-{last.get('to')}"
    captured = last.get("captured") or []
    if captured:
        # The capturer need not be the mover: the captured squares now show the capturer's colour.
        letter = (view.get("board") or {}).get(captured[0], "")
        n = len(captured)
        turned = {"R": ngettext("{n} piece turned red", "{n} pieces turned red", n),
                  "Y": ngettext("{n} piece turned yellow", "{n} pieces turned yellow", n),
                  "B": ngettext("{n} piece turned blue", "{n} pieces turned blue", n),
                  "G": ngettext("{n} piece turned green", "{n} pieces turned green", n),
                  }.get(letter) or ngettext("{n} piece turned over", "{n} pieces turned over", n)
        if last.get("rule"):
            rule = _(str(last["rule"]))
            text = _("{player} {move}: {captures} ({rule}).", player=player, move=move, captures=turned, rule=rule)
        else:
            text = _("{player} {move}: {captures}.", player=player, move=move, captures=turned)
    else:
        text = _("{player} {move}.", player=player, move=move)
    for seat in last.get("eliminated") or []:
        text += "\n" + _("{player} is eliminated.", player=who(seat))
    return text


# Each territory's quarter of the board: its top-left square's column and row (counted from a8).
QUARTERS = {"NW": (0, 0), "NE": (4, 0), "SW": (0, 4), "SE": (4, 4)}


@lru_cache(maxsize=8)
def _quarter(light: str, dark: str) -> Image.Image:
    """A territory's 4x4 squares in its tints, drawn once per tint (the seats' and the unowned: 3 MB each). The
    squares alternate alike in every quarter, a dark one where file and rank add up even (a1)."""
    canvas = Canvas(4 * CELL, 4 * CELL)
    for column, row in itertools.product(range(4), range(4)):
        x, y = column * CELL, row * CELL
        canvas.rect((x, y, x + CELL, y + CELL), fill=dark if (column + 7 - row) % 2 == 0 else light)
    return canvas.image


@lru_cache(maxsize=1)
def _frame() -> Image.Image:
    """The board's plate and coordinates, drawn once: they never change and their 32 labels cost a few ms."""
    size = 8 * CELL + 2 * LABEL
    canvas = Canvas(size, size)
    BoardPainter(canvas, 0, 0, CELL).draw_frame()
    return canvas.image


def render_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """The board image for a Cintos view: header, board with the last turn marked, side panel. PNG bytes."""
    colours = seat_colours(view)
    shown = display_names(view, names)
    canvas = Canvas(WIDTH, round(PANEL_TOP + panel_height(view, shown) + MARGIN))
    header(canvas, view, shown, TITLE, seat_chips(view), match_id)

    canvas.paste(_frame(), (MARGIN, BOARD_TOP))
    painter = BoardPainter(canvas, MARGIN, BOARD_TOP, CELL)
    painter.draw_squares(view.get("owners") or {})
    last = view.get("last") or {}
    if last.get("kind") == "move":
        if last.get("captured"):
            painter.draw_area(last.get("area") or [])
        painter.draw_move(last.get("from"), last.get("to"))
    painter.draw_pieces(view.get("board") or {}, view.get("owners") or {})
    if last.get("kind") == "move":
        painter.draw_captured(last.get("captured") or [])
    _panel(canvas, view, shown, colours)
    return canvas.png()


# ---- a placement as a board (the rules picture's diagrams, tests) ----------------------------------------------
def board_from_placement(placement: str) -> dict[str, str]:
    """{square: letter} from the placement field of a position text (rank 8 first)."""
    board = {}
    for row, rank_text in enumerate(placement.split("/")):
        f = 0
        for ch in rank_text:
            if ch.isdigit():
                f += int(ch)
            else:
                board[f"{FILES[f]}{8 - row}"] = ch
                f += 1
    return board
