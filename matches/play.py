"""A player's requests on a running match (act, resign) and what each may see of a match: legal actions, views,
their matches, the names at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from data import LogEntry
from i18n import _
from matches.computers import computer_name, is_computer
from matches.model import Match, Refusal, Turn
from rules import RESIGN, IllegalAction, NotationError
from rules.base import all_of, player_word

if TYPE_CHECKING:
    from matches.core import MatchCore


class Play:
    """`service.play`: playing and reading matches over the match service's core."""

    def __init__(self, core: MatchCore) -> None:
        self.core = core

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
                if not match.game.colour_seats:
                    raise Refusal(_("It is not your turn in match #{id}: waiting for the other player.",
                                    id=match.id))
                waiting = all_of([match.seat_name(s) for s in match.actors()]) or _("nobody")
                raise Refusal(_("It is not your turn in match #{id}: waiting for {seats}.", id=match.id,
                                seats=waiting))
            try:
                action = match.game.parse(state, text, seat)
            except (NotationError, IllegalAction) as exc:
                raise Refusal.of(exc) from None
            return await self.core.apply(match, seat, user_id, action, key)

    async def resign(self, match_id: int, user_id: int, *, key: str | None = None) -> Turn:
        async with self.core.hold(match_id, key) as match:
            seat = match.playing_seat(user_id)
            return await self.core.apply(match, seat, user_id, RESIGN, key)

    # ---- reading ---------------------------------------------------------------------------------------------
    async def legal_texts(self, match_id: int, user_id: int) -> list[str]:
        """The caller's legal actions in notation (empty when it is not their turn)."""
        match = await self.core.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.actors():
            return []
        return [match.game.notation(match.state, a) for a in match.game.legal_actions(match.state, seat)]

    async def get_visible(self, match_id: int, user_id: int, guild_id: int | None) -> Match:
        """The match, if the caller may look at it from where they are: its own server, or any place when seated.

        Every match number a user types goes through here, so no command shows another server's table (board,
        names, deadline, link) to a stranger. A DM (guild_id None) is "another server" unless the caller is seated.
        """
        match = await self.core.get(match_id)
        seated = user_id in match.user_ids  # invited seats count: their lobby already named them
        if not seated and (match.record.guild_id is None or match.record.guild_id != guild_id):
            raise Refusal(_("Match #{id} belongs to another server; only its players can look at it from here.",
                            id=match_id))
        return match

    async def view_for(self, match_id: int, user_id: int | None) -> tuple[Match, dict[str, Any]]:
        """The match and the view that user may see (public for spectators)."""
        match = await self.core.get(match_id)
        if match.state is None:
            raise Refusal(_("Match #{id} has not started yet.", id=match.id))
        seat = match.seat_of(user_id) if user_id is not None else None
        return match, match.view(seat)

    async def matches_for(self, user_id: int, statuses: Sequence[str] = ("lobby", "active")) -> list[Match]:
        """The user's matches in those states, most recently active first."""
        return [await self.core.get(r.id) for r in await self.core.store.matches_for_user(user_id, statuses)]

    async def log(self, match_id: int) -> list[LogEntry]:
        """The match's log lines 1, 2, … as stored (replays, pages)."""
        return await self.core.store.log(match_id)

    async def user_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The display names last seen of these users (those never seen are left out)."""
        return await self.core.store.users.user_names(user_ids)

    async def names(self, match: Match) -> list[str]:
        """Display names per seat (as last seen), for images."""
        known = await self.core.store.users.user_names(match.user_ids)
        return [known.get(uid) or (computer_name(uid) if is_computer(uid) else player_word(i))
                for i, uid in enumerate(match.user_ids)]
