"""Lesson progress (`store.lessons`): which lessons (lessons/, by their stable keys) each user has finished, per game;
shown by /learn, /profile and the local table's learn command."""

from __future__ import annotations

import time

from data.sql import Database


class Lessons:
    """Each user's finished lessons, on the store's database (table `lesson_progress`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def finish(self, user_id: int, game: str, lesson: str) -> bool:
        """Record that `user_id` finished the game's lesson `lesson`; False if it was finished before (the first
        time is kept)."""
        return await self._db.execute(
            "INSERT INTO lesson_progress (user_id, game, lesson, finished_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id, game, lesson) DO NOTHING", (user_id, game, lesson, time.time())) > 0

    async def finished(self, user_id: int) -> dict[str, set[str]]:
        """The keys of the lessons `user_id` has finished, per game (games without any are left out)."""
        rows = await self._db.fetchall("SELECT game, lesson FROM lesson_progress WHERE user_id = ?", (user_id,))
        done: dict[str, set[str]] = {}
        for game, lesson in rows:
            done.setdefault(game, set()).add(lesson)
        return done

    async def reset(self, user_id: int, game: str | None = None) -> int:
        """Forget the user's progress in `game` (None: in every game); how many finished lessons were removed."""
        if game is None:
            return await self._db.execute("DELETE FROM lesson_progress WHERE user_id = ?", (user_id,))
        return await self._db.execute("DELETE FROM lesson_progress WHERE user_id = ? AND game = ?", (user_id, game))
