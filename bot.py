"""Entry point: read settings from the environment (or .env), open the store, load the cogs, run the bot.

    python bot.py            run the bot
    python bot.py --sync     also publish the slash commands to Discord (needed once, and after commands change)
    python bot.py --init-db  also make an existing empty (0-byte) database file a new database

A start that cannot go on (a setting, the database, Discord) prints one line to stderr and exits non-zero
(EXIT_SETTINGS, EXIT_DATABASE, EXIT_OFFLINE). Several processes share one PostgreSQL database (DATABASE_URL), each
serving some of the bot's shards (SHARD_COUNT, SHARD_IDS).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp
import discord
from discord.ext import commands
from dotenv import find_dotenv, load_dotenv

from cogs.base import Tables
from cogs.scheduler import Scheduler
from cogs.ui import ComputerButton, LobbyButton, MatchButton
from data import Store, StoreUnavailable
from data.health import EmptyDatabase
from matches import MatchService
from rules.base import quote

log = logging.getLogger("tabletop")

EXTENSIONS = (
    "cogs.general",
    "cogs.settings",
    "cogs.history",
    "cogs.verify",
    "cogs.notify",
    "cogs.ratings",
    "cogs.cintos",
    "cogs.sinoda",
    "cogs.sakamichi",
    "cogs.sanae",
    "cogs.bodsoi",
    "cogs.tournament",  # after the games: its recovery at start may post their boards
)


EXIT_SETTINGS = 2  # a setting is missing or wrong (the token included: Discord rejected it)
EXIT_DATABASE = 3  # the database file cannot be used
EXIT_OFFLINE = 4  # Discord cannot be reached
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A setting's value cannot be used; the message names the setting and quotes the value."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")


MAX_SHARDS = 10_000  # far above what one bot needs (Discord asks for a shard per 2,500 servers); a typo guard


def redacted(url: str) -> str:
    """The URL with its password replaced by ***: settings messages and logs never show it."""
    return re.sub(r"(://[^/@:]*:)[^/@]*@", r"\1***@", url)


def _database_url(raw: str) -> str | None:
    """DATABASE_URL checked for its form (whether the server answers is the database's check, exit 3); None unset.
    `postgres://` is the same as `postgresql://`."""
    if not raw:
        return None
    shown = quote(redacted(raw))
    example = "postgresql://user:password@host:5432/database"
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
    except ValueError:
        raise SettingsError(f"DATABASE_URL is not a valid URL ({example}): {shown}.") from None
    if parts.scheme not in ("postgresql", "postgres"):
        raise SettingsError(f"DATABASE_URL must be a PostgreSQL URL ({example}), not {shown}. For a SQLite file, "
                            "set DATABASE_PATH instead.")
    if any(c.isspace() for c in raw) or not (parts.netloc or parts.path.strip("/") or parts.query):
        raise SettingsError(f"DATABASE_URL is not a valid URL ({example}): {shown}.")
    return "postgresql" + raw[len(parts.scheme):]


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS: (None, None) unset; SHARD_COUNT alone runs every shard in this process."""
    if not count_text:
        if ids_text:
            raise SettingsError(f"SHARD_IDS ({quote(ids_text)}) needs SHARD_COUNT: how many shards the bot has in "
                                "all, across every process.")
        return None, None
    if not (count_text.isdecimal() and count_text.isascii() and 1 <= int(count_text) <= MAX_SHARDS):
        raise SettingsError(f"SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS}, not "
                            f"{quote(count_text)}.")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    ids: list[int] = []
    for item in (part.strip() for part in ids_text.split(",")):
        if not (item.isdecimal() and item.isascii() and len(item) <= 9):
            raise SettingsError(f"SHARD_IDS must be shard numbers separated by commas (like 0,1), not "
                                f"{quote(ids_text)}.")
        shard = int(item)
        if shard >= count:
            raise SettingsError(f"SHARD_IDS names shard {shard}, but with SHARD_COUNT={count} the shards are "
                                f"0 to {count - 1}.")
        if shard in ids:
            raise SettingsError(f"SHARD_IDS names shard {shard} twice: {quote(ids_text)}.")
        ids.append(shard)
    return count, tuple(ids)


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: str = "tabletop.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = False
    init_db: bool = False  # an existing empty (0-byte) database file may be made a new database
    database_url: str | None = None  # postgresql://…: wins over database_path (several processes may share it)
    shard_count: int | None = None  # None: no sharding (one connection to Discord)
    shard_ids: tuple[int, ...] | None = None  # the shards this process serves (with shard_count)

    @property
    def database(self) -> str:
        """What `Store.open` opens: the PostgreSQL URL if there is one, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, *, sync_commands: bool = False, init_db: bool = False) -> Settings:
        load_dotenv(find_dotenv(usecwd=True))  # the .env of the directory the bot is started from
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not (guild.isdecimal() and guild.isascii() and int(guild) > 0):
            raise SettingsError(f"DEV_GUILD_ID must be a server id (a number: right-click the server > Copy Server "
                                f"ID), not {quote(guild)}.")
        level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelNamesMapping().get(level), int):
            raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {quote(level)}.")
        url = _database_url(os.environ.get("DATABASE_URL", "").strip())
        count, shard_ids = _shards(os.environ.get("SHARD_COUNT", "").strip(), os.environ.get("SHARD_IDS", "").strip())
        if url is None and count is not None and shard_ids is not None and len(shard_ids) < count:
            # The other shards run in other processes, and two processes cannot share a SQLite file safely.
            raise SettingsError(f"SHARD_IDS={','.join(map(str, shard_ids))} of SHARD_COUNT={count} leaves the "
                                "other shards to other processes, and several processes need PostgreSQL: set "
                                "DATABASE_URL=postgresql://…, or leave SHARD_IDS unset to run every shard in "
                                "this process on SQLite.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "tabletop.sqlite3",
            database_url=url,
            shard_count=count,
            shard_ids=shard_ids,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            sync_commands=sync_commands or _flag("SYNC_COMMANDS"),
            init_db=init_db or _flag("INIT_DB"),
        )


class TabletopBot(commands.Bot):
    """The bot: slash commands only (no message-content intent), every match in the database."""

    service: MatchService
    tables: Tables
    scheduler: Scheduler

    def __init__(self, settings: Settings, *, service_options: dict | None = None) -> None:
        # The bot never joins voice: discord.py's warnings about missing voice libraries would only mislead.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Sharded (ShardedTabletopBot): only these shards' servers; the other shards run in other processes.
        shards = {} if settings.shard_count is None else {"shard_count": settings.shard_count,
                                                           "shard_ids": list(settings.shard_ids or ())}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                     everyone=False), **shards)
        self.settings = settings
        self._service_options = service_options or {}
        self.store: Store | None = None

    async def open_store(self) -> Store:
        """The store, opened and checked on first use (`StoreUnavailable` if the file cannot be used)."""
        if self.store is None:
            self.store = await Store.open(self.settings.database, init_empty=self.settings.init_db)
        return self.store

    async def setup_hook(self) -> None:
        await self.open_store()  # already open when started by main(); simcord logs in directly
        assert self.store is not None
        backend = "PostgreSQL" if self.settings.database_url else "SQLite"
        if self.settings.shard_count is None:
            log.info("not sharded: this process serves every server (%s database)", backend)
        else:
            log.info("serving shards %s of %d (%s database)", ",".join(map(str, self.settings.shard_ids or ())),
                     self.settings.shard_count, backend)
        # Discord's clock (virtual in tests): deadlines shown as Discord timestamps and acted on by the scheduler.
        options: dict = {"clock": lambda: discord.utils.utcnow().timestamp(), **self._service_options}
        self.service = MatchService(self.store, **options)
        self.tables = Tables(self)
        # Computer seats: their moves are posted like anyone's, each after the board of the move before it.
        self.service.computer_gates.append(self.tables.board_posted)
        self.service.on_computer_move.append(self.tables.computer_moved)
        self.scheduler = Scheduler(self)
        self.add_dynamic_items(LobbyButton, MatchButton, ComputerButton)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.sync_commands:
            await self.sync_commands()
        self.scheduler.start()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (Discord may take a while to show them)", len(synced))

    async def close(self) -> None:
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if hasattr(self, "service"):
            await self.service.stop_computers()  # their turns resume from the database at the next start
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The bot with SHARD_COUNT set: discord.py's AutoShardedBot serving only SHARD_IDS (all shards when unset)."""


def create_bot(settings: Settings, **service_options: object) -> TabletopBot:
    kind = TabletopBot if settings.shard_count is None else ShardedTabletopBot
    return kind(settings, service_options=dict(service_options))


async def serve(bot: TabletopBot, token: str) -> None:
    """What `bot.run` does, with the database opened and checked before logging in to Discord."""
    async with bot:  # closes the bot, and with it the store, however this ends
        await bot.open_store()
        await bot.start(token)


def _stop(message: str, code: int) -> int:
    print(message, file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the Tabletop Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish slash commands to Discord on start")
    parser.add_argument("--init-db", action="store_true",
                        help="make an existing empty (0-byte) DATABASE_PATH file a new database (also INIT_DB=1)")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(sync_commands=args.sync, init_db=args.init_db)
    except SettingsError as error:
        return _stop(str(error), EXIT_SETTINGS)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        return _stop("DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token in it "
                     "(Discord Developer Portal > your application > Bot > Reset Token).", EXIT_SETTINGS)
    bot = create_bot(settings)
    try:
        asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:
        pass
    except StoreUnavailable as error:
        hint = (" Start once with --init-db (or INIT_DB=1) to make it a new database, or set DATABASE_PATH to the "
                "right file.") if isinstance(error, EmptyDatabase) else ""
        return _stop(f"Cannot use the database {redacted(str(error))}.{hint}", EXIT_DATABASE)
    except discord.LoginFailure:
        return _stop("Discord rejected DISCORD_TOKEN (login failed). Put the current bot token in .env (Discord "
                     "Developer Portal > your application > Bot > Reset Token).", EXIT_SETTINGS)
    except (aiohttp.ClientError, TimeoutError, discord.GatewayNotFound, discord.DiscordServerError) as error:
        return _stop(f"Cannot reach Discord ({error or type(error).__name__}). Check the network connection and "
                     "start the bot again.", EXIT_OFFLINE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
