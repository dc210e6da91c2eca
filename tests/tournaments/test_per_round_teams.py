"""Team tournaments whose teams are drawn anew each round: a Bodsoi 2v2 Swiss of 8 players over 2 rounds (a restart
and an adjudication in round 2), standings per player checked against the matches, and what is refused."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from matches import MatchService, Refusal
from tests.tournaments.test_service_e2e import OPEN, Clock, close_stores, play_out, services  # noqa: F401 (a fixture)

PLAYERS = list(range(201, 209))


def partnerships(event, round_no: int) -> set[frozenset[int]]:
    return {frozenset(side) for t in event.round_tables(round_no) for side in event.table_sides(t)
            if len(t.entrants) > 1}


async def check_results(event, matches: MatchService, round_no: int) -> None:
    """Every player's points are their team's result in that match (1 won, 0 lost)."""
    for table in event.round_tables(round_no):
        assert table.points is not None and table.match_id is not None
        match = await matches.get(table.match_id)
        winners = {match.user_at(s) for s in (match.record.outcome or {}).get("winners", ())}
        users = [event.entrant(e).members[0] for e in table.entrants]
        assert len(winners) == 2 and winners <= set(users)
        assert table.points == tuple(1.0 if u in winners else 0.0 for u in users)


async def test_bodsoi_2v2_with_teams_drawn_each_round(tmp_path: Path) -> None:
    clock, path, rng = Clock(), tmp_path / "t.sqlite3", random.Random(5)
    _store, matches, tournaments = await services(path, clock, 3)
    event = await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4, rounds=2,
                                teams="per-round")
    assert event.per_round and "teams of 2 drawn each round" in event.title()
    for user in PLAYERS:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    # The entrants are the players; round 1 is two tables of two drawn teams, seated as the match seats them.
    assert [e.members for e in event.entrants] == [(u,) for u in PLAYERS]
    tables = event.round_tables(1)
    assert len(tables) == 2 and all(len(t.entrants) == 4 for t in tables)
    for table in tables:
        match = await matches.get(table.match_id or 0)
        assert match.user_ids == event.seats_of(table)
        game = matches.game("bodsoi")
        teams = game.teams(match.view(None))
        for side, (_, seats) in zip(event.table_sides(table), teams, strict=True):
            assert {match.user_at(s) for s in seats} == {event.entrant(e).members[0] for e in side}
        await play_out(matches, match.id, rng, "resign")
    event = await tournaments.get(event.id)
    await check_results(event, matches, 1)
    assert event.round == 2
    first = partnerships(event, 1)
    second = partnerships(event, 2)
    assert len(first) == len(second) == 4 and not first & second  # nobody keeps their partner
    # Round 2's leaders play together at board 1: the teams are paired by their mean score.
    leaders = event.round_tables(2)[0]
    before = {e: p for t in event.round_tables(1) for e, p in zip(t.entrants, t.points or (), strict=True)}
    assert sum(before[e] for e in leaders.entrants) >= sum(before[e] for e in event.round_tables(2)[1].entrants)

    # A restart mid-round loses nothing: the drawn teams are the round's tables.
    await OPEN.pop().close()
    _store, matches, tournaments = await services(path, clock, 4)
    assert await tournaments.recover() == [event.id]
    again = await tournaments.get(event.id)
    assert again.round_tables(2) == event.round_tables(2) and partnerships(again, 2) == second
    board1, board2 = again.round_tables(2)
    await play_out(matches, board1.match_id or 0, rng, "resign")
    event = await tournaments.adjudicate(event.id, board2.match_id or 0, "first", 1, "ada", organiser=True)
    assert event.status == "finished"
    first_board = await matches.get(board1.match_id or 0)
    assert first_board.record.outcome is not None
    winners = {first_board.user_at(s) for s in first_board.record.outcome["winners"]}
    assert event.round_tables(2)[0].points == tuple(1.0 if event.entrant(e).members[0] in winners else 0.0
                                                    for e in board1.entrants)
    adjudged = event.round_tables(2)[1]
    assert adjudged.points == (1.0, 1.0, 0.0, 0.0) and not adjudged.played  # the first team's members win

    # Standings per player: points are their results; Buchholz cut 1 over the opponents they met (the mean of
    # the opposing team's final scores per round; own score where the game was not played), lowest removed.
    total: dict[int, float] = defaultdict(float)
    for table in event.tables:
        for e, p in zip(table.entrants, table.points or (), strict=True):
            total[e] += p
    rows = {s.entrant: s for s in event.standings()}
    assert len(rows) == 8 and {e: rows[e].points for e in rows} == dict(total)
    for me in rows:
        contributions = []
        for table in event.tables:
            sides = event.table_sides(table)
            mine = next(s for s in sides if me in s) if me in table.entrants else None
            if mine is None:
                continue
            opponents = [e for s in sides if s is not mine for e in s]
            contributions.append(sum(total[e] for e in opponents) / 2 if table.played else total[me])
        assert rows[me].buchholz_cut1 == pytest.approx(sum(contributions) - min(contributions))
        assert rows[me].wins == sum(1 for t in event.tables if me in t.entrants and t.played
                                    and (t.points or ())[t.entrants.index(me)] == 1.0)
    assert [s.rank for s in event.standings()] == list(range(1, 9))
    assert [s.points for s in event.standings()] == sorted(total.values(), reverse=True)


async def test_a_player_short_of_a_table_sits_out_with_a_bye(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "b.sqlite3", Clock(), 6)
    event = await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4,
                                teams="per-round")
    for user in PLAYERS[:6]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)  # six players: one table of four, two byes
    tables = event.round_tables(1)
    assert [len(t.entrants) for t in tables] == [4, 1, 1]
    assert [t.points for t in tables[1:]] == [(1.0,), (1.0,)] and not any(t.played for t in tables[1:])


async def test_per_round_teams_are_refused_where_they_make_no_sense(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "r.sqlite3", Clock(), 7)
    with pytest.raises(Refusal, match="team games"):
        await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, teams="per-round")
    with pytest.raises(Refusal, match="round robin and elimination"):
        await tournaments.create("bodsoi", "elimination", guild_id=1, channel_id=10, organiser_id=1, players=4,
                            teams="per-round")
    with pytest.raises(Refusal, match="fixed or per-round"):
        await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4, teams="x")
    event = await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4,
                                teams="per-round")
    with pytest.raises(Refusal, match="draws new teams every round"):
        await tournaments.register_team(event.id, 201, [202])
    assert (await tournaments.get(event.id)).signups == []
    rematch_source = await tournaments.cancel(event.id, 1, organiser=True)
    assert (await tournaments.rematch(rematch_source.id, 1, organiser=True)).per_round


async def test_sinoda_three_teams_of_two_drawn_each_round_play_pods(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "p.sqlite3", Clock(), 8)
    event = await tournaments.create("sinoda", "pods", guild_id=1, channel_id=10, organiser_id=1, players=6,
                                options={"teams": "3x2"}, rounds=1, teams="per-round")
    for user in PLAYERS[:6]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    (table,) = event.round_tables(1)
    assert [len(side) for side in event.table_sides(table)] == [2, 2, 2]
    match = await matches.get(table.match_id or 0)
    for side, (_, seats) in zip(event.table_sides(table), match.game.teams(match.view(None)), strict=True):
        assert {match.user_at(s) for s in seats} == {event.entrant(e).members[0] for e in side}
    # A draw adjudicated: every team shares 1st, so every player gets (3 + 1 + 0) / 3 placement points.
    event = await tournaments.adjudicate(event.id, table.match_id or 0, "draw", 1, "ada", organiser=True)
    (done,) = event.round_tables(1)
    assert done.places == (1,) * 6 and done.points == pytest.approx((4 / 3,) * 6)
    assert event.status == "finished" and {s.results for s in event.standings()} == {("1",)}


async def test_a_drop_resigns_the_team_match_and_the_rest_are_drawn_without_them(tmp_path: Path) -> None:
    _store, matches, tournaments = await services(tmp_path / "d.sqlite3", Clock(), 9)
    event = await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4, rounds=2,
                                teams="per-round")
    for user in PLAYERS:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    dropper = PLAYERS[0]
    event, resigned = await tournaments.drop(event.id, dropper)
    (turn,) = resigned
    gone = next(t for t in event.round_tables(1) if t.match_id == turn.match.id)
    me = event.entrant_of(dropper)
    assert me is not None and gone.points is not None and gone.points[gone.entrants.index(me.entrant)] == 0.0
    other = next(t for t in event.round_tables(1) if t is not gone)
    await matches.resign(other.match_id or 0, event.seats_of(other)[0])
    event = await tournaments.get(event.id)
    # Seven players left: one table of four, three byes; the one who dropped is not paired.
    assert event.round == 2 and [len(t.entrants) for t in event.round_tables()] == [4, 1, 1, 1]
    assert me.entrant not in {e for t in event.round_tables() for e in t.entrants}
