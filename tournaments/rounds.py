"""The tournament service's clock (`RoundClock`, run by the scheduler): a round's halfway reminder and deadline notice,
each sent once whichever process sees it first, and matches nobody started before their deadline settled."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from data.tournaments import TableRecord
from matches import Refusal, Turn
from tournaments.core import EventCore
from tournaments.model import Tournament

HALFWAY, DEADLINE = 1, 2  # a round's notices, in the order they fall due
NoticeListener = Callable[[Tournament, int, list[TableRecord]], Awaitable[None]]
log = logging.getLogger(__name__)


class RoundClock:
    """When a round ends (its deadline), the halfway reminder to the players of matches nobody has started, and
    the organiser's notice when a round of a set length runs over (each claimed in the store first, so it goes out
    once); and tournament matches nobody started before their deadline, settled without waiting for a claim."""

    def __init__(self, core: EventCore) -> None:
        self.core = core
        self.on_notice: list[NoticeListener] = []  # a round half over, or at its deadline: post it (the cog)

    async def send_notices(self) -> int:
        """Send the round notices due now to the `on_notice` listeners (the cog posts them), each claimed first so
        it goes out once: (event, HALFWAY or DEADLINE, the tables it is about: matches nobody has started at
        halfway, matches still running at the deadline). Returns how many went out; a failing listener is logged."""
        now = self.core.matches.now()
        sent = 0
        for record in await self.core.store.tournaments.tournaments(statuses=("running",)):
            event = await self.core.get(record.id)
            level = _due(event, now)
            if level is None or not await self.core.store.tournaments.claim_round_notice(event.id, event.round, level):
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
        for record in await self.core.store.tournaments.tournaments(statuses=("running",)):
            event = await self.core.get(record.id)
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
            match = await self.core.matches.get(table.match_id)
            if match.status == "active" and not await self.core.store.moved_seats(match.id, match.players):
                out.append(table)
        return out

    async def unfinished(self, event: Tournament) -> list[TableRecord]:
        return [t for t in event.round_tables() if t.match_id is not None and t.points is None]

    async def due(self) -> list[int]:
        """Matches the scheduler must settle: out of time under the "claim" rule before anyone played."""
        return await self.core.store.tournaments.unstarted_overdue()

    async def settle_unstarted(self, match_id: int) -> Turn | None:
        """Nobody started playing before the deadline: the match ends as a double forfeit without waiting for a
        claim (claimed for the waiting seats; its result is then recorded 0–0, not played). None if it moved
        meanwhile."""
        match = await self.core.matches.get(match_id)
        late = match.actors()
        waiting = [match.user_at(s) for s in range(match.players) if s not in late]
        if match.status != "active" or not match.record.overdue or not waiting:
            return None
        try:
            return await self.core.matches.claim(match_id, waiting[0])
        except Refusal:
            return None


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
