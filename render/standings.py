"""A tournament's standings (and the final podium) as an image in the common board look, from plain data only:
the `tournaments.Standing` rows and the entrants' names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from render.kit import (
    BLUE,
    BORDER,
    GREEN,
    HIGHLIGHT,
    INK,
    MUTED,
    NEUTRAL,
    PAPER,
    PLACES,
    RED,
    WHITE,
    YELLOW,
    Canvas,
    cut_name,
    fit,
    text_on,
)
from render.panels import MARGIN, title_bar
from tournaments import Standing

WIDTH = 1000
ROW = 40
HEAD = 64
MAX_ROWS = 64  # more are summed up in one line (the text table lists everyone)
GREY = "#9A9389"  # withdrawn entrants
# Result chips: colour and letter together (never colour alone): green won, yellow drawn, red lost.
CHIPS = {"W": (GREEN, "W"), "D": (YELLOW, "D"), "L": (RED, "L"), "B": (BLUE, "B"),
         "F+": (GREEN, "F+"), "F-": (RED, "F−"), "-": (None, "–")}
PODIUM = ((2, 120), (1, 160), (3, 90))  # place and step height, left to right; fills from the kit's PLACES


def _num(value: float) -> str:
    whole = int(value)
    if abs(value - whole - 0.5) < 0.01:
        return ("" if whole == 0 else str(whole)) + "½"
    return str(whole) if value == whole else f"{value:g}"


def _chip(canvas: Canvas, x: float, y: float, code: str) -> None:
    """One round's result at (x, y) centre: a rounded square with its letter (pods: the place as a digit)."""
    if code.isdigit():
        fill: str | None = PLACES.get(int(code), NEUTRAL)
        label = code
    else:
        fill, label = CHIPS.get(code, (None, code))
    box = (x - 13, y - 13, x + 13, y + 13)
    if fill is None:
        canvas.rect(box, outline=BORDER, width=1.5, radius=5)
        canvas.text((x, y), label, 16, MUTED, anchor="mm")
        return
    outlined = code.startswith("F")  # a forfeit: the same colour, but a hollow square (not played)
    canvas.rect(box, fill=PAPER if outlined else fill, outline=fill if outlined else INK, width=2.5 if outlined else 1,
                radius=5)
    canvas.text((x, y), label, 14 if len(label) > 1 else 17, INK if outlined else text_on(fill), anchor="mm")


def podium(rows: Sequence[Standing]) -> list[tuple[int, list[Standing]]]:
    """The final podium: (place 1-3, who) for those still in; a withdrawn entrant keeps their row in the table but
    stands on no step, and the places close up behind them. Ties share a step."""
    standing = [s for s in rows if not s.withdrawn]
    ranks = sorted({s.rank for s in standing})[:3]
    return [(place, [s for s in standing if s.rank == rank]) for place, rank in enumerate(ranks, 1)]


def _podium(canvas: Canvas, top: float, rows: Sequence[Standing], names: Mapping[int, str]) -> float:
    """Three steps, 2nd · 1st · 3rd, names above; returns the y below."""
    base = top + 230
    step_w = 200
    left = (canvas.width - 3 * step_w) / 2
    steps = dict(podium(rows))
    for i, (place, height) in enumerate(PODIUM):
        fill = PLACES[place]
        x0 = left + i * step_w
        canvas.rect((x0 + 6, base - height, x0 + step_w - 6, base), fill=fill, outline=INK, width=1.5, radius=6)
        canvas.text((x0 + step_w / 2, base - height / 2), str(place), 44, text_on(fill), anchor="mm")
        who = steps.get(place, [])
        label = " & ".join(cut_name(names.get(s.entrant, str(s.entrant))) for s in who) or "—"
        pts = f"{_num(who[0].points)} pts" if who else ""
        canvas.text((x0 + step_w / 2, base - height - 40), fit(label, 20, step_w - 12), 20, INK, anchor="mm")
        canvas.text((x0 + step_w / 2, base - height - 16), pts, 16, MUTED, anchor="mm")
    canvas.line([(MARGIN, base + 0.5), (canvas.width - MARGIN, base + 0.5)], BORDER, 1)
    return base + 16


