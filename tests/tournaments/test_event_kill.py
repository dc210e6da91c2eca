"""kill -9 while a round's matches are made: a restart finds every match in its table, and none outside the round.

The driver (tests/tournaments/kill_driver.py) presses Start and SIGKILLs itself right after the first tournament match
is created, or right after its start is committed. The restarted service's `recover` must adopt that match for
its table (starting it if it was not started) rather than make a second one: on the build that linked a match to
its table after creating and starting it, both players had two running matches, and the orphan counted in no
round."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

import pytest

from data import Store
from matches import MatchService
from tests import forked
from tournaments import TournamentService

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [101, 102, 103, 104]


async def services(target: str, seed: int) -> tuple[Store, TournamentService]:
    store = await Store.open(target)
    return store, TournamentService(MatchService(store, rng=random.Random(seed)), rng=random.Random(seed))


@pytest.mark.parametrize("point", ["created", "started"])
async def test_a_kill_while_round_matches_are_made_leaves_no_orphan(target: str, point: str) -> None:
    store, tournaments = await services(target, 1)
    try:
        event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=1)
        for user in PLAYERS:
            await tournaments.join(event.id, user)
    finally:
        await store.close()

    driver = await forked.spawn(["-m", "tests.tournaments.kill_driver", target, point], cwd=ROOT,
                                stdout=forked.PIPE, stderr=forked.PIPE)
    out, err = await asyncio.wait_for(driver.communicate(), 120)
    assert driver.returncode == -signal.SIGKILL, (out + err).decode()[-2000:]

    store, tournaments = await services(target, 2)  # the restart
    try:
        assert await tournaments.recover() == [event.id]
        event = await tournaments.get(event.id)
        tables = event.round_tables(1)
        assert len(tables) == 2 and all(t.match_id is not None for t in tables), tables
        made = [row[0] for row in await store.db.fetchall("SELECT id FROM matches ORDER BY id")]
        assert sorted(made) == sorted(t.match_id or 0 for t in tables), f"matches {made}, in the round {tables}"
        for table in tables:
            match = await tournaments.matches.get(table.match_id or 0)
            assert match.status == "active" and match.user_ids == event.seats_of(table)
        for user in PLAYERS:
            assert len(await tournaments.matches.matches_for(user, ("lobby", "active"))) == 1, user
    finally:
        await store.close()
