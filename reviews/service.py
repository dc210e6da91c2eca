"""The analysis service (`bot.reviews`): a finished match's computer analysis, stored once made, made in a process
pool off the event loop, one job per match, queued in turns between servers, with progress for whoever waits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from analysis import AnalysedMove, Analysis, Record, default_budget
from analysis.report import VERSION
from i18n import _
from matches import MatchService
from matches.history import state_at
from matches.model import Match, Refusal
from reviews import work
from reviews.drills import Drills
from reviews.queue import FairQueue
from rules import State

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Progress:
    """Where a request stands: waiting behind `ahead` other analyses, or analysing (`done` of `total` moves)."""

    match_id: int
    ahead: int = 0
    done: int = 0
    total: int = 0
    running: bool = False


Listener = Callable[[Progress], Awaitable[None]]


@dataclass(frozen=True)
class Position:
    """A key moment's positions: before the move, after the move played, and after the best move found (None when
    the move played was the best, or the best cannot be replayed)."""

    move: AnalysedMove
    before: State
    played: State
    best: State | None


@dataclass(eq=False)
class Job:
    """One match being analysed (or waiting to be): everyone who asked for it waits on the same job."""

    match: Match
    iterations: int
    future: asyncio.Future[Analysis]
    done: int = 0
    total: int = 0
    running: bool = False
    version: int = 0  # one more at every change, so each waiter hears of it
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def tick(self) -> None:
        async with self.changed:
            self.version += 1
            self.changed.notify_all()


def seed_of(match: Match) -> str:
    """The analysis's seed: the match's number and its dice commitment (public from the start), so the same match
    gives the same analysis every time, and two matches with the same moves are still judged each with its own."""
    return f"match {match.id} {match.record.commitment or ''}".strip()


class Interrupted(Refusal):
    """An analysis that stopped before it was done (its worker died, or the bot is restarting): everyone waiting
    for it is told to ask again, each in the language of the one being answered (`wait` words it anew there: the
    job runs in no one's language)."""

    def __init__(self, match_id: int, restarting: bool) -> None:
        self.match_id, self.restarting = match_id, restarting
        super().__init__(_("The bot is restarting: ask for the analysis again in a minute.") if restarting else
                         _("The computer analysing match #{id} stopped before it was done (nothing was stored): ask "
                           "for it again.", id=match_id))


def analysable(match: Match) -> None:
    """A refusal unless `match` is over with a result: no computer help while a match is played, in a tournament
    too (a tournament match is analysed once that match has ended, like any other)."""
    if match.status == "lobby":
        raise Refusal(_("Match #{id} has not started yet: there is nothing to analyse.", id=match.id))
    if match.status == "active":
        raise Refusal(_("Match #{id} is still being played: no computer help while playing. Ask again once it "
                        "has ended.", id=match.id))
    if match.status != "finished" or match.state is None:
        raise Refusal(_("Match #{id} was closed without a result: there is nothing to analyse.", id=match.id))


class Reviews:
    """Analyses of finished matches over the match service. `iterations`: the search per position for every game
    (TABLETOP_ANALYSIS_ITERATIONS; None: each game's default, `analysis.default_budget`). `executor`: where the
    search runs (None: a pool of one spawned process, made on first use; tests pass their own)."""

    def __init__(self, service: MatchService, *, iterations: int | None = None,
                 executor: Executor | None = None) -> None:
        self.service = service
        self.store = service.store
        self.iterations = iterations
        self.executor = executor
        self.queue: FairQueue[Job] = FairQueue()
        self.jobs: dict[tuple[int, int], Job] = {}  # waiting or running, by (match, iterations)
        self._pool: ProcessPoolExecutor | None = None
        self._runner: asyncio.Task[None] | None = None
        self.drills = Drills(self)  # /analysis learn

    def iterations_for(self, game: str) -> int:
        """The search per position used for `game`."""
        budget = default_budget(game).iterations
        assert budget is not None
        return self.iterations or budget

    # ---- asking ---------------------------------------------------------------------------------------------
    async def visible(self, match_id: int, user_id: int, guild_id: int | None) -> Match:
        """The match, if the caller may look at it from here and it may be analysed (else a `Refusal`)."""
        match = await self.service.get_visible(match_id, user_id, guild_id)
        analysable(match)
        return match

    async def stored(self, match: Match) -> Analysis | None:
        """The analysis already made of `match` at this budget; None when there is none yet."""
        data = await self.store.analyses.get(match.id, self.iterations_for(match.game.name), VERSION)
        return None if data is None else Analysis.from_json(data)

    async def latest(self, match_id: int) -> Analysis | None:
        """The analysis made of a match at any budget, the newest (pages and exports show it; never makes one)."""
        data = await self.store.analyses.latest(match_id, VERSION)
        return None if data is None else Analysis.from_json(data)

    async def analyse(self, match_id: int, user_id: int, guild_id: int | None,
                      progress: Listener | None = None) -> Analysis:
        """The analysis of a match the caller may see: the stored one at once, else made (queued in turns between
        servers; a match already being analysed is waited for, not analysed twice), with `progress` awaited at
        every change meanwhile. A `Refusal` for a match still played or never finished."""
        match = await self.visible(match_id, user_id, guild_id)
        found = await self.stored(match)
        if found is not None:
            return found
        return await self.wait(await self.job(match), progress)

    async def job(self, match: Match) -> Job:
        """The job analysing `match`: the one under way, else a new one at the back of its server's line."""
        key = (match.id, self.iterations_for(match.game.name))
        job = self.jobs.get(key)
        if job is not None:
            return job
        job = Job(match, key[1], asyncio.get_running_loop().create_future())  # no await before it is registered
        self.jobs[key] = job
        self.queue.put(match.record.guild_id, job)
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run(), name="analyses")
        return job

    def progress(self, job: Job) -> Progress:
        ahead = 0 if job.running else self.queue.ahead(job) + (1 if self._busy() else 0)
        return Progress(job.match.id, ahead, job.done, job.total, job.running)

    def _busy(self) -> bool:
        return any(j.running for j in self.jobs.values())

    async def wait(self, job: Job, progress: Listener | None = None) -> Analysis:
        """The job's analysis once made, awaiting `progress` at each change meanwhile (a slow listener only skips
        the changes that came while it ran)."""
        seen = [-1]
        while not job.future.done():
            async with job.changed:
                await job.changed.wait_for(lambda: job.version != seen[0] or job.future.done())
                seen[0] = job.version
            if job.future.done() or progress is None:
                continue
            try:
                await progress(self.progress(job))
            except Exception:  # showing progress is a courtesy: the analysis goes on
                log.exception("showing the progress of the analysis of match %s failed", job.match.id)
        try:
            return job.future.result()
        except Interrupted as stopped:  # worded where the job failed: again, in this waiter's language
            raise Interrupted(stopped.match_id, stopped.restarting) from None

    async def record(self, match: Match) -> dict[str, Any]:
        """The match's record as the worker reads it (`reviews.work.record_of`)."""
        entries = await self.store.log(match.id)
        return work.record_json(Record.of(match.players, match.record.options, [(e.seat, e.text) for e in entries]))

    async def position(self, match: Match, move: AnalysedMove) -> Position:
        """The positions around `move` (a line of `match`'s analysis), rebuilt from the log with the rules."""
        before = await state_at(self.service, match.id, move.n - 1)
        game = match.game

        def play() -> Position:
            played = game.apply(before, game.parse(before, move.notation, move.seat), move.seat)
            best = None
            if move.best is not None and move.best != move.notation:
                try:
                    best = game.apply(before, game.parse(before, move.best, move.seat), move.seat)
                except ValueError:
                    log.warning("match %s line %s: the best move %r does not replay", match.id, move.n, move.best)
            return Position(move, before, played, best)

        return await asyncio.to_thread(play)

    # ---- working --------------------------------------------------------------------------------------------
    def pool(self) -> Executor:
        if self.executor is not None:
            return self.executor
        if self._pool is None:
            # one process is enough: jobs take turns; spawned, not forked (the parent runs threads: aiosqlite)
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=work.quiet_worker)
        return self._pool

    async def _run(self) -> None:
        while True:
            job = self.queue.take()
            if job is None:
                return
            job.running = True
            await job.tick()
            for waiting in self.queue.order():
                await waiting.tick()  # one fewer ahead of each
            try:
                job.future.set_result(await self._make(job))
            except Exception as error:
                log.exception("the analysis of match %s failed", job.match.id)
                if isinstance(error, BrokenProcessPool):
                    if self._pool is not None:  # a worker died (killed, out of memory): the next job gets a new one
                        self._pool.shutdown(wait=False, cancel_futures=True)
                        self._pool = None
                    error = Interrupted(job.match.id, restarting=False)
                job.future.set_exception(error)
            finally:
                self.jobs.pop((job.match.id, job.iterations), None)
                await job.tick()

    async def _make(self, job: Job) -> Analysis:
        loop = asyncio.get_running_loop()
        game, seed = job.match.game.name, seed_of(job.match)
        record = await self.record(job.match)
        executor = self.pool()
        lines = await loop.run_in_executor(executor, work.player_lines, game, record)
        job.total = len(lines)
        await job.tick()
        moves = []
        for n in lines:  # one line at a time: progress, and a request for another match never waits long
            moves.append(await loop.run_in_executor(executor, work.judge_line, game, record, seed,
                                                    job.iterations, n))
            job.done += 1
            await job.tick()
        data = await loop.run_in_executor(executor, work.assemble, game, record, seed, job.iterations, moves)
        await self.store.analyses.put(job.match.id, job.iterations, VERSION, data, self.service.now())
        return Analysis.from_json(data)

    async def stop(self) -> None:
        """Stop analysing (shutdown): whoever waits is told to ask again; nothing half-made is stored."""
        pending = list(self.jobs.values())
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
            self._runner = None
        for job in pending:
            if not job.future.done():
                job.future.set_exception(Interrupted(job.match.id, restarting=True))
                await job.tick()
        self.jobs.clear()
        while self.queue.take() is not None:
            pass
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
