"""The store's core over SQLite (a file) or PostgreSQL (a URL): opening and migrating, matches, seats, the action
log and leases; users, ratings, tournaments and web links are its collaborators (`store.users`, ...)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import aiosqlite

from data.analyses import Analyses
from data.changes import MatchChanges
from data.health import StoreUnavailable, missing_grant, store_problem
from data.lessons import Lessons
from data.match_rows import MATCH_COLUMNS, match_columns, match_record, read_match, read_seats
from data.migrations import migrate
from data.privacy import Privacy
from data.ratings import Ratings
from data.records import GuildSettings, Lease, LogEntry, MatchRecord, NotifyPreference, SeatRecord, UserRecord
from data.sql import Database, Fenced, SqliteDatabase, UniqueViolation
from data.takebacks import Takebacks
from data.tournaments import Tournaments
from data.urls import DEFAULT_POOL_SIZE, is_url, redact
from data.users import Users
from data.vacations import Vacations
from data.web import WebLinks

log = logging.getLogger(__name__)


__all__ = ["Appended", "Duplicate", "Fenced", "GuildSettings", "Lease", "LogEntry", "MatchRecord", "NotifyPreference",
           "SeatRecord", "StaleWrite", "Store", "UserRecord"]


class StaleWrite(RuntimeError):
    """Someone else appended to this match's log first; the caller must reload and retry."""


class Duplicate(RuntimeError):
    """A unique key is already taken: this was done before (an action's idempotency key, a match's rematch)."""


# The scheduler's questions, written exactly as the partial indexes of migration 9 (an expression index is used only
# for the very same expression): lobbies, matches on a clock, the half and the 90 % reminder times.
_LOBBY = "status = 'lobby'"
_CLOCKED = "status = 'active' AND overdue = 0 AND deadline IS NOT NULL"
_HALF = "(turn_started + (deadline - turn_started) * 0.5)"
_LATE = "(turn_started + (deadline - turn_started) * 0.9)"
# A clock a vacation paused (a pause at the match's current version: data/vacations.py) waits: no reminder, no timeout.
_RUNNING = "NOT EXISTS (SELECT 1 FROM match_pauses p WHERE p.match_id = matches.id AND p.version = matches.version)"


# A move: the match's new version, snapshot and clock, a compare-and-set on the version and the status it was
# computed from (an abort or an agreed draw changes only the status).
_MOVE = ("UPDATE matches SET version = ?, state = ?, status = ?, outcome = ?, updated_at = ?, turn_started = ?, "
         "deadline = ?, reminders = 0, overdue = 0, expires_at = NULL, draw_offer = NULL, seed = COALESCE(?, seed), "
         "commitment = COALESCE(?, commitment), computer_turn = ?, revision = revision + 1 "
         "WHERE id = ? AND version = ? AND status = ?")
# PostgreSQL: the move and its log lines in one statement (one round trip); no row back when the compare-and-set
# failed. The lines come as five arrays: n, seat, user id, text, key.
_APPEND_ONE_STATEMENT = (
    f"WITH moved AS ({_MOVE} RETURNING revision), logged AS ("
    "INSERT INTO actions (match_id, n, seat, user_id, text, created_at, key) "
    "SELECT ?, line.n, line.seat, line.user_id, line.text, ?, line.key FROM moved, "
    "unnest(?::int[], ?::int[], ?::bigint[], ?::text[], ?::text[]) AS line (n, seat, user_id, text, key)) "
    "SELECT revision FROM moved")
# A move that passes the turn to players on vacation pauses its clock in the same commit (data/vacations.py): a pause
# row at the new version for each of the users to move (the last `?`) whose vacation runs. Inside the move's
# transaction, or as one more part of the one statement, so no crash between the two can leave that turn running.
_PAUSE = ("INSERT INTO match_pauses (match_id, user_id, version, since) SELECT ?, v.user_id, ?, ? FROM vacations v "
          "WHERE v.ended_at IS NULL AND v.user_id IN ({users}) ON CONFLICT (match_id, user_id) DO UPDATE "
          "SET version = excluded.version, since = excluded.since WHERE match_pauses.version <> excluded.version")
