"""Shared pieces of the words about a board (alt text, text board): seat names, the status line, what a game adds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from render.lettering import ALT_NAME_LIMIT
from render.panels import display_names

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
    Without `colours_too`, the names alone (for games whose seats are no colour)."""
    colours = view.get("seat_names") or [] if colours_too else []
    out = []
    for seat, name in enumerate(text_names(view, names)):
        colour = str(colours[seat]) if seat < len(colours) else ""
        out.append(f"{name} ({colour})" if colour and colour != name else name)
    return out


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 tile', '3 tiles'."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def joined(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """`text` on one line with a closing full stop (no capitalising: it may start with a player's name)."""
    text = " ".join(str(text).split())
    if not text:
        return ""
    return text if text[-1] in ".!?" else text + "."
