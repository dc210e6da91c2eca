"""The throwaway PostgreSQL server for tests: a fresh empty database per test, fsync on, reachable with asyncpg."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import asyncpg

from tests.pg_server import Cluster

ROOT = Path(__file__).resolve().parent.parent


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


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_a_killed_owner_leaves_no_server_or_directory_behind() -> None:
    owner = subprocess.Popen([sys.executable, "-c", "import time; from tests.pg_server import start_cluster; "
                              "c = start_cluster(); print(c.root, c.port, flush=True); time.sleep(600)"],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert owner.stdout is not None
    root, port = owner.stdout.readline().split()
    try:
        assert Path(root).is_dir() and _listening(int(port))
    finally:
        os.kill(owner.pid, signal.SIGKILL)  # no atexit, no stop(): only the watchdog can clean up
        owner.wait()
    deadline = time.monotonic() + 60  # generous: the watchdog polls once a second
    while (Path(root).exists() or _listening(int(port))) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not _listening(int(port)), "the server outlived its owner"
    assert not Path(root).exists(), "the cluster's directory outlived its owner"


def test_the_test_scripts_check_for_the_binaries(pg_cluster: Cluster, tmp_path: Path) -> None:
    def check(bindir: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", ".ci/postgres.sh"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PG_BINDIR": str(bindir)})

    assert check(pg_cluster.bindir).returncode == 0
    wrong = check(tmp_path)  # an empty folder: never "installed" over, the setting is named
    assert wrong.returncode == 1 and f"PG_BINDIR={tmp_path} does not hold initdb" in wrong.stderr
