"""The local table: a whole match against a computer through a pipe, and hot-seat play that hides each hand."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import render
from data import Store
from matches import MatchService
from tabletop.table import PROMPT_END, Table, plain
from tests import forked

ROOT = Path(__file__).resolve().parents[2]
ANSWER_TIMEOUT = 30.0


async def until_prompt(out: asyncio.StreamReader) -> str:
    """Everything the table writes up to its next prompt ("" once it exits)."""
    text = ""
    while not text.endswith(PROMPT_END):
        chunk = await asyncio.wait_for(out.read(4096), ANSWER_TIMEOUT)
        if not chunk:
            return text
        text += chunk.decode()
    return text


async def test_a_match_against_a_computer_through_a_pipe(tmp_path: Path) -> None:
    db, png = tmp_path / "local.sqlite3", tmp_path / "boards"
    proc = await forked.spawn(
        ["-m", "tabletop", "play", "sinoda", "--vs", "easy", "--db", str(db), "--png", str(png)],
        cwd=ROOT, stdin=forked.PIPE, stdout=forked.PIPE, stderr=forked.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    rng = random.Random(2)
    transcript = shown = await until_prompt(proc.stdout)
    assert "Computer (easy)" in shown and "Sinoda match #1" in shown
    moves = 0
    while shown.endswith(PROMPT_END):
        assert moves < 300
        proc.stdin.write(b"? all\n")
        listing = await until_prompt(proc.stdout)
        legal = [line[2:] for line in listing.splitlines() if line.startswith("  ")]
        assert legal and listing.startswith(f"Legal moves ({len(legal)}):")
        if moves == 0:
            proc.stdin.write(b"nonsense\n")  # refused with a message; nothing changes
            assert "cannot read" in await until_prompt(proc.stdout)
        proc.stdin.write((rng.choice(legal) + "\n").encode())
        shown = await until_prompt(proc.stdout)
        transcript += shown
        moves += 1
    assert proc.stderr is not None
    assert await asyncio.wait_for(proc.wait(), ANSWER_TIMEOUT) == 0, (await proc.stderr.read()).decode()
    assert "Game over." in transcript and "Computer (easy) (" in transcript
    assert "python -m tabletop analyse 1 --db" in transcript  # the end offers the computer's analysis
    assert all(len(line) <= 40 for line in transcript.splitlines() if line.startswith(("a ", "b ", "c ", "d ")))
    store = await Store.open(db)
    try:
        record = await store.get_match(1)
        assert record is not None and record.status == "finished"
        assert any(e.user_id is not None and e.user_id < 0 for e in await store.log(1))
    finally:
        await store.close()
    assert len(list(png.glob("match1-*.png"))) >= moves  # a PNG board per position shown


class Keyboard(io.StringIO):
    """The players' input for a hot-seat game: Enter at every hand-over, else the first legal move, then quit.

    At each hand-over it records what the screen showed since the last move was typed, with the lines of either
    player's private board (their hand) that the public board does not have, as they are at that moment."""

    def __init__(self, table: Table, screen: io.StringIO, turns: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.table, self.screen, self.turns, self.loop = table, screen, turns, loop
        self.seen_at = 0
        self.handovers: list[tuple[str, set[str]]] = []
        self.after_hello: list[tuple[str, set[str]]] = []  # what the next player saw once at the keyboard
        self.match_id = 0

    def secrets(self) -> set[str]:
        match = self.table.service.core.cache[self.match_id]
        names = [f"Player {k + 1}" for k in range(2)]
        public = set(plain(render.text_board(match.view(None), names, match.id)).splitlines())
        own = [set(plain(render.text_board(match.view(s), names, match.id)).splitlines()) for s in range(2)]
        return {line for lines in own for line in lines - public if line.strip()}

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # read in a worker thread while the table waits
        shown = self.screen.getvalue()
        if shown.rstrip().endswith("press Enter when they are here>"):
            self.handovers.append((shown[self.seen_at:], self.secrets()))
            self.seen_at = len(shown)
            return "\n"
        if self.handovers and self.seen_at:
            self.after_hello.append((shown[self.seen_at:], self.secrets()))
        self.seen_at = len(shown)
        self.turns -= 1
        if self.turns < 0:
            return "quit\n"
        service = self.table.service
        match = service.core.cache[self.match_id]
        user = next(match.user_at(s) for s in match.actors())
        texts = asyncio.run_coroutine_threadsafe(service.legal_texts(match.id, user), self.loop).result()
        return texts[0] + "\n"


async def test_hot_seat_shows_a_hand_only_to_its_player(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "hot.sqlite3")
    try:
        service = MatchService(store, rng=random.Random(4))
        screen = io.StringIO()
        table = Table(service, io.StringIO(), screen)
        keyboard = Keyboard(table, screen, 8, asyncio.get_running_loop())
        table.source = keyboard
        match = await table.open("sakamichi", 2, {"mode": "advanced"}, None)
        keyboard.match_id = match.id
        assert await table.play(match) == 1  # quit after 8 turns: saved, unfinished
        assert len(keyboard.handovers) >= 4
        # advanced Sakamichi hides the hands until the colours are chosen: the first hand-overs have secrets
        assert keyboard.handovers[0][1], "the hands should differ from the public board"
        for before, secrets in keyboard.handovers:
            leaked = [line for line in secrets if line in before]
            assert not leaked, leaked
        # once the next player pressed Enter they saw their own hand (so the check above can see a hand at all)
        assert any(any(line in after for line in secrets) for after, secrets in keyboard.after_hello)
    finally:
        await store.close()
