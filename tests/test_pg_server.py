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


async def test_a_recycled_database_comes_back_empty_and_its_connections_end(pg_cluster: Cluster) -> None:
    url = pg_cluster.fresh_database()
    conn = await asyncpg.connect(url)
    await conn.execute("CREATE TABLE t (n integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY)")
    await conn.execute("CREATE FUNCTION f() RETURNS integer LANGUAGE sql AS 'SELECT 1'")
    await conn.execute("CREATE SCHEMA other; CREATE TABLE other.u (n integer)")
    assert await conn.fetchval("SELECT pg_try_advisory_lock(7)")
    pg_cluster.recycle(url)  # while the connection is still open, holding a session lock
    assert conn.is_closed() or not await _alive(conn)
    assert pg_cluster.fresh_database() == url
    again = await asyncpg.connect(url)
    try:
        assert await again.fetchval("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                                    "WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'") == 0
        assert await again.fetchval("SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
                                    "WHERE n.nspname = 'public'") == 0
        assert await again.fetchval("SELECT pg_try_advisory_lock(7)")  # the old session's lock went with it
        await again.execute("CREATE TABLE t (n integer)")  # public is usable again
    finally:
        await again.close()
        pg_cluster.recycle(url)


async def _alive(conn: asyncpg.Connection) -> bool:
    try:
        await conn.fetchval("SELECT 1")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
        return False
    return True
