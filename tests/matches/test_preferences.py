"""Notice preferences through the match service: defaults on, every game vs one game, bad input refused, persisted."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio

from data import NotifyPreference, Store
from matches import MatchService, Refusal

ADA, BOB = 11, 22


@pytest_asyncio.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "t.sqlite3")
    yield opened
    await opened.close()


async def test_everything_is_on_by_default(store: Store) -> None:
    service = MatchService(store)
    for game in service.games:
        assert await service.wants_notice(ADA, game, "turns")
        assert await service.wants_notice(ADA, game, "reminders")
    assert await store.users.notify_preferences(ADA) == []


async def test_one_game_off_leaves_the_others_and_the_other_kind(store: Store) -> None:
    service = MatchService(store)
    await service.set_notices(ADA, game="cintos", turns=False)
    assert not await service.wants_notice(ADA, "cintos", "turns")
    assert await service.wants_notice(ADA, "cintos", "reminders")  # only what was named changes
    assert all([await service.wants_notice(ADA, g, "turns") for g in service.games if g != "cintos"])
    assert await service.wants_notice(BOB, "cintos", "turns")  # only that player's


async def test_a_game_choice_overrides_the_every_game_one(store: Store) -> None:
    service = MatchService(store)
    await service.set_notices(ADA, reminders=False)
    assert not any([await service.wants_notice(ADA, g, "reminders") for g in service.games])
    await service.set_notices(ADA, game="sanae", reminders=True)
    assert await service.wants_notice(ADA, "sanae", "reminders")
    assert not await service.wants_notice(ADA, "bodsoi", "reminders")
    await service.set_notices(ADA, reminders=True)  # back on everywhere; turns untouched throughout
    assert all([await service.wants_notice(ADA, g, "reminders") for g in service.games])
    assert all([await service.wants_notice(ADA, g, "turns") for g in service.games])


async def test_unknown_game_is_refused_and_changes_nothing(store: Store) -> None:
    service = MatchService(store)
    with pytest.raises(Refusal, match=r"no game 'chess'.*cintos"):
        await service.set_notices(ADA, game="chess", turns=False)
    with pytest.raises(Refusal, match=r"\(5,000 characters\)") as refused:
        await service.set_notices(ADA, game="x" * 5000, turns=False)
    assert len(refused.value.message) < 500
    assert await store.users.notify_preferences(ADA) == []


async def test_preferences_survive_a_restart(store: Store, tmp_path: Path) -> None:
    await MatchService(store).set_notices(ADA, game="cintos", turns=False, reminders=False)
    again = await Store.open(tmp_path / "t.sqlite3")
    try:
        assert await again.users.notify_preferences(ADA) == [NotifyPreference("cintos", False, False)]
        assert not await MatchService(again).wants_notice(ADA, "cintos", "reminders")
    finally:
        await again.close()
