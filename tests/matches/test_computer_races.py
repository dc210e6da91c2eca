"""A computer's move racing the end of its match: an abort or an agreed draw made while the computer thinks must
stand. The computer's choice comes back only after the ending is committed (a pool the test releases), in one
service and across two services on one database (two bot processes), on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import Executor, Future
from typing import Any

from data import Store
from matches import Match, MatchService
from matches.computers import is_computer
from rules.outcomes import ABORTED_EARLY, DRAW_AGREED

ADA, BOB = 11, 22


class Held(Executor):
    """A pool whose thoughts are answered when the test says so (`release`), computed then in the test's thread."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []
        self.asked = asyncio.Event()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((future, fn, args))
        self.asked.set()
        return future

    def release(self) -> None:
        waiting, self.waiting = self.waiting, []
        self.asked.clear()
        for future, fn, args in waiting:
            future.set_result(fn(*args))


def service_on(store: Store, seed: int = 1) -> MatchService:
    service = MatchService(store, rng=random.Random(seed))
    service.computer_iterations, service.computer_seconds = 4, None
    return service


async def computer_thinking(service: MatchService, held: Held, game: str = "cintos", people: int = 1) -> Match:
    """A started match of `people` humans and one computer, the computer thinking (held) before anyone's 2nd move."""
    service.computer_executor = held
    lobby = await service.create(game, guild_id=1, channel_id=2, creator_id=ADA, players=people + 1)
    for user in (BOB,)[: people - 1]:
        await service.join(lobby.id, user)
    await service.add_computer(lobby.id, ADA, "easy")
    match = (await service.start(lobby.id, ADA)).match
    for _ in range(people + 1):  # humans move until the computer is to act
        if held.waiting:
            break
        await asyncio.sleep(0)
        if service.computers_to_act(match):
            await asyncio.wait_for(held.asked.wait(), 5)
            break
        human = match.user_at(match.actors()[0])
        await service.act(match.id, human, (await service.legal_texts(match.id, human))[0])
    assert held.waiting and service.computers_to_act(match)
    return match


async def settle(service: MatchService, held: Held) -> None:
    """Answer the held thought and let the computer's task finish."""
    held.release()
    await asyncio.wait_for(service.computers_settled(), 10)


async def assert_stays(store: Store, match: Match, status: str, reason: str, version: int) -> None:
    record = await store.get_match(match.id)
    assert record is not None
    assert (record.status, (record.outcome or {}).get("reason"), record.version) == (status, reason, version), record
    assert (match.status, match.record.version) == (status, version)
    assert getattr(match.outcome(), "reason", None) == reason
    assert not any(is_computer(e.user_id) for e in await store.log(match.id)), "the computer's move was stored"


async def test_abort_while_the_computer_thinks_stands(target: str) -> None:
    store = await Store.open(target)
    try:
        service, held = service_on(store), Held()
        match = await computer_thinking(service, held)
        version = match.record.version
        human = next(u for u in match.user_ids if not is_computer(u))
        await service.abort(match.id, human)
        await settle(service, held)
        await assert_stays(store, match, "aborted", ABORTED_EARLY, version)
    finally:
        await store.close()


async def test_draw_agreed_while_the_computer_thinks_stands(target: str) -> None:
    store = await Store.open(target)
    try:
        service, held = service_on(store), Held()
        match = await computer_thinking(service, held, "sinoda", people=2)
        version = match.record.version
        await service.offer_draw(match.id, ADA)
        await service.answer_draw(match.id, BOB, accept=True)
        await settle(service, held)
        await assert_stays(store, match, "finished", DRAW_AGREED, version)
    finally:
        await store.close()


async def test_abort_in_another_process_while_the_computer_thinks_stands(target: str) -> None:
    first_store, second_store = await Store.open(target), await Store.open(target)
    try:
        first, held = service_on(first_store), Held()
        match = await computer_thinking(first, held)
        version = match.record.version
        second = service_on(second_store, 2)
        human = next(u for u in match.user_ids if not is_computer(u))
        await second.abort(match.id, human)  # the other process has never seen the match: it reads it fresh
        await settle(first, held)
        record = await first_store.get_match(match.id)
        assert record is not None and (record.status, record.version) == ("aborted", version), record
        assert not any(is_computer(e.user_id) for e in await first_store.log(match.id))
        assert (await first.get(match.id)).status == "aborted"  # and the first process knows it
    finally:
        await first_store.close()
        await second_store.close()
