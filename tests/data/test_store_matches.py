"""The store's match API on both backends: users, settings, lobbies, seats, the log with its compare-and-set and
idempotency keys, and the revision every change of a match adds to."""

from __future__ import annotations

from typing import Any

import pytest

from data import Duplicate, GuildSettings, NotifyPreference, StaleWrite, Store

SNOW = 2**62 + 12345  # a Discord snowflake is more than 2^31: BIGINT on PostgreSQL
ADA, BOB = 10**18 + 1, 10**18 + 2


async def lobby(store: Store, **kwargs: Any) -> int:
    fields: dict[str, Any] = dict(game="cintos", guild_id=SNOW, channel_id=SNOW + 1, creator_id=ADA, players=2,
                                  options={"board": "small"}, now=100.0)
    fields.update(kwargs)
    return (await store.create_match(**fields)).id


async def started(store: Store) -> int:
    match_id = await lobby(store)
    await store.put_seats(match_id, [(ADA, False, True), (BOB, False, True)], 101.0)
    await store.append(match_id, expected_version=0, expected_status="lobby", entries=[], state={"turn": 0},
                       status="active", outcome=None, now=102.0, seats=[BOB, ADA], seat_draw="seats: bob ada",
                       seed="5eed", commitment="c0de", deadline=202.0)
    return match_id


async def test_backend_and_shared(store: Store, target: str) -> None:
    postgres = target.startswith("postgresql://")
    assert store.backend == ("postgresql" if postgres else "sqlite")
    assert store.shared is postgres


async def test_users_and_notice_preferences(store: Store) -> None:
    await store.users.touch_user(ADA, "ada")
    await store.users.set_dm_open(ADA, False)
    await store.users.set_dm_open(BOB, False)  # a user never seen: a row with no name
    user = await store.users.get_user(ADA)
    assert user is not None and (user.id, user.name, user.dm_open) == (ADA, "ada", False)
    await store.users.touch_user(ADA, "ada2")  # using a command reopens DMs
    assert await store.users.get_user(ADA) == type(user)(ADA, "ada2", True)
    assert await store.users.user_names([ADA, BOB, 3]) == {ADA: "ada2", BOB: ""}
    assert await store.users.user_names([]) == {}
    assert await store.users.get_user(3) is None

    await store.users.put_notify_preference(ADA, NotifyPreference("", turns=False))
    await store.users.put_notify_preference(ADA, NotifyPreference("sanae", turns=True, reminders=False))
    assert await store.users.notify_preferences(ADA) == [NotifyPreference("", False, None),
                                                   NotifyPreference("sanae", True, False)]
    await store.users.put_notify_preference(ADA, NotifyPreference("sanae"))  # nothing set: the row goes
    assert await store.users.notify_preferences(ADA) == [NotifyPreference("", False, None)]


async def test_guild_settings_round_trip(store: Store) -> None:
    assert await store.users.guild_settings(SNOW) == GuildSettings(SNOW)
    settings = GuildSettings(SNOW, SNOW + 7, True, 3600, "forfeit", ("sanae", "bodsoi"), False)
    await store.users.put_guild_settings(settings)
    assert await store.users.guild_settings(SNOW) == GuildSettings(SNOW, SNOW + 7, True, 3600, "forfeit",
                                                             ("bodsoi", "sanae"), False)


async def test_create_and_change_a_lobby(store: Store) -> None:
    match_id = await lobby(store, expires_at=150.0, time_control=60, timeout_rule="forfeit")
    match = await store.get_match(match_id)
    assert match is not None
    assert (match.game, match.guild_id, match.channel_id, match.creator_id, match.status, match.options) == (
        "cintos", SNOW, SNOW + 1, ADA, "lobby", {"board": "small"})
    assert (match.time_control, match.timeout_rule, match.expires_at, match.version, match.revision) == (
        60, "forfeit", 150.0, 0, 0)
    assert await store.get_match(match_id + 1000) is None
    await store.set_message(match_id, SNOW + 2, SNOW + 3)
    assert await store.due_matches(149.0) == []
    assert [m.id for m in await store.due_matches(150.0)] == [match_id]
    assert await store.next_due() == 150.0
    assert await store.set_lobby(match_id, players=3, status="aborted", now=120.0)
    assert not await store.set_lobby(match_id, players=2, status="lobby", now=121.0)  # no longer a lobby
    match = await store.get_match(match_id)
    assert match is not None and (match.message_id, match.players, match.status) == (SNOW + 3, 3, "aborted")


async def test_one_rematch_per_match(store: Store) -> None:
    first = await lobby(store)
    again = await lobby(store, rematch_of=first)
    with pytest.raises(Duplicate):
        await lobby(store, rematch_of=first)
    assert await store.rematch_of(first) == again
    assert await store.rematch_of(again) is None


