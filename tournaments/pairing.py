"""Results in, rounds out: a finished match's result recorded (the match service's `on_finish` listener), the next
round paired and its matches started, or the event finished; at start, whatever a crash interrupted."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

import tournament_rules
from data import Duplicate
from data.tournaments import TableRecord
from matches import Match, Refusal, Turn
from tournaments.core import TRIES, EventCore
from tournaments.model import Tournament, entrant_results
from tournaments.teams import Teams

log = logging.getLogger(__name__)

RoundListener = Callable[[Tournament, int, list[tuple[TableRecord, Turn]]], Awaitable[None]]
EndListener = Callable[[Tournament], Awaitable[None]]


class Pairing:
    """An event's rounds: each table's result from its match (or a drop's resignation), the next round paired by
    `tournaments` (or drawn, `Teams.pair_next`) with one match per table, the event finished after its last. The
    work on one event takes its lock (`EventCore.lock`); the listeners are called outside it."""

    def __init__(self, core: EventCore, teams: Teams) -> None:
        self.core = core
        self.teams = teams
        self.on_round: list[RoundListener] = []  # a round was paired: post it (the cog)
        self.on_end: list[EndListener] = []  # the event finished: post the final standings

    async def match_finished(self, match: Match) -> None:
        """`MatchService.on_finish`: record a tournament match's result, then pair the next round if it was the
        last of its round. Called again by the match service's sweep when the process stopped (or a step failed)
        on the way, so each step is done once whatever came before: the result is written only to a table without
        one, and `advance` pairs a round only once (a compare-and-set on its number) and starts only the matches
        its round lacks."""
        table = await self.core.store.tournaments.table_of_match(match.id)
        if table is None:
            return
        await self.record(table, match)  # False when recorded before: the round may still be unpaired
        await self.advance(table.tournament_id)

    async def record(self, table: TableRecord, match: Match) -> bool:
        """A table's result from its match, once it ended (finished or aborted): False if the table had one already
        or the match still runs."""
        if table.points is not None or match.status not in ("finished", "aborted"):
            return False
        event = await self.core.get(table.tournament_id)
        result = match.result()
        assert result is not None
        points, places, played = entrant_results(event.sides_at(table), result, event.settings(),
                                                 pods=event.pods_at(table.round))
        return await self.core.store.tournaments.set_result(event.id, table.round, table.board, played=played,
                                                            points=event.per_entrant(table, points),
                                                            places=event.per_entrant(table, places))

    async def advance(self, tournament_id: int) -> None:
        """If the current round is complete: pair the next one (and start its matches), or finish the event. First,
        a current round whose pairing a crash or an outage interrupted (a table without its match, or with its
        match not started) gets its matches started."""
        started: list[tuple[TableRecord, Turn]] = []
        ended = False
        async with self.core.lock(tournament_id):
            event = await self.core.get(tournament_id)
            if event.status == "running" and await self._unstarted(event):
                started = await self._start_matches(event)
                event = await self.core.get(tournament_id)
            for attempt in range(TRIES):
                if attempt:
                    event = await self.core.get(tournament_id)
                if event.status != "running":
                    break
                if event.round and not event.round_done():
                    break
                settings, entrants, games = event.settings(), event.core_entrants(), event.core_games()
                here = [e for e in entrants if e.dropped_after is None]
                least = event.sides.team_size * event.sides.per_table if event.per_round else 2  # to fill a table
                over = bool(games) and tournament_rules.finished(settings, entrants, games)
                if over or (event.round and len(here) < least):
                    ended = await self.core.store.tournaments.update_tournament(
                        event.id, expected_status="running", status="finished", updated_at=self.core.matches.now())
                    break
                round_no = event.round + 1
                pairs = self.teams.pair_next(event, round_no)
                tables = sorted(pairs, key=lambda g: g.is_bye)
                if await self.core.store.tournaments.add_round(event.id, round_no,
                                                               [(g.entrants, g.points, g.played) for g in tables],
                                                               self.core.matches.now()):
                    started += await self._start_matches(await self.core.get(tournament_id))
                    break
                # Not written: another process paired this round first (the next look sees it), or an entrant of
                # these tables dropped since they were read (`add_round` refuses): pair again without them.
            else:
                log.warning("tournament %s: round %s not paired after %s tries", tournament_id, event.round + 1,
                            TRIES)
        if started:  # a drop that landed after the pairing: its new match is resigned (outside the lock)
            started = await self._resign_started(tournament_id, started)
        if ended:
            final = await self.core.get(tournament_id)
            for end_listener in list(self.on_end):
                await _safely(end_listener(final), tournament_id)
        elif started:
            event = await self.core.get(tournament_id)
            for listener in list(self.on_round):
                await _safely(listener(event, event.round, started), tournament_id)

    async def _unstarted(self, event: Tournament) -> bool:
        """Whether a table of the current round lacks its running match (one indexed read; none before round 1)."""
        if not event.round:
            return False
        boards = await self.core.store.tournaments.unstarted_boards(event.id, event.round)
        return any(t.board in boards and len(t.entrants) >= 2 for t in event.round_tables())

    async def _start_matches(self, event: Tournament) -> list[tuple[TableRecord, Turn]]:
        """A running match for every table of the current round, seated in the pairing's order: created already
        linked to its table (one transaction: a crash leaves no match outside the round), or, for a table whose
        match was created but not started when the process stopped, that match started (adopted by table)."""
        out = []
        r = event.record
        for table in event.round_tables():
            if table.points is not None or len(table.entrants) < 2:
                continue
            turn: Turn | None
            if table.match_id is None:
                try:
                    turn = await self.core.matches.create_seated(
                        r.game, guild_id=r.guild_id, channel_id=r.channel_id, creator_id=r.organiser_id,
                        users=event.seats_of(table), options=r.options, time_control=r.time_control,
                        timeout_rule=r.timeout_rule, rated=r.rated, table=(event.id, table.round, table.board))
                except Duplicate:  # another process made this table's match at the same moment: it posts it
                    continue
            else:
                try:
                    turn = await self.core.matches.start_seated(table.match_id, event.seats_of(table))
                except Refusal:  # started by another process at the same moment
                    continue
            if turn is not None:  # None: it was running already
                out.append((table, turn))
        return out

    async def _resign_started(self, tournament_id: int,
                              started: list[tuple[TableRecord, Turn]]) -> list[tuple[TableRecord, Turn]]:
        """After a pairing's matches are linked: resign the seats of players who dropped after it was written
        (their drop may not have seen the new matches), and post those matches' final turn instead."""
        event = await self.core.get(tournament_id)
        gone = [u for e in event.entrants if e.dropped_after is not None for u in e.members]
        if not gone:
            return started
        out = []
        for table, turn in started:
            resigned = await self.resign_dropped(tournament_id, gone, [replace(table, match_id=turn.match.id)])
            out.append((table, resigned[-1] if resigned else turn))
        return out

    async def recover(self) -> list[int]:
        """At start: record results of matches that ended while nothing listened, start missing matches, and pair
        rounds that are due. Returns the events looked at."""
        done = []
        for record in await self.core.store.tournaments.tournaments(statuses=("running", "paused")):
            event = await self.core.get(record.id)
            for table in event.round_tables():
                if table.match_id is not None and table.points is None:
                    await self.record(table, await self.core.matches.get(table.match_id))
            if event.status == "running":
                started: list[tuple[TableRecord, Turn]] = []
                async with self.core.lock(event.id):
                    started = await self._start_matches(await self.core.get(event.id))
                if started:
                    fresh = await self.core.get(event.id)
                    for listener in list(self.on_round):
                        await _safely(listener(fresh, fresh.round, started), event.id)
                await self.advance(event.id)
            done.append(event.id)
        return done

    async def resign_dropped(self, tournament_id: int, users: Sequence[int],
                             tables: Sequence[TableRecord] | None = None) -> list[Turn]:
        """Resign the running matches of the current round (or of `tables`) in which these dropped players sit.

        Called by the drop after its commit, and by the pairing after linking its matches: whichever commits last
        sees the other's write, so a drop landing between a pairing's read and its matches is never missed (and a
        match resigned twice is refused the second time, harmlessly)."""
        turns = []
        for table in tables if tables is not None else (await self.core.get(tournament_id)).round_tables():
            if table.match_id is None or table.points is not None:
                continue
            match = await self.core.matches.get(table.match_id)
            for user in users:
                if match.status == "active" and match.seat_of(user) is not None:
                    with contextlib.suppress(Refusal):  # resigned meanwhile by the other side of the race
                        turns.append(await self.core.matches.resign(match.id, user))
        return turns


async def _safely(work: Awaitable[None], tournament_id: int) -> None:
    try:
        await work
    except Exception:
        log.exception("a listener of tournament %s failed", tournament_id)
