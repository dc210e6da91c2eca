"""The PostgreSQL backend of `data.sql.Database` (asyncpg): a pool of connections, and leadership by lease.
Store SQL keeps SQLite's `?` placeholders; each statement is rewritten to `$1…` once (cached).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg
from asyncpg.exceptions._base import InternalClientError

from data.health import CommitUnknown, StoreUnavailable, postgres_problem
from data.records import Lease
from data.sql import Database, Fenced, Row, UniqueViolation
from data.urls import redact

log = logging.getLogger(__name__)

LEAD_TIMEOUT = 5.0  # seconds to (re)connect the leadership connection or take or renew a lease on it
# A renewal waits at most this long for a fenced write of the holder to commit (it holds the lease row meanwhile).
LEASE_LOCK_TIMEOUT_MS = 1000
# The server ends a session left idle inside a transaction this long: a process frozen mid-transaction (SIGSTOP, a
# paused container) would otherwise hold its row locks, the lease's among them, for as long as it stays frozen.
IDLE_IN_TRANSACTION_MS = 10_000
CONNECT_TIMEOUT = 10.0  # seconds to open a pool connection
# A statement that has not answered in this many seconds is given up (a network cut can leave a connection silent
# forever): the player is told the database is not available instead of waiting with no end.
COMMAND_TIMEOUT = 60.0
_QUOTED_OR_MARK = re.compile(r"'(?:[^']|'')*'|\?")
_SCHEMA_LOCK = 0x7461626C65746F70  # pg_advisory_xact_lock key of the migration runner ("tabletop" in ASCII)
_NOW = "extract(epoch FROM clock_timestamp())::float8"  # the database's clock: the processes' clocks never matter
# Take a free or expired lease, or renew our own (the epoch grows only when the holder changes); no row: held by
# another process, unexpired.
_TAKE_LEASE = f"""INSERT INTO leases AS l (name, holder, epoch, expires_at) VALUES ($1, $2, 1, {_NOW} + $3::float8)
    ON CONFLICT (name) DO UPDATE SET epoch = CASE WHEN l.holder = EXCLUDED.holder THEN l.epoch ELSE l.epoch + 1 END,
        holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE l.holder = EXCLUDED.holder OR l.expires_at <= {_NOW}
    RETURNING epoch"""
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


def _maybe_sent(error: BaseException) -> bool:
    """Whether a statement may have reached the server before its connection failed (the answer was lost): for a
    write outside a transaction, or a COMMIT, it may have been committed. Refused connections, connections found
    dead before use and errors the server reported are certain failures."""
    return isinstance(error, asyncpg.ConnectionDoesNotExistError | TimeoutError | ConnectionResetError)


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """The pool's reset of a connection given back: none. asyncpg's default (RESET ALL, UNLISTEN, CLOSE ALL, ...)
    is one more round trip after every statement; the store keeps no session state (no SET, LISTEN, cursor or
    session lock on a pool connection; a transaction left open is still rolled back by asyncpg itself)."""


class _Trips:
    """Statements, BEGINs and COMMITs sent to the server by one process (`Store.round_trips`, bench/postgres.py)."""

    def __init__(self) -> None:
        self.count = 0


class _PgOps(Database):
    """Statements on a pool (each one autocommitted) or on one connection in a transaction: both have asyncpg's
    fetchrow/fetch/execute/fetchval/executemany."""

    dialect = "postgresql"

    def __init__(self, on: Any, name: str, trips: _Trips, *, autocommit: bool) -> None:
        self._on = on
        self._name = name  # the redacted URL, for messages
        self._trips = trips
        self._autocommit = autocommit  # each statement commits on its own (not inside a transaction)

    @property
    def round_trips(self) -> int:
        return self._trips.count

    async def _lost(self) -> bool:
        """A connection failed: whether a read may be tried again (on a pool: yes, on a new connection)."""
        return False

    async def _call(self, method: Callable[..., Any], sql: str, *args: Any, read: bool = False) -> Any:
        try:
            self._trips.count += 1
            return await method(numbered(sql), *args)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
        except _FAILURES as error:
            retry = _connection_lost(error) and await self._lost()
            if not read and self._autocommit and _maybe_sent(error):
                raise CommitUnknown(self._name, f"{problem(error) or 'the connection was lost'} after the change "
                                                f"was sent: it may have been saved ({error})") from error
            if not (read and retry):  # a write may have committed before its connection died: never twice
                self._raise_unavailable(error)
                raise
        try:  # a read changes nothing: once more, on a connection the server has not ended
            self._trips.count += 1
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

    async def write_returning(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._call(self._on.fetchrow, sql, *params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._call(self._on.executemany, sql, [tuple(row) for row in rows])

    async def lock_row(self, table: str, row_id: int) -> None:
        await self.fetchone(f"SELECT id FROM {table} WHERE id = ? FOR UPDATE", (row_id,))

    async def lock_table(self, table: str) -> None:
        await self.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")  # conflicts with itself, not reads

    async def check_lease(self, lease: Lease) -> None:
        # FOR SHARE: a takeover (an UPDATE of this row) waits until this transaction ends, so a write fenced here
        # either commits while the lease is held or sees the new holder and is refused.
        if await self.fetchone(f"SELECT 1 FROM leases WHERE name = ? AND holder = ? AND epoch = ? AND "
                               f"expires_at > {_NOW} FOR SHARE", (lease.name, lease.holder, lease.epoch)) is None:
            raise Fenced(f"the lease {lease.name!r} (epoch {lease.epoch}) is no longer held by this process")

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
    its row first (`lock_row`). Leases are taken and renewed on one more connection, kept out of the pool (`lead`):
    a busy pool never delays a renewal."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__(pool, redact(url), _Trips(), autocommit=True)
        self._pool = pool
        self._url = url
        self._lead: asyncpg.Connection | None = None
        self._lead_lock = asyncio.Lock()
        # Who holds a lease: this process, for as long as it runs (a restarted process is a new holder).
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    async def _lost(self) -> bool:
        # When the server ended one connection (a restart, an administrator) it ended the idle ones too: replace
        # them all at their next use rather than fail one command per dead connection.
        await self._pool.expire_connections()
        return True

    @classmethod
    async def connect(cls, url: str, *, pool_size: int) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT,
                                             command_timeout=COMMAND_TIMEOUT, reset=_nothing_to_reset, server_settings={
                                                 "idle_in_transaction_session_timeout": str(IDLE_IN_TRANSACTION_MS)})
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
        committing = False  # the block ended well: what fails now is the COMMIT (or giving the connection back)
        try:
            async with self._pool.acquire() as conn, conn.transaction(isolation="read_committed"):
                self._trips.count += 2  # BEGIN, and the COMMIT or ROLLBACK at the end
                yield _PgOps(conn, self._name, self._trips, autocommit=False)
                committing = True
        except StoreUnavailable as error:  # a statement inside failed
            if error.__cause__ is not None and _connection_lost(error.__cause__):
                await self._lost()
            raise
        except _FAILURES as error:  # the commit itself can fail, or acquiring a connection
            if _connection_lost(error):
                await self._lost()
            if committing and _maybe_sent(error):  # the server may have committed before the answer was lost
                raise CommitUnknown(self._name, f"{problem(error) or 'the connection was lost'} while the change "
                                                f"was being committed: it may have been saved ({error})") from error
            self._raise_unavailable(error)
            raise

    # ---- notifications (LISTEN) ------------------------------------------------------------------------------
    async def listen(self, channel: str, callback: Callable[[str], None]) -> Callable[[], Awaitable[None]]:
        """Call `callback(payload)` for every NOTIFY on `channel`, on a connection of its own (kept out of the pool)
        that is opened again, with a pause, whenever it is lost; returns the coroutine that stops listening."""
        stopped = asyncio.Event()

        def heard(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            callback(payload)

        async def keep() -> None:
            while not stopped.is_set():
                conn: asyncpg.Connection | None = None
                try:
                    conn = await asyncpg.connect(self._url, timeout=LEAD_TIMEOUT)
                    lost = asyncio.Event()
                    conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
                    await conn.add_listener(channel, heard)
                    waiters = [asyncio.ensure_future(lost.wait()), asyncio.ensure_future(stopped.wait())]
                    await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
                    for waiter in waiters:
                        waiter.cancel()
                except Exception as error:
                    log.warning("cannot listen on %s for %r: %s", self._name, channel, error)
                finally:
                    if conn is not None and not conn.is_closed():
                        conn.terminate()
                if not stopped.is_set():
                    await asyncio.sleep(1.0)  # then again: pages fall back to what the next notification brings

        task = asyncio.create_task(keep())

        async def stop() -> None:
            stopped.set()
            await asyncio.gather(task, return_exceptions=True)
        return stop

    # ---- leadership ----------------------------------------------------------------------------------------
    async def lead(self, name: str, ttl: float) -> Lease | None:
        """This process's lease on leadership `name`, taken if free or expired and renewed if held, for `ttl` more
        seconds of the database's clock; None while another process holds it unexpired. A holder that stops
        renewing (dead, frozen, cut off) loses it when it expires, whatever its connections do. Any failure of the
        leadership connection drops it and answers None; the next call connects again."""
        async with self._lead_lock:
            try:
                if self._lead is None or self._lead.is_closed():
                    self._lead = await asyncpg.connect(self._url, timeout=LEAD_TIMEOUT, server_settings={
                        "lock_timeout": str(LEASE_LOCK_TIMEOUT_MS)})
                epoch = await self._lead.fetchval(_TAKE_LEASE, name, self.holder, ttl, timeout=LEAD_TIMEOUT)
            except asyncpg.LockNotAvailableError:
                return None  # a fenced write is committing: whoever holds the lease is asked again next time
            # Any failure: a connection cut mid-statement can leave asyncpg's protocol in a state it refuses to leave
            # (InternalClientError "another operation is in progress"), which is no PostgresError or InterfaceError.
            except Exception as error:
                log.warning("cannot take or renew the lease %r on %s: %s", name, self._name, error)
                self._drop_lead()
                return None
            return None if epoch is None else Lease(name, self.holder, int(epoch))

    def _drop_lead(self) -> None:
        lead, self._lead = self._lead, None
        if lead is not None:
            lead.terminate()  # no goodbye over a connection that may hang

    async def resign_lead(self, name: str | None = None) -> None:
        """Let the lease `name` (every lease of this process: None) expire now, so another process takes it at
        once; nothing if not held. Best effort: an unreachable database lets it expire on its own."""
        async with self._lead_lock:
            if self._lead is None or self._lead.is_closed():
                return
            try:
                await self._lead.execute("UPDATE leases SET expires_at = 0 WHERE holder = $1 AND ($2::text IS NULL "
                                         "OR name = $2)", self.holder, name, timeout=LEAD_TIMEOUT)
            except Exception as error:
                log.warning("cannot hand over the lease %r on %s: %s", name, self._name, error)
                self._drop_lead()

    async def close(self) -> None:
        await self.resign_lead()
        async with self._lead_lock:
            lead, self._lead = self._lead, None
            if lead is not None:
                try:
                    await asyncio.wait_for(lead.close(), LEAD_TIMEOUT)
                except Exception:
                    lead.terminate()
        try:
            await asyncio.wait_for(self._pool.close(), LEAD_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()
