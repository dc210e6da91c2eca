"""Every game, registered once: one `Entry` per game (games/<game>.py) that every per-game table is built from.

An entry names the modules of the game's rules, board image, text board, rules picture and cog, and holds its /help
words and its computer settings. Each layer builds its own table from the entries with `table`, importing the
module an entry names: `rules.GAMES`; `render.RENDERERS`, `SEAT_CHIPS`, `RULES_IMAGES`; `render.describe.TEXTS`;
`players` (`SCALES`, `MEASURES`, `STERILE` in players.evaluate; `ROLLOUT`, `ROOT_WIDTHS`, `ROOT_TIES` in
players.search; `WORLDS`, `SEARCHES`; `PLAYOUTS`); `cogs.help.GAMES_HELP`; and bot.py's EXTENSIONS from
`cog_extensions()`. A leaf like settings/: it imports no layer (an import contract), names only.

A new game: its own packages (rules/<game>/, render/<game>/, cogs/<game>.py) and its entry, registered below
(docs/developers/adding-a-game.md).
"""

from __future__ import annotations

from games import bodsoi, cintos, sakamichi, sanae, sinoda
from games.entry import Computer, Entry, Help, cog_extensions, entries, entry, register, table, table_of, unregister

# The order of every table, of the game choices and of the cogs' loading.
for _game in (cintos, sinoda, sakamichi, sanae, bodsoi):
    register(_game.ENTRY)

__all__ = ["Computer", "Entry", "Help", "cog_extensions", "entries", "entry", "register", "table", "table_of",
           "unregister"]
