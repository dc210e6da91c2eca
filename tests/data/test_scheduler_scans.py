"""What the scheduler asks every few seconds reads only what is due, through partial indexes, at 100,000 open
matches on both backends: each statement's plan (EXPLAIN) is checked for a scan of every open match."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from data import Store
from data.sql import Row

OPEN = 100_000  # open matches: lobbies, matches with and without a clock, computer matches
NOW = 1_000_000.0
# The partial indexes the scheduler's statements may read matches through (only rows with something to wait for);
# besides them only point lookups by a primary or unique key.
PARTIAL = {"matches_lobby_expiry", "matches_due_deadline", "matches_due_half", "matches_due_late",
           "matches_computer_turn", "tournament_games_unplayed"}
KEYS = {"matches_pkey", "tournament_games_match_id_key", "sqlite_autoindex_tournament_games_1"}
PLAYED = 20_000  # tournament games already played (their points recorded), of the first open matches


async def fill(store: Store, computer_turn: bool = True) -> dict[str, list[int]]:
    """OPEN open matches, nearly all with nothing due now, in one statement; then a few that are due, made through
    the store's own API. Returns the ids of the due ones by what is due. Without `computer_turn`: on the schema
    before migration 9 (bench/scans.py compares)."""
    db = store.db
    numbers = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT i FROM n"
               if db.dialect == "sqlite" else "SELECT i FROM generate_series(1, ?::int) AS n(i)")
    # Kinds by i % 10: 0-1 lobbies expiring tomorrow; 2-6 a clock with a deadline in a day (reminders 0, 1 or 2);
    # 7 no clock; 8 waiting for a claim in a match outside any tournament; 9 a computer's turn begun just now.
    day = NOW + 86400  # literals, not parameters: PostgreSQL cannot type a parameter inside CASE
    await db.execute(
        "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, players, options, version, created_at, "
        "updated_at, time_control, timeout_rule, turn_started, deadline, reminders, overdue, expires_at"
        f"{', computer_turn' if computer_turn else ''}) "
        f"SELECT 'cintos', 1, 2, 3, CASE WHEN i % 10 < 2 THEN 'lobby' ELSE 'active' END, 2, '{{}}', 0, {NOW}, "
        f"{NOW}, 86400, 'claim', CASE WHEN i % 10 < 2 THEN NULL ELSE {NOW} END, "
        f"CASE WHEN i % 10 BETWEEN 2 AND 6 THEN {day} + i % 1000 END, "
        "CASE WHEN i % 10 BETWEEN 2 AND 6 THEN i % 3 ELSE 0 END, CASE WHEN i % 10 = 8 THEN 1 ELSE 0 END, "
        f"CASE WHEN i % 10 < 2 THEN {day} + i % 1000 END"
        f"{', CASE WHEN i % 10 = 9 THEN 1 ELSE 0 END' if computer_turn else ''} "
        f"FROM ({numbers}) AS numbers", (OPEN,))
    tournament = await store.tournaments.create_tournament(guild_id=1, channel_id=2, organiser_id=3, game="cintos",
                                                           format="swiss", players=2, options={}, time_control=None,
                                                           timeout_rule="claim", rounds=3, max_players=None,
                                                           signup_closes=None, rated=False, teams="none", settings={},
                                                           now=NOW)
    await db.execute("INSERT INTO tournament_games (tournament_id, round, board, entrants, match_id, points) "
                     f"SELECT ?, 1, i, '[]', i, '[1, 0]' FROM ({numbers}) AS numbers",
                     (tournament.id, PLAYED))
    due: dict[str, list[int]] = {}
    for kind, status, started, deadline, expires in (("expire", "lobby", None, None, NOW - 1),
                                                     ("timeout", "active", NOW - 200, NOW - 5, None),
                                                     ("remind", "active", NOW - 190, NOW + 10, None)):  # at 95 %
        due[kind] = [await db.insert(
            "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, players, options, version, "
            "created_at, updated_at, time_control, timeout_rule, turn_started, deadline, expires_at) "
            "VALUES ('cintos', 1, 2, 3, ?, 2, '{}', 0, ?, ?, 200, 'claim', ?, ?, ?)",
            (status, NOW - 300, NOW - 300, started, deadline, expires))]
    await db.execute("ANALYZE")  # as autovacuum would have by now: the planner knows the table's size
    return due


class Recorded:
    """Every read statement the store runs through its database, with its parameters."""

    def __init__(self, store: Store) -> None:
        self.statements: list[tuple[str, Sequence[Any]]] = []
        db = store.db
        fetchone, fetchall = db.fetchone, db.fetchall

        async def one(sql: str, params: Sequence[Any] = ()) -> Row | None:
            self.statements.append((sql, params))
            return await fetchone(sql, params)

        async def many(sql: str, params: Sequence[Any] = ()) -> list[Row]:
            self.statements.append((sql, params))
            return await fetchall(sql, params)

        db.fetchone, db.fetchall = one, many  # type: ignore[method-assign]
        self._put_back = (db, fetchone, fetchall)

    def restore(self) -> None:
        db, fetchone, fetchall = self._put_back
        db.fetchone, db.fetchall = fetchone, fetchall  # type: ignore[method-assign]


async def plan(store: Store, sql: str, params: Sequence[Any]) -> list[str]:
    db = store.db
    if db.dialect == "sqlite":
        return [str(row[3]) for row in await db.fetchall("EXPLAIN QUERY PLAN " + sql, params)]
    return [str(row[0]) for row in await db.fetchall("EXPLAIN " + sql, params)]


def whole_scans(lines: list[str], dialect: str) -> list[str]:
    """Plan lines that read the matches or the tournament games whole, or through an index that is neither partial
    (PARTIAL) nor a key looked up by value (KEYS)."""
    bad = []
    for n, line in enumerate(lines):
        if dialect == "sqlite":
            found = re.match(r"\s*(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?", line)
            if found is None or found.group(2) not in ("matches", "m", "tournament_games", "g"):
                continue
            kind, index = found.group(1), found.group(3)
            if "INTEGER PRIMARY KEY" in line or index in PARTIAL or (kind == "SEARCH" and index in KEYS):
                continue
            bad.append(line)
        else:
            if re.search(r"Seq Scan on (matches|tournament_games)", line):
                bad.append(line)
            found = re.search(r"(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)", line)
            if found is None or not found.group(1).startswith(("matches", "tournament_games")):
                continue
            looked_up = n + 1 < len(lines) and "Index Cond" in lines[n + 1]  # else the whole index, in order
            if found.group(1) not in PARTIAL and not (found.group(1) in KEYS and looked_up):
                bad.append(line)
    return bad


async def test_the_scheduler_reads_only_what_is_due_at_100k_open_matches(store: Store) -> None:
    due = await fill(store)
    recorded = Recorded(store)
    try:
        found = await store.due_matches(NOW)
        upcoming = await store.next_due()
        computers = await store.computer_matches(begun_before=NOW - 60)
        unstarted = await store.tournaments.unstarted_overdue()
    finally:
        recorded.restore()
    # The answers are right with the new statements ...
    assert sorted(m.id for m in found) == sorted(due["expire"] + due["timeout"] + due["remind"])
    assert upcoming is not None and upcoming <= NOW
    assert computers == [] and unstarted == []
    # ... and no statement read every open match.
    assert len(recorded.statements) >= 4
    for sql, params in recorded.statements:
        lines = await plan(store, sql, params)
        assert not whole_scans(lines, store.backend), "\n".join([sql, *lines])