async def test_seats_compare_and_set(store: Store) -> None:
    match_id = await lobby(store)
    await store.put_seats(match_id, [(ADA, False, True)], 101.0)
    with pytest.raises(StaleWrite):  # the caller saw an empty lobby: someone joined meanwhile
        await store.put_seats(match_id, [(BOB, False, True)], 102.0, expected=[])
    await store.put_seats(match_id, [(ADA, False, True), (BOB, True, False)], 103.0, expected=[(ADA, False, True)])
    assert [(s.seat, s.user_id, s.invited, s.joined) for s in await store.seats(match_id)] == [
        (0, ADA, False, True), (1, BOB, True, False)]
    assert [m.id for m in await store.matches_for_user(BOB)] == [match_id]
    assert await store.matches_for_user(BOB, ("finished",)) == []
    assert await store.matches_for_user(BOB, ()) == []
    await store.set_lobby(match_id, players=2, status="aborted", now=104.0)
    with pytest.raises(StaleWrite):  # no longer a lobby
        await store.put_seats(match_id, [], 105.0, expected=[(ADA, False, True), (BOB, True, False)])
    assert len(await store.seats(match_id)) == 2


async def test_append_start_moves_and_the_log(store: Store) -> None:
    match_id = await started(store)
    match = await store.get_match(match_id)
    assert match is not None
    assert (match.status, match.version, match.state, match.seed, match.commitment, match.deadline) == (
        "active", 0, {"turn": 0}, "5eed", "c0de", 202.0)
    assert [s.user_id for s in await store.seats(match_id)] == [BOB, ADA]
    assert await store.log(match_id) == []
    assert [e.text for e in await store.log(match_id, with_seat_draw=True)] == ["seats: bob ada"]

    revision = await store.revision(match_id)
    appended = await store.append(match_id, expected_version=0, expected_status="active",
                                  entries=[(0, BOB, "a1"), (None, None, "roll 4")],
                                  state={"turn": 1}, status="active", outcome=None, now=110.0, key="press-1")
    assert appended == (2, revision + 1) and appended.version == 2  # type: ignore[operator]
    with pytest.raises(StaleWrite):
        await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, BOB, "b2")],
                           state={}, status="active", outcome=None, now=111.0)
    with pytest.raises(Duplicate):  # the same press again, even at the right version
        await store.append(match_id, expected_version=2, expected_status="active", entries=[(1, ADA, "b2")],
                           state={}, status="active", outcome=None, now=111.0, key="press-1")
    await store.append(match_id, expected_version=2, expected_status="active", entries=[(1, ADA, "c3")],
                       state={"turn": 3}, status="finished", outcome={"winners": [1]}, now=112.0, key="press-2")
    log = await store.log(match_id)
    assert [(e.n, e.seat, e.user_id, e.text) for e in log] == [(1, 0, BOB, "a1"), (2, None, None, "roll 4"),
                                                              (3, 1, ADA, "c3")]
    keyed = await store.keyed(match_id, "press-1")
    assert keyed is not None and keyed.n == 1 and keyed.created_at == 110.0
    assert await store.keyed(match_id, "press-3") is None
    assert await store.moved_seats(match_id, 2) == {0, 1}
    match = await store.get_match(match_id)
    assert match is not None and (match.version, match.status, match.outcome, match.state, match.seed) == (
        3, "finished", {"winners": [1]}, {"turn": 3}, "5eed")


async def test_the_log_is_append_only(store: Store) -> None:
    match_id = await started(store)
    await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, BOB, "a1")],
                       state={}, status="active", outcome=None, now=110.0)
    with pytest.raises(Exception, match="append-only"):
        await store.db.execute("UPDATE actions SET text = 'x' WHERE match_id = ?", (match_id,))
    assert [e.text for e in await store.log(match_id)] == ["a1"]


async def test_an_append_is_compare_and_set_on_the_status(store: Store) -> None:
    """An abort or an agreed draw changes the status, not the version: a move written after it must fail."""
    match_id = await started(store)
    assert await store.update_match(match_id, expected_version=0, expected_status="active", status="aborted",
                                    outcome={"reason": "aborted"})
    with pytest.raises(StaleWrite):
        await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, BOB, "a1")],
                           state={"turn": 1}, status="active", outcome=None, now=110.0)
    with pytest.raises(StaleWrite):  # nor is a started match started again
        await store.append(match_id, expected_version=0, expected_status="lobby", entries=[], state={},
                           status="active", outcome=None, now=110.0, seats=[ADA, BOB])
    match = await store.get_match(match_id)
    assert match is not None and (match.status, match.version, match.outcome) == ("aborted", 0, {"reason": "aborted"})
    assert await store.log(match_id) == []


