"""Double elimination and top cuts through the tournament service: matches played through MatchService until the
event ends, the brackets and places as the core computes them, refusals for cuts that cannot be."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from matches import MatchService, Refusal
from tests.tournaments.test_service_e2e import Clock, close_stores, services  # noqa: F401 (the fixture closes stores)
from tournaments import Tournament, TournamentService

PLAYERS = list(range(301, 317))


async def play_round(matches: MatchService, tournaments: TournamentService, event: Tournament,
                     rng: random.Random) -> Tournament:
    """Every match of the current round: each side moves once, then a random side resigns (over the board)."""
    event = await tournaments.get(event.id)
    for table in event.round_tables():
        if table.points is not None or table.match_id is None:
            continue
        match = await matches.get(table.match_id)
        for _ in range(match.players):
            if match.status != "active":
                break
            user = match.user_at(match.actors()[0])
            await matches.act(match.id, user, rng.choice(await matches.legal_texts(match.id, user)))
        if match.status == "active":
            await matches.resign(match.id, rng.choice(match.user_ids))
    return await tournaments.get(event.id)


async def finish(matches: MatchService, tournaments: TournamentService, event: Tournament,
                 rng: random.Random) -> Tournament:
    for _ in range(30):
        if event.status == "finished":
            return event
        event = await play_round(matches, tournaments, event, rng)
    raise AssertionError("the event did not end")


async def test_double_elimination_of_five(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "d.sqlite3", Clock(), 21)
    event = await tournaments.create("cintos", "double-elimination", guild_id=1, channel_id=10, organiser_id=1,
                                reset=False)
    for user in PLAYERS[:5]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    assert event.title() == "Cintos Double elimination · 6 rounds or more · 24 h per move"
    view = event.bracket()
    assert view is not None and [s.title for s in view.sections] == ["Winners' bracket", "Losers' bracket"]
    event = await finish(matches, tournaments, event, random.Random(1))
    view = event.bracket()
    assert view is not None and view.champion is not None
    standing = event.standings()
    assert standing[0].entrant == view.champion and [s.rank for s in standing] == [1, 2, 3, 4, 5]
    losses = {e.entrant: 0 for e in event.entrants}
    for table in event.tables:
        if len(table.entrants) == 2 and table.points is not None and table.points[0] != table.points[1]:
            losses[table.entrants[0] if table.points[0] < table.points[1] else table.entrants[1]] += 1
    runner_up = standing[1].entrant  # without a reset, the winners' side may go out after one loss in the final
    assert losses[view.champion] <= 1 and 1 <= losses[runner_up] <= 2
    assert all(n == 2 for e, n in losses.items() if e not in (view.champion, runner_up))


async def test_swiss_with_a_top_four(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "s.sqlite3", Clock(), 22)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=2, playoff=4)
    assert event.title() == "Cintos Swiss · 2 rounds + top 4 · 24 h per move"
    for user in PLAYERS[:6]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    assert event.bracket() is None  # no playoff yet
    rng = random.Random(2)
    for _ in range(2):
        event = await play_round(matches, tournaments, event, rng)
    assert event.round == 3 and len(event.round_tables()) == 2  # the semi-finals
    stage = event.standings(before_round=3)
    top = [s.entrant for s in stage[:4]]
    assert [set(t.entrants) for t in event.round_tables()] == [{top[0], top[3]}, {top[1], top[2]}]
    event = await finish(matches, tournaments, event, rng)
    final = event.standings()
    view = event.bracket()
    assert view is not None and final[0].entrant == view.champion
    assert {s.entrant for s in final[:4]} == set(top)  # the playoff decides the podium
    assert [s.entrant for s in final[4:]] == [s.entrant for s in stage[4:]]


async def test_pods_with_a_top_four_play_it_one_against_one(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "p.sqlite3", Clock(), 23)
    event = await tournaments.create("sinoda", "pods", guild_id=1, channel_id=10, organiser_id=1, players=3, rounds=1,
                                playoff=4)
    for user in PLAYERS[:6]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    rng = random.Random(3)
    event = await play_round(matches, tournaments, event, rng)
    semis = event.round_tables()
    assert event.round == 2 and [len(t.entrants) for t in semis] == [2, 2]
    match = await matches.get(semis[0].match_id or 0)
    assert match.players == 2
    event = await finish(matches, tournaments, event, rng)
    assert event.status == "finished" and event.bracket() is not None


async def test_cuts_that_cannot_be_are_refused(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "r.sqlite3", Clock(), 24)
    with pytest.raises(Refusal, match="top cut"):
        await tournaments.create("cintos", "roundrobin", guild_id=1, channel_id=10, organiser_id=1, playoff=8)
    with pytest.raises(Refusal, match="top cut"):
        await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, playoff=6)
    with pytest.raises(Refusal, match="one against one"):
        await tournaments.create("sinoda", "pods", guild_id=1, channel_id=10, organiser_id=1, players=4,
                            options={"teams": "2x2"}, playoff=4)
