"""Takeback requests (`store.takebacks`, table `takebacks`): a casual match's one request to take back a move, who
agreed and who declined (matches/takebacks.py). Seats only, no user id: a request is about a position, not a person."""

from __future__ import annotations

import json
from dataclasses import dataclass

from data.sql import Database

_COLUMNS = "match_id, version, line, seat, agreed, declined, asked_at"


@dataclass(frozen=True)
class TakebackRow:
    """A match's latest takeback request. It is about the position at `version` only: once the match's version
    differs (anyone moved, or the takeback was played) it has lapsed, whatever it says."""

    match_id: int
    version: int  # the match's version (its last log line) when asked
    line: int  # the log line of the move to take back
    seat: int  # who asks: the seat that made that move
    agreed: tuple[int, ...]  # the seats that accepted so far
    declined: int | None  # the seat that declined (None: not declined)
    asked_at: float


class Takebacks:
    """One row per match (the latest request), on the store's database; every write is a compare-and-set."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def latest(self, match_id: int) -> TakebackRow | None:
        row = await self._db.fetchone(f"SELECT {_COLUMNS} FROM takebacks WHERE match_id = ?", (match_id,))
        if row is None:
            return None
        return TakebackRow(int(row[0]), int(row[1]), int(row[2]), int(row[3]), tuple(json.loads(row[4])),
                           None if row[5] is None else int(row[5]), float(row[6]))

    async def ask(self, match_id: int, *, version: int, line: int, seat: int, now: float) -> bool:
        """Record a request about the position at `version`, only while the match is running at that version and
        no request was made at it yet (pending or declined: one per position). False when either is not so."""
        return await self._db.execute(
            f"INSERT INTO takebacks ({_COLUMNS}) SELECT id, ?, ?, ?, '[]', NULL, ? FROM matches "
            "WHERE id = ? AND version = ? AND status = 'active' "
            "ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, line = excluded.line, "
            "seat = excluded.seat, agreed = excluded.agreed, declined = NULL, asked_at = excluded.asked_at "
            "WHERE takebacks.version < excluded.version",
            (version, line, seat, now, match_id, version)) > 0

    async def answer(self, row: TakebackRow, *, agreed: tuple[int, ...] = (), declined: int | None = None) -> bool:
        """Set who agreed (`agreed`) or who declined the pending request `row`, only if it is still as read (the
        same position, undeclined, the same seats agreeing): False when another answer came first."""
        return await self._db.execute(
            "UPDATE takebacks SET agreed = ?, declined = ? WHERE match_id = ? AND version = ? AND declined IS NULL "
            "AND agreed = ?", (json.dumps(sorted(agreed)), declined, row.match_id, row.version,
                               json.dumps(sorted(row.agreed)))) > 0

    async def last_seat(self, match_id: int) -> int | None:
        """The seat of the match's last log line (None: a chance outcome, or no line): one row along the key."""
        row = await self._db.fetchone("SELECT seat FROM actions WHERE match_id = ? AND n >= 1 ORDER BY n DESC LIMIT 1",
                                      (match_id,))
        return None if row is None or row[0] is None else int(row[0])
