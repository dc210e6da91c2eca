"""A game's leaderboard as an image in the common board look (paper, header strip, Okabe–Ito chips), and the same
table as monospace text for screen readers. Drawn from plain rows; no storage, no rules state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import _, ngettext, pgettext
from render.kit import BOARD, BORDER, INK, MUTED, PLACES, WHITE, Canvas, Chip, text_on, text_width
from render.lettering import cut_name, fit, safe_text
from render.panels import BODY, HEADER_HEIGHT, LARGE, MARGIN, SMALL, title_bar

# Phone first (design/boards.md): every word at least 28 px in this 1,000 px image, so 11 points on a phone.
WIDTH = 1000
TOP = HEADER_HEIGHT  # the header strip
HEAD = 48  # the column headings
ROW = 62
# Column x positions (left edges, final pixels).
PLACE_X, NAME_X, RATING_X, GAMES_X, RECORD_X = MARGIN, 96, 520, 660, 770


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


def column(key: str) -> str:
    """A leaderboard column's heading in the language being spoken."""
    return {
        # Translators: the leaderboard's column of player names
        "player": pgettext("leaderboard column", "player"),
        # Translators: the leaderboard's rating column (about 7 letters at most)
        "rating": pgettext("leaderboard column", "rating"),
        # Translators: the leaderboard's column of games played (about 6 letters at most)
        "games": pgettext("leaderboard column", "games"),
        # Translators: the leaderboard's won–drawn–lost column: the three initials
        "record": pgettext("leaderboard column", "W–D–L"),
    }[key]


def _name(name: str) -> str:
    shown = cut_name(name.strip() if safe_text(name) else "")
    return shown or _("(unknown)")


def leaderboard_png(title: str, note: str, rows: Sequence[LeaderboardRow], empty: str = "") -> bytes:
    """The table: a header strip (`title`, muted `note`), column headings, one row per player."""
    height = TOP + HEAD + ROW * max(len(rows), 1) + MARGIN
    canvas = Canvas(WIDTH, height)
    canvas.rect((0, 0, WIDTH - 1, height - 1), outline=BORDER)
    title_bar(canvas, fit(title, LARGE, WIDTH - 2 * MARGIN - text_width(note, SMALL) - 24), note, TOP)
    y = TOP + 10
    for x, text, anchor, room in ((PLACE_X + 26, "#", "ma", 52.0), (NAME_X, column("player"), "la", RATING_X - NAME_X),
                                  (RATING_X + 96, column("rating"), "ra", 130.0),
                                  (GAMES_X + 80, column("games"), "ra", 120.0),
                                  (RECORD_X, column("record"), "la", WIDTH - MARGIN - RECORD_X)):
        canvas.fit_text((x, y), text, SMALL, room, MUTED, anchor=anchor)
    y = TOP + HEAD
    canvas.line([(MARGIN, y - 4), (WIDTH - MARGIN, y - 4)], BORDER, 1.5)
    if not rows:
        canvas.fit_text((WIDTH / 2, y + ROW / 2), empty or _("No rated matches yet."), BODY, WIDTH - 2 * MARGIN, MUTED,
                        anchor="mm", min_size=SMALL)
    for i, row in enumerate(rows):
        top, mid = y + i * ROW, y + i * ROW + ROW / 2 - 3
        if row.highlight:
            canvas.rect((MARGIN - 8, top, WIDTH - MARGIN + 8, top + ROW - 6), fill=WHITE, outline=INK, width=3,
                        radius=12)
        elif i % 2:
            canvas.rect((MARGIN - 8, top, WIDTH - MARGIN + 8, top + ROW - 6), fill=BOARD, radius=10)
        fill = PLACES.get(row.place)  # the place number is always written in the chip
        label = str(row.place)
        if fill is not None:
            canvas.chip((PLACE_X + 26, mid), 24, Chip(fill, text_on(fill), label), size=SMALL)
        else:
            canvas.fit_text((PLACE_X + 26, mid), label, SMALL, NAME_X - PLACE_X - 8, INK, anchor="mm")
        canvas.text((NAME_X, mid), fit(_name(row.name), BODY, RATING_X - NAME_X - 20), BODY, INK, anchor="lm")
        # The digits stay right-aligned with the others; a provisional "?" hangs after them, and the number is muted.
        number, mark = row.rating.rstrip("?"), row.rating[len(row.rating.rstrip("?")):]
        canvas.text((RATING_X + 96, mid), number, BODY, MUTED if row.provisional else INK, anchor="rm")
        if mark:
            canvas.text((RATING_X + 98, mid), mark, BODY, MUTED, anchor="lm")
        canvas.text((GAMES_X + 80, mid), str(row.games), SMALL, INK, anchor="rm")
        canvas.text((RECORD_X, mid), f"{row.wins}–{row.draws}–{row.losses}", SMALL, INK, anchor="lm")
    return canvas.png()


def leaderboard_text(title: str, note: str, rows: Sequence[LeaderboardRow], limit: int = 1900,
                     empty: str = "") -> str:
    """The same table as a code block within `limit` characters (rows that do not fit are left off, said so)."""
    head = f"{title} · {note}" if note else title
    lines = [f"{'#':>4}  {column('player'):<16}  {column('rating'):>7}  {column('games'):>5}  {column('record')}"]
    for row in rows:
        lines.append(f"{row.place:>4}  {_name(row.name):<16}  {row.rating:>7}  {row.games:>5}  "
                     f"{row.wins}-{row.draws}-{row.losses}")
    if not rows:
        lines.append(empty or _("No rated matches yet."))
    footer = _("? = provisional (fewer than 10 rated matches)")
    shown = list(lines)
    while True:
        text = f"{head}\n```\n" + "\n".join(shown) + "\n```\n" + footer
        if len(text) <= limit or len(shown) <= 1:
            return text[:limit]
        shown = shown[:-1]
        footer = ngettext("{n} more row not shown · ? = provisional", "{n} more rows not shown · ? = provisional",
                          len(lines) - len(shown))
