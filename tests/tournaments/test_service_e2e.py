"""The tournament service end to end: an 8-player Cintos Swiss of 3 rounds played through MatchService (random legal
moves, resignations, an agreed draw), a drop, a restart in the middle, and standings checked against the matches."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import tournament_rules
from data import Store
from matches import MatchService, Refusal
from tournaments import TournamentService

PLAYERS = list(range(101, 109))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


OPEN: list[Store] = []


@pytest.fixture(autouse=True)
async def close_stores() -> AsyncIterator[None]:
    """Close every store a test opened, also when it fails (an open connection's thread would keep pytest alive)."""
    yield
    while OPEN:
        await OPEN.pop().close()


async def services(path: Path, clock: Clock, seed: int) -> tuple[Store, MatchService, TournamentService]:
    store = await Store.open(path)
    OPEN.append(store)
    matches = MatchService(store, rng=random.Random(seed), clock=clock)
    return store, matches, TournamentService(matches, rng=random.Random(seed))


async def play_out(matches: MatchService, match_id: int, rng: random.Random, style: str) -> None:
    """A few random legal moves, then end it: `resign` (a random player), `draw` (agreed) or `moves` (play on)."""
    match = await matches.get(match_id)
    plies = 0
    while match.status == "active" and (style == "moves" or plies < 4):
        (seat,) = match.actors()
        user = match.user_at(seat)
        legal = await matches.legal_texts(match_id, user)
        await matches.act(match_id, user, rng.choice(legal))
        plies += 1
        assert plies < 400
    if match.status != "active":
        return
    if style == "draw":
        a, b = match.user_ids
        await matches.offer_draw(match_id, a)
        await matches.answer_draw(match_id, b, accept=True)
    else:
        await matches.resign(match_id, rng.choice(match.user_ids))


async def test_swiss_of_three_rounds_with_a_drop_and_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "t.sqlite3"
    store, matches, tournaments = await services(path, clock, 1)
    paired: list[int] = []

    async def on_round(event, round_no, started) -> None:
        paired.append(round_no)
        assert all(turn.match.status == "active" for _, turn in started)

    tournaments.on_round.append(on_round)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=3,
                                options={"quiet-limit": "20", "turn-limit": "100"})
    assert event.title() == "Cintos Swiss · 3 rounds · 24 h per move"
    for user in PLAYERS:
        await tournaments.join(event.id, user)
    with pytest.raises(Refusal, match="already signed up"):
        await tournaments.join(event.id, PLAYERS[0])
    with pytest.raises(Refusal, match="organiser"):
        await tournaments.start(event.id, PLAYERS[0])
    event = await tournaments.start(event.id, 1, organiser=True)
    assert paired == [1] and event.status == "running" and len(event.round_tables()) == 4
    with pytest.raises(Refusal, match="sign-up is closed"):
        await tournaments.join(event.id, 999)

    rng = random.Random(7)
    styles = ["moves", "resign", "draw", "resign"]
    # Round 1: three tables finish, then the bot restarts with the fourth still running.
    for table, style in zip(event.round_tables()[:3], styles, strict=False):
        assert table.match_id is not None
        await play_out(matches, table.match_id, rng, style)
    last = event.round_tables()[3]
    OPEN.remove(store)
    await store.close()  # the restart: a new store and new services on the same file
    _store, matches, tournaments = await services(path, clock, 2)
    tournaments.on_round.append(on_round)
    assert await tournaments.recover() == [event.id]
    event = await tournaments.get(event.id)
    assert event.round == 1 and sum(t.points is not None for t in event.round_tables()) == 3
    assert last.match_id is not None
    await play_out(matches, last.match_id, rng, "resign")
    event = await tournaments.get(event.id)
    assert paired == [1, 2] and event.round == 2

    # Round 2: one player drops while their match runs: it is resigned, and they are not paired again.
    dropper_table = event.round_tables()[1]
    dropper_entrant = event.entrant(dropper_table.entrants[0])
    (dropper,) = dropper_entrant.members
    event, resigned = await tournaments.drop(event.id, dropper)
    assert [t.match.id for t in resigned] == [dropper_table.match_id]
    table = next(t for t in event.round_tables() if t.board == dropper_table.board)
    assert table.points == (0.0, 1.0)  # the drop resigned their match: a loss that stands
    with pytest.raises(Refusal, match="already left"):
        await tournaments.drop(event.id, dropper)
    for table in event.round_tables():
        if table.points is None:
            assert table.match_id is not None
            await play_out(matches, table.match_id, rng, rng.choice(styles))
    event = await tournaments.get(event.id)
    assert event.round == 3 and paired == [1, 2, 3]
    third = event.round_tables()
    assert all(dropper_entrant.entrant not in t.entrants for t in third)
    assert [len(t.entrants) for t in third] == [2, 2, 2, 1]  # seven left: three tables and a bye
    assert third[-1].points == (1.0,) and not third[-1].played

    for table in third:
        if table.points is None:
            assert table.match_id is not None
            await play_out(matches, table.match_id, rng, rng.choice(styles))
    event = await tournaments.get(event.id)
    assert event.status == "finished" and paired == [1, 2, 3]

    # The standings agree with the matches' own results, counted here independently.
    points: dict[int, float] = defaultdict(float)
    for table in event.tables:
        if len(table.entrants) == 1:
            points[table.entrants[0]] += 1.0
            continue
        match = await matches.get(table.match_id or 0)
        outcome = match.outcome()
        assert outcome is not None and match.status == "finished"
        users = match.user_ids
        winners = {users[s] for s in outcome.winners}
        for entrant_id in table.entrants:
            (user,) = event.entrant(entrant_id).members
            points[entrant_id] += 0.5 if not winners else 1.0 if user in winners else 0.0
            assert user in users
        # seat order follows the pairing: the first entrant sits in seat 0
        assert users[0] == event.entrant(table.entrants[0]).members[0]
    standing = event.standings()
    assert standing == tournament_rules.standings(event.settings(), event.core_entrants(), event.core_games())
    assert {s.entrant: s.points for s in standing} == points
    assert [s.rank for s in standing] == list(range(1, 9))
    dropped = next(s for s in standing if s.entrant == dropper_entrant.entrant)
    assert dropped.withdrawn and dropped.results[2] == "-"
    assert sum(s.points for s in standing) == sum(points.values()) == 4 + 4 + 4  # 12 games/byes of 1 point each


