"""The throwaway PostgreSQL server for tests: a fresh empty database per test, fsync on, reachable with asyncpg."""

from __future__ import annotations

import asyncpg

from tests.pg_server import Cluster


async def test_fresh_database_is_empty_and_durable(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        tables = await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        assert tables == 0
        assert await conn.fetchval("SHOW fsync") == "on"
        assert await conn.fetchval("SHOW synchronous_commit") == "on"
        await conn.execute("CREATE TABLE t (n integer)")
        await conn.execute("INSERT INTO t VALUES (1)")
    finally:
        await conn.close()


async def test_each_test_gets_its_own_database(postgres_url: str, pg_cluster: Cluster) -> None:
    other = pg_cluster.create_database()
    assert other != postgres_url
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT current_database()") == postgres_url.rsplit("/", 1)[1]
        assert await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 0
    finally:
        await conn.close()


async def test_committed_rows_survive_a_server_crash(pg_cluster: Cluster) -> None:
    url = pg_cluster.create_database()
    conn = await asyncpg.connect(url)
    await conn.execute("CREATE TABLE t (n integer)")
    await conn.execute("INSERT INTO t VALUES (7)")
    await conn.close()
    pg_cluster.crash()  # immediate stop (no checkpoint) and start again: recovery replays the fsynced WAL
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT n FROM t") == 7
    finally:
        await conn.close()
