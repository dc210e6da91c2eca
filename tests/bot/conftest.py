"""Bot tests: the real discord.py command tree, offline, against simcord's simulated Discord."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import simcord.env

from bot import Settings, TabletopBot, create_bot

# After each dispatch simcord waits until the bot is quiet, looking again every `idle` seconds (0.05 by default).
# While a task is still stepping (the scheduler recomputing after a poke, a command awaiting the database thread),
# each look waits the whole interval, though the step ends a millisecond later: a quarter of the pseudo-locale
# playthrough's time. Looking every 10 ms changes only how often; what counts as quiet is the same.
_SETTLE_DEFAULTS = simcord.env.Env._settle_internal.__kwdefaults__
assert _SETTLE_DEFAULTS is not None and _SETTLE_DEFAULTS.get("idle") == 0.05, \
    "simcord's settle no longer takes `idle` as before: look again at this interval (tests/bot/conftest.py)"
_SETTLE_DEFAULTS["idle"] = 0.01

_BOTS: list[TabletopBot] = []


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tabletop.sqlite3")


def make_bot(db_path: str, seed: int = 1) -> TabletopBot:
    """A bot on `db_path` that syncs its commands at start (as `python bot.py --sync` does).

    The seeded RNG only makes seat draws and dice repeatable in tests; the real bot uses secrets.SystemRandom.
    """
    # Boards in threads only: simcord wraps run_in_executor's callable to track it, which a worker process cannot
    # receive (cogs/painter.py's processes are tested on their own, tests/bot/test_painter.py).
    bot = create_bot(Settings(token="", database_path=db_path, sync_commands=True, render_workers=0),
                     rng=random.Random(seed))
    _BOTS.append(bot)
    return bot


@pytest_asyncio.fixture
async def simcord_bot(db_path: str) -> AsyncIterator[TabletopBot]:
    bot = make_bot(db_path)
    yield bot
    # simcord detaches bots without closing them: close every store this test opened (restarts included).
    while _BOTS:
        old = _BOTS.pop()
        if old.store is not None:
            await old.store.close()
