"""Ratings through the match service: a finished rated match updates once (resignations after both moved and agreed
draws count; forfeits, double forfeits, aborted and unrated matches and computers never), and the rebuild from
stored results gives exactly the live numbers."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest_asyncio

from data import GuildSettings, Store
from matches import Match, MatchService, Refusal
from matches.computers import computer_id
from matches.rebuild_ratings import main as rebuild_main
from tests.matches.helpers import FakeClock

ADA, BOB, CY, DEE = 11, 22, 33, 44
USERS = (ADA, BOB, CY, DEE, 55, 66, 77)


@pytest_asyncio.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "r.sqlite3")
    yield opened
    await opened.close()


async def started(service: MatchService, game: str = "cintos", players: int = 2, users: tuple[int, ...] = USERS,
                  **kwargs: object) -> Match:
    options = kwargs.pop("options", None)
    match = await service.create(game, guild_id=1, channel_id=2, creator_id=users[0], players=players,
                                 options=options, **kwargs)  # type: ignore[arg-type]
    for user in users[1:players]:
        await service.join(match.id, user)
    return (await service.start(match.id, users[0])).match


async def first_moves(service: MatchService, match: Match) -> None:
    """Every seat makes a move (a resignation after that is a game played over the board, and rated)."""
    for _ in range(match.players):
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
    assert all(stored > 0 for stored in (await service.facts(match))["moves"])


async def ratings_table(store: Store) -> list[tuple[object, ...]]:
    async with store.conn.execute("SELECT * FROM ratings ORDER BY user_id, game") as cur:
        return [tuple(row) for row in await cur.fetchall()]


async def test_rated_match_updates_once_even_when_asked_again_or_after_a_restart(store: Store, tmp_path: Path) -> None:
    service = MatchService(store, rng=random.Random(1))
    match = await started(service)
    assert await store.ratings.match_rated(match.id)  # 2 players, server default on
    await first_moves(service, match)
    loser = match.user_at(match.actors()[0])
    winner = ADA if loser == BOB else BOB
    await service.resign(match.id, loser)
    changes = await service.rating_changes(match.id)
    assert changes is not None and len(changes) == 2
    by_user = {match.user_at(c.seat): c for c in changes}
    assert by_user[winner].result == "win" and by_user[winner].delta > 0
    assert by_user[loser].result == "loss" and by_user[loser].delta < 0
    table = await ratings_table(store)
    assert [(row[0], row[4:]) for row in table] == sorted([(winner, (1, 1, 0, 0)), (loser, (1, 0, 0, 1))])
    again = await service.rate_finished(match)  # a second call returns the record, applies nothing
    assert again == changes and await ratings_table(store) == table
    await store.close()
    reopened = await Store.open(tmp_path / "r.sqlite3")
    fresh = MatchService(reopened)
    assert await fresh.rate_finished(await fresh.get(match.id)) == changes
    assert await ratings_table(reopened) == table
    await reopened.close()


async def test_aborted_and_unrated_matches_change_nothing(store: Store) -> None:
    service = MatchService(store, rng=random.Random(2))
    aborted = await started(service)
    await service.abort(aborted.id, ADA)
    assert aborted.status == "aborted"
    assert await service.rate_finished(aborted) is None and await service.rating_changes(aborted.id) is None
    unrated = await started(service, rated=False)
    await service.resign(unrated.id, ADA)
    assert unrated.status == "finished"
    assert await service.rate_finished(unrated) is None and await service.rating_changes(unrated.id) is None
    assert await ratings_table(store) == []


async def test_defaults_two_players_rated_more_not_and_the_server_setting(store: Store) -> None:
    service = MatchService(store, rng=random.Random(3))
    assert await store.ratings.match_rated((await started(service)).id)
    assert not await store.ratings.match_rated((await started(service, "sinoda", 3)).id)
    assert await store.ratings.match_rated((await started(service, "sinoda", 3, rated=True)).id)
    await service.save_guild_settings(GuildSettings(1, rated=False))
    assert (await service.guild_settings(1)).rated is False
    assert not await store.ratings.match_rated((await started(service)).id)
    assert await store.ratings.match_rated((await started(service, rated=True)).id)


async def test_forfeits_are_not_rated_and_agreed_draws_are(store: Store) -> None:
    clock = FakeClock()
    service = MatchService(store, rng=random.Random(4), clock=clock)
    late = await started(service, time_control=60, timeout_rule="forfeit")
    await first_moves(service, late)
    clock.now += 61
    await service.timeout(late.id)  # a forfeit on time: a win and a loss, not played over the board
    assert late.status == "finished" and await service.rating_changes(late.id) is None
    resigned = await started(service, users=(CY, DEE))
    await service.resign(resigned.id, resigned.user_at(resigned.actors()[0]))  # before the first move
    assert resigned.status == "finished" and await service.rating_changes(resigned.id) is None
    drawn = await started(service, users=(CY, DEE))
    await service.offer_draw(drawn.id, CY)
    await service.answer_draw(drawn.id, DEE, accept=True)
    assert drawn.status == "finished"
    changes = await service.rating_changes(drawn.id)
    assert changes is not None and [c.result for c in changes] == ["draw", "draw"]
    assert [row[0] for row in await ratings_table(store)] == [CY, DEE]


async def test_an_unstarted_match_changes_no_rating_under_either_timeout_rule(store: Store) -> None:
    # issue 31 point 6: nobody moved before the deadline is a double forfeit: no rating changes, whatever the rule
    clock = FakeClock()
    service = MatchService(store, rng=random.Random(14), clock=clock)
    for rule in ("forfeit", "claim"):
        match = await started(service, time_control=60, timeout_rule=rule)
        clock.now += 61
        await service.timeout(match.id)
        if rule == "claim":
            waiting = next(u for s, u in enumerate(match.user_ids) if s not in match.actors())
            await service.claim(match.id, waiting)
        assert match.status == "finished"
        result = match.result()
        assert result is not None and result.nobody_scores
        assert await service.rating_changes(match.id) is None
    assert await ratings_table(store) == []


async def test_a_seated_computer_is_never_rated(store: Store) -> None:
    # issue 31 point 6: create_seated(rated=True) with a computer seat stores an unrated match; and a match with
    # a computer that is marked rated anyway (an old row) changes no rating
    service = MatchService(store, rng=random.Random(15))
    computer = computer_id("easy", 1)
    turn = await service.create_seated("cintos", guild_id=1, channel_id=2, creator_id=ADA, users=[ADA, computer],
                                       rated=True)
    match = turn.match
    assert not await store.ratings.match_rated(match.id)
    await store.conn.execute("UPDATE matches SET rated = 1 WHERE id = ?", (match.id,))
    await store.conn.commit()
    if match.user_at(match.actors()[0]) == ADA:
        await service.act(match.id, ADA, (await service.legal_texts(match.id, ADA))[0])
    await service.computers_settled()
    assert match.status == "active" and (await service.facts(match))["moves"] == [1, 1]
    await service.resign(match.id, ADA)
    assert await service.rating_changes(match.id) is None and await ratings_table(store) == []


async def test_team_match_updates_every_member(store: Store) -> None:
    service = MatchService(store, rng=random.Random(5))
    match = await started(service, "bodsoi", 4, rated=True)
    await first_moves(service, match)
    await service.resign(match.id, match.user_at(0))
    changes = await service.rating_changes(match.id)
    assert changes is not None and len(changes) == 4
    outcome = match.record.outcome
    assert outcome is not None
    assert {c.seat for c in changes if c.result == "win"} == set(outcome["winners"])
    assert len({(c.after.mu, c.after.sigma) for c in changes}) == 2  # one change per side of two equal players


async def play_to_an_end(service: MatchService, clock: FakeClock, match: Match, rng: random.Random) -> str:
    """Random moves, then one of the endings: resignation, timeout, agreed draw, abort, or the game's own end."""
    ending = rng.choice(["resign", "resign", "timeout", "draw", "abort", "play"])
    if ending == "abort":
        await service.abort(match.id, match.user_at(match.actors()[0]) if match.actors() else match.user_ids[0])
        return ending
    for _ in range(rng.randrange(0, 12) if ending != "play" else 60):
        actors = match.actors()
        if match.status != "active" or not actors:
            break
        user = match.user_at(actors[0])
        texts = await service.legal_texts(match.id, user)
        if not texts:
            break
        await service.act(match.id, user, rng.choice(texts))
    if match.status != "active":
        return "played"
    if ending == "timeout" and match.record.deadline is not None:
        clock.now = match.record.deadline + 1
        await service.timeout(match.id)
        if match.status == "active" and match.record.overdue:
            claimer = next(u for s, u in enumerate(match.user_ids) if s not in match.actors())
            await service.claim(match.id, claimer)
    elif ending == "draw":
        for user in match.user_ids:
            if match.status != "active":
                break
            if match.record.draw_offer:
                await service.answer_draw(match.id, user, accept=True)
            else:
                await service.offer_draw(match.id, user)
    while match.status == "active":
        try:
            await service.resign(match.id, match.user_at(rng.randrange(match.players)))
        except Refusal as refusal:  # a seat already out (resigned in a 4-player game): another resigns
            assert "already" in refusal.message
    return ending