_PAUSE_PART = _PAUSE.replace("FROM vacations v", "FROM moved, vacations v").format(users="SELECT unnest(?::bigint[])")
_APPEND_PAUSE_ONE_STATEMENT = _APPEND_ONE_STATEMENT.replace(
    "SELECT revision FROM moved", f", paused AS ({_PAUSE_PART}) SELECT revision FROM moved")


class Appended(NamedTuple):
    """What `Store.append` wrote: the match's new version (log length) and revision."""

    version: int
    revision: int


class Store:
    """Persistence for the match service. Open with `await Store.open(path or URL)`; one instance per process.

    The core (matches, seats, the log, leases) is here; the rest are collaborators on the same database: `users`
    (names, notice preferences, server settings), `ratings`, `tournaments`, `web` (link tokens, page reads) and
    `changes` (who hears that a match changed, told by the core after each commit).
    """

    def __init__(self, db: Database) -> None:
        self.db = db  # the database handle: its transactions, and raw SQL for tests and tools
        self.changes = MatchChanges(db)
        self.users = Users(db)
        self.ratings = Ratings(db)
        self.tournaments = Tournaments(db)
        self.web = WebLinks(db)
        self.privacy = Privacy(db)  # a person's own data: show, export, forget (data/privacy.py)
        self.lessons = Lessons(db)  # each user's finished lessons (lessons/, /learn)
        self.vacations = Vacations(db)  # vacations and the match clocks they pause (matches/vacation.py)
        self.analyses = Analyses(db)  # computer analyses of finished matches (reviews/)
        self.takebacks = Takebacks(db)  # casual matches' takeback requests (matches/takebacks.py)

    @property
    def backend(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.db.dialect

    @property
    def shared(self) -> bool:
        """Whether other processes may write the same matches (PostgreSQL): in-memory copies must be checked
        (`revision`). A SQLite file has one owner, this process."""
        return self.db.dialect != "sqlite"

    @property
    def conn(self) -> aiosqlite.Connection:
        """The SQLite connection itself, for tests that damage the database on purpose."""
        if not isinstance(self.db, SqliteDatabase):
            raise AttributeError("only a SQLite store has one connection")
        return self.db.connection

    @classmethod
    async def open(cls, target: str | Path, *, init_empty: bool = False,
                   pool_size: int = DEFAULT_POOL_SIZE) -> Store:
        """Connect, check and migrate; `StoreUnavailable` (naming the file or the URL without its password, and the
        problem) if the database is unusable.

        A SQLite file that is not a database, is damaged (PRAGMA quick_check), cannot be written, or is empty
        (0 bytes, unless `init_empty`) is refused, and the connection is closed again: its thread would keep the
        process alive. A `postgresql://` URL opens a pool of `pool_size` connections (DATABASE_POOL_SIZE).
        """
        name = str(target)
        url = is_url(name)
        shown = redact(name) if url else name
        db: Database | None = None
        try:
            if url:
                try:  # asyncpg is the `postgres` extra: a SQLite-only install has no PostgreSQL driver
                    from data.postgres import PostgresDatabase
                except ImportError:
                    raise StoreUnavailable(shown, "PostgreSQL support is not installed (pip install -e "
                                                  "'.[postgres]', or use ./run.sh after adding it)") from None
                db = await PostgresDatabase.connect(name, pool_size=pool_size)
            else:
                db = await SqliteDatabase.connect(name, init_empty=init_empty)
            store = cls(db)
            await migrate(db)
            # A real write: permissions can look right and writing still fail (read-only mount or replica, a lock).
            version = await db.schema_version()
            async with db.transaction() as tx:
                await tx.set_schema_version(version)
            if isinstance(db, SqliteDatabase):
                db.watch_file(name)
        except BaseException as error:
            if db is not None:
                await db.close()
            if url:
                parts = urlsplit(name)
                grant = missing_grant(error, parts.username or "<the bot's role>", parts.path.strip("/") or "postgres")
                if grant is not None:
                    raise StoreUnavailable(shown, grant) from None
            problem = store_problem(error)
            if problem is None or isinstance(error, StoreUnavailable):
                raise
            raise StoreUnavailable(shown, f"{problem} ({error})") from error
        return store

    async def close(self) -> None:
        """Close the connections; on PostgreSQL this also gives up every leadership held."""
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    # ---- leadership (one process of several does a job: the scheduler's sweeps ...) -------------------------------
    async def lead(self, name: str, ttl: float) -> Lease | None:
        """This process's lease on the leadership `name` for `ttl` more seconds, taken or renewed; None while
        another process holds it. PostgreSQL: a row with an expiry time in the database's clock, so a holder that
        stops renewing (dead, frozen, cut off: its connections may stay open) loses it once it lapses, and the next
        holder gets a higher epoch. Writes fenced with a lease (`fence=`) are refused once another holds it. SQLite:
        always held (one process owns the file)."""
        return await self.db.lead(name, ttl)

    async def resign_lead(self, name: str) -> None:
        """Give up the lease `name` now (nothing if not held): another process takes it at its next ask."""
        await self.db.resign_lead(name)

    async def _fenced_execute(self, sql: str, params: Sequence[Any], fence: Lease | None) -> int:
        """One write; with `fence`, in a transaction that first checks the lease is still held (`Fenced` if not)."""
        if fence is None or not self.shared:
            return await self.db.execute(sql, params)
        async with self.db.transaction() as tx:
            await tx.check_lease(fence)
            return await tx.execute(sql, params)

    @property
    def round_trips(self) -> int:
        """Statements, BEGINs and COMMITs this store sent to PostgreSQL so far (0 on SQLite: no network)."""
        return int(getattr(self.db, "round_trips", 0))

    async def revision_and_key(self, match_id: int, key: str | None) -> tuple[int | None, int | None]:
        """One read before a request on a shared store: the match's revision (None: no such match) and the log line
        a request with idempotency `key` made in it (None: not applied, or no key)."""
        row = await self.db.fetchone("SELECT revision, (SELECT n FROM actions WHERE match_id = ? AND key = ?) "
                                      "FROM matches WHERE id = ?", (match_id, key, match_id))
        return (None, None) if row is None else (int(row[0]), None if row[1] is None else int(row[1]))

    async def revision(self, match_id: int) -> int | None:
        """The match's revision (None: no such match): one primary-key read, to check an in-memory copy."""
        row = await self.db.fetchone("SELECT revision FROM matches WHERE id = ?", (match_id,))
        return None if row is None else int(row[0])

    # ---- matches --------------------------------------------------------------------------------------------
    async def create_match(self, *, game: str, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                           options: dict[str, str], now: float, time_control: int = 0, timeout_rule: str = "claim",
                           expires_at: float | None = None, rematch_of: int | None = None,
                           rated: bool = False, table: tuple[int, int, int] | None = None) -> MatchRecord:
        """A new lobby; `Duplicate` if `rematch_of` already has its rematch (a UNIQUE index decides races).

        `table` (tournament, round, board): the match is that tournament table's, linked to it in the same
        transaction, so no crash leaves a match that counts in no round; `Duplicate` (and no match) if the table
        has its match already (another process, or one made before a restart: adopt that one).
        """
        sql = ("INSERT INTO matches (game, guild_id, channel_id, creator_id, status, players, options, version, "
               "created_at, updated_at, time_control, timeout_rule, expires_at, rematch_of, rated) "
               "VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)")
        params = (game, guild_id, channel_id, creator_id, players, json.dumps(options, sort_keys=True), now, now,
                  time_control, timeout_rule, expires_at, rematch_of, int(rated))
        try:
            if table is None:
                match_id = await self.db.insert(sql, params)
            else:
                async with self.db.transaction() as tx:
                    match_id = await tx.insert(sql, params)
                    if not await tx.execute("UPDATE tournament_games SET match_id = ? WHERE tournament_id = ? AND "
                                            "round = ? AND board = ? AND match_id IS NULL", (match_id, *table)):
                        raise Duplicate(f"table {table} already has its match")  # rolls the new match back
        except UniqueViolation as exc:
            raise Duplicate(f"match {rematch_of} already has a rematch") from exc
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def load_match(self, match_id: int) -> tuple[MatchRecord, list[SeatRecord]] | None:
        """The match and its seats in one read (one round trip): a row per seat, the match's columns on each."""
        rows = await self.db.fetchall(
            f"SELECT {match_columns('m')}, s.seat, s.user_id, s.invited, "
            "s.joined FROM matches m LEFT JOIN seats s ON s.match_id = m.id WHERE m.id = ? ORDER BY s.seat",
            (match_id,))
        if not rows:
            return None
        width = len(MATCH_COLUMNS.split(","))
        seats = [SeatRecord(match_id, r[width], r[width + 1], bool(r[width + 2]), bool(r[width + 3]))
                 for r in rows if r[width] is not None]
        return match_record(rows[0]), seats

    async def get_match(self, match_id: int) -> MatchRecord | None:
        return await read_match(self.db, match_id)

    async def set_message(self, match_id: int, channel_id: int, message_id: int) -> int | None:
        """Where the match's newest message is; returns the match's new revision (None: no such match)."""
        row = await self.db.write_returning("UPDATE matches SET channel_id = ?, message_id = ?, "
                                             "revision = revision + 1 WHERE id = ? RETURNING revision",
                                             (channel_id, message_id, match_id))
        return None if row is None else int(row[0])

    async def set_lobby(self, match_id: int, *, players: int, status: str, now: float) -> bool:
        """Change a lobby that is still a lobby; False if it has started or closed meanwhile."""
        changed = await self.db.execute("UPDATE matches SET players = ?, status = ?, updated_at = ?, "
                                         "revision = revision + 1 WHERE id = ? AND status = 'lobby'",
                                         (players, status, now, match_id)) > 0
        if changed:
            self.changes.changed(match_id)
        return changed

    async def matches_for_user(self, user_id: int, statuses: Sequence[str] = ("lobby", "active")) -> list[MatchRecord]:
        if not statuses:
            return []  # `IN ()` is SQLite's only
        marks = ",".join("?" * len(statuses))
        sql = (f"SELECT {match_columns('m')} FROM matches m "
               f"JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? AND m.status IN ({marks}) "
               "ORDER BY m.updated_at DESC")
        return [match_record(row) for row in await self.db.fetchall(sql, (user_id, *statuses))]

    async def update_match(self, match_id: int, *, expected_version: int | None = None,
                           expected_status: str | None = None, fence: Lease | None = None, **fields: Any) -> bool:
        """Set clock and agreement fields (not the log: that only grows through `append`).

        With `expected_version` / `expected_status` this is a compare-and-set: nothing changes (and False is
        returned) if a move was committed or the status changed since the caller looked. With `fence` (the
        scheduler's lease) `Fenced` if another process leads now.
        """
        allowed = {"reminders", "overdue", "deadline", "expires_at", "draw_offer", "status", "outcome", "updated_at"}
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"not updatable here: {', '.join(sorted(unknown))}")
        encoded = {k: (json.dumps(v) if k in ("draw_offer", "outcome") and v is not None else v)
                   for k, v in fields.items()}
        if "overdue" in encoded:  # a 0/1 flag on both databases
            encoded["overdue"] = int(encoded["overdue"])
        assignments = "".join(f"{k} = ?, " for k in encoded)
        where, params = "id = ?", list[Any]([match_id])
        if expected_version is not None:
            where, params = where + " AND version = ?", [*params, expected_version]
        if expected_status is not None:
            where, params = where + " AND status = ?", [*params, expected_status]
        changed = await self._fenced_execute(f"UPDATE matches SET {assignments}revision = revision + 1 WHERE {where}",
                                             (*encoded.values(), *params), fence) > 0
        if changed and "status" in fields:
            self.changes.changed(match_id)
        return changed

    async def set_reminders(self, match_id: int, *, version: int, count: int, fence: Lease | None = None) -> bool:
        """Record reminder `count` for the turn at `version` only: False if that turn is over or already reminded.

        Compare-and-set in SQL, so a reminder racing a move never lands on (and spoils) the next turn; with `fence`
        (the scheduler's lease) `Fenced` if another process leads now.
        """
        return await self._fenced_execute(
            "UPDATE matches SET reminders = ?, revision = revision + 1 WHERE id = ? AND version = ? "
            "AND status = 'active' AND overdue = 0 AND reminders < ?", (count, match_id, version, count), fence) > 0

    async def due_matches(self, now: float) -> list[MatchRecord]:
        """Matches with something for the scheduler: a lobby past expiry, a reminder or a deadline reached, by id.
        Each branch reads its own partial index (migration 9), so the look costs what is due, not what is open;
        a match due twice (a deadline and a reminder never sent) comes once."""
        sql = " UNION ALL ".join(f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} <= ?" for where in (
            f"{_LOBBY} AND expires_at", f"{_CLOCKED} AND {_RUNNING} AND deadline",
            f"{_CLOCKED} AND {_RUNNING} AND reminders = 0 AND {_HALF}",
            f"{_CLOCKED} AND {_RUNNING} AND reminders = 1 AND {_LATE}"))
        rows = {row[0]: row for row in await self.db.fetchall(sql, (now, now, now, now))}
        return [match_record(rows[match_id]) for match_id in sorted(rows)]

    async def next_due(self) -> float | None:
        """The earliest time at which `due_matches` will return something new: the first row of each partial
        index (a reminder time is never after its deadline, so the earliest of them all is the next)."""
        firsts = [f"SELECT {expr} AS t FROM matches WHERE {where} AND {expr} IS NOT NULL ORDER BY {expr} LIMIT 1"
                  for expr, where in (("expires_at", _LOBBY), ("deadline", f"{_CLOCKED} AND {_RUNNING}"),
                                      (_HALF, f"{_CLOCKED} AND {_RUNNING} AND reminders = 0"),
                                      (_LATE, f"{_CLOCKED} AND {_RUNNING} AND reminders = 1"))]
        sql = "SELECT MIN(t) FROM (" + " UNION ALL ".join(
            f"SELECT t FROM ({first}) AS first{i}" for i, first in enumerate(firsts)) + ") AS due"
        row = await self.db.fetchone(sql)
        return None if row is None or row[0] is None else float(row[0])

    async def rematch_of(self, match_id: int) -> int | None:
        """The lobby already opened as a rematch of `match_id`, if any."""
        row = await self.db.fetchone("SELECT id FROM matches WHERE rematch_of = ? ORDER BY id LIMIT 1", (match_id,))
        return int(row[0]) if row else None

    # ---- seats ------------------------------------------------------------------------------------------------
    async def seats(self, match_id: int) -> list[SeatRecord]:
        return await read_seats(self.db, match_id)

    async def put_seats(self, match_id: int, seats: Sequence[tuple[int, bool, bool]], now: float,
                        expected: Sequence[tuple[int, bool, bool]] | None = None) -> None:
        """Replace the lobby's seat list with (user_id, invited, joined) rows in seat order.

        With `expected` (the rows the caller saw) this is a compare-and-set: `StaleWrite` if the lobby's seats
        changed meanwhile or it is no longer a lobby (another process joined, left or started it).
        """
        async with self.db.transaction() as tx:
            await tx.lock_row("matches", match_id)
            if expected is not None:
                row = await tx.fetchone("SELECT status FROM matches WHERE id = ?", (match_id,))
                current = [(s.user_id, s.invited, s.joined) for s in await read_seats(tx, match_id)]
                if row is None or row[0] != "lobby" or current != [(u, bool(i), bool(j)) for u, i, j in expected]:
                    raise StaleWrite(f"the seats of lobby {match_id} changed")
            await tx.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await tx.executemany("INSERT INTO seats (match_id, seat, user_id, invited, joined) VALUES (?, ?, ?, ?, ?)",
                                 [(match_id, i, uid, int(inv), int(j)) for i, (uid, inv, j) in enumerate(seats)])
            await tx.execute("UPDATE matches SET updated_at = ?, revision = revision + 1 WHERE id = ?",
                             (now, match_id))

    # ---- the action log -------------------------------------------------------------------------------------------
    async def append(self, match_id: int, *, expected_version: int, expected_status: str,
                     entries: Sequence[tuple[int | None, int | None, str]], state: dict[str, Any], status: str,
                     outcome: dict[str, Any] | None, now: float,
                     seats: Sequence[int] | None = None, deadline: float | None = None, key: str | None = None,
                     seat_draw: str | None = None, seed: str | None = None, commitment: str | None = None,
                     computer_turn: bool = False, fence: Lease | None = None,
                     pause: Sequence[int] = ()) -> Appended:
        """Append log entries (seat, user_id, text) and the new state snapshot in ONE transaction.

        A compare-and-set on the version AND the status: `StaleWrite` if the log is no longer at `expected_version`
        or the match is no longer `expected_status` ("lobby" for the start, "active" for a move: an abort or an agreed
        draw changes the status, not the version, and must stand), `Duplicate` if `key` (the request's
        idempotency key, stored on the first entry) was already used in this match. With `seats`, the seat order
        is fixed too (the start of a match), with `seat_draw` logged as line 0 and the dice `seed` and its
        `commitment`. The turn clock restarts at `now` with `deadline` (None: no deadline), and a standing draw
        offer lapses. `computer_turn`: a computer is to act now (the scheduler resumes such a turn if left).
        With `fence` (the scheduler's lease) `Fenced` if another process leads now. Returns the new version and
        revision; once it returns, the entries are durable. On PostgreSQL a plain move is one statement, one round
        trip (a lost answer to it is `CommitUnknown`: it may have been committed). `pause`: the users to move at the
        new version whose clock a running vacation stops, in the same commit (`data.vacations`).
        """
        moved = (expected_version + len(entries), json.dumps(state, separators=(",", ":")), status,
                 json.dumps(outcome) if outcome is not None else None, now, now, deadline, seed,
                 commitment if seed is not None else None, int(computer_turn), match_id, expected_version,
                 expected_status)
        lines = [(expected_version + i + 1, seat, uid, text, key if i == 0 else None)
                 for i, (seat, uid, text) in enumerate(entries)]
        pausing = sorted(set(pause)) if deadline is not None and status == "active" else []
        paused = (match_id, expected_version + len(entries), now)
        if self.shared and seats is None and seat_draw is None and fence is None:
            columns = [list(column) for column in zip(*lines, strict=True)] or [[]] * 5
            try:
                if pausing:
                    row = await self.db.write_returning(_APPEND_PAUSE_ONE_STATEMENT, (
                        *moved, match_id, now, *columns, *paused, pausing))
                else:
                    row = await self.db.write_returning(_APPEND_ONE_STATEMENT, (*moved, match_id, now, *columns))
            except UniqueViolation as exc:  # the UNIQUE index is the last word on keys
                raise Duplicate(f"key {key!r} was already applied in match {match_id}") from exc
            if row is None:  # the compare-and-set failed: a retry of an applied request says so
                if key is not None and await self.keyed(match_id, key) is not None:
                    raise Duplicate(f"key {key!r} was already applied in match {match_id}")
                raise StaleWrite(f"match {match_id} is no longer {expected_status} at version {expected_version}")
            return Appended(expected_version + len(entries), int(row[0]))
        async with self.db.transaction() as tx:
            if fence is not None:
                await tx.check_lease(fence)
            await tx.lock_row("matches", match_id)  # PostgreSQL: another process's append waits here
            if key is not None and await tx.fetchone("SELECT n FROM actions WHERE match_id = ? AND key = ?",
                                                     (match_id, key)) is not None:
                raise Duplicate(f"key {key!r} was already applied in match {match_id}")
            row = await tx.write_returning(f"{_MOVE} RETURNING revision", moved)
            if row is None:
                raise StaleWrite(f"match {match_id} is no longer {expected_status} at version {expected_version}")
            try:
                await tx.executemany("INSERT INTO actions (match_id, n, seat, user_id, text, created_at, key) "
                                     "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                     [(match_id, n, seat, uid, text, now, k) for n, seat, uid, text, k in lines])
            except UniqueViolation as exc:  # the UNIQUE index is the last word on keys
                raise Duplicate(f"key {key!r} was already applied in match {match_id}") from exc
            if seat_draw is not None:  # line 0: before the game's own lines, so their numbers stay the same
                await tx.execute("INSERT INTO actions (match_id, n, seat, user_id, text, created_at) "
                                 "VALUES (?, 0, NULL, NULL, ?, ?)", (match_id, seat_draw, now))
            if seats is not None:
                await tx.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
                await tx.executemany(
                    "INSERT INTO seats (match_id, seat, user_id, invited, joined) VALUES (?, ?, ?, 0, 1)",
                    [(match_id, i, uid) for i, uid in enumerate(seats)])
            if pausing:
                await tx.execute(_PAUSE.format(users=",".join("?" * len(pausing))), (*paused, *pausing))
        self.changes.changed(match_id)  # committed: live pages may show it (data/changes.py)
        return Appended(expected_version + len(entries), int(row[0]))

    async def log(self, match_id: int, *, with_seat_draw: bool = False) -> list[LogEntry]:
        """The game's log lines 1, 2, ...; with `with_seat_draw`, line 0 (the drawn seat order) first if logged."""
        rows = await self.db.fetchall(
            "SELECT n, seat, user_id, text, created_at FROM actions WHERE match_id = ? AND n >= ? ORDER BY n",
            (match_id, 0 if with_seat_draw else 1))
        return [LogEntry(*row) for row in rows]

    async def keyed(self, match_id: int, key: str) -> LogEntry | None:
        """The log line a request with idempotency `key` produced in this match, if it was applied."""
        row = await self.db.fetchone(
            "SELECT n, seat, user_id, text, created_at FROM actions WHERE match_id = ? AND key = ?", (match_id, key))
        return LogEntry(*row) if row else None

    async def moved_seats(self, match_id: int, players: int) -> set[int]:
        """The seats with a player's line (user id set) in the log. One `LIMIT 1` probe per seat along the primary
        key: it stops at that seat's first move, so it costs a few rows however long the log is."""
        moved: set[int] = set()
        for seat in range(players):
            if await self.db.fetchone("SELECT 1 FROM actions WHERE match_id = ? AND seat = ? AND n >= 1 "
                                       "AND user_id IS NOT NULL LIMIT 1", (match_id, seat)) is not None:
                moved.add(seat)
        return moved

    # ---- computer seats (matches/computers.py) --------------------------------------------------------------------
    async def computer_matches(self, begun_before: float | None = None) -> list[int]:
        """Running matches where a computer is to act (`computer_turn`, set by each commit), oldest first: to resume
        their turns; with `begun_before`, only turns begun by then. Reads the partial index `matches_computer_turn`."""
        sql = "SELECT id FROM matches WHERE status = 'active' AND computer_turn = 1"
        if begun_before is None:
            return [r[0] for r in await self.db.fetchall(sql + " ORDER BY id")]
        rows = await self.db.fetchall(sql + " AND turn_started <= ? ORDER BY id", (begun_before,))
        return [r[0] for r in rows]

    async def set_unrated(self, match_id: int) -> None:
        """A lobby that seats a computer is not rated (computer results stay out of the human leaderboards)."""
        await self.db.execute("UPDATE matches SET rated = 0, revision = revision + 1 WHERE id = ? "
                               "AND status = 'lobby'", (match_id,))

    # ---- what a match's end sets off (matches/consequences.py) --------------------------------------------------
    # Neither mark is part of a match's record (no revision change): no cached copy is made stale by them.
    async def unsettled(self, ended_by: float, limit: int) -> list[int]:
        """Ended matches (finished or aborted) by `ended_by` whose consequences (rating, tournament result, next
        round) are not all done (`settled` 0), oldest end first; through the partial index `matches_unsettled`."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE settled = 0 AND status IN ('finished', 'aborted') AND updated_at <= ? "
            "ORDER BY updated_at, id LIMIT ?", (ended_by, limit))
        return [r[0] for r in rows]

    async def settle(self, match_id: int) -> bool:
        """Mark an ended match's consequences done; False if they were marked already (or it has not ended)."""
        return await self.db.execute("UPDATE matches SET settled = 1 WHERE id = ? AND settled = 0 "
                                     "AND status IN ('finished', 'aborted')", (match_id,)) > 0

    async def unposted(self, ended_by: float, limit: int) -> list[int]:
        """Started matches that ended by `ended_by` and whose final board message is not marked posted, oldest end
        first; through the partial index `matches_unposted`."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE board_posted = 0 AND status IN ('finished', 'aborted') "
            "AND state IS NOT NULL AND updated_at <= ? ORDER BY updated_at, id LIMIT ?", (ended_by, limit))
        return [r[0] for r in rows]

    async def mark_posted(self, match_id: int) -> bool:
        """Mark an ended match's final board posted; False if it was marked already (or it has not ended)."""
        return await self.db.execute("UPDATE matches SET board_posted = 1 WHERE id = ? AND board_posted = 0 "
                                     "AND status IN ('finished', 'aborted')", (match_id,)) > 0
