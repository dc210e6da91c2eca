"""PostgreSQL is an extra (`.[postgres]`): without asyncpg the bot, the local table and the backups run on SQLite,
and a PostgreSQL URL is one line saying what to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# asyncpg made unimportable, as in an install without the extra. One process for both tests below (each start
# imports every module: a second of processor time): every module imported (tests/import_all.py, its line first),
# then the bot, the local table and the backups used on SQLite and asked for PostgreSQL (the second line).
SCRIPT = """
import sys, asyncio
sys.modules["asyncpg"] = None
from tests.import_all import main as import_all
imported = import_all(["--block", "asyncpg"])
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
sys.exit(imported)
"""


@pytest.fixture(scope="module")
def without_asyncpg(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    path = tmp_path_factory.mktemp("no-asyncpg") / "db.sqlite3"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    return done, path


def test_sqlite_needs_no_postgresql_driver(without_asyncpg: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    done, path = without_asyncpg
    assert "Traceback" not in done.stderr, done.stderr
    assert path.exists()
    line = done.stdout.splitlines()[-1]
    assert "PostgreSQL support is not installed" in line and ".[postgres]" in line and "secret" not in line, line


def test_every_module_imports_without_the_postgresql_driver(
        without_asyncpg: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    """The default install (`./run.sh` with SQLite installs no extra): every module of every package imports, so
    no extension fails at start for want of asyncpg (cogs.tournament did, through the
    tournament export)."""
    done, _ = without_asyncpg
    assert done.returncode == 0, done.stdout + done.stderr
    count = int(done.stdout.split()[1])
    assert count > 150, done.stdout  # every package walked, not a few modules
