"""Persistence: schema migrations and one repository API (`Store`) over SQLite (aiosqlite) or PostgreSQL (asyncpg)."""

from data.health import StoreUnavailable, store_problem
from data.store import (
    Duplicate,
    Fenced,
    GuildSettings,
    Lease,
    LogEntry,
    MatchRecord,
    NotifyPreference,
    SeatRecord,
    StaleWrite,
    Store,
    UserRecord,
)

__all__ = ["Duplicate", "Fenced", "GuildSettings", "Lease", "LogEntry", "MatchRecord", "NotifyPreference",
           "SeatRecord", "StaleWrite", "Store", "StoreUnavailable", "UserRecord", "store_problem"]
