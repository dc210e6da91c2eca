"""The PostgreSQL backend of `data.sql.Database` (asyncpg): a pool of connections, and leadership by advisory lock.

Store SQL keeps SQLite's `?` placeholders; each statement is rewritten to `$1…` once (cached).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg
from asyncpg.exceptions._base import InternalClientError

from data.health import StoreUnavailable, postgres_problem
from data.sql import Database, Row, UniqueViolation
from data.urls import DEFAULT_POOL_SIZE, is_url, redact  # noqa: F401 -- also named from here

log = logging.getLogger(__name__)

LEAD_TIMEOUT = 5.0  # seconds to (re)connect the leadership connection or check it is alive
CONNECT_TIMEOUT = 10.0  # seconds to open a pool connection
# A statement that has not answered in this many seconds is given up (a network cut can leave a connection silent
# forever): the player is told the database is not available instead of waiting with no end.
COMMAND_TIMEOUT = 60.0
_QUOTED_OR_MARK = re.compile(r"'(?:[^']|'')*'|\?")
_SCHEMA_LOCK = 0x7461626C65746F70  # pg_advisory_xact_lock key of the migration runner ("tabletop" in ASCII)
_FAILURES = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, InternalClientError)


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (not inside quoted strings)."""
    count = 0

    def mark(found: re.Match[str]) -> str:
        nonlocal count
        if found.group() != "?":
            return found.group()
        count += 1
        return f"${count}"

    return _QUOTED_OR_MARK.sub(mark, sql)


def lead_key(name: str) -> int:
    """The advisory-lock key of a named leadership: fixed per name, the same in every process (a signed 64 bit)."""
    return int.from_bytes(hashlib.sha256(f"tabletop lead {name}".encode()).digest()[:8], "big", signed=True)


def problem(error: BaseException) -> str | None:
    """What a failure of the server or the connection means in words; None for anything else (a bug)."""
    if isinstance(error, StoreUnavailable):
        return error.problem
    found = postgres_problem(getattr(error, "sqlstate", None))
    if found is not None:
        return found
    if isinstance(error, ConnectionRefusedError):
        return "the database server refused the connection (is it running? check the host and port in DATABASE_URL)"
    if isinstance(error, TimeoutError):
        return "the database server did not answer in time"
    if isinstance(error, OSError):
        return f"the database server cannot be reached ({error.strerror or error})"
    if isinstance(error, asyncpg.InterfaceError) and "closed" in str(error):
        return "the connection to the database server was lost"
    if isinstance(error, InternalClientError):  # what asyncpg says on a connection the server ended while idle
        return "the connection to the database server was lost"
    return None


def _connection_lost(error: BaseException) -> bool:
    """Whether the connection itself failed (the statement may never have reached the server)."""
    sqlstate = getattr(error, "sqlstate", None)
    if isinstance(error, TimeoutError):  # an OSError, but a silent server: waiting once more would double the wait
        return False
    return (isinstance(error, OSError | InternalClientError | asyncpg.InterfaceError)
            or (isinstance(sqlstate, str) and sqlstate.startswith(("08", "57P"))))


