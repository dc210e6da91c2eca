"""Rating storage (`store.ratings`): ratings per (user, game), the changes each rated match applied (once, in order),
leaderboards, a player's record, and the rebuild that recomputes every rating from the stored results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from data.match_rows import read_match, read_seats
from data.privacy import FORGOTTEN_BASE, FORGOTTEN_LAST
from data.records import MatchRecord, SeatRecord
from data.sql import Database


@dataclass(frozen=True)
class RatingRow:
    """One player's rating in one game, with the record it rests on."""

    user_id: int
    game: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class RatingChangeRow:
    """What one rated match did to one seat's rating."""

    match_id: int
    seat: int
    user_id: int
    rank: int
    result: str  # win | draw | loss
    mu_before: float
    sigma_before: float
    games_before: int
    mu_after: float
    sigma_after: float


@dataclass(frozen=True)
class RatedResult:
    """One of a player's rated matches, for a profile: the change and where the match was played."""

    change: RatingChangeRow
    game: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    applied_at: float


# compute(match, seats, current ratings of its players in its game) -> the changes per seat
Compute = Callable[["MatchRecord", "list[SeatRecord]", dict[int, RatingRow]], list[RatingChangeRow]]

_CHANGE_COLUMNS = ("match_id, seat, user_id, rank, result, mu_before, sigma_before, games_before, mu_after, "
                   "sigma_after")
_RATING_COLUMNS = "user_id, game, mu, sigma, games, wins, draws, losses"