CONFIGS = [("cintos", 2, None), ("cintos", 4, None), ("sinoda", 2, None), ("sinoda", 4, {"teams": "2x2"}),
           ("sinoda", 3, None), ("bodsoi", 2, None), ("bodsoi", 4, None), ("sakamichi", 2, None), ("sanae", 2, None)]


async def test_rebuild_gives_exactly_the_live_numbers(store: Store) -> None:
    clock = FakeClock()
    rng = random.Random(12)
    service = MatchService(store, rng=random.Random(7), clock=clock)
    rated = 0
    for i in range(30):
        game, players, options = CONFIGS[i % len(CONFIGS)]
        users = tuple(rng.sample(USERS, players))
        match = await started(service, game, players, users=users, options=options, rated=True,
                              time_control=3600, timeout_rule=rng.choice(["claim", "forfeit"]))
        await play_to_an_end(service, clock, match, rng)
        assert match.status in ("finished", "aborted")
        rated += await service.rating_changes(match.id) is not None
        clock.now += 10
    live = await ratings_table(store)
    assert rated >= 10 and len(live) >= 10
    recorded, recomputed = await service.rebuild_ratings(write=False)
    assert len(recorded) >= 2 * rated and recomputed == recorded  # every float equal, in the same order
    await service.rebuild_ratings()  # writing: the same table again
    assert await ratings_table(store) == live
    # The check has teeth: a tampered stored result makes the rebuild differ from the recorded changes.
    async with store.conn.execute("SELECT match_id FROM rated_matches ORDER BY seq LIMIT 1") as cur:
        row = await cur.fetchone()
        assert row is not None
        first = row[0]
    async with store.conn.execute("UPDATE matches SET outcome = json_set(outcome, '$.winners', json('[]')) "
                                   "WHERE id = ?", (first,)):
        pass
    recorded, recomputed = await service.rebuild_ratings(write=False)
    assert recomputed != recorded


