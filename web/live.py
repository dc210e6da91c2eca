"""Live match pages: the store says a match changed, the hub builds that match's update once and hands the same
bytes to every page watching it (Server-Sent Events). A watcher costs one waiting future, not a queue.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

# match id -> (version, SSE message, the server's token now: None when its pages are off), or None
Build = Callable[[int], Awaitable[tuple[int, bytes, str | None] | None]]


class Channel:
    """One watched match: the newest message and an event that is set (and replaced) at each new one."""

    __slots__ = ("dirty", "message", "pushing", "token", "version", "waiters", "woken")

    def __init__(self) -> None:
        self.version = -1
        self.message = b""
        self.token: str | None = ""  # "" unknown; a stream whose token is no longer this one stops (a reset)
        self.woken = asyncio.Event()
        self.waiters = 0
        self.pushing = False
        self.dirty = False

    def publish(self, version: int, message: bytes, token: str | None) -> None:
        self.version, self.message, self.token = version, message, token
        self.wake()

    def wake(self) -> None:
        """Every stream of this match looks again: a new message, a keep-alive due, or the server closing."""
        woken, self.woken = self.woken, asyncio.Event()
        woken.set()


class Hub:
    """Per watched match a `Channel`; `changed(match_id)` (from the store's watcher) rebuilds and publishes it."""

    def __init__(self, build: Build, *, limit: int = 20_000, keepalive: float = 15.0) -> None:
        self._build = build
        self.limit = limit  # watchers in all; beyond it a page is told to try again later (HTTP 503)
        self.channels: dict[int, Channel] = {}
        self.watchers = 0
        self.closing = False
        self.keepalive = keepalive  # seconds between the comments that keep idle streams open through proxies
        self._tasks: set[asyncio.Task[None]] = set()
        self._ticker: asyncio.Task[None] | None = None

    def start(self) -> None:
        """One timer for every stream (not one per watcher): each `keepalive` seconds every channel wakes."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.keepalive)
            for channel in list(self.channels.values()):
                channel.wake()

    def changed(self, match_id: int) -> None:
        """A match's log or status changed (maybe in another process): update its pages, if any watch it."""
        channel = self.channels.get(match_id)
        if channel is None:
            return
        if channel.pushing:
            channel.dirty = True  # one more build after the running one: nothing is lost, nothing piles up
            return
        channel.pushing = True
        task = asyncio.get_running_loop().create_task(self._push(match_id, channel))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _push(self, match_id: int, channel: Channel) -> None:
        try:
            while True:
                channel.dirty = False
                try:
                    built = await self._build(match_id)
                except Exception:
                    log.exception("could not build the live update of match %s", match_id)
                    built = None
                if built is not None and (built[0] != channel.version or built[2] != channel.token):
                    channel.publish(*built)
                if not channel.dirty:
                    return
        finally:
            channel.pushing = False

    def join(self, match_id: int, version: int, message: bytes, token: str) -> Channel | None:
        """A page starts watching (None: too many watchers). `version`/`message`: the match as the caller just
        built it, so the channel starts from what is current; `token`: the server's, just checked."""
        if self.watchers >= self.limit:
            return None
        channel = self.channels.get(match_id)
        if channel is None:
            channel = self.channels[match_id] = Channel()
        if version > channel.version:
            channel.version, channel.message = version, message
        channel.token = token
        channel.waiters += 1
        self.watchers += 1
        return channel

    def leave(self, match_id: int, channel: Channel) -> None:
        channel.waiters -= 1
        self.watchers -= 1
        if channel.waiters <= 0 and self.channels.get(match_id) is channel:
            del self.channels[match_id]

    async def close(self) -> None:
        self.closing = True
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for channel in self.channels.values():
            channel.wake()  # every stream sees the server closing


__all__ = ["Channel", "Hub"]
