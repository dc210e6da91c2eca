"""`python -m tabletop learn <game>`: the lessons of /learn at the keyboard through a pipe (a wrong answer's hint,
an illegal one's refusal, the board after a solved lesson, progress kept in the database and picked up again, every
lesson of a game to the end), and in a real terminal (tmux)."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

from data import Store
from lessons import LESSONS
from tabletop.table import HUMAN
from tests import forked
from tests.lessons.test_lessons import CASES
from tests.tabletop.terminal import answer, at_prompt, send, start, table, wait_for, words

ROOT = Path(__file__).resolve().parents[2]


def learn(db: Path, *args: str, typed: str, png: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = ["--png", str(png)] if png else []
    return forked.run(["-m", "tabletop", "learn", *args, "--db", str(db), *extra], cwd=ROOT, env=os.environ,
                      input=typed, timeout=120)


async def finished(db: Path) -> dict[str, set[str]]:
    store = await Store.open(db)
    try:
        return await store.lessons.finished(HUMAN)
    finally:
        await store.close()


def test_a_lesson_through_a_pipe_and_progress_kept(tmp_path: Path) -> None:
    db, png = tmp_path / "local.sqlite3", tmp_path / "boards"
    done = learn(db, "sinoda", typed="hint\n?\nb4-a1\nb4+\nb4-b3\nquit\n", png=png)
    out = words(done.stdout)
    assert done.returncode == 1, done.stderr  # stopped before the end
    assert "Sinoda lessons: not started." in out and "Lesson 1 of 6: Moving a piece" in out
    assert "Hint: Pick a piece on the edge of your group" in out
    assert "Legal answers (10): a3+ a3-a2" in out
    assert "That cannot be played here: b4-a1: b4 is a 1 and must move exactly 1 step" in out
    assert "Not quite: That changed a piece's number instead" in out
    assert "Solved (b4-b3): That is a move" in out and "Lesson 2 of 6: Capturing" in out
    assert "Your progress is kept: python -m tabletop learn sinoda goes on from here." in out
    assert sorted(p.name for p in png.iterdir()) == ["sinoda-lesson1-solved.png", "sinoda-lesson1.png",
                                                     "sinoda-lesson2.png"]
    assert asyncio.run(finished(db)) == {"sinoda": {"move"}}

    again = learn(db, "sinoda", typed="quit\n")  # picks up at the first unfinished lesson
    assert "Sinoda lessons: 1 of 6 lessons." in words(again.stdout) and "Lesson 2 of 6" in again.stdout
    bad = learn(db, "sinoda", "--lesson", "9", typed="")
    assert bad.returncode == 2 and "Sinoda has lessons 1 to 6, not 9." in bad.stdout


def test_every_lesson_of_a_game_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "local.sqlite3"
    answers = "".join(CASES[("sakamichi", found.key)][0] + "\n" for found in LESSONS["sakamichi"])
    done = learn(db, "sakamichi", typed=answers)
    out = words(done.stdout)
    assert done.returncode == 0, done.stderr + done.stdout[-2000:]
    assert out.count("Solved (") == 6 and "Sakamichi: all 6 lessons done." in out
    assert asyncio.run(finished(db)) == {"sakamichi": {found.key for found in LESSONS["sakamichi"]}}
    over = learn(db, "sakamichi", typed="")
    assert over.returncode == 0 and "You have done all 6 Sakamichi lessons." in words(over.stdout)
    fresh = learn(db, "sakamichi", "--restart", typed="")
    assert fresh.returncode == 1 and "Lesson 1 of 6" in fresh.stdout  # progress forgotten, and the input ended
    assert asyncio.run(finished(db)) == {}


def test_a_lesson_in_a_real_terminal(tmux: str, tmp_path: Path) -> None:
    start(tmux, table("learn bodsoi --lesson 3", tmp_path / "db.sqlite3"), height=60)
    shown = at_prompt(tmux)
    assert "Lesson 3 of 6: Matching a neighbour" in words(shown)
    said = words(answer(tmux, "place C-su-le a1 0"))
    assert said.startswith("Not quite: That tile touches no other tile")
    said = words(answer(tmux, "place C-su-le d5 90"))
    assert "Solved (place C-su-le d5 90): Matched" in said and "Lesson 4 of 6: A Bodsoi" in said
    send(tmux, "quit")
    assert "TABLE-EXITED 1" in wait_for(tmux, r"TABLE-EXITED \d+")