async def test_two_processes_finishing_the_same_update_apply_it_once(store: Store, tmp_path: Path) -> None:
    service = MatchService(store, rng=random.Random(6))
    match = await started(service, rated=True)
    await first_moves(service, match)
    other = await Store.open(tmp_path / "r.sqlite3")  # a second process on the same database
    try:
        await service.resign(match.id, ADA)
        await store.conn.execute("DELETE FROM rating_changes")  # as if the live update had not happened yet
        await store.conn.execute("DELETE FROM rated_matches")
        await store.conn.execute("DELETE FROM ratings")
        second = MatchService(other)
        results = await asyncio.gather(service.rate_finished(match),
                                       second.rate_finished(await second.get(match.id)))
        assert results[0] is not None and results[0] == results[1]
        assert [row[4] for row in await ratings_table(store)] == [1, 1]  # one game each, not two
    finally:
        await other.close()


async def test_rebuild_command_checks_and_rebuilds_a_database_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "cli.sqlite3"
    store = await Store.open(path, init_empty=True)
    service = MatchService(store, rng=random.Random(8))
    for loser in (ADA, BOB, ADA):
        match = await started(service)
        await first_moves(service, match)
        await service.resign(match.id, loser)
    live = await ratings_table(store)
    await store.close()
    assert await asyncio.to_thread(rebuild_main, [str(path), "--check"]) == 0
    assert "3 rated matches checked: every rating equals the one recorded live." in capsys.readouterr().out
    assert await asyncio.to_thread(rebuild_main, [str(path)]) == 0
    assert "3 rated matches rebuilt" in capsys.readouterr().out
    store = await Store.open(path)
    assert await ratings_table(store) == live
    await store.conn.execute("UPDATE rating_changes SET mu_after = mu_after + 1e-9 WHERE match_id = 2 AND seat = 0")
    await store.close()
    assert await asyncio.to_thread(rebuild_main, [str(path), "--check"]) == 1
    assert "match #2 seat 0: recorded μ" in capsys.readouterr().out
    assert rebuild_main([]) == 2
