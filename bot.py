"""Entry point: read settings from the environment (or .env), open the store, load the cogs, run the bot.

    python bot.py            run the bot
    python bot.py --sync     also publish the slash commands to Discord (needed once, and after commands change)
    python bot.py --init-db  also make an existing empty (0-byte) database file a new database
    python bot.py --check    check the set-up without contacting Discord: settings, database (migrated), extensions,
                             the command tree against Discord's limits, one board drawn; prints "ready: …"

A start that cannot go on (a setting, the database, the install) prints one line to stderr and exits non-zero
(EXIT_SETTINGS, EXIT_DATABASE, EXIT_BROKEN); Discord out of reach at start is tried again until it answers. Several
processes share one PostgreSQL database (DATABASE_URL), each serving some of the bot's shards (SHARD_COUNT,
SHARD_IDS).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.backoff import ExponentialBackoff
from discord.ext import commands

from cogs import limits
from cogs.base import Tables
from cogs.help import help_messages
from cogs.scheduler import Scheduler
from cogs.translator import CatalogTranslator, tree_messages
from cogs.ui import ComputerButton, LobbyButton, MatchButton
from data import Store, StoreUnavailable
from data.health import EmptyDatabase
from games import cog_extensions
from matches import MatchService
from reviews import Reviews
from settings import EXIT_SETTINGS, Settings, SettingsError, configure_logging, load, redacted
from tournaments import TournamentService

if TYPE_CHECKING:  # imported when WEB_PORT asks for the pages (jinja2 and aiohttp's server are not needed otherwise)
    from web import WebServer

log = logging.getLogger("tabletop")

EXTENSIONS = (
    "cogs.general",
    "cogs.help",
    "cogs.settings",
    "cogs.history",
    "cogs.verify",
    "cogs.notify",
    "cogs.ratings",
    "cogs.privacy",  # /privacy: show, export and forget your own data
    "cogs.learn",  # /learn: each game's lessons (lessons/)
    "cogs.vacation",  # /vacation: days away that pause a player's clocks (matches/vacation.py)
    "cogs.analysis",  # /analysis: the computer's analysis of a finished match (reviews/)
    "cogs.takeback",  # /takeback: take back your last move in a casual match (matches/takebacks.py)
    *cog_extensions(),  # each game's cog, in the order of the games' entries (games/)
    "cogs.tournament",  # after the games: its recovery at start may post their boards
)


EXIT_DATABASE = 3  # the database file cannot be used
EXIT_OFFLINE = 4  # Discord cannot be reached (no longer at start, where the bot keeps trying)
EXIT_BROKEN = 5  # the install itself: an extension does not load, the commands break Discord's limits, no board
SETTLE_SECONDS = 3.0  # at shutdown, how long requests under way may take to commit (all within compose's 10 s)


class TabletopBot(commands.Bot):
    """The bot: slash commands only (no message-content intent), every match in the database."""

    service: MatchService
    tournaments: TournamentService
    reviews: Reviews
    tables: Tables
    scheduler: Scheduler

    def __init__(self, settings: Settings, *, service_options: dict | None = None) -> None:
        # The bot never joins voice: discord.py's warnings about missing voice libraries would only mislead.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Sharded (ShardedTabletopBot): only these shards' servers; the other shards run in other processes.
        shards: dict[str, Any] = {} if settings.shard_count is None else {"shard_count": settings.shard_count,
                                                           "shard_ids": list(settings.shard_ids or ())}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                     everyone=False), **shards)
        self.settings = settings
        self._service_options = service_options or {}
        self.store: Store | None = None
        self.web: WebServer | None = None
        # Run once every extension is loaded, before the scheduler starts; not by --check, which changes nothing.
        self.on_start: list[Callable[[], Awaitable[None]]] = []

    async def open_store(self) -> Store:
        """The store, opened and checked on first use (`StoreUnavailable` if the file cannot be used)."""
        if self.store is None:
            self.store = await Store.open(self.settings.database, init_empty=self.settings.init_db,
                                          pool_size=self.settings.database_pool_size)
        return self.store

    async def setup_hook(self) -> None:
        self._setting_up = asyncio.Event()  # a shutdown that comes now waits for the set-up to finish first
        try:
            if not hasattr(self, "service"):  # built once: a login tried again (no network at start) runs this again
                await self.build()
            await self._begin()
        finally:
            self._setting_up.set()

    async def build(self) -> None:
        """Open the store, build the services and load every extension: all a start does before it acts (no
        recovery, no scheduler, no web server, nothing sent to Discord). `--check` stops here."""
        await self.open_store()  # already open when started by main(); simcord logs in directly
        assert self.store is not None
        backend = "PostgreSQL" if self.settings.database_url else "SQLite"
        if self.settings.shard_count is None:
            log.info("not sharded: this process serves every server (%s database)", backend)
        else:
            log.info("serving shards %s of %d (%s database)", ",".join(map(str, self.settings.shard_ids or ())),
                     self.settings.shard_count, backend)
        # Discord's clock (virtual in tests): deadlines shown as Discord timestamps and acted on by the scheduler.
        options: dict = {"clock": lambda: discord.utils.utcnow().timestamp(),
                         "cache_size": self.settings.match_cache, **self._service_options}
        self.service = MatchService(self.store, **options)
        self.service.computer_seconds = self.settings.computer_seconds
        self.service.vacations.allowance = self.settings.vacation_days
        self.service.computer_workers = self.settings.computer_workers
        self.service.web.base_url = self.settings.web_links  # Watch links (matches/sharing.py)
        self.tournaments = TournamentService(self.service)  # listens for the end of its matches
        self.reviews = Reviews(self.service, iterations=self.settings.analysis_iterations)  # /analysis (reviews/)
        self.tables = Tables(self, render_workers=self.settings.render_workers)
        # Computer seats: their moves are posted like anyone's, each after the board of the move before it.
        self.service.computer_gates.append(self.tables.board_posted)
        self.service.on_computer_move.append(self.tables.computer_moved)
        self.service.vacations.on_resume.append(self.tables.show_away)  # a vacation ran out: its boards say so
        self.scheduler = Scheduler(self.service, self.tables, self.tournaments)
        # First at every start: what a crash left of the matches that ended (ratings, tournament results, rounds).
        self.on_start.append(self.scheduler.catch_up)
        self.add_dynamic_items(LobbyButton, MatchButton, ComputerButton)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # The commands' descriptions and choices in every shipped language, published at sync (i18n/).
        await self.tree.set_translator(CatalogTranslator())

    async def _begin(self) -> None:
        for task in self.on_start:  # what the extensions left to do from an earlier run (tournament recovery)
            await task()
        if self.settings.sync_commands:
            await self.sync_commands()
        self.scheduler.start()
        if self.settings.web_port is not None:  # the web companion in this process (web/; WEB_PORT)
            from web import WebServer

            host, port = self.settings.web_host, self.settings.web_port
            self.web = WebServer(self.service, self.tournaments, reviews=self.reviews)
            try:
                await self.web.start(host, port)
            except OSError as error:
                self.web = None
                raise SettingsError(f"WEB_PORT: cannot serve the web pages on {host}:{port} "
                                    f"({error.strerror or error}); set a free port, or leave it unset.") from None

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
        """Shut down (SIGTERM, SIGINT, or the end of `serve`): stop taking work, let a request being committed
        finish (at most SETTLE_SECONDS), then close Discord's connection and the store (its pool, and with it the
        scheduler's leadership). A move acknowledged is committed; one not yet committed is refused or never
        arrives, and the player tries again after the restart."""
        if getattr(self, "_closing", False):
            return await super().close()
        self._closing = True
        if hasattr(self, "_setting_up"):
            await self._setting_up.wait()
        if self.web is not None:
            await self.web.stop()
            self.web = None
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if hasattr(self, "service"):
            await self.service.stop_computers()  # their turns resume from the database at the next start
        if hasattr(self, "reviews"):
            await self.reviews.stop()  # an analysis under way is asked for again; nothing half-made is stored
            await self.service.settled(SETTLE_SECONDS)
        await super().close()
        if hasattr(self, "tables"):
            self.tables.painter.close()
        if self.store is not None:
            await self.store.close()
            self.store = None


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The bot with SHARD_COUNT set: discord.py's AutoShardedBot serving only SHARD_IDS (all shards when unset)."""


