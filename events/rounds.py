"""Round deadlines for the tournament service: when a round ends, the halfway reminder to the players of matches
nobody has started, and the organiser's notice when a round of a set length runs over. Each notice goes out once
(a compare-and-set in the store), whichever process's scheduler sees it first."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from data.store import Store
from data.tournaments import TableRecord
from events.model import Tournament
from matches import MatchService

HALFWAY, DEADLINE = 1, 2  # a round's notices, in the order they fall due
NoticeListener = Callable[[Tournament, int, list[TableRecord]], Awaitable[None]]
log = logging.getLogger(__name__)


class RoundClock:
    """Mixed into `TournamentService`; relies on its `matches`, `store` and `get`."""

    matches: MatchService
    store: Store
    get: Callable[[int], Awaitable[Tournament]]
    on_notice: list[NoticeListener]  # set up by the service

    async def send_notices(self) -> int:
        """Send the round notices due now to the `on_notice` listeners (the cog posts them), each claimed first so
        it goes out once: (event, HALFWAY or DEADLINE, the tables it is about: matches nobody has started at
        halfway, matches still running at the deadline). Returns how many went out; a failing listener is logged."""
        now = self.matches.now()
        sent = 0
        for record in await self.store.tournaments.tournaments(statuses=("running",)):
            event = await self.get(record.id)
            level = _due(event, now)
            if level is None or not await self.store.tournaments.claim_round_notice(event.id, event.round, level):
                continue
            tables = await (self.unstarted(event) if level == HALFWAY else self.unfinished(event))
            for listener in list(self.on_notice):
                try:
                    await listener(event, level, tables)
                except Exception:
                    log.exception("a round notice of tournament %s failed", event.id)
            sent += 1
        return sent

    async def next_notice(self) -> float | None:
        """When the next round notice falls due (for the scheduler's sleep)."""
        times = []
        for record in await self.store.tournaments.tournaments(statuses=("running",)):
            event = await self.get(record.id)
            at = _next(event)
            if at is not None:
                times.append(at)
        return min(times, default=None)

    async def unstarted(self, event: Tournament) -> list[TableRecord]:
        """The current round's tables whose match is running and no player has moved in."""
        out = []
        for table in event.round_tables():
            if table.match_id is None or table.points is not None:
                continue
            match = await self.matches.get(table.match_id)
            if match.status == "active" and not await self.store.moved_seats(match.id, match.players):
                out.append(table)
        return out

    async def unfinished(self, event: Tournament) -> list[TableRecord]:
        return [t for t in event.round_tables() if t.match_id is not None and t.points is None]


def _next(event: Tournament) -> float | None:
    """When the round's next notice falls due (None: none left)."""
    deadline = event.round_deadline()
    start = event.record.round_started
    if deadline is None or start is None:
        return None
    sent = event.record.round_notices
    if sent < HALFWAY:
        return start + (deadline - start) / 2
    if sent < DEADLINE and event.round_hours is not None:
        return deadline
    return None


def _due(event: Tournament, now: float) -> int | None:
    at = _next(event)
    if at is None or at > now:
        return None
    return HALFWAY if event.record.round_notices < HALFWAY else DEADLINE
