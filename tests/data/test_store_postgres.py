"""PostgreSQL only: two stores (as two processes) appending to one match at once, a failing leadership connection,
and outages that become `StoreUnavailable` (never a password in the message). Leases: test_store_leases.py."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
from collections import Counter
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
import pytest_asyncio

from data import CommitUnknown, StaleWrite, Store, StoreUnavailable, postgres, store_problem
from data.postgres import numbered
from data.ratings import RatingChangeRow
from data.urls import redact
from matches import MatchService, Refusal


@pytest_asyncio.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[Store, Store]]:
    first, second = await Store.open(postgres_url), await Store.open(postgres_url)
    yield first, second
    await first.close()
    await second.close()


async def test_twenty_appenders_on_two_stores_one_wins_each_version(two: tuple[Store, Store]) -> None:
    first, second = two
    match = await first.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3, players=2, options={},
                                     now=1.0)
    goal = 60
    wins: Counter[int] = Counter()  # expected version -> appends that succeeded at it
    stale = 0

    async def appender(task: int) -> None:
        nonlocal stale
        store = (first, second)[task % 2]
        while True:
            record = await store.get_match(match.id)
            assert record is not None
            if record.version >= goal:
                return
            try:
                await store.append(match.id, expected_version=record.version, expected_status=record.status,
                                   entries=[(0, task, f"t{task}")], state={"by": task}, status="active",
                                   outcome=None, now=2.0)
            except StaleWrite:
                stale += 1
                continue
            wins[record.version] += 1

    await asyncio.gather(*(appender(task) for task in range(20)))
    log = await second.log(match.id)
    assert [entry.n for entry in log] == list(range(1, goal + 1))  # no gaps, nothing twice
    assert wins == dict.fromkeys(range(goal), 1)  # exactly one winner per version
    assert stale > 0  # they really raced
    final = await first.get_match(match.id)
    assert final is not None and final.version == goal and final.revision == goal
    assert final.state == {"by": int(log[-1].text[1:])}  # the snapshot is the last winner's


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def with_netloc(url: str, netloc: str, database: str | None = None) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, netloc, f"/{database}" if database else parts.path, parts.query, ""))


async def test_unreachable_server_or_database_at_open(postgres_url: str) -> None:
    url = with_netloc(postgres_url, f"tabletop:s3cret-pw@127.0.0.1:{free_port()}")
    with pytest.raises(StoreUnavailable) as refused:
        await Store.open(url)
    assert "refused" in refused.value.problem and "s3cret" not in str(refused.value)
    assert refused.value.path.startswith("postgresql://tabletop@127.0.0.1:")
    host = urlsplit(postgres_url).netloc
    with pytest.raises(StoreUnavailable, match="does not exist"):
        await Store.open(with_netloc(postgres_url, host, "no_such_database"))


class Proxy:
    """A TCP relay to the server that a test can cut (the network goes away) and mend."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.listen_port = free_port()
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self.silent = False  # True: bytes are swallowed, connections stay open (a network that went quiet)
        self.lose_answer = False  # True: the server's next answer is lost, and its connection cut (once)
        # the answer to the first request holding these bytes (once), on that request's own connection only: the
        # pool may be connecting another at the same time, and losing that one's answer instead proves nothing
        self.lose_answer_to: bytes | None = None

    async def open(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.listen_port)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.port)
        self._writers += [writer, up_writer]
        doomed = False  # this connection's next answer is lost

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            nonlocal doomed
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await source.read(65536):
                    if self.lose_answer_to is not None and sink is up_writer and self.lose_answer_to in data:
                        self.lose_answer_to, doomed = None, True
                    if (doomed or self.lose_answer) and sink is writer:  # the server did the work; no answer comes
                        self.lose_answer = doomed = False
                        writer.transport.abort()
                        break
                    if not self.silent:
                        sink.write(data)
                        await sink.drain()
            sink.close()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))

    async def cut(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        self._writers.clear()
        await self._server.wait_closed()


async def test_an_outage_while_running_is_store_unavailable_and_passes(postgres_url: str) -> None:
    parts = urlsplit(postgres_url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    await proxy.open()
    store = await Store.open(with_netloc(postgres_url, f"{parts.username}@127.0.0.1:{proxy.listen_port}"))
    try:
        match = await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3, players=2,
                                         options={}, now=1.0)
        await proxy.cut()
        with pytest.raises(StoreUnavailable) as lost:
            await store.get_match(match.id)
        assert store_problem(lost.value) is not None and "database server" in lost.value.problem
        with pytest.raises(StoreUnavailable):  # a transaction too: nothing half-done
            await store.append(match.id, expected_version=0, expected_status="lobby", entries=[(0, 3, "a1")],
                               state={}, status="active", outcome=None, now=2.0)
        assert await store.lead("deadlines", 5.0) is None  # no server: no leader, and no exception
        await proxy.open()  # the server is back: the pool connects again
        assert await store.revision(match.id) == 0
        assert (await store.append(match.id, expected_version=0, expected_status="lobby", entries=[(0, 3, "a1")],
                                   state={}, status="active", outcome=None, now=2.0)).version == 1
    finally:
        await store.close()
        await proxy.cut()


def test_store_problem_knows_postgresql_outages_and_nothing_else() -> None:
    assert "login" in (store_problem(asyncpg.InvalidPasswordError("password authentication failed")) or "")
    assert "shutting down" in (store_problem(asyncpg.AdminShutdownError("terminating connection")) or "")
    assert "disk is full" in (store_problem(asyncpg.DiskFullError("could not extend file")) or "")
    assert "lost" in (store_problem(asyncpg.ConnectionDoesNotExistError("connection was closed")) or "")
    assert "does not exist" in (store_problem(asyncpg.InvalidCatalogNameError('database "x" does not exist')) or "")
    assert store_problem(asyncpg.UndefinedTableError('relation "x" does not exist')) is None  # a bug, not an outage
    assert store_problem(asyncpg.UniqueViolationError("duplicate key")) is None


def test_store_problem_ends_on_a_chain_that_loops() -> None:
    looped = RuntimeError("a bug")
    looped.__cause__ = looped
    assert store_problem(looped) is None


def test_placeholders_and_redacted_urls() -> None:
    assert numbered("SELECT '?', ? FROM t WHERE a = ? AND b = 'it''s ?'") == (
        "SELECT '?', $1 FROM t WHERE a = $2 AND b = 'it''s ?'")
    assert redact("postgresql://bot:pa:ss@db.example:5433/tabletop?sslmode=require") == (
        "postgresql://bot@db.example:5433/tabletop?sslmode=require")
    assert redact("postgresql://bot@db/tabletop") == "postgresql://bot@db/tabletop"


async def test_the_pool_has_the_size_asked_for(postgres_url: str) -> None:
    store = await Store.open(postgres_url, pool_size=2)  # DATABASE_POOL_SIZE, checked in settings/
    try:
        assert store.db._pool.get_max_size() == 2  # type: ignore[attr-defined]
    finally:
        await store.close()


async def test_rating_updates_of_the_same_players_at_once_never_deadlock(two: tuple[Store, Store]) -> None:
    """Two processes apply matches of the same two players seated in opposite orders: their rating rows are locked
    in one order (by user), so neither waits for the other in a cycle."""
    first, second = two
    ada, bob = 10**18 + 1, 10**18 + 2
    pairs = []
    for i in range(30):
        ids = []
        for seats in ([ada, bob], [bob, ada]):
            match = await first.create_match(game="sinoda", guild_id=1, channel_id=2, creator_id=ada, players=2,
                                             options={}, now=1.0, rated=True)
            await first.append(match.id, expected_version=0, expected_status="lobby", entries=[], state={},
                               status="active", outcome=None, now=1.0, seats=seats)
            await first.append(match.id, expected_version=0, expected_status="active",
                               entries=[(1, seats[1], "resign")], state={}, status="finished",
                               outcome={"winners": [0]}, now=2.0 + i)
            ids.append(match.id)
        pairs.append(ids)

    def toy(match, seats, current):
        return [RatingChangeRow(match.id, s.seat, s.user_id, s.seat, "win" if s.seat == 0 else "loss", 25.0, 8.0,
                                0, 25.0 + (1 if s.seat == 0 else -1), 8.0) for s in seats]

    for one, other in pairs:
        await asyncio.gather(first.ratings.apply_rating(one, toy, 3.0), second.ratings.apply_rating(other, toy, 3.0))
    assert [(r.user_id, r.games, r.wins) for r in await first.ratings.ratings_of(ada)] == [(ada, 60, 30)]


async def test_rating_updates_at_once_lose_none(two: tuple[Store, Store]) -> None:
    """Each update starts from the rating the one before left: ten of Ada's matches applied at once by two processes
    add up to ten steps (READ COMMITTED alone would let two read the same rating and one step be lost)."""
    first, second = two
    ada = 10**18 + 1
    ids = []
    for i in range(10):
        match = await first.create_match(game="sinoda", guild_id=1, channel_id=2, creator_id=ada, players=2,
                                         options={}, now=1.0, rated=True)
        await first.append(match.id, expected_version=0, expected_status="lobby", entries=[], state={},
                           status="active", outcome=None, now=1.0, seats=[ada, 5000 + i])
        await first.append(match.id, expected_version=0, expected_status="active",
                           entries=[(1, 5000 + i, "resign")], state={}, status="finished",
                           outcome={"winners": [0]}, now=2.0)
        ids.append(match.id)

    def step(match, seats, current):
        changes = []
        for s in seats:
            mu = current[s.user_id].mu if s.user_id in current else 25.0
            changes.append(RatingChangeRow(match.id, s.seat, s.user_id, s.seat, "win" if s.seat == 0 else "loss",
                                           mu, 8.0, 0, mu + 1, 8.0))
        return changes

    await asyncio.gather(*((first, second)[i % 2].ratings.apply_rating(match_id, step, 3.0)
                           for i, match_id in enumerate(ids)))
    (rating,) = await first.ratings.ratings_of(ada)
    assert (rating.games, rating.mu) == (10, 35.0)


async def test_lobby_seats_and_sign_ups_at_once_keep_their_limits(two: tuple[Store, Store]) -> None:
    """Compare-and-set over several rows (a lobby's seats, an event's sign-ups against its limit) from two
    processes at once: the row lock makes them take turns, so exactly one seat change and four sign-ups win."""
    first, second = two
    match = await first.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=1, players=2, options={},
                                     now=1.0)
    await first.put_seats(match.id, [(1, False, True)], 1.0)

    async def join(store: Store, user: int) -> bool:
        try:
            await store.put_seats(match.id, [(1, False, True), (user, False, True)], 2.0, expected=[(1, False, True)])
        except StaleWrite:
            return False
        return True

    joined = await asyncio.gather(*(join((first, second)[user % 2], user) for user in range(100, 110)))
    assert joined.count(True) == 1
    assert len(await first.seats(match.id)) == 2
    tid = (await first.tournaments.create_tournament(guild_id=1, channel_id=2, organiser_id=1, game="cintos",
                                                     format="swiss", players=2, options={}, time_control=None,
                                                     timeout_rule="claim", rounds=3, max_players=4, signup_closes=None,
                                                     rated=False, teams="none", settings={}, now=1.0)).id
    signed = await asyncio.gather(*((first, second)[user % 2].tournaments.add_signup(tid, user, 3.0, 4)
                                    for user in range(20)))
    assert signed.count(True) == 4
    assert len(await first.tournaments.signups(tid)) == 4


