"""The match service and the store, driven directly (no discord): lobbies, turns, commits, concurrency, replay."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from data.migrations import MIGRATIONS
from matches import MatchService, Refusal

ADA, BOB, CY = 11, 22, 33


@pytest_asyncio.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "t.sqlite3")
    yield opened
    await opened.close()


async def started(service: MatchService, game: str = "cintos", players: int = 2, **options: str):
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=players, options=options)
    for user in (BOB, CY, 44, 55, 66)[: players - 1]:
        await service.join(match.id, user)
    turn = await service.start(match.id, ADA)
    return turn.match


async def test_schema_is_migrated_and_log_is_append_only(store: Store, tmp_path: Path) -> None:
    assert await store.schema_version() == len(MIGRATIONS)
    service = MatchService(store, rng=random.Random(1))
    match = await started(service)
    mover = match.user_at(match.actors()[0])
    await service.act(match.id, mover, (await service.legal_texts(match.id, mover))[0])
    with pytest.raises(Exception, match="append-only"):
        await store.conn.execute("UPDATE actions SET text = 'x' WHERE match_id = ?", (match.id,))
    await store.close()
    again = await Store.open(tmp_path / "t.sqlite3")  # reopening runs no migration twice
    assert await again.schema_version() == len(MIGRATIONS)
    assert [e.n for e in await again.log(match.id)] == [1]
    await again.close()


async def test_lobby_rules(store: Store) -> None:
    service = MatchService(store, rng=random.Random(1))
    with pytest.raises(Refusal, match="2, 4"):
        await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=3)
    with pytest.raises(Refusal, match="valid options"):
        await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, options={"x": "1"})
    match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, invited=[BOB])
    with pytest.raises(Refusal, match="full"):
        await service.join(match.id, CY)
    with pytest.raises(Refusal, match="waiting for 1 invited"):
        await service.start(match.id, ADA)
    await service.join(match.id, BOB)
    with pytest.raises(Refusal, match="Only the player who opened"):
        await service.start(match.id, BOB)
    await service.leave(match.id, BOB)
    assert [s.user_id for s in match.seats] == [ADA]
    await service.leave(match.id, ADA)
    assert match.status == "aborted"
    with pytest.raises(Refusal, match="ended"):
        await service.join(match.id, BOB)


async def test_act_commits_before_returning_and_refusals_change_nothing(store: Store) -> None:
    service = MatchService(store, rng=random.Random(2))
    match = await started(service)
    mover = match.user_at(match.actors()[0])
    other = BOB if mover == ADA else ADA
    before = (match.record.version, match.state)
    for user, text, words in [(other, "a1-a2", "not your turn"), (99, "a1-a2", "not playing"),
                              (mover, "a1-a9", ""), (mover, "hello", ""), (mover, "b2-b3", "")]:
        with pytest.raises(Refusal, match=words or None):
            await service.act(match.id, user, text)
        assert (match.record.version, match.state) == before
    assert await store.log(match.id) == []
    text = (await service.legal_texts(match.id, mover))[0]
    turn = await service.act(match.id, mover, text)
    log = await store.log(match.id)
    assert [(e.seat, e.user_id, e.text) for e in log] == [(match.seat_of(mover), mover, text)]
    assert turn.events[0].text == text
    stored = await store.get_match(match.id)
    assert stored is not None and stored.version == 1 and stored.state == match.game.to_json(match.state)


async def test_concurrent_submissions_never_both_apply(store: Store) -> None:
    service = MatchService(store, rng=random.Random(3))
    match = await started(service)
    mover = match.user_at(match.actors()[0])
    texts = (await service.legal_texts(match.id, mover))[:2]
    results = await asyncio.gather(*(service.act(match.id, mover, t) for t in texts), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(applied) == 1 and len(refused) == 1 and "not your turn" in refused[0].message
    assert len(await store.log(match.id)) == 1


async def test_two_services_on_one_database_cannot_both_apply(store: Store, tmp_path: Path) -> None:
    first = MatchService(store, rng=random.Random(4))
    match = await started(first)
    other_store = await Store.open(tmp_path / "t.sqlite3")
    second = MatchService(other_store, rng=random.Random(4))
    twin = await second.get(match.id)
    mover = match.user_at(match.actors()[0])
    texts = await first.legal_texts(match.id, mover)
    await first.act(match.id, mover, texts[0])
    with pytest.raises(Refusal, match="changed while you were acting"):
        await second.act(twin.id, mover, texts[1])  # its copy was stale: refused, then reloaded
    assert twin.record.version == 1 and twin.state == match.state
    assert len(await store.log(match.id)) == 1
    await other_store.close()


async def test_chance_outcomes_are_drawn_logged_and_replayed(store: Store) -> None:
    service = MatchService(store, rng=random.Random(5))
    match = await started(service, "sinoda", players=3)
    log = await store.log(match.id)
    assert log and log[0].seat is None and log[0].text.startswith("first ")  # the first-player draw
    rng = random.Random(6)
    for _ in range(12):
        if match.outcome() is not None:
            break
        (seat,) = match.actors()
        user = match.user_at(seat)
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
    fresh = MatchService(store)
    assert match.game.position(await fresh.replay(match.id)) == match.game.position(match.state)


async def test_resign_ends_a_two_player_match(store: Store) -> None:
    service = MatchService(store, rng=random.Random(7))
    match = await started(service)
    turn = await service.resign(match.id, BOB)
    outcome = turn.outcome
    assert outcome is not None and outcome.winners == frozenset({match.seat_of(ADA)})
    assert match.status == "finished" and getattr(await store.get_match(match.id), "status", None) == "finished"
    with pytest.raises(Refusal, match="over"):
        await service.act(match.id, ADA, "a1-a2")
    assert [m.id for m in await service.matches_for(ADA)] == []


async def test_automatic_pass_is_applied_and_logged(store: Store) -> None:
    """Cintos: a player with no legal move passes automatically (the server submits it)."""
    service = MatchService(store, rng=random.Random(8))
    match = await started(service)
    game = match.game
    # Blue's only piece, on h1, is boxed in by red pieces on g1 and h2.
    state = game.from_position("RRRRRRRR/RRRR4/8/8/8/8/7R/5RRB R-B- R 0 RB 10")
    match.state = state
    red = match.user_at(0)
    turn = await service.act(match.id, red, "a7-a6")
    kinds = [e.kind for e in turn.events]
    assert kinds == ["action", "auto"] and turn.events[1].text == "pass"
    assert match.actors() == [0]


async def test_get_visible_keeps_a_match_to_its_server_and_its_players(store: Store) -> None:
    service = MatchService(store, rng=random.Random(1))
    match = await started(service)  # guild 1, players ADA and BOB
    assert (await service.get_visible(match.id, CY, 1)).id == match.id  # a member of its server may look
    assert (await service.get_visible(match.id, BOB, 99)).id == match.id  # a player may look from anywhere
    assert (await service.get_visible(match.id, ADA, None)).id == match.id  # even from a DM
    for guild in (99, None):  # a stranger in another server, or in a DM, may not
        with pytest.raises(Refusal, match="another server"):
            await service.get_visible(match.id, CY, guild)
    dm_match = await service.create("cintos", guild_id=None, channel_id=3, creator_id=ADA, players=2)
    with pytest.raises(Refusal, match="another server"):  # a match without a server shows only to its table
        await service.get_visible(dm_match.id, CY, None)
    with pytest.raises(Refusal, match="no match #999"):
        await service.get_visible(999, ADA, 1)
