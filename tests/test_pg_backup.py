"""The PostgreSQL backup commands of docs/operators/backups.md work on the bot's schema: `pg_dump -Fc`, then
`pg_restore` into an empty database, or `--clean --if-exists` over the live one, gives back every row, and new ids
follow the restored ones."""

from __future__ import annotations

import subprocess
from pathlib import Path

from data import Store
from data.to_postgres import copy_database
from matches import MatchService
from tests.pg_server import Cluster
from tests.test_to_postgres import USERS, _fill, _postgres_rows, _sqlite_rows


def _tool(cluster: Cluster, name: str, *args: str) -> None:
    done = subprocess.run([str(cluster.bindir / name), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


async def test_pg_dump_and_restore_give_back_every_row(tmp_path: Path, postgres_url: str, pg_cluster: Cluster) -> None:
    path = tmp_path / "bot.sqlite3"
    ids = await _fill(path)
    await copy_database(path, postgres_url)
    expected = _sqlite_rows(path)
    dump = tmp_path / "tabletop.dump"
    _tool(pg_cluster, "pg_dump", "-Fc", "-d", postgres_url, "-f", str(dump))

    empty = pg_cluster.create_database()
    _tool(pg_cluster, "pg_restore", "--no-owner", "--single-transaction", "-d", empty, str(dump))
    assert await _postgres_rows(empty, list(expected), path) == expected

    store = await Store.open(postgres_url)  # the live database moves on after the dump...
    try:
        await MatchService(store).create("bodsoi", guild_id=1, channel_id=2, creator_id=USERS[0], players=2)
    finally:
        await store.close()
    assert await _postgres_rows(postgres_url, list(expected), path) != expected
    _tool(pg_cluster, "pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
          "-d", postgres_url, str(dump))  # ...and is put back as it was at the dump
    assert await _postgres_rows(postgres_url, list(expected), path) == expected

    restored = await Store.open(empty)
    try:
        fresh = await MatchService(restored).create("sanae", guild_id=1, channel_id=2, creator_id=USERS[0], players=2)
        assert fresh.id == max(ids) + 1  # the dump carries the sequences: no id is handed out twice
    finally:
        await restored.close()
