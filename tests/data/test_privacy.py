"""Forgetting a player on SQLite and PostgreSQL (`data.privacy`, `matches.privacy`, `tournaments.privacy`): running
matches resigned and lobbies left through the services, tournaments dropped, the name cut to a stable "Player N" in
ended matches, exports, standings and ratings histories, personal rows removed; a returning player starts afresh;
every table that names a user is decided."""

from __future__ import annotations

import json
import random

import pytest

from data import NotifyPreference, Store
from data.migrations import MIGRATIONS
from data.privacy import FORGOTTEN_BASE, PERSONAL, SHARED, is_stand_in
from matches import MatchService, Refusal
from matches.history import export_record
from tournaments import TournamentService
from tournaments.privacy import forget_player, withdraw

ADA, BOB, CY, DI = 10**18 + 11, 10**18 + 22, 10**18 + 33, 10**18 + 44  # snowflake-sized ids
GUILD, CHANNEL = 2**62, 2**61
# Column names that hold a user's id (or ids); `users` itself holds the names
USER_COLUMNS = {"user_id", "creator_id", "organiser_id", "members"}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def finished(service: MatchService, players: tuple[int, ...], *, loser: int) -> int:
    """A rated two-player Cintos match with a move each, ended by `loser` resigning."""
    match = await service.create("cintos", guild_id=GUILD, channel_id=CHANNEL, creator_id=players[0], players=2,
                                 rated=True)
    await service.join(match.id, players[1])
    match = (await service.start(match.id, players[0])).match
    for _ in range(2):
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
    await service.resign(match.id, loser)
    return match.id


async def running(service: MatchService, creator: int, other: int) -> int:
    match = await service.create("cintos", guild_id=GUILD, channel_id=CHANNEL, creator_id=creator, players=2)
    await service.join(match.id, other)
    return (await service.start(match.id, creator)).match.id


def services(store: Store) -> tuple[MatchService, TournamentService, Clock]:
    clock = Clock()
    matches = MatchService(store, rng=random.Random(5), clock=clock)
    return matches, TournamentService(matches, rng=random.Random(5)), clock


