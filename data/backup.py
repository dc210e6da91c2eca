"""`python -m data.backup SOURCE DEST`: a consistent copy of the SQLite database, safe while the bot runs.
SQLite's online backup API in steps of pages, the copy checked (PRAGMA quick_check) before it takes its name."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from data.urls import is_url, redact

STEP_PAGES = 1024  # pages per step (4 MiB at the default page size): the bot's writes interleave between steps
RESTARTS = 3  # restarts (a write landed mid-copy) before copying the rest in one step, from one snapshot


class BackupError(RuntimeError):
    """The backup failed; the message says why in one line."""


class _Restarting(Exception):
    """Raised from the progress callback to stop a paged copy that keeps restarting."""


def backup(source: str | Path, dest: str | Path, *, pages: int = STEP_PAGES,
           progress: Callable[[int, int], None] | None = None) -> int:
    """Copy `source` to the new file `dest`; returns its page count. Raises `BackupError`.

    The bot (WAL mode) goes on writing meanwhile: SQLite restarts a paged copy when another connection writes
    to the source, so after `RESTARTS` restarts the rest is copied in one step, which reads one snapshot while
    the writers go on (WAL readers do not block writers). The copy is written next to `dest` and renamed only
    once PRAGMA quick_check says "ok", so `dest` is never a half-written file.
    """
    if is_url(str(source)):  # shown without its password
        raise BackupError(f"{redact(str(source))}: this backs up a SQLite file; back up PostgreSQL with pg_dump -Fc "
                          "(docs/operators/backups.md)")
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise BackupError(f"{source}: no such database file")
    if dest.exists():
        raise BackupError(f"{dest}: already exists; choose a new file name (a backup never overwrites)")
    if not dest.parent.is_dir():
        raise BackupError(f"{dest.parent}: no such folder")
    partial = dest.with_name(dest.name + ".partial")
    try:
        # mode=rw: never create an empty database where the source was expected
        src = sqlite3.connect(f"file:{source.resolve().as_posix()}?mode=rw", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"{source}: cannot be opened ({exc})") from exc
    try:
        src.execute("PRAGMA busy_timeout=5000")
        try:
            src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{source}: not a readable SQLite database ({exc})") from exc
        partial.unlink(missing_ok=True)
        dst = sqlite3.connect(partial)
        try:
            _copy(src, dst, pages, progress)
            found = quick_check(dst)
            if found != ["ok"]:
                raise BackupError(f"{dest}: the copy failed PRAGMA quick_check: {found[0][:200]}")
            total = int(dst.execute("PRAGMA page_count").fetchone()[0])
        finally:
            dst.close()
        os.replace(partial, dest)
        return total
    except sqlite3.Error as exc:
        raise BackupError(f"{source}: backup failed ({exc})") from exc
    finally:
        src.close()
        partial.unlink(missing_ok=True)


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """PRAGMA quick_check's findings: ["ok"] for a sound database."""
    return [str(row[0]) for row in conn.execute("PRAGMA quick_check").fetchall()]


def _copy(src: sqlite3.Connection, dst: sqlite3.Connection, pages: int,
          progress: Callable[[int, int], None] | None) -> None:
    last = [-1]  # pages remaining after the previous step (-1: none yet)
    restarts = [0]

    def step(_status: int, remaining: int, total: int) -> None:
        if last[0] >= 0 and remaining > last[0]:  # a write by another connection restarted the copy
            restarts[0] += 1
            if restarts[0] >= RESTARTS:
                raise _Restarting
        last[0] = remaining
        if progress is not None:
            progress(total - remaining, total)

    try:
        src.backup(dst, pages=pages, progress=step, sleep=0.01)
    except _Restarting:
        src.backup(dst, pages=-1)  # one step: one read snapshot, however busy the writers are
    if progress is not None:
        total = int(dst.execute("PRAGMA page_count").fetchone()[0])
        progress(total, total)


def main(argv: list[str] | None = None) -> int:
    """The command: a progress line while copying, one clear line and exit status 1 on any failure."""
    parser = argparse.ArgumentParser(prog="python -m data.backup", description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the bot's database file (DATABASE_PATH)")
    parser.add_argument("dest", help="the new backup file (must not exist)")
    args = parser.parse_args(argv)

    shown = [False]

    def show(done: int, total: int) -> None:
        shown[0] = True
        print(f"\rcopied {done}/{total} pages ({100 * done // max(total, 1)} %)", end="", file=sys.stderr, flush=True)

    try:
        total = backup(args.source, args.dest, progress=show)
    except BackupError as exc:
        print("\n" if shown[0] else "", end="", file=sys.stderr)
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(file=sys.stderr)
    print(f"backed up {args.source} to {args.dest}: {total} pages, quick_check ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