def create_bot(settings: Settings, **service_options: object) -> TabletopBot:
    kind = TabletopBot if settings.shard_count is None else ShardedTabletopBot
    return kind(settings, service_options=dict(service_options))


# What "Discord cannot be reached" looks like: no route or name (DNS), refused or reset connections, time-outs, and
# Discord's own 5xx answers (discord.py already retried those a few times). A rejected token is not among them.
UNREACHABLE = (aiohttp.ClientError, TimeoutError, discord.GatewayNotFound, discord.DiscordServerError)
RETRY_CAP_SECONDS = 60.0  # the longest wait between two attempts at start, however long Discord stays away


async def connect(bot: TabletopBot, token: str, stopping: Callable[[], bool]) -> None:
    """`bot.start(token)`, except that a start without Discord (no network yet at boot, an outage) is tried again
    with capped backoff, one log line an attempt, until it connects or `stopping()` (a shutdown began): discord.py
    gives up when logging in fails, and its connect loop dies on its missing websocket when the very first
    connection fails (discord.py issue #10520). A rejected token (`discord.LoginFailure`) is raised at once."""
    backoff = ExponentialBackoff()
    logged_in = False
    while not stopping():
        try:
            if not logged_in:
                await bot.login(token)
                logged_in = True
            await bot.connect()
            return
        except UNREACHABLE as error:
            if logged_in or stopping():
                raise  # after login discord.py's own loop tries again; only what ends that loop comes here
            await bot.http.close()  # a failed login leaves its session open: the next attempt makes a new one
            bot.http.connector = discord.utils.MISSING
            why = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        except AttributeError:
            if isinstance(bot, commands.AutoShardedBot) or bot.ws is not None or stopping():
                raise  # not that bug: shards connect by their own loop, and a bot that had a websocket resumes
            why = "the first connection failed"
        delay = min(backoff.delay(), RETRY_CAP_SECONDS)
        log.warning("Discord could not be reached at start (%s); trying again in %.1f s", why, delay)
        waited = 0.0
        while waited < delay and not stopping():  # a shutdown does not wait for the next try
            await asyncio.sleep(0.1)
            waited += 0.1


