"""The database's health: checks of the SQLite file at start (before and after connecting) and what a failing store
(SQLite or PostgreSQL) means, as `StoreUnavailable`."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

# SQLite's primary result codes that are about the file, the disk or other programs, not about the SQL
# (https://sqlite.org/rescode.html); any other error is a bug in the bot.
_PROBLEMS = {
    sqlite3.SQLITE_PERM: "access to the database file was denied",
    sqlite3.SQLITE_BUSY: "the database file is locked by another program (is another copy of the bot running?)",
    sqlite3.SQLITE_LOCKED: "the database is locked",
    sqlite3.SQLITE_NOMEM: "SQLite ran out of memory",
    sqlite3.SQLITE_READONLY: "the database file cannot be written (read-only)",
    sqlite3.SQLITE_IOERR: "reading or writing the database file failed (I/O error)",
    sqlite3.SQLITE_CORRUPT: "the database file is damaged",
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened",
    sqlite3.SQLITE_PROTOCOL: "locking the database file failed",
    sqlite3.SQLITE_NOTADB: "the file is not a SQLite database",
}
# PostgreSQL's SQLSTATE codes (or their two-letter classes) that mean an outage or a setting, not a bug in the bot
# (https://www.postgresql.org/docs/current/errcodes-appendix.html); the longest matching prefix wins.
_PG_PROBLEMS = {
    "08": "the connection to the database server failed or was lost",
    "28": "the database server refused the login (check the user and password in DATABASE_URL)",
    "3D000": "the database named in DATABASE_URL does not exist",
    "25006": "the database is read-only",
    "53": "the database server ran out of resources",
    "53100": "the database server's disk is full",
    "53300": "the database server has too many connections",
    "57P": "the database server is shutting down or restarting",
    "58": "the database server had a system error (I/O)",
}
QUICK_CHECK_SHOWN = 200  # characters of PRAGMA quick_check's first finding in the message


class StoreUnavailable(RuntimeError):
    """The database cannot be used: `path` names the file, `problem` says what is wrong, in words (one line; the bot
    prints it and exits)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


class CommitUnknown(StoreUnavailable):
    """The connection was lost after a write (or its COMMIT) was sent: it may have been committed, or not. The
    caller cannot say "not done": it looks (a request's idempotency key) or says so."""


class EmptyDatabase(StoreUnavailable):
    """The file exists and holds 0 bytes: it becomes a new database only when the caller asks (`init_empty`)."""


def store_problem(error: BaseException) -> str | None:
    """What a failure of the store means in words, or None when `error` is not one (then it is a bug).

    Follows the chain of causes: a failed ROLLBACK can hide the disk error that made the statement fail.
    """
    seen: BaseException | None = error
    visited: set[int] = set()  # a chain can loop (an error raised "from" itself): each error once
    while seen is not None and id(seen) not in visited:
        visited.add(id(seen))
        if isinstance(seen, StoreUnavailable):
            return seen.problem
        code = getattr(seen, "sqlite_errorcode", None)
        if isinstance(seen, sqlite3.Error) and code is not None and code & 0xFF in _PROBLEMS:
            return _PROBLEMS[code & 0xFF]
        problem = postgres_problem(getattr(seen, "sqlstate", None))
        if problem is not None:
            return problem
        seen = seen.__cause__ or (None if seen.__suppress_context__ else seen.__context__)
    return None


