"""The local table in every language (issue 40): `python -m tabletop --lang CODE`, else the environment's LANGUAGE,
LC_ALL, LC_MESSAGES or LANG. A whole match to its end, the rules, the help, a refusal, the lessons and the analysis
under the pseudo-locale: every line printed is pseudo-localized except names, notation and numbers (what
i18n/pseudo.py keeps); the same in German, from --lang and from LANG."""

from __future__ import annotations

import asyncio
import os
import random
import re
from pathlib import Path

import pytest

import i18n
from i18n.pseudo import _KEEP as KEPT  # what the pseudo-locale keeps is what may stay as it is
from tabletop.table import PROMPT_END, language_of
from tests import forked
from tests.lessons.test_lessons import CASES
from tests.tabletop.test_table import ANSWER_TIMEOUT, until_prompt

ROOT = Path(__file__).resolve().parents[2]
# What stays in every language besides the kept spans: the commands a player types or copies (a whole line's tail),
# file paths, the games' names, a colour code of a text board's key (R = …), the typed text a refusal quotes, and
# options as name=value (a hyphen in the name too).
TYPED = re.compile(r"python -m tabletop[^\]·\n]*|\S+/\S+|\S+\.(png|md)\b|\b(Sinoda|Tabletop)\b|\b[RB] ="
                   r"|'[^']*'|[\w-]+=\S+")

def english(line: str) -> list[str]:
    """The words of `line` left in plain English: two or more ASCII letters outside what may stay."""
    text = KEPT.sub(" ", TYPED.sub(" ", line))
    return re.findall(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])", text)


def test_the_language_comes_from_lang_then_the_environment() -> None:
    assert language_of(["--lang", "de", "play", "sinoda"], {"LANG": "fr_FR.UTF-8"}) == "de"
    assert language_of(["play", "sinoda", "--lang=ja"], {}) == "ja"
    assert language_of(["play", "sinoda"], {"LANGUAGE": "pt_BR:en", "LANG": "de_DE.UTF-8"}) == "pt-BR"
    assert language_of(["play", "sinoda"], {"LC_ALL": "es_MX.UTF-8", "LANG": "de_DE.UTF-8"}) == "es-ES"
    assert language_of(["play", "sinoda"], {"LANG": "de_AT.UTF-8"}) == "de"
    assert language_of(["play", "sinoda"], {"LANG": "C.UTF-8"}) == i18n.ENGLISH
    assert language_of(["play", "sinoda"], {"LANG": "ko_KR.UTF-8"}) == i18n.ENGLISH  # not shipped: English
    assert language_of(["play", "sinoda"], {}) == i18n.ENGLISH


