"""The signal that a match changed (its log or its status), for live pages (`store.changes`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from data.sql import Database

log = logging.getLogger(__name__)

MatchWatcher = Callable[[int], None]  # called with a match id; must not block (it schedules its own work)
POLL_SECONDS = 0.5  # SQLite shared with another process: how often `data_version` is read
NOTIFY_CHANNEL = "tabletop_match"


class MatchChanges:
    """Who is told when a match changes: the store's core reports its commits (`changed`), pages `watch`.

    On SQLite the store calls its watchers after each committed change it made itself (one process owns the file),
    and a web process of its own (`python -m web`) asks `PRAGMA data_version` twice a second whether another
    connection committed; on PostgreSQL a trigger (migration 12) notifies channel `tabletop_match` on every change by
    any process, and the store listens on a connection of its own.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._watchers: list[MatchWatcher] = []

    def changed(self, match_id: int) -> None:
        """After a commit that changed a match's log or status: tell this process's watchers (SQLite only; on
        PostgreSQL the trigger's notification reaches every process, this one included)."""
        if self._db.dialect != "sqlite":
            return
        for watcher in list(self._watchers):
            try:
                watcher(match_id)
            except Exception:
                log.exception("a watcher of match %s failed", match_id)

    async def watch(self, watcher: MatchWatcher, *, other_processes: bool = False) -> Callable[[], Awaitable[None]]:
        """Call `watcher(match_id)` whenever a match's log or status changes; returns the coroutine that stops it.

        `other_processes` on SQLite: also notice commits by other processes on the same file (a web process of its
        own), by reading `PRAGMA data_version` every `POLL_SECONDS`. PostgreSQL always hears every process."""
        listen = getattr(self._db, "listen", None)
        if listen is not None:
            return await listen(NOTIFY_CHANNEL, lambda payload: watcher(int(payload)))
        self._watchers.append(watcher)
        task = asyncio.create_task(self._poll(watcher)) if other_processes else None

        async def stop() -> None:
            if watcher in self._watchers:
                self._watchers.remove(watcher)
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


__all__ = ["NOTIFY_CHANNEL", "POLL_SECONDS", "MatchChanges", "MatchWatcher"]
