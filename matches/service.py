"""The match service: lobbies, seats, turns, chance draws and persistence. No discord types.

The bot, the tests and a console all drive matches through `MatchService`; every refusal is a `Refusal` carrying
a message for the user, and nothing changes when one is raised.
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
from typing import Any

from data import Appended, CommitUnknown, Duplicate, GuildSettings, Lease, StaleWrite, Store
from matches import dice
from matches.agreements import TIMEOUT_RULES, Agreements
from matches.cache import MatchCache, lock_in_use
from matches.computers import Computers, computer_name, is_computer
from matches.lobby import LOBBY_TTL, Lobby
from matches.model import Event, Match, Refusal, Turn
from matches.preferences import Preferences
from matches.ratings import Ratings
from matches.sharing import WebLinks
from rules import GAMES, RESIGN, Action, Game, IllegalAction, NotationError, State
from rules.base import quote
from rules.replay import replay
from rules.results import BY_RULES, ENDED_KEY, FORFEIT_KEY, facts_from_log
from settings import DEFAULTS

log = logging.getLogger(__name__)


class MatchService(Lobby, Preferences, Agreements, Ratings, Computers):
    """Runs every match. One instance per process; per-match locks serialise requests for the same match.

    Lobbies come from `matches.lobby.Lobby`; clocks, timeouts and endings by agreement from
    `matches.agreements.Agreements`; notice preferences from `matches.preferences.Preferences`; rating updates from
    `matches.ratings.Ratings`.
    """

    def __init__(self, store: Store, *, rng: Any | None = None, clock: Callable[[], float] = time.time,
                 games: dict[str, Game] | None = None, lobby_ttl: float = LOBBY_TTL,
                 cache_size: int | None = None) -> None:
        self.store = store
        self.games = games if games is not None else GAMES
        self.lobby_ttl = lobby_ttl
        self._rng = rng if rng is not None else secrets.SystemRandom()
        self._clock = clock
        # Loaded matches, bounded (`TABLETOP_MATCH_CACHE`): only idle ones are evicted, and reloaded when asked for.
        self._cache = MatchCache(cache_size if cache_size is not None else DEFAULTS.match_cache, self._in_use)
        # One lock per match being read, not one for the service: after a restart the first requests for many
        # matches load side by side, and simultaneous first requests for one match read it once (weak: a lock
        # lives only while someone loads through it).
        self._load_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Called with every match that ends (finished or aborted), after its commit: tournaments (events/) listen.
        self.on_finish: list[Callable[[Match], Awaitable[None]]] = []
        # The web companion's per-server token and links (WEB_BASE_URL: bot.py sets base_url; matches/sharing.py).
        self.web = WebLinks(store, None, clock)
        self._init_computers()  # computer seats (matches/computers.py)

    async def settled(self, timeout: float) -> bool:
        """Wait, at most `timeout` seconds, until no loaded match is in use (shutdown: a request under way commits
        before the store closes). Whether it settled."""
        deadline = time.monotonic() + timeout
        while any(lock_in_use(match) for match in self._cache.loaded()):
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    # ---- loading ----------------------------------------------------------------------------------------------
    def _in_use(self, match: Match) -> bool:
        """Not to be evicted: a request holds or awaits its lock, or a computer task is playing it."""
        task = self._thinking.get(match.id)
        return lock_in_use(match) or (task is not None and not task.done())

    async def get(self, match_id: int) -> Match:
        """The match, from the cache when loaded before.

        When the store is shared (PostgreSQL: other processes write the same matches), a cached match is first
        checked against `store.revision` (one primary-key read) and reloaded when anything changed it since; on
        SQLite (one process owns the file) a cached match is returned without a query. See `_current`.
        """
        match = self._cache.get(match_id)
        if match is not None:
            if self.store.shared:
                await self._current(match)
            return match
        return await self._loaded(match_id)

    async def fresh(self, match_id: int) -> Match:
        """The match as the database has it now, even on SQLite written by another process (a web process of its
        own reads the bot's file): the cached copy is checked against the stored revision, as on PostgreSQL."""
        match = await self._loaded(match_id)
        await self._current(match)
        return match

    async def _loaded(self, match_id: int) -> Match:
        """The match from the cache or the store, without checking a cached copy's revision."""
        match = self._cache.get(match_id)
        if match is not None:
            return match
        lock = self._load_locks.get(match_id)
        if lock is None:
            lock = self._load_locks[match_id] = asyncio.Lock()
        async with lock:
            match = self._cache.get(match_id)
            if match is None:
                match = await self._load(match_id)
                self._cache[match_id] = match
        return match

    async def _load(self, match_id: int) -> Match:
        loaded = await self.store.load_match(match_id)  # the match and its seats: one read
        if loaded is None:
            raise Refusal(f"There is no match #{match_id}.")
        record, seats = loaded
        game = self.games.get(record.game)
        if game is None:
            raise Refusal(f"Match #{match_id} is a {record.game} match, which this bot no longer hosts.")
        state = game.from_json(record.state) if record.state is not None else None
        return Match(record, seats, game, state)

    async def _current(self, match: Match) -> None:
        """Reload `match` if its stored revision differs from the copy's (another process wrote, or this one
        wrote without knowing the new revision), under the match's lock: the state never changes under a request.

        A match whose lock is held is left as it is: its holder may be the very caller (a listener called from
        inside a commit), which must not wait for itself. Requests that take the lock check again inside it
        (`_hold`), and every write is a compare-and-set that reloads and refuses on a stale copy (`StaleWrite`).
        """
        if match.lock.locked():
            return
        async with match.lock:
            await self._reload_if_changed(match)

    async def _reload_if_changed(self, match: Match) -> None:
        """Under the lock: the one revision read, and a reload only when it differs."""
        if await self.store.revision(match.id) != match.record.revision:
            await self._refresh(match)

    @asynccontextmanager
    async def _hold(self, match_id: int, key: str | None = None) -> AsyncIterator[Match]:
        """The match under its lock, current, and a request with idempotency `key` refused if already applied
        (`_unused`). On a shared store the revision and the key are checked inside the lock in one read (no other
        process's write between the check and this request's own compare-and-set goes unnoticed: that write fails
        as StaleWrite)."""
        match = await self._loaded(match_id)
        async with match.lock:
            if self.store.shared:
                revision, done = await self.store.revision_and_key(match.id, key)
                if revision != match.record.revision:
                    await self._refresh(match)
                if done is not None:
                    raise self._applied(match, done)
            else:
                await self._unused(match, key)
            yield match

    async def _refresh(self, match: Match) -> None:
        fresh = await self._load(match.id)
        match.record, match.seats, match.state = fresh.record, fresh.seats, fresh.state
        match.moved = None  # another process may have moved: look again when asked

    async def replay(self, match_id: int) -> State:
        """Rebuild a match's state from its setup and its log alone (what recovery and audits rely on)."""
        match = await self.get(match_id)
        entries = [(e.seat, e.text) for e in await self.store.log(match_id)]
        return replay(match.game, match.players, match.record.options, entries)

    # ---- games and server settings ----------------------------------------------------------------------------
    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            raise Refusal(f"Unknown game {quote(name)}; games: {', '.join(sorted(self.games))}.") from None

    async def touch_user(self, user_id: int, name: str) -> None:
        await self.store.touch_user(user_id, name)

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        return await self.store.guild_settings(guild_id) if guild_id is not None else GuildSettings(0)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        unknown = set(settings.disabled_games) - set(self.games)
        if unknown:
            raise Refusal(f"Unknown game {', '.join(quote(u) for u in sorted(unknown))}; "
                          f"games: {', '.join(sorted(self.games))}.")
        if settings.timeout_rule not in TIMEOUT_RULES:
            raise Refusal(f"The timeout rule is {' or '.join(TIMEOUT_RULES)}.")
        await self.store.put_guild_settings(settings)

    def now(self) -> float:
        return self._clock()

    # ---- play ------------------------------------------------------------------------------------------------
    def _seat(self, match: Match, user_id: int) -> int:
        if match.status == "lobby":
            raise Refusal(f"Match #{match.id} has not started yet.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise Refusal(f"You are not playing in match #{match.id}.")
        if match.status != "active" or match.outcome() is not None:
            raise Refusal(f"Match #{match.id} is over.")
        return seat

    async def act(self, match_id: int, user_id: int, text: str, *, key: str | None = None) -> Turn:
        """Parse, check and apply a player's action, resolve what follows, commit; then return.

        `key` (the interaction id) makes a retry harmless: a key already applied in this match is refused as
        "already played" and nothing changes, even when the same action would be legal again.
        """
        async with self._hold(match_id, key) as match:
            seat = self._seat(match, user_id)
            state = match.state
            if seat not in match.game.actors(state):
                # Seats that are no colour (Sakamichi's P1 is notation) are the other player to the one asking.
                waiting = [match.seat_name(s) if match.game.colour_seats else "the other player"
                           for s in match.actors()]
                raise Refusal(f"It is not your turn in match #{match.id}: waiting for "
                              f"{' and '.join(waiting) or 'nobody'}.")
            try:
                action = match.game.parse(state, text, seat)
            except (NotationError, IllegalAction) as exc:
                raise Refusal.of(exc) from None
            return await self._play(match, seat, user_id, action, key)

    async def resign(self, match_id: int, user_id: int, *, key: str | None = None) -> Turn:
        async with self._hold(match_id, key) as match:
            seat = self._seat(match, user_id)
            return await self._play(match, seat, user_id, RESIGN, key)

    async def _unused(self, match: Match, key: str | None) -> None:
        """Refuse a request whose idempotency key was already applied in this match (a retry, a second click)."""
        if key is None:
            return
        done = await self.store.keyed(match.id, key)
        if done is not None:
            raise self._applied(match, done.n)

    @staticmethod
    def _applied(match: Match, line: int) -> Refusal:
        return Refusal(f"Already played: this request was applied once, as line {line} of match #{match.id}; it is "
                       "not applied again.")

    async def _play(self, match: Match, seat: int, user_id: int, action: Action, key: str | None = None) -> Turn:
        game, state = match.game, match.state
        try:
            after = game.apply(state, action, seat)
        except IllegalAction as exc:
            raise Refusal.of(exc) from None
        first = self._event(game, state, action, after, match.record.version + 1, seat, user_id, "action")
        events, after = self._resolve(match, after, match.record.version + 1)
        await self._commit(match, after, [first, *events], key=key)
        return Turn(match, [first, *events])

    def _event(self, game: Game, before: State, action: Action, after: State, n: int, seat: int | None,
               user_id: int | None, kind: str) -> Event:
        public = game.log_text(before, action, None)
        return Event(n, seat, user_id, game.notation(before, action), public, game.describe(before, action, after),
                     kind)

    def _resolve(self, match: Match, state: State, version: int,
                 seed: bytes | None = None) -> tuple[list[Event], State]:
        """Draw chance outcomes and apply server-made actions until a player must act or the game ends.

        The outcome for log line n is drawn from the match's seed at position n (`matches.dice`); matches
        started before verifiable dice have no seed and keep drawing from the service's generator.
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

    def _new_seed(self) -> bytes:
        """A match's secret dice seed, from the service's generator (`secrets.SystemRandom` in production)."""
        return self._rng.getrandbits(8 * dice.SEED_BYTES).to_bytes(dice.SEED_BYTES, "big")

    def _draw(self, chances: list[tuple[Action, float]], seed: bytes | None, match_id: int, n: int) -> Action:
        if seed is not None:
            return chances[dice.pick([p for _, p in chances], seed, match_id, n)][0]
        point = self._rng.random() * sum(p for _, p in chances)
        for action, p in chances:
            point -= p
            if point < 0:
                return action
        return chances[-1][0]

    async def _commit(self, match: Match, state: State, events: list[Event], seats: Sequence[int] | None = None,
                      key: str | None = None, seat_draw: str | None = None, seed: bytes | None = None,
                      forfeit: Sequence[int] = (), fence: Lease | None = None) -> None:
        """Store `state` after `events`; `forfeit`: seats that resigned by running out of time (so the result says
        so, not "resigned"); `fence`: the scheduler's lease, when it acts on a deadline."""
        ended = match.game.outcome(state)
        status = "finished" if ended is not None else "active"
        outcome = None
        if ended is not None:  # the result with its facts (rules/results.py): who moved, resigned, ran out of time
            outcome = ended.to_json() | await self.facts(match, events) | {ENDED_KEY: BY_RULES}
            if forfeit:
                outcome[FORFEIT_KEY] = sorted(forfeit)
        snapshot = match.game.to_json(state)
        now = self._clock()
        tc = match.record.time_control
        deadline = now + tc if status == "active" and tc else None
        users = list(seats) if seats is not None else match.user_ids
        computer_turn = ended is None and any(is_computer(users[s]) for s in match.game.actors(state))
        try:
            appended = await self.store.append(
                match.id, expected_version=match.record.version,
                expected_status="lobby" if seats is not None else "active",  # only a start fixes the seats
                entries=[(e.seat, e.user_id, e.text) for e in events], state=snapshot,
                status=status, outcome=outcome, now=now, seats=seats,
                deadline=deadline, key=key, seat_draw=seat_draw, seed=seed.hex() if seed else None,
                commitment=dice.commitment(seed) if seed else None, computer_turn=computer_turn, fence=fence)
        except CommitUnknown:
            # The answer to the commit was lost: the request's key says whether it landed, if the database answers.
            if not await self._landed(match, key):
                match.record = replace(match.record, revision=-1)  # not known: the next request reads it again
                raise
            appended = Appended(match.record.version + len(events), -1)
        except StaleWrite:
            await self._refresh(match)
            raise Refusal(f"Match #{match.id} changed while you were acting; look at the board and try again.") \
                from None
        except Duplicate:  # the same key was applied by another process between our check and this write
            await self._refresh(match)
            raise Refusal(f"Already played: this request was applied once in match #{match.id}; "
                          "it is not applied again.") from None
        match.state = state
        if match.moved is not None:
            match.moved.update(e.seat for e in events if e.user_id is not None and e.seat is not None)
        match.record = replace(match.record, version=appended.version, status=status,
                               outcome=outcome, state=snapshot, turn_started=now,
                               deadline=deadline, reminders=0, overdue=False, expires_at=None, draw_offer=(),
                               revision=self._next_revision(match, appended.revision))
        if seed is not None:
            match.record = replace(match.record, seed=seed.hex(), commitment=dice.commitment(seed))
        if seats is not None:
            match.seats = await self.store.seats(match.id)
        self.wake_computers(match)  # a computer to act now thinks in the background (matches/computers.py)
        if status == "finished":
            await self.rate_finished(match)  # once per match, recorded; never raises (matches/ratings.py)
            await self.announce_finish(match)

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
    def _next_revision(match: Match, revision: int | None) -> int:
        """The copy's revision after its own write returned `revision`: taken when nothing else changed the match
        meanwhile (exactly one more); otherwise kept, so the next request on a shared store reads it again."""
        return revision if revision is not None and revision == match.record.revision + 1 else match.record.revision

    async def facts(self, match: Match, events: Sequence[Event] = ()) -> dict[str, Any]:
        """The facts of the match's result (`rules.results.Facts` as stored) from its log and `events`, the lines
        about to be committed with its end."""
        lines = [(e.seat, e.user_id, e.text) for e in await self.store.log(match.id)]
        lines += [(e.seat, e.user_id, e.text) for e in events]
        return facts_from_log(match.players, lines).to_json()

    async def announce_finish(self, match: Match) -> None:
        """Tell every `on_finish` listener that `match` ended; the result is committed, so a failing listener is
        logged and never undoes or blocks it (the tournament service also looks again at its next start)."""
        for listener in list(self.on_finish):
            try:
                await listener(match)
            except Exception:
                log.exception("a listener of match %s's end failed", match.id)

    # ---- reading ---------------------------------------------------------------------------------------------
    async def legal_texts(self, match_id: int, user_id: int) -> list[str]:
        """The caller's legal actions in notation (empty when it is not their turn)."""
        match = await self.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.actors():
            return []
        return [match.game.notation(match.state, a) for a in match.game.legal_actions(match.state, seat)]

    async def get_visible(self, match_id: int, user_id: int, guild_id: int | None) -> Match:
        """The match, if the caller may look at it from where they are: its own server, or any place when seated.

        Every match number a user types goes through here, so no command shows another server's table (board,
        names, deadline, link) to a stranger. A DM (guild_id None) is "another server" unless the caller is seated.
        """
        match = await self.get(match_id)
        seated = user_id in match.user_ids  # invited seats count: their lobby already named them
        if not seated and (match.record.guild_id is None or match.record.guild_id != guild_id):
            raise Refusal(f"Match #{match_id} belongs to another server; only its players can look at it from here.")
        return match

    async def view_for(self, match_id: int, user_id: int | None) -> tuple[Match, dict[str, Any]]:
        """The match and the view that user may see (public for spectators)."""
        match = await self.get(match_id)
        if match.state is None:
            raise Refusal(f"Match #{match.id} has not started yet.")
        seat = match.seat_of(user_id) if user_id is not None else None
        return match, match.view(seat)

    async def matches_for(self, user_id: int, statuses: Sequence[str] = ("lobby", "active")) -> list[Match]:
        """The user's matches in those states, most recently active first."""
        return [await self.get(r.id) for r in await self.store.matches_for_user(user_id, statuses)]

    async def dm_route(self, user_id: int) -> tuple[bool, int | None]:
        """Whether DMs are worth trying (unknown users: yes; closed until the user uses a command again) and the
        user's DM channel if one was opened, in one read."""
        record = await self.store.get_user(user_id)
        return (True, None) if record is None else (record.dm_open, record.dm_channel)

    async def remember_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        await self.store.set_dm_channel(user_id, channel_id)

    async def dms_closed(self, user_id: int) -> None:
        await self.store.set_dm_open(user_id, False)

    async def names(self, match: Match) -> list[str]:
        """Display names per seat (as last seen), for images."""
        known = await self.store.user_names(match.user_ids)
        return [known.get(uid) or (computer_name(uid) if is_computer(uid) else f"Player {i + 1}")
                for i, uid in enumerate(match.user_ids)]
