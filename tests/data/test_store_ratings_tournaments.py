"""The rating and tournament storage on both backends: a rating update applied once, leaderboards, the rebuild; an
event's sign-ups, start, rounds, results and links to matches."""

from __future__ import annotations

import pytest

from data import Duplicate, MatchRecord, SeatRecord, Store
from data.ratings import RatingChangeRow, RatingRow

ADA, BOB, CY = 10**18 + 1, 10**18 + 2, 10**18 + 3
GUILD = 2**62


def plus_one(match: MatchRecord, seats: list[SeatRecord], current: dict[int, RatingRow]) -> list[RatingChangeRow]:
    """A toy rating rule: the winner (seat in outcome["winners"]) gains 1, the other loses 1."""
    assert match.outcome is not None
    changes = []
    for seat in seats:
        old = current.get(seat.user_id, RatingRow(seat.user_id, match.game, 25.0, 8.0))
        won = seat.seat in match.outcome["winners"]
        changes.append(RatingChangeRow(match.id, seat.seat, seat.user_id, 0 if won else 1, "win" if won else "loss",
                                       old.mu, old.sigma, old.games, old.mu + (1 if won else -1), old.sigma - 0.5))
    return changes


async def finished(store: Store, winner: int, *, rated: bool = True, now: float = 100.0) -> int:
    match = await store.create_match(game="sinoda", guild_id=GUILD, channel_id=1, creator_id=ADA, players=2,
                                     options={}, now=now, rated=rated)
    await store.append(match.id, expected_version=0, expected_status="lobby", entries=[], state={}, status="active",
                       outcome=None, now=now, seats=[ADA, BOB])
    loser = 1 - winner
    await store.append(match.id, expected_version=0, expected_status="active",
                       entries=[(loser, (ADA, BOB)[loser], "resign")], state={}, status="finished",
                       outcome={"winners": [winner]}, now=now + 1)
    return match.id


async def test_a_rating_update_applies_once(store: Store) -> None:
    first = await finished(store, winner=0)
    assert await store.ratings.rating_changes(first) is None
    changes = await store.ratings.apply_rating(first, plus_one, 200.0)
    assert changes is not None and [(c.user_id, c.result, c.mu_after) for c in changes] == [
        (ADA, "win", 26.0), (BOB, "loss", 24.0)]
    assert await store.ratings.apply_rating(first, plus_one, 201.0) == changes  # again: the recorded changes, no update
    assert await store.ratings.rating_changes(first) == changes
    assert [(r.user_id, r.mu, r.games, r.wins, r.losses) for r in await store.ratings.ratings_of(ADA)] == [
        (ADA, 26.0, 1, 1, 0)]
    unrated = await finished(store, winner=0, rated=False)
    assert await store.ratings.apply_rating(unrated, plus_one, 202.0) is None

    second = await finished(store, winner=1, now=300.0)
    await store.ratings.apply_rating(second, plus_one, 400.0)
    total, page = await store.ratings.leaderboard("sinoda", guild_id=None, offset=0, limit=10)
    assert total == 2 and [(r.user_id, r.mu, r.games, r.wins, r.losses) for r in page] == [
        (ADA, 25.0, 2, 1, 1), (BOB, 25.0, 2, 1, 1)]  # equal: then by user id
    assert (await store.ratings.leaderboard("sinoda", guild_id=GUILD + 1, offset=0, limit=10)) == (0, [])
    total, page = await store.ratings.leaderboard("sinoda", guild_id=GUILD, offset=1, limit=1)
    assert total == 2 and [r.user_id for r in page] == [BOB]
    recent = await store.ratings.recent_rated(BOB, 5)
    assert [(r.change.match_id, r.change.result, r.game, r.guild_id, r.applied_at) for r in recent] == [
        (second, "win", "sinoda", GUILD, 400.0), (first, "loss", "sinoda", GUILD, 200.0)]
    assert await store.tournaments.ratings_for("sinoda", [ADA, CY]) == {ADA: 25.0 - 3 * 7.0}


async def test_the_rebuild_recomputes_every_rating(store: Store) -> None:
    first = await finished(store, winner=0)
    await store.ratings.apply_rating(first, plus_one, 200.0)
    never = await finished(store, winner=0, now=300.0)  # finished and rated, its update never applied
    recorded, redone = await store.ratings.rebuild_ratings(plus_one, 500.0, write=False)
    assert [c.match_id for c in recorded] == [first, first]
    assert [(c.match_id, c.mu_after) for c in redone] == [(first, 26.0), (first, 24.0), (never, 27.0),
                                                         (never, 23.0)]
    assert [r.mu for r in await store.ratings.ratings_of(ADA)] == [26.0]  # not written
    await store.ratings.rebuild_ratings(plus_one, 500.0)
    assert [(r.mu, r.games) for r in await store.ratings.ratings_of(ADA)] == [(27.0, 2)]
    assert await store.ratings.rating_changes(never) is not None


