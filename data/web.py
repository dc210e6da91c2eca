"""Storage for the web companion (`store.web`): each opted-in server's secret link token and the reads its index
and profile pages need; live pages hear of changed matches through data/changes.py."""

from __future__ import annotations

from collections.abc import Sequence

from data.match_rows import MATCH_COLUMNS, match_columns, match_record
from data.records import MatchRecord
from data.sql import Database, UniqueViolation


class WebLinks:
    """The web companion's tables and reads, on the store's database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # ---- the per-server link token ----------------------------------------------------------------------------
    async def web_token(self, guild_id: int) -> str | None:
        """The server's link token; None while it has not opted in."""
        row = await self._db.fetchone("SELECT token FROM web_tokens WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row[0])

    async def set_web_token(self, guild_id: int, token: str | None, now: float) -> None:
        """Store a new token (the old one stops working at once), or None: the server's pages are off."""
        if token is None:
            await self._db.execute("DELETE FROM web_tokens WHERE guild_id = ?", (guild_id,))
            return
        try:
            await self._db.execute(
                "INSERT INTO web_tokens (guild_id, token, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT(guild_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at",
                (guild_id, token, now))
        except UniqueViolation as error:  # 128 random bits: never, but never silently either
            raise ValueError("that token is taken") from error

    async def guild_of_token(self, token: str) -> int | None:
        row = await self._db.fetchone("SELECT guild_id FROM web_tokens WHERE token = ?", (token,))
        return None if row is None else int(row[0])

    # ---- reads for the pages --------------------------------------------------------------------------------
    async def guild_matches(self, guild_id: int, statuses: Sequence[str], limit: int,
                            offset: int = 0) -> list[MatchRecord]:
        """The server's matches in those states, most recently changed first (from the `offset`-th: pages)."""
        if not statuses:
            return []
        marks = ",".join("?" * len(statuses))
        rows = await self._db.fetchall(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE guild_id = ? AND status IN ({marks}) "
            "ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?", (guild_id, *statuses, limit, offset))
        return [match_record(row) for row in rows]

    async def user_matches_in(self, user_id: int, guild_id: int, limit: int) -> list[MatchRecord]:
        """A player's started matches on one server, most recently changed first."""
        rows = await self._db.fetchall(
            f"SELECT {match_columns('m')} FROM matches m JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? "
            "AND m.guild_id = ? AND m.status IN ('active', 'finished') ORDER BY m.updated_at DESC, m.id DESC "
            "LIMIT ?", (user_id, guild_id, limit))
        return [match_record(row) for row in rows]


__all__ = ["WebLinks"]
