"""`python -m tabletop learn <game>`: the lessons of /learn (lessons/) at the keyboard, one after another, each a text
board and an instruction; progress is kept in the same database as the local matches, for the local player."""

from __future__ import annotations

import asyncio
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import lessons
import render
from data import Store
from lessons import LESSONS, Lesson
from tabletop.table import HUMAN, PROMPT_END, plain, read_line, width, wrapped

HELP = ("Type your answer (a move as the game writes it); ? lists every legal answer, hint gives a hint, board shows "
        "the board again, skip goes to the next lesson without finishing this one, quit stops (your progress is "
        "kept).")


class Learning:
    """One game's lessons at the keyboard: reads answers from `source`, writes boards and answers to `sink`."""

    def __init__(self, store: Store, game: str, source: TextIO, sink: TextIO, *, png: Path | None = None) -> None:
        self.store = store
        self.game = game
        self.source = source
        self.sink = sink
        self.png = png

    def tell(self, text: str) -> None:
        self.sink.write(wrapped(text) + "\n")
        self.sink.flush()

    async def show(self, found: Lesson, number: int, state: Any = None) -> None:
        """The lesson's board (or the position an answer made) as the learner sees it; a PNG too with --png."""
        view = found.view() if state is None else found.rules.view(state, found.seat)
        names = found.names()
        self.tell(plain(render.text_board(view, names, None)))
        if self.png is not None:
            png = await asyncio.to_thread(render.render_board, view, names, None)
            self.png.mkdir(parents=True, exist_ok=True)
            path = self.png / f"{self.game}-lesson{number}{'' if state is None else '-solved'}.png"
            path.write_bytes(png)
            self.tell(f"(board image: {path})")

    async def run(self, number: int | None, restart: bool = False) -> int:
        """From lesson `number` (None: the first unfinished) to the last; 0 when every lesson was done, 1 when the
        learner stopped first."""
        total = len(LESSONS[self.game])
        title = LESSONS[self.game][0].rules.title
        if restart:
            await self.store.lessons.reset(HUMAN, self.game)
        finished = (await self.store.lessons.finished(HUMAN)).get(self.game, set())
        if number is None:
            number = lessons.next_number(self.game, finished)
            if number is None:
                self.tell(f"You have done all {total} {title} lessons. Play one again with --lesson N, start over "
                          f"with --restart, or play a match: python -m tabletop play {self.game} --vs easy.")
                return 0
        self.tell(f"{title} lessons: {lessons.progress_words(self.game, finished)}. {HELP}")
        while number is not None:
            found = lessons.lesson(self.game, number)
            self.tell(f"\nLesson {number} of {total}: {found.words.title}")
            await self.show(found, number)
            self.tell(found.words.instruction)
            solved = await self.answer(found, number)
            if solved is None:
                self.tell(f"Stopped. Your progress is kept: python -m tabletop learn {self.game} goes on from here.")
                return 1
            number = number + 1 if number < total else None
        finished = (await self.store.lessons.finished(HUMAN)).get(self.game, set())
        self.tell(f"\n{title}: {lessons.progress_words(self.game, finished)}. Try a match against the computer: "
                  f"python -m tabletop play {self.game} --vs easy.")
        return 0

    async def answer(self, found: Lesson, number: int) -> bool | None:
        """Answers until one solves the lesson (True, stored) or the learner skips (False); None when they quit or
        the input ends."""
        while True:
            self.sink.write("answer" + PROMPT_END)
            self.sink.flush()
            raw = await read_line(self.source)
            if not raw:  # the input ended (a pipe closed, Ctrl-D); Enter alone reads as a newline
                return None
            line = raw.strip()
            word = line.lower()
            if word in ("quit", "exit"):
                return None
            if not line:
                continue
            if word in ("?", "help"):
                self.list_answers(found.legal())
                if word == "help":
                    self.tell(HELP)
                continue
            if word == "hint":
                self.tell(f"Hint: {found.words.hint}")
                continue
            if word == "board":
                await self.show(found, number)
                self.tell(found.words.instruction)
                continue
            if word == "skip":
                return False
            verdict = await asyncio.to_thread(lessons.judge, found, line)
            if not verdict.solved:
                refused = verdict.kind in ("illegal", "unreadable")
                self.tell(f"{'That cannot be played here' if refused else 'Not quite'}: {verdict.message}")
                continue
            await self.store.lessons.finish(HUMAN, self.game, found.key)
            await self.show(found, number, verdict.after)
            self.tell(f"Solved ({verdict.text}): {verdict.message}")
            return True

    def list_answers(self, legal: Sequence[str]) -> None:
        self.tell(f"Legal answers ({len(legal)}):")
        self.sink.write(textwrap.fill("  ".join(legal), width(), initial_indent="  ", subsequent_indent="  ",
                                      break_long_words=False, break_on_hyphens=False) + "\n")
        self.sink.flush()