def standings_image(title: str, rows: Sequence[Standing], names: Mapping[int, str], *, rounds: int,
                    pods: bool = False, final: bool = False) -> bytes:
    """The standings table: rank, name, points, tie-breaks, a chip per round; leaders highlighted, withdrawn
    entrants greyed; with `final`, a podium above it."""
    shown = list(rows[:MAX_ROWS])
    rounds = max(rounds, max((len(s.results) for s in rows), default=0), 1)
    height = HEAD + (246 if final else 0) + 12 + ROW * (len(shown) + 1) + (ROW if len(rows) > MAX_ROWS else 0) + 16
    canvas = Canvas(WIDTH, height)
    canvas.rect((0, 0, WIDTH, height), outline=BORDER, width=1)
    title_bar(canvas, fit(title, 26, WIDTH - 2 * MARGIN - 160), "final" if final else "standings", HEAD)
    y: float = HEAD + 12
    if final:
        y = _podium(canvas, y, rows, names)
    cols = {"rank": MARGIN + 22, "name": MARGIN + 52, "pts": 360, "bh": 430, "sb": 500, "w": 500 if pods else 560}
    chip_x0, chip_step = 620.0, min(40.0, (WIDTH - MARGIN - 620 - 14) / rounds)
    headings = [("rank", "#", "mm"), ("name", "name", "lm"), ("pts", "pts", "mm"), ("bh", "BH-1", "mm")]
    headings += [("w", "1st", "mm")] if pods else [("sb", "SB", "mm"), ("w", "W", "mm")]
    mid = y + ROW / 2
    for key, text, anchor in headings:
        canvas.text((cols[key], mid), text, 16, MUTED, anchor=anchor)
    for r in range(rounds):
        canvas.text((chip_x0 + r * chip_step + 13, mid), f"R{r + 1}", 14, MUTED, anchor="mm")
    y += ROW
    leader_points = max((s.points for s in rows if not s.withdrawn), default=None)
    for s in shown:
        mid = y + ROW / 2
        leader = leader_points is not None and s.points == leader_points and not s.withdrawn and leader_points > 0
        if leader:
            canvas.rect((MARGIN - 6, y + 2, WIDTH - MARGIN + 6, y + ROW - 2), fill=HIGHLIGHT, outline=PLACES[1],
                        width=1.5, radius=6)
        ink = GREY if s.withdrawn else INK
        canvas.text((cols["rank"], mid), str(s.rank), 18, ink, anchor="mm")
        name = cut_name(names.get(s.entrant, str(s.entrant))) + (" (withdrawn)" if s.withdrawn else "")
        canvas.text((cols["name"], mid), fit(name, 18, cols["pts"] - cols["name"] - 30), 18, ink, anchor="lm")
        canvas.text((cols["pts"], mid), _num(s.points), 19, ink, anchor="mm")
        canvas.text((cols["bh"], mid), _num(s.buchholz_cut1), 16, GREY if s.withdrawn else MUTED, anchor="mm")
        if not pods:
            canvas.text((cols["sb"], mid), _num(s.sonneborn_berger), 16, GREY if s.withdrawn else MUTED, anchor="mm")
        canvas.text((cols["w"], mid), str(s.wins), 16, GREY if s.withdrawn else MUTED, anchor="mm")
        for r, code in enumerate(s.results[:rounds]):
            _chip(canvas, chip_x0 + r * chip_step + 13, mid, code)
        if s.withdrawn:  # greyed: a veil over the whole row keeps the chips readable but quiet
            canvas.wash((MARGIN - 6, y + 2, WIDTH - MARGIN + 6, y + ROW - 2), WHITE, 0.45)
        canvas.line([(MARGIN, y + ROW - 0.5), (WIDTH - MARGIN, y + ROW - 0.5)], BORDER, 1)
        y += ROW
    if len(rows) > MAX_ROWS:
        canvas.text((WIDTH / 2, y + ROW / 2), f"… and {len(rows) - MAX_ROWS} more (the text table lists everyone)",
                    16, MUTED, anchor="mm")
    return canvas.png()
