"""Issue 41 through the tournament service: shared places reach /profile as the standings show them (4.), and the
round totals and round headings of brackets stay true (2.)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.tournaments.test_brackets_e2e import PLAYERS, finish
from tests.tournaments.test_service_e2e import Clock, close_stores, services  # noqa: F401 (the fixture closes stores)


async def test_a_knockouts_semi_final_losers_share_third_on_their_profiles(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "e.sqlite3", Clock(), 31)
    event = await tournaments.create("cintos", "elimination", guild_id=1, channel_id=10, organiser_id=1)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    event = await finish(matches, tournaments, event, random.Random(2))
    rows = event.standings()
    assert [(s.place, s.place_to) for s in rows] == [(1, 1), (2, 2), (3, 4), (3, 4)]
    words = {}
    for s in rows:
        (user,) = event.entrant(s.entrant).members
        (placement,) = await tournaments.placements(user)
        words[s.entrant] = placement.words
    assert [words[s.entrant] for s in rows] == ["1 of 4", "2 of 4", "3–4 of 4", "3–4 of 4"]
