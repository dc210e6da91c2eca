"""Fixtures of the store tests: every test that takes `store` or `target` runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from data import Store


@pytest_asyncio.fixture
async def store(target: str) -> AsyncIterator[Store]:
    opened = await Store.open(target)
    yield opened
    await opened.close()
