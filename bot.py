"""Entry point: read settings from the environment (or .env), open the store, load the cogs, run the bot.

    python bot.py            run the bot
    python bot.py --sync     also publish the slash commands to Discord (needed once, and after commands change)
    python bot.py --init-db  also make an existing empty (0-byte) database file a new database

A start that cannot go on (a setting, the database, Discord) prints one line to stderr and exits non-zero
(EXIT_SETTINGS, EXIT_DATABASE, EXIT_OFFLINE).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: str = "tabletop.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = False
    init_db: bool = False  # an existing empty (0-byte) database file may be made a new database

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
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "tabletop.sqlite3",
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
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                     everyone=False))
        self.settings = settings
        self._service_options = service_options or {}
        self.store: Store | None = None

    async def open_store(self) -> Store:
        """The store, opened and checked on first use (`StoreUnavailable` if the file cannot be used)."""
        if self.store is None:
            self.store = await Store.open(self.settings.database_path, init_empty=self.settings.init_db)
        return self.store

    async def setup_hook(self) -> None:
        await self.open_store()  # already open when started by main(); simcord logs in directly
        assert self.store is not None
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


def create_bot(settings: Settings, **service_options: object) -> TabletopBot:
    return TabletopBot(settings, service_options=dict(service_options))


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
        return _stop(f"Cannot use the database {error}.{hint}", EXIT_DATABASE)
    except discord.LoginFailure:
        return _stop("Discord rejected DISCORD_TOKEN (login failed). Put the current bot token in .env (Discord "
                     "Developer Portal > your application > Bot > Reset Token).", EXIT_SETTINGS)
    except (aiohttp.ClientError, TimeoutError, discord.GatewayNotFound, discord.DiscordServerError) as error:
        return _stop(f"Cannot reach Discord ({error or type(error).__name__}). Check the network connection and "
                     "start the bot again.", EXIT_OFFLINE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
