"""What users are called or typed, made safe for a message (as cogs/limits.py keeps lengths): every display name a
cog puts in text goes through `name` (or `code_name` inside a code block), every echo of typed text through `typed`.

A display name is anyone's to choose: ``` would close the code block of standings, a masked link would render as a
link, and spoiler, strike-through, bold or @everyone marks would render too. tests/bot/test_hostile_names.py walks
every text-producing command with such names. Names are cut by the one name cutter, `render.lettering.cut_name`.
"""

from __future__ import annotations

from discord.utils import escape_markdown, escape_mentions

from render.lettering import NAME_LIMIT, cut_name
from rules.base import QUOTE_LIMIT, quote


def inert(text: str) -> str:
    """`text` shown as written: its markdown escaped (a masked link is no link) and its mentions broken
    (``@everyone`` is only words)."""
    return escape_mentions(escape_markdown(text))


def name(text: str, limit: int = NAME_LIMIT) -> str:
    """A display name for message text or an embed: cut to `limit` characters, then `inert`."""
    return inert(cut_name(text, limit))


def code_name(text: str, limit: int | None = NAME_LIMIT) -> str:
    """A display name inside a code block, where nothing renders but a backtick could end the block: cut to
    `limit` characters (None: the table being built cuts it), backticks shown as apostrophes (as the text boards
    do, render/describe.py)."""
    return cut_name(text, limit).replace("`", "'")


def typed(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a user typed, repeated back short (`'abc…' (2000 characters)`, never the whole of it) and inert."""
    return inert(quote(text, limit))
