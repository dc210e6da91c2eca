"""Migrations on both backends: a new database gets every one, a reopened one none again, an existing SQLite
database at version 7 gains the match revision, one at version 8 its computer turns, and two processes starting
together on PostgreSQL migrate once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from data import Store
from data.migrations import MIGRATIONS, sql_for


async def test_a_new_database_gets_every_migration_once(target: str) -> None:
    store = await Store.open(target)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        match = await store.create_match(game="sanae", guild_id=None, channel_id=1, creator_id=2, players=2,
                                         options={}, now=1.0)
    finally:
        await store.close()
    again = await Store.open(target)  # reopening applies nothing twice (a second CREATE TABLE would fail)
    try:
        assert await again.schema_version() == len(MIGRATIONS)
        assert await again.get_match(match.id) == match
    finally:
        await again.close()


async def test_a_sqlite_database_at_version_7_gains_the_revision(tmp_path: Path) -> None:
    path = tmp_path / "v7.sqlite3"
    with sqlite3.connect(path) as conn:  # as the bot left it before migration 8
        for steps in MIGRATIONS[:7]:
            for step in steps:
                conn.execute(sql_for(step, "sqlite"))
        conn.execute("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, created_at, "
                     "updated_at) VALUES (7, 'bodsoi', 1, 2, 'active', 2, 0, 1.0, 1.0)")
        conn.execute("PRAGMA user_version=7")
    conn.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.revision(7) == 0
        await store.append(7, expected_version=0, entries=[(0, 2, "a1")], state={}, status="active", outcome=None,
                           now=2.0)
        match = await store.get_match(7)
        assert match is not None and (match.game, match.version, match.revision) == ("bodsoi", 1, 1)
    finally:
        await store.close()


async def test_a_database_at_version_8_finds_its_running_computer_turns(tmp_path: Path) -> None:
    """Migration 9 marks every running match with a computer seat as a computer's turn (the next commit of each
    says exactly), so a restart after the upgrade resumes the computers that were thinking."""
    path = tmp_path / "v8.sqlite3"
    with sqlite3.connect(path) as conn:
        for steps in MIGRATIONS[:8]:
            for step in steps:
                conn.execute(sql_for(step, "sqlite"))
        for match_id, status in ((1, "active"), (2, "active"), (3, "finished")):
            conn.execute("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, "
                         "created_at, updated_at, turn_started) VALUES (?, 'cintos', 1, 2, ?, 2, 0, 1.0, 1.0, 1.0)",
                         (match_id, status))
        conn.executemany("INSERT INTO seats (match_id, seat, user_id) VALUES (?, ?, ?)",
                         [(1, 0, 2), (1, 1, -101), (2, 0, 2), (2, 1, 3), (3, 0, 2), (3, 1, -101)])
        conn.execute("PRAGMA user_version=8")
    conn.close()
    store = await Store.open(path)
    try:
        assert await store.computer_matches() == [1]  # running, with a computer; not the people's or the finished
    finally:
        await store.close()


async def test_two_processes_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 4
        row = await stores[0]._db.fetchone("SELECT COUNT(*) FROM schema_version")
        assert row is not None and row[0] == 1
    finally:
        for store in stores:
            await store.close()
