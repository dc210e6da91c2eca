"""Fixtures of the match-service tests: a service on a fresh SQLite file with a hand-moved clock."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from data import Store
from matches import MatchService
from tests.matches.helpers import FakeClock


@pytest_asyncio.fixture
async def setup(tmp_path: Path) -> AsyncIterator[tuple[MatchService, FakeClock]]:
    store = await Store.open(tmp_path / "service.sqlite3")
    clock = FakeClock()
    yield MatchService(store, rng=random.Random(1), clock=clock, lobby_ttl=3600), clock
    await store.close()
