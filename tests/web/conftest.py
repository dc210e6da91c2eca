"""Fixtures of the web tests: a site on a fresh SQLite file (the browser tests add Chromium in test_browser.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from tests.web.helpers import Site, open_site


@pytest_asyncio.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    opened = await open_site(str(tmp_path / "web.sqlite3"))
    yield opened
    await opened.close()
