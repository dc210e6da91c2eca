"""Tournament persistence (`store.tournaments`): events, sign-ups, entrants, and every round's tables and results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.sql import Database


@dataclass(frozen=True)
class TournamentRecord:
    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    organiser_id: int
    game: str
    format: str  # tournament_rules.FORMATS
    players: int  # seats per match
    options: dict[str, str]
    time_control: int | None
    timeout_rule: str
    rounds: int | None  # None: the format's default
    max_players: int | None
    signup_closes: float | None
    rated: bool
    teams: str  # "none" | "random": fixed teams drawn at random when the event starts
    status: str  # signup | running | paused | finished | cancelled
    round: int  # the round being played (0 before the start)
    settings: dict[str, Any]  # bye points, placement points …
    created_at: float
    updated_at: float
    round_started: float | None = None  # when the current round was paired
    round_notices: int = 0  # the round's notices sent: 1 its halfway reminder, 2 its deadline's


@dataclass(frozen=True)
class EntrantRecord:
    tournament_id: int
    entrant: int  # 1-based within the event
    seed: int  # 0-based sign-up order
    members: tuple[int, ...]  # user ids (one for a player, the team's seats in order for a team)
    rating: float
    dropped_after: int | None


@dataclass(frozen=True)
class TableRecord:
    """One table of one round: its entrants in seat order, its match, its result once known."""

    tournament_id: int
    round: int
    board: int  # 1-based; byes come after the tables
    entrants: tuple[int, ...]
    match_id: int | None
    points: tuple[float, ...] | None
    places: tuple[int, ...] | None
    played: bool
    note: str  # e.g. "adjudicated by ada"


_T_COLUMNS = ("id, guild_id, channel_id, message_id, organiser_id, game, format, players, options, time_control, "
              "timeout_rule, rounds, max_players, signup_closes, rated, teams, status, round, settings, created_at, "
              "updated_at")
_G_COLUMNS = "tournament_id, round, board, entrants, match_id, points, places, played, note"


_T_READ = _T_COLUMNS + ", round_started, round_notices"  # migration 14's columns are not written at creation


def _tournament(row: Sequence[Any]) -> TournamentRecord:
    return TournamentRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], json.loads(row[8]),
                            row[9], row[10], row[11], row[12], row[13], bool(row[14]), row[15], row[16], row[17],
                            json.loads(row[18]), row[19], row[20], row[21], row[22])


def _table(row: Sequence[Any]) -> TableRecord:
    return TableRecord(row[0], row[1], row[2], tuple(json.loads(row[3])), row[4],
                       tuple(json.loads(row[5])) if row[5] is not None else None,
                       tuple(json.loads(row[6])) if row[6] is not None else None, bool(row[7]), row[8] or "")


class Tournaments:
    """Tournaments and who may organise them, on the store's database.

    A round's tables are written in one transaction with the event's round number (a compare-and-set), so a round is
    paired once even when its last two matches end together; matches are linked to their table afterwards.
    """

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create_tournament(self, *, guild_id: int | None, channel_id: int, organiser_id: int, game: str,
                                format: str, players: int, options: dict[str, str], time_control: int | None,
                                timeout_rule: str, rounds: int | None, max_players: int | None,
                                signup_closes: float | None, rated: bool, teams: str, settings: dict[str, Any],
                                now: float) -> TournamentRecord:
        tid = await self._db.insert(
            f"INSERT INTO tournaments ({_T_COLUMNS.split(', ', 1)[1]}) "
            "VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?)",
            (guild_id, channel_id, organiser_id, game, format, players, json.dumps(options, sort_keys=True),
             time_control, timeout_rule, rounds, max_players, signup_closes, int(rated), teams,
             json.dumps(settings, sort_keys=True), now, now))
        record = await self.get_tournament(tid)
        assert record is not None
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._db.fetchone(f"SELECT {_T_READ} FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def tournaments(self, *, guild_id: int | None = None,
                          statuses: Sequence[str] | None = None) -> list[TournamentRecord]:
        """Events, newest first: of one server (or all), in some states (or all)."""
        if statuses is not None and not statuses:
            return []  # `IN ()` is SQLite's only
        where, params = ["1 = 1"], list[Any]()
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params += list(statuses)
        rows = await self._db.fetchall(f"SELECT {_T_READ} FROM tournaments WHERE {' AND '.join(where)} "
                                       "ORDER BY id DESC", params)
        return [_tournament(r) for r in rows]

    async def update_tournament(self, tournament_id: int, *, expected_status: str | None = None,
                                expected_settings: dict[str, Any] | None = None, **fields: Any) -> bool:
        """Set fields; with `expected_status` / `expected_settings` a compare-and-set (False: changed meanwhile, e.g.
        a check-in written by another process, and nothing is written)."""
        allowed = {"status", "message_id", "updated_at", "channel_id", "settings"}
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"not updatable here: {', '.join(sorted(unknown))}")
        if "settings" in fields:
            fields["settings"] = json.dumps(fields["settings"], sort_keys=True)
        sets = ", ".join(f"{k} = ?" for k in fields)
        where, params = "id = ?", list[Any]([tournament_id])
        if expected_status is not None:
            where, params = where + " AND status = ?", [*params, expected_status]
        if expected_settings is not None:  # stored as written here: JSON with sorted keys
            where, params = where + " AND settings = ?", [*params, json.dumps(expected_settings, sort_keys=True)]
        return await self._db.execute(f"UPDATE tournaments SET {sets} WHERE {where}",
                                      (*fields.values(), *params)) > 0

    # ---- sign-ups ----------------------------------------------------------------------------------------------
    async def signups(self, tournament_id: int) -> list[int]:
        rows = await self._db.fetchall("SELECT user_id FROM tournament_players WHERE tournament_id = ? ORDER BY seq",
                                       (tournament_id,))
        return [r[0] for r in rows]

    async def add_signup(self, tournament_id: int, user_id: int, now: float, limit: int | None) -> bool:
        """Sign a player up while the event takes sign-ups and has room; False if it did not happen."""
        async with self._db.transaction() as tx:
            await tx.lock_row("tournaments", tournament_id)  # PostgreSQL: sign-ups take turns, so the limit holds
            row = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            counted = await tx.fetchone("SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id = ? THEN 1 ELSE 0 END), 0) "
                                        "FROM tournament_players WHERE tournament_id = ?", (user_id, tournament_id))
            count, there = (counted[0], counted[1]) if counted else (0, 0)
            if row is None or row[0] != "signup" or there or (limit is not None and count >= limit):
                return False
            await tx.execute("INSERT INTO tournament_players (tournament_id, user_id, seq, joined_at) "
                             "VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_players "
                             "WHERE tournament_id = ?), ?)", (tournament_id, user_id, tournament_id, now))
        return True

    async def remove_signup(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the sign-ups while the event takes sign-ups; False if it did not happen. The event's
        row is locked first, like `add_signup` and `start_tournament`: a Leave is either before the Start (not an
        entrant) or after it (refused), across processes too."""
        async with self._db.transaction() as tx:
            await tx.lock_row("tournaments", tournament_id)
            row = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None or row[0] != "signup":
                return False
            return await tx.execute("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                                    (tournament_id, user_id)) > 0

    async def ratings_for(self, game: str, user_ids: Sequence[int]) -> dict[int, float]:
        """μ − 3σ per player who has a rating in `game` (seeding); empty where ratings are not stored."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(f"SELECT user_id, mu - 3 * sigma FROM ratings WHERE game = ? AND "
                                       f"user_id IN ({marks})", (game, *user_ids))
        return {r[0]: float(r[1]) for r in rows}

    # ---- the start, entrants, drops ----------------------------------------------------------------------------
    async def start_tournament(self, tournament_id: int, entrants: Sequence[tuple[int, tuple[int, ...], float]],
                               now: float, *, signups: Sequence[int] | None = None,
                               settings: dict[str, Any] | None = None) -> bool:
        """Fix the entrants ((seed, members, rating) in entrant order) and set the event running; False if it
        had already started or closed (compare-and-set on the status), or if the sign-ups (in order) or the
        settings (check-ins, teams) are no longer `signups` / `settings`, what the entrants were made from: a Join
        or a Leave committed meanwhile, by another process too, is never lost (the caller reads them again)."""
        async with self._db.transaction() as tx:
            await tx.lock_row("tournaments", tournament_id)  # sign-up changes take this lock too (add_signup …)
            if signups is not None or settings is not None:
                row = await tx.fetchone("SELECT settings FROM tournaments WHERE id = ?", (tournament_id,))
                now_signed = [r[0] for r in await tx.fetchall(
                    "SELECT user_id FROM tournament_players WHERE tournament_id = ? ORDER BY seq", (tournament_id,))]
                if row is None or (signups is not None and now_signed != list(signups)) or (
                        settings is not None and json.loads(row[0]) != settings):
                    return False
            if await tx.execute("UPDATE tournaments SET status = 'running', updated_at = ? "
                                "WHERE id = ? AND status = 'signup'", (now, tournament_id)) != 1:
                return False
            await tx.executemany(
                "INSERT INTO tournament_entrants (tournament_id, entrant, seed, members, rating) "
                "VALUES (?, ?, ?, ?, ?)",
                [(tournament_id, i + 1, seed, json.dumps(list(members)), rating)
                 for i, (seed, members, rating) in enumerate(entrants)])
        return True

    async def entrants(self, tournament_id: int) -> list[EntrantRecord]:
        rows = await self._db.fetchall(
            "SELECT tournament_id, entrant, seed, members, rating, dropped_after FROM tournament_entrants "
            "WHERE tournament_id = ? ORDER BY entrant", (tournament_id,))
        return [EntrantRecord(r[0], r[1], r[2], tuple(json.loads(r[3])), r[4], r[5]) for r in rows]

    async def drop_entrant(self, tournament_id: int, entrant: int) -> int | None:
        """The entrant leaves a running (or paused) event after the round being played now, read under the event's
        row lock, which pairing (`add_round`) takes too: a drop is either before a pairing (which then cannot
        include them) or after it (they left after the new round, whose match the caller resigns). The round
        recorded, or None if they had left already or the event is not running."""
        async with self._db.transaction() as tx:
            await tx.lock_row("tournaments", tournament_id)
            row = await tx.fetchone("SELECT status, round FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None or row[0] not in ("running", "paused"):
                return None
            changed = await tx.execute("UPDATE tournament_entrants SET dropped_after = ? WHERE tournament_id = ? "
                                       "AND entrant = ? AND dropped_after IS NULL", (row[1], tournament_id, entrant))
            return int(row[1]) if changed else None

    # ---- rounds and results ------------------------------------------------------------------------------------
    async def add_round(self, tournament_id: int, round_no: int,
                        tables: Sequence[tuple[tuple[int, ...], tuple[float, ...] | None, bool]], now: float) -> bool:
        """Write round `round_no`'s tables ((entrants, points or None, played)); False if the event is not at
        round `round_no - 1` and running any more (someone paired it first, or it was paused or cancelled), or if
        an entrant of these tables has dropped since they were paired (`drop_entrant` takes the same lock): the
        caller reads the entrants again."""
        async with self._db.transaction() as tx:
            await tx.lock_row("tournaments", tournament_id)
            seated = sorted({e for entrants, _, _ in tables for e in entrants})
            if seated:
                gone = await tx.fetchone(
                    f"SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ? AND dropped_after IS NOT NULL "
                    f"AND entrant IN ({','.join('?' * len(seated))})", (tournament_id, *seated))
                if gone is not None and gone[0]:
                    return False
            if await tx.execute("UPDATE tournaments SET round = ?, updated_at = ?, round_started = ?, "
                                "round_notices = 0 WHERE id = ? AND round = ? AND status = 'running'",
                                (round_no, now, now, tournament_id, round_no - 1)) != 1:
                return False
            await tx.executemany(
                f"INSERT INTO tournament_games ({_G_COLUMNS}) VALUES (?, ?, ?, ?, NULL, ?, NULL, ?, '')",
                [(tournament_id, round_no, i + 1, json.dumps(list(entrants)),
                  json.dumps(list(points)) if points is not None else None, int(played))
                 for i, (entrants, points, played) in enumerate(tables)])
        return True

    async def claim_round_notice(self, tournament_id: int, round_no: int, level: int) -> bool:
        """Record that round `round_no`'s notice `level` (1 halfway, 2 deadline) is being sent; False if it was
        (by this or another process) or the event has moved on: a compare-and-set, so each goes out once."""
        return await self._db.execute("UPDATE tournaments SET round_notices = ? WHERE id = ? AND round = ? AND "
                                      "round_notices < ? AND status = 'running'",
                                      (level, tournament_id, round_no, level)) > 0

    async def tables(self, tournament_id: int, round_no: int | None = None) -> list[TableRecord]:
        sql = f"SELECT {_G_COLUMNS} FROM tournament_games WHERE tournament_id = ?"
        params: list[Any] = [tournament_id]
        if round_no is not None:
            sql, params = sql + " AND round = ?", [*params, round_no]
        return [_table(r) for r in await self._db.fetchall(sql + " ORDER BY round, board", params)]

    async def table_of_match(self, match_id: int) -> TableRecord | None:
        row = await self._db.fetchone(f"SELECT {_G_COLUMNS} FROM tournament_games WHERE match_id = ?", (match_id,))
        return _table(row) if row else None

    async def link_match(self, tournament_id: int, round_no: int, board: int, match_id: int) -> bool:
        return await self._db.execute("UPDATE tournament_games SET match_id = ? WHERE tournament_id = ? AND round = ? "
                                      "AND board = ? AND match_id IS NULL",
                                      (match_id, tournament_id, round_no, board)) > 0

    async def unstarted_boards(self, tournament_id: int, round_no: int) -> set[int]:
        """The boards of a round without a result whose match is not made or not started (what a crash or an outage
        in the middle of a pairing leaves)."""
        rows = await self._db.fetchall(
            "SELECT g.board FROM tournament_games g LEFT JOIN matches m ON m.id = g.match_id WHERE g.tournament_id = ? "
            "AND g.round = ? AND g.points IS NULL AND (g.match_id IS NULL OR m.status = 'lobby')",
            (tournament_id, round_no))
        return {int(r[0]) for r in rows}

    async def set_result(self, tournament_id: int, round_no: int, board: int, *, points: Sequence[float],
                         places: Sequence[int] | None, played: bool, note: str = "",
                         overwrite: bool = False) -> bool:
        """Record a table's result once (False if it already has one), or with `overwrite` (an adjudication)."""
        return await self._db.execute(
            "UPDATE tournament_games SET points = ?, places = ?, played = ?, note = ? WHERE tournament_id = ? AND "
            "round = ? AND board = ?" + ("" if overwrite else " AND points IS NULL"),
            (json.dumps(list(points)), json.dumps(list(places)) if places is not None else None, int(played), note,
             tournament_id, round_no, board)) > 0

    # ---- who may organise ----------------------------------------------------------------------------------------
    async def organiser_role(self, guild_id: int) -> int | None:
        row = await self._db.fetchone("SELECT role_id FROM tournament_organisers WHERE guild_id = ?", (guild_id,))
        return int(row[0]) if row else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        if role_id is None:
            await self._db.execute("DELETE FROM tournament_organisers WHERE guild_id = ?", (guild_id,))
        else:
            await self._db.execute("INSERT INTO tournament_organisers (guild_id, role_id) VALUES (?, ?) "
                              "ON CONFLICT(guild_id) DO UPDATE SET role_id = excluded.role_id", (guild_id, role_id))

    async def finished_tournaments_of(self, user_id: int, limit: int) -> list[int]:
        """Finished events the user played in (as a player or a team member), newest first."""
        member = ("EXISTS (SELECT 1 FROM json_each(e.members) WHERE value = ?)" if self._db.dialect == "sqlite"
                  else "e.members::jsonb @> jsonb_build_array(?::bigint)")  # members: a JSON list of user ids
        rows = await self._db.fetchall(
            "SELECT DISTINCT t.id FROM tournaments t JOIN tournament_entrants e ON e.tournament_id = t.id "
            f"WHERE t.status = 'finished' AND {member} ORDER BY t.id DESC LIMIT ?", (user_id, limit))
        return [r[0] for r in rows]

    async def unstarted_overdue(self) -> list[int]:
        """Running tournament matches out of time (waiting for a claim) in which no player has acted."""
        # From the partial index tournament_games_unplayed (migration 9; CROSS JOIN keeps SQLite's loops in this
        # order): the scheduler asks this every few seconds, and neither every open match nor every game ever
        # played is read.
        rows = await self._db.fetchall(
                "SELECT m.id FROM tournament_games g CROSS JOIN matches m "
                "WHERE m.id = g.match_id AND g.points IS NULL AND m.status = 'active' AND m.overdue = 1 "
                "AND (SELECT t.status FROM tournaments t WHERE t.id = g.tournament_id) IN ('running', 'paused') "
                "AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.match_id = m.id AND a.user_id IS NOT NULL) "
                "ORDER BY m.id")
        return [r[0] for r in rows]
