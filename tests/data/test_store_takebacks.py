"""Takeback requests on both backends (`store.takebacks`, migration `takebacks`): one per position of a running
match, each answer a compare-and-set, a later request replacing a lapsed one."""

from __future__ import annotations

from data import Store
from data.migrations import MIGRATIONS
from tests.data.test_store_matches import started


async def test_one_request_per_position_and_answers_compare_and_set(store: Store) -> None:
    assert await store.db.schema_version() == len(MIGRATIONS)
    match_id = await started(store)
    assert await store.takebacks.latest(match_id) is None
    assert not await store.takebacks.ask(match_id, version=3, line=3, seat=0, now=5.0)  # the match is at version 0
    assert await store.takebacks.ask(match_id, version=0, line=0, seat=1, now=5.0)
    assert not await store.takebacks.ask(match_id, version=0, line=0, seat=1, now=6.0)  # once per position
    row = await store.takebacks.latest(match_id)
    assert row is not None and (row.version, row.line, row.seat, row.agreed, row.declined) == (0, 0, 1, (), None)
    assert await store.takebacks.answer(row, agreed=(0,))
    assert not await store.takebacks.answer(row, agreed=(0,))  # read before that answer: stale
    agreed = await store.takebacks.latest(match_id)
    assert agreed is not None and agreed.agreed == (0,)
    assert await store.takebacks.answer(agreed, agreed=agreed.agreed, declined=0)
    declined = await store.takebacks.latest(match_id)
    assert declined is not None and declined.declined == 0
    assert not await store.takebacks.answer(declined, agreed=(0, 2))  # a declined request takes no more answers
    assert not await store.takebacks.ask(match_id, version=0, line=0, seat=1, now=7.0)  # nor is asked again


async def test_a_later_position_replaces_the_request_and_an_ended_match_takes_none(store: Store) -> None:
    match_id = await started(store)
    assert await store.takebacks.ask(match_id, version=0, line=0, seat=1, now=5.0)
    await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, 10, "a1-a2")],
                       state={"turn": 1}, status="active", outcome=None, now=110.0)
    assert await store.takebacks.ask(match_id, version=1, line=1, seat=0, now=8.0)
    row = await store.takebacks.latest(match_id)
    assert row is not None and (row.version, row.seat, row.asked_at) == (1, 0, 8.0)
    await store.update_match(match_id, status="aborted")
    assert not await store.takebacks.ask(match_id, version=1, line=1, seat=0, now=9.0)
    assert not await store.takebacks.ask(match_id, version=2, line=1, seat=0, now=9.0)


async def test_the_last_line_s_seat(store: Store) -> None:
    match_id = await started(store)
    assert await store.takebacks.last_seat(match_id) is None  # no line yet (line 0, the seat draw, is no line)
    await store.append(match_id, expected_version=0, expected_status="active", entries=[(1, 10, "a1-a2")],
                       state={"turn": 1}, status="active", outcome=None, now=110.0)
    assert await store.takebacks.last_seat(match_id) == 1
    await store.append(match_id, expected_version=1, expected_status="active",
                       entries=[(0, 11, "b1"), (None, None, "d6")],
                       state={"turn": 2}, status="active", outcome=None, now=111.0)
    assert await store.takebacks.last_seat(match_id) is None  # a chance outcome: nothing before it goes back
