"""Fixtures for every test: a PostgreSQL cluster started once per session, only when a test asks for it; and the
order tests are handed to pytest-xdist's workers in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_server import Cluster, PostgresUnavailable, start_cluster

# The files of the longest tests (5 to 35 processor-seconds a test, measured by a whole run), collected first.
# test.sh runs pytest-xdist with `--dist worksteal`, which deals the tests out in collection order and lets an idle
# worker take from a busy one: one of these collected last (the browser tests are, under tests/web/) would keep one
# worker busy at the end while the others have nothing left to take. Whole files move, in their own order, so a
# module's fixtures are set up once. A file missing here only costs time, never a result.
LONG_FIRST = (
    "tests/bot/test_pseudo_locale_playthrough.py", "tests/bot/test_swiss_standings_bot.py",
    "tests/bot/test_acknowledge_first.py", "tests/web/test_browser_languages.py", "tests/players/test_choose.py",
    "tests/bot/test_tournament_bot.py", "tests/players/test_sanae_search.py", "tests/tabletop/test_table.py",
    "tests/bench/test_playon.py", "tests/web/test_browser.py", "tests/bot/test_bodsoi_bot.py",
    "tests/bot/test_sinoda_bot.py", "tests/rules/test_engine_caches.py", "tests/render/test_images_every_language.py",
    "tests/matches/test_two_processes.py", "tests/tabletop/test_table_languages.py", "tests/bot/test_analysis_bot.py",
    "tests/rules/test_conformance.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: k for k, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))  # stable: the rest keep their order


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
