"""Shared pieces of the words about a board (alt text, text board): seat names, the status line, what a game adds.

Every word here is in the language being spoken (`i18n`): the caller says whose it is.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import _, pgettext
from render.lettering import ALT_NAME_LIMIT
from render.panels import display_names
from rules.base import all_of

WIDTH = 40  # columns of a text board: Discord on a phone wraps longer code lines


@dataclass(frozen=True)
class GameText:
    """What one game contributes, each a pure function of (view, names) with names from `seat_names`.

    `last`: the last action in words ("" when there is none). `facts`: the scores and counts that matter, one short
    sentence each. `board`: the monospace drawing of the position, lines of at most `WIDTH` columns, coordinates
    as players type them. `status`: an optional override of the whose-turn line (e.g. an opening choice).
    `legend`: the text board's facts when they differ from the alt text's (the board already shows some).
    """

    last: Callable[[dict[str, Any], Sequence[str]], str]
    facts: Callable[[dict[str, Any], Sequence[str]], list[str]]
    board: Callable[[dict[str, Any], Sequence[str]], list[str]]
    status: Callable[[dict[str, Any], Sequence[str]], str | None] | None = None
    legend: Callable[[dict[str, Any], Sequence[str]], list[str]] | None = None


def text_names(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Names per seat for words about a board (alt text, the text board): cut like the images' (`cut_name`), but
    never to fewer than `ALT_NAME_LIMIT` (32) characters."""
    return display_names(view, names, ALT_NAME_LIMIT)


def seat_names(view: dict[str, Any], names: Sequence[str], colours_too: bool = True) -> list[str]:
    """Each seat as 'name (Colour)', names cut to 32 characters; the colour alone when the name is missing.
    Without `colours_too`, the names alone (for games whose seats are no colour). The view's colours are words
    already in the language spoken (rules' `view`)."""
    colours = view.get("seat_names") or [] if colours_too else []
    out = []
    for seat, name in enumerate(text_names(view, names)):
        colour = _(str(colours[seat])) if seat < len(colours) else ""  # the rules' words; again, as made in English
        # Translators: a player and their seat's colour, in words about a board: "ada (Red)".
        out.append(_("{name} ({colour})", name=name, colour=colour) if colour and colour != name else name)
    return out


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 tile', '3 tiles' in English only: translated words use `i18n.ngettext` instead."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def joined(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c', in the language spoken."""
    return all_of([i for i in items if i])


def sentence(text: str) -> str:
    """`text` on one line with a closing full stop, the language's (no capitalising: it may start with a player's
    name)."""
    text = " ".join(str(text).split())
    if not text:
        return ""
    # Translators: a sentence with its full stop added ("。" in Japanese).
    return text if text[-1] in ".!?。！？" else pgettext("full stop", "{sentence}.", sentence=text)


def columns(text: str) -> int:
    """How many columns `text` takes in a monospace code block: wide characters (Japanese) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrapped(text: str) -> list[str]:
    """`text` in lines of at most `WIDTH` columns, later lines indented: at spaces, and between any two wide
    characters (Japanese is written without spaces)."""
    if columns(text) == len(text):
        return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_long_words=True) or [""]
    lines: list[str] = []
    line = ""
    for token in re.findall(r"[\u1100-\uffdc]|[^\s\u1100-\uffdc]+|\s+", text):
        if columns(line + token) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = "  " + token.lstrip()
        else:
            line += token
        while columns(line) > WIDTH:  # a word longer than a line
            cut = max(i for i in range(1, len(line) + 1) if columns(line[:i]) <= WIDTH)
            lines.append(line[:cut])
            line = "  " + line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]
