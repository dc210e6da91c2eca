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
from i18n import N_, _, ngettext
from lessons import LESSONS, Lesson
from tabletop.table import HUMAN, PROMPT_END, plain, read_line, width, wrapped

# The words typed (?, hint, board, skip, quit) are the same in every language, like the moves.
HELP = N_("Type your answer (a move as the game writes it); ? lists every legal answer, hint gives a hint, board "
          "shows the board again, skip goes to the next lesson without finishing this one, quit stops (your "
          "progress is kept).")


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
            self.tell(_("(board image: {path})", path=path))

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
                self.tell(ngettext("You have done all {n} {game} lessons. Play one again with --lesson N, start "
                                   "over with --restart, or play a match: {command}.",
                                   "You have done all {n} {game} lessons. Play one again with --lesson N, start "
                                   "over with --restart, or play a match: {command}.", total, game=title,
                                   command=f"python -m tabletop play {self.game} --vs easy"))
                return 0
        progress = lessons.progress_words(self.game, finished)
        self.tell(_("{game} lessons: {progress}. {help}", game=title, progress=progress, help=_(HELP)))
        while number is not None:
            found = lessons.lesson(self.game, number)
            words = found.words
            self.tell("\n" + _("Lesson {number} of {total}: {title}", number=number, total=total, title=words.title))
            await self.show(found, number)
            self.tell(words.instruction)
            solved = await self.answer(found, number)
            if solved is None:
                self.tell(_("Stopped. Your progress is kept: {command} goes on from here.",
                            command=f"python -m tabletop learn {self.game}"))
                return 1
            number = number + 1 if number < total else None
        finished = (await self.store.lessons.finished(HUMAN)).get(self.game, set())
        progress = lessons.progress_words(self.game, finished)
        self.tell("\n" + _("{game}: {progress}. Try a match against the computer: {command}.", game=title,
                           progress=progress, command=f"python -m tabletop play {self.game} --vs easy"))
        return 0

    async def answer(self, found: Lesson, number: int) -> bool | None:
        """Answers until one solves the lesson (True, stored) or the learner skips (False); None when they quit or
        the input ends."""
        while True:
            # Translators: the prompt of a lesson at the local table, before "> " and the learner's answer.
            self.sink.write(_("answer") + PROMPT_END)
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
                    self.tell(_(HELP))
                continue
            if word == "hint":
                self.tell(_("Hint: {hint}", hint=found.words.hint))
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
                self.tell(_("That cannot be played here: {why}", why=verdict.message) if refused else
                          _("Not quite: {why}", why=verdict.message))
                continue
            await self.store.lessons.finish(HUMAN, self.game, found.key)
            await self.show(found, number, verdict.after)
            self.tell(_("Solved ({move}): {why}", move=verdict.text, why=verdict.message))
            return True

    def list_answers(self, legal: Sequence[str]) -> None:
        self.tell(ngettext("Legal answers ({n}):", "Legal answers ({n}):", len(legal)))
        self.sink.write(textwrap.fill("  ".join(legal), width(), initial_indent="  ", subsequent_indent="  ",
                                      break_long_words=False, break_on_hyphens=False) + "\n")
        self.sink.flush()
