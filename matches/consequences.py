"""What a match's end sets off, done exactly once even across a crash: its rating and the `on_finish` listeners (the
tournament's result and next round) after the commit that ends it, and the sweep that completes what a crash left."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from data import store_problem
from matches.model import Refusal

if TYPE_CHECKING:
    from matches.core import MatchCore
    from matches.model import Match
    from matches.ratings import Ratings

log = logging.getLogger(__name__)

ENDED = ("finished", "aborted")
# The scheduler's sweep leaves a match this many seconds after its end to the process whose commit ended it (its
# listeners are at work); at a start nothing of this process is at work, and every step is idempotent anyway.
SETTLE_GRACE = 60.0
# A final board is posted by the request that ended the match, once its listeners are done (a round paired, its
# matches started): the sweep posts it only when that has surely not happened (a crash), long after.
POST_GRACE = 120.0
BATCH = 100  # ended matches completed per sweep: a long outage's backlog drains over a few ticks
RETRY = 30.0  # while something waits, the scheduler looks again at least this often

FinishListener = Callable[["Match"], Awaitable[object]]


class Consequences:
    """`service.consequences`: after the commit that ends a match (the core's commit listener `finished`) its rating
    is applied and every `on_finish` listener is told, each step idempotent and recorded in the transaction that does
    it (the rating with its per-match record, a tournament table's result keyed by the table, a round by its number);
    once all have succeeded the match is marked settled (`Store.settle`). A step that fails (a database outage, a
    crash) leaves the match unsettled, and `sweep` (every start, and the scheduler's leader) completes it: a retry
    finds the done steps done and does only the rest. Two processes sweeping at once do each step once.

    The final board message is the cogs' (`posted` marks it, `unposted` lists those a crash left)."""

    def __init__(self, core: MatchCore, ratings: Ratings) -> None:
        self.core = core
        self.ratings = ratings
        # Told of every match that ends (finished or aborted), after its rating: tournaments (tournaments/) listen.
        # A listener must be idempotent: it is called again when any step failed or the process stopped meanwhile.
        self.on_finish: list[FinishListener] = []
        self._failing: set[int] = set()  # matches whose failure is logged already: a retry that fails is not again

    async def finished(self, match: Match) -> None:
        """The commit listener: complete an ended match's consequences (nothing while it runs). Never raises: the
        result is committed, so a failing step is logged and left to the sweep."""
        if match.status in ENDED:
            await self.complete(match)

    async def complete(self, match: Match) -> bool:
        """Every consequence of an ended match (each a no-op when done before), then the match marked settled if all
        succeeded; whether they did."""
        ok = await self._step(match, "its rating", self.ratings.apply)
        for listener in list(self.on_finish):
            ok = await self._step(match, "a listener of its end", listener) and ok
        if not ok:
            return False
        try:
            await self.core.store.settle(match.id)
        except Exception as error:
            return self._failed(match, "marking it settled", error)
        if match.id in self._failing:
            self._failing.discard(match.id)
            log.info("match %s: what its end sets off is done now", match.id)
        return True

    async def _step(self, match: Match, what: str, step: Callable[[Match], Awaitable[object]]) -> bool:
        try:
            await step(match)
        except Exception as error:
            return self._failed(match, what, error)
        return True

    def _failed(self, match: Match, what: str, error: Exception) -> bool:
        """Log a failed step once per match (the sweep retries it every tick; an outage would flood the log)."""
        if match.id not in self._failing:
            self._failing.add(match.id)
            problem = store_problem(error)
            if problem is not None:  # an outage, not a bug: one line, no traceback
                log.error("match %s: %s failed (%s); it is done when the database answers again", match.id, what,
                          problem)
            else:
                log.error("match %s: %s failed; it is tried again by the next sweep", match.id, what,
                          exc_info=error)
        return False

    async def sweep(self, grace: float = SETTLE_GRACE, limit: int = BATCH) -> int:
        """Complete the consequences of matches that ended at least `grace` seconds ago and are not settled (a
        crash, an outage); how many were completed now. A failure to read the list raises (the caller's outage)."""
        done = 0
        for match_id in await self.core.store.unsettled(self.core.now() - grace, limit):
            try:
                match = await self.core.get(match_id)
            except Refusal as refusal:  # a game this bot no longer hosts: nothing it can rate or record
                log.warning("match %s is left as it is: %s", match_id, refusal)
                await self.core.store.settle(match_id)  # stop asking
                continue
            except Exception as error:
                self._failed_id(match_id, error)
                continue
            if match.status in ENDED and await self.complete(match):
                done += 1
        return done

    def _failed_id(self, match_id: int, error: Exception) -> None:
        if match_id not in self._failing:
            self._failing.add(match_id)
            log.error("match %s could not be read to settle it (%s)", match_id, store_problem(error) or error)

    async def unposted(self, grace: float = POST_GRACE, limit: int = BATCH) -> list[Match]:
        """Started matches that ended at least `grace` seconds ago and whose final board message is not marked
        posted: what a crash between the commit and the post left (the cogs post them, `posted` marks them)."""
        out = []
        for match_id in await self.core.store.unposted(self.core.now() - grace, limit):
            try:
                out.append(await self.core.get(match_id))
            except Refusal as refusal:
                log.warning("match %s's final board cannot be posted: %s", match_id, refusal)
                await self.core.store.mark_posted(match_id)  # nothing will ever post it: stop asking
        return out

    async def waiting(self) -> bool:
        """Whether an ended match, however recent, is unsettled or its final board unposted (the scheduler then looks
        again within RETRY seconds, even on a database with nothing else due)."""
        store = self.core.store
        return bool(await store.unsettled(math.inf, 1) or await store.unposted(math.inf, 1))

    async def posted(self, match_id: int) -> None:
        """The final board message of an ended match was posted (written after the post: a crash in between posts it
        a second time, at the next start; never not at all)."""
        await self.core.store.mark_posted(match_id)
