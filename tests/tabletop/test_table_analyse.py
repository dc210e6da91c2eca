"""`python -m tabletop analyse`: a finished local match analysed in the real process pool, its progress on one line,
then each player's accuracy and the key moments in words; a running match is refused; the end of a game says how."""

from __future__ import annotations

import argparse
import io
import random
import re
from pathlib import Path

from data import Store
from matches import MatchService
from settings import Settings
from tabletop.analyse import analyse_match
from tests.reviews.helpers import finished


async def local_matches(db: Path) -> tuple[int, int]:
    """A finished and a running Cintos match between the table's players 1 and 2."""
    store = await Store.open(db)
    try:
        service = MatchService(store, rng=random.Random(2))
        done = await finished(service, guild_id=None, plies=6, seed=3, users=(1, 2))
        running = await service.create("cintos", guild_id=None, channel_id=0, creator_id=1, players=2)
        await service.join(running.id, 2)
        await service.start(running.id, 1)
        return done, running.id
    finally:
        await store.close()


async def test_a_finished_local_match_is_analysed_in_words(tmp_path: Path) -> None:
    db = tmp_path / "local.sqlite3"
    done, running = await local_matches(db)
    settings = Settings(analysis_iterations=12)
    out = io.StringIO()
    assert await analyse_match(argparse.Namespace(match=done, db=str(db)), out, settings) == 0
    text = out.getvalue()
    assert "\ranalysing: move 7 of 7" in text  # 6 moves and the resignation, counted on one line
    assert f"Cintos match #{done}: the computer's analysis (12 searches a position)." in text
    assert len(re.findall(r"accuracy \d+% over \d+ moves · \d+ inaccurac(?:y|ies) \?!", text)) == 2
    out = io.StringIO()
    assert await analyse_match(argparse.Namespace(match=running, db=str(db)), out, settings) == 2
    assert "no computer help while playing" in out.getvalue()
