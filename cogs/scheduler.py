"""One background task that acts on every deadline in the database: reminders, timeouts and lobby expiry.

It sleeps until the next due time (read from the store, so it picks up where it left off after a restart) and is
woken early whenever a new deadline is set. Of several processes on one database only the leader acts
(`store.try_lead`); the others ask again every `LEASE` seconds and one takes over when the leader is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from data import store_problem

if TYPE_CHECKING:
    from cogs.tables import Tabletop

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # look again at least hourly, whatever the database says
MIN_SLEEP = 1.0  # never spin, even if something due keeps failing
# A follower asks for the lead this often, and a leader on a shared database looks at the deadlines this often
# (other processes set deadlines without waking it): a dead leader's successor acts within seconds.
LEASE = 5.0
LEADERSHIP = "scheduler"  # the store's name for this leadership
# On a shared database a computer's turn is the business of the process whose commit began it (it is thinking);
# the leader resumes only a turn left this long (that process died).
COMPUTER_IDLE = 60.0


class Scheduler:
    def __init__(self, bot: Tabletop) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._poked = False  # woken on purpose: the cancellation ends only the current sleep
        self._dirty = False  # poked while busy: look again before sleeping
        self.leading: bool | None = None  # whether this process leads; None: not known yet

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="tabletop-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.leading:  # hand over at once instead of when the connection closes
            try:
                await self.bot.service.store.resign_lead(LEADERSHIP)
            except Exception as exc:  # stopping anyway; closing the store releases it too
                log.warning("scheduler: could not resign the lead (%s)", exc)
        self.leading = None

    async def lead(self) -> bool:
        """Whether this process leads now (`store.try_lead`: always on SQLite); a change is logged once."""
        leading = await self.bot.service.store.try_lead(LEADERSHIP)
        if leading != self.leading:
            if leading:
                log.info("scheduler: this process leads: it acts on every deadline and computer turn")
            else:
                log.info("scheduler: another process leads; this one follows and asks again every %g s", LEASE)
            self.leading = leading
        return leading

    def poke(self) -> None:
        """Something changed (a move, a new lobby): recompute the next wake-up (a follower has nothing to do)."""
        if self._task is None or self.leading is False:
            return
        if self._sleeping and not self._poked:
            self._poked = True
            self._task.cancel()
        else:
            self._dirty = True

    async def tick(self) -> int:
        """Do everything that is due now; returns how many things were done."""
        tables = self.bot.tables
        # A computer whose turn was left (a restart, a failed think) plays now; running ones are left alone.
        service = self.bot.service
        done = await service.resume_computers(idle=COMPUTER_IDLE if service.store.shared else 0.0)
        for kind, match in await self.bot.service.due():
            try:
                if kind == "remind":
                    await tables.remind(match)
                elif kind == "timeout":
                    await tables.time_out(match)
                else:
                    await tables.expire(match)
                done += 1
            except Exception:
                log.exception("scheduler: %s of match %s failed", kind, match.id)
        events: Any = getattr(self.bot, "events", None)  # tournaments: a match nobody started is a double forfeit
        for match_id in await events.due() if events is not None else []:
            try:
                turn = await events.settle_unstarted(match_id)
                if turn is not None:
                    await tables.post_turn(turn)
                    done += 1
            except Exception:
                log.exception("scheduler: settling unstarted tournament match %s failed", match_id)
        return done

    async def _run(self) -> None:
        service = self.bot.service
        while True:
            self._dirty = False
            leading = False
            upcoming: float | None = None
            try:
                leading = await self.lead()
                if leading:
                    await self.tick()
                    upcoming = await service.next_due()
            except Exception as exc:
                problem = store_problem(exc)
                if problem is None:
                    log.exception("scheduler tick failed")
                else:  # an outage, not a bug: one line each tick, no traceback flooding the log
                    log.error("scheduler: the database is not available (%s); trying again later", problem)
                upcoming = None
            if self._dirty:
                continue
            delay = MAX_SLEEP if upcoming is None else upcoming - service.now()
            if not leading or service.store.shared:
                delay = min(delay, LEASE)
            # A plain sleep (not an Event wait): it is what simcord's virtual clock and any event loop understand.
            self._sleeping = True
            try:
                await asyncio.sleep(min(max(delay, MIN_SLEEP), MAX_SLEEP))
            except asyncio.CancelledError:
                if not self._poked:
                    raise
                current = asyncio.current_task()
                if current is not None:
                    current.uncancel()
            finally:
                self._sleeping = False
                self._poked = False
