"""`python -m data.to_postgres SQLITE_PATH POSTGRES_URL [--force]`: copy the bot's SQLite database into PostgreSQL.
The SQLite file is only read; the PostgreSQL schema is made by `Store.open`; every table is copied in one transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import graphlib
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote as url_quote

import asyncpg

from data.health import StoreUnavailable
from data.migrations import MIGRATIONS
from data.store import Store
from data.urls import is_url, redact

BATCH = 5_000  # rows per COPY call: bounded memory for a log of millions of moves
_INTEGERS = {"smallint", "integer", "bigint"}
_FLOATS = {"real", "double precision", "numeric"}
_BOOKKEEPING = {"schema_version"}  # the target's own migration record, made by Store.open; not copied


class CopyError(RuntimeError):
    """The copy was refused or failed (nothing was written); the message says why in one line."""


@dataclass(frozen=True)
class Copied:
    table: str
    rows: int


def open_source(path: str | Path) -> sqlite3.Connection:
    """The SQLite database read-only, checked intact (PRAGMA quick_check) and at this bot's schema version."""
    path = Path(path)
    if not path.is_file():
        raise CopyError(f"{path}: no such database file")
    if path.stat().st_size == 0:
        raise CopyError(f"{path}: empty file (0 bytes), not a database")
    try:
        # mode=ro: the copier never writes the bot's file, not even a migration.
        conn = sqlite3.connect(f"file:{url_quote(path.resolve().as_posix())}?mode=ro", uri=True,
                               isolation_level=None)
    except sqlite3.Error as error:
        raise CopyError(f"{path}: cannot be opened read-only ({error})") from None
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        findings = [str(row[0]) for row in conn.execute("PRAGMA quick_check").fetchall()]
        if findings != ["ok"]:
            raise CopyError(f"{path}: the database is damaged (PRAGMA quick_check: {findings[0][:200]}); restore a "
                            "backup (python -m data.backup makes them) and copy that")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as error:
        conn.close()
        raise CopyError(f"{path}: not a readable SQLite database ({error})") from None
    except CopyError:
        conn.close()
        raise
    if version != len(MIGRATIONS):
        conn.close()
        what = "an older" if version < len(MIGRATIONS) else "a newer"
        fix = ("start this bot once on it (it brings the schema up to date at start), stop it, then copy"
               if version < len(MIGRATIONS) else "copy it with that version of the bot")
        raise CopyError(f"{path}: schema version {version}, made by {what} bot than this one ({len(MIGRATIONS)}): "
                        f"{fix}")
    return conn


def _tables(src: sqlite3.Connection) -> list[str]:
    """The source's tables, parents before the tables whose foreign keys point at them."""
    names = [row[0] for row in src.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    order: graphlib.TopologicalSorter[str] = graphlib.TopologicalSorter({name: set() for name in names})
    for name in names:
        for row in src.execute("SELECT \"table\" FROM pragma_foreign_key_list(?)", (name,)):
            if row[0] != name:
                order.add(name, row[0])
    return list(order.static_order())


def _converter(table: str, column: str, data_type: str) -> tuple[Callable[[Any], Any], set[type]]:
    """A SQLite value as the exact Python type asyncpg's binary COPY wants for the PostgreSQL column, and the types
    that need no conversion (nearly every value: SQLite's column affinity already gives them)."""
    def integer(value: Any) -> Any:
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise CopyError(f"{table}.{column} holds {str(value)[:40]!r}, not an integer")

    def floating(value: Any) -> Any:
        if value is None or isinstance(value, float):
            return value
        if isinstance(value, int):
            return float(value)
        raise CopyError(f"{table}.{column} holds {str(value)[:40]!r}, not a number")

    def text(value: Any) -> Any:
        if value is None or isinstance(value, str):
            return value
        raise CopyError(f"{table}.{column} holds a {type(value).__name__}, not text")

    if data_type in _INTEGERS:
        return integer, {int, type(None)}
    if data_type in _FLOATS:
        return floating, {float, type(None)}
    if data_type == "text":
        return text, {str, type(None)}
    raise CopyError(f"{table}.{column}: column type {data_type} is not one the copier knows")


async def _target_columns(conn: asyncpg.Connection) -> dict[str, dict[str, str]]:
    rows = await conn.fetch("SELECT table_name, column_name, data_type FROM information_schema.columns "
                            "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position")
    columns: dict[str, dict[str, str]] = {}
    for row in rows:
        columns.setdefault(row["table_name"], {})[row["column_name"]] = row["data_type"]
    return columns


async def _check_empty(conn: asyncpg.Connection, tables: Sequence[str], force: bool, shown: str) -> None:
    held = {table: int(await conn.fetchval(f'SELECT count(*) FROM "{table}"')) for table in tables}
    held = {table: count for table, count in held.items() if count}
    if not held:
        return
    if not force:
        first = ["matches"] if "matches" in held else []
        listed = ", ".join(f"{held[t]} rows in {t}" for t in first + sorted(set(held) - set(first)))
        raise CopyError(f"{shown} already holds data ({listed[:300]}): copying would mix two databases; "
                        "pass --force to replace everything in it")
    quoted = ", ".join(f'"{table}"' for table in tables)
    await conn.execute(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")


async def _copy_table(src: sqlite3.Connection, conn: asyncpg.Connection, table: str, types: dict[str, str]) -> int:
    source_columns = [row[1] for row in src.execute("SELECT * FROM pragma_table_info(?)", (table,))]
    if set(source_columns) != set(types):
        missing = sorted(set(source_columns) ^ set(types))
        raise CopyError(f"table {table}: the columns differ between SQLite and PostgreSQL ({', '.join(missing)})")
    columns = list(types)
    converters = [_converter(table, column, types[column]) for column in columns]
    selected = ", ".join(f'"{column}"' for column in columns)
    cursor = src.execute(f'SELECT {selected} FROM "{table}"')
    copied = 0

    async def records() -> AsyncIterator[tuple[Any, ...]]:
        nonlocal copied
        while batch := cursor.fetchmany(BATCH):
            values = list(zip(*batch, strict=True))  # column by column: one type check per column and batch
            converted = False
            for i, (convert, exact) in enumerate(converters):
                if not set(map(type, values[i])) <= exact:
                    values[i], converted = tuple(map(convert, values[i])), True
            for row in zip(*values, strict=True) if converted else batch:
                yield row
            copied += len(batch)

    await conn.copy_records_to_table(table, records=records(), columns=columns)  # one COPY stream per table
    return copied


async def _move_sequences(src: sqlite3.Connection, conn: asyncpg.Connection) -> None:
    """Every identity column's next value past the copied ids, and past SQLite's AUTOINCREMENT high-water mark:
    an id deleted in SQLite is never handed out again."""
    has_sequence = src.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone()
    used = dict(src.execute("SELECT name, seq FROM sqlite_sequence").fetchall()) if has_sequence else {}
    rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                            "WHERE table_schema = current_schema() AND is_identity = 'YES'")
    for row in rows:
        table, column = row["table_name"], row["column_name"]
        highest = max(int(await conn.fetchval(f'SELECT coalesce(max("{column}"), 0) FROM "{table}"')),
                      int(used.get(table) or 0))
        await conn.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
                           f'"{table}"', column, max(highest, 1), highest > 0)


