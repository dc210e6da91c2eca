"""The match service over both backends: whole games of every kind are committed, replayed from the log, and two
services on one database (two processes) never both apply a move."""

from __future__ import annotations

import random

import pytest

from data import Store
from matches import MatchService, Refusal

ADA, BOB, CY = 10**18 + 11, 10**18 + 22, 10**18 + 33  # snowflake-sized ids


@pytest.mark.parametrize(("game", "players"), [("cintos", 2), ("sinoda", 3), ("sakamichi", 2), ("sanae", 2),
                                               ("bodsoi", 2)])
async def test_a_game_is_committed_and_replays(store: Store, game: str, players: int) -> None:
    service = MatchService(store, rng=random.Random(3))
    match = await service.create(game, guild_id=2**62, channel_id=2**61, creator_id=ADA, players=players)
    for user in (BOB, CY)[: players - 1]:
        await service.join(match.id, user)
    match = (await service.start(match.id, ADA)).match
    rng = random.Random(4)
    for _ in range(25):
        if match.outcome() is not None:
            break
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
    stored = await store.get_match(match.id)
    assert stored is not None and stored.version == match.record.version > 0
    assert len(await store.log(match.id)) == stored.version
    fresh = MatchService(store)
    assert match.game.position(await fresh.replay(match.id)) == match.game.position(match.state)
    assert [m.id for m in await fresh.matches_for(BOB)] == ([match.id] if match.outcome() is None else [])


async def test_two_services_on_one_database_never_both_apply(store: Store, target: str) -> None:
    first = MatchService(store, rng=random.Random(4))
    match = await first.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    await first.join(match.id, BOB)
    match = (await first.start(match.id, ADA)).match
    other_store = await Store.open(target)
    try:
        second = MatchService(other_store, rng=random.Random(4))
        twin = await second.get(match.id)
        mover = match.user_at(match.actors()[0])
        texts = await first.legal_texts(match.id, mover)
        await first.act(match.id, mover, texts[0])
        # Its copy is stale: refused at the commit, then reloaded (SQLite), or reloaded first since the revision
        # changed (PostgreSQL: `store.shared`) and refused as the turn has passed.
        with pytest.raises(Refusal, match=r"changed while you were acting|not your turn"):
            await second.act(twin.id, mover, texts[1])
        assert twin.record.version == 1 and twin.state == match.state
        assert len(await store.log(match.id)) == 1
    finally:
        await other_store.close()
