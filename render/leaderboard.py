"""A game's leaderboard as an image in the common board look (paper, header strip, Okabe–Ito chips), and the same
table as monospace text for screen readers. Drawn from plain rows; no storage, no rules state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.kit import BOARD, BORDER, INK, MUTED, PLACES, WHITE, Canvas, Chip, text_on
from render.panels import MARGIN, title_bar
from render.text import cut_name, fit, safe_text

WIDTH = 1000
TOP = 64  # the header strip
HEAD = 40  # the column headings
ROW = 48
# Column x positions (left edges, final pixels).
PLACE_X, NAME_X, RATING_X, GAMES_X, RECORD_X = MARGIN, 88, 560, 700, 820


@dataclass(frozen=True)
class LeaderboardRow:
    """One player's line: place, name, the displayed rating ("1512" or "1512?"), games and win/draw/loss."""

    place: int
    name: str
    rating: str
    games: int
    wins: int
    draws: int
    losses: int
    provisional: bool = False
    highlight: bool = False  # the player who asked


def _name(name: str) -> str:
    shown = cut_name(name.strip() if safe_text(name) else "")
    return shown or "(unknown)"


def leaderboard_png(title: str, note: str, rows: Sequence[LeaderboardRow], empty: str = "") -> bytes:
    """The table: a header strip (`title`, muted `note`), column headings, one row per player."""
    height = TOP + HEAD + ROW * max(len(rows), 1) + MARGIN
    canvas = Canvas(WIDTH, height)
    canvas.rect((0, 0, WIDTH - 1, height - 1), outline=BORDER)
    title_bar(canvas, title, note, TOP)
    y = TOP + 12
    for x, text, anchor in ((PLACE_X + 18, "#", "ma"), (NAME_X, "PLAYER", "la"), (RATING_X + 78, "RATING", "ra"),
                            (GAMES_X + 60, "GAMES", "ra"), (RECORD_X, "W – D – L", "la")):
        canvas.text((x, y), text, 14, MUTED, anchor=anchor)
    y = TOP + HEAD
    canvas.line([(MARGIN, y - 6), (WIDTH - MARGIN, y - 6)], BORDER, 1)
    if not rows:
        canvas.text((WIDTH / 2, y + ROW / 2), empty or "No rated matches yet.", 20, MUTED, anchor="mm")
    for i, row in enumerate(rows):
        top, mid = y + i * ROW, y + i * ROW + ROW / 2 - 3
        if row.highlight:
            canvas.rect((MARGIN - 8, top, WIDTH - MARGIN + 8, top + ROW - 6), fill=WHITE, outline=INK, width=2,
                        radius=10)
        elif i % 2:
            canvas.rect((MARGIN - 8, top, WIDTH - MARGIN + 8, top + ROW - 6), fill=BOARD, radius=8)
        fill = PLACES.get(row.place)  # the place number is always written in the chip
        label = str(row.place)
        if fill is not None:
            canvas.chip((PLACE_X + 18, mid), 17, Chip(fill, text_on(fill), label))
        else:
            canvas.text((PLACE_X + 18, mid), label, 18 if len(label) < 4 else 14, INK, anchor="mm")
        canvas.text((NAME_X, mid), fit(_name(row.name), 22, RATING_X - NAME_X - 30), 22, INK, anchor="lm")
        # The digits stay right-aligned with the others; a provisional "?" hangs after them, and the number is muted.
        number, mark = row.rating.rstrip("?"), row.rating[len(row.rating.rstrip("?")):]
        canvas.text((RATING_X + 78, mid), number, 24, MUTED if row.provisional else INK, anchor="rm")
        if mark:
            canvas.text((RATING_X + 80, mid), mark, 24, MUTED, anchor="lm")
        canvas.text((GAMES_X + 60, mid), str(row.games), 20, INK, anchor="rm")
        canvas.text((RECORD_X, mid), f"{row.wins} – {row.draws} – {row.losses}", 20, INK, anchor="lm")
    return canvas.png()


def leaderboard_text(title: str, note: str, rows: Sequence[LeaderboardRow], limit: int = 1900,
                     empty: str = "") -> str:
    """The same table as a code block within `limit` characters (rows that do not fit are left off, said so)."""
    head = f"{title} · {note}" if note else title
    lines = [f"{'#':>4}  {'Player':<16}  {'Rating':>7}  {'Games':>5}  W-D-L"]
    for row in rows:
        lines.append(f"{row.place:>4}  {_name(row.name):<16}  {row.rating:>7}  {row.games:>5}  "
                     f"{row.wins}-{row.draws}-{row.losses}")
    if not rows:
        lines.append(empty or "No rated matches yet.")
    footer = "? = provisional (fewer than 10 rated matches)"
    shown = list(lines)
    while True:
        text = f"{head}\n```\n" + "\n".join(shown) + "\n```\n" + footer
        if len(text) <= limit or len(shown) <= 1:
            return text[:limit]
        shown = shown[:-1]
        footer = f"{len(lines) - len(shown)} more rows not shown · " + "? = provisional"
