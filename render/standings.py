"""A tournament's standings (and the final podium) as an image in the common board look, from plain data only:
the `tournament_rules.Standing` rows and the entrants' names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from i18n import _, pgettext
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
    wrap,
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
NOTE_LINE = 36  # each further line of it, where it wraps
MAX_ROWS = 64  # more are summed up in one line (the text table lists everyone)
COLUMN_ROOM = 76  # a figures column's heading at most (they stand 70-86 px apart)
GREY = "#9A9389"  # withdrawn entrants
# Result chips: colour and letter together (never colour alone): green won, yellow drawn, red lost. The letters are
# each language's (`result_letter`); the codes are the standings' data.
CHIPS = {"W": GREEN, "D": YELLOW, "L": RED, "B": BLUE, "F+": GREEN, "F-": RED, "-": None, IN_PLAY: None}
CHIP_ROOM = 36  # the widest a chip's letters may be (they shrink to it, down to `CHIP_MIN`)
CHIP_MIN = SMALL  # never below the smallest size that carries meaning (design/boards.md)


def result_letter(code: str) -> str:
    """A round's result code ("W", "F+", "B", a pods place) as the language being spoken writes it in a chip."""
    letters = {
        # Translators: a won round in a standings chip: one letter (German S, French V); the legend explains it
        "W": pgettext("result letter", "W"),
        # Translators: a drawn round in a standings chip: one letter
        "D": pgettext("result letter", "D"),
        # Translators: a lost round in a standings chip: one letter
        "L": pgettext("result letter", "L"),
        # Translators: a round with a bye in a standings chip: one letter
        "B": pgettext("result letter", "B"),
        # Translators: a round won by forfeit (not played) in a standings chip: one letter and +
        "F+": pgettext("result letter", "F+"),
        # Translators: a round lost by forfeit (not played) in a standings chip: one letter and a minus sign
        "F-": pgettext("result letter", "F−"),
        "-": "–",
        IN_PLAY: "…",
    }
    return letters.get(code, code)


def legend() -> str:
    """What the standings' letters and columns mean, in the language being spoken (the embed's footer)."""
    return _("{w}/{d}/{l} won, drawn, lost · {b} bye · {fw}/{fl} forfeit (not played) · … being played · {bh} "
             "Buchholz cut 1 · {sb} Sonneborn-Berger", w=result_letter("W"), d=result_letter("D"),
             l=result_letter("L"), b=result_letter("B"), fw=result_letter("F+"), fl=result_letter("F-"),
             bh=column_word("bh"), sb=column_word("sb"))


def column_word(key: str) -> str:
    """A standings column's heading in the language being spoken (short: they stand over narrow columns)."""
    return {
        "rank": "#",
        # Translators: the standings' name column (about 10 letters at most)
        "name": pgettext("standings column", "name"),
        # Translators: the standings' points column: an abbreviation of at most 4 letters
        "pts": pgettext("standings column", "pts"),
        # Translators: the Buchholz cut 1 tie-break column: an abbreviation of at most 4 letters
        "bh": pgettext("standings column", "BH-1"),
        # Translators: the Sonneborn-Berger tie-break column: an abbreviation of at most 4 letters
        "sb": pgettext("standings column", "SB"),
        # Translators: the column of games won (one letter or two)
        "w": pgettext("standings column", "W"),
        # Translators: the pods' column of first places (at most 4 letters)
        "1st": pgettext("standings column", "1st"),
    }[key]


def round_column(n: int) -> str:
    """A round's column heading: 'R1' … 'R9', then the number alone (the chips are narrow)."""
    # Translators: a round's column in the standings, "R3": a letter and the number
    return pgettext("standings column", "R{n}", n=n) if n < 10 else str(n)
PODIUM = ((2, 120), (1, 160), (3, 90))  # place and step height, left to right; fills from the kit's PLACES
STEP_W = 300


