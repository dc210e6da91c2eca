"""Crash recovery: every move the console acknowledged survives a SIGKILL mid-stream, and the match plays on.

The parent's kill lands wherever the console happens to be; the console_kill_driver tests also kill it at the very
instant it acknowledges a move, and show that a console answering before it commits is caught.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from data import Store
from matches import MatchService
from rules import GAMES
from tests import forked

ROOT = Path(__file__).resolve().parents[2]
ADA, BOB = 11, 22
STREAMED = 150  # moves written to the console at once, without waiting for answers
KILL_AFTER = 25  # acknowledgments read before the kill
ANSWER_TIMEOUT = 20.0


def planned_moves(seats: list[int], seed: int) -> list[tuple[int, str]]:
    """(user, move) pairs of a random Cintos game, stopping before any move that would end it."""
    game = GAMES["cintos"]
    state = game.setup(2, {})
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while len(moves) < STREAMED:
        (seat,) = game.actors(state)
        action = rng.choice(game.legal_actions(state, seat))
        after = game.apply(state, action, seat)
        while not game.is_over(after) and (forced := game.automatic_action(after)) is not None:
            after = game.apply(after, forced[1], forced[0])  # the server's own passes, as the service makes them
        if game.is_over(after):
            break
        moves.append((seats[seat], game.notation(state, action)))
        state = after
    return moves


async def test_acknowledged_moves_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    proc = await forked.spawn(["-m", "matches.console", "--db", str(db)], cwd=ROOT, stdin=forked.PIPE,
                              stdout=forked.PIPE, stderr=forked.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None

    async def answer() -> str:
        line = await asyncio.wait_for(proc.stdout.readline(), ANSWER_TIMEOUT)  # type: ignore[union-attr]
        assert line, (await proc.stderr.read()).decode()  # type: ignore[union-attr]
        return line.decode().rstrip("\n")

    async def ask(command: str) -> str:
        proc.stdin.write(command.encode() + b"\n")  # type: ignore[union-attr]
        await proc.stdin.drain()  # type: ignore[union-attr]
        return await answer()

    try:
        assert await ask(f"new cintos 2 {ADA}") == "ok match 1"
        assert (await ask(f"join 1 {BOB}")).startswith("ok")
        started = await ask(f"start 1 {ADA}")
        assert started.startswith("ok started 1 seats "), started
        seats = [int(word) for word in started.split(" seats ")[1].split("|")[0].split()]
        assert sorted(seats) == [ADA, BOB]
        moves = planned_moves(seats, seed=3)
        assert len(moves) >= KILL_AFTER + 20  # enough left in flight when the kill lands

        proc.stdin.write("".join(f"act 1 {user} {move}\n" for user, move in moves).encode())
        await proc.stdin.drain()
        acks: list[tuple[int, str]] = []
        while len(acks) < KILL_AFTER:
            line = await answer()
            assert line.startswith("ok "), line
            number, text = line[3:].split(" | ")[0].split(" ", 1)
            acks.append((int(number), text))
        proc.kill()  # SIGKILL: no clean shutdown, no chance to finish a transaction
        await proc.wait()
        # Answers already written before the kill are acknowledgments too.
        for line in (await proc.stdout.read()).decode().splitlines():
            if line.startswith("ok "):
                number, text = line[3:].split(" | ")[0].split(" ", 1)
                acks.append((int(number), text))
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == -9

    store = await Store.open(db)
    try:
        service = MatchService(store)
        log = await store.log(1)
        by_n = {e.n: e for e in log}
        assert [e.n for e in log] == list(range(1, len(log) + 1))
        for n, text in acks:  # every acknowledged move is stored, under the number it was acknowledged with
            assert n in by_n and by_n[n].text == text
        assert [n for n, _ in acks] == sorted(n for n, _ in acks)
        played = [(e.user_id, e.text) for e in log if e.user_id is not None]
        assert len(played) >= len(acks)
        assert played == moves[: len(played)]  # in order, nothing extra, nothing skipped
        assert len(played) < len(moves)  # the kill did land while moves were still in flight

        match = await service.get(1)
        assert match.status == "active" and match.record.version == len(log)
        replayed = await service.replay(1)
        assert replayed == match.state
        assert match.game.position(replayed) == match.game.position(match.state)

        (seat,) = match.actors()
        user = match.user_at(seat)
        legal = await service.legal_texts(1, user)
        turn = await service.act(1, user, legal[0])
        assert turn.events[0].n == len(log) + 1 and turn.events[0].text == legal[0]
        assert [e.text for e in await store.log(1)][: len(log)] == [e.text for e in log]
    finally:
        await store.close()


async def killed_at_an_acknowledgement(db: Path, *broken: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Stream a game into tests/matches/console_kill_driver.py, which SIGKILLs itself as it flushes its KILL_AFTER-th
    move acknowledgement; the acknowledged (log line, move) pairs and the moves sent."""
    proc = await forked.spawn(["-m", "tests.matches.console_kill_driver", str(db), str(KILL_AFTER), *broken],
                              cwd=ROOT, stdin=forked.PIPE, stdout=forked.PIPE, stderr=forked.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"new cintos 2 {ADA}\njoin 1 {BOB}\nstart 1 {ADA}\n".encode())
    await proc.stdin.drain()
    answers = [(await asyncio.wait_for(proc.stdout.readline(), ANSWER_TIMEOUT)).decode() for _ in range(3)]
    assert answers[2].startswith("ok started 1 seats "), answers
    seats = [int(word) for word in answers[2].split(" seats ")[1].split("|")[0].split()]
    moves = planned_moves(seats, seed=3)
    try:
        proc.stdin.write("".join(f"act 1 {user} {move}\n" for user, move in moves).encode())
        await proc.stdin.drain()
    except (BrokenPipeError, ConnectionResetError):
        pass  # it may already be dead: that is the point
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == -9, err.decode()[-2000:]
    acks = []
    for line in out.decode().splitlines():
        if line.startswith("ok "):
            n, text = line[3:].split(" | ")[0].split(" ", 1)
            acks.append((int(n), text))
    assert len(acks) == KILL_AFTER
    return acks, moves


async def lost(db: Path, acks: list[tuple[int, str]]) -> list[tuple[int, str]]:
    store = await Store.open(db)
    try:
        by_n = {e.n: e.text for e in await store.log(1)}
    finally:
        await store.close()
    return [(n, text) for n, text in acks if by_n.get(n) != text]


async def test_killed_at_the_instant_of_acknowledgement(tmp_path: Path) -> None:
    acks, moves = await killed_at_an_acknowledgement(tmp_path / "at-ack.sqlite3")
    assert await lost(tmp_path / "at-ack.sqlite3", acks) == []
    assert [text for _, text in acks] == [text for _, text in moves[:KILL_AFTER]]


@pytest.mark.parametrize("delay", ["0.03", "0.3"])
async def test_a_console_that_acknowledges_before_committing_is_caught(tmp_path: Path, delay: str) -> None:
    acks, _moves = await killed_at_an_acknowledgement(tmp_path / "broken.sqlite3", delay)
    assert await lost(tmp_path / "broken.sqlite3", acks) == [acks[-1]]  # told "ok", killed before the commit
