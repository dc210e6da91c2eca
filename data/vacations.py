"""Vacations (`store.vacations`): each player's vacations (how many days they took, whether one runs) and the match
clocks a vacation paused, ended by shifting those matches' deadlines by the time paused (matches/vacation.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.sql import Database, UniqueViolation

_COLUMNS = "user_id, started_at, until_at, ended_at"
# A pause of an earlier turn is replaced; one of this turn is kept (with its earlier start).
_PAUSE = ("INSERT INTO match_pauses (match_id, user_id, version, since) VALUES (?, ?, ?, ?) "
          "ON CONFLICT (match_id, user_id) DO UPDATE SET version = excluded.version, since = excluded.since "
          "WHERE match_pauses.version <> excluded.version")


@dataclass(frozen=True)
class Vacation:
    """One vacation: from `started_at` until `until_at` (as booked), `ended_at` when it ended (None: running)."""

    user_id: int
    started_at: float
    until_at: float
    ended_at: float | None = None


@dataclass(frozen=True)
class Ended:
    """What ending a vacation did: the vacation as it ended, and the matches whose clocks run again (their ids: each
    paused at its current turn, its deadline moved on by the time paused)."""

    vacation: Vacation
    shifted: tuple[int, ...]


def _vacation(row: Sequence[Any]) -> Vacation:
    user_id, started, until, ended = row
    return Vacation(int(user_id), float(started), float(until), None if ended is None else float(ended))


class Vacations:
    """The tables `vacations` and `match_pauses` on the store's database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def running(self, user_ids: Sequence[int]) -> dict[int, Vacation]:
        """The running vacation of each of `user_ids` that is on one (any process's)."""
        ids = sorted({u for u in user_ids if u >= 0})
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM vacations WHERE ended_at IS NULL AND user_id IN ({marks})", ids)
        return {v.user_id: v for v in map(_vacation, rows)}

    async def since(self, user_id: int, since: float) -> list[Vacation]:
        """The user's vacations begun at `since` or later (the running one too), oldest first."""
        rows = await self._db.fetchall(f"SELECT {_COLUMNS} FROM vacations WHERE user_id = ? AND started_at >= ? "
                                       "ORDER BY started_at", (user_id, since))
        return [_vacation(row) for row in rows]

    async def begin(self, user_id: int, now: float, until: float,
                    pauses: Sequence[tuple[int, int, float]] = ()) -> Vacation | None:
        """Start a vacation until `until`, and in the same transaction pause the clocks it stops (`pauses`: match
        id, version and since, as `pause`), so no crash between the two leaves such a turn running; None (nothing
        written) if one is running already (the unique index decides, whichever process asked first)."""
        try:
            async with self._db.transaction() as tx:
                await tx.execute("INSERT INTO vacations (user_id, started_at, until_at) VALUES (?, ?, ?)",
                                 (user_id, now, until))
                for match_id, version, since in pauses:
                    await tx.execute(_PAUSE, (match_id, user_id, version, since))
        except UniqueViolation:
            return None
        return Vacation(user_id, now, until)

    async def pause(self, match_id: int, user_id: int, version: int, since: float) -> None:
        """Record that `user_id`, on vacation, is to move in the match at `version`, from `since`: its clock stops.
        A pause of an earlier turn is replaced; one of this turn is kept (with its earlier start)."""
        await self._db.execute(_PAUSE, (match_id, user_id, version, since))

    async def paused(self, match_id: int, version: int) -> set[int]:
        """The users whose vacation pauses the match's clock at `version` (its current turn)."""
        rows = await self._db.fetchall("SELECT user_id FROM match_pauses WHERE match_id = ? AND version = ?",
                                       (match_id, version))
        return {int(row[0]) for row in rows}

    async def waiting(self, user_id: int) -> list[int]:
        """The running matches whose clock the user's vacation holds now (paused at their current turn), by id."""
        rows = await self._db.fetchall(
            "SELECT p.match_id FROM match_pauses p JOIN matches m ON m.id = p.match_id AND m.version = p.version "
            "WHERE p.user_id = ? AND m.status = 'active' ORDER BY p.match_id", (user_id,))
        return [int(row[0]) for row in rows]

    async def end(self, user_id: int, now: float) -> Ended | None:
        """End the user's running vacation at `now` (or when it was booked to end, if that is earlier) and give each
        match it paused back the time paused: its deadline (and turn start, so reminders keep their fractions) moved
        on by it. One transaction, and the vacation's end a compare-and-set, so of two processes ending it one does
        (the other gets None, as when none runs); a match moved since the pause (another version) is not shifted (the
        move restarted its clock). A match another vacationer still pauses stays paused, from the earlier start."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(f"SELECT {_COLUMNS} FROM vacations WHERE user_id = ? AND ended_at IS NULL",
                                    (user_id,))
            if row is None:
                return None
            vacation = _vacation(row)
            end = min(now, vacation.until_at)
            if await tx.execute("UPDATE vacations SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL",
                                (end, user_id)) == 0:
                return None
            shifted = []
            for match_id, version, since in await tx.fetchall(
                    "SELECT match_id, version, since FROM match_pauses WHERE user_id = ? ORDER BY match_id",
                    (user_id,)):
                await tx.execute("DELETE FROM match_pauses WHERE match_id = ? AND user_id = ?", (match_id, user_id))
                others = await tx.fetchall("SELECT user_id, since FROM match_pauses WHERE match_id = ? AND version = ?",
                                           (match_id, version))
                if others:  # still paused by another's vacation: from whichever began first
                    for other, other_since in others:
                        if since < other_since:
                            await tx.execute("UPDATE match_pauses SET since = ? WHERE match_id = ? AND user_id = ?",
                                             (since, match_id, other))
                    continue
                paused = max(0.0, end - float(since))
                if await tx.execute(
                        "UPDATE matches SET deadline = deadline + ?, turn_started = turn_started + ?, "
                        "revision = revision + 1 WHERE id = ? AND version = ? AND status = 'active' "
                        "AND deadline IS NOT NULL AND overdue = 0", (paused, paused, match_id, version)) > 0:
                    shifted.append(int(match_id))
        return Ended(Vacation(vacation.user_id, vacation.started_at, vacation.until_at, end), tuple(shifted))

    async def ending(self, now: float) -> list[int]:
        """The users whose vacation ran out by `now` and is not ended yet (the scheduler ends them)."""
        rows = await self._db.fetchall("SELECT user_id FROM vacations WHERE ended_at IS NULL AND until_at <= ? "
                                       "ORDER BY until_at", (now,))
        return [int(row[0]) for row in rows]

    async def next_ending(self) -> float | None:
        """When the first running vacation runs out."""
        row = await self._db.fetchone("SELECT until_at FROM vacations WHERE ended_at IS NULL ORDER BY until_at LIMIT 1")
        return None if row is None else float(row[0])

    async def tournament_allows(self, match_id: int) -> bool:
        """Whether a vacation may pause the match: always outside a tournament; in one, when its organiser said so
        (`vacation` in the event's settings, off by default)."""
        row = await self._db.fetchone("SELECT t.settings FROM tournament_games g "
                                      "JOIN tournaments t ON t.id = g.tournament_id WHERE g.match_id = ?", (match_id,))
        if row is None:
            return True
        return bool(json.loads(row[0]).get("vacation", False))

    async def forget(self, user_id: int) -> int:
        """Remove the user's vacations and pauses (/privacy forget: their matches were resigned first)."""
        await self._db.execute("DELETE FROM match_pauses WHERE user_id = ?", (user_id,))
        return await self._db.execute("DELETE FROM vacations WHERE user_id = ?", (user_id,))
