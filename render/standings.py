"""A tournament's standings (and the final podium) as an image in the common board look, from plain data only:
the `tournament_rules.Standing` rows and the entrants' names."""

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
    text_width,
)
from render.panels import BODY, HEADER_HEIGHT, MARGIN, SMALL, title_strip
from tournament_rules import Standing, figure, place_text, points_text
from tournament_rules.standings import IN_PLAY

# Phone first (design/boards.md): every word at least 28 px in this 1,000 px image, so 11 points on a phone.
WIDTH = 1000
ROW = 54
HEAD = HEADER_HEIGHT
CHIP = 40  # a round's result chip, its letters 28 px
PODIUM_H = 300
NOTE_H = 44  # the line under the title saying what the standings count
MAX_ROWS = 64  # more are summed up in one line (the text table lists everyone)
GREY = "#9A9389"  # withdrawn entrants
# Result chips: colour and letter together (never colour alone): green won, yellow drawn, red lost.
CHIPS = {"W": (GREEN, "W"), "D": (YELLOW, "D"), "L": (RED, "L"), "B": (BLUE, "B"),
         "F+": (GREEN, "F+"), "F-": (RED, "F−"), "-": (None, "–"), IN_PLAY: (None, "…")}
PODIUM = ((2, 120), (1, 160), (3, 90))  # place and step height, left to right; fills from the kit's PLACES
STEP_W = 300


def _chip(canvas: Canvas, x: float, y: float, code: str) -> None:
    """One round's result at (x, y) centre: a rounded square with its letter (pods: the place as a digit)."""
    if code.isdigit():
        fill: str | None = PLACES.get(int(code), NEUTRAL)
        label = code
    else:
        fill, label = CHIPS.get(code, (None, code))
    h = CHIP / 2
    box = (x - h, y - h, x + h, y + h)
    if fill is None:
        canvas.rect(box, outline=BORDER, width=1.5, radius=6)
        canvas.text((x, y), label, SMALL, MUTED, anchor="mm")
        return
    outlined = code.startswith("F")  # a forfeit: the same colour, but a hollow square (not played)
    canvas.rect(box, fill=PAPER if outlined else fill, outline=fill if outlined else INK, width=3 if outlined else 1.5,
                radius=6)
    canvas.text((x, y), label, SMALL, INK if outlined else text_on(fill), anchor="mm")


def podium(rows: Sequence[Standing]) -> list[tuple[int, list[Standing]]]:
    """The final podium: (place 1-3, who) by the standings' places, so a withdrawn entrant (no place) stands on no
    step and the podium, the table's # and /profile agree; those sharing a place share its step (two 3rds, or two
    1sts and no 2nd)."""
    steps: dict[int, list[Standing]] = {}
    for s in rows:
        if s.place is not None and s.place <= 3:
            steps.setdefault(s.place, []).append(s)
    return sorted(steps.items())


def _podium(canvas: Canvas, top: float, rows: Sequence[Standing], names: Mapping[int, str]) -> float:
    """Three steps, 2nd · 1st · 3rd, names and points above; returns the y below."""
    base = top + PODIUM_H - 16
    left = (canvas.width - 3 * STEP_W) / 2
    steps = dict(podium(rows))
    for i, (place, height) in enumerate(PODIUM):
        fill = PLACES[place]
        x0 = left + i * STEP_W
        canvas.rect((x0 + 8, base - height, x0 + STEP_W - 8, base), fill=fill, outline=INK, width=1.5, radius=8)
        canvas.text((x0 + STEP_W / 2, base - height / 2), str(place), 56, text_on(fill), anchor="mm")
        who = steps.get(place, [])
        # those sharing a step one name a line (two at most, then how many more), so no name is cut for another
        labels = [cut_name(names.get(s.entrant, str(s.entrant))) for s in who[:2]] or ["—"]
        if len(who) > 2:
            labels[-1] += f" & {len(who) - 1} more"
        pts = points_text(who[0].points) if len(who) == 1 or len({s.points for s in who}) == 1 else ""
        for i, label in enumerate(labels):
            canvas.text((x0 + STEP_W / 2, base - height - 56 - 36 * (len(labels) - 1 - i)),
                        fit(label, BODY, STEP_W - 16), BODY, INK, anchor="mm")
        canvas.text((x0 + STEP_W / 2, base - height - 20), pts, SMALL, MUTED, anchor="mm")
    canvas.line([(MARGIN, base + 0.5), (canvas.width - MARGIN, base + 0.5)], BORDER, 1.5)
    return base + 16