async def event(store: Store, **kwargs: object) -> int:
    fields: dict[str, object] = dict(guild_id=GUILD, channel_id=5, organiser_id=ADA, game="sinoda", format="swiss",
                                     players=2, options={}, time_control=None, timeout_rule="claim", rounds=3,
                                     max_players=None, signup_closes=None, rated=False, teams="none",
                                     settings={"bye": 1}, now=10.0)
    fields.update(kwargs)
    return (await store.tournaments.create_tournament(**fields)).id  # type: ignore[arg-type]


async def test_sign_ups_start_and_events(store: Store) -> None:
    tid = await event(store, max_players=2)
    record = await store.tournaments.get_tournament(tid)
    assert record is not None and (record.guild_id, record.status, record.round, record.settings) == (
        GUILD, "signup", 0, {"bye": 1})
    assert await store.tournaments.add_signup(tid, BOB, 11.0, 2)
    assert not await store.tournaments.add_signup(tid, BOB, 12.0, 2)  # already signed up
    assert await store.tournaments.add_signup(tid, ADA, 13.0, 2)
    assert not await store.tournaments.add_signup(tid, CY, 14.0, 2)  # full
    assert await store.tournaments.signups(tid) == [BOB, ADA]
    assert await store.tournaments.remove_signup(tid, BOB)
    assert await store.tournaments.signups(tid) == [ADA]
    # Start writes the entrants only from the sign-ups and settings they were made from (a compare-and-set).
    assert not await store.tournaments.start_tournament(tid, [(0, (ADA,), 1.5)], 19.0, signups=[ADA, BOB])
    assert not await store.tournaments.start_tournament(tid, [(0, (ADA,), 1.5)], 19.0, signups=[ADA],
                                                        settings={"bye": 2})
    assert getattr(await store.tournaments.get_tournament(tid), "status", None) == "signup"
    assert await store.tournaments.entrants(tid) == []
    assert not await store.tournaments.update_tournament(tid, expected_settings={"bye": 2}, settings={"bye": 3})
    assert await store.tournaments.update_tournament(tid, expected_status="signup", expected_settings={"bye": 1},
                                                     settings={"bye": 1, "checkin": []})
    assert await store.tournaments.update_tournament(tid, settings={"bye": 1})
    assert await store.tournaments.start_tournament(tid, [(0, (ADA,), 1.5), (1, (BOB, CY), 0.0)], 20.0, signups=[ADA],
                                                    settings={"bye": 1})
    assert not await store.tournaments.start_tournament(tid, [], 21.0)
    assert not await store.tournaments.add_signup(tid, CY, 22.0, None)  # sign-ups are closed
    assert not await store.tournaments.remove_signup(tid, ADA)
    assert [(e.entrant, e.members, e.rating) for e in await store.tournaments.entrants(tid)] == [(1, (ADA,), 1.5),
                                                                                     (2, (BOB, CY), 0.0)]
    assert await store.tournaments.drop_entrant(tid, 2) == 0  # the round being played: none yet
    assert await store.tournaments.drop_entrant(tid, 2) is None  # left already
    assert await store.tournaments.update_tournament(tid, expected_status="running", message_id=GUILD + 9,
                                                     settings={"bye": 0.5})
    assert not await store.tournaments.update_tournament(tid, expected_status="signup", status="cancelled")
    other = await event(store, guild_id=GUILD + 1)
    assert [t.id for t in await store.tournaments.tournaments()] == [other, tid]
    assert [t.id for t in await store.tournaments.tournaments(guild_id=GUILD, statuses=["running"])] == [tid]
    assert await store.tournaments.tournaments(statuses=[]) == []
    await store.tournaments.set_organiser_role(GUILD, GUILD + 5)
    await store.tournaments.set_organiser_role(GUILD, GUILD + 6)
    assert await store.tournaments.organiser_role(GUILD) == GUILD + 6
    await store.tournaments.set_organiser_role(GUILD, None)
    assert await store.tournaments.organiser_role(GUILD) is None


