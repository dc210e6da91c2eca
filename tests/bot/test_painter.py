"""Boards are drawn in a thread one at a time and in worker processes once they queue up, the same images either
way, in the language of the post they are drawn for; a worker that dies costs no board."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

import i18n
import render
from bench.boards import views
from cogs import painter as painter_module
from cogs.painter import Painter


async def test_queued_boards_go_to_the_processes_and_come_out_the_same() -> None:
    painter = Painter(workers=2)
    try:
        shown = views(10)
        expected = [render.render_board(v, ["Ada", "Bob"], 7) for v in shown]
        alone = await painter.board(shown[0], ["Ada", "Bob"], 7)
        assert alone == expected[0] and painter.in_processes == 0  # one at a time: a thread, no copying
        await painter.started()
        together = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 7) for v in shown))
        assert list(together) == expected
        assert painter.in_processes >= len(shown) - 1  # all but the first waited for another: processes
        assert painter.drawing == 0
    finally:
        painter.close()


async def test_while_the_workers_start_queued_boards_are_drawn_in_threads() -> None:
    """Spawning the workers and importing render in each takes a second or more under load: boards that queue up
    meanwhile are drawn in threads, not left waiting for a process (seen in bench/boards.py: p99 3.8 s)."""
    painter = Painter(workers=2)
    try:
        shown = views(6)
        painter._executor()
        starting = Future[Any]()  # a worker that has not started yet
        painter._starting = [starting]
        drawn = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 3) for v in shown))
        assert list(drawn) == [render.render_board(v, ["Ada", "Bob"], 3) for v in shown]
        assert painter.in_processes == 0
        starting.set_result(None)  # started: queued boards go to the processes again
        await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 3) for v in shown))
        assert painter.in_processes >= len(shown) - 1
    finally:
        painter.close()


async def test_a_dead_worker_costs_no_board() -> None:
    painter = Painter(workers=1)
    try:
        shown = views(4)
        await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 1) for v in shown[:2]))  # the pool is running
        pool = painter._pool
        assert pool is not None
        for pid in list(pool._processes):  # a worker killed (out of memory, an operator)
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        drawn = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 1) for v in shown))
        assert list(drawn) == [render.render_board(v, ["Ada", "Bob"], 1) for v in shown]
        again = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 1) for v in shown))
        assert list(again) == list(drawn) and painter._pool is not pool  # a new pool took over
    finally:
        painter.close()


async def test_no_workers_means_threads_only() -> None:
    painter = Painter(workers=0)
    shown = views(3)
    drawn = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], None) for v in shown))
    assert list(drawn) == [render.render_board(v, ["Ada", "Bob"], None) for v in shown]
    assert painter.in_processes == 0 and painter._pool is None


DRAW = painter_module.draw  # the real one, in this process and in each worker that imports this module


def spoken_board(view: dict[str, Any], names: Sequence[str], match_id: int | None = None) -> bytes:
    """A board that is the language it is drawn in."""
    return i18n.active().code.encode()


def language_probe(code: str, view: dict[str, Any], names: list[str], match_id: int | None) -> bytes:
    """What the painter runs instead of `cogs.painter.draw` in the language test: the real `draw`, drawing
    `spoken_board` (set in a worker here; the test sets it in its own process, and puts the real one back)."""
    render.render_board = spoken_board
    return DRAW(code, view, names, match_id)


async def test_a_board_drawn_in_a_worker_process_speaks_the_language_of_its_post(monkeypatch: Any) -> None:
    """A worker process does not inherit the asking task's language (a context variable): the painter tells it the
    code, so a German server's board is German whichever process draws it."""
    monkeypatch.setattr(painter_module, "draw", language_probe)  # by reference: the workers import this module
    monkeypatch.setattr(render, "render_board", spoken_board)
    painter = Painter(workers=2)
    try:
        await painter.started()
        shown = views(6)
        for code in ("de", "ja", i18n.PSEUDO):
            with i18n.speaking(code):
                drawn = await asyncio.gather(*(painter.board(v, ["Ada", "Bob"], 1) for v in shown))
            assert set(drawn) == {code.encode()}, code
        assert painter.in_processes >= 3 * (len(shown) - 1)  # all but the first of each batch: processes
        with i18n.speaking("fr"):
            assert await painter.trial(shown[0], ["Ada", "Bob"]) == b"fr"  # --check's board too
    finally:
        painter.close()
