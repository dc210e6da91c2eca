"""Reading match and seat rows, shared by the store's core (data/store.py), ratings (inside their transaction) and
the web reads: the match columns, a row made a `MatchRecord`, one match, a match's seats."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from data.records import MatchRecord, SeatRecord
from data.sql import Database

MATCH_COLUMNS = ("id, game, guild_id, channel_id, message_id, creator_id, status, players, options, state, version, "
                 "outcome, created_at, updated_at, time_control, timeout_rule, turn_started, deadline, reminders, "
                 "overdue, expires_at, draw_offer, rematch_of, commitment, seed, revision")


def match_columns(alias: str) -> str:
    """`MATCH_COLUMNS`, each prefixed with the table's `alias` (for a join)."""
    return ", ".join(f"{alias}.{column.strip()}" for column in MATCH_COLUMNS.split(","))


def match_record(row: Sequence[Any]) -> MatchRecord:
    """A row of `MATCH_COLUMNS` as a `MatchRecord`."""
    return MatchRecord(
        id=row[0], game=row[1], guild_id=row[2], channel_id=row[3], message_id=row[4], creator_id=row[5],
        status=row[6], players=row[7], options=json.loads(row[8]), state=json.loads(row[9]) if row[9] else None,
        version=row[10], outcome=json.loads(row[11]) if row[11] else None, created_at=row[12], updated_at=row[13],
        time_control=row[14] or 0, timeout_rule=row[15], turn_started=row[16], deadline=row[17], reminders=row[18],
        overdue=bool(row[19]), expires_at=row[20], draw_offer=tuple(json.loads(row[21])) if row[21] else (),
        rematch_of=row[22], commitment=row[23], seed=row[24], revision=row[25],
    )


async def read_match(db: Database, match_id: int) -> MatchRecord | None:
    """One match (None: no such match), on the database or inside a transaction (`db` is then the transaction)."""
    row = await db.fetchone(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
    return match_record(row) if row else None


async def read_seats(db: Database, match_id: int) -> list[SeatRecord]:
    """A match's seats in seat order, on the database or inside a transaction."""
    rows = await db.fetchall("SELECT match_id, seat, user_id, invited, joined FROM seats WHERE match_id = ? "
                             "ORDER BY seat", (match_id,))
    return [SeatRecord(r[0], r[1], r[2], bool(r[3]), bool(r[4])) for r in rows]


__all__ = ["MATCH_COLUMNS", "match_columns", "match_record", "read_match", "read_seats"]
