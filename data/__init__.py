"""Persistence: schema migrations and one repository API (`Store`) over SQLite via aiosqlite."""

from data.store import (
    GuildSettings,
    LogEntry,
    MatchRecord,
    NotifyPreference,
    SeatRecord,
    StaleWrite,
    Store,
    UserRecord,
)

__all__ = ["GuildSettings", "LogEntry", "MatchRecord", "NotifyPreference", "SeatRecord", "StaleWrite", "Store",
           "UserRecord"]