async def test_forgetting_cuts_the_name_and_removes_what_is_personal(store: Store) -> None:
    service, tournaments, _clock = services(store)
    for user, name in ((ADA, "Ada"), (BOB, "Bob"), (CY, "Cy")):
        await service.touch_user(user, name)
    await service.set_notices(ADA, turns=False)
    await store.lessons.finish(ADA, "cintos", "goal")
    done = await finished(service, (ADA, BOB), loser=BOB)
    live = await running(service, CY, ADA)
    lobby = await service.create("sinoda", guild_id=GUILD, channel_id=CHANNEL, creator_id=ADA, players=3)
    await service.join(lobby.id, BOB)
    signup = await tournaments.create("cintos", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=ADA)
    await tournaments.join(signup.id, ADA)
    await tournaments.join(signup.id, BOB)
    bob_before = (await store.ratings.ratings_of(BOB))[0]
    assert (await store.ratings.ratings_of(ADA))[0].wins == 1

    shown = await store.privacy.stored(ADA)
    assert shown.name == "Ada" and shown.preferences == 1 and shown.ratings == (("cintos", 1),)
    assert shown.lessons == 1
    assert shown.matches == {"finished": 1, "active": 1, "lobby": 1} and shown.organised == 1
    assert shown.unfinished.running == (live,) and shown.unfinished.lobbies == (lobby.id,)
    assert shown.unfinished.tournaments == (signup.id,)

    withdrawn = await withdraw(tournaments, ADA)
    assert withdrawn.tournaments == (signup.id,)
    assert [t.match.id for t in withdrawn.turns] == [live]
    assert [m.id for m in withdrawn.matches.lobbies] == [lobby.id]
    assert (await service.get(live)).status == "finished"  # resigned through the service: Cy won
    assert (await service.get(live)).result() is not None
    assert (await service.get(lobby.id)).status == "aborted"  # she opened it: leaving closed it
    assert await store.tournaments.signups(signup.id) == [BOB]

    forgotten = await forget_player(tournaments, ADA)
    assert forgotten.name == "Player 1" and not forgotten.unfinished
    assert set(forgotten.matches) == {done, live, lobby.id}
    stand_in = FORGOTTEN_BASE + 1
    # Every name shown for her seat is the cut name: boards and pages (service.names), exports
    for match_id in (done, live):
        match = await service.get(match_id)
        names = await service.names(match)
        assert "Player 1" in names and "Ada" not in names
        assert stand_in in match.user_ids and ADA not in match.user_ids
    record = await export_record(service, done)
    assert {s["user"] for s in record["seats"]} == {"Player 1", "Bob"}
    assert str(ADA) not in json.dumps(record["seats"])
    # What was hers alone is gone; the others' records stand
    assert await store.users.get_user(ADA) is None
    assert await store.users.notify_preferences(ADA) == []
    assert await store.lessons.finished(ADA) == {}
    assert await store.ratings.ratings_of(ADA) == []
    assert (await store.ratings.ratings_of(BOB))[0] == bob_before
    changes = await store.db.fetchall("SELECT user_id FROM rating_changes WHERE match_id = ?", (done,))
    assert {int(r[0]) for r in changes} == {stand_in, BOB}
    assert (await tournaments.get(signup.id)).record.organiser_id == stand_in
    after = await store.privacy.stored(ADA)
    assert after.name is None and after.matches == {} and after.ratings == () and after.rating_changes == 0
    assert after.moves == 2  # the append-only log keeps her id on her moves (docs/operators/privacy.md)
    total, board = await service.leaderboard("cintos", guild_id=None, page=1, per_page=10)
    assert [row.user_id for _place, row, _skill in board] == [BOB] and total == 1

    # She comes back: a fresh start, and her old matches keep the cut name
    await service.touch_user(ADA, "Ada again")
    assert (await service.names(await service.get(done)))[0:2].count("Player 1") == 1
    assert (await store.privacy.stored(ADA)).matches == {}
    assert (await service.profile(ADA)).ratings == []
    again = await finished(service, (ADA, CY), loser=ADA)
    assert "Ada again" in await service.names(await service.get(again))
    # Forgotten again: the same number (stable), and someone else forgotten later gets the next one
    second = await forget_player(tournaments, ADA)
    assert second.name == "Player 1"
    assert "Player 1" in await service.names(await service.get(again))
    assert (await forget_player(tournaments, CY)).name == "Player 2"


async def test_forgetting_someone_with_no_record_removes_their_row_only(store: Store) -> None:
    service, tournaments, _clock = services(store)
    await service.touch_user(DI, "Di")
    await store.users.put_notify_preference(DI, NotifyPreference("", turns=False))
    forgotten = await forget_player(tournaments, DI)
    assert forgotten.number is None and forgotten.removed == 2  # the preference and the user row
    assert await store.users.get_user(DI) is None
    assert not [row for row in await store.db.fetchall("SELECT id FROM users") if is_stand_in(int(row[0]))]


async def test_a_running_tournament_drops_the_player_and_standings_show_the_cut_name(store: Store) -> None:
    service, tournaments, _clock = services(store)
    people = (ADA, BOB, CY, DI)
    for user, name in zip(people, ("Ada", "Bob", "Cy", "Di"), strict=True):
        await service.touch_user(user, name)
    event = await tournaments.create("cintos", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=BOB,
                                     rounds=2)
    for user in people:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, BOB, organiser=True)
    assert event.status == "running"
    assert (await store.privacy.unfinished(ADA)).tournaments == (event.id,)

    withdrawn = await withdraw(tournaments, ADA)
    assert withdrawn.tournaments == (event.id,) and len(withdrawn.turns) == 1  # her round-1 match resigned
    forgotten = await forget_player(tournaments, ADA)
    assert forgotten.name == "Player 1" and event.id in forgotten.tournaments
    event = await tournaments.get(event.id)
    names = await tournaments.names(event)
    assert "Player 1" in names.values() and "Ada" not in names.values()
    assert ADA not in {u for e in event.entrants for u in e.members}
    with pytest.raises(Refusal):  # she is out: no second drop
        await tournaments.drop(event.id, ADA)


