"""The clock and the table's agreements: reminders, timeouts, claims, lobby expiry, draws, aborts, adjudications and
rematches; every ending outside the game's rules (`Agreements.end_by_agreement`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from data import Duplicate, Lease
from i18n import _, pgettext
from matches.model import Event, Match, Refusal, Turn
from rules import RESIGN, Action, Outcome, State
from rules.outcomes import ABORTED_EARLY, DRAW_AGREED, LOBBY_EXPIRED, NOBODY_MOVED
from rules.outcomes import ADJUDICATED as ADJUDICATED_REASON
from rules.results import ABORTED, ADJUDICATED, AGREED, ENDED_KEY

if TYPE_CHECKING:
    from matches.core import MatchCore
    from matches.lobby import Lobby

TIMEOUT_RULES = ("claim", "forfeit")


# An event's words, made where it is shown (`matches.model.Event`).
def timed_out() -> str:
    # Translators: a match log's line where a player's time ran out.
    return pgettext("log line", "timeout")


def unanswered(describe: Callable[[State, Action, State], str], state: State, action: Action, after: State) -> str:
    return _("no answer in time: {action}", action=describe(state, action, after))


def out_of_time(seat_name: Callable[[State, int], str], state: State, seat: int) -> str:
    return _("{seat} ran out of time and forfeits", seat=seat_name(state, seat))


class Agreements:
    """`service.agreements`: what the clock and the players decide beside the moves, over the match service's core;
    `lobby` expires lobbies and opens rematches."""

    def __init__(self, core: MatchCore, lobby: Lobby) -> None:
        self.core = core
        self.lobby = lobby

    # ---- the clock: reminders, timeouts, lobby expiry ------------------------------------------------------------
    async def due(self) -> list[tuple[str, Match]]:
        """What the scheduler must do now: ("expire" | "remind" | "timeout", match), in match order."""
        now = self.core.now()
        work: list[tuple[str, Match]] = []
        for record in await self.core.store.due_matches(now):
            match = await self.core.get(record.id)
            if match.record.revision != record.revision:  # a copy older (or newer) than what the store says is due
                async with match.lock:  # never swap the state under a request that is committing
                    await self.core.refresh(match)
            r = match.record
            if r.status == "lobby":
                work.append(("expire", match))
            elif r.deadline is not None and r.deadline <= now:
                work.append(("timeout", match))
            elif r.deadline is not None:
                work.append(("remind", match))
        return work

    async def next_due(self) -> float | None:
        return await self.core.store.next_due()

    async def mark_reminded(self, match: Match, *, fence: Lease | None = None) -> int | None:
        """Record that the player to move is being reminded; returns which reminder this is (1: half, 2: 90 %).

        None when no reminder is due any more: a move committed since the scheduler looked (the new turn's clock
        has just started) or this reminder was already sent. Checked under the match lock and written as a
        compare-and-set on the turn, so a reminder never lands on the next turn. `fence`: the scheduler's lease
        (`data.Fenced` if another process leads now; this section's other clock methods take it too).
        """
        async with match.lock:
            r = match.record
            if match.status != "active" or r.deadline is None or r.turn_started is None or r.overdue:
                return None
            elapsed = (self.core.now() - r.turn_started) / max(r.deadline - r.turn_started, 1e-9)
            count = 2 if elapsed >= 0.9 else 1 if elapsed >= 0.5 else 0
            if count <= r.reminders:
                return None
            if not await self.core.store.set_reminders(match.id, version=r.version, count=count, fence=fence):
                await self.core.refresh(match)  # another process moved or reminded first
                return None
            match.record = replace(r, reminders=count)
            return count

    async def expire_lobby(self, match_id: int, *, fence: Lease | None = None) -> Match:
        match = await self.core.get(match_id)
        async with match.lock:
            self.lobby.require_lobby(match)
            await self.end_by_agreement(match, "aborted", LOBBY_EXPIRED, fence=fence)
            return match

    async def timeout(self, match_id: int, *, fence: Lease | None = None) -> Turn | None:
        """A deadline passed: forfeit the late seats, or (rule "claim") let the others claim the win.

        Returns the turn for a forfeit or an abort; a turn without events when this call left the match waiting
        for a claim; None when there was nothing to do (not late after all, or already handled: by this process or
        by another, a leader before this one), so a deadline is announced once.
        """
        match = await self.core.get(match_id)
        async with match.lock:
            r = match.record
            if match.status != "active" or r.deadline is None or r.deadline > self.core.now() or r.overdue:
                return None
            late = match.actors()
            defaults = [(seat, match.game.timeout_action(match.state, seat)) for seat in late]
            if late and all(action is not None for _, action in defaults):
                return await self._default_actions(match, defaults, fence=fence)
            if len(late) >= match.players:
                await self.end_by_agreement(match, "aborted", NOBODY_MOVED, fence=fence)
                return Turn(match, [])
            if r.timeout_rule == "forfeit":
                return await self._forfeit(match, late, fence=fence)
            await self._update(match, fence=fence, overdue=1)
            match.record = replace(r, overdue=True)
            return Turn(match, [])

    async def claim(self, match_id: int, user_id: int, *, key: str | None = None) -> Turn:
        """An opponent claims the win over a player whose time ran out (rule "claim")."""
        match = await self.core.get(match_id)
        async with match.lock:
            await self.core.unused(match, key)
            seat = match.playing_seat(user_id)
            late = match.actors()
            if not match.record.overdue:
                raise Refusal(_("Nobody in match #{id} is out of time.", id=match.id))
            if seat in late:
                raise Refusal(_("You are the one out of time: make your move instead."))
            return await self._forfeit(match, late, key)

    async def _default_actions(self, match: Match, defaults: Sequence[tuple[int, Action | None]], *,
                               fence: Lease | None = None) -> Turn:
        """Apply what the rules do for late seats (e.g. an unanswered question counts as "no")."""
        game, state = match.game, match.state
        events: list[Event] = []
        version = match.record.version
        for seat, action in defaults:
            after = game.apply(state, action, seat)
            version += 1
            events.append(Event(version, seat, None, game.notation(state, action),
                                partial(game.log_text, state, action, None),
                                partial(unanswered, game.describe, state, action, after), "timeout"))
            state = after
        more, state = self.core.resolve(match, state, version)
        await self.core.commit(match, state, [*events, *more], fence=fence)
        return Turn(match, [*events, *more])

    async def _forfeit(self, match: Match, late: Sequence[int], key: str | None = None, *,
                       fence: Lease | None = None) -> Turn:
        game, state = match.game, match.state
        events: list[Event] = []
        version = match.record.version
        forfeited = []
        for seat in late:
            if game.outcome(state) is not None:
                break
            after = game.apply(state, RESIGN, seat)
            version += 1
            events.append(Event(version, seat, None, game.notation(state, RESIGN), timed_out,
                                partial(out_of_time, game.seat_name, state, seat), "timeout"))
            forfeited.append(seat)
            state = after
        more, state = self.core.resolve(match, state, version)
        await self.core.commit(match, state, [*events, *more], key=key, forfeit=forfeited, fence=fence)
        return Turn(match, [*events, *more])

    # ---- ending by agreement, rematch ----------------------------------------------------------------------------
    async def _update(self, match: Match, *, fence: Lease | None = None, **fields: Any) -> None:
        """Write agreement or clock fields only if no move was committed and the status did not change since this
        process looked (compare-and-set); otherwise reload and refuse, and nothing changes."""
        if not await self.core.store.update_match(match.id, expected_version=match.record.version,
                                             expected_status=match.status, fence=fence, **fields):
            await self.core.refresh(match)
            raise Refusal(_("Match #{id} changed at the same moment; look at it and try again.", id=match.id))

    async def end_by_agreement(self, match: Match, status: str, reason: str, winners: Sequence[int] = (),
                                ended: str | None = None, *, fence: Lease | None = None) -> None:
        """End the match outside the game's rules: drawn by agreement ("finished") or aborted ("aborted"), or
        decided by a tournament's organiser (`ended` ADJUDICATED, with its `winners`)."""
        ended = ended or (AGREED if status == "finished" else ABORTED)
        facts = await self.core.facts(match)
        outcome = Outcome(frozenset(winners), None, reason).to_json() | facts | {ENDED_KEY: ended}
        await self._update(match, fence=fence, status=status, outcome=outcome, deadline=None, draw_offer=None,
                           expires_at=None, updated_at=self.core.now())
        match.record = replace(match.record, status=status, outcome=outcome, deadline=None, draw_offer=(),
                               expires_at=None)
        # The same listeners as after a commit: an agreed draw (an adjudication) is rated as the result model says, an
        # abort never; either end is announced.
        await self.core.committed(match)

    async def adjudicate(self, match_id: int, winners: Sequence[int] | None,
                         reason: str = ADJUDICATED_REASON) -> bool:
        """A tournament's organiser decides a running match: `winners` (seats; empty for a draw) finish it, None is a
        double forfeit (aborted: nobody's result). The result model reads it like any ending, so the event and the
        ratings agree. `reason`: who decided, in `rules.outcomes`'s words (the computer at a round's deadline).
        False if the match is not running (any more)."""
        match = await self.core.get(match_id)
        async with match.lock:
            if match.status != "active":
                return False
            if winners is None:
                await self.end_by_agreement(match, "aborted", reason, ended=ABORTED)
            else:
                await self.end_by_agreement(match, "finished", reason, winners, ADJUDICATED)
            return True

    async def offer_draw(self, match_id: int, user_id: int) -> Match:
        match = await self.core.get(match_id)
        async with match.lock:
            match.playing_seat(user_id)
            if len([u for u in match.user_ids if u >= 0]) < 2:  # computers (negative ids) never agree to a draw
                raise Refusal(_("The computer in match #{id} does not take draws: play on or resign.", id=match.id))
            if user_id in match.record.draw_offer:
                raise Refusal(_("You have already offered a draw; it stands until the next move."))
            agreed = (*match.record.draw_offer, user_id)
            await self._set_draw(match, agreed)
            return match

    async def answer_draw(self, match_id: int, user_id: int, accept: bool) -> Match:
        """Accept (the match is drawn once every player agrees) or decline (the offer is withdrawn)."""
        match = await self.core.get(match_id)
        async with match.lock:
            match.playing_seat(user_id)
            offer = match.record.draw_offer
            if not offer:
                raise Refusal(_("There is no draw offer in match #{id} (it lapses with the next move).", id=match.id))
            if not accept:
                await self._set_draw(match, ())
                return match
            if user_id in offer:
                raise Refusal(_("You already agreed; waiting for the others."))
            agreed = (*offer, user_id)
            if set(agreed) >= {u for u in match.user_ids if u >= 0}:  # the humans' agreement; computers never ask
                await self.end_by_agreement(match, "finished", DRAW_AGREED)
            else:
                await self._set_draw(match, agreed)
            return match

    async def _set_draw(self, match: Match, agreed: tuple[int, ...]) -> None:
        await self._update(match, draw_offer=list(agreed) or None)
        match.record = replace(match.record, draw_offer=agreed)

    async def can_abort(self, match: Match) -> bool:
        """A match may be aborted until every player has made a first move; a tournament's never (the opponent
        would lose their game: resign instead)."""
        if match.status != "active" or await self.core.store.tournaments.table_of_match(match.id) is not None:
            return False
        if match.moved is None:  # looked up once per load; `MatchCore.commit` adds the seats of each later move
            match.moved = await self.core.store.moved_seats(match.id, match.players)
        return len(match.moved) < match.players

    async def abort(self, match_id: int, user_id: int) -> Match:
        match = await self.core.get(match_id)
        async with match.lock:
            match.playing_seat(user_id)
            if await self.core.store.tournaments.table_of_match(match.id) is not None:
                raise Refusal(_("Match #{id} is a tournament match: it cannot be aborted (offer a draw or resign "
                                "instead).", id=match.id))
            if not await self.can_abort(match):
                raise Refusal(_("Match #{id} is past its first moves: it can no longer be aborted (offer a draw or "
                                "resign instead).", id=match.id))
            await self.end_by_agreement(match, "aborted", ABORTED_EARLY)
            return match

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """A new lobby with the same game, seats and settings; the asker is seated, the others invited.

        One rematch per match: the check and the creation happen under the old match's lock, and a UNIQUE index on
        `rematch_of` settles presses from two processes at once.
        """
        old = await self.core.get(match_id)
        async with old.lock:
            if old.status not in ("finished", "aborted") or old.state is None:
                raise Refusal(_("Match #{id} has not finished yet.", id=old.id))
            if old.seat_of(user_id) is None:
                raise Refusal(_("Only the players of match #{id} can ask for a rematch.", id=old.id))
            existing = await self.core.store.rematch_of(old.id)
            if existing is None:
                r = old.record
                try:
                    return await self.lobby.create(old.game.name, guild_id=r.guild_id, channel_id=r.channel_id,
                                             creator_id=user_id, players=old.players, options=r.options,
                                             invited=[u for u in old.user_ids if u != user_id],
                                             time_control=r.time_control, timeout_rule=r.timeout_rule,
                                             rematch_of=old.id, rated=await self.core.store.ratings.match_rated(old.id))
                except Duplicate:
                    existing = await self.core.store.rematch_of(old.id)
            raise Refusal(_("A rematch of #{id} is already open: match #{rematch}.", id=old.id, rematch=existing))
