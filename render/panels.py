"""The parts every board image shares around its board: the header strip and the side-panel rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import _, pgettext
from render.kit import (
    BORDER,
    INK,
    MUTED,
    NAME_LIMIT,
    PAPER,
    WHITE,
    Canvas,
    Chip,
    cut_name,
    fit,
    mix,
    safe_text,
    text_width,
    wrap,
)
from rules import GAMES
from rules.outcomes import result_words

# Phone first (design/boards.md): Discord shows an image about 400 points wide on a phone, so in an image 1,000 px wide
# the smallest text that carries meaning is 28 px (11 points there). Fewer, larger words.
SMALL = 28  # the smallest: details, coordinates, captions
BODY = 32  # names, sentences
LARGE = 40  # titles
HEADER_HEIGHT = 88
HEADER_FILL = "#ECE5D8"
MARGIN = 24
LEADING = 1.3


def display_names(view: dict[str, Any], names: Sequence[str], limit: int = NAME_LIMIT) -> list[str]:
    """Names per seat cut to `limit` characters (`cut_name`; images fit them to their room when drawing); the
    seat as results name it (its colour; 'Player 1' where seats are no colour) stands in for a missing or blank
    name, or for one no font can draw a character of (all emoji newer than the emoji font, say)."""
    seats = view.get("seat_names") or []
    count = view.get("players") or len(seats) or len(names)
    game = GAMES.get(str(view.get("game")))
    out = []
    for seat in range(count):
        given = names[seat] if seat < len(names) else ""
        fallback = (game.seat_word(view, seat) if game is not None
                    else seats[seat] if seat < len(seats) else _("Player {n}", n=seat + 1))
        given = given.strip() if safe_text(given) else ""
        out.append(cut_name(given or fallback, limit))
    return out


def _joined(names: Sequence[str]) -> str:
    # Translators: the last two of several names, "Ada, Bob & Cy"
    return names[0] if len(names) == 1 else _("{names} & {last}", names=", ".join(names[:-1]), last=names[-1])


def status_line(view: dict[str, Any], names: Sequence[str]) -> tuple[list[int], str, str]:
    """(seats to show chips for, main text, secondary text) for the header's right-hand side: whose turn and
    'to move', or the result's headline (its reason goes under the board, where there is room for it)."""
    words = result_words(view, names)  # the same words as the match message and /history
    if words is not None:
        return list(words.winners), words.headline, ""
    actors = list(view.get("actors") or [])
    if not actors:
        return [], _("Turn {n}", n=int(view.get("turn") or 0) + 1), ""
    # Translators: after a player's name in a board's header, "Ada to move"; "to act" after several at once
    return actors, _joined([names[s] for s in actors]), pgettext("header", "to move") if len(actors) == 1 else \
        pgettext("header", "to act")


def reason_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why the game ended, as a sentence for under the board (the header has only the headline): 'Blue captured
    the Void.'; "" while it runs."""
    words = result_words(view, names)
    return words.reason + "." if words is not None and words.reason else ""


def title_bar(canvas: Canvas, title: str, note: str = "", height: float = HEADER_HEIGHT) -> float:
    """The band across the top with the title (and a muted note after it); returns the x after the text."""
    canvas.rect((0, 0, canvas.width, height), fill=HEADER_FILL)
    canvas.line([(0, height - 0.5), (canvas.width, height - 0.5)], BORDER, 1)
    x = MARGIN + canvas.text((MARGIN, height / 2), title, LARGE, INK, anchor="lm")
    if note:
        x += 12 + canvas.text((x + 12, height / 2 + 2), note, SMALL, MUTED, anchor="lm")
    return x


TITLE_LINE = 44  # a title's second line, where a long title wraps (`title_strip`)


