"""The web companion: read-only pages for every match, event, leaderboard and player of a server that opted in,
live by Server-Sent Events. Over `matches`, `events`, `render` and `data` like `cogs/`, and never imported by them.
Its settings (WEB_HOST, WEB_PORT, WEB_BASE_URL) are fields of the one settings module (settings/).
"""

from web.app import WebServer, create_app

__all__ = ["WebServer", "create_app"]