class Ratings:
    """Ratings and their history, on the store's database; reads matches and seats inside its own transactions
    (data/match_rows.py)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def match_rated(self, match_id: int) -> bool:
        return await self._rated(self._db, match_id)

    @staticmethod
    async def _rated(db: Database, match_id: int) -> bool:
        row = await db.fetchone("SELECT rated FROM matches WHERE id = ?", (match_id,))
        return bool(row and row[0])

    async def _changes(self, db: Database, match_id: int) -> list[RatingChangeRow] | None:
        """The changes recorded for a match; None if it was never applied."""
        if await db.fetchone("SELECT 1 FROM rated_matches WHERE match_id = ?", (match_id,)) is None:
            return None
        rows = await db.fetchall(f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE match_id = ? ORDER BY seat",
                                 (match_id,))
        return [RatingChangeRow(*row) for row in rows]

    async def rating_changes(self, match_id: int) -> list[RatingChangeRow] | None:
        """What the match's rating update did, per seat; None if it had none (unrated, unfinished, aborted)."""
        return await self._changes(self._db, match_id)

    async def _ratings(self, db: Database, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}  # `IN ()` is SQLite's only
        marks = ",".join("?" * len(user_ids))
        rows = await db.fetchall(f"SELECT {_RATING_COLUMNS} FROM ratings WHERE game = ? AND user_id IN ({marks})",
                                 (game, *user_ids))
        return {row[0]: RatingRow(*row) for row in rows}

    async def _write_changes(self, db: Database, record: MatchRecord,
                             changes: Sequence[RatingChangeRow], now: float) -> None:
        await db.execute("INSERT INTO rated_matches (match_id, game, applied_at) VALUES (?, ?, ?)",
                         (record.id, record.game, now))
        # One batch each (one round trip on PostgreSQL): the last move of a rated match waits for this.
        await db.executemany(f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             [(c.match_id, c.seat, c.user_id, c.rank, c.result, c.mu_before, c.sigma_before,
                               c.games_before, c.mu_after, c.sigma_after) for c in changes])
        # Rating rows in one order (by user), whatever the seats: two matches of the same players applied at once
        # (PostgreSQL, two processes) would otherwise each lock one row and wait for the other's.
        await db.executemany(
            "INSERT INTO ratings (user_id, game, mu, sigma, games, wins, draws, losses) "
            "VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT(user_id, game) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
            "draws = ratings.draws + excluded.draws, losses = ratings.losses + excluded.losses",
            [(c.user_id, record.game, c.mu_after, c.sigma_after, *(int(c.result == r) for r in ("win", "draw", "loss")))
             for c in sorted(changes, key=lambda c: (c.user_id, c.seat))])

    async def apply_rating(self, match_id: int, compute: Compute, now: float) -> list[RatingChangeRow] | None:
        """Apply a finished rated match's update once, in one transaction: the ratings and the per-match record
        together. A match already applied returns its recorded changes unchanged (a retry, a restart, another
        process); one that is not rated, not finished (aborted, running), or whose result rates nobody (`compute`
        returns no change) returns None and changes nothing."""
        async with self._db.transaction() as tx:
            # PostgreSQL: updates take turns (each starts from the ratings the one before left; another process
            # applying this match waits, then finds it done). SQLite's BEGIN IMMEDIATE already does this.
            await tx.lock_table("ratings")
            done = await self._changes(tx, match_id)
            if done is not None:
                return done
            record = await read_match(tx, match_id)
            if record is None or record.status != "finished" or not await self._rated(tx, match_id):
                return None
            seats = await read_seats(tx, match_id)
            current = await self._ratings(tx, record.game, [s.user_id for s in seats])
            changes = compute(record, seats, current)
            if not changes:  # its result is not rated (a forfeit, a double forfeit, a computer seated)
                return None
            await self._write_changes(tx, record, changes, now)
            return changes

    async def rebuild_ratings(self, compute: Compute, now: float, *,
                              write: bool = True) -> tuple[list[RatingChangeRow], list[RatingChangeRow]]:
        """Recompute every rating from the stored results: the matches in the order their updates were applied,
        then any finished rated match never applied (oldest end first). Returns (recorded changes, recomputed
        changes), both in that order; with `write`, the recomputed ratings and records replace the stored ones."""
        async with self._db.transaction() as tx:
            await tx.lock_table("ratings")  # no live update interleaves with the rebuild
            order = [row[0] for row in await tx.fetchall("SELECT match_id FROM rated_matches ORDER BY seq")]
            order += [row[0] for row in await tx.fetchall(
                "SELECT id FROM matches WHERE rated = 1 AND status = 'finished' AND id NOT IN "
                "(SELECT match_id FROM rated_matches) ORDER BY updated_at, id")]
            recorded: list[RatingChangeRow] = []
            for match_id in order:
                recorded += await self._changes(tx, match_id) or []
            ratings: dict[tuple[int, str], RatingRow] = {}
            redone: list[tuple[MatchRecord, list[RatingChangeRow]]] = []
            for match_id in order:
                record = await read_match(tx, match_id)
                if record is None or record.status != "finished":
                    continue
                seats = await read_seats(tx, match_id)
                current = {s.user_id: ratings[(s.user_id, record.game)] for s in seats
                           if (s.user_id, record.game) in ratings}
                changes = compute(record, seats, current)
                if not changes:
                    continue
                for c in changes:
                    old = ratings.get((c.user_id, record.game))
                    ratings[(c.user_id, record.game)] = RatingRow(c.user_id, record.game, c.mu_after, c.sigma_after,
                                                                  old.games + 1 if old else 1)
                redone.append((record, changes))
            if write:
                await tx.execute("DELETE FROM rating_changes")
                await tx.execute("DELETE FROM rated_matches")
                await tx.execute("DELETE FROM ratings")
                for record, changes in redone:
                    await self._write_changes(tx, record, changes, now)
                # A forgotten person's stand-in keeps its changes (the others' histories) but no rating to rank.
                await tx.execute("DELETE FROM ratings WHERE user_id BETWEEN ? AND ?",
                                 (FORGOTTEN_BASE + 1, FORGOTTEN_LAST))
        return recorded, [c for _, changes in redone for c in changes]

    # ---- reading ----------------------------------------------------------------------------------------------
    async def ratings_of(self, user_id: int) -> list[RatingRow]:
        """A player's rating in every game they have played rated, by game name."""
        rows = await self._db.fetchall(f"SELECT {_RATING_COLUMNS} FROM ratings WHERE user_id = ? ORDER BY game",
                                       (user_id,))
        return [RatingRow(*row) for row in rows]

    async def leaderboard(self, game: str, *, guild_id: int | None, offset: int,
                          limit: int) -> tuple[int, list[RatingRow]]:
        """(players in total, one page of them) ordered by the conservative rating μ − 3σ, then more games.

        With `guild_id`, only players who finished a rated match of the game on that server (their rating is still
        their one rating in the game)."""
        where = "r.game = ?"
        params: tuple[Any, ...] = (game,)
        if guild_id is not None:
            where += (" AND EXISTS (SELECT 1 FROM rating_changes c JOIN matches m ON m.id = c.match_id "
                      "WHERE c.user_id = r.user_id AND m.game = r.game AND m.guild_id = ?)")
            params += (guild_id,)
        row = await self._db.fetchone(f"SELECT COUNT(*) FROM ratings r WHERE {where}", params)
        total = int(row[0]) if row else 0
        rows = await self._db.fetchall(
            f"SELECT {', '.join('r.' + c.strip() for c in _RATING_COLUMNS.split(','))} FROM ratings r "
            f"WHERE {where} ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ? OFFSET ?",
            (*params, limit, offset))
        return total, [RatingRow(*row) for row in rows]

    async def recent_rated(self, user_id: int, limit: int) -> list[RatedResult]:
        """A player's latest rated matches, newest first."""
        columns = ", ".join("c." + c.strip() for c in _CHANGE_COLUMNS.split(","))
        rows = await self._db.fetchall(
            f"SELECT {columns}, m.game, m.guild_id, m.channel_id, m.message_id, r.applied_at "
            "FROM rating_changes c JOIN rated_matches r ON r.match_id = c.match_id "
            "JOIN matches m ON m.id = c.match_id WHERE c.user_id = ? ORDER BY r.seq DESC LIMIT ?",
            (user_id, limit))
        return [RatedResult(RatingChangeRow(*row[:10]), *row[10:]) for row in rows]


__all__ = ["Compute", "RatedResult", "RatingChangeRow", "RatingRow", "Ratings"]
