"""A move on PostgreSQL costs few round trips to the server: the match's revision and the request's key in one
read, the move and its log lines in one statement. Counted by the backend (every statement, BEGIN and COMMIT)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest_asyncio

from data import Store
from matches import MatchService

MOST = 4  # round trips per acknowledged move (issue 26)
ADA, BOB = 11, 22


@pytest_asyncio.fixture
async def service(postgres_url: str) -> AsyncIterator[MatchService]:
    store = await Store.open(postgres_url)
    yield MatchService(store, rng=random.Random(3))
    await store.close()


async def test_a_move_costs_at_most_four_round_trips(service: MatchService) -> None:
    store = service.store
    pick = random.Random(5)
    counts: list[int] = []
    for game in ("cintos", "sinoda", "sakamichi", "sanae", "bodsoi"):
        lobby = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=2)
        await service.join(lobby.id, BOB)
        match = (await service.start(lobby.id, ADA)).match
        for n in range(12):
            if not match.actors():
                break
            user = match.user_at(match.actors()[0])
            text = pick.choice(await service.legal_texts(match.id, user))
            before = store.round_trips
            match = (await service.act(match.id, user, text, key=f"{game}-{n}")).match
            counts.append(store.round_trips - before)
    assert len(counts) > 40
    assert max(counts) <= MOST, counts
    # The same holds for a retry: refused as already played after one read.
    before = store.round_trips
    refused = None
    try:
        await service.act(match.id, ADA, "anything", key=f"bodsoi-{n - 1}")
    except Exception as error:
        refused = str(error)
    assert refused is not None and refused.startswith("Already played"), refused
    assert store.round_trips - before <= 1
