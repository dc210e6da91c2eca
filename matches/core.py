"""The match's load/hold/commit path (`MatchCore`): loading and the cache, a match's lock, chance draws, commits with
revisions, the clock, the generator and the games table. Every collaborator of `MatchService` works through it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import partial
from typing import Any

from data import Appended, CommitUnknown, Duplicate, Lease, StaleWrite, Store
from i18n import _
from matches import dice
from matches.cache import MatchCache, lock_in_use
from matches.computers import is_computer
from matches.model import Event, Match, Refusal, Turn
from rules import GAMES, Action, Game, IllegalAction, State
from rules.base import quote
from rules.replay import replay, standing
from rules.results import BY_RULES, ENDED_KEY, FORFEIT_KEY, facts_from_log
from settings import DEFAULTS

log = logging.getLogger(__name__)

# Called with a match after each of its commits (and after an ending by agreement), in the order registered; what it
# returns is not used.
CommitListener = Callable[[Match], Awaitable[object]]


class MatchCore:
    """Loads, holds and commits matches. One per `MatchService`; per-match locks serialise requests for one match.

    `on_commit`: listeners called, in order, with the match after every commit (`commit`) and after an ending by
    agreement (`committed`); `busy`: checks that keep a match in the cache while they say it is in use (a computer
    task playing it), besides its lock.
    """

    def __init__(self, store: Store, *, rng: Any | None = None, clock: Callable[[], float] = time.time,
                 games: dict[str, Game] | None = None, cache_size: int | None = None) -> None:
        self.store = store
        self.games = games if games is not None else GAMES
        self.rng: Any = rng if rng is not None else secrets.SystemRandom()
        self.clock = clock
        self.on_commit: list[CommitListener] = []
        # Whether a vacation may pause `match`'s clock (matches/vacation.py): a commit passing the turn to a player
        # on vacation then pauses it in the same transaction, so a crash right after the commit loses no time.
        self.pausable: Callable[[Match], Awaitable[bool]] | None = None
        self.busy: list[Callable[[Match], bool]] = []
        # Loaded matches, bounded (`TABLETOP_MATCH_CACHE`): only idle ones are evicted, and reloaded when asked for.
        self.cache = MatchCache(cache_size if cache_size is not None else DEFAULTS.match_cache, self.in_use)
        # One lock per match being read, not one for the service: after a restart the first requests for many
        # matches load side by side, and simultaneous first requests for one match read it once (weak: a lock
        # lives only while someone loads through it).
        self._load_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def now(self) -> float:
        return self.clock()

    def game(self, name: str) -> Game:
        """The game called `name`, or a refusal listing the games."""
        try:
            return self.games[name]
        except KeyError:
            raise Refusal(_("Unknown game {names}; games: {games}.", names=quote(name),
                            games=", ".join(sorted(self.games)))) from None

    # ---- loading ----------------------------------------------------------------------------------------------
    def in_use(self, match: Match) -> bool:
        """Not to be evicted: a request holds or awaits its lock, or a `busy` check says so (a computer task)."""
        return lock_in_use(match) or any(check(match) for check in self.busy)

    async def settled(self, timeout: float) -> bool:
        """Wait, at most `timeout` seconds, until no loaded match is in use (shutdown: a request under way commits
        before the store closes). Whether it settled."""
        deadline = time.monotonic() + timeout
        while any(lock_in_use(match) for match in self.cache.loaded()):
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def get(self, match_id: int) -> Match:
        """The match, from the cache when loaded before.

        When the store is shared (PostgreSQL: other processes write the same matches), a cached match is first
        checked against `store.revision` (one primary-key read) and reloaded when anything changed it since; on
        SQLite (one process owns the file) a cached match is returned without a query. See `_current`.
        """
        match = self.cache.get(match_id)
        if match is not None:
            if self.store.shared:
                await self._current(match)
            return match
        return await self.loaded(match_id)

    async def fresh(self, match_id: int) -> Match:
        """The match as the database has it now, even on SQLite written by another process (a web process of its
        own reads the bot's file): the cached copy is checked against the stored revision, as on PostgreSQL."""
        match = await self.loaded(match_id)
        await self._current(match)
        return match

    async def loaded(self, match_id: int) -> Match:
        """The match from the cache or the store, without checking a cached copy's revision."""
        match = self.cache.get(match_id)
        if match is not None:
            return match
        lock = self._load_locks.get(match_id)
        if lock is None:
            lock = self._load_locks[match_id] = asyncio.Lock()
        async with lock:
            match = self.cache.get(match_id)
            if match is None:
                match = await self.load(match_id)
                self.cache[match_id] = match
        return match

    async def load(self, match_id: int) -> Match:
        """The match read from the store (not from the cache, and not put in it)."""
        loaded = await self.store.load_match(match_id)  # the match and its seats: one read
        if loaded is None:
            raise Refusal(_("There is no match #{id}.", id=match_id))
        record, seats = loaded
        game = self.games.get(record.game)
        if game is None:
            raise Refusal(_("Match #{id} is a {game} match, which this bot no longer hosts.", id=match_id,
                            game=record.game))
        state = game.from_json(record.state) if record.state is not None else None
        return Match(record, seats, game, state)

    async def _current(self, match: Match) -> None:
        """Reload `match` if its stored revision differs from the copy's (another process wrote, or this one
        wrote without knowing the new revision), under the match's lock: the state never changes under a request.

        A match whose lock is held is left as it is: its holder may be the very caller (a listener called from
        inside a commit), which must not wait for itself. Requests that take the lock check again inside it
        (`hold`), and every write is a compare-and-set that reloads and refuses on a stale copy (`StaleWrite`).
        """
        if match.lock.locked():
            return
        async with match.lock:
            await self.reload_if_changed(match)

    async def reload_if_changed(self, match: Match) -> None:
        """Under the lock: the one revision read, and a reload only when it differs."""
        if await self.store.revision(match.id) != match.record.revision:
            await self.refresh(match)

    @asynccontextmanager
    async def hold(self, match_id: int, key: str | None = None) -> AsyncIterator[Match]:
        """The match under its lock, current, and a request with idempotency `key` refused if already applied
        (`unused`). On a shared store the revision and the key are checked inside the lock in one read (no other
        process's write between the check and this request's own compare-and-set goes unnoticed: that write fails
        as StaleWrite)."""
        match = await self.loaded(match_id)
        async with match.lock:
            if self.store.shared:
                revision, done = await self.store.revision_and_key(match.id, key)
                if revision != match.record.revision:
                    await self.refresh(match)
                if done is not None:
                    raise self._applied(match, done)
            else:
                await self.unused(match, key)
            yield match

    async def refresh(self, match: Match) -> None:
        """Read the match again from the store into the same object (its lock and identity are kept)."""
        fresh = await self.load(match.id)
        match.record, match.seats, match.state = fresh.record, fresh.seats, fresh.state
        match.moved = None  # another process may have moved: look again when asked

    async def unused(self, match: Match, key: str | None) -> None:
        """Refuse a request whose idempotency key was already applied in this match (a retry, a second click)."""
        if key is None:
            return
        done = await self.store.keyed(match.id, key)
        if done is not None:
            raise self._applied(match, done.n)

    @staticmethod
    def _applied(match: Match, line: int) -> Refusal:
        return Refusal(_("Already played: this request was applied once, as line {line} of match #{id}; it is not "
                         "applied again.", line=line, id=match.id))

    async def replay(self, match_id: int) -> State:
        """Rebuild a match's state from its setup and its log alone (what recovery and audits rely on)."""
        match = await self.get(match_id)
        entries = [(e.seat, e.text) for e in await self.store.log(match_id)]
        return replay(match.game, match.players, match.record.options, entries)

    # ---- playing and chance ------------------------------------------------------------------------------------
    async def apply(self, match: Match, seat: int, user_id: int, action: Action, key: str | None = None) -> Turn:
        """Under the match's lock: apply a checked action of `seat`, resolve what follows, commit."""
        game, state = match.game, match.state
        try:
            after = game.apply(state, action, seat)
        except IllegalAction as exc:
            raise Refusal.of(exc) from None
        first = self._event(game, state, action, after, match.record.version + 1, seat, user_id, "action")
        events, after = self.resolve(match, after, match.record.version + 1)
        await self.commit(match, after, [first, *events], key=key)
        return Turn(match, [first, *events])

    @staticmethod
    def _event(game: Game, before: State, action: Action, after: State, n: int, seat: int | None,
               user_id: int | None, kind: str) -> Event:
        # The words are made where the event is shown (the mover's reply, the server's board): functions of the facts.
        return Event(n, seat, user_id, game.notation(before, action), partial(game.log_text, before, action, None),
                     partial(game.describe, before, action, after), kind)

    def resolve(self, match: Match, state: State, version: int,
                seed: bytes | None = None) -> tuple[list[Event], State]:
        """Draw chance outcomes and apply server-made actions until a player must act or the game ends.

        The outcome for log line n is drawn from the match's seed at position n (`matches.dice`); matches
        started before verifiable dice have no seed and keep drawing from the core's generator.
        """
        game = match.game
        if seed is None and match.record.seed is not None:
            seed = bytes.fromhex(match.record.seed)
        events: list[Event] = []
        while game.outcome(state) is None:
            chances = game.chance_outcomes(state)
            if chances:
                n = version + len(events) + 1
                action, seat, kind = self._draw(chances, seed, match.id, n), None, "chance"
            else:
                forced = game.automatic_action(state)
                if forced is None:
                    break
                (seat, action), kind = forced, "auto"
            after = game.apply(state, action, seat)
            events.append(self._event(game, state, action, after, version + len(events) + 1, seat, None, kind))
            state = after
        return events, state

    def new_seed(self) -> bytes:
        """A match's secret dice seed, from the core's generator (`secrets.SystemRandom` in production)."""
        return self.rng.getrandbits(8 * dice.SEED_BYTES).to_bytes(dice.SEED_BYTES, "big")

    def _draw(self, chances: list[tuple[Action, float]], seed: bytes | None, match_id: int, n: int) -> Action:
        if seed is not None:
            return chances[dice.pick([p for _, p in chances], seed, match_id, n)][0]
        point = self.rng.random() * sum(p for _, p in chances)
        for action, p in chances:
            point -= p
            if point < 0:
                return action
        return chances[-1][0]

    # ---- committing --------------------------------------------------------------------------------------------
    async def commit(self, match: Match, state: State, events: list[Event], seats: Sequence[int] | None = None,
                     key: str | None = None, seat_draw: str | None = None, seed: bytes | None = None,
                     forfeit: Sequence[int] = (), fence: Lease | None = None) -> None:
        """Store `state` after `events`, then call the `on_commit` listeners; `forfeit`: seats that resigned by
        running out of time (so the result says so, not "resigned"); `fence`: the scheduler's lease, when it acts
        on a deadline."""
        ended = match.game.outcome(state)
        status = "finished" if ended is not None else "active"
        outcome = None
        if ended is not None:  # the result with its facts (rules/results.py): who moved, resigned, ran out of time
            outcome = ended.to_json() | await self.facts(match, events) | {ENDED_KEY: BY_RULES}
            if forfeit:
                outcome[FORFEIT_KEY] = sorted(forfeit)
        snapshot = match.game.to_json(state)
        now = self.clock()
        tc = match.record.time_control
        deadline = now + tc if status == "active" and tc else None
        users = list(seats) if seats is not None else match.user_ids
        computer_turn = ended is None and any(is_computer(users[s]) for s in match.game.actors(state))
        pause = [users[s] for s in match.game.actors(state) if not is_computer(users[s])] \
            if deadline is not None and self.pausable is not None and await self.pausable(match) else []
        try:
            appended = await self.store.append(
                match.id, expected_version=match.record.version,
                expected_status="lobby" if seats is not None else "active",  # only a start fixes the seats
                entries=[(e.seat, e.user_id, e.text) for e in events], state=snapshot,
                status=status, outcome=outcome, now=now, seats=seats,
                deadline=deadline, key=key, seat_draw=seat_draw, seed=seed.hex() if seed else None,
                commitment=dice.commitment(seed) if seed else None, computer_turn=computer_turn, fence=fence,
                pause=pause)
        except CommitUnknown:
            # The answer to the commit was lost: the request's key says whether it landed, if the database answers.
            if not await self._landed(match, key):
                match.record = replace(match.record, revision=-1)  # not known: the next request reads it again
                raise
            appended = Appended(match.record.version + len(events), -1)
        except StaleWrite:
            await self.refresh(match)
            raise Refusal(_("Match #{id} changed while you were acting; look at the board and try again.",
                            id=match.id)) from None
        except Duplicate:  # the same key was applied by another process between our check and this write
            await self.refresh(match)
            raise Refusal(_("Already played: this request was applied once in match #{id}; it is not applied again.",
                            id=match.id)) from None
        match.state = state
        if match.moved is not None:
            match.moved.update(e.seat for e in events if e.user_id is not None and e.seat is not None)
        match.record = replace(match.record, version=appended.version, status=status,
                               outcome=outcome, state=snapshot, turn_started=now,
                               deadline=deadline, reminders=0, overdue=False, expires_at=None, draw_offer=(),
                               revision=self.next_revision(match, appended.revision))
        if seed is not None:
            match.record = replace(match.record, seed=seed.hex(), commitment=dice.commitment(seed))
        if seats is not None:
            match.seats = await self.store.seats(match.id)
        await self.committed(match)

    async def committed(self, match: Match) -> None:
        """Call every `on_commit` listener with `match`, in order (under the match's lock). The change is stored, so
        a failing listener is logged and never undoes or blocks it."""
        for listener in list(self.on_commit):
            try:
                await listener(match)
            except Exception:
                log.exception("a listener of match %s's commit failed", match.id)

    async def _landed(self, match: Match, key: str | None) -> bool:
        """After a lost answer to a commit: whether the request with idempotency `key` is in the log as the next
        line, so it was committed (False when there is no key or the database does not answer)."""
        if key is None:
            return False
        try:
            line = await self.store.keyed(match.id, key)
        except Exception as error:  # still unreachable: the move may have been played, and the player is told so
            log.info("could not look whether match %s's move landed: %s", match.id, error)
            return False
        return line is not None and line.n == match.record.version + 1

    @staticmethod
    def next_revision(match: Match, revision: int | None) -> int:
        """The copy's revision after its own write returned `revision`: taken when nothing else changed the match
        meanwhile (exactly one more); otherwise kept, so the next request on a shared store reads it again."""
        return revision if revision is not None and revision == match.record.revision + 1 else match.record.revision

    async def facts(self, match: Match, events: Sequence[Event] = ()) -> dict[str, Any]:
        """The facts of the match's result (`rules.results.Facts` as stored) from its log and `events`, the lines
        about to be committed with its end."""
        lines = [(e.n, e.seat, e.user_id, e.text) for e in await self.store.log(match.id)]
        lines += [(e.n, e.seat, e.user_id, e.text) for e in events]
        return facts_from_log(match.players, [(seat, user, text) for _, seat, user, text in standing(lines)]).to_json()
