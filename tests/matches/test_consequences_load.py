"""The issue's first run: two bot processes on PostgreSQL ending rated matches under load, each killed -9 at a random
moment, left finished rated matches with no rating applied. Now the restart's catch-up (what bot.py runs first)
rates every one of them, once: each player's one rated match counted once, every recorded change equal to a rebuild's.
How many the kills left unrated before the catch-up is printed (`-s`), a measure of how often the window is hit."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

from cogs.scheduler import Scheduler
from data import Store
from matches import MatchService
from tests import forked
from tests.matches.test_consequences_kill import Posts

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 60


async def prepared(url: str) -> list[int]:
    """MATCHES running rated Cintos matches, two players of their own each, where each side has moved."""
    store = await Store.open(url)
    try:
        service = MatchService(store, rng=random.Random(1))
        ids = []
        for i in range(MATCHES):
            users = [2000 + 2 * i, 2001 + 2 * i]
            turn = await service.create_seated("cintos", guild_id=1, channel_id=2, creator_id=users[0], users=users,
                                               rated=True)
            for _ in range(2):
                match = await service.get(turn.match.id)
                (seat,) = match.actors()
                user = match.user_at(seat)
                await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
            ids.append(turn.match.id)
        return ids
    finally:
        await store.close()


async def unrated(store: Store) -> int:
    row = await store.db.fetchone("SELECT COUNT(*) FROM matches WHERE status = 'finished' AND rated = 1 AND id NOT IN "
                                  "(SELECT match_id FROM rated_matches)")
    return int(row[0]) if row else -1


async def test_two_processes_killed_under_load_lose_no_rating(postgres_url: str) -> None:
    ids = await prepared(postgres_url)
    rng = random.Random()
    drivers = [await forked.spawn(
        ["-m", "tests.matches.ending_load_driver", postgres_url, f"{ids[0]}-{ids[-1]}", str(seed)],
        cwd=ROOT, stdin=forked.PIPE, stdout=forked.PIPE, stderr=forked.PIPE)
        for seed in (1, 2)]
    lines: list[str] = []
    try:
        for driver in drivers:
            assert driver.stdout is not None and driver.stderr is not None
            ready = await asyncio.wait_for(driver.stdout.readline(), 60)
            assert ready == b"ready\n", ready + await driver.stderr.read()
        for driver in drivers:  # go, both at once
            assert driver.stdin is not None
            driver.stdin.write(b"go\n")
            await driver.stdin.drain()
        for driver in drivers:  # each has ended a match at least: the kills land in the middle of the load
            assert driver.stdout is not None and driver.stderr is not None
            first = await asyncio.wait_for(driver.stdout.readline(), 60)
            assert first.startswith(b"ended "), first + await driver.stderr.read()
        await asyncio.sleep(rng.uniform(0.0, 0.05))
        for driver in drivers:
            driver.send_signal(signal.SIGKILL)
            await asyncio.sleep(rng.uniform(0.0, 0.1))
        for driver in drivers:
            out, _ = await driver.communicate()
            lines += out.decode().splitlines()
            assert driver.returncode == -signal.SIGKILL, "a driver finished before its kill: more matches needed"
    finally:
        for driver in drivers:
            if driver.returncode is None:
                driver.kill()
                await driver.wait()
    assert not [line for line in lines if line.startswith("error")], lines

    store = await Store.open(postgres_url)
    try:
        service = MatchService(store, rng=random.Random(3))
        left = await unrated(store)
        await Scheduler(service, Posts(service)).catch_up()
        finished = [r[0] for r in await store.db.fetchall(
            "SELECT id FROM matches WHERE status = 'finished' ORDER BY id")]
        print(f"\n{len(finished)} of {MATCHES} matches ended before the kills; {left} left unrated by them")
        assert finished
        assert await unrated(store) == 0
        rows = await store.db.fetchall("SELECT games FROM ratings")
        assert len(rows) == 2 * len(finished) and {r[0] for r in rows} == {1}  # once each: nothing doubled
        recorded, recomputed = await service.rebuild_ratings(write=False)
        assert recorded == recomputed
    finally:
        await store.close()