async def test_a_match_nobody_starts_before_its_deadline_is_a_double_forfeit(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "d.sqlite3", clock, 3)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=1,
                                time_control=600)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    played, idle = event.round_tables()
    assert played.match_id is not None and idle.match_id is not None
    match = await matches.get(played.match_id)
    (seat,) = match.actors()
    await matches.act(match.id, match.user_at(seat), (await matches.legal_texts(match.id, match.user_at(seat)))[0])
    clock.now += 601  # the first match's second player and the second match's first player are out of time
    for kind, due in await matches.due():
        assert kind == "timeout"
        await matches.timeout(due.id)
    event = await tournaments.get(event.id)
    first, second = event.round_tables()
    assert first.points == (1.0, 0.0) and not first.played  # a timeout forfeit after a move: a win, not played
    assert second.points == (0.0, 0.0) and not second.played  # nobody moved: nobody scores
    assert event.status == "finished"


async def finish_round(matches: MatchService, tournaments: TournamentService, event_id: int, style: str,
                       rng: random.Random) -> None:
    event = await tournaments.get(event_id)
    for table in event.round_tables():
        if table.points is None:
            assert table.match_id is not None
            await play_out(matches, table.match_id, rng, style)


async def test_elimination_with_a_drawn_match_replayed(tmp_path: Path) -> None:
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "e.sqlite3", clock, 4)
    event = await tournaments.create("cintos", "elimination", guild_id=1, channel_id=10, organiser_id=1)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    assert event.total_rounds() == 2 and len(event.round_tables()) == 2
    rng = random.Random(1)
    first, second = event.round_tables()
    assert first.match_id is not None and second.match_id is not None
    await play_out(matches, first.match_id, rng, "draw")
    await play_out(matches, second.match_id, rng, "resign")
    event = await tournaments.get(event.id)
    assert event.round == 2 and [set(t.entrants) for t in event.round_tables()] == [set(first.entrants)]  # replay
    for _ in range(4):
        event = await tournaments.get(event.id)
        if event.status == "finished":
            break
        await finish_round(matches, tournaments, event.id, "resign", rng)
    event = await tournaments.get(event.id)
    assert event.status == "finished"
    standing = event.standings()
    assert standing[0].rank == 1 and standing[0].wins + sum(r == "F+" for r in standing[0].results) >= 2


async def test_round_robin_and_two_results_at_once_pair_the_next_round_once(tmp_path: Path) -> None:
    clock = Clock()
    store, matches, tournaments = await services(tmp_path / "r.sqlite3", clock, 5)
    rounds: list[int] = []

    async def on_round(event, round_no, started) -> None:
        rounds.append(round_no)

    tournaments.on_round.append(on_round)
    event = await tournaments.create("cintos", "roundrobin", guild_id=1, channel_id=10, organiser_id=1)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    assert event.total_rounds() == 3
    for _ in range(3):
        event = await tournaments.get(event.id)
        tables = event.round_tables()
        # both matches of the round end at the same moment
        seconds = [(await matches.get(t.match_id or 0)).user_ids[1] for t in tables]
        await asyncio.gather(*(matches.resign(t.match_id or 0, u) for t, u in zip(tables, seconds, strict=True)))
    event = await tournaments.get(event.id)
    assert rounds == [1, 2, 3] and event.status == "finished"
    met = {frozenset(t.entrants) for t in event.tables}
    assert len(met) == 6 == len(event.tables)  # everyone met everyone once
    assert await store.tournaments.add_round(event.id, 3, [((1, 2), None, True)], clock()) is False  # paired once only


