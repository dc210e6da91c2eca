"""The pseudo-locale (en-XA), generated from the English: every letter accented and each message about 40 % longer,
inside brackets, so a text left in English, a clipped translation or a layout without room shows at a glance.

What must not change stays as it is: `{placeholders}`, `code`, <mentions and links>, URLs, /commands, name=value
and every word with a digit in it (game notation: b6-b5, R3.03, w2b3). A command's or option's name is accented
only (`pseudo_name`): Discord's pattern for names allows no brackets or padding.
"""

from __future__ import annotations

import math
import re

from i18n import COMMAND_NAME_LIMIT

GROWTH = 0.4  # how much longer a pseudo-localized message is (German and French run 20-35 % longer than English)
OPEN, CLOSE, PAD = "[", "]", "·"

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒğĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĞĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_KEEP = re.compile(r"\{[^{}]*\}|`[^`]*`|<[^<>]*>|https?://\S+|/[\w<>-]+|\w+=\S+|[^\s,;:()]*\d[^\s,;:()]*")


def accented(text: str) -> str:
    """`text` with every letter outside the kept spans accented (one character for one: the length is kept)."""
    out: list[str] = []
    end = 0
    for kept in _KEEP.finditer(text):
        out.append(text[end:kept.start()].translate(_ACCENTED))
        out.append(kept.group())
        end = kept.end()
    out.append(text[end:].translate(_ACCENTED))
    return "".join(out)


def pseudo_name(text: str) -> str:
    """A command's or option's name pseudo-localized: every letter accented, still a name Discord accepts (lower
    case, no brackets, padding or spaces, at most 32 characters), so the whole-bot check sees which names a text
    shows in English."""
    return text.translate(_ACCENTED).lower()[:COMMAND_NAME_LIMIT]


def pseudo(text: str, limit: int | None = None) -> str:
    """`text` pseudo-localized: accented, bracketed and padded to about 40 % longer, within `limit` characters
    (Discord's 100 for a description) when given; an empty text stays empty."""
    if not text:
        return text
    body = accented(text)
    wanted = math.ceil(len(text) * (1 + GROWTH))
    if limit is not None:
        wanted = min(wanted, limit)
    padding = wanted - len(body) - len(OPEN) - len(CLOSE) - 1
    if padding < 0:  # no room for the brackets within the limit: the accents alone
        return body
    return f"{OPEN}{body} {PAD * padding}{CLOSE}"
