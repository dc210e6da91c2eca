"""PostgreSQL is an extra (`.[postgres]`): without asyncpg the bot, the local table and the backups run on SQLite,
and a PostgreSQL URL is one line saying what to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# asyncpg made unimportable, as in an install without the extra
SCRIPT = """
import sys, asyncio
sys.modules["asyncpg"] = None
import bot, tabletop.table, data.backup
from data import Store, StoreUnavailable
async def main():
    store = await Store.open(sys.argv[1])
    await store.close()
    try:
        await Store.open("postgresql://bot:secret@localhost:5432/tabletop")
    except StoreUnavailable as error:
        print(error)
asyncio.run(main())
"""


def test_sqlite_needs_no_postgresql_driver(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "db.sqlite3")], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "db.sqlite3").exists()
    line = done.stdout.strip()
    assert "PostgreSQL support is not installed" in line and ".[postgres]" in line and "secret" not in line, line


def test_every_module_imports_without_the_postgresql_driver() -> None:
    """The default install (`./run.sh` with SQLite installs no extra): every module of every package imports, so
    no extension fails at start for want of asyncpg (cogs.tournament did, through the
    tournament export)."""
    done = subprocess.run([sys.executable, "tests/import_all.py", "--block", "asyncpg"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    count = int(done.stdout.split()[1])
    assert count > 150, done.stdout  # every package walked, not a few modules