async def test_rounds_tables_and_results(store: Store) -> None:
    tid = await event(store)
    await store.tournaments.start_tournament(tid, [(0, (ADA,), 0.0), (1, (BOB,), 0.0), (2, (CY, BOB + 10), 0.0)], 20.0)
    assert await store.tournaments.add_round(tid, 1, [((1, 2), None, True), ((3,), (1.0,), False)], 30.0)
    assert not await store.tournaments.add_round(tid, 1, [], 31.0)  # paired already
    assert await store.tournaments.drop_entrant(tid, 3) == 1
    assert not await store.tournaments.add_round(tid, 2, [((3, 1), None, True)], 31.0)  # 3 dropped after it was read
    assert getattr(await store.tournaments.get_tournament(tid), "round", None) == 1
    assert await store.tournaments.tables(tid, 2) == []
    record = await store.tournaments.get_tournament(tid)
    assert record is not None and (record.round_started, record.round_notices) == (30.0, 0)
    assert await store.tournaments.claim_round_notice(tid, 1, 1)
    assert not await store.tournaments.claim_round_notice(tid, 1, 1)  # once
    assert not await store.tournaments.claim_round_notice(tid, 2, 2)  # not the round being played
    assert await store.tournaments.claim_round_notice(tid, 1, 2)
    record = await store.tournaments.get_tournament(tid)
    assert record is not None and record.round_notices == 2
    match = await store.create_match(game="sinoda", guild_id=GUILD, channel_id=5, creator_id=ADA, players=2,
                                     options={}, now=32.0)
    await store.append(match.id, expected_version=0, expected_status="lobby", entries=[], state={}, status="active",
                       outcome=None, now=33.0, seats=[ADA, BOB])
    assert await store.tournaments.link_match(tid, 1, 1, match.id)
    assert not await store.tournaments.link_match(tid, 1, 1, match.id)
    with pytest.raises(Duplicate):  # a table's match is created linked, once: none is made for a linked table
        await store.create_match(game="sinoda", guild_id=GUILD, channel_id=5, creator_id=ADA, players=2,
                                 options={}, now=34.0, table=(tid, 1, 1))
    assert await store.get_match(match.id + 1) is None
    await store.update_match(match.id, overdue=True)
    assert await store.tournaments.unstarted_overdue() == [match.id]
    table = await store.tournaments.table_of_match(match.id)
    assert table is not None and (table.round, table.board, table.entrants, table.points) == (1, 1, (1, 2), None)
    assert await store.tournaments.set_result(tid, 1, 1, points=[1.0, 0.0], places=[1, 2], played=True)
    assert not await store.tournaments.set_result(tid, 1, 1, points=[0.0, 1.0], places=[2, 1], played=True)
    assert await store.tournaments.set_result(tid, 1, 1, points=[0.5, 0.5], places=None, played=True,
                                              note="adjudicated", overwrite=True)
    assert await store.tournaments.unstarted_overdue() == []  # it has its result
    tables = await store.tournaments.tables(tid, 1)
    assert [(t.board, t.points, t.played, t.note) for t in tables] == [(1, (0.5, 0.5), True, "adjudicated"),
                                                                      (2, (1.0,), False, "")]
    assert await store.tournaments.tables(tid, 2) == [] and len(await store.tournaments.tables(tid)) == 2
    assert await store.tournaments.finished_tournaments_of(CY, 5) == []
    await store.tournaments.update_tournament(tid, status="finished")
    assert await store.tournaments.finished_tournaments_of(CY, 5) == [tid]  # a team member
    assert await store.tournaments.finished_tournaments_of(BOB + 10, 5) == [tid]
    assert await store.tournaments.finished_tournaments_of(BOB + 11, 5) == []


async def test_a_tables_match_is_created_linked_in_one_transaction(store: Store) -> None:
    tid = await event(store)
    await store.tournaments.start_tournament(tid, [(0, (ADA,), 0.0), (1, (BOB,), 0.0)], 20.0)
    assert await store.tournaments.add_round(tid, 1, [((1, 2), None, True)], 30.0)
    match = await store.create_match(game="sinoda", guild_id=GUILD, channel_id=5, creator_id=ADA, players=2,
                                     options={}, now=32.0, table=(tid, 1, 1))
    assert (await store.tournaments.table_of_match(match.id)).board == 1  # type: ignore[union-attr]
    with pytest.raises(Duplicate):
        await store.create_match(game="sinoda", guild_id=GUILD, channel_id=5, creator_id=ADA, players=2,
                                 options={}, now=33.0, table=(tid, 1, 1))
    rows = await store.db.fetchall("SELECT id FROM matches")
    assert [r[0] for r in rows] == [match.id]  # the refused one was rolled back with its table's link