async def test_the_last_two_results_arriving_together_pair_the_next_round_once(tmp_path: Path) -> None:
    """Both listeners record their result before either looks at the round: exactly one of them pairs round 2."""
    clock = Clock()
    _store, matches, tournaments = await services(tmp_path / "x.sqlite3", clock, 6)
    rounds: list[int] = []

    async def on_round(event, round_no, started) -> None:
        rounds.append(round_no)

    tournaments.on_round.append(on_round)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=2)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    matches.on_finish.remove(tournaments.match_finished)  # deliver the two ends ourselves, at once
    ended = []
    for table in event.round_tables():
        match = await matches.get(table.match_id or 0)
        await matches.resign(match.id, match.user_ids[0])
        ended.append(match)
    await asyncio.gather(*(tournaments.match_finished(m) for m in ended))
    event = await tournaments.get(event.id)
    assert rounds == [1, 2] and event.round == 2 and len(event.round_tables()) == 2
    assert await _store.tournaments.add_round(event.id, 2, [((1, 2), None, True)], clock()) is False


async def test_a_result_that_came_in_while_nobody_listened_is_picked_up_at_the_start(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "c.sqlite3"
    store, matches, tournaments = await services(path, clock, 8)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=2)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    event = await tournaments.start(event.id, 1, organiser=True)
    matches.on_finish.remove(tournaments.match_finished)  # the process dies between a match's commit and its listener
    for table in event.round_tables():
        match = await matches.get(table.match_id or 0)
        await matches.resign(match.id, match.user_ids[1])
    assert all(t.points is None for t in (await tournaments.get(event.id)).round_tables())
    OPEN.remove(store)
    await store.close()
    _store, matches, tournaments = await services(path, clock, 9)
    await tournaments.recover()
    event = await tournaments.get(event.id)
    assert [t.points for t in event.round_tables(1)] == [(1.0, 0.0), (1.0, 0.0)]
    assert event.round == 2 and all(t.match_id is not None for t in event.round_tables())


async def test_a_round_paired_before_a_crash_gets_its_matches_at_the_start(tmp_path: Path) -> None:
    clock = Clock()
    store, matches, tournaments = await services(tmp_path / "p.sqlite3", clock, 10)
    started: list[int] = []

    async def on_round(event, round_no, tables) -> None:
        started.extend(turn.match.id for _, turn in tables)

    tournaments.on_round.append(on_round)
    event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=2)
    for user in PLAYERS[:4]:
        await tournaments.join(event.id, user)
    # What `start` writes before it creates the matches: the entrants and round 1's tables, then the crash.
    assert await store.tournaments.start_tournament(event.id, [(i, (u,), 0.0) for i, u in enumerate(PLAYERS[:4])],
                                                    clock())
    assert await store.tournaments.add_round(event.id, 1, [((1, 3), None, True), ((4, 2), None, True)], clock())
    await tournaments.recover()
    event = await tournaments.get(event.id)
    assert [t.match_id for t in event.round_tables()] == started and len(started) == 2
    for table in event.round_tables():
        match = await matches.get(table.match_id or 0)
        assert match.status == "active" and match.user_ids == event.seats_of(table)


async def test_team_registration_is_checked(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "t.sqlite3", Clock(), 11)
    solo = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1)
    with pytest.raises(Refusal, match="not a team event"):
        await tournaments.register_team(solo.id, 101, [102])
    pairs = await tournaments.create("bodsoi", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=4)
    with pytest.raises(Refusal, match="2 players"):
        await tournaments.register_team(pairs.id, 101, [102, 103])
    event = await tournaments.register_team(pairs.id, 101, [102])
    assert event.signups == [101, 102] and event.record.settings["teams"] == [[101, 102]]
    with pytest.raises(Refusal, match="already play"):
        await tournaments.register_team(pairs.id, 103, [102])
    for user in (103, 104, 105):
        await tournaments.join(pairs.id, user)
    with pytest.raises(Refusal, match="do not split"):
        await tournaments.start(pairs.id, 1, organiser=True)
    await tournaments.join(pairs.id, 106)
    event = await tournaments.start(pairs.id, 1, organiser=True)
    assert event.entrants[0].members == (101, 102) and len(event.entrants) == 3


async def test_a_pod_event_needs_a_full_pod_to_start(tmp_path: Path) -> None:
    _store, _matches, tournaments = await services(tmp_path / "q.sqlite3", Clock(), 12)
    pods = await tournaments.create("sinoda", "pods", guild_id=1, channel_id=10, organiser_id=1, players=3)
    for user in (101, 102):
        await tournaments.join(pods.id, user)
    with pytest.raises(Refusal, match="at least 3 players"):
        await tournaments.start(pods.id, 1, organiser=True)
    assert (await tournaments.get(pods.id)).status == "signup"
    with pytest.raises(Refusal, match="pods"):
        await tournaments.create("sinoda", "swiss", guild_id=1, channel_id=10, organiser_id=1, players=3)