def _title_lines(title: str, room: float) -> list[tuple[str, float]]:
    """A title too long for one line as lines (with their sizes: the first large, the rest body size), broken after
    the last " · " part that fits (so '24 h per move' stays whole), a part too long for a line alone at spaces."""
    lines: list[tuple[str, float]] = []
    size: float = LARGE
    current = ""
    for part in title.split(" · "):
        trial = f"{current} · {part}" if current else part
        if text_width(trial, size) <= room:
            current = trial
            continue
        if current:
            lines.append((current, size))
            size = BODY
        current = part
        if text_width(current, size) > room:  # one part longer than a line: broken at its spaces
            *whole, current = wrap(current, size, room) or [""]
            for piece in whole:
                lines.append((piece, size))
                size = BODY
    if current:
        lines.append((current, size))
    return lines


def title_strip(canvas: Canvas | None, title: str, note: str = "", width: float = 1000) -> float:
    """A tournament image's title strip: `title_bar` where the title fits on one line beside the note, else the
    title on as many lines as it takes (never cut short of its end: "· 24 h per move" is information; the first line
    large, the others body size) with the note after it, or under it where it does not fit there; returns the strip's
    height (drawn only with a `canvas`, so a caller can size its image first)."""
    note = fit(note, SMALL, width * 0.4) if note else ""
    note_w = text_width(note, SMALL) + 24 if note else 0.0
    room = width - 2 * MARGIN
    if text_width(title, LARGE) <= room - note_w:
        if canvas is not None:
            title_bar(canvas, title, note, HEADER_HEIGHT)
        return HEADER_HEIGHT
    lines = _title_lines(title, room)
    last, last_size = lines[-1]
    inline = len(lines) > 1 and text_width(last, last_size) + 16 + note_w <= room  # the note after the last line
    height = HEADER_HEIGHT + TITLE_LINE * (len(lines) - 1) + (TITLE_LINE if note and not inline else 0)
    if canvas is None:
        return height
    canvas.rect((0, 0, width, height), fill=HEADER_FILL)
    canvas.line([(0, height - 0.5), (width, height - 0.5)], BORDER, 1)
    x, y = float(MARGIN), HEADER_HEIGHT / 2 + 4
    for i, (line, size) in enumerate(lines):
        y = HEADER_HEIGHT / 2 + 4 if i == 0 else HEADER_HEIGHT + TITLE_LINE * (i - 1) + TITLE_LINE / 2 - 10
        x = MARGIN + canvas.text((MARGIN, y), line, size, INK, anchor="lm")
    if note and inline:
        canvas.text((x + 16, y + 2), note, SMALL, MUTED, anchor="lm")
    elif note:  # a row of its own under the title
        canvas.text((MARGIN, HEADER_HEIGHT + TITLE_LINE * (len(lines) - 1) + TITLE_LINE / 2 - 8), note, SMALL, MUTED,
                    anchor="lm")
    return height


def header(canvas: Canvas, view: dict[str, Any], names: Sequence[str], title: str, chips: Sequence[Chip],
           match_id: int | None = None, height: float = HEADER_HEIGHT) -> float:
    """The strip across the top: title and match number on the left, whose turn (or the result) on the right.

    `names` are the display names per seat (see `display_names`); returns the strip's bottom y.
    """
    w = canvas.width
    mid = height / 2
    x = title_bar(canvas, title, "" if match_id is None else f"#{match_id}", height)

    seats, main, secondary = status_line(view, names)
    radius, gap = 24, 10
    available = w - MARGIN - x - 20
    chips_w = len(seats) * (2 * radius + 6)
    words = result_words(view, names)
    if words is not None and words.brief and chips_w + gap + text_width(main, BODY) > available:
        main = words.brief  # "Team I wins": its chips stand beside it
    secondary_w = text_width(secondary, SMALL) + 10 if secondary else 0.0
    main = fit(main, BODY, max(80.0, available - chips_w - gap - secondary_w))
    right: float = w - MARGIN
    if secondary:
        right -= canvas.text((right, mid + 2), secondary, SMALL, MUTED, anchor="rm") + 10
    right -= canvas.text((right, mid), main, BODY, INK, anchor="rm") + gap
    for seat in reversed(seats):
        canvas.chip((right - radius, mid), radius, chips[seat], size=SMALL)
        right -= 2 * radius + 6
    return height


