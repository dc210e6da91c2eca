"""Fuzz `MatchService.act` over every game (issue 11): only `Refusal` escapes, refusals change nothing (version and
state), and every refusal fits a Discord message. Bounded and derandomised, so CI runs the same inputs each time."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data import Store
from matches import MatchService, Refusal
from rules import GAMES
from tests.rules.test_fuzz import legal_texts, texts_for

USERS = (11, 22, 33, 44)
STRANGER = 99
MESSAGE_LIMIT = 2000


async def _started(service: MatchService, name: str) -> int:
    players = 2
    match = await service.create(name, guild_id=1, channel_id=2, creator_id=USERS[0], players=players)
    for user in USERS[1:players]:
        await service.join(match.id, user)
    await service.start(match.id, USERS[0])
    return match.id


async def _fuzz(name: str, inputs: list[tuple[int, str]]) -> int:
    """Play `inputs` as (who, text) against one match; return how many were accepted."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "fuzz.sqlite3")
        try:
            service = MatchService(store, rng=random.Random(5))
            match_id = await _started(service, name)
            accepted = 0
            for who, text in inputs:
                match = await service.get(match_id)
                if match.status != "active":
                    break
                actors = match.actors()
                user = STRANGER if who == 3 else match.user_at(actors[who % len(actors)]) if actors and who < 2 \
                    else USERS[who % 2]
                before = (match.record.version, json.dumps(match.game.to_json(match.state), sort_keys=True))
                try:
                    await service.act(match_id, user, text)
                except Refusal as refusal:
                    assert len(refusal.message) <= MESSAGE_LIMIT, refusal.message[:200]
                    again = await service.get(match_id)
                    after = (again.record.version, json.dumps(again.game.to_json(again.state), sort_keys=True))
                    assert after == before, f"a refused {text[:60]!r} changed the match"
                    assert [entry.n for entry in await store.log(match_id)] == list(range(1, before[0] + 1))
                else:
                    accepted += 1
            return accepted
        finally:
            await store.close()


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=15, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_act_answers_every_string_with_a_refusal_or_a_move(name: str, data: st.DataObject) -> None:
    texts = st.one_of(texts_for(name), st.sampled_from(legal_texts(name)))
    inputs = data.draw(st.lists(st.tuples(st.integers(0, 3), texts), min_size=10, max_size=25), label="inputs")
    asyncio.run(_fuzz(name, inputs))


def test_the_service_fuzz_also_plays_moves() -> None:
    """The driver is not vacuous: legal texts from the mover are accepted and played."""
    accepted = asyncio.run(_fuzz("cintos", [(0, text) for text in ("b2-b3", "f2-f3", "b6-b5", "g6-g5")]))
    assert accepted >= 1
