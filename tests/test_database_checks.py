"""The database is checked at start: a damaged, unwritable or empty file stops the bot with one clear line, at once."""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from data import Store, StoreUnavailable, store_problem
from data.migrations import MIGRATIONS
from tests.test_settings import problem_lines, run_bot

# Root ignores file permissions. Run the bot without the two capabilities that let it (as root without them, it is
# refused exactly like an ordinary user); without setpriv, as root, the permission cases cannot be shown honestly.
AS_ROOT = os.geteuid() == 0
NO_OVERRIDE = ("setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--") if AS_ROOT else ()
needs_permissions = pytest.mark.skipif(AS_ROOT and not shutil.which("setpriv"),
                                       reason="running as root without setpriv: root ignores file permissions")


async def real_database(path: Path, matches: int = 300) -> None:
    """A database the bot made, with enough rows to span many pages."""
    store = await Store.open(path)
    try:
        for i in range(matches):
            await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3 + i, players=2,
                                     options={"note": "x" * 200}, now=0.0)
    finally:
        await store.close()


def refused(result: object, path: Path, *words: str) -> str:
    """The one line a refused start printed: exit code 3, the file named, these words in it."""
    assert result.returncode == 3, result.stderr  # type: ignore[attr-defined]
    lines = problem_lines(result.stderr)  # type: ignore[attr-defined]
    assert len(lines) == 1, lines
    assert str(path) in lines[0] and all(word in lines[0] for word in words), lines[0]
    return lines[0]


def test_a_file_that_is_not_a_database_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    garbage = os.urandom(8192)
    path.write_bytes(garbage)
    refused(run_bot(tmp_path), path, "not a SQLite database")
    assert path.read_bytes() == garbage  # left as it was, for whoever investigates


async def test_a_truncated_database_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    await real_database(path)
    size = path.stat().st_size
    assert size > 16 * 4096
    os.truncate(path, size // 2)
    refused(run_bot(tmp_path), path, "damaged")


async def test_a_damaged_page_found_by_quick_check_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    await real_database(path)
    with path.open("r+b") as file:  # the header stays intact: only PRAGMA quick_check notices
        file.seek(4096 * 10)
        file.write(os.urandom(4096))
    line = refused(run_bot(tmp_path), path, "damaged", "quick_check")
    assert len(line) < 500, line


def test_an_empty_file_is_not_silently_made_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    path.touch()
    refused(run_bot(tmp_path), path, "empty", "--init-db", "INIT_DB=1")
    assert path.stat().st_size == 0


async def test_an_empty_file_is_initialised_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    path.touch()
    flag = run_bot(tmp_path, "--init-db", "--check")
    assert flag.returncode == 0 and flag.stdout.startswith("ready: "), flag.stderr  # the database is fine
    path.unlink()
    path.touch()
    env = run_bot(tmp_path, "--check", INIT_DB="1")
    assert env.returncode == 0 and env.stdout.startswith("ready: "), env.stderr
    store = await Store.open(path)
    try:
        # The bot's process read data/migrations.py after this one: never fewer migrations (more while it is edited).
        assert await store.schema_version() >= len(MIGRATIONS) > 0
    finally:
        await store.close()


@needs_permissions
async def test_a_read_only_folder_stops_the_bot(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "tabletop.sqlite3"
    await real_database(path, matches=3)
    folder.chmod(0o555)  # SQLite in WAL mode must create tabletop.sqlite3-wal and -shm beside the file
    try:
        refused(run_bot(tmp_path, prefix=NO_OVERRIDE, DATABASE_PATH=str(path)), path, "folder", "writ")
    finally:
        folder.chmod(0o755)


@needs_permissions
async def test_a_read_only_file_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    await real_database(path, matches=3)
    path.chmod(0o444)
    refused(run_bot(tmp_path, prefix=NO_OVERRIDE), path, "writ")


def test_a_database_path_that_is_a_folder_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    path.mkdir()
    refused(run_bot(tmp_path), path, "folder")


def aiosqlite_threads() -> set[threading.Thread]:
    """aiosqlite runs each connection in a non-daemon thread: one left open keeps the process from exiting."""
    return {t for t in threading.enumerate() if not t.daemon and t is not threading.main_thread()}


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
async def test_store_open_closes_its_connection_when_it_refuses(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "tabletop.sqlite3"
    if damage == "garbage":
        path.write_bytes(os.urandom(8192))
    elif damage == "truncated":
        await real_database(path)
        os.truncate(path, path.stat().st_size // 3)
    else:
        path.touch()
    before = aiosqlite_threads()
    with pytest.raises(StoreUnavailable) as refusal:
        await Store.open(path)
    assert refusal.value.path == str(path) and str(path) in str(refusal.value)
    for thread in aiosqlite_threads() - before:
        thread.join(timeout=5)
    assert aiosqlite_threads() <= before


async def test_a_new_database_is_still_created_where_none_is(tmp_path: Path) -> None:
    path = tmp_path / "new" / "tabletop.sqlite3"
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)


def test_only_failures_of_the_file_or_disk_count_as_the_database_being_unavailable(tmp_path: Path) -> None:
    def error_of(conn: sqlite3.Connection, statement: str) -> sqlite3.Error:
        with pytest.raises(sqlite3.Error) as raised:
            conn.execute(statement)
        return raised.value

    conn = sqlite3.connect(tmp_path / "x.sqlite3", isolation_level=None)
    try:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO t VALUES (1)")
        assert store_problem(error_of(conn, "INSERT INTO t VALUES (1)")) is None  # a constraint: the bot's bug
        assert store_problem(error_of(conn, "SELECT nothing FROM t")) is None  # bad SQL: the bot's bug
        conn.execute("PRAGMA query_only=1")
        read_only = error_of(conn, "INSERT INTO t VALUES (2)")
        assert store_problem(read_only) == "the database file cannot be written (read-only)"
        try:
            try:
                raise read_only
            except sqlite3.Error:
                raise ValueError("something else") from None
        except ValueError as unrelated:
            assert store_problem(unrelated) is None  # `from None`: not caused by the read-only file
        try:  # an error raised while handling it (as a failed ROLLBACK would be) still names the first failure
            try:
                raise read_only
            except sqlite3.Error:
                conn.execute("SELECT nothing FROM t")
        except sqlite3.Error as masking:
            assert store_problem(masking) == "the database file cannot be written (read-only)"
    finally:
        conn.close()


async def test_a_database_another_program_keeps_locked_stops_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.sqlite3"
    await real_database(path, matches=3)
    other = sqlite3.connect(path, isolation_level=None)  # e.g. a second copy of the bot, in the middle of a write
    try:
        other.execute("BEGIN IMMEDIATE")
        refused(run_bot(tmp_path), path, "locked by another program")  # after SQLite's 5 s busy timeout
    finally:
        other.close()
