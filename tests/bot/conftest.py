"""Bot tests: the real discord.py command tree, offline, against simcord's simulated Discord."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import Settings, TabletopBot, create_bot


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tabletop.sqlite3")


def make_bot(db_path: str, seed: int = 1) -> TabletopBot:
    # The seeded RNG only makes seat draws repeatable in tests; the bot itself uses secrets.SystemRandom.
    return create_bot(Settings(token="", database_path=db_path, sync_commands=True), rng=random.Random(seed))


@pytest.fixture
def simcord_bot(db_path: str) -> TabletopBot:
    return make_bot(db_path)
