"""Entry point: read settings from the environment (or .env), open the store, load the cogs, run the bot.

    python bot.py            run the bot
    python bot.py --sync     also publish the slash commands to Discord (needed once, and after commands change)
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from dataclasses import dataclass

import discord
from discord.ext import commands
from dotenv import find_dotenv, load_dotenv

from cogs.base import Tables
from cogs.scheduler import Scheduler
from cogs.ui import LobbyButton, MatchButton
from data import Store
from matches import MatchService

log = logging.getLogger("tabletop")

EXTENSIONS = (
    "cogs.general",
    "cogs.settings",
    "cogs.history",
    "cogs.notify",
    "cogs.cintos",
    "cogs.sinoda",
    "cogs.sakamichi",
    "cogs.sanae",
    "cogs.bodsoi",
)


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: str = "tabletop.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = False

    @classmethod
    def from_env(cls, *, sync_commands: bool = False) -> Settings:
        load_dotenv(find_dotenv(usecwd=True))  # the .env of the directory the bot is started from
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database_path=os.environ.get("DATABASE_PATH", "").strip() or "tabletop.sqlite3",
            dev_guild_id=int(guild) if guild else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            sync_commands=sync_commands or os.environ.get("SYNC_COMMANDS", "").strip().lower() in ("1", "true", "yes"),
        )


class TabletopBot(commands.Bot):
    """The bot: slash commands only (no message-content intent), every match in the database."""

    service: MatchService
    tables: Tables
    scheduler: Scheduler

    def __init__(self, settings: Settings, *, service_options: dict | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                     everyone=False))
        self.settings = settings
        self._service_options = service_options or {}
        self.store: Store | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database_path)
        # Discord's clock (virtual in tests): deadlines shown as Discord timestamps and acted on by the scheduler.
        options: dict = {"clock": lambda: discord.utils.utcnow().timestamp(), **self._service_options}
        self.service = MatchService(self.store, **options)
        self.tables = Tables(self)
        self.scheduler = Scheduler(self)
        self.add_dynamic_items(LobbyButton, MatchButton)
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
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def create_bot(settings: Settings, **service_options: object) -> TabletopBot:
    return TabletopBot(settings, service_options=dict(service_options))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the Tabletop Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish slash commands to Discord on start")
    args = parser.parse_args(argv)
    settings = Settings.from_env(sync_commands=args.sync)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print("DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token in it "
              "(Discord Developer Portal > your application > Bot > Reset Token).", file=sys.stderr)
        return 2
    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
