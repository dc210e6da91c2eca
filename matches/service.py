"""The match service, the one object the bot, the web, the tournaments, the local table and the tests are given: it
builds the load/hold/commit core and its collaborators, wires the commit listeners, and names their methods.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from data import Store
from matches.agreements import Agreements
from matches.computers import Computers
from matches.consequences import Consequences
from matches.core import MatchCore
from matches.lobby import LOBBY_TTL, Lobby
from matches.play import Play
from matches.preferences import Preferences
from matches.ratings import Ratings
from matches.sharing import WebLinks
from matches.takebacks import Takebacks
from matches.vacation import Vacations
from rules import Game

log = logging.getLogger(__name__)


class MatchService:
    """Runs every match. One instance per process; per-match locks serialise requests for the same match. No discord
    types; every refusal is a `Refusal` carrying a message for the user, and nothing changes when one is raised.

    `core` (`matches.core.MatchCore`) loads, holds and commits matches; its collaborators, each given the core:
    `play` (acting and reading, `matches.play`), `lobby` (lobbies and server settings, `matches.lobby`),
    `agreements` (clocks, timeouts, endings by agreement, `matches.agreements`), `computers` (computer seats,
    `matches.computers`), `ratings` (`matches.ratings`) and `preferences` (notices, DMs, `matches.preferences`).
    The service's own methods are theirs under the names the rest of the code has always called.
    """

    def __init__(self, store: Store, *, rng: Any | None = None, clock: Callable[[], float] = time.time,
                 games: dict[str, Game] | None = None, lobby_ttl: float = LOBBY_TTL, cache_size: int | None = None,
                 core_class: type[MatchCore] = MatchCore) -> None:
        # `core_class`: a variant of the load/hold/commit path (bench/cold_start.py measures an older loading lock).
        self.core = core_class(store, rng=rng, clock=clock, games=games, cache_size=cache_size)
        self.store = store
        self.games = self.core.games
        # The web companion's per-server token and links (WEB_BASE_URL: bot.py sets base_url; matches/sharing.py).
        self.web = WebLinks(store, None, clock)
        self.play = Play(self.core)
        self.ratings = Ratings(self.core)
        self.preferences = Preferences(self.core)
        self.lobby = Lobby(self.core, self.ratings, ttl=lobby_ttl)
        self.agreements = Agreements(self.core, self.lobby)
        self.computers = Computers(self.core, self.lobby, self.agreements)
        self.takebacks = Takebacks(self.core)  # casual matches' takebacks (matches/takebacks.py)
        # What a match's end sets off (its rating, then `on_finish`: tournaments listen), done once, and the sweep
        # that completes it after a crash or an outage (`matches.consequences`).
        self.consequences = Consequences(self.core, self.ratings)
        # Called with every match that ends (finished or aborted), after its commit and its rating; a listener is
        # idempotent (the sweep calls it again after a failure). The same list as `consequences.on_finish`.
        self.on_finish = self.consequences.on_finish
        # After every commit, in this order: a computer to act starts thinking, an ended match's consequences.
        self.core.on_commit += [self.computers.committed, self.consequences.finished]
        # Players away (`/vacation`): a turn passing to one starts paused (`matches.vacation`).
        self.vacations = Vacations(self.core)
        self.core.on_commit.append(self.vacations.committed)
        self.core.pausable = self.vacations.allows  # and the commit itself pauses it: nothing lost to a crash
        self.core.busy.append(self.computers.playing)  # a match a computer task plays stays loaded
        # The names the rest of the code calls: each is the collaborator's own method.
        self.get = self.core.get
        self.fresh = self.core.fresh
        self.replay = self.core.replay
        self.game = self.core.game
        self.now = self.core.now
        self.settled = self.core.settled
        self.facts = self.core.facts
        self.act = self.play.act
        self.resign = self.play.resign
        self.legal_texts = self.play.legal_texts
        self.get_visible = self.play.get_visible
        self.view_for = self.play.view_for
        self.matches_for = self.play.matches_for
        self.names = self.play.names
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
        self.default_rated = self.ratings.default_rated
        self.rate_finished = self.ratings.rate_finished
        self.settle_ended = self.consequences.sweep
        self.unposted_boards = self.consequences.unposted
        self.board_final_posted = self.consequences.posted
        self.ends_waiting = self.consequences.waiting
        self.rating_changes = self.ratings.rating_changes
        self.rebuild_ratings = self.ratings.rebuild_ratings
        self.leaderboard = self.ratings.leaderboard
        self.profile = self.ratings.profile
        self.notice_settings = self.preferences.notice_settings
        self.set_notices = self.preferences.set_notices
        self.wants_notice = self.preferences.wants_notice
        self.touch_user = self.preferences.touch_user
        self.user_locale = self.preferences.user_locale
        self.dm_route = self.preferences.dm_route
        self.remember_dm_channel = self.preferences.remember_dm_channel
        self.dms_closed = self.preferences.dms_closed

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