def _chip(canvas: Canvas, x: float, y: float, code: str) -> None:
    """One round's result at (x, y) centre: a rounded square with its letter (pods: the place as a digit)."""
    if code.isdigit():
        fill: str | None = PLACES.get(int(code), NEUTRAL)
        label = code
    else:
        fill, label = CHIPS.get(code), result_letter(code)
    h = CHIP / 2
    box = (x - h, y - h, x + h, y + h)
    if fill is None:
        canvas.rect(box, outline=BORDER, width=1.5, radius=6)
        canvas.fit_text((x, y), label, SMALL, CHIP_ROOM, MUTED, anchor="mm", min_size=CHIP_MIN)
        return
    outlined = code.startswith("F")  # a forfeit: the same colour, but a hollow square (not played)
    canvas.rect(box, fill=PAPER if outlined else fill, outline=fill if outlined else INK, width=3 if outlined else 1.5,
                radius=6)
    canvas.fit_text((x, y), label, SMALL, CHIP_ROOM, INK if outlined else text_on(fill), anchor="mm",
                    min_size=CHIP_MIN)


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
            labels[-1] = _("{name} & {n} more", name=labels[-1], n=len(who) - 1)
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
    notes = wrap(note, SMALL, WIDTH - 2 * MARGIN) if note else []  # a long note (a long language) wraps
    below = NOTE_H + NOTE_LINE * (len(notes) - 1) if notes else 0
    # Translators: the note beside a standings image's title: the final standings, or the standings so far
    kind = pgettext("image note", "final") if final else pgettext("image note", "standings")
    head = title_strip(None, title, kind, WIDTH)  # a long title takes a second line, never an ellipsis
    height = head + below + (PODIUM_H if final else 0) + 12 + ROW * (len(shown) + 1) + \
        (ROW if len(rows) > MAX_ROWS else 0)
    canvas = Canvas(WIDTH, round(height + MARGIN))
    canvas.rect((0, 0, WIDTH, height + MARGIN), outline=BORDER, width=1)
    title_strip(canvas, title, kind, WIDTH)
    for k, line in enumerate(notes):
        canvas.text((MARGIN, head + NOTE_H / 2 + 2 + k * NOTE_LINE), line, SMALL, MUTED, anchor="lm")
    y: float = head + below + 12
    if final:
        y = _podium(canvas, y, rows, names)
    headings = [("rank", "rank", "mm"), ("name", "name", "lm"), ("pts", "pts", "mm"), ("bh", "bh", "mm")]
    headings += [("w", "1st", "mm")] if pods else [("sb", "sb", "mm"), ("w", "w", "mm")]
    mid = y + ROW / 2
    for key, word, anchor in headings:  # each within its column (the translations are short: a comment asks)
        room = cols["pts"] - cols["name"] - 36 if key == "name" else COLUMN_ROOM
        canvas.fit_text((cols[key], mid), column_word(word), SMALL, room, MUTED, anchor=anchor, min_size=CHIP_MIN)
    for r in range(first, rounds):
        canvas.fit_text((chip_x0 + (r - first) * chip_step + CHIP / 2, mid), round_column(r + 1), SMALL,
                        max(chip_step - 4, CHIP), MUTED, anchor="mm", min_size=CHIP_MIN)
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
        if s.withdrawn:  # "(withdrawn)" always shows, after the name: the name gives way
            out = _("(withdrawn)")
            fitted = fit(name, SMALL, room_name - text_width(out, SMALL) - 8)
            x = cols["name"] + canvas.text((cols["name"], mid), fitted, SMALL, ink, anchor="lm")
            canvas.text((x + 8, mid), out, SMALL, ink, anchor="lm")
        else:
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
        canvas.fit_text((WIDTH / 2, y + ROW / 2), _("… and {n} more (the text table lists everyone)",
                                                    n=len(rows) - MAX_ROWS), SMALL, WIDTH - 2 * MARGIN, MUTED,
                        anchor="mm", min_size=CHIP_MIN)
    return canvas.png()


def standings_text(rows: Sequence[Standing], names: Mapping[int, str], *, pods: bool = False) -> str:
    """The same standings as monospace text (screen readers, the embed): rank, name (cut to 16), points,
    tie-breaks, rounds."""
    wide = max([2, *(len(place_text(s.place, s.place_to)) for s in rows)])  # '5–8' where a place is shared
    name, pts, bh, sb, w = (column_word(k) for k in ("name", "pts", "bh", "sb", "w"))
    # Translators: the heading of the standings' text table's last column (each round's result)
    rounds = pgettext("standings column", "rounds")
    head = f"{'#':>{wide}} {name:<16} {pts:>4} {bh:>5} {sb:>5} {w:>2}  {rounds}"
    if pods:
        head = f"{'#':>{wide}} {name:<16} {pts:>4} {bh:>5} {column_word('1st'):>3}  {rounds}"
    lines = [head]
    for s in rows:
        name = cut_name(names.get(s.entrant, str(s.entrant))) + ("*" if s.withdrawn else "")
        figures = f"{place_text(s.place, s.place_to):>{wide}} {name:<16} {figure(s.points):>4} " \
            f"{figure(s.buchholz_cut1):>5} "
        # the text table's letters as the chips', with plain hyphens (a monospace table, as it always was)
        results = " ".join(code if code == "-" else result_letter(code).replace("−", "-") for code in s.results)
        if pods:
            lines.append(f"{figures}{s.wins:>3}  {results}")
        else:
            lines.append(f"{figures}{figure(s.sonneborn_berger):>5} {s.wins:>2}  {results}")
    if any(s.withdrawn for s in rows):
        lines.append(_("* withdrawn"))
    return "\n".join(lines)
