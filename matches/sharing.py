"""The web companion's links: a server opts in (`/settings web on`) and gets a secret token; every page of that
server is under `/s/<token>/`, so its games cannot be enumerated, and a new token (`reset`) makes old links 404.

The paths are written here once, for the links Discord shows (cogs) and the routes the web serves (web). A
player's page is named by a code derived from the token, never by the Discord user id.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence

from data import MatchRecord, Store

TOKEN_BYTES = 16  # 128 random bits, url-safe base64: 22 characters
TOKEN_PATTERN = r"[A-Za-z0-9_-]{22}"
CODE_PATTERN = r"[0-9a-f]{16}"
_MASK = (1 << 32) - 1


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def valid_token(text: str) -> bool:
    return re.fullmatch(TOKEN_PATTERN, text) is not None


def index_path(token: str) -> str:
    return f"/s/{token}/"


def match_path(token: str, match_id: int) -> str:
    return f"/s/{token}/m/{match_id}"


def event_path(token: str, tournament_id: int) -> str:
    return f"/s/{token}/e/{tournament_id}"


def leaderboard_path(token: str, game: str) -> str:
    return f"/s/{token}/lb/{game}"


def profile_path(token: str, user_id: int) -> str:
    return f"/s/{token}/p/{player_code(token, user_id)}"


def _round(token: str, i: int, half: int) -> int:
    digest = hmac.new(token.encode(), f"{i}:{half}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big")


def player_code(token: str, user_id: int) -> str:
    """The 64-bit user id through a keyed 4-round Feistel permutation (keyed by the server's token), as 16 hex
    digits: reversible with the token (`player_of`), meaningless without it, and new with every new token."""
    value = user_id & ((1 << 64) - 1)
    left, right = value >> 32, value & _MASK
    for i in range(4):
        left, right = right, left ^ _round(token, i, right)
    return f"{(left << 32) | right:016x}"


def player_of(token: str, code: str) -> int | None:
    """The user id a `player_code` stands for (None: not a code)."""
    if re.fullmatch(CODE_PATTERN, code) is None:
        return None
    value = int(code, 16)
    left, right = value >> 32, value & _MASK
    for i in reversed(range(4)):
        left, right = right ^ _round(token, i, left), left
    user = (left << 32) | right
    return user - (1 << 64) if user >= 1 << 63 else user


class WebLinks:
    """The server's token and the absolute links Discord shows. `base_url` None (WEB_BASE_URL unset and no web
    server in this process): no links anywhere, though the token can still be managed."""

    def __init__(self, store: Store, base_url: str | None, clock: Callable[[], float]) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/") if base_url else None
        self._clock = clock

    async def token(self, guild_id: int | None) -> str | None:
        return None if guild_id is None else await self.store.web.web_token(guild_id)

    # ---- what the pages read (web/ asks these, not the store) ----------------------------------------------------
    async def guild_of(self, token: str) -> int | None:
        """The server whose pages `token` opens, if any."""
        return await self.store.web.guild_of_token(token)

    async def guild_matches(self, guild_id: int, statuses: Sequence[str], limit: int,
                            offset: int = 0) -> list[MatchRecord]:
        """The server's matches in those states, most recently changed first (from the `offset`-th: pages)."""
        return await self.store.web.guild_matches(guild_id, statuses, limit, offset=offset)

    async def player_matches(self, user_id: int, guild_id: int, limit: int) -> list[MatchRecord]:
        """A player's started matches on one server, most recently changed first."""
        return await self.store.web.user_matches_in(user_id, guild_id, limit)

    async def watch(self, watcher: Callable[[int], None], *,
                    other_processes: bool = False) -> Callable[[], Awaitable[None]]:
        """Call `watcher(match_id)` whenever a match changes (live pages); returns the coroutine that stops it."""
        return await self.store.changes.watch(watcher, other_processes=other_processes)

    async def turn_on(self, guild_id: int) -> str:
        """The server's token, made now if it has none."""
        return await self.token(guild_id) or await self.reset(guild_id)

    async def reset(self, guild_id: int) -> str:
        """A new token: every link made with the old one is a 404 from now on."""
        token = new_token()
        await self.store.web.set_web_token(guild_id, token, self._clock())
        return token

    async def turn_off(self, guild_id: int) -> None:
        await self.store.web.set_web_token(guild_id, None, self._clock())

    async def _url(self, guild_id: int | None, path: Callable[[str], str]) -> str | None:
        if self.base_url is None:
            return None
        token = await self.token(guild_id)
        return None if token is None else self.base_url + path(token)

    async def index_url(self, guild_id: int | None) -> str | None:
        return await self._url(guild_id, index_path)

    async def match_url(self, guild_id: int | None, match_id: int) -> str | None:
        """The match's page, once its server has opted in (a match outside a server has none)."""
        return await self._url(guild_id, lambda token: match_path(token, match_id))

    async def event_url(self, guild_id: int | None, tournament_id: int) -> str | None:
        return await self._url(guild_id, lambda token: event_path(token, tournament_id))


__all__ = ["CODE_PATTERN", "TOKEN_PATTERN", "WebLinks", "event_path", "index_path", "leaderboard_path", "match_path",
           "new_token", "player_code", "player_of", "profile_path", "valid_token"]
