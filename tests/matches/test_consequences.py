"""What a match's end sets off when a step fails without a crash: a listener that raises, a database outage during the
rating write. The match stays unsettled, the failure is logged once however often the sweep retries, and the sweep
completes it once the cause is gone (each step once). Also: the migration marks what ended before as done, except
what visibly lacks a consequence."""

from __future__ import annotations

import asyncio
import logging
import math
import random
from pathlib import Path
from typing import Any

import pytest

import data.migrations
from data import Store
from matches import Match, MatchService
from tests.matches.test_consequences_kill import Posts
from tests.pg_server import Cluster

ADA, BOB = 11, 22


async def rated_match(service: MatchService) -> int:
    """A running rated Cintos match where each side has moved (a resignation now is rated)."""
    turn = await service.create_seated("cintos", guild_id=1, channel_id=2, creator_id=ADA, users=[ADA, BOB],
                                       rated=True)
    match_id = turn.match.id
    for _ in range(2):
        match = await service.get(match_id)
        (seat,) = match.actors()
        user = match.user_at(seat)
        await service.act(match_id, user, (await service.legal_texts(match_id, user))[0])
    return match_id


def lines(caplog: pytest.LogCaptureFixture, match_id: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "matches.consequences" and f"match {match_id}" in r.getMessage()
            and r.levelno >= logging.ERROR]


