"""Vacations (`service.vacations`): a player's days away, counted over a rolling 365 days, and the match clocks they
pause: a match's clock stops while a player on vacation is to move (outside tournaments, and in a tournament whose
organiser allowed it), and when the vacation ends its deadline moves on by the time paused."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from data.vacations import Vacation
from i18n import _, active, ngettext, slash
from matches.computers import is_computer
from matches.model import Match, Refusal

if TYPE_CHECKING:
    from matches.core import MatchCore

log = logging.getLogger(__name__)

DAY = 86_400.0
YEAR = 365 * DAY  # the days are counted over the 365 days before now (rolling), not a calendar year
DEFAULT_DAYS = 14


def days_taken(vacation: Vacation, now: float) -> int:
    """The whole days a vacation counts: as booked while it runs, as used (every day begun) once it ended."""
    end = vacation.until_at if vacation.ended_at is None else vacation.ended_at
    return max(1, math.ceil((min(end, vacation.until_at) - vacation.started_at) / DAY - 1e-9))


@dataclass(frozen=True)
class Status:
    """A player's vacation account: the running vacation (None: not away), the days taken in the last 365 days
    (the running one as booked), the allowance, when the next day comes back (the oldest counted vacation's first
    anniversary; None when none is counted), and the matches whose clocks `begin` or `end` just changed."""

    running: Vacation | None
    taken: int
    allowance: int
    returns_at: float | None
    matches: tuple[int, ...] = ()  # after `begin` the matches it paused, after `end` those it set running again

    @property
    def left(self) -> int:
        return max(0, self.allowance - self.taken)


@dataclass(frozen=True)
class Away:
    """A player to move who is on vacation: their seat, until when, and whether the match's clock waits for them
    (False: a tournament match whose organiser did not allow vacations)."""

    seat: int
    until: float
    paused: bool


class Vacations:
    """Vacations over the match service's core: `allowance` days in any 365 (the operator's
    TABLETOP_VACATION_DAYS, set by the entry point). `committed` is a commit listener: a turn that passes to a player
    on vacation starts paused. `on_resume` listeners get each match whose clock runs again after a vacation ran out
    (the bot edits its board); a failing one is logged."""

    def __init__(self, core: MatchCore, *, allowance: int = DEFAULT_DAYS) -> None:
        self.core = core
        self.allowance = allowance
        self.on_resume: list[Callable[[Match], Awaitable[None]]] = []
        self._allowed: dict[int, bool] = {}  # by match: a tournament's setting is fixed when it is created

    async def allows(self, match: Match) -> bool:
        """Whether a vacation may pause `match`'s clock (`core.pausable`: a commit passing the turn to a player on
        vacation pauses it in the same transaction): always outside tournaments, in one as its organiser set."""
        allowed = self._allowed.get(match.id)
        if allowed is None:
            if len(self._allowed) > 10_000:  # a bound, not a cache policy: the answer is one small read
                self._allowed.clear()
            allowed = self._allowed[match.id] = await self.core.store.vacations.tournament_allows(match.id)
        return allowed

    async def status(self, user_id: int) -> Status:
        now = self.core.now()
        taken = await self.core.store.vacations.since(user_id, now - YEAR)
        running = next((v for v in taken if v.ended_at is None), None)
        return Status(running, sum(days_taken(v, now) for v in taken), self.allowance,
                      taken[0].started_at + YEAR if taken else None)

    async def begin(self, user_id: int, days: int) -> Status:
        """Go on vacation for `days` whole days from now; every clock of the user's matches where they are to move
        stops. Refused (nothing changes) when on vacation already, out of days, or asking for more than is left."""
        if days < 1:
            raise Refusal(_("A vacation lasts at least one day."))
        status = await self.status(user_id)
        if status.running is not None:
            raise Refusal(_("You are on vacation already, until <t:{until}:f>; {off} ends it early (the days not "
                            "begun come back).", until=int(status.running.until_at), off=slash("vacation off")))
        if self.allowance == 0:
            raise Refusal(_("Vacations are switched off on this bot."))
        if status.left == 0:
            used = ngettext("You have used all {n} vacation days of the last 365 days.",
                            "You have used all {n} vacation days of the last 365 days.", self.allowance)
            if status.returns_at:
                used += " " + _("The next day comes back <t:{when}:D>.", when=int(status.returns_at))
            raise Refusal(used)
        if days > status.left:
            raise Refusal(ngettext("You have {n} vacation day left of {allowance} in the last 365 days, not {days}; "
                                   "ask for {n} or fewer.",
                                   "You have {n} vacation days left of {allowance} in the last 365 days, not {days}; "
                                   "ask for {n} or fewer.", status.left, allowance=active().number(self.allowance),
                                   days=active().number(days)))
        now = self.core.now()
        clocked = [await self.core.get(record.id)
                   for record in await self.core.store.matches_for_user(user_id, ("active",)) if record.time_control]
        # The turns it stops as they stand now, paused in the vacation's own transaction (a crash after it loses
        # none of them); then each match is looked at again under its lock, for a move committed meanwhile.
        pauses = []
        for match in clocked:
            since = await self._since(match, {user_id})
            if since is not None:
                pauses.append((match.id, match.record.version, since))
        if await self.core.store.vacations.begin(user_id, now, now + days * DAY, pauses) is None:
            raise Refusal(_("You are on vacation already (just started); {status} shows until when.",
                            status=slash("vacation status")))
        # Written before the matches are looked at again: a move committed meanwhile by another process sees the
        # vacation in its own commit (or commit listener), or is seen here (its new version): no turn left running.
        paused = []
        for match in clocked:
            async with match.lock:
                await self.core.reload_if_changed(match)
                if await self._pause(match, {user_id}):
                    paused.append(match.id)
        return replace(await self.status(user_id), matches=tuple(sorted(paused)))

    async def end(self, user_id: int) -> Status:
        """Come back early: the days not begun return, and every paused clock runs again with the time paused added
        to its deadline. Refused when not on vacation."""
        ended = await self.core.store.vacations.end(user_id, self.core.now())
        if ended is None:
            raise Refusal(_("You are not on vacation; {on} starts one.", on=slash("vacation on", days="<n>")))
        await self._reload(ended.shifted)
        return replace(await self.status(user_id), matches=ended.shifted)

    async def end_due(self) -> list[int]:
        """The scheduler, before it looks at deadlines: end the vacations that ran out (each at its booked end, so
        a late look costs nobody time); the users whose vacation it ended."""
        ended = []
        for user_id in await self.core.store.vacations.ending(self.core.now()):
            result = await self.core.store.vacations.end(user_id, self.core.now())
            if result is not None:  # None: another process (or /vacation off) ended it first
                await self._reload(result.shifted)
                ended.append(user_id)
                for match_id in result.shifted:
                    for listener in list(self.on_resume):
                        try:
                            await listener(await self.core.get(match_id))
                        except Exception:
                            log.exception("a listener of match %s's clock running again failed", match_id)
        return ended

    async def waiting(self, user_id: int) -> list[Match]:
        """The running matches whose clock waits for the user now (on vacation, their turn)."""
        return [await self.core.get(match_id) for match_id in await self.core.store.vacations.waiting(user_id)]

    async def next_end(self) -> float | None:
        return await self.core.store.vacations.next_ending()

    async def committed(self, match: Match) -> None:
        """A commit listener: when the turn passes to a player on vacation, the new turn's clock starts paused. The
        commit itself paused it already (`allows`, `store.append(pause=)`); this closes the race with a vacation
        begun in another process while the commit was under way (`begin` looks at the matches after writing it)."""
        if match.status != "active" or match.record.deadline is None:
            return
        actors = {match.user_at(seat) for seat in match.actors()}
        away = await self.core.store.vacations.running([u for u in actors if not is_computer(u)])
        if away:
            await self._pause(match, set(away))

    async def away(self, match: Match) -> list[Away]:
        """The players to move in `match` who are on vacation, for the board's line (none in an ended match)."""
        if match.status != "active":
            return []
        seats = {match.user_at(seat): seat for seat in match.actors()}
        running = await self.core.store.vacations.running([u for u in seats if not is_computer(u)])
        if not running:
            return []
        paused = await self.core.store.vacations.paused(match.id, match.record.version)
        return [Away(seats[user_id], vacation.until_at, user_id in paused)
                for user_id, vacation in sorted(running.items(), key=lambda item: seats[item[0]])]

    async def _since(self, match: Match, users: set[int]) -> float | None:
        """From when a vacation of one of `users` pauses `match`'s current turn (now, or the turn's start if later):
        None when none of them is to move, the time already ran out, or a tournament's organiser did not allow it."""
        r = match.record
        if match.status != "active" or r.deadline is None or r.overdue or r.deadline <= self.core.now():
            return None
        to_move = {match.user_at(seat) for seat in match.actors()}
        if not users & to_move or not await self.allows(match):
            return None
        return max(self.core.now(), r.turn_started or 0.0)

    async def _pause(self, match: Match, users: set[int]) -> bool:
        """Under the match's lock (or inside its commit): pause its current turn for those of `users` to move,
        unless the time already ran out or a tournament's organiser did not allow it; whether it paused."""
        since = await self._since(match, users)
        if since is None:
            return False
        to_move = {match.user_at(seat) for seat in match.actors()}
        for user_id in sorted(users & to_move):
            await self.core.store.vacations.pause(match.id, user_id, match.record.version, since)
        return True

    async def _reload(self, match_ids: tuple[int, ...]) -> None:
        """Copies held in memory take the shifted deadlines (another process reads the bumped revision)."""
        for match_id in match_ids:
            match = self.core.cache.get(match_id)
            if match is not None:
                async with match.lock:
                    await self.core.reload_if_changed(match)
