"""Takebacks in casual matches (`service.takebacks`): the player who made the last move asks to take it back, every
other human player accepts (computers agree at once) or one declines. A takeback is a log line of its own
(`takeback N`, `rules.replay`): the log stays append-only and every replay, export and dice check reads it.

Never in rated or tournament matches, never across a chance outcome (a drawn outcome is never undone, so the dice
check stays valid), never once another human player has moved, never when the move showed its player something
hidden, and at most one request per position: it lapses with the next move, and a declined one is not asked again.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from data import LogEntry
from data.takebacks import TakebackRow
from i18n import _, ngettext
from matches.computers import is_computer
from matches.model import Event, Match, Refusal, Turn
from rules import Game, State
from rules.replay import steps, takeback_of, takeback_text

if TYPE_CHECKING:
    from matches.core import MatchCore

# Worlds the hidden-information check deals (`Game.resample_hidden`): a move that shows its player something hidden
# gives a different view in nearly every one of them, so a dozen find it; the generator is seeded, so the answer
# for one position is always the same.
WORLDS = 12


@dataclass(frozen=True)
class Plan:
    """What taking back the asker's last move would do: the move's line and its public text, the position before
    it, and the lines it undoes besides (computers' replies, server-made lines)."""

    seat: int
    line: int
    move: str
    before: State
    undone: int  # lines taken back with it, the move included


@dataclass(frozen=True)
class Takeback:
    """A takeback request as the table sees it: who asked (`seat`) to take back which move (`line`, `move` in the
    log's public words), the human seats that agreed and those still to answer; `declined` the seat that declined;
    `turn` the takeback once played (the match is then at the position before `line`)."""

    match: Match
    seat: int
    line: int
    move: str
    agreed: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()
    declined: int | None = None
    turn: Turn | None = None

    @property
    def status(self) -> str:
        """One of: taken back, declined, pending."""
        return "taken back" if self.turn is not None else "declined" if self.declined is not None else "pending"


class Takebacks:
    """`service.takebacks`: asking, accepting and declining takebacks, over the match service's core."""

    def __init__(self, core: MatchCore) -> None:
        self.core = core

    # ---- requests ----------------------------------------------------------------------------------------------
    async def ask(self, match_id: int, user_id: int, *, key: str | None = None) -> Takeback:
        """Ask to take back the caller's last move. Against computers only, it is taken back at once (the
        computers agree); otherwise the request waits for the other players (`answer`)."""
        async with self.core.hold(match_id, key) as match:
            seat = match.playing_seat(user_id)
            await self._casual(match)
            plan = await self._plan(match, seat)
            row = await self.core.store.takebacks.latest(match.id)
            if row is not None and row.version == match.record.version:
                if row.declined is not None:
                    if row.declined == seat:
                        raise Refusal(_("You declined taking back this move in match #{id}: it stands (you may ask "
                                        "again after your next move).", id=match.id))
                    raise Refusal(_("{who} declined taking back this move in match #{id}: it stands (you may ask "
                                    "again after your next move).", who=match.seat_name(row.declined), id=match.id))
                raise Refusal(_("You have already asked to take back this move in match #{id}; waiting for "
                                "{players}.", id=match.id,
                                players=self._names(match, self._waiting(match, row.seat, row.agreed))))
            waiting = self._waiting(match, seat, ())
            if not waiting:  # computers only: they agree at once
                turn = await self._take_back(match, plan, key)
                return Takeback(match, seat, plan.line, plan.move, turn=turn)
            if not await self.core.store.takebacks.ask(match.id, version=match.record.version, line=plan.line,
                                                       seat=seat, now=self.core.now()):
                await self.core.refresh(match)
                raise Refusal(_("Match #{id} changed at the same moment; look at it and try again.", id=match.id))
            return Takeback(match, seat, plan.line, plan.move, waiting=waiting)

    async def answer(self, match_id: int, user_id: int, accept: bool, *, key: str | None = None) -> Takeback:
        """Accept (the move is taken back once every other human player accepted) or decline (the request ends,
        and is not asked again for this move). The asker's decline withdraws the request."""
        async with self.core.hold(match_id, key) as match:
            seat = match.playing_seat(user_id)
            row = await self._pending(match)
            plan = await self._plan(match, row.seat)  # the position is the one asked about: the same plan
            if not accept:
                if not await self.core.store.takebacks.answer(row, agreed=row.agreed, declined=seat):
                    await self.core.refresh(match)
                    raise Refusal(_("Match #{id} changed at the same moment; look at it and try again.",
                                    id=match.id))
                return Takeback(match, row.seat, row.line, plan.move, row.agreed, declined=seat)
            if seat == row.seat:
                raise Refusal(_("You asked for this takeback: the other players answer it (Decline withdraws it)."))
            if seat in row.agreed:
                raise Refusal(_("You already agreed; waiting for {players}.",
                                players=self._names(match, self._waiting(match, row.seat, row.agreed))))
            agreed = (*row.agreed, seat)
            waiting = self._waiting(match, row.seat, agreed)
            if not waiting:
                turn = await self._take_back(match, plan, key)
                return Takeback(match, row.seat, row.line, plan.move, agreed, turn=turn)
            if not await self.core.store.takebacks.answer(row, agreed=agreed):
                await self.core.refresh(match)
                raise Refusal(_("Match #{id} changed at the same moment; look at it and try again.", id=match.id))
            return Takeback(match, row.seat, row.line, plan.move, agreed, waiting)

    async def pending(self, match_id: int) -> Takeback | None:
        """The match's request still waiting for answers, if any."""
        match = await self.core.get(match_id)
        row = await self.core.store.takebacks.latest(match.id)
        if match.status != "active" or row is None or row.version != match.record.version or row.declined is not None:
            return None
        plan = await self._plan(match, row.seat)
        return Takeback(match, row.seat, row.line, plan.move, row.agreed, self._waiting(match, row.seat, row.agreed))

    async def offered(self, match: Match) -> bool:
        """Whether the board offers Take back: a running casual match whose last line is a seat's (after a chance
        line nothing can be taken back). A few small reads; asking checks everything else."""
        if match.status != "active" or match.record.version == 0:
            return False
        store = self.core.store
        if await store.ratings.match_rated(match.id) or await store.tournaments.table_of_match(match.id) is not None:
            return False
        return await store.takebacks.last_seat(match.id) is not None

    # ---- checks ------------------------------------------------------------------------------------------------
    async def _casual(self, match: Match) -> None:
        if await self.core.store.tournaments.table_of_match(match.id) is not None:
            raise Refusal(_("Match #{id} is a tournament match: moves there stand, so there are no takebacks.",
                            id=match.id))
        if await self.core.store.ratings.match_rated(match.id):
            raise Refusal(_("Match #{id} is rated: moves there stand, so there are no takebacks (they are for "
                            "casual matches).", id=match.id))

    async def _pending(self, match: Match) -> TakebackRow:
        row = await self.core.store.takebacks.latest(match.id)
        if row is None or row.version != match.record.version:
            raise Refusal(_("There is no takeback request in match #{id} (a request lapses with the next move).",
                            id=match.id))
        if row.declined is not None:
            raise Refusal(_("The takeback request in match #{id} was declined already.", id=match.id))
        return row

    async def _plan(self, match: Match, seat: int) -> Plan:
        """What taking back `seat`'s last move would do, or a refusal saying why it cannot be taken back."""
        entries = await self.core.store.log(match.id)
        return await asyncio.to_thread(plan, match, seat, entries)

    @staticmethod
    def _waiting(match: Match, asker: int, agreed: Sequence[int]) -> tuple[int, ...]:
        """The human seats, other than the asker's, that have not agreed yet (computers agree at once)."""
        return tuple(s for s, uid in enumerate(match.user_ids)
                     if s != asker and s not in agreed and not is_computer(uid))

    @staticmethod
    def _names(match: Match, seats: Sequence[int]) -> str:
        names = [match.seat_name(s) for s in seats]
        if not names:
            return _("nobody")
        # Translators: the last two of a list of players ("Blue and Green"); the others go before with ", ".
        return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else names[0]

    # ---- the takeback itself -------------------------------------------------------------------------------------
    async def _take_back(self, match: Match, plan: Plan, key: str | None) -> Turn:
        """Under the lock: log `takeback N` and go back to the position before line N (the turn clock starts
        again, as after any move). A compare-and-set on the version: a move committed meanwhile refuses it."""
        version = match.record.version + 1
        more = plan.undone - 1  # the computers' replies (and server-made lines) go with it

        def words() -> str:  # made where it is shown: the asker's language in the reply, the server's on the board
            if more:
                return ngettext("takes back {move} and the {n} line after it",
                                "takes back {move} and the {n} lines after it", more, move=plan.move)
            return _("takes back {move}", move=plan.move)

        line = Event(version, plan.seat, None, takeback_text(plan.line), takeback_text(plan.line), words, "takeback")
        events, after = self.core.resolve(match, plan.before, version)
        await self.core.commit(match, after, [line, *events], key=key)
        return Turn(match, [line, *events])


def plan(match: Match, seat: int, entries: Sequence[LogEntry]) -> Plan:
    """Replay the log and find `seat`'s last move, if it can be taken back (a refusal saying why not): CPU work."""
    game = match.game
    played = list(steps(game, match.players, match.record.options, [(e.seat, e.text) for e in entries]))
    undone: set[int] = set()  # lines an earlier takeback undid
    for entry in entries:
        target = takeback_of(entry.seat, entry.text)
        if target is not None:
            undone.update(range(target, entry.n + 1))
    live = [(entry, step) for entry, step in zip(entries, played, strict=True) if entry.n not in undone]
    human = [i for i, (entry, _) in enumerate(live)
             if entry.user_id is not None and not is_computer(entry.user_id) and entry.seat is not None]
    if not human:
        raise Refusal(_("There is no move to take back in match #{id}.", id=match.id))
    last, (move, (before, action, _after, _events)) = human[-1], live[human[-1]]
    if move.seat != seat:
        assert move.seat is not None  # a human's line has a seat
        mine = [i for i in human if live[i][0].seat == seat]
        if not mine:
            raise Refusal(_("You have made no move to take back in match #{id}.", id=match.id))
        raise Refusal(_("{who} has already moved since your last move in match #{id}: a move can be taken back only "
                        "until another player moves.", who=match.seat_name(move.seat), id=match.id))
    for entry, (state, later, _after, _events) in live[last + 1:]:
        if entry.seat is None:
            raise Refusal(_("A chance outcome came after your move in match #{id} (line {line}): the dice or a draw "
                            "are never undone, so the move stands.", id=match.id, line=entry.n))
        if entry.user_id is None and game.automatic_action(state) != (entry.seat, later):
            raise Refusal(_("{who} ran out of time after your move in match #{id}: the move stands.",
                            who=match.seat_name(entry.seat), id=match.id))
    after = live[-1][1][3]
    if reveals(game, before, seat, [(e.seat, e.text) for e, _ in live[last:]], after):
        raise Refusal(_("Your move in match #{id} showed you something hidden, so it cannot be taken back.",
                        id=match.id))
    return Plan(seat, move.n, game.log_text(before, action, None), before, len(live) - last)


def reveals(game: Game, before: State, seat: int, lines: Sequence[tuple[int | None, str]], after: State) -> bool:
    """Whether playing `lines` from `before` showed `seat` something it could not know: in some world it cannot tell
    from `before` (`Game.resample_hidden`), the same lines give it another view (or do not replay at all)."""
    rng = random.Random(0)
    seen = game.view(after, seat)
    for _world in range(WORLDS):
        world = game.resample_hidden(before, seat, rng)
        if world is before:  # perfect information: nothing to find
            return False
        try:
            for line_seat, text in lines:
                action = game.parse(world, text, line_seat) if line_seat is not None else None
                if action is None:
                    return True  # a chance line is never taken back; a caller never asks
                world = game.apply(world, action, line_seat)
        except ValueError:
            return True
        if game.view(world, seat) != seen:
            return True
    return False


__all__ = ["WORLDS", "Plan", "Takeback", "Takebacks", "plan", "reveals"]
