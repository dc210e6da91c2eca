"""The SQLite → PostgreSQL copier (data/to_postgres.py): every match of every game replays the same after the copy,
every table holds the same rows, new ids follow the copied ones; damaged, outdated or doubled copies are refused."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from data import Store
from data.migrations import MIGRATIONS
from data.to_postgres import CopyError, copy_database, main
from matches import MatchService
from rules import GAMES
from tests import forked
from tournaments import TournamentService

USERS = (101, 102, 103, 104)
ROOT = Path(__file__).resolve().parent.parent


async def _play(service: MatchService, match_id: int, rng: random.Random, moves: int) -> None:
    match = await service.get(match_id)
    for _ in range(moves):
        if match.status != "active":
            return
        seat = match.actors()[0]
        user = match.user_at(seat)
        await service.act(match_id, user, rng.choice(await service.legal_texts(match_id, user)))


async def _fill(path: Path) -> list[int]:
    """A SQLite database with matches of every game (finished and rated, running, in a lobby), users, settings,
    ratings and a running tournament; the ids of its matches."""
    store = await Store.open(path)
    service = MatchService(store, rng=random.Random(5))
    rng = random.Random(9)
    ids: list[int] = []
    try:
        for user in USERS:
            await service.touch_user(user, f"Player {user}")
        for name in sorted(GAMES):
            for finish in (True, False):
                match = await service.create(name, guild_id=1, channel_id=2, creator_id=USERS[0], players=2)
                await service.join(match.id, USERS[1])
                await service.start(match.id, USERS[0])
                await _play(service, match.id, rng, 6)
                if finish and (await service.get(match.id)).status == "active":
                    await service.resign(match.id, USERS[1])
                ids.append(match.id)
        four = await service.create("cintos", guild_id=1, channel_id=2, creator_id=USERS[0], players=4)
        for user in USERS[1:]:
            await service.join(four.id, user)
        await service.start(four.id, USERS[0])
        await _play(service, four.id, rng, 5)
        ids.append(four.id)
        lobby = await service.create("sinoda", guild_id=1, channel_id=3, creator_id=USERS[2], players=2)
        ids.append(lobby.id)
        tournaments = TournamentService(service, rng=random.Random(3))
        event = await tournaments.create("sakamichi", "swiss", guild_id=1, channel_id=4, organiser_id=USERS[0],
                                         rounds=2)
        for user in USERS:
            await tournaments.join(event.id, user)
        event = await tournaments.start(event.id, USERS[0], organiser=True)
        for table in event.round_tables():
            assert table.match_id is not None
            await _play(service, table.match_id, rng, 3)
            ids.append(table.match_id)
        assert await store.ratings.match_rated(ids[0])
    finally:
        await store.close()
    return ids


def _sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                            "AND name NOT LIKE 'sqlite_%'")]
        return {name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr) for name in names}
    finally:
        conn.close()


async def _postgres_rows(url: str, tables: list[str], columns_of: Path) -> dict[str, list[tuple[Any, ...]]]:
    source = sqlite3.connect(columns_of)
    conn = await asyncpg.connect(url)
    try:
        rows = {}
        for table in tables:
            # SQLite's column order (PostgreSQL's may differ after migrations): the rows compare column by column.
            columns = ", ".join(f'"{r[1]}"' for r in source.execute("SELECT * FROM pragma_table_info(?)", (table,)))
            rows[table] = sorted((tuple(r) for r in await conn.fetch(f'SELECT {columns} FROM "{table}"')), key=repr)
        return rows
    finally:
        await conn.close()
        source.close()


async def test_every_match_replays_the_same_and_every_table_is_equal(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "bot.sqlite3"
    ids = await _fill(path)
    before = path.read_bytes()
    copied = await copy_database(path, postgres_url)
    assert path.read_bytes() == before  # read-only: not even a migration or a checkpoint
    expected = _sqlite_rows(path)
    assert {c.table: c.rows for c in copied} == {table: len(rows) for table, rows in expected.items()}
    assert all(expected[t] for t in ("matches", "seats", "actions", "users", "ratings", "tournaments"))
    assert await _postgres_rows(postgres_url, list(expected), path) == expected

    old, new = await Store.open(path), await Store.open(postgres_url)
    try:
        old_service, new_service = MatchService(old), MatchService(new)
        for match_id in ids:
            before_match, after_match = await old_service.get(match_id), await new_service.get(match_id)
            game = before_match.game
            assert after_match.record == before_match.record
            assert await new.log(match_id, with_seat_draw=True) == await old.log(match_id, with_seat_draw=True)
            assert await new.seats(match_id) == await old.seats(match_id)
            replayed = game.to_json(await new_service.replay(match_id))
            assert replayed == game.to_json(await old_service.replay(match_id))
            if before_match.state is not None:
                assert replayed == game.to_json(before_match.state)
        # The identity sequences moved past the copied ids: a new match does not collide with a copied one.
        fresh = await new_service.create("cintos", guild_id=1, channel_id=2, creator_id=USERS[0], players=2)
        assert fresh.id == max(ids) + 1
    finally:
        await old.close()
        await new.close()


def test_a_target_holding_matches_is_refused_unless_forced(tmp_path: Path, postgres_url: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(_fill(path))
    done = forked.run(["-m", "data.to_postgres", str(path), postgres_url], cwd=ROOT, env=os.environ, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "row counts checked" in done.stdout and "matches:" in done.stdout
    counts = {c.table: c.rows for c in asyncio.run(copy_database(path, postgres_url, force=True))}
    assert main([str(path), postgres_url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("copy failed: ") and "already holds data" in err and "matches" in err and "--force" in err
    assert len(err.strip().splitlines()) == 1
    rows = asyncio.run(_postgres_rows(postgres_url, list(counts), path))
    assert {table: len(found) for table, found in rows.items()} == counts  # forced: replaced, not doubled
    with pytest.raises(SystemExit) as usage:
        main([str(path)])
    assert usage.value.code == 2


async def test_a_damaged_or_outdated_sqlite_file_is_refused_and_nothing_is_written(tmp_path: Path,
                                                                                   postgres_url: str) -> None:
    path = tmp_path / "bot.sqlite3"
    await _fill(path)
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(path, damaged)
    data = bytearray(damaged.read_bytes())
    page = 4096
    for at in range(2 * page, len(data), page):  # every page past the schema: b-tree headers become garbage
        data[at:at + 16] = b"\xff" * 16
    damaged.write_bytes(bytes(data))
    with pytest.raises(CopyError, match="damaged"):
        await copy_database(damaged, postgres_url)
    old = tmp_path / "old.sqlite3"
    shutil.copy(path, old)
    conn = sqlite3.connect(old)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    conn.commit()
    conn.close()
    with pytest.raises(CopyError, match="older bot"):
        await copy_database(old, postgres_url)
    odd = tmp_path / "odd.sqlite3"
    shutil.copy(path, odd)
    conn = sqlite3.connect(odd)
    conn.execute("UPDATE matches SET players = 'two' WHERE id = (SELECT max(id) FROM matches)")  # SQLite lets it be
    conn.commit()
    conn.close()
    with pytest.raises(CopyError, match=r"matches\.players holds 'two', not an integer"):
        await copy_database(odd, postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:  # the schema was made, but the transaction holding the copied rows was rolled back
        assert await conn.fetchval("SELECT count(*) FROM matches") == 0
        assert await conn.fetchval("SELECT count(*) FROM actions") == 0
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    with pytest.raises(CopyError, match="no such database file"):
        await copy_database(tmp_path / "missing.sqlite3", postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:  # refused before the target was touched: not even the schema was made
        assert await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 0
    finally:
        await conn.close()
