"""A person's own data (`store.privacy`): what is stored about them, all of it as one export, and forgetting them:
their name cut to "Player N" in finished matches, what is theirs alone removed (docs/operators/privacy.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from data.sql import Database

# A forgotten person's place in the records they shared with others (finished matches, rating changes, finished
# tournaments) is taken by a stand-in id `FORGOTTEN_BASE + N`, named "Player N". No Discord id is that small (a
# snowflake of 10^9 to 2·10^9 would date from the first second of 2015), and computers are negative, so a stand-in
# is never anyone; the person's own id leaves those records, and if they come back they start afresh.
FORGOTTEN_BASE = 1_000_000_000
FORGOTTEN_LAST = 2 * FORGOTTEN_BASE - 1
ENDED = ("finished", "aborted")  # matches whose seats are a record now: the stand-in takes them
TOURNAMENTS_ENDED = ("finished", "cancelled")
# Rows about one person alone, removed when they are forgotten: (table, column naming the user). A table added
# later that holds a user id belongs here (tests/data/test_privacy.py checks every table of the schema is decided).
PERSONAL = (("notify_prefs", "user_id"), ("ratings", "user_id"), ("analysis_drills", "user_id"),
            ("lesson_progress", "user_id"), ("vacations", "user_id"), ("match_pauses", "user_id"))
# Columns that name a user in shared records, and what forgetting does there (the test above reads this too).
SHARED = {
    "users": "id: the row is removed (a stand-in row holds the name Player N)",
    "seats": "user_id: the stand-in in ended matches; running matches are resigned and lobbies left first",
    "actions": "user_id: kept (the log is append-only), never shown with a name",
    "matches": "creator_id: the stand-in in ended matches",
    "rating_changes": "user_id: the stand-in (other players' rating histories stay whole)",
    "tournaments": "organiser_id: the stand-in (creating an event gives no power of its own); settings' check-ins "
                   "and teams: removed while signing up, the stand-in once the entry is cut",
    "tournament_players": "user_id: removed from sign-ups, the stand-in in events that began",
    "tournament_entrants": "members: the stand-in (their results stand in others' standings)",
}


def forgotten_name(number: int) -> str:
    return f"Player {number}"


def is_stand_in(user_id: int) -> bool:
    """Whether `user_id` is a forgotten person's stand-in (`FORGOTTEN_BASE + N`)."""
    return FORGOTTEN_BASE < user_id <= FORGOTTEN_LAST


@dataclass(frozen=True)
class Unfinished:
    """What still involves a person and must end before every trace of their name can go: running matches and
    lobbies they sit in, tournaments they signed up for or play in (ids)."""

    running: tuple[int, ...] = ()
    lobbies: tuple[int, ...] = ()
    tournaments: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.running or self.lobbies or self.tournaments)


@dataclass(frozen=True)
class Stored:
    """What the bot stores about one person, for `/privacy show` (counts and choices, no other person's data)."""

    user_id: int
    name: str | None  # None: no users row
    dm_open: bool
    dm_channel: int | None
    preferences: int  # notice preference rows (/notify)
    ratings: tuple[tuple[str, int], ...]  # (game, rated games played) per rating
    rating_changes: int
    matches: dict[str, int]  # by status: lobby, active, finished, aborted
    moves: int  # log lines with their id
    servers: int  # servers where they played
    created: int  # matches they opened
    tournaments: int  # tournaments they signed up for or played in
    organised: int
    drills: int  # /analysis learn progress rows
    unfinished: Unfinished = field(default_factory=Unfinished)
    lessons: int = 0  # /learn lessons finished
    vacations: int = 0  # /vacation: vacations taken (their dates)


@dataclass(frozen=True)
class Forgotten:
    """What forgetting did: the person's number (None if there was nothing to cut), the ended matches and
    tournaments now showing "Player N", the rows removed, and what was left because it has not ended."""

    number: int | None
    matches: tuple[int, ...]
    tournaments: tuple[int, ...]
    removed: int
    unfinished: Unfinished

    @property
    def name(self) -> str | None:
        return None if self.number is None else forgotten_name(self.number)


