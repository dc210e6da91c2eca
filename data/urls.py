"""PostgreSQL URLs as the store and its tools name them, without asyncpg: SQLite users need no PostgreSQL driver
(it is the `postgres` extra: pip install -e ".[postgres]")."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

DEFAULT_POOL_SIZE = 10


def is_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password: it names the database in messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