def standings_image(title: str, rows: Sequence[Standing], names: Mapping[int, str], *, rounds: int,
                    pods: bool = False, final: bool = False, note: str = "") -> bytes:
    """The standings table: rank, name, points, tie-breaks, a chip per round (the latest rounds where all do not
    fit a phone's width); leaders highlighted, withdrawn entrants greyed; with `final`, a podium above it. `note`
    (what they count: "after round 2 · round 3 in progress: 4 of 6 results in") goes on a line under the title."""
    shown = list(rows[:MAX_ROWS])
    rounds = max(rounds, max((len(s.results) for s in rows), default=0), 1)
    # the # column as wide as its widest place ('5–8' where a knockout round's losers share it)
    rank_w = max([40.0, *(text_width(place_text(s.place, s.place_to), BODY) for s in shown)])
    cols = {"rank": MARGIN + rank_w / 2, "name": MARGIN + rank_w + 12, "pts": 400, "bh": 486, "sb": 566,
            "w": 566 if pods else 636}
    chip_x0 = cols["w"] + 44
    room = WIDTH - MARGIN - chip_x0
    fits = max(1, int(room // (CHIP + 10)))
    first = max(0, rounds - fits)  # the latest rounds when not all fit
    chip_step = min(CHIP + 14, room / (rounds - first))
    below = NOTE_H if note else 0
    kind = "final" if final else "standings"
    head = title_strip(None, title, kind, WIDTH)  # a long title takes a second line, never an ellipsis
    height = head + below + (PODIUM_H if final else 0) + 12 + ROW * (len(shown) + 1) + \
        (ROW if len(rows) > MAX_ROWS else 0)
    canvas = Canvas(WIDTH, round(height + MARGIN))
    canvas.rect((0, 0, WIDTH, height + MARGIN), outline=BORDER, width=1)
    title_strip(canvas, title, kind, WIDTH)
    if note:
        canvas.text((MARGIN, head + NOTE_H / 2 + 2), fit(note, SMALL, WIDTH - 2 * MARGIN), SMALL, MUTED, anchor="lm")
    y: float = head + below + 12
    if final:
        y = _podium(canvas, y, rows, names)
    headings = [("rank", "#", "mm"), ("name", "name", "lm"), ("pts", "pts", "mm"), ("bh", "BH-1", "mm")]
    headings += [("w", "1st", "mm")] if pods else [("sb", "SB", "mm"), ("w", "W", "mm")]
    mid = y + ROW / 2
    for key, text, anchor in headings:
        canvas.text((cols[key], mid), text, SMALL, MUTED, anchor=anchor)
    for r in range(first, rounds):
        canvas.text((chip_x0 + (r - first) * chip_step + CHIP / 2, mid), f"R{r + 1}" if r < 9 else str(r + 1), SMALL,
                    MUTED, anchor="mm")
    y += ROW
    leader_points = max((s.points for s in rows if not s.withdrawn), default=None)
    for s in shown:
        mid = y + ROW / 2
        leader = leader_points is not None and s.points == leader_points and not s.withdrawn and leader_points > 0
        if leader:
            canvas.rect((MARGIN - 8, y + 3, WIDTH - MARGIN + 8, y + ROW - 3), fill=HIGHLIGHT, outline=PLACES[1],
                        width=2, radius=8)
        ink = GREY if s.withdrawn else INK
        quiet = GREY if s.withdrawn else MUTED
        canvas.text((cols["rank"], mid), place_text(s.place, s.place_to), BODY, ink, anchor="mm")
        name = cut_name(names.get(s.entrant, str(s.entrant)))
        room_name = cols["pts"] - cols["name"] - 36
        if s.withdrawn:  # "(withdrawn)" always shows: the name gives way
            out = " (withdrawn)"
            name = fit(name, SMALL, room_name - text_width(out, SMALL)) + out
        canvas.text((cols["name"], mid), fit(name, SMALL, room_name), SMALL, ink, anchor="lm")
        canvas.text((cols["pts"], mid), figure(s.points), BODY, ink, anchor="mm")
        canvas.text((cols["bh"], mid), figure(s.buchholz_cut1), SMALL, quiet, anchor="mm")
        if not pods:
            canvas.text((cols["sb"], mid), figure(s.sonneborn_berger), SMALL, quiet, anchor="mm")
        canvas.text((cols["w"], mid), str(s.wins), SMALL, quiet, anchor="mm")
        for r, code in enumerate(s.results[first:rounds]):
            _chip(canvas, chip_x0 + r * chip_step + CHIP / 2, mid, code)
        if s.withdrawn:  # greyed: a veil over the whole row keeps the chips readable but quiet
            canvas.wash((MARGIN - 8, y + 3, WIDTH - MARGIN + 8, y + ROW - 3), WHITE, 0.45)
        canvas.line([(MARGIN, y + ROW - 0.5), (WIDTH - MARGIN, y + ROW - 0.5)], BORDER, 1)
        y += ROW
    if len(rows) > MAX_ROWS:
        canvas.text((WIDTH / 2, y + ROW / 2), f"… and {len(rows) - MAX_ROWS} more (the text table lists everyone)",
                    SMALL, MUTED, anchor="mm")
    return canvas.png()


def standings_text(rows: Sequence[Standing], names: Mapping[int, str], *, pods: bool = False) -> str:
    """The same standings as monospace text (screen readers, the embed): rank, name (cut to 16), points,
    tie-breaks, rounds."""
    wide = max([2, *(len(place_text(s.place, s.place_to)) for s in rows)])  # '5–8' where a place is shared
    head = f"{'#':>{wide}} {'name':<16} {'pts':>4} {'BH-1':>5} {'SB':>5} {'W':>2}  rounds"
    if pods:
        head = f"{'#':>{wide}} {'name':<16} {'pts':>4} {'BH-1':>5} {'1st':>3}  rounds"
    lines = [head]
    for s in rows:
        name = cut_name(names.get(s.entrant, str(s.entrant))) + ("*" if s.withdrawn else "")
        figures = f"{place_text(s.place, s.place_to):>{wide}} {name:<16} {figure(s.points):>4} " \
            f"{figure(s.buchholz_cut1):>5} "
        if pods:
            lines.append(f"{figures}{s.wins:>3}  {' '.join(s.results)}")
        else:
            lines.append(f"{figures}{figure(s.sonneborn_berger):>5} {s.wins:>2}  {' '.join(s.results)}")
    if any(s.withdrawn for s in rows):
        lines.append("* withdrawn")
    return "\n".join(lines)
