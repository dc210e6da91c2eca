"""Storage for the web companion, mixed into `Store`: each opted-in server's secret link token, the reads its index
and profile pages need, and the signal that a match changed (its log or its status), for live pages.

The signal: on SQLite the store calls its watchers after each committed change it made itself (one process owns
the file), and a web process of its own (`python -m web`) asks `PRAGMA data_version` twice a second whether another
connection committed; on PostgreSQL a trigger (migration 12) notifies channel `tabletop_match` on every change by any
process, and the store listens on a connection of its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from data.records import MatchRecord
from data.sql import Database, UniqueViolation

log = logging.getLogger(__name__)

MatchWatcher = Callable[[int], None]  # called with a match id; must not block (it schedules its own work)
POLL_SECONDS = 0.5  # SQLite shared with another process: how often `data_version` is read
NOTIFY_CHANNEL = "tabletop_match"


class WebStore:
    """Mixed into `data.store.Store`; uses its database."""

    _db: Database
    _match_columns: str
    _to_match: Callable[[Sequence[Any]], MatchRecord]

    # ---- the per-server link token ----------------------------------------------------------------------------
    async def web_token(self, guild_id: int) -> str | None:
        """The server's link token; None while it has not opted in."""
        row = await self._db.fetchone("SELECT token FROM web_tokens WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row[0])

    async def set_web_token(self, guild_id: int, token: str | None, now: float) -> None:
        """Store a new token (the old one stops working at once), or None: the server's pages are off."""
        if token is None:
            await self._db.execute("DELETE FROM web_tokens WHERE guild_id = ?", (guild_id,))
            return
        try:
            await self._db.execute(
                "INSERT INTO web_tokens (guild_id, token, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT(guild_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at",
                (guild_id, token, now))
        except UniqueViolation as error:  # 128 random bits: never, but never silently either
            raise ValueError("that token is taken") from error

    async def guild_of_token(self, token: str) -> int | None:
        row = await self._db.fetchone("SELECT guild_id FROM web_tokens WHERE token = ?", (token,))
        return None if row is None else int(row[0])

    # ---- reads for the pages --------------------------------------------------------------------------------
    async def guild_matches(self, guild_id: int, statuses: Sequence[str], limit: int,
                            offset: int = 0) -> list[MatchRecord]:
        """The server's matches in those states, most recently changed first (from the `offset`-th: pages)."""
        if not statuses:
            return []
        marks = ",".join("?" * len(statuses))
        rows = await self._db.fetchall(
            f"SELECT {self._match_columns} FROM matches WHERE guild_id = ? AND status IN ({marks}) "
            "ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?", (guild_id, *statuses, limit, offset))
        return [self._to_match(row) for row in rows]

    async def user_matches_in(self, user_id: int, guild_id: int, limit: int) -> list[MatchRecord]:
        """A player's started matches on one server, most recently changed first."""
        columns = ", ".join("m." + c.strip() for c in self._match_columns.split(","))
        rows = await self._db.fetchall(
            f"SELECT {columns} FROM matches m JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? "
            "AND m.guild_id = ? AND m.status IN ('active', 'finished') ORDER BY m.updated_at DESC, m.id DESC "
            "LIMIT ?", (user_id, guild_id, limit))
        return [self._to_match(row) for row in rows]

    # ---- a match changed ----------------------------------------------------------------------------------------
    def _watchers(self) -> list[MatchWatcher]:
        found: list[MatchWatcher] | None = getattr(self, "_match_watchers", None)
        if found is None:
            found = []
            self._match_watchers = found
        return found

    def _match_changed(self, match_id: int) -> None:
        """After a commit that changed a match's log or status: tell this process's watchers (SQLite only; on
        PostgreSQL the trigger's notification reaches every process, this one included)."""
        if self._db.dialect != "sqlite":
            return
        for watcher in list(self._watchers()):
            try:
                watcher(match_id)
            except Exception:
                log.exception("a watcher of match %s failed", match_id)

    async def watch_matches(self, watcher: MatchWatcher, *,
                            other_processes: bool = False) -> Callable[[], Awaitable[None]]:
        """Call `watcher(match_id)` whenever a match's log or status changes; returns the coroutine that stops it.

        `other_processes` on SQLite: also notice commits by other processes on the same file (a web process of its
        own), by reading `PRAGMA data_version` every `POLL_SECONDS`. PostgreSQL always hears every process."""
        listen = getattr(self._db, "listen", None)
        if listen is not None:
            return await listen(NOTIFY_CHANNEL, lambda payload: watcher(int(payload)))
        self._watchers().append(watcher)
        task = asyncio.create_task(self._poll(watcher)) if other_processes else None

        async def stop() -> None:
            if watcher in self._watchers():
                self._watchers().remove(watcher)
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        return stop

    async def _poll(self, watcher: MatchWatcher) -> None:
        """SQLite, another process writing: which matches changed since the last look (by `updated_at`, the
        writers' wall clock, with a margin; the watcher ignores a match it already shows)."""
        seen = await self._data_version()
        since = time.time() - 5
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                version = await self._data_version()
                if version == seen:
                    continue
                seen, looked = version, time.time()
                rows = await self._db.fetchall("SELECT id FROM matches WHERE updated_at >= ?", (since,))
                since = looked - 5
                for row in rows:
                    watcher(int(row[0]))
            except Exception:  # the database may be busy or away for a moment: look again next time
                log.exception("looking for other processes' moves failed")

    async def _data_version(self) -> int:
        row = await self._db.fetchone("PRAGMA data_version")
        return int(row[0]) if row else 0


__all__ = ["NOTIFY_CHANNEL", "MatchWatcher", "WebStore"]
