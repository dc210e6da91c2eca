"""`store.analyses` on SQLite and PostgreSQL: an analysis stored under its match, budget and format version and read
back as stored; a second store of the same key changes nothing; the newest of any budget; drills' progress."""

from __future__ import annotations

import random

from analysis import Analysis
from data import Store
from matches import MatchService
from matches.history import export_record
from reviews import Reviews
from tests.reviews.helpers import ADA as ADA_
from tests.reviews.helpers import Counting, finished

ADA = 10**18 + 11


async def match(store: Store) -> int:
    record = await store.create_match(game="cintos", guild_id=2**62, channel_id=2**61, creator_id=ADA, players=2,
                                      options={}, now=1.0)
    return record.id


async def test_an_analysis_is_kept_by_match_budget_and_version(store: Store) -> None:
    first, second = await match(store), await match(store)
    assert await store.analyses.get(first, 550, 1) is None
    await store.analyses.put(first, 550, 1, {"moves": [1, 2], "seed": "match 1"}, now=10.0)
    assert await store.analyses.get(first, 550, 1) == {"moves": [1, 2], "seed": "match 1"}
    assert await store.analyses.get(first, 100, 1) is None  # another budget is another analysis
    assert await store.analyses.get(first, 550, 2) is None  # and another format version
    assert await store.analyses.get(second, 550, 1) is None
    await store.analyses.put(first, 550, 1, {"moves": "other"}, now=11.0)  # the same key again: the first stays
    assert await store.analyses.get(first, 550, 1) == {"moves": [1, 2], "seed": "match 1"}
    await store.analyses.put(first, 100, 1, {"budget": 100}, now=12.0)
    assert await store.analyses.latest(first, 1) == {"budget": 100}
    await store.analyses.put(first, 100, 2, {"version": 2}, now=13.0)
    assert await store.analyses.latest(first) == {"version": 2}  # any version: the newest
    assert await store.analyses.latest(first, 1) == {"budget": 100}
    assert await store.analyses.latest(second, 1) is None


async def test_a_drill_is_saved_and_replaced(store: Store) -> None:
    match_id = await match(store)
    assert await store.analyses.drill(ADA, match_id) is None
    await store.analyses.save_drill(ADA, match_id, {"lines": [3, 7], "at": 0}, now=1.0)
    await store.analyses.save_drill(ADA, match_id, {"lines": [3, 7], "at": 1}, now=2.0)
    assert await store.analyses.drill(ADA, match_id) == {"lines": [3, 7], "at": 1}
    assert await store.analyses.drill(ADA + 1, match_id) is None


async def test_the_analysis_service_makes_stores_and_serves_on_both_backends(store: Store) -> None:
    service = MatchService(store, rng=random.Random(5))
    executor = Counting()
    match_id = await finished(service, plies=3)
    made = await Reviews(service, iterations=12, executor=executor).analyse(match_id, ADA_, 1)
    calls = dict(executor.calls)
    again = await Reviews(MatchService(store), iterations=12, executor=executor).analyse(match_id, ADA_, 1)
    assert again == made and executor.calls == calls  # a second request, a fresh service: from the database
    assert Analysis.from_json((await export_record(service, match_id))["analysis"]) == made
