"""kill -9 at each step between the commit that ends a match and its consequences: the restart completes them, once.

A rated four-player Swiss (two rounds) plays round 1; the driver (tests/matches/consequence_kill_driver.py) resigns
its last match and SIGKILLs itself right after one of the writes that follow: the ending commit, the rating, the
table's result, round 2's pairing, round 2's first match. The restarted process runs what bot.py runs first at a
start (`Scheduler.catch_up`) and nothing else; afterwards both round-1 matches are rated once (ratings equal to a
rebuild from the results), both results are recorded, round 2 is paired once with one running match per table, and
the final board is posted once. On PostgreSQL two restarted processes catch up at the same moment. Before the sweep
(matches/consequences.py) every point but `created` left the match unrated, and `committed` left round 2 unpaired.
"""

from __future__ import annotations

import asyncio
import math
import random
import signal
import time
from pathlib import Path

import pytest

from cogs.scheduler import Scheduler
from data import Lease, Store
from matches import Match, MatchService, Turn
from matches.consequences import POST_GRACE
from tests import forked
from tournaments import TournamentService
from tournaments.model import Tournament

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [101, 102, 103, 104]
POINTS = ["committed", "rated", "recorded", "paired", "created"]


class Posts:
    """The scheduler's posts, as `cogs.tables.Tables` makes them: a final board posted is marked posted."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.boards: list[int] = []

    async def remind(self, match: Match, *, fence: Lease | None = None) -> None: ...
    async def time_out(self, match: Match, *, fence: Lease | None = None) -> None: ...
    async def expire(self, match: Match, *, fence: Lease | None = None) -> None: ...

    async def post_turn(self, turn: Turn) -> None:
        self.boards.append(turn.match.id)
        await self.service.board_final_posted(turn.match.id)


async def services(target: str, seed: int, *, ahead: float = 0.0) -> tuple[Store, TournamentService]:
    store = await Store.open(target)
    matches = MatchService(store, rng=random.Random(seed), clock=lambda: time.time() + ahead)
    return store, TournamentService(matches, rng=random.Random(seed))


async def play_twice(matches: MatchService, match_id: int) -> None:
    """A move by each side (so a resignation now is a rated result, not a forfeit)."""
    for _ in range(2):
        match = await matches.get(match_id)
        (seat,) = match.actors()
        user = match.user_at(seat)
        await matches.act(match_id, user, (await matches.legal_texts(match_id, user))[0])


async def prepare(target: str) -> tuple[int, int, int, int]:
    """Round 1 of a rated Swiss: one match resigned (its board posted), the other with a move each. Returns (event,
    the match resigned, the match the driver resigns, who resigns it)."""
    store, tournaments = await services(target, 1)
    matches = tournaments.matches
    try:
        event = await tournaments.create("cintos", "swiss", guild_id=1, channel_id=10, organiser_id=1, rounds=2,
                                         rated=True)
        for user in PLAYERS:
            await tournaments.join(event.id, user)
        event = await tournaments.start(event.id, 1, organiser=True)
        first, second = (t.match_id or 0 for t in event.round_tables(1))
        for match_id in (first, second):
            await play_twice(matches, match_id)
        done = await matches.resign(first, (await matches.get(first)).user_ids[0])
        await matches.board_final_posted(done.match.id)  # as the cog does after posting it
        assert await matches.rating_changes(first), "a resignation after a move each is rated"
        return event.id, first, second, (await matches.get(second)).user_ids[1]
    finally:
        await store.close()


async def kill_at(target: str, match_id: int, user: int, point: str) -> None:
    driver = await forked.spawn(["-m", "tests.matches.consequence_kill_driver", target, str(match_id), str(user),
                                 point], cwd=ROOT, stdout=forked.PIPE, stderr=forked.PIPE)
    out, err = await asyncio.wait_for(driver.communicate(), 120)
    assert driver.returncode == -signal.SIGKILL, (out + err).decode()[-2000:]


async def state(store: Store, tournaments: TournamentService, event_id: int) -> tuple:
    """Everything the consequences write, to compare before and after a second pass."""
    db = store.db
    rated = await db.fetchall("SELECT match_id FROM rated_matches ORDER BY match_id")
    changes = await db.fetchall("SELECT match_id, seat, mu_after FROM rating_changes ORDER BY match_id, seat")
    ratings = await db.fetchall("SELECT user_id, games, mu FROM ratings ORDER BY user_id")
    made = await db.fetchall("SELECT id, status FROM matches ORDER BY id")
    event = await tournaments.get(event_id)
    return rated, changes, ratings, made, [(t.round, t.board, t.match_id, t.points) for t in event.tables]


async def check_complete(store: Store, tournaments: TournamentService, event: Tournament,
                         ended: tuple[int, int]) -> None:
    matches = tournaments.matches
    for match_id in ended:
        assert await matches.rating_changes(match_id), f"match {match_id} is not rated"
    rows = await store.db.fetchall("SELECT user_id, games FROM ratings ORDER BY user_id")
    assert [tuple(r) for r in rows] == [(u, 1) for u in PLAYERS], rows  # one rated match each: none doubled
    recorded, recomputed = await matches.rebuild_ratings(write=False)
    assert recorded == recomputed and len(recorded) == 4
    assert all(t.points is not None for t in event.round_tables(1)), event.round_tables(1)
    assert event.round == 2
    second = event.round_tables(2)
    assert len(second) == 2 and all(t.match_id is not None for t in second), second
    made = [r[0] for r in await store.db.fetchall("SELECT id FROM matches ORDER BY id")]
    assert sorted(made) == sorted([*ended, *(t.match_id or 0 for t in second)]), made
    for table in second:
        match = await matches.get(table.match_id or 0)
        assert match.status == "active" and match.user_ids == event.seats_of(table)
    for user in PLAYERS:
        assert len(await matches.matches_for(user, ("lobby", "active"))) == 1, user
    assert await store.unsettled(math.inf, 10) == []


@pytest.mark.parametrize("point", POINTS)
async def test_a_kill_between_a_commit_and_its_consequences_loses_and_doubles_nothing(target: str,
                                                                                      point: str) -> None:
    event_id, first, second, user = await prepare(target)
    await kill_at(target, second, user, point)

    shared = not target.endswith(".sqlite3")
    restarted = [await services(target, 2 + n) for n in range(2 if shared else 1)]
    rounds: list[int] = []  # round-2 tables posted by the restarted processes
    boards: list[Posts] = []
    schedulers = []
    try:
        for _, tournaments in restarted:
            async def posted(event: Tournament, round_no: int, started: list) -> None:
                rounds.extend(table.board for table, _ in started)
            tournaments.on_round.append(posted)
            boards.append(Posts(tournaments.matches))
            schedulers.append(Scheduler(tournaments.matches, boards[-1], tournaments))
        # What bot.py runs first at a start; on PostgreSQL two processes at once.
        await asyncio.gather(*(s.catch_up() for s in schedulers))
        store, tournaments = restarted[0]
        event = await tournaments.get(event_id)
        await check_complete(store, tournaments, event, (first, second))
        assert sorted(rounds) == [1, 2], rounds  # round 2 posted once, every table
        # The final board: on SQLite at the start (one process: nobody else is about to post it); on PostgreSQL
        # another process may be, so only the scheduler's leader posts it, once POST_GRACE has passed.
        assert [b for posts in boards for b in posts.boards] == ([] if shared else [second])
        if shared:
            later_store, later = await services(target, 9, ahead=POST_GRACE + 1)
            try:
                leader = Posts(later.matches)
                scheduler = Scheduler(later.matches, leader, later)
                assert await scheduler.lead()  # the boards are the leader's
                await scheduler.settle()
                await scheduler.settle()
                assert leader.boards == [second]
            finally:
                await later_store.close()

        # A second pass (the tournament's own recovery, another start, the leader's sweep) changes nothing.
        before = await state(store, tournaments, event_id)
        await tournaments.recover()
        await schedulers[0].catch_up()
        await schedulers[0].settle()
        assert await state(store, tournaments, event_id) == before
        assert sorted(rounds) == [1, 2]
    finally:
        for store, _ in restarted:
            await store.close()
