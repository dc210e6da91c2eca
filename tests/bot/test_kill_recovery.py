"""Kill the bot process (SIGKILL, no clean shutdown) while moves are being made: every acknowledged move is kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from data import Store
from matches import MatchService

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_KILL = 12


async def test_acknowledged_moves_survive_a_killed_bot(tmp_path: Path) -> None:
    db = str(tmp_path / "killed.sqlite3")
    proc = subprocess.Popen([sys.executable, "-m", "tests.bot.kill_driver", db], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    acked: list[tuple[int, str]] = []
    match_id = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            words = line.split()
            if words[0] == "started":
                match_id = int(words[1])
            elif words[0] == "ack":
                acked.append((int(words[1]), words[2]))
                if len(acked) == ACKS_BEFORE_KILL:
                    proc.kill()  # SIGKILL while the bot is in the middle of its next move
                    break
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert match_id is not None and len(acked) == ACKS_BEFORE_KILL

    store = await Store.open(db)
    try:
        service = MatchService(store)
        log = {entry.n: entry.text for entry in await store.log(match_id)}
        assert all(log.get(n) == text for n, text in acked), (acked, log)
        match = await service.get(match_id)
        assert match.record.version >= acked[-1][0]
        assert match.game.position(await service.replay(match_id)) == match.game.position(match.state)
        (seat,) = match.actors()
        user = match.user_at(seat)
        turn = await service.act(match_id, user, (await service.legal_texts(match_id, user))[0])
        assert turn.events and match.record.version > acked[-1][0]  # the match plays on
    finally:
        await store.close()
