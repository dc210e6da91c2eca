"""The scheduler words a database outage in one log line per tick, without a traceback, and keeps going."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from cogs.scheduler import Scheduler
from data import Lease, StoreUnavailable


class OneProcess:
    """Leadership as on SQLite: this process always leads (it asks without reading the database)."""

    shared = False

    async def lead(self, name: str, ttl: float) -> Lease:
        return Lease(name, "sqlite", 1)

    async def resign_lead(self, name: str) -> None:
        pass


class DownService:
    """A service whose store is gone: every read the scheduler makes fails as an outage."""

    def __init__(self) -> None:
        self.calls = 0
        self.store = OneProcess()

    def now(self) -> float:
        return 0.0

    async def resume_computers(self, *, idle: float = 0.0) -> int:
        self.calls += 1
        raise StoreUnavailable("/data/tabletop.sqlite3", "the disk is full")

    async def due(self) -> list[Any]:
        return []

    async def next_due(self) -> float | None:
        return None


async def test_an_outage_is_one_line_without_traceback(caplog: pytest.LogCaptureFixture,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cogs.scheduler.MIN_SLEEP", 0.01)
    monkeypatch.setattr("cogs.scheduler.MAX_SLEEP", 0.01)
    service = DownService()
    scheduler = Scheduler(service, None)  # type: ignore[arg-type]  # a database that is down: nothing to post
    with caplog.at_level(logging.ERROR, logger="cogs.scheduler"):
        scheduler.start()
        for _ in range(200):
            if service.calls >= 3:
                break
            await asyncio.sleep(0.01)
        await scheduler.stop()
    records = [r for r in caplog.records if r.name == "cogs.scheduler"]
    assert service.calls >= 3, "the scheduler stopped trying after an outage"
    assert records and all(r.exc_info is None for r in records), "an outage logged a traceback"
    assert all("the disk is full" in r.getMessage() for r in records)