async def serve(bot: TabletopBot, token: str) -> None:
    """What `bot.run` does, with the database opened and checked before logging in to Discord, and SIGTERM or
    SIGINT (docker compose stop, systemctl stop, Ctrl-C) closing the bot cleanly instead of killing it."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def shut_down(signal_name: str) -> None:
        if not closing:
            log.info("%s: shutting down", signal_name)
            closing.append(loop.create_task(bot.close()))

    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, shut_down, signal.Signals(number).name)
    try:
        async with bot:  # closes the bot, and with it the store, however this ends
            await bot.open_store()
            try:
                await connect(bot, token, lambda: bool(closing) or bot.is_closed())
            except (asyncio.CancelledError, Exception):
                # Closing tears down Discord's connection under a connect in progress (aiohttp cancels it, or
                # its session is gone): expected then, a failure otherwise.
                if not closing:
                    raise
        if closing:
            await closing[0]
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(number)
    if closing:
        log.info("shut down cleanly")


class BrokenInstall(Exception):
    """`--check` found the bot's own code or install unfit to start (EXIT_BROKEN)."""


async def check(bot: TabletopBot) -> str:
    """`--check`: everything a start does before it contacts Discord, then the commands it would publish and a
    board drawn where boards are drawn; the "ready: …" line. Raises what a start would (a setting, the database) or
    `BrokenInstall`."""
    async with bot:  # closes the bot, the store and the render pool however this ends
        try:
            await bot.build()
        except commands.ExtensionError as error:
            cause = error.__cause__ or error
            raise BrokenInstall(f"{error.name} does not load: {type(cause).__name__}: {cause}") from None
        assert bot.store is not None
        payloads = await limits.command_payloads(bot.tree)
        problems = limits.command_problems(payloads)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise BrokenInstall(f"the slash commands break Discord's limits: {problems[0]}{more}")
        game = bot.service.game("cintos")
        state = game.setup(2, game.check_options(2, {}))
        try:
            png = await bot.tables.painter.trial(game.view(state, None), ["Ada", "Bo"])
        except Exception as error:
            raise BrokenInstall(f"a board cannot be drawn: {type(error).__name__}: {error}") from None
        if not png.startswith(b"\x89PNG"):
            raise BrokenInstall("a board cannot be drawn: the renderer gave no PNG")
        database = (f"PostgreSQL {redacted(bot.settings.database_url)}" if bot.settings.database_url
                    else f"SQLite {bot.settings.database}")
        where = f"{bot.settings.render_workers} drawing processes" if bot.settings.render_workers else "a thread"
        token = "" if bot.settings.token else "; DISCORD_TOKEN is not set yet, so a start would stop"
        return (f"ready: {database} at schema {await bot.store.schema_version()}, {len(EXTENSIONS)} extensions, "
                f"{len(payloads)} slash commands within Discord's limits, a board drawn in {where}{token}")