async def test_every_table_that_names_a_user_is_decided(store: Store) -> None:
    """A table added later that holds a user id or a name must be listed in data/privacy.py (removed or cut)."""
    if store.backend == "sqlite":
        tables = [r[0] for r in await store.db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' "
                                                         "AND name NOT LIKE 'sqlite_%'")]
        columns = {t: {r[1] for r in await store.db.fetchall(f"PRAGMA table_info({t})")} for t in tables}
    else:
        rows = await store.db.fetchall("SELECT table_name, column_name FROM information_schema.columns "
                                       "WHERE table_schema = current_schema()")
        columns = {}
        for table, column in rows:
            columns.setdefault(table, set()).add(column)
    decided = {t for t, _c in PERSONAL} | set(SHARED)
    naming = {t for t, cols in columns.items() if cols & USER_COLUMNS} - {"schema_version"}
    assert naming - decided == set(), f"decide in data/privacy.py what forgetting does to {naming - decided}"
    assert await store.schema_version() == len(MIGRATIONS)


async def test_a_rating_rebuild_keeps_the_forgotten_off_the_leaderboard(store: Store) -> None:
    service, tournaments, _clock = services(store)
    done = await finished(service, (ADA, BOB), loser=BOB)
    await forget_player(tournaments, ADA)
    bob_before = await store.ratings.ratings_of(BOB)
    recorded, recomputed = await service.rebuild_ratings()
    assert recorded == recomputed  # the stand-in's changes replay exactly as they were recorded
    assert {c.user_id for c in recomputed if c.match_id == done} == {FORGOTTEN_BASE + 1, BOB}
    assert await store.ratings.ratings_of(FORGOTTEN_BASE + 1) == []
    assert await store.ratings.ratings_of(BOB) == bob_before
    _total, board = await service.leaderboard("cintos", guild_id=None, page=1, per_page=10)
    assert [row.user_id for _place, row, _skill in board] == [BOB]


async def test_check_ins_are_removed_from_sign_ups_and_cut_in_events_that_began(store: Store) -> None:
    _service, tournaments, _clock = services(store)
    people = (ADA, BOB, CY, DI)
    began = await tournaments.create("cintos", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=BOB)
    signing = await tournaments.create("cintos", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=BOB)
    for event in (began, signing):
        for user in people:
            await tournaments.join(event.id, user)
        await tournaments.open_checkin(event.id, BOB, organiser=True)
        for user in people:
            await tournaments.check_in(event.id, user)
    await tournaments.start(began.id, BOB, organiser=True)
    await tournaments.cancel(began.id, BOB, organiser=True)
    await forget_player(tournaments, ADA)
    stand_in = FORGOTTEN_BASE + 1
    assert (await tournaments.get(began.id)).record.settings["checkin"] == [stand_in, BOB, CY, DI]
    assert (await tournaments.get(signing.id)).record.settings["checkin"] == [BOB, CY, DI]
    assert await store.tournaments.signups(signing.id) == [BOB, CY, DI]
    assert await store.tournaments.signups(began.id) == [stand_in, BOB, CY, DI]
    rows = await store.db.fetchall("SELECT settings FROM tournaments")
    assert str(ADA) not in json.dumps([r[0] for r in rows])


async def test_another_process_holding_the_match_sees_the_cut_name(store: Store, target: str) -> None:
    """A web process or another shard holds the ended match in memory: the new revision makes it read it again
    (PostgreSQL at the next `get`; on SQLite a reader of another process's file asks `fresh`)."""
    service, tournaments, _clock = services(store)
    await service.touch_user(ADA, "Ada")
    await service.touch_user(BOB, "Bob")
    done = await finished(service, (ADA, BOB), loser=BOB)
    other_store = await Store.open(target)
    try:
        other = MatchService(other_store)
        assert ADA in (await other.get(done)).user_ids  # loaded and held
        await forget_player(tournaments, ADA)
        seen = await (other.get(done) if store.shared else other.fresh(done))
        assert ADA not in seen.user_ids and "Player 1" in await other.names(seen)
        assert "Player 1" in await service.names(await service.get(done))  # this process reloaded its own copy
    finally:
        await other_store.close()
