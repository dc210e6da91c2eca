"""One background task that acts on every deadline in the database: reminders, timeouts and lobby expiry; and
completes what a crash left of a match's end (its rating, tournament result, next round, final board).

It sleeps until the next due time (read from the store, so it picks up where it left off after a restart) and is
woken early whenever a new deadline is set. Of several processes on one database only the leader acts: it holds the
lease `LEADERSHIP` (`store.lead`), renewed every `RENEW` seconds by a task of its own and lapsing `LEASE` seconds
after the last renewal. A leader that stops (killed, frozen, cut off) stops renewing; another process, asking every
`RENEW` seconds, takes the lease once it lapses. Every deadline write is fenced with the lease, so a leader that
wakes up late acts on nothing another leader handled (its writes are refused, `data.Fenced`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import Protocol

import discord

from data import Fenced, Lease, store_problem
from matches import Match, MatchService, Turn
from matches.consequences import POST_GRACE, RETRY, SETTLE_GRACE
from tournaments import TournamentService

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # look again at least hourly, whatever the database says
MIN_SLEEP = 1.0  # never spin, even if something due keeps failing
RENEW = 2.0  # the leader renews its lease this often; the others ask for it this often
LEASE = 6.0  # a lease lapses this long after its last renewal: three renewals, so one late renewal costs nothing
# On a shared database the leader looks at the deadlines this often (other processes set deadlines without waking it).
LOOK = 5.0
LEADERSHIP = "scheduler"  # the store's name for this leadership
# On a shared database a computer's turn is the business of the process whose commit began it (it is thinking);
# the leader resumes only a turn left this long (that process died).
COMPUTER_IDLE = 60.0


class Posts(Protocol):
    """What the scheduler posts through (cogs.tables.Tables in the bot): the messages of what it did."""

    async def remind(self, match: Match, *, fence: Lease | None = None) -> None: ...
    async def time_out(self, match: Match, *, fence: Lease | None = None) -> None: ...
    async def expire(self, match: Match, *, fence: Lease | None = None) -> None: ...
    async def post_turn(self, turn: Turn) -> None: ...


class Scheduler:
    def __init__(self, service: MatchService, posts: Posts, tournaments: TournamentService | None = None) -> None:
        self.service = service
        self.posts = posts
        self.tournaments = tournaments  # None: no tournaments (tests, tools that run matches only)
        self._task: asyncio.Task[None] | None = None
        self._renewer: asyncio.Task[None] | None = None
        self._sleeping = False
        self._poked = False  # woken on purpose: the cancellation ends only the current sleep
        self._dirty = False  # poked while busy: look again before sleeping
        self.leading: bool | None = None  # whether this process leads; None: not known yet
        self.lease: Lease | None = None  # the lease held, for fencing the deadline writes
        self._valid_until = 0.0  # time.monotonic() until which the lease is surely held (it lapses later in the db)
        self._unpostable: set[int] = set()  # matches whose final board failed to post: logged once

    @property
    def _shared(self) -> bool:
        return bool(self.service.store.shared)

    def start(self) -> None:
        if self._task is None:
            if self._shared:
                self._renewer = asyncio.create_task(self._renew(), name="tabletop-scheduler-lease")
            self._task = asyncio.create_task(self._run(), name="tabletop-scheduler")

    async def stop(self) -> None:
        for task in (self._renewer, self._task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._renewer = None
        if self.leading:  # hand over at once instead of when the lease lapses
            try:
                await self.service.store.resign_lead(LEADERSHIP)
            except Exception as exc:  # stopping anyway; the lease lapses on its own
                log.warning("scheduler: could not hand over the lead (%s)", exc)
        self.leading, self.lease = None, None

    def holds(self) -> bool:
        """Whether this process may act now: it holds the lease, surely unexpired (a SQLite file: always)."""
        return self.lease is not None and time.monotonic() < self._valid_until

    async def lead(self) -> bool:
        """Take or renew the lease (`store.lead`: always held on SQLite); a change is logged once."""
        asked = time.monotonic()
        lease = await self.service.store.lead(LEADERSHIP, LEASE)
        self.lease = lease
        # Counted from before the request: the database's expiry is counted from later, so this is on the safe side.
        self._valid_until = (math.inf if not self._shared else asked + LEASE) if lease is not None else 0.0
        leading = lease is not None
        if leading != self.leading:
            if leading:
                log.info("scheduler: this process leads (lease epoch %s): it acts on every deadline and computer "
                         "turn", lease.epoch if lease else "-")
            else:
                log.info("scheduler: another process leads; this one follows and asks again every %g s", RENEW)
            self.leading = leading
        return leading

    async def _renew(self) -> None:
        """On a shared database: renew the lease (or ask for it) every RENEW seconds, whatever the ticks are doing."""
        while True:
            was = self.holds()
            try:
                await self.lead()
            except Exception as exc:  # the lease may still be held until it lapses: `holds` says so
                log.error("scheduler: cannot renew the lead (%s)", store_problem(exc) or exc)
            if self.holds() and not was:
                self.poke()  # just took over: look at once
            await asyncio.sleep(RENEW)

    def poke(self) -> None:
        """Something changed (a move, a new lobby): recompute the next wake-up (a follower has nothing to do)."""
        if self._task is None or (self._shared and not self.holds()):
            return
        if self._sleeping and not self._poked:
            self._poked = True
            self._task.cancel()
        else:
            self._dirty = True

    async def tick(self) -> int:
        """Do everything that is due now; returns how many things were done."""
        tables = self.posts
        # A computer whose turn was left (a restart, a failed think) plays now; running ones are left alone.
        service = self.service
        done = await service.resume_computers(idle=COMPUTER_IDLE if service.store.shared else 0.0)
        done += await self.settle()  # what a match's end sets off, left by a crash or an outage
        # Vacations that ran out end first, so their matches' deadlines have moved on before any is looked at.
        done += len(await service.vacations.end_due())
        for kind, match in await service.due():
            fence = self.lease
            if fence is None or not self.holds():  # lapsed meanwhile (a slow tick, a pause): leave it to the next
                return done
            try:
                if kind == "remind":
                    await tables.remind(match, fence=fence)
                elif kind == "timeout":
                    await tables.time_out(match, fence=fence)
                else:
                    await tables.expire(match, fence=fence)
                done += 1
            except Fenced:
                log.info("scheduler: another process took the lead while this one was acting on match %s; the "
                         "new leader acts on it", match.id)
                self.lease, self._valid_until = None, 0.0
                return done
            except Exception:
                log.exception("scheduler: %s of match %s failed", kind, match.id)
        tournaments = self.tournaments  # a tournament match nobody started is a double forfeit
        if tournaments is None:
            return done
        for match_id in await tournaments.due():
            if not self.holds():
                return done
            try:
                turn = await tournaments.settle_unstarted(match_id)
                if turn is not None:
                    await tables.post_turn(turn)
                    done += 1
            except Exception:
                log.exception("scheduler: settling unstarted tournament match %s failed", match_id)
        # a round half over (matches nobody started) or at its deadline (still running)
        done += await tournaments.send_notices()
        return done

    async def catch_up(self) -> None:
        """At every start (bot.py's `on_start`): complete what a crash left of the matches that ended, at once (no
        request of this process is at work on them). Any process does, leader or not: each step is done once."""
        try:
            await self.settle(starting=True)
        except Exception as exc:
            log.error("what ended matches set off could not be looked at (%s); the scheduler's leader tries again",
                      store_problem(exc) or exc)

    async def settle(self, *, starting: bool = False) -> int:
        """Ended matches whose rating, tournament result or next round is missing get them
        (`MatchService.settle_ended`), then those whose final board message was never posted get it; how many.
        Normally only what ended a while ago (the process that ended it is at work on it: SETTLE_GRACE,
        POST_GRACE); at a start the database steps at once, and on SQLite (one process) the boards too. On a shared
        database the boards are posted by the leader's ticks only, so no two processes post one."""
        service = self.service
        done = await service.settle_ended(0.0 if starting else SETTLE_GRACE)
        if starting and self._shared:  # the boards are the leader's alone: two processes starting would post twice
            return done
        for match in await service.unposted_boards(0.0 if starting else POST_GRACE):
            if not starting and not self.holds():  # lapsed meanwhile: the new leader posts the rest
                break
            try:
                await self.posts.post_turn(Turn(match, []))  # marks it posted (cogs.tables)
            except (discord.NotFound, discord.Forbidden) as exc:  # its channel is gone or closed to the bot: for good
                log.warning("scheduler: the final board of match %s cannot be posted (%s); not tried again",
                            match.id, exc)
                await service.board_final_posted(match.id)
                continue
            except Exception:
                if match.id not in self._unpostable:
                    self._unpostable.add(match.id)
                    log.exception("scheduler: the final board of match %s could not be posted; tried again", match.id)
                continue
            self._unpostable.discard(match.id)
            done += 1
        return done

    async def _run(self) -> None:
        service = self.service
        while True:
            self._dirty = False
            leading = False
            upcoming: float | None = None
            try:
                if not self._shared and self.leading is None:
                    await self.lead()  # one process owns a SQLite file: it leads for good
                leading = self.holds()
                if leading:
                    await self.tick()
                    upcoming = await service.next_due()
                    notice = await self.tournaments.next_notice() if self.tournaments is not None else None
                    upcoming = notice if upcoming is None else min(upcoming, notice or upcoming)
                    back = await service.vacations.next_end()  # a vacation's end restarts clocks
                    upcoming = back if upcoming is None else min(upcoming, back or upcoming)
                    if await service.ends_waiting():  # an ended match's consequences or board: look again soon
                        upcoming = min(upcoming or math.inf, service.now() + RETRY)
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
            if service.store.shared:  # a follower waits for the renewer's poke; RENEW is its longest wait
                delay = min(delay, LOOK if leading else RENEW)
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