async def write_messages(bot: TabletopBot, path: str) -> int:
    """`--messages PATH`: the command tree's names (each in its context: command name, option name), descriptions and
    choices as JSON, for the catalogs (`python -m i18n update` runs this); built offline like `--check`. How many
    were written."""
    async with bot:
        await bot.build()
        found = await tree_messages(bot.tree) + help_messages()
    Path(path).write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
    return len(found)


def _stop(message: str, code: int) -> int:
    print(message, file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the Tabletop Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish slash commands to Discord on start")
    parser.add_argument("--init-db", action="store_true",
                        help="make an existing empty (0-byte) DATABASE_PATH file a new database (also INIT_DB=1)")
    parser.add_argument("--check", action="store_true",
                        help="check the settings, database, extensions, commands and drawing, then exit; "
                             "Discord is not contacted")
    parser.add_argument("--messages", metavar="PATH", help=argparse.SUPPRESS)  # python -m i18n update
    args = parser.parse_args(argv)
    try:
        settings = load()
    except SettingsError as error:
        return _stop(str(error), EXIT_SETTINGS)
    settings = settings.but(sync_commands=settings.sync_commands or args.sync, init_db=settings.init_db or args.init_db)
    configure_logging(settings)
    if args.check or args.messages:
        settings = settings.but(sync_commands=False)  # nothing is published: Discord is not contacted
    elif not settings.token:
        where = "in .env" if Path(".env").is_file() else "(copy .env.example to .env first)"
        return _stop(f"DISCORD_TOKEN is not set. Put your bot token {where} as DISCORD_TOKEN=... (Discord "
                     "Developer Portal > your application > Bot > Reset Token).", EXIT_SETTINGS)
    bot = create_bot(settings)
    try:
        if args.messages:
            print(f"{asyncio.run(write_messages(bot, args.messages))} messages of the command tree")
        elif args.check:
            print(asyncio.run(check(bot)))
        else:
            asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:
        pass
    except BrokenInstall as error:
        return _stop(f"Cannot start: {redacted(str(error))}", EXIT_BROKEN)
    except SettingsError as error:  # found only at start (the web port is taken)
        return _stop(str(error), EXIT_SETTINGS)
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