def missing_grant(error: BaseException, role: str, database: str) -> str | None:
    """A PostgreSQL permission error (SQLSTATE 42501) at start in words, naming the grant that would fix it; None
    for any other error. `role` and `database` are the bot's, from DATABASE_URL."""
    seen: BaseException | None = error
    while seen is not None and getattr(seen, "sqlstate", None) != "42501":
        seen = seen.__cause__ or seen.__context__
    if seen is None:
        return None
    message = str(seen).split("\n")[0].strip().rstrip(".")
    target = message.removeprefix("permission denied for ")
    if target.startswith("schema "):
        grant = f"GRANT USAGE, CREATE ON SCHEMA {target.split()[1]} TO {role}"
    elif target.startswith("database "):
        grant = f"GRANT CONNECT, CREATE, TEMPORARY ON DATABASE {database} TO {role}"
    elif target.startswith(("table ", "relation ", "sequence ", "function ")):
        # Made by another role (a restore as another user, say): the bot's role must own its schema's objects.
        grant = f"REASSIGN OWNED BY <the role that made them> TO {role}, or make {role} the owner of database " \
                f"{database}"
    elif "owner" in message or "must be owner" in message:
        grant = f"ALTER DATABASE {database} OWNER TO {role}"
    else:
        grant = f"ALTER DATABASE {database} OWNER TO {role}; GRANT USAGE, CREATE ON SCHEMA public TO {role}"
    return f"{message} (as the database's owner or a superuser, run: {grant})"


def postgres_problem(sqlstate: object) -> str | None:
    """What a PostgreSQL error code means in words when it is an outage or a setting; None otherwise."""
    if not isinstance(sqlstate, str):
        return None
    for length in (5, 3, 2):
        if sqlstate[:length] in _PG_PROBLEMS:
            return _PG_PROBLEMS[sqlstate[:length]]
    return None


def check_file(path: Path, *, init_empty: bool) -> None:
    """Before connecting: a file (or none yet) in a folder this process may write, readable, writable, not empty.

    WAL mode creates `<file>-wal` and `<file>-shm` beside the database, so the folder must be writable too.
    """
    name = str(path)
    if path.is_dir():
        raise StoreUnavailable(name, "this is a folder, not a database file")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreUnavailable(name, f"cannot create its folder {folder} ({error.strerror})") from error
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreUnavailable(name, f"the folder {folder} is not writable (SQLite writes its -wal and -shm files "
                                     "beside the database)")
    if not path.exists():
        return  # a new database is made here
    if not os.access(path, os.R_OK | os.W_OK):
        raise StoreUnavailable(name, "the file is not readable and writable by this user")
    if path.stat().st_size == 0 and not init_empty:
        raise EmptyDatabase(name, "the file is empty (0 bytes); it is made a new database only when asked")


async def check_intact(conn: aiosqlite.Connection, path: str) -> None:
    """After connecting: PRAGMA quick_check finds nothing wrong (it reads every page, without the index checks)."""
    async with conn.execute("PRAGMA quick_check") as cur:
        findings = [str(row[0]) for row in await cur.fetchall()]
    if findings == ["ok"]:
        return
    first = " ".join(findings[0].replace("*** in database main ***", "").split()) if findings else "no answer"
    if len(first) > QUICK_CHECK_SHOWN:
        first = first[: QUICK_CHECK_SHOWN - 1] + "…"
    more = f" and {len(findings) - 1} more" if len(findings) > 1 else ""
    raise StoreUnavailable(path, f"the database file is damaged (PRAGMA quick_check: {first}{more})")


def file_identity(path: str) -> tuple[int, int]:
    """The device and inode of the file at `path`: which file it is, whatever its name."""
    stat = os.stat(path)
    return stat.st_dev, stat.st_ino


def check_same_file(path: str, identity: tuple[int, int]) -> None:
    """Before a write: the database file is still the one opened at start.

    SQLite in WAL mode goes on writing to a deleted or replaced file without an error, and all of it is lost at
    the next start; a stat per write is cheap next to the commit's fsync.
    """
    try:
        now = file_identity(path)
    except FileNotFoundError as error:
        raise StoreUnavailable(path, "the database file was deleted or moved while the bot was running") from error
    except OSError as error:
        raise StoreUnavailable(path, f"the database file cannot be looked up ({error.strerror})") from error
    if now != identity:
        raise StoreUnavailable(path, "the database file was replaced by another file while the bot was running")
