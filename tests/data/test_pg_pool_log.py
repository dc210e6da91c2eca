"""During a PostgreSQL outage asyncpg's pool retries its connection floor; each retry is one log line, no traceback."""

from __future__ import annotations

import asyncio
import logging

import asyncpg
import pytest

from data import Store
from tests.pg_server import Cluster


async def test_the_pool_floor_retry_is_one_line(postgres_url: str, pg_cluster: Cluster,
                                                caplog: pytest.LogCaptureFixture) -> None:
    name = postgres_url.rsplit("/", 1)[1]
    store = await Store.open(postgres_url)
    admin = await asyncpg.connect(pg_cluster.url())
    try:
        # An outage: the database takes no new connection, and the pool's connections are ended.
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        with caplog.at_level(logging.WARNING, logger="asyncpg"):
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name)
            for _ in range(200):
                if any(r.name.startswith("asyncpg") for r in caplog.records):
                    break
                await asyncio.sleep(0.05)
        floor = [r for r in caplog.records if r.name.startswith("asyncpg")]
        assert floor, "asyncpg did not try to restore its pool"
        for record in floor:
            text = caplog.handler.format(record)
            assert record.exc_info is None and "\n" not in text, text
            assert "pool connection floor" in text and "not currently accepting connections" in text, text
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()
        await store.close()
