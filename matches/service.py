"""The match service: lobbies, seats, turns, chance draws and persistence. No discord types.

The bot, the tests and a console all drive matches through `MatchService`; every refusal is a `Refusal` carrying
a message for the user, and nothing changes when one is raised.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from data import Store
from matches.agreements import Agreements
from matches.computers import Computers, computer_name, is_computer
from matches.core import MatchCore
from matches.lobby import LOBBY_TTL, Lobby
from matches.model import Match, Refusal, Turn
from matches.preferences import Preferences
from matches.ratings import Ratings
from matches.sharing import WebLinks
from rules import RESIGN, Game, IllegalAction, NotationError

log = logging.getLogger(__name__)


class MatchService:
    """Runs every match. One instance per process; per-match locks serialise requests for the same match.

    Loading, holding and committing a match is `core` (`matches.core.MatchCore`); lobbies and server settings are
    `lobby` (`matches.lobby.Lobby`); clocks, timeouts and endings by agreement are `agreements`
    (`matches.agreements.Agreements`); notice preferences are `preferences` (`matches.preferences.Preferences`);
    ratings are `ratings` (`matches.ratings.Ratings`); computer seats are `computers` (`matches.computers.Computers`).
    """

    def __init__(self, store: Store, *, rng: Any | None = None, clock: Callable[[], float] = time.time,
                 games: dict[str, Game] | None = None, lobby_ttl: float = LOBBY_TTL, cache_size: int | None = None,
                 core_class: type[MatchCore] = MatchCore) -> None:
        # `core_class`: a variant of the load/hold/commit path (bench/cold_start.py measures an older loading lock).
        self.core = core_class(store, rng=rng, clock=clock, games=games, cache_size=cache_size)
        self.store = store
        self.games = self.core.games
        # Called with every match that ends (finished or aborted), after its commit: tournaments (events/) listen.
        self.on_finish: list[Callable[[Match], Awaitable[None]]] = []
        # The web companion's per-server token and links (WEB_BASE_URL: bot.py sets base_url; matches/sharing.py).
        self.web = WebLinks(store, None, clock)
        self.ratings = Ratings(self.core)
        self.preferences = Preferences(self.core)
        self.lobby = Lobby(self.core, self.ratings, ttl=lobby_ttl)
        self.agreements = Agreements(self.core, self.lobby)
        self.computers = Computers(self.core, self.lobby, self.agreements)
        # After every commit, in this order: a computer to act starts thinking, a finished match is rated, and the
        # end of a match is announced.
        self.core.on_commit += [self.computers.committed, self.ratings.rate_finished, self.announce_finish]
        self.core.busy.append(self.computers.playing)  # a match a computer task plays stays loaded
        self.get = self.core.get
        self.fresh = self.core.fresh
        self.replay = self.core.replay
        self.game = self.core.game
        self.now = self.core.now
        self.settled = self.core.settled
        self.facts = self.core.facts
        self.default_rated = self.ratings.default_rated
        self.rate_finished = self.ratings.rate_finished
        self.rating_changes = self.ratings.rating_changes
        self.rebuild_ratings = self.ratings.rebuild_ratings
        self.leaderboard = self.ratings.leaderboard
        self.profile = self.ratings.profile
        self.notice_settings = self.preferences.notice_settings
        self.set_notices = self.preferences.set_notices
        self.wants_notice = self.preferences.wants_notice
        self.touch_user = self.preferences.touch_user
        self.dm_route = self.preferences.dm_route
        self.remember_dm_channel = self.preferences.remember_dm_channel
        self.dms_closed = self.preferences.dms_closed
        self.create = self.lobby.create
        self.create_seated = self.lobby.create_seated
        self.start_seated = self.lobby.start_seated
        self.set_message = self.lobby.set_message
        self.join = self.lobby.join
        self.leave = self.lobby.leave
        self.start = self.lobby.start
        self.guild_settings = self.lobby.guild_settings
        self.save_guild_settings = self.lobby.save_guild_settings
        self.due = self.agreements.due
        self.next_due = self.agreements.next_due
        self.mark_reminded = self.agreements.mark_reminded
        self.expire_lobby = self.agreements.expire_lobby
        self.timeout = self.agreements.timeout
        self.claim = self.agreements.claim
        self.adjudicate = self.agreements.adjudicate
        self.offer_draw = self.agreements.offer_draw
        self.answer_draw = self.agreements.answer_draw
        self.can_abort = self.agreements.can_abort
        self.abort = self.agreements.abort
        self.rematch = self.agreements.rematch
        self.add_computer = self.computers.add
        self.take_back = self.computers.take_back
        self.computers_to_act = self.computers.to_act
        self.wake_computers = self.computers.wake
        self.resume_computers = self.computers.resume
        self.computers_settled = self.computers.settled
        self.stop_computers = self.computers.stop
        self.on_computer_move = self.computers.on_move  # the same lists: appending to either registers
        self.computer_gates = self.computers.gates

    # ---- the computers' settings, set by the entry points and tests (matches/computers.py) ---------------------
    @property
    def computer_seconds(self) -> float | None:
        return self.computers.seconds

    @computer_seconds.setter
    def computer_seconds(self, seconds: float | None) -> None:
        self.computers.seconds = seconds

    @property
    def computer_workers(self) -> int:
        return self.computers.workers

    @computer_workers.setter
    def computer_workers(self, workers: int) -> None:
        self.computers.workers = workers

    @property
    def computer_iterations(self) -> int | None:
        return self.computers.iterations

    @computer_iterations.setter
    def computer_iterations(self, iterations: int | None) -> None:
        self.computers.iterations = iterations

    @property
    def computer_executor(self) -> Executor | None:
        return self.computers.executor

    @computer_executor.setter
    def computer_executor(self, executor: Executor | None) -> None:
        self.computers.executor = executor

    # ---- play ------------------------------------------------------------------------------------------------
    async def act(self, match_id: int, user_id: int, text: str, *, key: str | None = None) -> Turn:
        """Parse, check and apply a player's action, resolve what follows, commit; then return.

        `key` (the interaction id) makes a retry harmless: a key already applied in this match is refused as
        "already played" and nothing changes, even when the same action would be legal again.
        """
        async with self.core.hold(match_id, key) as match:
            seat = match.playing_seat(user_id)
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
            return await self.core.apply(match, seat, user_id, action, key)

    async def resign(self, match_id: int, user_id: int, *, key: str | None = None) -> Turn:
        async with self.core.hold(match_id, key) as match:
            seat = match.playing_seat(user_id)
            return await self.core.apply(match, seat, user_id, RESIGN, key)

    async def announce_finish(self, match: Match) -> None:
        """Tell every `on_finish` listener that `match` ended (nothing while it runs); the result is committed, so a
        failing listener is logged and never undoes or blocks it (the tournament service also looks again at its
        next start)."""
        if match.status not in ("finished", "aborted"):
            return
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

    async def names(self, match: Match) -> list[str]:
        """Display names per seat (as last seen), for images."""
        known = await self.store.user_names(match.user_ids)
        return [known.get(uid) or (computer_name(uid) if is_computer(uid) else f"Player {i + 1}")
                for i, uid in enumerate(match.user_ids)]