class _OneLine(logging.Filter):
    """asyncpg's pool logs each failed retry of its connection floor with a full traceback (one every 1-60 s during an
    outage, from every process): keep it to one line naming the problem, like the bot's own outage lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            words = problem(error)
            cause = f"{type(error).__name__}: {error}"
            record.msg = f"{record.getMessage()}: {f'{words} ({cause})' if words else cause}".replace("\n", " ")
            record.args = None
            record.exc_info = record.exc_text = None
        return True


logging.getLogger("asyncpg.pool").addFilter(_OneLine())


class _PgOps(Database):
    """Statements on a pool (each one autocommitted) or on one connection in a transaction: both have asyncpg's
    fetchrow/fetch/execute/fetchval/executemany."""

    dialect = "postgresql"

    def __init__(self, on: Any, name: str) -> None:
        self._on = on
        self._name = name  # the redacted URL, for messages

    async def _lost(self) -> bool:
        """A connection failed: whether a read may be tried again (on a pool: yes, on a new connection)."""
        return False

    async def _call(self, method: Callable[..., Any], sql: str, *args: Any, read: bool = False) -> Any:
        try:
            return await method(numbered(sql), *args)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
        except _FAILURES as error:
            retry = _connection_lost(error) and await self._lost()
            if not (read and retry):  # a write may have committed before its connection died: never twice
                self._raise_unavailable(error)
                raise
        try:  # a read changes nothing: once more, on a connection the server has not ended
            return await method(numbered(sql), *args)
        except _FAILURES as error:
            self._raise_unavailable(error)
            raise

    def _raise_unavailable(self, error: BaseException) -> None:
        """StoreUnavailable for an outage; for anything else nothing, and the caller re-raises the error itself."""
        found = problem(error)
        if found is not None:
            raise StoreUnavailable(self._name, f"{found} ({error})") from error

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._call(self._on.fetchrow, sql, *params, read=True)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._call(self._on.fetch, sql, *params, read=True))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status = await self._call(self._on.execute, sql, *params)
        last = str(status).rsplit(" ", 1)[-1]  # "UPDATE 3", "INSERT 0 1", "DELETE 0"
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._call(self._on.fetchval, sql + " RETURNING id", *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._call(self._on.executemany, sql, [tuple(row) for row in rows])

    async def lock_row(self, table: str, row_id: int) -> None:
        await self.fetchone(f"SELECT id FROM {table} WHERE id = ? FOR UPDATE", (row_id,))

    async def lock_table(self, table: str) -> None:
        await self.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")  # conflicts with itself, not reads

    async def lock_schema(self) -> None:
        await self.execute(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})")

    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT version FROM schema_version")
        return int(row[0]) if row else 0

    async def set_schema_version(self, version: int) -> None:
        if not await self.execute("UPDATE schema_version SET version = ?", (version,)):
            await self.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def transaction(self) -> AbstractAsyncContextManager[Database]:
        raise RuntimeError("transactions do not nest")

    async def close(self) -> None:
        raise RuntimeError("the transaction ends with its block")


class PostgresDatabase(_PgOps):
    """A pool of `DATABASE_POOL_SIZE` connections; transactions are READ COMMITTED, so a compare-and-set locks
    its row first (`lock_row`). Leadership uses one more connection, kept out of the pool (`try_lead`)."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__(pool, redact(url))
        self._pool = pool
        self._url = url
        self._lead: asyncpg.Connection | None = None
        self._leads: set[str] = set()  # names held on `_lead`
        self._lead_lock = asyncio.Lock()

    async def _lost(self) -> bool:
        # When the server ended one connection (a restart, an administrator) it ended the idle ones too: replace
        # them all at their next use rather than fail one command per dead connection.
        await self._pool.expire_connections()
        return True

    @classmethod
    async def connect(cls, url: str, *, pool_size: int) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT,
                                             command_timeout=COMMAND_TIMEOUT)
        except _FAILURES as error:
            found = problem(error)
            if found is None:
                raise
            raise StoreUnavailable(redact(url), f"{found} ({error})") from error
        database = cls(pool, url)
        try:  # the version table exists before anyone reads it; the advisory lock keeps starting processes apart
            async with database.transaction() as tx:
                await tx.lock_schema()
                await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        except BaseException:
            await database.close()
            raise
        return database

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        try:
            async with self._pool.acquire() as conn, conn.transaction(isolation="read_committed"):
                yield _PgOps(conn, self._name)
        except StoreUnavailable as error:  # a statement inside failed
            if error.__cause__ is not None and _connection_lost(error.__cause__):
                await self._lost()
            raise
        except _FAILURES as error:  # the commit itself can fail, or acquiring a connection
            if _connection_lost(error):
                await self._lost()
            self._raise_unavailable(error)
            raise

    # ---- leadership ----------------------------------------------------------------------------------------
    async def try_lead(self, name: str) -> bool:
        """Whether this process holds leadership `name` (now or already): a session advisory lock on the
        leadership connection. A lost connection loses every lock on it: the next call connects again and tries."""
        async with self._lead_lock:
            if name in self._leads and await self._lead_alive():
                return True
            try:
                if self._lead is None or self._lead.is_closed():
                    self._lead = await asyncpg.connect(self._url, timeout=LEAD_TIMEOUT)
                got = await self._lead.fetchval("SELECT pg_try_advisory_lock($1)", lead_key(name),
                                                timeout=LEAD_TIMEOUT)
            except Exception as error:  # any failure on this one connection: drop it, the next call starts afresh
                log.warning("cannot try leadership %r on %s: %s", name, self._name, error)
                await self._drop_lead()
                return False
            if got:
                self._leads.add(name)
            return bool(got)

    async def _lead_alive(self) -> bool:
        """Whether the leadership connection still answers; if not, every lock it held is gone."""
        try:
            if self._lead is not None and not self._lead.is_closed():
                await self._lead.fetchval("SELECT 1", timeout=LEAD_TIMEOUT)
                return True
        # Any failure: a connection cut mid-statement can leave asyncpg's protocol in a state it refuses to leave
        # (InternalClientError "another operation is in progress"), which is no PostgresError or InterfaceError.
        except Exception as error:
            log.warning("lost the leadership connection to %s: %s", self._name, error)
        await self._drop_lead()
        return False

    async def _drop_lead(self) -> None:
        self._leads.clear()
        lead, self._lead = self._lead, None
        if lead is not None:
            lead.terminate()  # no goodbye over a connection that may hang; the server drops its locks

    async def resign_lead(self, name: str) -> None:
        async with self._lead_lock:
            if name not in self._leads:
                return
            self._leads.discard(name)
            try:
                assert self._lead is not None
                await self._lead.fetchval("SELECT pg_advisory_unlock($1)", lead_key(name), timeout=LEAD_TIMEOUT)
            except Exception:
                await self._drop_lead()  # closing the connection releases the lock as well

    async def close(self) -> None:
        async with self._lead_lock:
            lead, self._lead = self._lead, None
            self._leads.clear()
            if lead is not None:
                try:
                    await asyncio.wait_for(lead.close(), LEAD_TIMEOUT)
                except Exception:
                    lead.terminate()
        try:
            await asyncio.wait_for(self._pool.close(), LEAD_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()
