"""Persistence: schema migrations and one repository API (`Store`) over SQLite via aiosqlite."""

from data.store import LogEntry, MatchRecord, SeatRecord, StaleWrite, Store, UserRecord

__all__ = ["LogEntry", "MatchRecord", "SeatRecord", "StaleWrite", "Store", "UserRecord"]
