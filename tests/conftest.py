"""Fixtures for every test: a PostgreSQL cluster started once per session, only when a test asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_server import Cluster, PostgresUnavailable, start_cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL server for the session. Never skipped: without PostgreSQL the asking tests fail."""
    try:
        cluster = start_cluster()
    except PostgresUnavailable as error:
        reason = str(error)
    else:
        reason = ""
    if reason:  # failed outside the except block: one line, no chained traceback
        pytest.fail(f"PostgreSQL unavailable: {reason}", pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(pg_cluster: Cluster) -> Iterator[str]:
    """The URL of an empty database of its own for each test; afterwards its connections are ended and it is
    emptied for a later test (far cheaper than a new database with fsync on)."""
    url = pg_cluster.fresh_database()
    yield url
    pg_cluster.recycle(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend, for a test to run twice: a SQLite file that does not exist yet, or an
    empty PostgreSQL database (both can be opened by two processes at once)."""
    if request.param == "sqlite":
        return str(tmp_path / "tabletop.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