class Privacy:
    """A person's data on the store's database: `stored`, `export`, `unfinished` and `forget`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def _count(self, sql: str, params: Sequence[Any]) -> int:
        row = await self._db.fetchone(sql, params)
        return int(row[0]) if row and row[0] is not None else 0

    async def _has_table(self, db: Database, table: str) -> bool:
        """Whether the schema has `table` (PERSONAL names tables other features add)."""
        if db.dialect == "sqlite":
            sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        else:
            sql = "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
        return await db.fetchone(sql, (table,)) is not None

    async def _member_of(self, db: Database, user_id: int) -> list[tuple[int, int, list[int]]]:
        """(tournament, entrant, members) of every team or player entry with `user_id` among its members."""
        member = ("EXISTS (SELECT 1 FROM json_each(members) WHERE value = ?)" if db.dialect == "sqlite"
                  else "members::jsonb @> jsonb_build_array(?::bigint)")
        rows = await db.fetchall(f"SELECT tournament_id, entrant, members FROM tournament_entrants WHERE {member}",
                                 (user_id,))
        return [(int(r[0]), int(r[1]), [int(u) for u in json.loads(r[2])]) for r in rows]

    async def unfinished(self, user_id: int) -> Unfinished:
        rows = await self._db.fetchall(
            "SELECT m.id, m.status FROM matches m JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? "
            "AND m.status IN ('lobby', 'active') ORDER BY m.id", (user_id,))
        signed = await self._db.fetchall(
            "SELECT p.tournament_id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id "
            "WHERE p.user_id = ? AND t.status = 'signup'", (user_id,))
        playing = []
        for tournament_id, entrant, _members in await self._member_of(self._db, user_id):
            row = await self._db.fetchone(
                "SELECT 1 FROM tournaments t JOIN tournament_entrants e ON e.tournament_id = t.id WHERE t.id = ? "
                "AND e.entrant = ? AND t.status IN ('running', 'paused') AND e.dropped_after IS NULL",
                (tournament_id, entrant))
            if row is not None:
                playing.append(tournament_id)
        return Unfinished(tuple(r[0] for r in rows if r[1] == "active"), tuple(r[0] for r in rows if r[1] == "lobby"),
                          tuple(sorted({*(r[0] for r in signed), *playing})))

    async def stored(self, user_id: int) -> Stored:
        user = await self._db.fetchone("SELECT name, dm_open, dm_channel FROM users WHERE id = ?", (user_id,))
        by_status = await self._db.fetchall(
            "SELECT m.status, COUNT(*) FROM matches m JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? "
            "GROUP BY m.status", (user_id,))
        ratings = await self._db.fetchall("SELECT game, games FROM ratings WHERE user_id = ? ORDER BY game",
                                          (user_id,))
        entered = {t for t, _e, _m in await self._member_of(self._db, user_id)}
        entered |= {r[0] for r in await self._db.fetchall(
            "SELECT tournament_id FROM tournament_players WHERE user_id = ?", (user_id,))}
        drills = (await self._count("SELECT COUNT(*) FROM analysis_drills WHERE user_id = ?", (user_id,))
                  if await self._has_table(self._db, "analysis_drills") else 0)
        lessons = (await self._count("SELECT COUNT(*) FROM lesson_progress WHERE user_id = ?", (user_id,))
                   if await self._has_table(self._db, "lesson_progress") else 0)
        vacations = (await self._count("SELECT COUNT(*) FROM vacations WHERE user_id = ?", (user_id,))
                     if await self._has_table(self._db, "vacations") else 0)
        return Stored(
            user_id, None if user is None else user[0], True if user is None else bool(user[1]),
            None if user is None else user[2],
            await self._count("SELECT COUNT(*) FROM notify_prefs WHERE user_id = ?", (user_id,)),
            tuple((r[0], int(r[1])) for r in ratings),
            await self._count("SELECT COUNT(*) FROM rating_changes WHERE user_id = ?", (user_id,)),
            {r[0]: int(r[1]) for r in by_status},
            await self._count("SELECT COUNT(*) FROM actions WHERE user_id = ?", (user_id,)),
            await self._count("SELECT COUNT(DISTINCT m.guild_id) FROM matches m JOIN seats s ON s.match_id = m.id "
                              "WHERE s.user_id = ? AND m.guild_id IS NOT NULL", (user_id,)),
            await self._count("SELECT COUNT(*) FROM matches WHERE creator_id = ?", (user_id,)),
            len(entered),
            await self._count("SELECT COUNT(*) FROM tournaments WHERE organiser_id = ?", (user_id,)),
            drills, await self.unfinished(user_id), lessons, vacations)

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything stored about `user_id` as JSON-ready data (ids as strings: JavaScript reads 53 bits): their
        user row, preferences, ratings and rating changes, each match they sat in with their seat and their own log
        lines, the tournaments they entered or organised. Other players appear by seat only, never by id or name."""
        user = await self._db.fetchone("SELECT name, dm_open, dm_channel, locale FROM users WHERE id = ?", (user_id,))
        prefs = await self._db.fetchall("SELECT game, turns, reminders FROM notify_prefs WHERE user_id = ? "
                                        "ORDER BY game", (user_id,))
        ratings = await self._db.fetchall("SELECT game, mu, sigma, games, wins, draws, losses FROM ratings "
                                          "WHERE user_id = ? ORDER BY game", (user_id,))
        changes = await self._db.fetchall(
            "SELECT c.match_id, r.game, c.result, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after "
            "FROM rating_changes c JOIN rated_matches r ON r.match_id = c.match_id WHERE c.user_id = ? ORDER BY r.seq",
            (user_id,))
        seated = await self._db.fetchall(
            "SELECT m.id, m.game, m.guild_id, m.channel_id, m.status, m.players, m.outcome, m.created_at, "
            "m.updated_at, m.rated, m.creator_id, s.seat, s.invited, s.joined FROM matches m "
            "JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? ORDER BY m.id", (user_id,))
        lines = await self._db.fetchall("SELECT match_id, n, seat, text, created_at FROM actions WHERE user_id = ? "
                                        "ORDER BY match_id, n", (user_id,))
        moves: dict[int, list[dict[str, Any]]] = {}
        for match_id, n, seat, text, at in lines:
            moves.setdefault(int(match_id), []).append({"n": n, "seat": seat, "move": text, "at": at})
        entered = {t: members for t, _e, members in await self._member_of(self._db, user_id)}
        signups = {r[0]: r[1] for r in await self._db.fetchall(
            "SELECT tournament_id, joined_at FROM tournament_players WHERE user_id = ?", (user_id,))}
        organised = {r[0] for r in await self._db.fetchall("SELECT id FROM tournaments WHERE organiser_id = ?",
                                                           (user_id,))}
        lessons = (await self._db.fetchall("SELECT game, lesson, finished_at FROM lesson_progress WHERE user_id = ? "
                                           "ORDER BY game, finished_at", (user_id,))
                   if await self._has_table(self._db, "lesson_progress") else [])
        vacations = (await self._db.fetchall("SELECT started_at, until_at, ended_at FROM vacations WHERE user_id = ? "
                                             "ORDER BY started_at", (user_id,))
                     if await self._has_table(self._db, "vacations") else [])
        events = []
        for tournament_id in sorted({*entered, *signups, *organised}):
            row = await self._db.fetchone("SELECT game, format, status, guild_id, created_at FROM tournaments "
                                          "WHERE id = ?", (tournament_id,))
            if row is None:
                continue
            events.append({"tournament": tournament_id, "game": row[0], "format": row[1], "status": row[2],
                           "server": _text(row[3]), "created_at": row[4], "signed_up_at": signups.get(tournament_id),
                           "played": tournament_id in entered, "team_size": len(entered.get(tournament_id, [])),
                           "organiser": tournament_id in organised})
        return {
            "format": "tabletop-personal-data/1",
            "user_id": str(user_id),
            "user": None if user is None else {"name": user[0], "dm_open": bool(user[1]),
                                               "dm_channel": _text(user[2]), "locale": user[3]},
            "notice_preferences": [{"game": r[0] or "every game", "turns": _flag(r[1]), "reminders": _flag(r[2])}
                                   for r in prefs],
            "ratings": [{"game": r[0], "mu": r[1], "sigma": r[2], "games": r[3], "wins": r[4], "draws": r[5],
                         "losses": r[6]} for r in ratings],
            "rating_changes": [{"match": r[0], "game": r[1], "result": r[2], "mu_before": r[3],
                                "sigma_before": r[4], "mu_after": r[5], "sigma_after": r[6]} for r in changes],
            "matches": [{"match": r[0], "game": r[1], "server": _text(r[2]), "channel": _text(r[3]),
                         "status": r[4], "players": r[5], "result": None if r[6] is None else json.loads(r[6]),
                         "created_at": r[7], "updated_at": r[8], "rated": bool(r[9]),
                         "opened_by_you": r[10] == user_id, "your_seat": r[11], "invited": bool(r[12]),
                         "joined": bool(r[13]), "your_moves": moves.get(int(r[0]), [])} for r in seated],
            "tournaments": events,
            "lessons_finished": [{"game": r[0], "lesson": r[1], "finished_at": r[2]} for r in lessons],
            "vacations": [{"started_at": r[0], "until": r[1], "ended_at": r[2]} for r in vacations],
        }

    async def forget(self, user_id: int) -> Forgotten:
        """Forget `user_id`, in one transaction: their seats in ended matches, matches they opened, rating changes
        and entries in tournaments that began move to their stand-in "Player N" (the same N as before if they were
        forgotten before and their stand-in is found in the log); sign-ups of events still signing up, notice
        preferences, ratings, analysis drills, lesson progress, vacations and their user row are removed. Running
        matches and lobbies, and tournaments they still play, are left (see `unfinished`): the caller resigns and
        leaves them first."""
        if is_stand_in(user_id) or user_id < 0:
            raise ValueError(f"{user_id} is not a person's id")
        async with self._db.transaction() as tx:
            await tx.lock_table("users")  # one forgetting at a time picks a new number (PostgreSQL; SQLite: one writer)
            ended = tuple(r[0] for r in await tx.fetchall(
                f"SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? "
                f"AND m.status IN {ENDED!r} ORDER BY m.id", (user_id,)))
            created = tuple(r[0] for r in await tx.fetchall(
                f"SELECT id FROM matches WHERE creator_id = ? AND status IN {ENDED!r}", (user_id,)))
            changes = await self._count_in(tx, "SELECT COUNT(*) FROM rating_changes WHERE user_id = ?", user_id)
            began = tuple(r[0] for r in await tx.fetchall(
                "SELECT p.tournament_id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id "
                "WHERE p.user_id = ? AND t.status <> 'signup'", (user_id,)))
            entries = [(t, e, m) for t, e, m in await self._member_of(tx, user_id)
                       if await self._entry_over(tx, t, e)]
            organised = tuple(r[0] for r in await tx.fetchall("SELECT id FROM tournaments WHERE organiser_id = ?",
                                                              (user_id,)))
            number = None
            if ended or created or changes or began or entries or organised:
                number = await self._number(tx, user_id)
                stand_in = FORGOTTEN_BASE + number
                await tx.execute("INSERT INTO users (id, name, dm_open) VALUES (?, ?, 0) ON CONFLICT(id) DO NOTHING",
                                 (stand_in, forgotten_name(number)))
                await tx.execute(f"UPDATE seats SET user_id = ? WHERE user_id = ? AND match_id IN "
                                 f"(SELECT id FROM matches WHERE status IN {ENDED!r})", (stand_in, user_id))
                await tx.execute(f"UPDATE matches SET creator_id = ? WHERE creator_id = ? AND status IN {ENDED!r}",
                                 (stand_in, user_id))
                # Another process's copy of these matches is out of date: each one's revision says so.
                for match_id in sorted({*ended, *created}):
                    await tx.execute("UPDATE matches SET revision = revision + 1 WHERE id = ?", (match_id,))
                await tx.execute("UPDATE rating_changes SET user_id = ? WHERE user_id = ?", (stand_in, user_id))
                # A sign-up of an event that began is only a record of it (the entrants are fixed).
                await tx.execute("UPDATE tournament_players SET user_id = ? WHERE user_id = ? AND tournament_id IN "
                                 "(SELECT id FROM tournaments WHERE status <> 'signup')", (stand_in, user_id))
                for tournament_id, entrant, members in entries:
                    await tx.execute("UPDATE tournament_entrants SET members = ? WHERE tournament_id = ? AND "
                                     "entrant = ?", (json.dumps([stand_in if u == user_id else u for u in members]),
                                                     tournament_id, entrant))
                await tx.execute("UPDATE tournaments SET organiser_id = ? WHERE organiser_id = ?", (stand_in, user_id))
            removed = 0
            # Sign-ups of events not begun go; those of running events wait for their end.
            removed += await tx.execute(
                "DELETE FROM tournament_players WHERE user_id = ? AND tournament_id IN "
                "(SELECT id FROM tournaments WHERE status = 'signup')", (user_id,))
            cut = {t for t, _e, _m in entries} | set(began)
            stand_in_or_none = None if number is None else FORGOTTEN_BASE + number
            await self._cut_settings(tx, user_id, stand_in_or_none, cut)
            for table, column in PERSONAL:
                if await self._has_table(tx, table):
                    removed += await tx.execute(f"DELETE FROM {table} WHERE {column} = ?", (user_id,))
            removed += await tx.execute("DELETE FROM users WHERE id = ?", (user_id,))
            touched = tuple(sorted({t for t, _e, _m in entries} | set(began) | set(organised)))
        return Forgotten(number, tuple(sorted({*ended, *created})), touched, removed, await self.unfinished(user_id))

    @staticmethod
    async def _cut_settings(db: Database, user_id: int, stand_in: int | None, cut: set[int]) -> None:
        """The ids in events' sign-up settings (check-ins, registered teams): gone from events still signing up,
        the stand-in's in those whose entries were cut (`cut`), left in those they still play."""
        rows = await db.fetchall("SELECT id, status, settings FROM tournaments WHERE settings LIKE ?",
                                 (f"%{user_id}%",))
        for tournament_id, status, text in rows:
            values = json.loads(text or "{}")
            changed = dict(values)
            if status == "signup" or stand_in is None:
                if "checkin" in values:
                    changed["checkin"] = [u for u in values["checkin"] if u != user_id]
                if "teams" in values:
                    changed["teams"] = [t for t in values["teams"] if user_id not in t]
            elif tournament_id in cut or status in TOURNAMENTS_ENDED:
                if "checkin" in values:
                    changed["checkin"] = [stand_in if u == user_id else u for u in values["checkin"]]
                if "teams" in values:
                    changed["teams"] = [[stand_in if u == user_id else u for u in t] for t in values["teams"]]
            if changed != values:
                await db.execute("UPDATE tournaments SET settings = ? WHERE id = ?",
                                 (json.dumps(changed), tournament_id))

    @staticmethod
    async def _count_in(db: Database, sql: str, user_id: int) -> int:
        row = await db.fetchone(sql, (user_id,))
        return int(row[0]) if row else 0

    @staticmethod
    async def _entry_over(db: Database, tournament_id: int, entrant: int) -> bool:
        """Whether an entry is a record now: its event ended, or it dropped out (it is not paired again)."""
        row = await db.fetchone("SELECT t.status, e.dropped_after FROM tournaments t JOIN tournament_entrants e "
                                "ON e.tournament_id = t.id WHERE t.id = ? AND e.entrant = ?", (tournament_id, entrant))
        return row is not None and (row[0] in TOURNAMENTS_ENDED or row[1] is not None)

    @staticmethod
    async def _number(db: Database, user_id: int) -> int:
        """The person's number: the one they were given before (their stand-in sits where the log names them),
        else the next free one."""
        row = await db.fetchone(
            "SELECT s.user_id FROM actions a JOIN seats s ON s.match_id = a.match_id AND s.seat = a.seat "
            "WHERE a.user_id = ? AND s.user_id BETWEEN ? AND ? LIMIT 1", (user_id, FORGOTTEN_BASE + 1, FORGOTTEN_LAST))
        if row is not None:
            return int(row[0]) - FORGOTTEN_BASE
        row = await db.fetchone("SELECT MAX(id) FROM users WHERE id BETWEEN ? AND ?",
                                (FORGOTTEN_BASE + 1, FORGOTTEN_LAST))
        return (int(row[0]) - FORGOTTEN_BASE if row and row[0] is not None else 0) + 1


def _text(value: int | None) -> str | None:
    return None if value is None else str(value)


def _flag(value: int | None) -> bool | None:
    return None if value is None else bool(value)
