"""Storage of computer analyses (`store.analyses`): each finished match's analysis as JSON, keyed by the match, the
search budget and the analysis format's version, and each player's "learn from your mistakes" progress."""

from __future__ import annotations

import json
from typing import Any

from data.sql import Database


class Analyses:
    """The `analyses` and `analysis_drills` tables (data/migrations.py), on the store's database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # ---- analyses ---------------------------------------------------------------------------------------------
    async def get(self, match_id: int, iterations: int, version: int) -> dict[str, Any] | None:
        """The analysis of `match_id` made with `iterations` per position in format `version`, as stored."""
        row = await self._db.fetchone("SELECT analysis FROM analyses WHERE match_id = ? AND iterations = ? "
                                      "AND version = ?", (match_id, iterations, version))
        return None if row is None else dict(json.loads(row[0]))

    async def latest(self, match_id: int, version: int | None = None) -> dict[str, Any] | None:
        """The most recently stored analysis of `match_id` in format `version` (None: any; the JSON says its own),
        whatever its budget (what a page or an export shows: an operator who changed the budget still sees the
        analysis made before)."""
        which = ("", (match_id,)) if version is None else (" AND version = ?", (match_id, version))
        row = await self._db.fetchone(f"SELECT analysis FROM analyses WHERE match_id = ?{which[0]} "
                                      "ORDER BY created_at DESC, iterations DESC LIMIT 1", which[1])
        return None if row is None else dict(json.loads(row[0]))

    async def put(self, match_id: int, iterations: int, version: int, analysis: dict[str, Any], now: float) -> None:
        """Store an analysis; a second one for the same key (another process finished the same job) is dropped:
        the analysis is repeatable, so both are the same."""
        await self._db.execute(
            "INSERT INTO analyses (match_id, iterations, version, analysis, created_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (match_id, iterations, version) DO NOTHING",
            (match_id, iterations, version, json.dumps(analysis, separators=(",", ":")), now))

    # ---- learn from your mistakes -----------------------------------------------------------------------------
    async def drill(self, user_id: int, match_id: int) -> dict[str, Any] | None:
        """`user_id`'s progress through their mistakes of `match_id` (reviews/ writes and reads its fields)."""
        row = await self._db.fetchone("SELECT state FROM analysis_drills WHERE user_id = ? AND match_id = ?",
                                      (user_id, match_id))
        return None if row is None else dict(json.loads(row[0]))

    async def save_drill(self, user_id: int, match_id: int, state: dict[str, Any], now: float) -> None:
        await self._db.execute(
            "INSERT INTO analysis_drills (user_id, match_id, state, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id, match_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
            (user_id, match_id, json.dumps(state, separators=(",", ":")), now))


__all__ = ["Analyses"]