async def copy_database(source: str | Path, url: str, *, force: bool = False) -> list[Copied]:
    """Copy every table of the SQLite database at `source` into the PostgreSQL database at `url`; raises CopyError.

    All or nothing: one PostgreSQL transaction, read from one SQLite snapshot, row counts checked before commit.
    """
    if not is_url(url):
        raise CopyError(f"{url[:80]!r} is not a PostgreSQL URL (postgresql://user:password@host:5432/database)")
    shown = redact(url)
    src = open_source(source)
    try:
        try:
            store = await Store.open(url)  # creates or migrates the schema, as the bot would
        except StoreUnavailable as error:
            raise CopyError(str(error)) from None
        await store.close()
        conn = await asyncpg.connect(url)
        try:
            src.execute("BEGIN")  # one read snapshot for every table, even if something writes the file meanwhile
            tables = _tables(src)
            target = await _target_columns(conn)
            absent = [table for table in tables if table not in target]
            if absent:
                raise CopyError(f"{shown} has no table {', '.join(absent)} after migrating: not this bot's schema")
            copied: list[Copied] = []
            async with conn.transaction():
                await _check_empty(conn, [t for t in target if t not in _BOOKKEEPING], force, shown)
                for table in tables:
                    copied.append(Copied(table, await _copy_table(src, conn, table, target[table])))
                await _move_sequences(src, conn)
                for entry in copied:
                    expected = int(src.execute(f'SELECT count(*) FROM "{entry.table}"').fetchone()[0])
                    found = int(await conn.fetchval(f'SELECT count(*) FROM "{entry.table}"'))
                    if not expected == found == entry.rows:
                        raise CopyError(f"table {entry.table}: {expected} rows in SQLite but {found} in PostgreSQL "
                                        "after the copy; nothing was written")
            return copied
        finally:
            await conn.close()
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise CopyError(f"{shown}: {type(error).__name__}: {str(error)[:300]}") from None
    finally:
        src.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data.to_postgres", description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the bot's SQLite database file (DATABASE_PATH); stop the bot first")
    parser.add_argument("url", help="the PostgreSQL database (DATABASE_URL), e.g. postgresql://user:pw@host/db")
    parser.add_argument("--force", action="store_true",
                        help="replace whatever the PostgreSQL database already holds (default: refuse)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        copied = asyncio.run(copy_database(args.source, args.url, force=args.force))
    except CopyError as error:
        print(f"copy failed: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("copy interrupted: nothing was written", file=sys.stderr)
        return 1
    for entry in copied:
        print(f"{entry.table:>22}: {entry.rows} rows")
    total = sum(entry.rows for entry in copied)
    print(f"copied {args.source} to {redact(args.url)}: {len(copied)} tables, {total} rows, row counts checked, "
          f"in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
