"""Lesson progress on both backends (`store.lessons`, migration `lesson_progress`): finished once, per user and game,
reset per game or everywhere."""

from __future__ import annotations

from data import Store
from data.migrations import MIGRATIONS


async def test_progress_is_kept_per_user_and_game(store: Store) -> None:
    assert await store.db.schema_version() == len(MIGRATIONS)
    assert await store.lessons.finished(7) == {}
    assert await store.lessons.finish(7, "cintos", "move") is True
    assert await store.lessons.finish(7, "cintos", "move") is False  # the first time is kept, once
    assert await store.lessons.finish(7, "cintos", "numbers") is True
    assert await store.lessons.finish(7, "sanae", "zed") is True
    assert await store.lessons.finish(8, "cintos", "tie") is True
    big = 2**62  # Discord ids pass 2^31: BIGINT on PostgreSQL
    assert await store.lessons.finish(big, "bodsoi", "stall") is True
    assert await store.lessons.finished(7) == {"cintos": {"move", "numbers"}, "sanae": {"zed"}}
    assert await store.lessons.finished(8) == {"cintos": {"tie"}}
    assert await store.lessons.finished(big) == {"bodsoi": {"stall"}}


async def test_reset_forgets_one_game_or_all(store: Store) -> None:
    for game, lesson in (("cintos", "move"), ("cintos", "tie"), ("sinoda", "move")):
        await store.lessons.finish(5, game, lesson)
    await store.lessons.finish(6, "cintos", "move")
    assert await store.lessons.reset(5, "cintos") == 2
    assert await store.lessons.finished(5) == {"sinoda": {"move"}}
    assert await store.lessons.reset(5) == 1
    assert await store.lessons.finished(5) == {}
    assert await store.lessons.finished(6) == {"cintos": {"move"}}  # someone else's progress is untouched