async def a_whole_match(db: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """Sinoda against the computer to its end through a pipe (help, rules, a page of moves, the board and a refusal
    on the way), then its analysis: everything printed."""
    proc = await forked.spawn(
        ["-m", "tabletop", *args, "play", "sinoda", "--vs", "easy", "--db", str(db)], cwd=ROOT,
        env=env, stdin=forked.PIPE, stdout=forked.PIPE, stderr=forked.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    rng = random.Random(2)
    transcript = shown = await until_prompt(proc.stdout)
    for command in ("help", "rules", "?", "board", "nonsense", "? 9"):
        proc.stdin.write(f"{command}\n".encode())
        transcript += await until_prompt(proc.stdout)
    moves = 0
    while shown.endswith(PROMPT_END):
        assert moves < 300
        proc.stdin.write(b"? all\n")
        listing = await until_prompt(proc.stdout)
        transcript += listing
        legal = [line[2:] for line in listing.splitlines() if line.startswith("  ")]
        proc.stdin.write((rng.choice(legal) + "\n").encode())
        shown = await until_prompt(proc.stdout)
        transcript += shown
        moves += 1
    assert await asyncio.wait_for(proc.wait(), ANSWER_TIMEOUT) == 0, (await proc.stderr.read()).decode()
    quick = {**(env or os.environ), "TABLETOP_ANALYSIS_ITERATIONS": "10"}  # the words, not the depth, are tested
    analysed = forked.run(["-m", "tabletop", *args, "analyse", "--db", str(db)], cwd=ROOT, env=quick, timeout=300)
    assert analysed.returncode == 0, analysed.stderr
    return transcript + analysed.stdout.split("\r")[-1]


WIDE = {**os.environ, "COLUMNS": "2000"}  # no line wrapped: a sentence is checked whole


def lessons_of(db: Path, *args: str) -> str:
    """Sinoda's lessons at the keyboard: a hint, the list, an illegal and a wrong answer, then each solved."""
    solutions = [CASES[("sinoda", key)][0] for key in ("move", "capture", "paths", "change", "sinoda", "end")]
    typed = "\n".join(["hint", "?", "b4-a1", "b4+", *solutions]) + "\n"
    done = forked.run(["-m", "tabletop", *args, "learn", "sinoda", "--db", str(db)], cwd=ROOT, env=WIDE,
                      input=typed, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_whole_match_and_the_lessons_under_the_pseudo_locale(tmp_path: Path) -> None:
    said = asyncio.run(a_whole_match(tmp_path / "xa.sqlite3", "--lang", "en-XA", env=WIDE))
    said += lessons_of(tmp_path / "xa.sqlite3", "--lang", "en-XA")
    assert "[Ğåɱé öṽéŕ. ·]" in said  # the end, in the pseudo-locale
    left = [(line, english(line)) for line in said.splitlines() if english(line)]
    assert left == [], "\n".join(f"{words}: {line}" for line, words in left[:40])
    # The board lines, the moves listed and the prompt's notation are there as typed
    assert re.search(r"^  [a-d]\d[-+]", said, re.M), said[:2000]


def test_german_from_lang_and_from_the_environment(tmp_path: Path) -> None:
    said = asyncio.run(a_whole_match(tmp_path / "de.sqlite3", "--lang", "de"))
    flat = " ".join(said.split())  # the terminal wraps long lines: a phrase may span two
    # who plays first is drawn: "ausgelost: du spielst Rot, …" or "ausgelost: Computer (leicht) spielt Rot, du spielst"
    for german in ("Sinoda-Partie #1.", "Die Plätze wurden ausgelost:", "du spielst", "Tippe einen Zug;",
                   "Sinoda: die Regeln.", "Erlaubte Züge (", "Spiel vorbei.", "Die Analyse des Computers dazu:",
                   "Schlüsselmomente:" if "Schlüsselmomente:" in flat else "Keine Schlüsselmomente"):
        assert german in flat, german
    assert "Game over" not in said and "Seats were drawn" not in said
    environ = {**os.environ, "LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
               "PYTHONPATH": str(ROOT)}
    # Fresh: LANG, LANGUAGE and PYTHONPATH are read at start or while the zygote imports: a zygote of its own for this
    # one run, costing more than the run.
    learned = forked.run(["-m", "tabletop", "learn", "sinoda", "--db", str(tmp_path / "l.db")], cwd=ROOT,
                         env=environ, input="hint\nquit\n", timeout=120, fresh=True)
    assert "Sinoda-Lektionen: noch nicht begonnen." in learned.stdout, learned.stdout[:600]
    assert "Tipp: Nimm eine Figur am Rand deiner Gruppe" in learned.stdout
    assert "Lektion 1 von 6: Eine Figur ziehen" in learned.stdout
    assert "Stopped" not in learned.stdout and "Angehalten." in learned.stdout


@pytest.mark.parametrize("code", ["de", "ja"])
def test_the_help_and_a_bad_lesson_number_speak_the_language(code: str, tmp_path: Path) -> None:
    helped = forked.run(["-m", "tabletop", "--lang", code, "--help"], cwd=ROOT, env=os.environ, timeout=60)
    with i18n.speaking(code) as lang:
        assert lang._("Play a match in this terminal.") in helped.stdout
        bad = forked.run(["-m", "tabletop", "learn", "sinoda", "--lesson", "9", "--lang", code, "--db",
                          str(tmp_path / "b.db")], cwd=ROOT, env=os.environ, timeout=60)
        assert bad.returncode == 2
        assert bad.stdout.strip() == lang._("{game} has lessons 1 to {total}, not {number}.", game="Sinoda",
                                            total=6, number=9)
