"""Lessons that teach each game with prepared positions (issue 42): one module per game (`lessons/<game>.py`), each
a handful of `Lesson` values whose words sit in that module's `WORDS`. Pure like the computer players beside it:
the rules and the standard library only, no Discord, images, storage or clock.

`/learn` (cogs/learn.py) and `python -m tabletop learn` show a lesson's position (`Lesson.view`), list its answers
(`Lesson.legal`) and `judge` what the learner typed; progress is stored by the lesson's `key` (data/lessons.py).
"""

from __future__ import annotations

from collections.abc import Collection

from i18n import _, active, ngettext
from lessons import bodsoi, cintos, sakamichi, sanae, sinoda
from lessons.lesson import DRAWN, LOST, WON, Answer, Lesson, Verdict, Words, judge, play
from rules import GAMES

# Every game's lessons, in the registry's order of games.
LESSONS: dict[str, tuple[Lesson, ...]] = {
    module.GAME: module.LESSONS for module in (cintos, sinoda, sakamichi, sanae, bodsoi)}
LESSONS = {name: LESSONS[name] for name in GAMES if name in LESSONS}


def lesson(game: str, number: int) -> Lesson:
    """The game's lesson `number` (1-based); KeyError or IndexError when there is none."""
    found = LESSONS[game]
    if not 1 <= number <= len(found):
        raise IndexError(f"{GAMES[game].title} has lessons 1 to {len(found)}, not {number}")
    return found[number - 1]


def next_number(game: str, finished: Collection[str]) -> int | None:
    """The number (1-based) of the game's first lesson not in `finished` (lesson keys); None once all are done."""
    for number, found in enumerate(LESSONS[game], start=1):
        if found.key not in finished:
            return number
    return None


def progress_words(game: str, finished: Collection[str]) -> str:
    """"3 of 6 lessons", "all 6 lessons done" or "not started": a game's progress in words (`/learn`, `/profile`),
    in the language being spoken."""
    total = len(LESSONS[game])
    done = sum(1 for found in LESSONS[game] if found.key in finished)
    if done == total:
        return ngettext("all {n} lessons done", "all {n} lessons done", total)
    return ngettext("{done} of {n} lessons", "{done} of {n} lessons", total, done=active().number(done)) if done \
        else _("not started")


__all__ = ["DRAWN", "LESSONS", "LOST", "WON", "Answer", "Lesson", "Verdict", "Words", "judge", "lesson",
           "next_number", "play", "progress_words"]
