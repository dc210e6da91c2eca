"""Board images drawn off the event loop: in a thread while boards come one at a time, in a pool of worker processes
(every core, no shared interpreter lock) once they queue up.

One board takes about 25 ms of CPU. In a thread only one is drawn at a time, whatever the cores, and the drawing
competes with the event loop for the interpreter; Discord lets a bot post 50 messages a second, so a busy process
needs the other cores too (bench/boards.py measures it).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import pickle
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import render

log = logging.getLogger(__name__)


class Painter:
    """Draws the boards of one bot process. `workers` processes (TABLETOP_RENDER_WORKERS; 0: threads only) take
    the boards asked for while another is being drawn; a board asked for alone is drawn in a thread, without
    copying its view to another process."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.drawing = 0  # boards being drawn now, in threads and processes
        self.in_processes = 0  # boards drawn in the pool so far (tests, logs)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the bot runs threads (aiosqlite), which a fork would copy mid-lock.
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
            for _ in range(self.workers):  # start them all now: the first queued boards do not wait for an import
                self._pool.submit(importlib.import_module, "render")
        return self._pool

    async def board(self, view: dict[str, Any], names: Sequence[str], match_id: int | None) -> bytes:
        """The PNG of `view` (render.render_board)."""
        queued = self.drawing > 0
        self.drawing += 1
        try:
            if queued and self.workers > 0:
                try:
                    png = await asyncio.get_running_loop().run_in_executor(
                        self._executor(), render.render_board, view, list(names), match_id)
                    self.in_processes += 1
                    return png
                except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool for the next board
                    log.warning("a board-drawing process died; starting the pool again")
                    self.close()
                except pickle.PicklingError as error:  # a view that cannot travel: this one is drawn here
                    log.warning("board of match %s drawn in a thread: %s", match_id, error)
            return await asyncio.to_thread(render.render_board, view, names, match_id)
        finally:
            self.drawing -= 1

    def close(self) -> None:
        """Stop the worker processes (at shutdown; the next board starts a new pool)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
