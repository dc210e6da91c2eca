"""The parts every board image shares around its board: the header strip and the side-panel rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
)
from rules.outcomes import result_words

HEADER_HEIGHT = 64
HEADER_FILL = "#ECE5D8"
MARGIN = 20


def display_names(view: dict[str, Any], names: Sequence[str], limit: int = NAME_LIMIT) -> list[str]:
    """Names per seat cut to `limit` characters (`cut_name`; images fit them to their room when drawing); the
    seat's own name stands in for a missing or blank one, or for one no font can draw a character of (all emoji
    newer than the emoji font, say), which would leave a blank."""
    seats = view.get("seat_names") or []
    count = view.get("players") or len(seats) or len(names)
    out = []
    for seat in range(count):
        given = names[seat] if seat < len(names) else ""
        fallback = seats[seat] if seat < len(seats) else f"Player {seat + 1}"
        given = given.strip() if safe_text(given) else ""
        out.append(cut_name(given or fallback, limit))
    return out


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def status_line(view: dict[str, Any], names: Sequence[str]) -> tuple[list[int], str, str]:
    """(seats to show chips for, main text, secondary text) for the header's right-hand side."""
    turn = int(view.get("turn") or 0)
    words = result_words(view, names)  # the same words as the match message and /history
    if words is not None:
        done = f"{turn} turn{'' if turn == 1 else 's'}"
        return list(words.winners), words.headline, f"{words.reason} · {done}" if words.reason else done
    actors = list(view.get("actors") or [])
    if not actors:
        return [], f"Turn {turn + 1}", ""
    verb = "to move" if len(actors) == 1 else "to act"
    return actors, _joined([names[s] for s in actors]), f"{verb} · turn {turn + 1}"


def title_bar(canvas: Canvas, title: str, note: str = "", height: float = HEADER_HEIGHT) -> float:
    """The band across the top with the title (and a muted note after it); returns the x after the text."""
    canvas.rect((0, 0, canvas.width, height), fill=HEADER_FILL)
    canvas.line([(0, height - 0.5), (canvas.width, height - 0.5)], BORDER, 1)
    x = MARGIN + canvas.text((MARGIN, height / 2), title, 26, INK, anchor="lm")
    if note:
        x += 12 + canvas.text((x + 12, height / 2 + 1), note, 18, MUTED, anchor="lm")
    return x


def header(canvas: Canvas, view: dict[str, Any], names: Sequence[str], title: str, chips: Sequence[Chip],
           match_id: int | None = None, height: float = HEADER_HEIGHT) -> float:
    """The strip across the top: title and match number on the left, whose turn (or the result) on the right.

    `names` are the display names per seat (see `display_names`); returns the strip's bottom y.
    """
    w = canvas.width
    mid = height / 2
    x = title_bar(canvas, title, "" if match_id is None else f"match #{match_id}", height)

    seats, main, secondary = status_line(view, names)
    radius, gap = 14, 8
    available = w - MARGIN - x - 24
    chips_w = len(seats) * (2 * radius + 4)
    words = result_words(view, names)
    if words is not None and words.brief and (
            chips_w + gap + text_width(main, 22) + 10 + text_width(secondary, 17) > available):
        main = words.brief  # "Team I wins": its chips stand beside it, and the reason keeps its room
    main_w = min(text_width(main, 22), max(80.0, available - chips_w - gap))
    main = fit(main, 22, main_w)
    secondary_w = max(0.0, available - chips_w - gap - text_width(main, 22) - 10)
    secondary = fit(secondary, 17, secondary_w) if secondary else ""
    right: float = w - MARGIN
    if secondary:
        right -= canvas.text((right, mid + 1), secondary, 17, MUTED, anchor="rm") + 10
    right -= canvas.text((right, mid), main, 22, INK, anchor="rm") + gap
    for seat in reversed(seats):
        canvas.chip((right - radius, mid), radius, chips[seat])
        right -= 2 * radius + 4
    return height


@dataclass(frozen=True)
class PanelRow:
    """One seat in a side panel: chip, name, a line of stats; `active` marks whose turn, `out` dims the row."""

    chip: Chip
    name: str
    detail: str = ""
    active: bool = False
    out: bool = False


ROW_HEIGHT = 62
ROW_NAME, ROW_DETAIL = 20, 16  # text sizes in a row
ROW_TEXT_X = 52  # where a row's text starts, from its left edge


def row_text_width(width: float) -> float:
    """The room for a row's name and detail in a panel `width` wide (pick details that fit it)."""
    return width - ROW_TEXT_X - 10


def panel_rows(canvas: Canvas, x: float, y: float, width: float, rows: Sequence[PanelRow]) -> float:
    """Draw the rows from (x, y) down; returns the y below the last one."""
    for row in rows:
        if row.active:
            canvas.rect((x, y, x + width, y + ROW_HEIGHT - 6), fill=WHITE, outline=INK, width=2, radius=10)
        chip = row.chip
        if row.out:
            chip = Chip(mix(chip.fill, PAPER, 0.35), MUTED, chip.label)
        cy = y + (ROW_HEIGHT - 6) / 2
        canvas.chip((x + 26, cy), 16, chip)
        text_x, room = x + ROW_TEXT_X, row_text_width(width)
        # 11 px between the name's baseline and the detail's top: room for the deepest descenders (Arabic ي).
        canvas.fit_text((text_x, cy - 4), row.name, ROW_NAME, room, MUTED if row.out else INK, anchor="ls")
        if row.detail:
            canvas.fit_text((text_x, cy + 7), row.detail, ROW_DETAIL, room, MUTED, anchor="lt")
        y += ROW_HEIGHT
    return y


def panel_heading(canvas: Canvas, x: float, y: float, width: float, text: str) -> float:
    """A small muted heading with a rule under it; returns the y below."""
    canvas.text((x, y), text.upper(), 14, MUTED, anchor="la")
    canvas.line([(x, y + 21), (x + width, y + 21)], BORDER, 1)
    return y + 30


def panel_text(canvas: Canvas, x: float, y: float, width: float, text: str, size: float = 17,
               fill: str = INK) -> float:
    """Wrapped panel text; returns the y below."""
    return canvas.paragraph((x, y), text, size, width, fill)