async def test_a_failing_listener_is_retried_by_the_sweep_and_logged_once(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        service = MatchService(store, rng=random.Random(1))
        calls: list[int] = []
        broken = True

        async def listener(match: Match) -> None:
            calls.append(match.id)
            if broken:
                raise RuntimeError("the listener's bug")

        service.on_finish.append(listener)
        match_id = await rated_match(service)
        with caplog.at_level(logging.ERROR, logger="matches.consequences"):
            await service.resign(match_id, ADA)  # committed and acknowledged whatever the listener does
            assert await store.unsettled(math.inf, 10) == [match_id]
            assert await service.rating_changes(match_id), "the rating does not wait for a failing listener"
            for _ in range(3):
                assert await service.settle_ended(0.0) == 0
            assert len(lines(caplog, match_id)) == 1, caplog.text  # one line, however often it is retried
            broken = False
            assert await service.settle_ended(0.0) == 1
            assert await service.settle_ended(0.0) == 0  # settled: never again
        assert calls == [match_id] * 5
        assert await store.unsettled(math.inf, 10) == []
        rows = await store.db.fetchall("SELECT user_id, games FROM ratings ORDER BY user_id")
        assert [tuple(r) for r in rows] == [(ADA, 1), (BOB, 1)]  # the retries never rated it again
    finally:
        await store.close()


async def test_a_match_ending_now_is_left_to_its_own_process_for_the_grace(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        service = MatchService(store, rng=random.Random(1))
        match_id = await rated_match(service)
        service.on_finish.append(_fail)
        await service.resign(match_id, ADA)
        assert await service.settle_ended() == 0  # ended a moment ago: the scheduler leaves it for SETTLE_GRACE
        assert await store.unsettled(math.inf, 10) == [match_id]
    finally:
        await store.close()


async def _fail(match: Match) -> None:
    raise RuntimeError("left unsettled")


async def test_a_database_outage_during_the_rating_is_made_good_when_it_answers(
        pg_cluster: Cluster, postgres_url: str, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's second run: the server restarted between the commit that ended a rated match and its rating
    write; the write failed and nothing tried again. Now the match stays unsettled, one line is logged (an outage,
    no traceback), and the sweep rates it once the server is back."""
    store = await Store.open(postgres_url)
    try:
        service = MatchService(store, rng=random.Random(1))
        match_id = await rated_match(service)
        real = store.ratings.apply_rating

        async def after_an_outage(*args: Any, **kwargs: Any) -> Any:
            await asyncio.to_thread(pg_cluster.stop_server, "immediate")  # the server dies after the commit
            return await real(*args, **kwargs)

        monkeypatch.setattr(store.ratings, "apply_rating", after_an_outage)
        try:
            with caplog.at_level(logging.ERROR, logger="matches.consequences"):
                await service.resign(match_id, ADA)  # the ending is committed before the outage
        finally:
            monkeypatch.setattr(store.ratings, "apply_rating", real)
            await asyncio.to_thread(pg_cluster.start)
        failed = lines(caplog, match_id)
        assert len(failed) == 1 and failed[0].exc_info is None, caplog.text  # an outage: one line, no traceback
        assert "database" in failed[0].getMessage()
        for _ in range(20):  # the pool's connections died with the server: the first reads may still fail
            try:
                done = await service.settle_ended(0.0)
                break
            except Exception:
                await asyncio.sleep(0.2)
        assert done == 1
        assert await service.rating_changes(match_id)
        rows = await store.db.fetchall("SELECT user_id, games FROM ratings ORDER BY user_id")
        assert [tuple(r) for r in rows] == [(ADA, 1), (BOB, 1)]
        assert await store.unsettled(math.inf, 10) == []
    finally:
        await store.close()


async def test_the_migration_leaves_pending_only_what_lacks_a_consequence(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.sqlite3"
    steps = data.migrations.MIGRATIONS
    mine = next(i for i, migration in enumerate(steps)
                if any(isinstance(s, str) and "ADD COLUMN settled" in s for s in migration))
    monkeypatch.setattr(data.migrations, "MIGRATIONS", steps[:mine])  # the schema before it
    store = await Store.open(path)
    try:
        service = MatchService(store, rng=random.Random(1))
        service.core.pausable = None  # that schema had no vacations (a later step): the old code paused nobody
        rated, unrated_missing = await rated_match(service), await rated_match(service)
        await service.resign(rated, ADA)  # rated live
        await service.resign(unrated_missing, BOB)
        await store.db.execute("DELETE FROM rating_changes WHERE match_id = ?", (unrated_missing,))
        await store.db.execute("DELETE FROM rated_matches WHERE match_id = ?", (unrated_missing,))  # a crash's loss
        running = await rated_match(service)
    finally:
        await store.close()
    monkeypatch.setattr(data.migrations, "MIGRATIONS", steps)
    store = await Store.open(path)
    try:
        rows = await store.db.fetchall("SELECT id, settled, board_posted FROM matches ORDER BY id")
        assert [tuple(r) for r in rows] == [(rated, 1, 1), (unrated_missing, 0, 1), (running, 0, 0)]
        service = MatchService(store, rng=random.Random(1))
        assert await service.settle_ended(0.0) == 1  # the start's sweep rates the one a crash left unrated
        assert await service.rating_changes(unrated_missing)
        assert await service.unposted_boards(0.0) == []  # old final boards are never posted again
    finally:
        await store.close()


async def test_the_running_scheduler_retries_a_failed_step_soon(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing else due (no clock, no lobby) the leader still wakes for an unsettled match (RETRY, shortened
    here with the grace) and completes it."""
    from cogs import scheduler as scheduling

    monkeypatch.setattr(scheduling, "RETRY", 0.2)
    monkeypatch.setattr(scheduling, "SETTLE_GRACE", 0.1)
    monkeypatch.setattr(scheduling, "MIN_SLEEP", 0.05)
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        service = MatchService(store, rng=random.Random(1))
        calls: list[int] = []

        async def once_broken(match: Match) -> None:
            calls.append(match.id)
            if len(calls) == 1:
                raise RuntimeError("a failure the sweep makes good")

        service.on_finish.append(once_broken)
        match_id = await rated_match(service)
        await service.resign(match_id, ADA)
        await service.board_final_posted(match_id)  # only the listener is left to do
        running = scheduling.Scheduler(service, Posts(service))
        running.start()
        try:
            for _ in range(100):
                if not await store.unsettled(math.inf, 1):
                    break
                await asyncio.sleep(0.05)
        finally:
            await running.stop()
        assert await store.unsettled(math.inf, 1) == [] and calls == [match_id, match_id]
    finally:
        await store.close()
