"""A Cintos match stored before issue 14 (its snapshot's history as 65-character positions) loads and plays on."""

from __future__ import annotations

import json
import random
from pathlib import Path

from data import Store
from matches import MatchService
from tests.rules.test_cintos_history import OLD_SNAPSHOT

ADA, BOB = 11, 22


async def test_an_old_format_snapshot_in_the_store_loads_and_repetition_still_counts(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "old.sqlite3")
    try:
        service = MatchService(store, rng=random.Random(1))
        match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, options={})
        await service.join(match.id, BOB)
        match = (await service.start(match.id, ADA)).match
        red = match.user_at(0)
        blue = BOB if red == ADA else ADA
        for user, text in ((red, "a8-b8"), (blue, "h1-g1"), (red, "b8-a8"), (blue, "g1-h1")):
            await service.act(match.id, user, text)
        # The same four moves' snapshot as the engine wrote it before issue 14, as a database holds it today.
        await store.conn.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(OLD_SNAPSHOT), match.id))
        await store.conn.commit()
        again = MatchService(store, rng=random.Random(2))  # a fresh cache: the match is read from the store
        for user, text in ((red, "a8-b8"), (blue, "h1-g1"), (red, "b8-a8")):
            turn = await again.act(match.id, user, text)
            assert turn.match.state is not None and not turn.match.game.is_over(turn.match.state)
        turn = await again.act(match.id, blue, "g1-h1")  # the start position a third time, counting the old history
        assert turn.match.game.is_over(turn.match.state)
        assert "repetition" in getattr(turn.match.game.outcome(turn.match.state), "reason", "")
        record = await store.get_match(match.id)
        stored = record.state if record is not None else None
        assert stored is not None and all(len(entry) == 16 for entry in stored["history"])
    finally:
        await store.close()
