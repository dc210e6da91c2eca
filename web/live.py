"""Live match pages: the store says a match changed, the hub builds that match's update once per language its
watchers read and hands the same bytes to every page watching it in that language (Server-Sent Events). A watcher
costs one waiting future, not a queue.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

# (match id, language code) -> (version, SSE message in that language, the server's token now: None when its pages
# are off), or None
Build = Callable[[int, str], Awaitable[tuple[int, bytes, str | None] | None]]


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
    """Per watched match and language a `Channel`; `changed(match_id)` (from the store's watcher) rebuilds and
    publishes each of the match's."""

    def __init__(self, build: Build, *, limit: int = 20_000, keepalive: float = 15.0) -> None:
        self._build = build
        self.limit = limit  # watchers in all; beyond it a page is told to try again later (HTTP 503)
        self.channels: dict[int, dict[str, Channel]] = {}  # match id -> language -> its channel
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
            for channel in self.every_channel():
                channel.wake()

    def every_channel(self) -> list[Channel]:
        return [channel for languages in self.channels.values() for channel in languages.values()]

    def channel(self, match_id: int, language: str) -> Channel | None:
        return self.channels.get(match_id, {}).get(language)

    def changed(self, match_id: int) -> None:
        """A match's log or status changed (maybe in another process): update its pages, if any watch it."""
        for language, channel in list(self.channels.get(match_id, {}).items()):
            if channel.pushing:
                channel.dirty = True  # one more build after the running one: nothing is lost, nothing piles up
                continue
            channel.pushing = True
            task = asyncio.get_running_loop().create_task(self._push(match_id, language, channel))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _push(self, match_id: int, language: str, channel: Channel) -> None:
        try:
            while True:
                channel.dirty = False
                try:
                    built = await self._build(match_id, language)
                except Exception:
                    log.exception("could not build the live update of match %s", match_id)
                    built = None
                if built is not None and (built[0] != channel.version or built[2] != channel.token):
                    channel.publish(*built)
                if not channel.dirty:
                    return
        finally:
            channel.pushing = False

    def join(self, match_id: int, language: str, version: int, message: bytes, token: str) -> Channel | None:
        """A page starts watching in `language` (None: too many watchers). `version`/`message`: the match as the
        caller just built it in that language, so the channel starts from what is current; `token`: the server's,
        just checked."""
        if self.watchers >= self.limit:
            return None
        languages = self.channels.setdefault(match_id, {})
        channel = languages.get(language)
        if channel is None:
            channel = languages[language] = Channel()
        if version > channel.version:
            channel.version, channel.message = version, message
        channel.token = token
        channel.waiters += 1
        self.watchers += 1
        return channel

    def leave(self, match_id: int, language: str, channel: Channel) -> None:
        channel.waiters -= 1
        self.watchers -= 1
        languages = self.channels.get(match_id, {})
        if channel.waiters <= 0 and languages.get(language) is channel:
            del languages[language]
            if not languages:
                del self.channels[match_id]

    async def close(self) -> None:
        self.closing = True
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for channel in self.every_channel():
            channel.wake()  # every stream sees the server closing


__all__ = ["Channel", "Hub"]
