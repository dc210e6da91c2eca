"""SIGKILL the bot process (no clean shutdown) at the instant it acknowledges a move: every acknowledged move is kept.

tests/bot/kill_driver.py kills its own process from inside the acknowledgement, so the kill lands exactly between
"the player was told" and whatever the bot does next. The same test run on a deliberately broken build (acknowledge
first, commit 30 ms or 300 ms later) must find the move missing: the proof that this test can fail stays with it.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from data import Store
from matches import MatchService
from tests import forked

ROOT = Path(__file__).resolve().parents[2]
KILL_AT = 8  # the acknowledgement at which the bot process dies


def run_until_killed(db: str, *broken: str) -> tuple[int, list[tuple[int, str]]]:
    """Run the driver until it kills itself; the match id and the acknowledged (log line, move) pairs it printed."""
    done = forked.run(["-m", "tests.bot.kill_driver", db, str(KILL_AT), *broken], cwd=ROOT, timeout=600,
                      env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.returncode == -signal.SIGKILL, (done.returncode, done.stderr[-2000:])
    lines = [line.split() for line in done.stdout.splitlines()]
    (match_id,) = [int(words[1]) for words in lines if words[0] == "started"]
    acked = [(int(words[1]), words[2]) for words in lines if words[0] == "ack"]
    assert len(acked) == KILL_AT, done.stdout
    return match_id, acked


async def lost_moves(db: str, match_id: int, acked: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The acknowledged moves the database does not hold (under the line number they were acknowledged with)."""
    store = await Store.open(db)
    try:
        log = {entry.n: entry.text for entry in await store.log(match_id)}
    finally:
        await store.close()
    return [(n, text) for n, text in acked if log.get(n) != text]


async def test_acknowledged_moves_survive_a_killed_bot(tmp_path: Path) -> None:
    db = str(tmp_path / "killed.sqlite3")
    match_id, acked = run_until_killed(db)
    assert await lost_moves(db, match_id, acked) == []

    store = await Store.open(db)
    try:
        service = MatchService(store)
        match = await service.get(match_id)
        assert match.record.version >= acked[-1][0]
        assert match.game.position(await service.replay(match_id)) == match.game.position(match.state)
        (seat,) = match.actors()
        user = match.user_at(seat)
        turn = await service.act(match_id, user, (await service.legal_texts(match_id, user))[0])
        assert turn.events and match.record.version > acked[-1][0]  # the match plays on
    finally:
        await store.close()


@pytest.mark.parametrize("delay", ["0.03", "0.3"])
async def test_a_build_that_acknowledges_before_committing_is_caught(tmp_path: Path, delay: str) -> None:
    db = str(tmp_path / "broken.sqlite3")
    match_id, acked = run_until_killed(db, delay)
    assert await lost_moves(db, match_id, acked) == [acked[-1]]  # told "Played", then killed before the commit
