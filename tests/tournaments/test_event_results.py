"""What a tournament makes of its matches' results (issue 25 defects 1 and 2, issue 31 point 6): forfeits from
structured facts, one result for the event and for the ratings, standings while a round is being played."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from matches import MatchService
from tests.tournaments.test_service_e2e import Clock, close_stores, services  # noqa: F401 (the fixture closes stores)
from tournaments import Tournament, TournamentService

PLAYERS = list(range(201, 211))


async def swiss(tournaments: TournamentService, count: int, rounds: int = 3, **options: object) -> Tournament:
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=rounds,
                                rated=True, **options)  # type: ignore[arg-type]
    for user in PLAYERS[:count]:
        await tournaments.join(event.id, user)
    return await tournaments.start(event.id, 1, organiser=True)


async def move(matches: MatchService, match_id: int) -> None:
    match = await matches.get(match_id)
    user = match.user_at(match.actors()[0])
    await matches.act(match_id, user, (await matches.legal_texts(match_id, user))[0])


async def test_resignations_before_the_first_move_are_forfeits_not_games(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "f.sqlite3", clock, 11)
    event = await swiss(tournaments, 6)
    at_once, before_own, after_both = event.round_tables()
    ids = [t.match_id for t in (at_once, before_own, after_both)]
    assert None not in ids
    # 1: the first player resigns at once ("Red resigned": the wording is the game's own)
    first = await matches.get(ids[0] or 0)
    await matches.resign(first.id, first.user_at(0))
    # 2: the first player moves, the second resigns before making a move of their own
    await move(matches, ids[1] or 0)
    second = await matches.get(ids[1] or 0)
    await matches.resign(second.id, second.user_at(1))
    # 3: both move, then one resigns: a game played over the board
    await move(matches, ids[2] or 0)
    await move(matches, ids[2] or 0)
    third = await matches.get(ids[2] or 0)
    await matches.resign(third.id, third.user_at(0))

    event = await tournaments.get(event.id)
    tables = {t.board: t for t in event.round_tables(1)}
    assert (tables[1].points, tables[1].played) == ((0.0, 1.0), False)
    assert (tables[2].points, tables[2].played) == ((1.0, 0.0), False)
    assert (tables[3].points, tables[3].played) == ((0.0, 1.0), True)
    rows = {s.entrant: s for s in event.standings()}
    assert rows[at_once.entrants[0]].results[0] == "F-" and rows[at_once.entrants[1]].results[0] == "F+"
    assert rows[before_own.entrants[0]].results[0] == "F+" and rows[before_own.entrants[1]].results[0] == "F-"
    assert rows[after_both.entrants[0]].results[0] == "L" and rows[after_both.entrants[1]].results[0] == "W"
    assert rows[at_once.entrants[1]].wins == 0 and rows[after_both.entrants[1]].wins == 1  # wins over the board
    # and the ratings agree with the event: only the game played over the board changed a rating
    assert await matches.rating_changes(first.id) is None and await matches.rating_changes(second.id) is None
    changes = await matches.rating_changes(third.id)
    assert changes is not None and sorted(c.result for c in changes) == ["loss", "win"]


@pytest.mark.parametrize("rule", ["forfeit", "claim"])
async def test_an_unstarted_match_is_one_double_forfeit_for_the_event_and_the_ratings(tmp_path: Path,
                                                                                      rule: str) -> None:
    # issue 31 point 6: under both timeout rules the event scores 0–0 (not played) and no rating changes
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "u.sqlite3", clock, 12)
    event = await swiss(tournaments, 2, rounds=1, time_control=600, timeout_rule=rule)
    (table,) = event.round_tables()
    clock.now += 601
    for kind, due in await matches.due():
        if kind == "timeout":
            await matches.timeout(due.id)
    for match_id in await tournaments.due():  # the "claim" rule: the scheduler settles it without waiting for a claim
        await tournaments.settle_unstarted(match_id)
    event = await tournaments.get(event.id)
    (table,) = event.round_tables()
    assert (table.points, table.played) == ((0.0, 0.0), False)
    assert await matches.rating_changes(table.match_id or 0) is None
    assert await matches.store.ratings.ratings_of(PLAYERS[0]) == []
    assert await matches.store.ratings.ratings_of(PLAYERS[1]) == []


async def test_standings_while_a_round_is_played(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "m.sqlite3", clock, 13)
    event = await swiss(tournaments, 5)
    for table in event.round_tables():
        if table.match_id is not None:
            await move(matches, table.match_id)
            await move(matches, table.match_id)
            match = await matches.get(table.match_id)
            await matches.resign(match.id, match.user_at(1))
    event = await tournaments.get(event.id)
    assert event.round == 2
    done, running = (t for t in event.round_tables() if len(t.entrants) == 2)
    (bye,) = (t for t in event.round_tables() if len(t.entrants) == 1)
    match = await matches.get(done.match_id or 0)
    await move(matches, match.id)
    await move(matches, match.id)
    await matches.resign(match.id, match.user_at(0))
    event = await tournaments.get(event.id)

    before = {s.entrant: s for s in event.standings(before_round=2)}  # the "before round 2" image
    assert all(len(s.results) == 1 for s in before.values())  # round 1 only: no chip, no bye of round 2 yet
    assert before[bye.entrants[0]].points == sum(t.points[t.entrants.index(bye.entrants[0])]
                                                 for t in event.round_tables(1)
                                                 if t.points is not None and bye.entrants[0] in t.entrants)
    now = {s.entrant: s for s in event.standings()}
    for entrant in running.entrants:  # still playing: no result, no point and no Buchholz for round 2 yet
        assert now[entrant].results[1] == "…"
        assert now[entrant].points == before[entrant].points
        assert now[entrant].buchholz_cut1 == 0.0  # round 1's one value, cut; the round in play adds no own score
    assert now[done.entrants[0]].results[1] == "L" and now[done.entrants[1]].results[1] == "W"
    assert now[bye.entrants[0]].results[1] == "B"  # a result already in
    assert event.standings_note() == "after round 1 · round 2 in progress: 2 of 3 results in"
    assert event.standings_note(before_round=2) == "after round 1"


async def test_a_round_notice_goes_out_once_from_two_processes(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "n.sqlite3"
    _store, _matches, tournaments = await services(path, clock, 14)
    _other_store, _other_matches, other = await services(path, clock, 15)  # a second process, same database
    event = await swiss(tournaments, 4, rounds=1, time_control=3600)
    sent: list[tuple[int, int, int]] = []

    async def listener(event: Tournament, level: int, tables: list) -> None:
        sent.append((event.id, level, len(tables)))

    tournaments.on_notice.append(listener)
    other.on_notice.append(listener)
    assert await tournaments.next_notice() == event.record.round_started + 1800  # type: ignore[operator]
    clock.now += 1801
    counts = await asyncio.gather(tournaments.send_notices(), other.send_notices(), tournaments.send_notices())
    assert sum(counts) == 1 and sent == [(event.id, 1, 2)]  # halfway: both matches not started, told once
    assert await tournaments.next_notice() is None  # no round length set: no deadline notice