async def test_clock_fields_compare_and_set(store: Store) -> None:
    match_id = await started(store)
    assert await store.update_match(match_id, expected_version=0, draw_offer=[ADA], overdue=True)
    assert not await store.update_match(match_id, expected_version=1, draw_offer=None)
    assert not await store.update_match(match_id, expected_status="lobby", draw_offer=None)
    match = await store.get_match(match_id)
    assert match is not None and (match.draw_offer, match.overdue) == ((ADA,), True)
    with pytest.raises(ValueError, match="not updatable here: state"):
        await store.update_match(match_id, state={})
    assert await store.update_match(match_id, overdue=False, reminders=0)
    assert await store.set_reminders(match_id, version=0, count=1)
    assert not await store.set_reminders(match_id, version=0, count=1)  # already reminded
    assert not await store.set_reminders(match_id, version=1, count=2)  # that turn is over


async def test_due_matches_and_next_due(store: Store) -> None:
    match_id = await started(store)  # turn started at 102, deadline 202: reminders at 152 and 192
    assert await store.next_due() == pytest.approx(152.0)
    assert await store.due_matches(151.0) == []
    assert [m.id for m in await store.due_matches(152.0)] == [match_id]
    await store.set_reminders(match_id, version=0, count=1)
    assert await store.next_due() == pytest.approx(192.0)
    await store.set_reminders(match_id, version=0, count=2)
    assert await store.next_due() == pytest.approx(202.0)
    assert [m.id for m in await store.due_matches(202.0)] == [match_id]


async def test_computer_seats(store: Store) -> None:
    match_id = await lobby(store)
    await store.set_unrated(match_id)
    await store.put_seats(match_id, [(ADA, False, True), (-3, False, True)], 101.0)
    assert await store.computer_matches() == []  # a lobby: nothing to resume
    await store.append(match_id, expected_version=0, expected_status="lobby", entries=[], state={}, status="active",
                       outcome=None, now=102.0, seats=[-3, ADA], computer_turn=True)
    assert await store.computer_matches() == [match_id]
    assert await store.computer_matches(begun_before=102.0) == [match_id]
    assert await store.computer_matches(begun_before=101.0) == []  # its turn began later
    assert not await store.ratings.match_rated(match_id)
    await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, -3, "x")], state={},
                       status="active", outcome=None, now=103.0)  # the computer moved: the person's turn
    assert await store.computer_matches() == []


async def test_every_change_of_a_match_adds_to_its_revision(store: Store) -> None:
    assert await store.revision(12345) is None
    match_id = await lobby(store, rated=True)
    seen = [await store.revision(match_id)]

    async def changed() -> None:
        now = await store.revision(match_id)
        record = await store.get_match(match_id)
        assert record is not None and record.revision == now
        assert now is not None and seen[-1] is not None and now > seen[-1]
        seen.append(now)

    async def unchanged() -> None:
        assert await store.revision(match_id) == seen[-1]

    await store.set_message(match_id, 1, 2)
    await changed()
    await store.put_seats(match_id, [(ADA, False, True)], 101.0)
    await changed()
    await store.set_unrated(match_id)
    await changed()
    await store.set_lobby(match_id, players=2, status="lobby", now=102.0)
    await changed()
    await store.put_seats(match_id, [(ADA, False, True), (BOB, False, True)], 103.0, expected=[(ADA, False, True)])
    await changed()
    await store.append(match_id, expected_version=0, expected_status="lobby", entries=[], state={}, status="active",
                       outcome=None, now=104.0, seats=[ADA, BOB], deadline=300.0)
    await changed()
    await store.set_reminders(match_id, version=0, count=1)
    await changed()
    await store.update_match(match_id, expected_version=0, overdue=True)
    await changed()
    await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, ADA, "a1")],
                       state={}, status="active", outcome=None, now=105.0)
    await changed()
    # What changes nothing adds nothing.
    assert not await store.update_match(match_id, expected_version=0, overdue=False)
    assert not await store.set_lobby(match_id, players=2, status="lobby", now=106.0)
    assert not await store.set_reminders(match_id, version=0, count=2)
    with pytest.raises(StaleWrite):
        await store.append(match_id, expected_version=0, expected_status="active", entries=[(0, ADA, "a1")],
                           state={}, status="active", outcome=None, now=106.0)
    await unchanged()
    assert seen == sorted(set(seen))  # type: ignore[type-var]  # never the same twice


async def test_a_match_and_its_seats_in_one_read(store: Store) -> None:
    empty = (await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2,
                                      options={}, now=1.0)).id  # a lobby with no seat yet
    assert await store.load_match(empty) == (await store.get_match(empty), [])
    match_id = await started(store)
    loaded = await store.load_match(match_id)
    assert loaded is not None and loaded == (await store.get_match(match_id), await store.seats(match_id))
    assert [s.user_id for s in loaded[1]] == [BOB, ADA]
    assert await store.load_match(12345) is None
