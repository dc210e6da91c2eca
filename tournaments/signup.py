"""Sign-up (`SignUp`): joining and leaving an event, its check-in, and the Start that fixes the entrants and pairs
round 1."""

from __future__ import annotations

from i18n import _, slash
from matches import Refusal
from tournaments.core import TRIES, EventCore
from tournaments.model import Tournament
from tournaments.pairing import Pairing
from tournaments.teams import Teams


class SignUp:
    """Joining and leaving during sign-up, the check-in, and the Start. Works through the `EventCore`; the entrants
    at the start come from `Teams`, round 1 from `Pairing`."""

    def __init__(self, core: EventCore, teams: Teams, pairing: Pairing) -> None:
        self.core = core
        self.teams = teams
        self.pairing = pairing

    async def join(self, tournament_id: int, user_id: int) -> Tournament:
        """Sign up. Sign-up changes and Start take the event's lock here and its row in the database (across
        processes): a Join is either before the Start (an entrant) or after it (refused)."""
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            self._signing_up(event, user_id, joining=True)
            closes = event.record.signup_closes
            if closes is not None and self.core.matches.now() > closes:
                raise Refusal(_("Sign-up for tournament #{id} closed {when}.", id=event.id,
                                when=f"<t:{int(closes)}:R>"))
            if not await self.core.store.tournaments.add_signup(event.id, user_id, self.core.matches.now(),
                                                                event.record.max_players):
                self._signing_up(await self.core.get(tournament_id), user_id, joining=True)  # changed meanwhile: why
                raise Refusal(_("Tournament #{id} is full ({n} players).", id=event.id, n=event.record.max_players))
        return await self.core.get(tournament_id)

    @staticmethod
    def _signing_up(event: Tournament, user_id: int, *, joining: bool) -> None:
        """Refuse a Join or a Leave that the event's state rules out."""
        if event.status != "signup":
            raise Refusal(_("Tournament #{id} has already started: sign-up is closed.", id=event.id) if joining else
                          _("Tournament #{id} has started: use {drop} to withdraw.", id=event.id,
                            drop=slash("tournament drop")))
        if joining and user_id in event.signups:
            raise Refusal(_("You are already signed up for tournament #{id}.", id=event.id))
        if not joining and user_id not in event.signups:
            raise Refusal(_("You are not signed up for tournament #{id}.", id=event.id))

    async def open_checkin(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        """Open the check-in: from now on only players who press **Check in** are in the event when it starts."""
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            self.core.require_organiser(event, user_id, organiser)
            if event.status != "signup":
                raise Refusal(_("Tournament #{id} has already started.", id=event.id))
            if "checkin" in event.record.settings:
                raise Refusal(_("Check-in for tournament #{id} is already open.", id=event.id))
            await self.core.set_signup_settings(event, {**event.record.settings, "checkin": []})
        return await self.core.get(tournament_id)

    async def check_in(self, tournament_id: int, user_id: int) -> Tournament:
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            checked = event.record.settings.get("checkin")
            if event.status != "signup":
                raise Refusal(_("Tournament #{id} has already started.", id=event.id))
            if checked is None:
                raise Refusal(_("Check-in for tournament #{id} is not open yet.", id=event.id))
            if user_id not in event.signups:
                raise Refusal(_("You are not signed up for tournament #{id}: press Join first.", id=event.id))
            if user_id in checked:
                raise Refusal(_("You have already checked in to tournament #{id}.", id=event.id))
            await self.core.set_signup_settings(event, {**event.record.settings, "checkin": [*checked, user_id]})
        return await self.core.get(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Withdraw during sign-up: before the Start (not an entrant) or after it (refused), as `join`."""
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            self._signing_up(event, user_id, joining=False)
            if not await self.core.store.tournaments.remove_signup(event.id, user_id):
                self._signing_up(await self.core.get(tournament_id), user_id, joining=False)
                raise Refusal(_("You are not signed up for tournament #{id}.", id=event.id))
        return await self.core.get(tournament_id)

    async def start(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        """Fix the entrants from the sign-ups and pair round 1. Sign-up changes take the same lock (and row), and
        the entrants are written only if the sign-ups are still those they were made from: a Join or Leave of
        another process in between is read again, never lost."""
        async with self.core.lock(tournament_id):
            for _attempt in range(TRIES):
                event = await self.core.get(tournament_id)
                self.core.require_organiser(event, user_id, organiser)
                if event.status != "signup":
                    raise Refusal(_("Tournament #{id} has already started.", id=event.id))
                rows = await self._entrant_rows(event)
                if await self.core.store.tournaments.start_tournament(event.id, rows, self.core.matches.now(),
                                                                      signups=event.signups,
                                                                      settings=event.record.settings):
                    break
            else:
                raise Refusal(_("Tournament #{id}'s sign-ups kept changing; press Start again.", id=tournament_id))
        await self.pairing.advance(tournament_id)
        return await self.core.get(tournament_id)

    async def _entrant_rows(self, event: Tournament) -> list[tuple[int, tuple[int, ...], float]]:
        """The entrants the sign-ups (and check-ins) make now, or a Refusal saying why the event cannot start."""
        size = event.sides.team_size
        players = event.signups
        checked = event.record.settings.get("checkin")
        if checked is not None:  # with a check-in, those who did not check in are not in the event
            players = [p for p in players if p in checked]
        if len(players) < 2 * size:
            raise Refusal(_("Tournament #{id} needs at least {least} players to start; {n} signed up.", id=event.id,
                            least=2 * size, n=len(players)) if checked is None else
                          _("Tournament #{id} needs at least {least} players to start; {n} checked in.", id=event.id,
                            least=2 * size, n=len(players)))
        if len(players) // size < event.sides.per_table:
            raise Refusal(_("Tournament #{id} plays {sides} sides per match and has {n}: at least {least} players "
                            "are needed.", id=event.id, sides=event.sides.per_table, n=len(players) // size,
                            least=event.sides.per_table * size))
        if size > 1 and not event.per_round and len(players) % size:  # per round: the rest sit out
            raise Refusal(_("{n} players do not split into teams of {size}: {more} more (or {fewer} fewer) needed.",
                            n=len(players), size=size, more=size - len(players) % size, fewer=len(players) % size))
        known = await self.core.store.tournaments.ratings_for(event.record.game, players)  # the ratings table exists
        return self.teams.entrant_rows(event, players, known)