async def test_a_silent_server_is_given_up_on(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection that goes quiet (no reset, no answer) must not hold a player's command forever."""
    monkeypatch.setattr(postgres, "COMMAND_TIMEOUT", 0.5)
    parts = urlsplit(postgres_url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    await proxy.open()
    store = await Store.open(with_netloc(postgres_url, f"{parts.username}@127.0.0.1:{proxy.listen_port}"))
    try:
        proxy.silent = True
        with pytest.raises(StoreUnavailable, match="did not answer in time"):
            await asyncio.wait_for(store.revision(1), 20)  # the outer bound only turns a hang into a failure
    finally:
        proxy.silent = False
        await proxy.cut()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(store.close(), 10)


async def test_any_failure_of_the_leadership_connection_drops_it(two: tuple[Store, Store]) -> None:
    """A connection cut mid-statement can leave asyncpg refusing every later call with an error that is neither a
    PostgresError nor an InterfaceError; `lead` drops that connection and answers None, it does not raise, and the
    next call connects again and renews the same lease."""
    first, second = two
    lease = await first.lead("deadlines", 30.0)
    assert lease is not None
    lead = first.db._lead  # type: ignore[attr-defined]

    class Stuck:
        """The leadership connection as asyncpg leaves it after a cut mid-statement."""

        def is_closed(self) -> bool:
            return False

        async def fetchval(self, *args: object, **kwargs: object) -> object:
            raise asyncpg.exceptions._base.InternalClientError("cannot switch to state 11; another operation (2) "
                                                               "is in progress")

        def terminate(self) -> None:
            lead.terminate()

    first.db._lead = Stuck()  # type: ignore[attr-defined]
    assert await first.lead("deadlines", 30.0) is None
    assert lead.is_closed()  # dropped
    assert await first.lead("deadlines", 30.0) == lease  # a new connection; the lease never lapsed
    assert await second.lead("deadlines", 30.0) is None


async def test_a_lost_answer_to_a_commit_is_commit_unknown(postgres_url: str) -> None:
    """The connection drops after the server committed and before its answer arrived: the store cannot say the
    move was not played (CommitUnknown, a StoreUnavailable), and it was; a transaction whose COMMIT was never sent
    is a plain StoreUnavailable, and nothing of it is stored."""
    parts = urlsplit(postgres_url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    await proxy.open()
    store = await Store.open(with_netloc(postgres_url, f"{parts.username}@127.0.0.1:{proxy.listen_port}"))
    try:
        match, warm = [await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3, players=2,
                                                options={}, now=1.0) for _ in range(2)]
        # prepared: the next one goes in one message
        await store.append(warm.id, expected_version=0, expected_status="lobby", entries=[(0, 3, "a1")], state={},
                           status="active", outcome=None, now=2.0, key="warm")
        proxy.lose_answer_to = b"press-1"
        with pytest.raises(StoreUnavailable) as unknown:  # one statement: the move and its line, committed
            await store.append(match.id, expected_version=0, expected_status="lobby", entries=[(0, 3, "a1")],
                               state={}, status="active", outcome=None, now=2.0, key="press-1")
        assert isinstance(unknown.value, CommitUnknown) and "may have been saved" in unknown.value.problem
        await store.revision(match.id)  # a new connection
        proxy.lose_answer_to = b"BEGIN"
        with pytest.raises(StoreUnavailable) as lost:  # a start (seats too) is a transaction: lost at its BEGIN
            await store.append(match.id, expected_version=1, expected_status="active", entries=[(1, 4, "b1")],
                               state={}, status="active", outcome=None, now=3.0, seats=[3, 4])
        assert not isinstance(lost.value, CommitUnknown)
        assert [(e.n, e.text) for e in await store.log(match.id)] == [(1, "a1")]  # played, once
        assert (await store.keyed(match.id, "press-1")) is not None
    finally:
        await store.close()
        await proxy.cut()


async def test_a_move_whose_answer_was_lost_is_looked_up_by_its_key(postgres_url: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The service, told CommitUnknown, looks for the request's key: found as the next line, the move is
    acknowledged as played; when the database cannot say, the player hears "may have been played", and a retry with
    the same key is "Already played" once the database answers."""
    parts = urlsplit(postgres_url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    await proxy.open()
    store = await Store.open(with_netloc(postgres_url, f"{parts.username}@127.0.0.1:{proxy.listen_port}"))
    service = MatchService(store, rng=random.Random(1))
    try:
        lobby = await service.create("cintos", guild_id=1, channel_id=2, creator_id=3, players=2)
        await service.join(lobby.id, 4)
        match = (await service.start(lobby.id, 3)).match

        async def next_move(key: str) -> tuple[int, str, str]:
            user = match.user_at(match.actors()[0])
            return user, (await service.legal_texts(match.id, user))[0], key

        user, text, key = await next_move("warm")
        await service.act(match.id, user, text, key=key)  # the statement is prepared on the connection
        user, text, key = await next_move("lost-then-found")
        proxy.lose_answer_to = text.encode()  # in the move's statement only
        turn = await service.act(match.id, user, text, key=key)  # committed, answer lost, found by its key
        assert proxy.lose_answer_to is None and not proxy.lose_answer  # the answer really was lost
        assert turn.events[0].text == text and (await store.keyed(match.id, key)) is not None
        user, text, key = await next_move("lost-for-good")
        proxy.lose_answer_to = text.encode()  # in the move's statement only

        async def unreachable(match_id: int, key: str) -> None:
            raise StoreUnavailable("db", "the database server cannot be reached")

        monkeypatch.setattr(store, "keyed", unreachable)
        with pytest.raises(CommitUnknown):
            await service.act(match.id, user, text, key=key)
        monkeypatch.undo()
        with pytest.raises(Refusal, match="Already played"):  # the retry, once the database answers again
            await service.act(match.id, user, text, key=key)
        assert [e.text for e in await store.log(match.id)].count(text) >= 1
        assert len({e.n for e in await store.log(match.id)}) == len(await store.log(match.id))
    finally:
        await store.close()
        await proxy.cut()


async def test_connections_the_server_ended_are_replaced(postgres_url: str) -> None:
    """The server ends every connection (a restart, an administrator): a read is tried once more on a new
    connection; a write whose connection died may fail, always as StoreUnavailable, and the next one works."""
    store = await Store.open(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    end_all = ("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() "
               "AND pid <> pg_backend_pid()")
    try:
        match = await store.create_match(game="cintos", guild_id=1, channel_id=2, creator_id=3, players=2,
                                         options={}, now=1.0)
        for _ in range(10):
            await admin.fetchval(end_all)
            assert await store.revision(match.id) == 0
        for i in range(10):
            await admin.fetchval(end_all)
            with contextlib.suppress(StoreUnavailable):
                await store.set_message(match.id, 1, i)
            await store.set_message(match.id, 1, 100 + i)
        for i in range(10):  # a transaction likewise
            await admin.fetchval(end_all)
            with contextlib.suppress(StoreUnavailable):
                await store.put_seats(match.id, [(i, False, True)], 3.0)
            await store.put_seats(match.id, [(100 + i, False, True)], 3.0)
        record = await store.get_match(match.id)
        assert record is not None and record.message_id == 109
        assert [seat.user_id for seat in await store.seats(match.id)] == [109]
    finally:
        await admin.close()
        await store.close()


async def test_a_bug_is_raised_as_itself(two: tuple[Store, Store]) -> None:
    """An error that is no outage (here a missing table) stays the driver's own error, with no made-up cause: the
    cogs then report a bug, and store_problem (which follows causes) ends."""
    store, _ = two
    for run in (store.db.fetchone, store.db.execute):
        with pytest.raises(asyncpg.UndefinedTableError) as raised:
            await run("SELECT * FROM nowhere")
        assert raised.value.__cause__ is not raised.value
        assert store_problem(raised.value) is None
    with pytest.raises(asyncpg.UndefinedTableError) as raised:
        async with store.db.transaction() as tx:
            await tx.execute("UPDATE nowhere SET x = 1")
    assert raised.value.__cause__ is not raised.value
