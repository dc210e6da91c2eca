"""What a game's one entry says, and the registry every layer builds its per-game table from.

An entry holds names only (module paths, numbers, the help's words): the layer that needs a game's rules, board,
text board, rules picture, cog or computer settings imports the module the entry names, so each layer keeps its
import contracts (rules never imports render) and this package imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

V = TypeVar("V")


@dataclass(frozen=True)
class Help:
    """`/help game:<game>`'s words (cogs/help.py): how many players, and what a player does in each phase of a new
    match, in order, as (phase, the command to use with a legal example). The goal is the game's own (`Game.goal`).
    tests/bot/test_help_phases.py walks a match through the phases.

    A phase names its commands as `{fields}`, each in `commands` as (the command, its options with their values):
    /help writes them as the reader's language names them (`i18n.Language.slash`), the values as typed."""

    players: str
    phases: tuple[tuple[str, str], ...]
    commands: Mapping[str, tuple[str, Mapping[str, str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Computer:
    """How the computer players (players/) treat the game; the defaults suit a game with nothing of its own.

    `scorer`, `search` and `playout` are "module:function" paths. `scorer(game, state)` measures each seat's
    standing while the game goes on (players.evaluate; the default, the game's own public scores). `scale`: how big
    a lead in that measure counts as clearly ahead (tanh). `rollout`: random moves after hard's tree before scoring
    (players.search). `root_width`: the moves hard's root searches (None: players.search.ROOT_WIDTH); `root_ties`:
    how many moves tied with the last of them may join it. `worlds`: the re-deals normal averages over in a game with
    hidden information (None: players.DEFAULT_WORLDS). `sterile`: outcome reasons of draws nobody played for, worth
    less than a draw to the search. `search`: hard's own search instead of the shared tree search; `playout`:
    hard's rollout move instead of any legal move (players.playouts)."""

    rollout: int = 6
    scale: float = 3.0
    scorer: str = "players.measures:scores"
    root_width: int | None = None
    root_ties: int | None = None
    worlds: int | None = None
    sterile: tuple[str, ...] = ()
    search: str | None = None
    playout: str | None = None


@dataclass(frozen=True)
class Entry:
    """One game, registered once. Each module named must offer what its layer reads:

    - `rules`: `GAME`, the `rules.base.Game` instance whose `name` is the entry's (rules.GAMES);
    - `board`: `render_board(view, names, match_id)` and `seat_chips(view)` (render.RENDERERS, render.SEAT_CHIPS);
    - `text`: `TEXT`, a `render.words.GameText` (render.describe.TEXTS: alt text and the text board);
    - `rules_picture`: `render_rules()`, the PNG of `/<game> rules` (render.RULES_IMAGES); None for none;
    - `cog`: a discord.py extension (`setup(bot)`) adding the game's `cogs.base.GameCog` (bot.py's EXTENSIONS).
    """

    name: str
    rules: str
    board: str
    text: str
    rules_picture: str | None
    cog: str
    help: Help
    computer: Computer = Computer()


_ENTRIES: list[Entry] = []
# Every table built so far: the dict, how a value is built, and whether a None means "no value" (left out).
_TABLES: list[tuple[dict[str, Any], Callable[[Entry], Any], bool]] = []


def entries() -> tuple[Entry, ...]:
    """Every registered game, in the order it was registered (the order of every table and of the cogs)."""
    return tuple(_ENTRIES)


def entry(name: str) -> Entry:
    """The registered game called `name`; KeyError if none is."""
    for found in _ENTRIES:
        if found.name == name:
            return found
    raise KeyError(name)


def _add(made: dict[str, Any], build: Callable[[Entry], Any], optional: bool, new: Entry) -> None:
    value = build(new)
    if value is not None or not optional:
        made[new.name] = value


def table(build: Callable[[Entry], V]) -> dict[str, V]:
    """A layer's per-game table: `build(entry)` for every registered entry, keyed by its name, and kept up to date
    by `register` and `unregister` (the same dict, so whoever imported it sees a game registered later)."""
    made: dict[str, V] = {}
    for e in _ENTRIES:
        _add(made, build, False, e)
    _TABLES.append((made, build, False))
    return made


def table_of(build: Callable[[Entry], V | None]) -> dict[str, V]:
    """As `table`, but only the games for which `build` gives something (a game's own rules picture, search...)."""
    made: dict[str, V] = {}
    for e in _ENTRIES:
        _add(made, build, True, e)
    _TABLES.append((made, build, True))
    return made


def register(new: Entry) -> None:
    """Add a game: to the entries and to every table built so far (each imports the module the entry names, so a
    module that cannot be imported fails here, and the game is not registered).

    The five games are registered when this package is imported (games/__init__.py). A game registered later (a
    test's own) reaches every table at once, but bot.py reads `cog_extensions()` when it is imported: its cog is
    loaded by whoever registers it. Board drawing in worker processes knows only the games registered at import."""
    if any(e.name == new.name for e in _ENTRIES):
        raise ValueError(f"a game called {new.name!r} is registered already")
    _ENTRIES.append(new)
    try:
        for made, build, optional in _TABLES:
            _add(made, build, optional, new)
    except BaseException:
        unregister(new.name)
        raise


def unregister(name: str) -> None:
    """Remove a game from the entries and every table (a test's own game, once it is done)."""
    _ENTRIES[:] = [e for e in _ENTRIES if e.name != name]
    for made, _, _ in _TABLES:
        made.pop(name, None)


def cog_extensions() -> tuple[str, ...]:
    """The cog extension of every registered game, in entry order: bot.py loads them between the general cogs and
    the tournaments'."""
    return tuple(e.cog for e in _ENTRIES)