@dataclass(frozen=True)
class PanelRow:
    """One seat's card under the board: chip, name, a line of stats, and optionally a big number on the right
    (`value`, e.g. points, with a small `unit` under it); `active` marks whose turn, `out` dims the card."""

    chip: Chip
    name: str
    detail: str = ""
    active: bool = False
    out: bool = False
    value: str = ""
    unit: str = ""


CARD_HEIGHT = 100
CARD_GAP = 12
CHIP_RADIUS = 26


def cards_height(count: int, columns: int = 2) -> float:
    """The height `seat_cards` takes for `count` cards."""
    rows = -(-count // columns)
    return rows * (CARD_HEIGHT + CARD_GAP) - (CARD_GAP if rows else 0)


CARD_PAD = 14
CARD_TEXT_X = 2 * CHIP_RADIUS + 28  # where a card's words start, from its left edge
VALUE_W = 66  # a card's big number on the right, and the gap before it


def card_text_width(width: float, columns: int = 2, value: bool = False) -> float:
    """The room for a card's name and detail (pick details that fit it)."""
    card = (width - (columns - 1) * CARD_GAP) / columns
    return card - CARD_TEXT_X - CARD_PAD - (VALUE_W if value else 0)


def seat_cards(canvas: Canvas, x: float, y: float, width: float, rows: Sequence[PanelRow], columns: int = 2) -> float:
    """The seats as cards in `columns` from (x, y), row by row; returns the y below the last card."""
    card_w = (width - (columns - 1) * CARD_GAP) / columns
    for i, row in enumerate(rows):
        cx = x + (i % columns) * (card_w + CARD_GAP)
        cy = y + (i // columns) * (CARD_HEIGHT + CARD_GAP)
        _card(canvas, cx, cy, card_w, row)
    return y + cards_height(len(rows), columns)


def _card(canvas: Canvas, x: float, y: float, w: float, row: PanelRow) -> None:
    box = (x, y, x + w, y + CARD_HEIGHT)
    if row.active:
        canvas.rect(box, fill=WHITE, outline=INK, width=3, radius=12)
    else:
        canvas.rect(box, fill=CARD_FILL, outline=BORDER, width=1.5, radius=12)
    chip = row.chip
    if row.out:
        chip = Chip(mix(chip.fill, PAPER, 0.35), MUTED, chip.label, chip.shape)
    mid = y + CARD_HEIGHT / 2
    canvas.chip((x + CARD_PAD + CHIP_RADIUS, mid), CHIP_RADIUS, chip, size=SMALL)
    text_x = x + CARD_TEXT_X
    right = x + w - CARD_PAD
    if row.value:
        vx = right - VALUE_W / 2 + 3
        canvas.text((vx, mid - (12 if row.unit else 0)), row.value, LARGE if len(row.value) < 4 else BODY, INK,
                    anchor="mm")
        if row.unit:
            canvas.text((vx, mid + 24), row.unit, SMALL, MUTED, anchor="mm")
        right -= VALUE_W
    room = right - text_x
    if row.detail:
        canvas.fit_text((text_x, mid - 2), row.name, BODY, room, MUTED if row.out else INK, anchor="ls")
        canvas.fit_text((text_x, mid + 6), row.detail, SMALL, room, MUTED, anchor="lt")
    else:
        canvas.fit_text((text_x, mid), row.name, BODY, room, MUTED if row.out else INK, anchor="lm")


CARD_FILL = "#EFE8DB"


def text_height(text: str, width: float, size: float = SMALL) -> float:
    """The height `panel_text` takes for `text`."""
    return len(wrap(text, size, width)) * size * LEADING if text else 0.0


def panel_text(canvas: Canvas, x: float, y: float, width: float, text: str, size: float = SMALL,
               fill: str = INK) -> float:
    """Wrapped text under the board; returns the y below."""
    return canvas.paragraph((x, y), text, size, width, fill, LEADING)
