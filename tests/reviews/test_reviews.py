"""The analysis service: refuses matches not over, makes the same analysis as `analysis.analyse` (so the same every
time), stores it so a second request does no work, lets two requests for a match share one job, takes turns between
servers, and reports its progress."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import i18n
from analysis import Analysis, Record, analyse
from data import Store
from matches import MatchService, Refusal
from matches.history import export_record, replay_record
from players import Budget
from reviews import Progress, Reviews, seed_of
from reviews.queue import FairQueue
from tests.reviews.helpers import ADA, BOB, Counting, Gated, finished

ITERATIONS = 12  # a tiny search: these tests check the plumbing, analysis/'s own tests the judgements


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await Store.open(tmp_path / "reviews.sqlite3")
    yield MatchService(store, rng=random.Random(5))
    await store.close()


async def test_a_match_not_over_is_refused_and_nothing_queued(service: MatchService) -> None:
    reviews = Reviews(service, iterations=ITERATIONS, executor=Counting())
    lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2)
    with pytest.raises(Refusal, match="has not started"):
        await reviews.analyse(lobby.id, ADA, 1)
    await service.join(lobby.id, BOB)
    await service.start(lobby.id, ADA)
    with pytest.raises(Refusal, match="no computer help while playing"):
        await reviews.analyse(lobby.id, ADA, 1)
    await service.abort(lobby.id, ADA)
    with pytest.raises(Refusal, match="closed without a result"):
        await reviews.analyse(lobby.id, ADA, 1)
    done = await finished(service, guild_id=1)
    with pytest.raises(Refusal, match="another server"):  # a stranger elsewhere sees nothing of it
        await reviews.analyse(done, 999, 2)
    assert not reviews.jobs and len(reviews.queue) == 0


async def test_the_analysis_is_analyse_s_own_stored_and_served_again_without_work(service: MatchService) -> None:
    executor = Counting()
    reviews = Reviews(service, iterations=ITERATIONS, executor=executor)
    match_id = await finished(service, plies=5)
    made = await reviews.analyse(match_id, ADA, 1)
    match = await service.get(match_id)
    log = [(e.seat, e.text) for e in await service.store.log(match_id)]
    direct = analyse(match.game, Record.of(2, match.record.options, log), seed=seed_of(match),
                     budget_per_position=Budget(iterations=ITERATIONS))
    assert made == direct  # the same seed and budget: the same analysis, line by line
    assert made.seed == f"match {match_id} {match.record.commitment}"
    assert len(made.moves) == 5 + 1 and made.moves[-1].kind == "resign"
    calls = dict(executor.calls)
    assert calls["judge_line"] == 6
    again = await reviews.analyse(match_id, BOB, None)  # a seat holder may ask from anywhere
    assert again == made and executor.calls == calls  # from the store: no search at all
    fresh = Reviews(MatchService(service.store), iterations=ITERATIONS, executor=executor)  # after a restart
    assert await fresh.analyse(match_id, ADA, 1) == made and executor.calls == calls
    other = Reviews(service, iterations=ITERATIONS + 1, executor=Counting())  # another budget: another analysis
    assert await other.stored(match) is None


async def test_two_requests_for_a_match_wait_for_one_job(service: MatchService) -> None:
    executor = Gated()
    reviews = Reviews(service, iterations=ITERATIONS, executor=executor)
    match_id = await finished(service, plies=3)
    first = asyncio.create_task(reviews.analyse(match_id, ADA, 1))
    second = asyncio.create_task(reviews.analyse(match_id, BOB, 1))
    while len(reviews.jobs) < 1:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    assert len(reviews.jobs) == 1 and len(reviews.queue) == 0  # one job, running (waiting on the gate)
    executor.open()
    assert await first == await second
    executor.shutdown()


async def test_servers_take_turns_and_each_request_hears_its_progress(service: MatchService) -> None:
    executor = Gated()
    reviews = Reviews(service, iterations=ITERATIONS, executor=executor)
    busy = [await finished(service, guild_id=1, plies=2, seed=s) for s in range(4)]  # one server asks four times
    lone = await finished(service, guild_id=2, plies=2, seed=9)  # another server once, last
    heard: dict[int, list[Progress]] = {m: [] for m in [*busy, lone]}
    ended: list[int] = []

    async def ask(match_id: int, guild: int) -> None:
        async def listen(progress: Progress) -> None:
            heard[match_id].append(progress)
        await reviews.analyse(match_id, ADA, guild, listen)
        ended.append(match_id)

    tasks = []
    for match_id in busy:
        tasks.append(asyncio.create_task(ask(match_id, 1)))
        while (match_id, ITERATIONS) not in reviews.jobs:
            await asyncio.sleep(0.01)
    tasks.append(asyncio.create_task(ask(lone, 2)))
    while (lone, ITERATIONS) not in reviews.jobs:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    # the other server's one request goes before the busy server's next: that server was served last
    assert reviews.queue.order() == [reviews.jobs[(m, ITERATIONS)] for m in (lone, busy[1], busy[2], busy[3])]
    executor.open()
    await asyncio.gather(*tasks)
    executor.shutdown()
    # first come, first served would end the other server's one request last; in turns it comes second
    assert ended == [busy[0], lone, busy[1], busy[2], busy[3]]
    assert heard[lone][0].ahead == 1 and not heard[lone][0].running  # behind the one running only
    assert any(p.ahead == 3 for p in heard[busy[3]])
    for match_id, progress in heard.items():
        running = [p for p in progress if p.running and p.total]
        assert running, match_id
        assert [p.done for p in running] == sorted(p.done for p in running)  # counts up ...
        assert running[-1].done == running[-1].total == 3  # ... to every player line (2 moves and the resignation)


def test_the_queue_serves_the_server_served_least_recently() -> None:
    queue: FairQueue[str] = FairQueue()
    for job in ("a1", "a2", "a3"):
        queue.put("a", job)
    assert queue.take() == "a1"
    queue.put("b", "b1")
    queue.put(None, "dm1")  # direct messages are a line of their own
    queue.put("b", "b2")
    assert queue.order() == ["b1", "dm1", "a2", "b2", "a3"]
    assert queue.ahead("a2") == 2
    assert [queue.take() for _ in range(6)] == ["b1", "dm1", "a2", "b2", "a3", None]
    assert len(queue) == 0


async def test_the_json_export_carries_the_analysis_once_made(service: MatchService) -> None:
    reviews = Reviews(service, iterations=ITERATIONS, executor=Counting())
    match_id = await finished(service, plies=3)
    assert (await export_record(service, match_id))["analysis"] is None
    made = await reviews.analyse(match_id, ADA, 1)
    record = await export_record(service, match_id)
    assert Analysis.from_json(record["analysis"]) == made
    assert replay_record(record) is not None  # the record still reads back


async def test_a_shutdown_tells_every_waiter_and_stores_nothing(service: MatchService) -> None:
    executor = Gated()
    reviews = Reviews(service, iterations=ITERATIONS, executor=executor)
    first, second = await finished(service, plies=2), await finished(service, plies=2, seed=4)
    waiting = [asyncio.create_task(reviews.analyse(m, ADA, 1)) for m in (first, second)]
    while len(reviews.jobs) < 2:
        await asyncio.sleep(0.01)
    await reviews.stop()
    for task in waiting:
        with pytest.raises(Refusal, match="ask for the analysis again"):
            await task
    executor.open()
    executor.shutdown()
    assert await service.store.analyses.latest(first) is None and await service.store.analyses.latest(second) is None
    assert not reviews.jobs and len(reviews.queue) == 0


async def test_two_waiters_of_a_stopped_analysis_are_each_told_in_their_own_language(service: MatchService) -> None:
    """One job, two askers (a German one who started it, an English one who joined): the restart's refusal is
    worded for each waiter, not once in the language of whoever started the job (or of the shutdown: English)."""
    executor = Gated()
    reviews = Reviews(service, iterations=ITERATIONS, executor=executor)
    match_id = await finished(service, plies=2)

    async def ask(code: str) -> str:
        with i18n.speaking(code):
            try:
                await reviews.analyse(match_id, ADA, 1)
            except Refusal as refusal:
                return refusal.message
        return ""

    try:
        german = asyncio.create_task(ask("de"))
        while not reviews.jobs:
            await asyncio.sleep(0.01)
        english = asyncio.create_task(ask("en"))
        await asyncio.sleep(0.05)
        await reviews.stop()
        assert await german == "Der Bot startet neu: frag in einer Minute noch einmal nach der Analyse."
        assert await english == "The bot is restarting: ask for the analysis again in a minute."
    finally:
        executor.open()
        executor.shutdown()


async def test_a_worker_that_dies_is_replaced_and_the_next_request_succeeds(service: MatchService) -> None:
    """The real process pool: its worker killed in the middle of a job, that job's waiter is told to ask again (not
    a crash reference), nothing half-made is stored, and the next request gets a new worker and the analysis."""
    import multiprocessing
    import os
    import signal

    reviews = Reviews(service, iterations=ITERATIONS)
    match_id = await finished(service, plies=3)
    killed: list[int] = []

    async def kill_the_worker(progress: Progress) -> None:
        if progress.done >= 1 and not killed:
            for child in multiprocessing.active_children():
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)
                killed.append(child.pid)

    try:
        with pytest.raises(Refusal, match="ask for it again"):
            await reviews.analyse(match_id, ADA, 1, kill_the_worker)
        assert killed and await service.store.analyses.latest(match_id) is None
        match = await service.get(match_id)
        log = [(e.seat, e.text) for e in await service.store.log(match_id)]
        made = await reviews.analyse(match_id, ADA, 1)
        assert made == analyse(match.game, Record.of(2, match.record.options, log), seed=seed_of(match),
                               budget_per_position=Budget(iterations=ITERATIONS))
        assert not set(killed) & {child.pid for child in multiprocessing.active_children()}
    finally:
        await reviews.stop()
