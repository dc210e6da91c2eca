"""Fixtures of the store tests: every test that takes `store` or `target` runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file that does not exist yet, or an empty PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest_asyncio.fixture
async def store(target: str) -> AsyncIterator[Store]:
    opened = await Store.open(target)
    yield opened
    await opened.close()
