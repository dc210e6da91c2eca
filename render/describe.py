"""Every board in words, from a rules view only: the alt text of each board image and the plain-text board.

Both read nothing but `Game.view(state, seat)` and the display names, so they show exactly what the image shows.
Their words are in the language being spoken (`i18n`); coordinates and notation stay as typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from games import table
from i18n import _, ngettext
from render.words import GameText, joined, seat_names, sentence, text_names, wrapped
from rules import GAMES
from rules.outcomes import result_words

ALT_LIMIT = 1024  # Discord's limit for an attachment's description
TEXT_LIMIT = 2000  # a message's content, code fence included

# Keyed by the game's registry name (`Game.name`, also `view["game"]`), like `RENDERERS`: each game's entry
# (games/) names its text module, which exposes `TEXT`.
TEXTS: dict[str, GameText] = table(lambda entry: import_module(entry.text).TEXT)


def _title(view: dict[str, Any], match_id: int | None) -> str:
    game = GAMES.get(str(view.get("game")))
    title = game.title if game is not None else str(view.get("game", "")).title()
    return _("{game} match #{id}", game=title, id=match_id) if match_id is not None else title


def status(view: dict[str, Any], names: Sequence[str]) -> str:
    """Whose turn it is, or the result: 'To move: ada (Red).', 'ada wins: Blue captured the Void.'"""
    result = result_words(view, text_names(view, names))  # names cut as everywhere else
    if result is not None:
        return result.sentence()
    own = TEXTS[view["game"]].status
    special = own(view, names) if own is not None else None
    if special:
        return sentence(special)
    actors = [s for s in view.get("actors") or [] if isinstance(s, int)]
    who = seat_names(view, names, GAMES[view["game"]].colour_seats)
    if not actors:
        return _("Waiting for the server (a roll or a draw).")
    acting = [who[s] for s in actors if s < len(who)]
    return ngettext("To move: {players}.", "To act: {players}.", len(acting), players=joined(acting))


def _last(view: dict[str, Any], names: Sequence[str]) -> str:
    words = TEXTS[view["game"]].last(view, names)
    return sentence(words) if words else ""


def _cut(text: str, limit: int) -> str:
    """`text` shortened at a word boundary with an ellipsis, to at most `limit` characters."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"


def alt_text(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> str:
    """A description a screen reader speaks for the board image: game and match, whose turn (or the result), the
    last action, then the scores and counts. At most 1,024 characters."""
    game = TEXTS[view["game"]]
    title, turn = _title(view, match_id), int(view.get("turn") or 0)
    if isinstance(view.get("viewer"), int):
        head = _("{title} board (your view), turn {turn}.", title=title, turn=turn)
    else:
        head = _("{title} board, turn {turn}.", title=title, turn=turn)
    parts = [head, status(view, names)]
    last = _last(view, names)
    if last:
        parts.append(_("Last: {action}", action=last))
    parts += [sentence(f) for f in game.facts(view, names)]
    return _cut(" ".join(p for p in parts if p), ALT_LIMIT)


def _fence_safe(line: str) -> str:
    # a backtick in a name could close the code block early
    return line.replace("`", "'").rstrip()


def text_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None,
               limit: int = TEXT_LIMIT) -> str:
    """The position as a monospace code block for a phone: a title, the board with its coordinates, then whose
    turn, the last move and the scores. At most `limit` characters in all; lines at most `WIDTH` columns."""
    game = TEXTS[view["game"]]
    head = wrapped(_("{title} · turn {turn}", title=_title(view, match_id), turn=int(view.get("turn") or 0)))
    legend = wrapped(status(view, names))
    last = _last(view, names)
    if last:
        legend += wrapped(_("Last: {action}", action=last))
    for fact in (game.legend or game.facts)(view, names):
        legend += wrapped(sentence(fact))
    lines = [_fence_safe(line) for line in [*head, *game.board(view, names), "", *legend]]
    room = limit - len("```\n\n```")
    while len("\n".join(lines)) > room:  # the legend's tail goes first; the board and whose turn stay
        lines.pop()
    return "```\n" + "\n".join(lines) + "\n```"
