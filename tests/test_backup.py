"""`python -m data.backup`: a copy taken while moves are committed opens with `Store.open` and holds a consistent
prefix of every match's log; bad arguments fail with one line and a non-zero exit."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import time
from pathlib import Path

import pytest

from data import Store
from data.backup import BackupError, backup
from matches import MatchService
from rules import GAMES
from rules.replay import replay
from tests import forked

ROOT = Path(__file__).resolve().parents[1]
ADA, BOB = 11, 22


async def started(service: MatchService, creator: int) -> int:
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=creator, players=2,
                                 options=None)
    await service.join(match.id, creator + 1)
    return (await service.start(match.id, creator)).match.id


async def play(service: MatchService, match_ids: list[int], moves: int, pick: random.Random) -> None:
    for _ in range(moves):
        for match_id in match_ids:
            match = await service.get(match_id)
            user = match.user_at(match.actors()[0])
            await service.act(match_id, user, pick.choice(await service.legal_texts(match_id, user)))


async def check_consistent(copy: Path, source: Path) -> int:
    """Every match in the copy: its version is its last log line, its state is the replay of its log, and its log
    is the source's log up to there. Returns the copy's total number of log lines."""
    store = await Store.open(copy)
    original = await Store.open(source)
    lines = 0
    try:
        async with store.conn.execute("SELECT id FROM matches ORDER BY id") as cur:
            ids = [r[0] for r in await cur.fetchall()]
        assert ids
        for match_id in ids:
            record = await store.get_match(match_id)
            assert record is not None
            log = await store.log(match_id)
            assert [e.n for e in log] == list(range(1, record.version + 1))
            assert log == (await original.log(match_id))[: len(log)]
            if record.state is not None:
                game = GAMES[record.game]
                state = replay(game, record.players, record.options, [(e.seat, e.text) for e in log])
                assert game.to_json(state) == record.state
            lines += len(log)
    finally:
        await store.close()
        await original.close()
    return lines


@pytest.mark.parametrize("pages", [1, 4096])  # many steps (restarts under the writer), and one step
async def test_backup_while_moves_are_committed(tmp_path: Path, pages: int) -> None:
    source, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    store = await Store.open(source)
    service = MatchService(store, rng=random.Random(1))
    pick = random.Random(2)
    ids = [await started(service, 100 + 10 * i) for i in range(6)]
    await play(service, ids, 20, pick)  # enough pages for many steps
    writing = asyncio.Event()
    moves = [0]

    async def writer() -> None:
        while not writing.is_set():
            await play(service, ids[:2], 1, pick)
            moves[0] += 2

    task = asyncio.create_task(writer())
    await asyncio.sleep(0.05)
    before = moves[0]
    steps: list[tuple[int, int]] = []

    def slowly(done: int, total: int) -> None:  # a slow disk: the writer commits between the copy's steps
        steps.append((done, total))
        time.sleep(0.005)

    total = await asyncio.to_thread(backup, source, copy, pages=pages, progress=slowly)
    during = moves[0] - before
    writing.set()
    await task
    await store.close()
    assert total > 20 and steps[-1] == (total, total)
    if pages == 1:
        assert during > 0, "the writer should have committed moves while the copy was made"
        assert len(steps) >= 3  # in steps (a restart under the writer copies the rest in one)
    lines = await check_consistent(copy, source)
    assert lines >= 6 * 20  # at least what was there before the copy started
    assert not (tmp_path / "copy.sqlite3.partial").exists()


def run(*args: str, fresh: bool = False) -> subprocess.CompletedProcess[str]:
    """`python -m data.backup ARGS`: forked from the bot already imported (tests/forked.py), or `fresh`, as an
    operator runs it."""
    return forked.run(["-m", "data.backup", *args], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                      timeout=60, fresh=fresh)


def test_command_copies_and_reports(tmp_path: Path) -> None:
    source, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    asyncio.run(_filled(source))
    result = run(str(source), str(copy), fresh=True)
    assert result.returncode == 0, result.stderr
    assert "quick_check ok" in result.stdout and "pages" in result.stderr
    assert asyncio.run(check_consistent(copy, source)) == 10


async def _filled(path: Path) -> None:
    store = await Store.open(path)
    service = MatchService(store, rng=random.Random(1))
    await play(service, [await started(service, ADA)], 10, random.Random(3))
    await store.close()


@pytest.mark.parametrize("case", ["missing", "not a database", "dest exists", "no folder"])
def test_command_failures_are_one_line(tmp_path: Path, case: str) -> None:
    source, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    if case != "missing":
        source.write_bytes(b"hello, this is not SQLite" * 100) if case == "not a database" else \
            asyncio.run(_filled(source))
    if case == "dest exists":
        copy.write_bytes(b"keep me")
    if case == "no folder":
        copy = tmp_path / "nowhere" / "copy.sqlite3"
    result = run(str(source), str(copy))
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("backup failed: "), result.stderr
    if case == "dest exists":
        assert copy.read_bytes() == b"keep me"  # never overwritten
    else:
        assert not copy.exists()


def test_a_copy_that_fails_its_check_is_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """quick_check's verdict decides: a copy it does not call "ok" is removed and the backup fails."""
    source, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    asyncio.run(_filled(source))
    monkeypatch.setattr("data.backup.quick_check", lambda conn: ["row 7 missing from index", "ok"])
    with pytest.raises(BackupError, match="quick_check: row 7 missing"):
        backup(source, copy)
    assert not copy.exists() and not (tmp_path / "copy.sqlite3.partial").exists()


def test_a_postgresql_url_is_sent_to_pg_dump(tmp_path: Path) -> None:
    result = run("postgresql://bot:s3cret@db:5432/tabletop", str(tmp_path / "copy.sqlite3"))
    assert result.returncode == 1
    assert result.stderr.strip() == ("backup failed: postgresql://bot@db:5432/tabletop: this backs up a SQLite file; "
                                     "back up PostgreSQL with pg_dump -Fc (docs/operators/backups.md)")
    assert not (tmp_path / "copy.sqlite3").exists()
