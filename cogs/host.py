"""What a cog needs from the bot it is loaded into (bot.py's `TabletopBot` builds all of it and passes it in), and
how a cog or a button that Discord hands only a `discord.Client` reaches it, checked rather than assumed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

import discord
from discord.ext import commands

from matches import MatchService
from reviews import Reviews
from settings import Settings
from tournaments import TournamentService

if TYPE_CHECKING:
    from cogs.scheduler import Scheduler
    from cogs.tables import Tables

CogT = TypeVar("CogT", bound=commands.Cog)


@runtime_checkable
class Host(Protocol):
    """The bot as the cogs see it: the services built by the composition root (bot.py), and Discord's lookups."""

    service: MatchService
    tournaments: TournamentService
    reviews: Reviews  # analyses of finished matches (/analysis)
    tables: Tables
    scheduler: Scheduler
    settings: Settings
    on_start: list[Callable[[], Awaitable[None]]]  # run once every extension is loaded (not by --check)

    def get_channel(self, channel_id: int, /) -> Any: ...
    def get_guild(self, guild_id: int, /) -> Any: ...  # its preferred locale, for its public posts' language
    async def fetch_channel(self, channel_id: int, /) -> Any: ...
    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> Any: ...
    async def create_dm(self, user: discord.abc.Snowflake, /) -> Any: ...
    def get_cog(self, name: str, /) -> commands.Cog | None: ...
    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...


def host(client: discord.Client) -> Host:
    """`client` as the cogs' host: an extension's `setup` and a button's callback get a plain client from
    discord.py; only bot.py's bot carries the services."""
    if not isinstance(client, Host):
        raise TypeError(f"Tabletop's cogs run in bot.py's TabletopBot, not in {type(client).__name__}")
    return client


def cog_of(client: discord.Client, kind: type[CogT]) -> CogT | None:
    """The loaded cog of class `kind` (a button's way to its cog), or None while it is not loaded."""
    found = host(client).get_cog(kind.__cog_name__)
    # discord.py executes an extension's module anew at each load (every bot a test starts), so the loaded cog's
    # class may be another run of `kind`'s module: the same class by its qualified name, not by identity.
    if found is None or type(found).__qualname__ != kind.__qualname__:
        return None
    return cast(CogT, found)
