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


async def test_a_reset_round_is_announced_within_its_total(tmp_path: Path) -> None:
    """Issue 41.2: two players in a double elimination, the grand final won by the losers' side: the reset is round 3,
    announced 'Round 3 of 3 · Grand final reset' (it was 'Round 3 of 2'); the title says the total can grow."""
    from cogs.tournament_posts import round_embed

    _store, matches, tournaments = await services(tmp_path / "r.sqlite3", Clock(), 32)
    event = await tournaments.create("cintos", "double-elimination", guild_id=1, channel_id=10, organiser_id=1)
    for user in PLAYERS[:2]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    assert event.title() == "Cintos Double elimination · 2 rounds or more · 24 h per move"
    seeds = [s.entrant for s in event.standings()]
    titles = []
    for round_no in range(1, 10):
        if event.status == "finished":
            break
        titles.append(round_embed(event, round_no).title or "")
        (table,) = event.round_tables()
        assert table.match_id is not None
        match = await matches.get(table.match_id)
        loser_entrant = seeds[0] if round_no == 2 else seeds[1]  # the top seed loses the first grand final only
        for _ in range(match.players):  # each side moves once: the resignation is a loss over the board
            user = match.user_at(match.actors()[0])
            await matches.act(match.id, user, (await matches.legal_texts(match.id, user))[0])
            match = await matches.get(match.id)
        await matches.resign(match.id, event.entrant(loser_entrant).members[0])
        event = await tournaments.get(event.id)
    assert event.status == "finished"
    assert [t.split(" — ")[1] for t in titles] == ["Round 1 of 2 · Winners' final", "Round 2 of 2 · Grand final",
                                                  "Round 3 of 3 · Grand final reset"]
