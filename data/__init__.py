"""Persistence: schema migrations and the store (`Store`: its core, and `store.users`, `.ratings`, `.tournaments`,
`.web` and `.changes`) over SQLite (aiosqlite) or PostgreSQL (asyncpg)."""

from data.health import CommitUnknown, StoreUnavailable, store_problem
from data.store import (
    Appended,
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

__all__ = ["Appended", "CommitUnknown", "Duplicate", "Fenced", "GuildSettings", "Lease", "LogEntry", "MatchRecord",
           "NotifyPreference", "SeatRecord", "StaleWrite", "Store", "StoreUnavailable", "UserRecord", "store_problem"]
