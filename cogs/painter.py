"""Board images drawn off the event loop: in a thread while boards come one at a time, in a pool of worker processes
(every core, no shared interpreter lock) once they queue up.

One board takes about 25 ms of CPU. In a thread only one is drawn at a time, whatever the cores, and the drawing
competes with the event loop for the interpreter; Discord lets a bot post 50 messages a second, so a busy process
needs the other cores too (bench/boards.py measures it). The words in a board are in the language being spoken
where it is asked for (`i18n.active()`): a thread inherits it, a worker process is told it (`draw`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import i18n
import render

log = logging.getLogger(__name__)


def draw(code: str, view: dict[str, Any], names: Sequence[str], match_id: int | None) -> bytes:
    """`render.render_board` speaking `code`: what a worker process runs (it does not inherit the language being
    spoken, a context variable of the asking task)."""
    with i18n.speaking(code):
        return render.render_board(view, names, match_id)


class Painter:
    """Draws the boards of one bot process. `workers` processes (TABLETOP_RENDER_WORKERS; 0: threads only) take
    the boards asked for while another is being drawn; a board asked for alone is drawn in a thread, without
    copying its view to another process; until the pool's processes have started (a second or more under load),
    queued boards are drawn in threads too rather than wait for them."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._starting: list[Future[Any]] = []  # each worker's import of render: the pool is ready once all are done
        self.drawing = 0  # boards being drawn now, in threads and processes
        self.in_processes = 0  # boards drawn in the pool so far (tests, logs)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the bot runs threads (aiosqlite), which a fork would copy mid-lock.
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
            # start them all now, each importing this module (render, i18n) once, so no board of the pool's waits for
            # an import (exec: a builtin, whose answer None travels back)
            self._starting = [self._pool.submit(exec, "import cogs.painter") for _ in range(self.workers)]
        return self._pool

    def _ready(self) -> ProcessPoolExecutor | None:
        """The pool once every worker has started (starting it on the first call), else None."""
        pool = self._executor()
        return pool if all(future.done() for future in self._starting) else None

    async def started(self) -> None:
        """Start the pool and wait until its workers are ready (benches, tests)."""
        self._executor()
        await asyncio.gather(*(asyncio.wrap_future(future) for future in self._starting))

    async def trial(self, view: dict[str, Any], names: Sequence[str]) -> bytes:
        """One board drawn where boards under load are drawn (the pool's processes; a thread without workers), so
        a start-up check (`bot.py --check`) finds a pool that cannot start or import render."""
        code = i18n.active().code
        if self.workers == 0:
            return await asyncio.to_thread(draw, code, view, names, None)
        await self.started()
        return await asyncio.get_running_loop().run_in_executor(self._executor(), draw, code, view, list(names), None)

    async def board(self, view: dict[str, Any], names: Sequence[str], match_id: int | None) -> bytes:
        """The PNG of `view` (render.render_board), its words in the language being spoken."""
        code = i18n.active().code
        queued = self.drawing > 0
        self.drawing += 1
        try:
            pool = self._ready() if queued and self.workers > 0 else None
            if pool is not None:
                try:
                    png = await asyncio.get_running_loop().run_in_executor(
                        pool, draw, code, view, list(names), match_id)
                    self.in_processes += 1
                    return png
                except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool for the next board
                    log.warning("a board-drawing process died; starting the pool again")
                    self.close()
                except pickle.PicklingError as error:  # a view that cannot travel: this one is drawn here
                    log.warning("board of match %s drawn in a thread: %s", match_id, error)
            return await asyncio.to_thread(draw, code, view, names, match_id)
        finally:
            self.drawing -= 1

    def close(self) -> None:
        """Stop the worker processes (at shutdown; the next board starts a new pool)."""
        pool, self._pool, self._starting = self._pool, None, []
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
