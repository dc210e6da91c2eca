"""The small database interface the store speaks (`Database`) and its SQLite backend; data/postgres.py is the other.
Store SQL uses `?` placeholders on both backends; a unique-key violation is `UniqueViolation` on both.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from pathlib import Path
from typing import Any

import aiosqlite

from data.health import check_file, check_intact, check_same_file, file_identity
from data.records import Lease

Row = Sequence[Any]

# SQLite's extended result codes of a UNIQUE or PRIMARY KEY constraint (https://sqlite.org/rescode.html).
_SQLITE_UNIQUE = {sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY}


class UniqueViolation(Exception):
    """A row with the same unique key exists already (the store turns it into `Duplicate` where that means
    "done before")."""


class Fenced(RuntimeError):
    """A write fenced with a lease (`Store.lead`) was refused: another process holds that leadership now (this one
    stopped renewing it in time: frozen, cut off, too slow). Nothing was written."""


class Database(ABC):
    """What the store needs of a database. The top-level object autocommits each statement; `transaction()` yields
    the same interface bound to one transaction, committed when the block ends and rolled back if it raises."""

    dialect: str  # "sqlite" | "postgresql"

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT into a table with an `id` column made by the database; the new row's id."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def write_returning(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """Run one changing statement with a RETURNING clause; its first row (None: it changed nothing)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Database]: ...

    @abstractmethod
    async def lock_row(self, table: str, row_id: int) -> None:
        """In a transaction: hold the row `id = row_id` of `table` until it ends, so the read-check-write that
        follows (a compare-and-set) cannot interleave with another process's."""

    @abstractmethod
    async def lock_table(self, table: str) -> None:
        """In a transaction: one transaction at a time that takes this lock writes `table` (reads go on), for a
        read-compute-write over rows that may not exist yet."""

    @abstractmethod
    async def check_lease(self, lease: Lease) -> None:
        """In a transaction: `Fenced` unless `lease` is still held, unexpired; held until the transaction ends, so
        no other process takes it over before this transaction's writes commit."""

    @abstractmethod
    async def lock_schema(self) -> None:
        """In a transaction: one process at a time reads and migrates the schema."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def set_schema_version(self, version: int) -> None:
        """In a transaction: record that migrations 1..`version` have been applied."""

    @abstractmethod
    async def close(self) -> None:
        """Release the connections (the top-level object only)."""

    async def lead(self, name: str, ttl: float) -> Lease | None:
        """The top-level object only: this process's lease on the leadership `name` for `ttl` more seconds, taken
        or renewed; None while another process holds it (`Store.lead`)."""
        raise NotImplementedError("only the top-level database leads")

    async def resign_lead(self, name: str | None = None) -> None:
        """The top-level object only: give up the lease `name` (None: every lease of this process) now."""
        raise NotImplementedError("only the top-level database leads")


class _SqliteOps(Database):
    """The statements on one aiosqlite connection; `_guard` says what a write must hold."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    def _guard(self) -> AbstractAsyncContextManager[Any]:
        return nullcontext()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with self._guard(), self._conn.execute(sql, params) as cur:  # closed at once: it would block COMMIT
                return max(cur.rowcount, 0)
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with self._guard(), self._conn.execute(sql, params) as cur:
                return int(cur.lastrowid or 0)
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            async with self._guard(), self._conn.executemany(sql, rows):
                pass
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error

    async def write_returning(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            async with self._guard(), self._conn.execute(sql, params) as cur:
                return await cur.fetchone()
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error

    async def lock_row(self, table: str, row_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file's write lock."""

    async def lock_table(self, table: str) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file's write lock."""

    async def check_lease(self, lease: Lease) -> None:
        """Nothing to do: one process owns a SQLite file, and it always leads."""

    async def lock_schema(self) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file's write lock."""

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def set_schema_version(self, version: int) -> None:
        await self.execute(f"PRAGMA user_version={int(version)}")

    def transaction(self) -> AbstractAsyncContextManager[Database]:
        raise RuntimeError("transactions do not nest")

    async def close(self) -> None:
        raise RuntimeError("the transaction ends with its block")


def _unique(error: sqlite3.IntegrityError) -> Exception:
    code = getattr(error, "sqlite_errorcode", None)
    return UniqueViolation(str(error)) if code in _SQLITE_UNIQUE else error


class _SqliteTransaction(_SqliteOps):
    """Bound to the transaction the write lock is held for: its statements take no lock of their own."""


class SqliteDatabase(_SqliteOps):
    """One long-lived connection serves every match; writes take turns (one lock) so one transaction never swallows
    another's statements, and each write first checks that the file is still the one opened (data/health.py)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__(conn)
        self._write_lock = asyncio.Lock()
        self.file: tuple[str, tuple[int, int]] | None = None  # path and identity, checked before every write

    @property
    def connection(self) -> aiosqlite.Connection:
        return self._conn

    def check_file(self) -> None:
        if self.file is not None:
            check_same_file(*self.file)

    @asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        self.check_file()
        async with self._write_lock:
            yield

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        self.check_file()
        async with self._write_lock:
            await _run(self._conn, "BEGIN IMMEDIATE")
            try:
                yield _SqliteTransaction(self._conn)
            except BaseException:
                await _run(self._conn, "ROLLBACK")
                raise
            await _run(self._conn, "COMMIT")

    async def close(self) -> None:
        await self._conn.close()

    async def lead(self, name: str, ttl: float) -> Lease | None:
        """Always held: one process owns a SQLite file."""
        return Lease(name, "sqlite", 1)

    async def resign_lead(self, name: str | None = None) -> None:
        """Nothing to give up: the file's one process always leads."""

    @classmethod
    async def connect(cls, name: str, *, init_empty: bool) -> SqliteDatabase:
        """Check the file (data/health.py), connect and check it is intact; the caller migrates and then calls
        `watch_file` once a real write succeeded. The connection is closed again on failure: its thread would keep
        the process alive."""
        file = name != ":memory:"
        if file:
            check_file(Path(name), init_empty=init_empty)
        conn = await aiosqlite.connect(name, isolation_level=None)  # explicit BEGIN/COMMIT
        try:
            await _run(conn, "PRAGMA busy_timeout=5000")
            await _run(conn, "PRAGMA journal_mode=WAL")
            await _run(conn, "PRAGMA foreign_keys=ON")
            await _run(conn, "PRAGMA synchronous=FULL")  # every commit is on disk before a move is acknowledged
            if file:
                await check_intact(conn, name)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    def watch_file(self, name: str) -> None:
        """From now on every write first checks that `name` is still the file opened (absolute: the bot may change
        folder)."""
        if name != ":memory:":
            self.file = (os.path.abspath(name), file_identity(name))


async def _run(conn: aiosqlite.Connection, sql: str) -> None:
    async with conn.execute(sql):
        pass
