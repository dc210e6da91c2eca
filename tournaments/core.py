"""What every part of the tournament service works through (`EventCore`): the match service and its store, one lock
per event, reading an event whole, and the compare-and-set write of its sign-up settings."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from i18n import _, option, slash
from matches import MatchService, Refusal
from tournaments.model import Sides, Tournament

ACTIVE = ("signup", "running", "paused")
# How often Start (the sign-ups changed meanwhile) or a pairing (an entrant dropped meanwhile) is read and computed
# again after its compare-and-set failed; another process's changes are rare, so a few tries settle it.
TRIES = 5


class EventCore:
    """One per `TournamentService`, shared by its collaborators: `matches` (games, clock, matches), `store`, `rng`
    (team draws), a lock per event (this process's requests on one event serialise on it; its row in the database
    serialises processes) and the reads of an event."""

    def __init__(self, matches: MatchService, rng: Any | None = None) -> None:
        self.matches = matches
        self.store = matches.store
        self.rng: Any = rng if rng is not None else random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """The event's lock in this process."""
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    def sides(self, game_name: str, players: int, options: dict[str, str]) -> Sides:
        """Seat groups of one match: the game's teams, else one seat per entrant."""
        game = self.matches.game(game_name)
        view = game.view(game.setup(players, options), None)
        teams = game.teams(view)
        return Sides(tuple(tuple(seats) for _, seats in teams) if teams else tuple((s,) for s in range(players)))

    async def get(self, tournament_id: int) -> Tournament:
        record = await self.store.tournaments.get_tournament(tournament_id)
        if record is None:
            raise Refusal(_("There is no tournament #{id}.", id=tournament_id))
        game = self.matches.game(record.game)
        # Read after the event: a round paired since has its tables already; they are left out, so the view is of
        # round `record.round` as a whole (a pairing never sees a later round's tables as its own).
        tables = [t for t in await self.store.tournaments.tables(tournament_id) if t.round <= record.round]
        return Tournament(record, await self.store.tournaments.signups(tournament_id),
                          await self.store.tournaments.entrants(tournament_id), tables, game.title,
                          self.sides(record.game, record.players, record.options))

    async def get_visible(self, tournament_id: int, guild_id: int | None) -> Tournament:
        """The tournament, if it belongs to this server (events are run per server)."""
        event = await self.get(tournament_id)
        if event.record.guild_id != guild_id:
            raise Refusal(_("Tournament #{id} belongs to another server.", id=tournament_id))
        return event

    async def listing(self, guild_id: int | None, statuses: Sequence[str] | None = None) -> list[Tournament]:
        return [await self.get(r.id)
                for r in await self.store.tournaments.tournaments(guild_id=guild_id, statuses=statuses)]

    async def current_for(self, guild_id: int | None, user_id: int | None = None) -> Tournament:
        """This server's running event (the caller's own when several run); a Refusal naming them otherwise."""
        running = await self.listing(guild_id, ACTIVE)
        if user_id is not None:
            mine = [t for t in running if user_id in t.signups or t.entrant_of(user_id) is not None]
            running = mine or running
        if not running:
            raise Refusal(_("No tournament is running on this server; {list} shows past ones.",
                            list=slash("tournament list")))
        if len(running) > 1:
            raise Refusal(_("Several tournaments are running here: give the {option} number ({numbers}).",
                            numbers=", ".join(f"#{t.id}" for t in running[:10]), option=option("tournament")))
        return running[0]

    async def names(self, event: Tournament) -> dict[int, str]:
        users = [u for e in event.entrants for u in e.members] or event.signups
        return event.names(await self.store.users.user_names(users))

    @staticmethod
    def require_organiser(event: Tournament, user_id: int, organiser: bool) -> None:
        """`organiser`: the caller holds Manage Server or the server's organiser role now (the cog checks at each
        action). Having created the event gives no power of its own: a former role holder is refused like anyone."""
        if not organiser:
            raise Refusal(_("Only organisers can do that in tournament #{id}: members with Manage Server or the "
                            "server's organiser role ({role}).", id=event.id, role=slash("settings organiser-role")))

    async def set_signup_settings(self, event: Tournament, settings: dict[str, Any]) -> None:
        """Write the sign-up's settings (check-ins, teams) as a compare-and-set on the ones read: another process's
        change in between is not overwritten (the player presses again on the fresh state)."""
        if not await self.store.tournaments.update_tournament(event.id, expected_status="signup",
                                                              expected_settings=event.record.settings,
                                                              settings=settings, updated_at=self.matches.now()):
            fresh = await self.get(event.id)
            if fresh.status != "signup":
                raise Refusal(_("Tournament #{id} has already started.", id=event.id))
            raise Refusal(_("Tournament #{id}'s sign-up changed at the same moment; press again.", id=event.id))
