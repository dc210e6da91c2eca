"""`python -m web`: the web companion in a process of its own, reading the bot's database (DATABASE_URL or
DATABASE_PATH) and serving on WEB_HOST:WEB_PORT (default 127.0.0.1:8080). Moves made by any bot process reach its
pages: PostgreSQL tells it (LISTEN/NOTIFY); on SQLite it asks the file twice a second.

A setting that cannot be used (the settings module's checks, or a port already taken) is one line on stderr and
exit 2; a database that cannot be used, exit 3.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

from data import Store, StoreUnavailable
from matches import MatchService
from reviews import Reviews
from settings import EXIT_SETTINGS, Settings, configure_logging, load_or_exit, redacted, stop
from tournaments import TournamentService
from web.app import WebServer

EXIT_DATABASE = 3
DEFAULT_PORT = 8080

log = logging.getLogger("tabletop.web")


async def serve(settings: Settings) -> None:
    store = await Store.open(settings.database, pool_size=settings.database_pool_size)
    try:
        matches = MatchService(store, cache_size=settings.match_cache)
        matches.web.base_url = settings.web_links
        server = WebServer(matches, TournamentService(matches), other_processes=not store.shared,
                           reviews=Reviews(matches))  # read only: the pages show analyses the bot made
        assert settings.web_port is not None
        await server.start(settings.web_host, settings.web_port)
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stopping.set)
        await stopping.wait()
        log.info("shutting down")
        await server.stop()
    finally:
        await store.close()


def main() -> int:
    settings = load_or_exit()
    if settings.web_port is None:
        settings = settings.but(web_port=DEFAULT_PORT)
    if settings.database_url is None and not os.path.exists(settings.database_path):
        stop(f"There is no database {settings.database_path!r} yet: start the bot first (it creates it), or set "
             "DATABASE_PATH (or DATABASE_URL).", EXIT_DATABASE)
    configure_logging(settings)
    try:
        asyncio.run(serve(settings))
    except StoreUnavailable as error:
        stop(f"Cannot use the database {redacted(str(error))}.", EXIT_DATABASE)
    except OSError as error:  # the port is taken, or the address is not this machine's
        stop(f"WEB_PORT: cannot serve the web pages on {settings.web_host}:{settings.web_port} "
             f"({error.strerror or error}); set a free port.", EXIT_SETTINGS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
