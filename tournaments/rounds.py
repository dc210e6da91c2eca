"""The tournament service's clock (`RoundClock`, run by the scheduler): a round's halfway reminder and deadline notice,
each sent once whichever process sees it first; at the deadline the event's rule for the matches still running (the
organiser told, a double forfeit, or the computer's adjudication); and matches nobody started before their deadline
settled."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import tournament_rules
from data.tournaments import TableRecord
from matches import Match, Refusal, Turn
from matches.computers import shared_pool
from rules.outcomes import ADJUDICATED as ADJUDICATED_REASON
from rules.outcomes import DEADLINE_ADJUDICATED, DEADLINE_FORFEIT
from rules.results import Result, stored_facts
from tournaments.adjudicator import Evaluation, evaluate_json
from tournaments.core import EventCore
from tournaments.model import NOTE_COMPUTER, NOTE_DEADLINE, Tournament
from tournaments.pairing import Pairing

HALFWAY, DEADLINE = 1, 2  # a round's notices, in the order they fall due
TRIES = 3  # a position that changed while it was evaluated (a move at the deadline) is evaluated again this often
# How a table was decided at the deadline (`Ruling.kind`): by the computer's evaluation; a double forfeit by the
# event's rule; nobody had moved (a double forfeit); only one side had moved (it wins by forfeit).
ADJUDICATED, FORFEITED, NOBODY_MOVED, ONE_SIDE_MOVED = "adjudicated", "forfeited", "nobody-moved", "one-side-moved"


@dataclass(frozen=True)
class Ruling:
    """A table decided at its round's deadline (the cog words it): how (`kind`), the side awarded the win (None: a
    draw, or a double forfeit for the forfeit kinds) and, when the computer judged it, its evaluation."""

    table: TableRecord
    kind: str
    winner: int | None
    evaluation: Evaluation | None = None

    @property
    def double_forfeit(self) -> bool:
        return self.kind in (FORFEITED, NOBODY_MOVED)


NoticeListener = Callable[[Tournament, int, list[TableRecord]], Awaitable[None]]
RulingListener = Callable[[Tournament, list[Ruling]], Awaitable[None]]
log = logging.getLogger(__name__)


class RoundClock:
    """When a round ends (its deadline), the halfway reminder to the players of matches nobody has started, and
    the organiser's notice when a round of a set length runs over (each claimed in the store first, so it goes out
    once), with the event's deadline rule applied first (`decide`: a double forfeit or the computer's adjudication,
    each table's result recorded once); and tournament matches nobody started before their deadline, settled
    without waiting for a claim."""

    def __init__(self, core: EventCore, pairing: Pairing) -> None:
        self.core = core
        self.pairing = pairing
        self.on_notice: list[NoticeListener] = []  # a round half over, or at its deadline: post it (the cog)
        self.on_ruling: list[RulingListener] = []  # tables decided at a deadline: post them with the evaluation
        self.executor: Executor | None = None  # where positions are evaluated (None: the computers' process pool)
        self.iterations: int | None = None  # the evaluation's budget (None: the analysis's default; tests: tiny)

    async def send_notices(self) -> int:
        """Send the round notices due now to the `on_notice` listeners (the cog posts them), each claimed first so
        it goes out once: (event, HALFWAY or DEADLINE, the tables it is about: matches nobody has started at
        halfway, matches still running at the deadline, after the event's deadline rule decided what it could).
        Past a deadline whose notice went out, what its rule left undone (a stop in the middle) is decided now.
        Returns how many went out; a failing listener is logged."""
        now = self.core.matches.now()
        sent = 0
        for record in await self.core.store.tournaments.tournaments(statuses=("running",)):
            event = await self.core.get(record.id)
            level = _due(event, now)
            if level is None:
                if _deciding(event, now) and await self.decide(event):  # rulings a stop (or a failure) left undone
                    sent += 1
                continue
            if not await self.core.store.tournaments.claim_round_notice(event.id, event.round, level):
                continue
            tables = await (self.unstarted(event) if level == HALFWAY else self.unfinished(event))
            if level == DEADLINE and event.settings().deadline != "ping":
                ruled = {r.table.match_id for r in await self.decide(event)}
                tables = [t for t in tables if t.match_id not in ruled]  # left playing: a decision failed
            for listener in list(self.on_notice):
                try:
                    await listener(event, level, tables)
                except Exception:
                    log.exception("a round notice of tournament %s failed", event.id)
            sent += 1
        return sent

    async def next_notice(self) -> float | None:
        """When the next round notice falls due (for the scheduler's sleep)."""
        times = []
        for record in await self.core.store.tournaments.tournaments(statuses=("running",)):
            event = await self.core.get(record.id)
            at = _next(event)
            if at is not None:
                times.append(at)
        return min(times, default=None)

    async def unstarted(self, event: Tournament) -> list[TableRecord]:
        """The current round's tables whose match is running and no player has moved in."""
        out = []
        for table in event.round_tables():
            if table.match_id is None or table.points is not None:
                continue
            match = await self.core.matches.get(table.match_id)
            if match.status == "active" and not await self.core.store.moved_seats(match.id, match.players):
                out.append(table)
        return out

    async def unfinished(self, event: Tournament) -> list[TableRecord]:
        return [t for t in event.round_tables() if t.match_id is not None and t.points is None]

    async def decide(self, event: Tournament) -> list[Ruling]:
        """At the round's deadline, the event's rule for each match still running (`TournamentSettings.deadline`):
        "forfeit" a double forfeit; "adjudicate" a double forfeit if nobody moved, a forfeit win for the only side
        that moved, else the computer's evaluation of the position (`tournaments.adjudicator`: the win to a side
        with a 90 % chance, else a draw). Each result is recorded once (a table that has one is left alone), its
        match ended with it, and the `on_ruling` listeners told; then the next round is paired if it is due."""
        tables = [t for t in await self.unfinished(event) if t.match_id is not None]
        found = await asyncio.gather(*(self.judged(event, t) for t in tables), return_exceptions=True)
        rulings = []
        for table, ruling in zip(tables, found, strict=True):
            if isinstance(ruling, BaseException):
                log.error("tournament %s: match %s could not be decided at the deadline", event.id, table.match_id,
                          exc_info=ruling)
            elif ruling is not None:
                rulings.append(ruling)
        recorded = []
        for ruling in rulings:
            note = NOTE_COMPUTER if ruling.kind == ADJUDICATED else NOTE_DEADLINE  # facts, worded where shown
            reason = DEADLINE_FORFEIT if ruling.double_forfeit else DEADLINE_ADJUDICATED
            if await self.rule(event, ruling.table, ruling.winner, forfeit=ruling.double_forfeit, note=note,
                               overwrite=False, advance=False, reason=reason):
                recorded.append(ruling)
        if recorded:
            for listener in list(self.on_ruling):
                try:
                    await listener(event, recorded)
                except Exception:
                    log.exception("the deadline rulings of tournament %s could not be posted", event.id)
            await self.pairing.advance(event.id)
        return recorded

    async def judged(self, event: Tournament, table: TableRecord) -> Ruling | None:
        """A running match's ruling under the event's rule (None: it is not running any more, its own result is
        recorded). The position is evaluated in a worker process, and again if a move came in meanwhile."""
        assert table.match_id is not None
        groups = event.sides_at(table).groups
        for _ in range(TRIES):
            match = await self.core.matches.get(table.match_id)
            if match.status != "active" or match.state is None:
                return None
            if event.settings().deadline == "forfeit":
                return Ruling(table, FORFEITED, None)
            moved = await self.core.store.moved_seats(match.id, match.players)
            sides_moved = [i for i, group in enumerate(groups) if moved & set(group)]
            if not sides_moved:
                return Ruling(table, NOBODY_MOVED, None)
            if len(groups) == 2 and len(sides_moved) == 1:
                return Ruling(table, ONE_SIDE_MOVED, sides_moved[0])
            version = match.record.version
            evaluation = await self.evaluate(match, groups)
            if (await self.core.matches.get(match.id)).record.version == version:
                return Ruling(table, ADJUDICATED, evaluation.winner, evaluation)
        log.warning("match %s kept moving while it was adjudicated; left playing", table.match_id)
        return None

    async def evaluate(self, match: Match, groups: Sequence[Sequence[int]]) -> Evaluation:
        """`tournaments.adjudicator.evaluate` of the match's position, off the event loop, seeded by the match and
        its position (the same position is judged the same way)."""
        assert match.state is not None
        executor = self.executor or shared_pool(self.core.matches.computers.workers)
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(executor, evaluate_json, match.game.name,
                                          match.game.to_json(match.state), [list(g) for g in groups],
                                          f"{match.id}:{match.record.version}", self.iterations)
        return Evaluation.from_json(data)

    async def rule(self, event: Tournament, table: TableRecord, winner: int | None, *, forfeit: bool = False,
                   note: str, overwrite: bool, advance: bool = True, reason: str = ADJUDICATED_REASON) -> bool:
        """A table's result decided off the board: side `winner` wins (pods: 1st, the others share 2nd), None a draw
        (pods: everyone shares 1st), `forfeit` a double forfeit (nobody scores, not played); logged with `note`. A
        running match ends with the same result (so its rating agrees); a finished one keeps its own. Without
        `overwrite` a table that has a result keeps it (False). `advance`: pair the next round if it is due;
        `reason`: who decided, as the match's board words it (`rules.outcomes`)."""
        n = len(event.table_sides(table))
        pods = event.pods_at(table.round)
        groups = event.sides_at(table).groups
        places: tuple[int, ...] | None = None
        if forfeit:
            points, played, places = (0.0,) * n, False, ((n,) * n if pods else None)
        elif winner is None:
            places = (1,) * n if pods else None
            points = tournament_rules.placement_points(event.settings(), places) if places else (0.5,) * n
            played = True
        elif pods:
            places = tuple(1 if i == winner else 2 for i in range(n))
            points, played = tournament_rules.placement_points(event.settings(), places), True
        else:
            points = tuple(1.0 if i == winner else 0.0 for i in range(n))
            played = await self.played_so_far(table, groups, winner)
        if not await self.core.store.tournaments.set_result(event.id, table.round, table.board,
                                                            points=event.per_entrant(table, points),
                                                            places=event.per_entrant(table, places), played=played,
                                                            note=note, overwrite=overwrite):
            return False
        seats = None if forfeit else () if winner is None else groups[winner]
        assert table.match_id is not None
        try:
            await self.core.matches.adjudicate(table.match_id, seats, reason)
        except Refusal:  # a move landed at the same moment: the table's result stands, the match plays on
            log.info("adjudicated match %s moved meanwhile; it was not ended", table.match_id)
        if advance:
            await self.pairing.advance(event.id)
        return True

    async def played_so_far(self, table: TableRecord, groups: Sequence[tuple[int, ...]], winner: int) -> bool:
        """Whether a win adjudicated for side `winner` is over the board: by the result model, as if the match had
        ended so now (every side has moved, nobody ran out of time); else it is a forfeit win."""
        assert table.match_id is not None
        match = await self.core.matches.get(table.match_id)
        facts = stored_facts(await self.core.matches.facts(match))
        return Result(match.players, frozenset(groups[winner]), None, facts, sides=tuple(groups)).played

    async def due(self) -> list[int]:
        """Matches the scheduler must settle: out of time under the "claim" rule before anyone played."""
        return await self.core.store.tournaments.unstarted_overdue()

    async def settle_unstarted(self, match_id: int) -> Turn | None:
        """Nobody started playing before the deadline: the match ends as a double forfeit without waiting for a
        claim (claimed for the waiting seats; its result is then recorded 0–0, not played). None if it moved
        meanwhile."""
        match = await self.core.matches.get(match_id)
        late = match.actors()
        waiting = [match.user_at(s) for s in range(match.players) if s not in late]
        if match.status != "active" or not match.record.overdue or not waiting:
            return None
        try:
            return await self.core.matches.claim(match_id, waiting[0])
        except Refusal:
            return None


def _next(event: Tournament) -> float | None:
    """When the round's next notice falls due (None: none left)."""
    deadline = event.round_deadline()
    start = event.record.round_started
    if deadline is None or start is None:
        return None
    sent = event.record.round_notices
    if sent < HALFWAY:
        return start + (deadline - start) / 2
    if sent < DEADLINE and event.round_hours is not None:
        return deadline
    return None


def _deciding(event: Tournament, now: float) -> bool:
    """Whether the round's deadline has passed, its notice went out and the event's rule decides what still runs."""
    deadline = event.round_deadline()
    return (event.round_hours is not None and deadline is not None and deadline <= now
            and event.record.round_notices >= DEADLINE and event.settings().deadline != "ping")


def _due(event: Tournament, now: float) -> int | None:
    at = _next(event)
    if at is None or at > now:
        return None
    return HALFWAY if event.record.round_notices < HALFWAY else DEADLINE
