"""What the multi-process tests share: started matches, driver subprocesses, and the check of every stored log."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from data import Store
from matches import MatchService
from rules import GAMES
from tests import forked

ROOT = Path(__file__).resolve().parents[2]
DRIVER = "tests.matches.two_process_driver"


async def start_matches(target: str, count: int, *, time_control: int | Sequence[int] = 0,
                        timeout_rule: str = "claim", games: Sequence[str] | None = None) -> list[int]:
    """`count` started 2-player matches (the games in turn), two users of their own each; their ids."""
    names = list(games or sorted(GAMES))
    store = await Store.open(target)
    try:
        service = MatchService(store, rng=random.Random(7))
        ids = []
        for i in range(count):
            tc = time_control if isinstance(time_control, int) else time_control[i]
            creator = 1000 + 2 * i
            match = await service.create(names[i % len(names)], guild_id=1, channel_id=2, creator_id=creator,
                                         players=2, time_control=tc, timeout_rule=timeout_rule)
            await service.join(match.id, creator + 1)
            await service.start(match.id, creator)
            ids.append(match.id)
        return ids
    finally:
        await store.close()


async def spawn(*args: str) -> forked.AsyncChild:
    """A driver process (tests/matches/two_process_driver.py) with stdout and stderr piped, forked from the zygote."""
    return await forked.spawn(["-m", DRIVER, *args], cwd=ROOT, stdout=forked.PIPE, stderr=forked.PIPE)


@dataclass(frozen=True)
class Ack:
    match_id: int
    n: int
    key: str


def acks(lines: Sequence[str]) -> list[Ack]:
    """The `ok <match> <n> <key>` lines: moves the driver said were committed."""
    found = []
    for line in lines:
        words = line.split()
        if len(words) == 4 and words[0] == "ok":
            found.append(Ack(int(words[1]), int(words[2]), words[3]))
    return found


async def keyed_lines(target: str) -> list[tuple[int, int, str]]:
    """Every (match, log line, key) with an idempotency key, read with plain SQL (no store code in between)."""
    sql = "SELECT match_id, n, key FROM actions WHERE key IS NOT NULL ORDER BY match_id, n"
    if target.startswith("postgresql://"):
        conn = await asyncpg.connect(target)
        try:
            return [(r[0], r[1], r[2]) for r in await conn.fetch(sql)]
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        return [(r[0], r[1], r[2]) for r in conn.execute(sql)]


async def sessions_ended(url: str, timeout: float = 20.0) -> None:
    """Wait until no other client is connected to `url`'s PostgreSQL database. A client killed mid-transaction
    leaves its server process finishing the statement it was running: a COMMIT sent just before the kill lands
    after it, and a check reading the match row and then the match (two reads) saw the two sides of that commit."""
    conn = await asyncpg.connect(url)
    try:
        deadline = asyncio.get_running_loop().time() + timeout
        while await conn.fetchval("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"):
            assert asyncio.get_running_loop().time() < deadline, "a killed client's session never ended"
            await asyncio.sleep(0.02)
    finally:
        await conn.close()


async def check_logs(target: str, ids: Sequence[int]) -> dict[int, int]:
    """For every match: the log is lines 1..version with no gap or duplicate, and it replays to the stored state.
    Returns each match's version. Read through a fresh store and service (no cache from the run)."""
    store = await Store.open(target)
    try:
        service = MatchService(store)
        versions = {}
        for match_id in ids:
            record = await store.get_match(match_id)
            assert record is not None
            numbers = [e.n for e in await store.log(match_id)]
            assert numbers == list(range(1, record.version + 1)), (match_id, numbers)
            match = await service.get(match_id)
            assert await service.replay(match_id) == match.state, f"match {match_id} does not replay to its state"
            assert match.game.to_json(match.state) == record.state
            versions[match_id] = record.version
        return versions
    finally:
        await store.close()
