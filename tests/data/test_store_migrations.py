"""Migrations on both backends: a new database gets every one, a reopened one none again, an existing SQLite
database at version 7 gains the match revision, one at version 8 its computer turns, one at version 12 its results'
facts, and two processes starting together on PostgreSQL migrate once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

from data import Store
from data.migrations import MIGRATIONS, sql_for
from rules.results import Facts, Result, Verdict, stored_facts


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
                conn.execute(sql_for(step, "sqlite"))  # type: ignore[arg-type]
        conn.execute("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, created_at, "
                     "updated_at) VALUES (7, 'bodsoi', 1, 2, 'active', 2, 0, 1.0, 1.0)")
        conn.execute("PRAGMA user_version=7")
    conn.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.revision(7) == 0
        await store.append(7, expected_version=0, expected_status="active", entries=[(0, 2, "a1")],
                           state={}, status="active", outcome=None, now=2.0)
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
                conn.execute(sql_for(step, "sqlite"))  # type: ignore[arg-type]
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


async def test_a_database_at_version_12_gains_the_facts_of_its_results(tmp_path: Path) -> None:
    """Results stored before they carried facts: derived from each match's log, so an immediate resignation is a
    forfeit, a forfeit on time before anyone moved is nobody's result, a shared first place a draw."""
    path = tmp_path / "v12.sqlite3"
    old: list[tuple[int, str, dict[str, Any], list[tuple[int | None, int | None, str]]]] = [
        # id, status, outcome as stored then, log lines (seat, user, text)
        (1, "finished", {"winners": [1], "scores": None, "reason": "Red resigned"}, [(0, 11, "resign")]),
        (2, "finished", {"winners": [0], "scores": [4, 1], "reason": "x"}, [(0, 11, "a"), (1, 22, "b"),
                                                                             (None, None, "roll"), (1, 22, "resign")]),
        (3, "finished", {"winners": [1], "scores": None, "reason": "x", "forfeit": [0]}, [(0, None, "resign")]),
        (4, "finished", {"winners": [0, 1], "scores": [6, 6], "reason": "x"}, [(0, 11, "a"), (1, 22, "b")]),
        (5, "finished", {"winners": [], "scores": None, "reason": "draw agreed"}, [(0, 11, "a")]),
        (6, "aborted", {"winners": [], "scores": None, "reason": "aborted in the first moves"}, [(0, 11, "a")]),
    ]
    with sqlite3.connect(path) as conn:
        for steps in MIGRATIONS[:12]:
            for step in steps:
                conn.execute(sql_for(step, "sqlite"))  # type: ignore[arg-type]
        for match_id, status, outcome, lines in old:
            conn.execute("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, outcome, "
                         "created_at, updated_at) VALUES (?, 'cintos', 1, 11, ?, 2, ?, ?, 1.0, 1.0)",
                         (match_id, status, len(lines), json.dumps(outcome)))
            conn.executemany("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                             "VALUES (?, ?, ?, ?, ?, 1.0)",
                             [(match_id, n, *line) for n, line in enumerate(lines, start=1)])
        conn.execute("PRAGMA user_version=12")
    conn.close()
    store = await Store.open(path)
    try:
        verdicts = {}
        for match_id, status, outcome, _ in old:
            record = await store.get_match(match_id)
            assert record is not None and record.outcome is not None
            assert {k: record.outcome[k] for k in outcome} == outcome  # what was stored stays as it was
            verdicts[match_id] = Result.of(record.outcome, 2, aborted=status == "aborted").verdicts()
        second = await store.get_match(2)
        assert second is not None and second.outcome is not None
        assert stored_facts(second.outcome) == Facts((1, 1), (1,), ())
        assert verdicts == {
            1: (Verdict.FORFEIT_LOSS, Verdict.FORFEIT_WIN), 2: (Verdict.WIN, Verdict.LOSS),
            3: (Verdict.NOT_PLAYED,) * 2, 4: (Verdict.DRAW,) * 2, 5: (Verdict.DRAW,) * 2,
            6: (Verdict.NOT_PLAYED,) * 2}
    finally:
        await store.close()


async def test_tournament_matches_from_before_gain_their_line_0(tmp_path: Path) -> None:
    """Migration 15: a tournament match with a committed seed started without a line 0 (its seats were the
    pairing's) gets `seats fixed`, which the dice check requires; other matches are left as they are."""
    path = tmp_path / "v12.sqlite3"  # from before 13 and 14 too: every step runs in order up to it
    with sqlite3.connect(path) as conn:
        for steps in MIGRATIONS[:12]:
            for step in steps:
                conn.execute(sql_for(step, "sqlite"))  # type: ignore[arg-type]
        for match_id, status, commitment in ((1, "finished", "c0de"), (2, "active", "c0de"), (3, "finished", None),
                                             (4, "finished", "c0de")):
            conn.execute("INSERT INTO matches (id, game, channel_id, creator_id, status, players, version, "
                         "created_at, updated_at, commitment) VALUES (?, 'sinoda', 1, 2, ?, 2, 0, 5.0, 5.0, ?)",
                         (match_id, status, commitment))
        conn.execute("INSERT INTO tournaments (id, channel_id, organiser_id, game, format, players, status, "
                     "created_at, updated_at) VALUES (1, 1, 2, 'sinoda', 'swiss', 2, 'running', 1.0, 1.0)")
        for board, match_id in ((1, 1), (2, 2), (3, 3)):  # match 4 is no tournament match: its seats were drawn
            conn.execute("INSERT INTO tournament_games (tournament_id, round, board, entrants, match_id) "
                         "VALUES (1, 1, ?, '[1, 2]', ?)", (board, match_id))
        conn.execute("PRAGMA user_version=12")
    conn.close()
    store = await Store.open(path)
    try:
        lines = {m: [(e.n, e.seat, e.user_id, e.text) for e in await store.log(m, with_seat_draw=True)]
                 for m in (1, 2, 3, 4)}
        assert lines == {1: [(0, None, None, "seats fixed")], 2: [(0, None, None, "seats fixed")], 3: [], 4: []}
    finally:
        await store.close()


async def test_two_processes_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 4
        row = await stores[0].db.fetchone("SELECT COUNT(*) FROM schema_version")
        assert row is not None and row[0] == 1
    finally:
        for store in stores:
            await store.close()
