"""The tournament service: sign-up, start, rounds paired by `tournaments`, one match per table through
`MatchService`, results flowing back when a match ends, drops, adjudication, pause/resume/cancel. No discord types.

Everything is in the database: a restart loses nothing, and `recover` finishes whatever a crash interrupted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

import tournaments
from data import Duplicate
from data.tournaments import TableRecord
from events.model import RESULTS, Sides, Tournament, entrant_results
from events.rounds import NoticeListener, RoundClock
from events.signup import TRIES, SignUp
from events.teams import TeamEvents, team_column
from matches import Match, MatchService, Refusal, Turn
from matches.lobby import DEFAULT_TIME_CONTROL
from matches.ratings import TournamentPlacement
from ratings import Skill
from rules.results import Result, stored_facts

log = logging.getLogger(__name__)

RoundListener = Callable[[Tournament, int, list[tuple[TableRecord, Turn]]], Awaitable[None]]
EndListener = Callable[[Tournament], Awaitable[None]]
ACTIVE = ("signup", "running", "paused")


class TournamentService(SignUp, TeamEvents, RoundClock):
    """One per process, beside the `MatchService` it drives; listens to its `on_finish`."""

    def __init__(self, matches: MatchService, *, rng: Any | None = None) -> None:
        self.matches = matches
        self.store = matches.store
        self._rng = rng if rng is not None else random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self.on_round: list[RoundListener] = []  # a round was paired: post it (the cog)
        self.on_end: list[EndListener] = []  # the event finished: post the final standings
        self.on_notice: list[NoticeListener] = []  # a round half over, or at its deadline (events/rounds.py)
        matches.on_finish.append(self.match_finished)
        # /profile's "Tournaments" section asks the match service (matches.ratings); this service answers.
        matches.ratings.placements_from(self.placements)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ---- reading ----------------------------------------------------------------------------------------------
    def sides(self, game_name: str, players: int, options: dict[str, str]) -> Sides:
        """Seat groups of one match: the game's teams, else one seat per entrant."""
        game = self.matches.game(game_name)
        view = game.view(game.setup(players, options), None)
        teams = game.teams(view)
        return Sides(tuple(tuple(seats) for _, seats in teams) if teams else tuple((s,) for s in range(players)))

    async def get(self, tournament_id: int) -> Tournament:
        record = await self.store.tournaments.get_tournament(tournament_id)
        if record is None:
            raise Refusal(f"There is no tournament #{tournament_id}.")
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
            raise Refusal(f"Tournament #{tournament_id} belongs to another server.")
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
            raise Refusal("No tournament is running on this server; `/tournament list` shows past ones.")
        if len(running) > 1:
            raise Refusal("Several tournaments are running here: give the `tournament` number ("
                          + ", ".join(f"#{t.id}" for t in running[:10]) + ").")
        return running[0]

    # ---- organising -------------------------------------------------------------------------------------------
    async def create(self, game_name: str, fmt: str, *, guild_id: int | None, channel_id: int, organiser_id: int,
                     players: int | None = None, options: dict[str, str] | None = None,
                     time_control: int | None = None, timeout_rule: str = "forfeit", rounds: int | None = None,
                     max_players: int | None = None, signup_closes: float | None = None, rated: bool | None = None,
                     bye_points: float = 1.0, teams: str = "fixed", playoff: int | None = None,
                     reset: bool = True, round_hours: int | None = None) -> Tournament:
        """`teams` (team games): "fixed" (registered, or drawn at the start) or "per-round" (drawn each round);
        `playoff`: a top cut of 4, 8 or 16 after a Swiss or pods stage; `reset`: double elimination's second grand
        final when the losers' side wins the first; `round_hours`: how long a round lasts (its deadline; without
        it a round's deadline is the first move's)."""
        game = self.matches.game(game_name)
        count = players if players is not None else game.player_counts[0]
        try:
            full = game.check_options(count, options)
            game.setup(count, full)
            tournaments.Settings(fmt, rounds=rounds, bye_points=bye_points, playoff=playoff)
        except ValueError as exc:
            raise Refusal(str(exc)) from None
        sides = self.sides(game.name, count, full)
        if sides.per_table > 2 and fmt != "pods":
            raise Refusal(f"A {game.title} match of {sides.per_table} sides is played in pods: use format pods "
                          f"(swiss, round robin and elimination pair two sides per match).")
        team_mode = team_column(teams, sides.team_size, fmt)
        if playoff is not None:
            self.check_playoff(game.name, fmt, sides, team_mode, full)
        if max_players is not None and max_players < 2 * sides.team_size:
            raise Refusal(f"max-players must leave room for at least two entrants ({2 * sides.team_size}).")
        if timeout_rule not in ("claim", "forfeit"):
            raise Refusal("When time runs out the rule is claim or forfeit.")
        if time_control is None:  # as a match of the server would have it
            time_control = (await self.matches.guild_settings(guild_id)).time_control
        time_control = DEFAULT_TIME_CONTROL if time_control is None else time_control
        if rated is None:
            rated = self.matches.default_rated(count, (await self.matches.guild_settings(guild_id)).rated)
        record = await self.store.tournaments.create_tournament(
            guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id, game=game.name, format=fmt,
            players=count, options=full, time_control=time_control, timeout_rule=timeout_rule, rounds=rounds,
            max_players=max_players, signup_closes=signup_closes, rated=rated,
            teams=team_mode, settings={"bye_points": bye_points, "playoff": playoff, "reset": reset,
                                       "round_hours": round_hours},
            now=self.matches.now())
        return await self.get(record.id)

    async def rematch(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        """A new event with the same settings, sign-up open (the final post's **Rematch event**)."""
        old = await self.get(tournament_id)
        self.require_organiser(old, user_id, organiser)
        if old.status not in ("finished", "cancelled"):
            raise Refusal(f"Tournament #{old.id} is still {old.status}.")
        r = old.record
        return await self.create(r.game, r.format, guild_id=r.guild_id, channel_id=r.channel_id,
                                 organiser_id=user_id, players=r.players, options=r.options,
                                 time_control=r.time_control, timeout_rule=r.timeout_rule, rounds=r.rounds,
                                 max_players=r.max_players, rated=r.rated,
                                 bye_points=float(r.settings.get("bye_points", 1.0)),
                                 teams="per-round" if old.per_round else "fixed", playoff=old.playoff,
                                 reset=bool(r.settings.get("reset", True)), round_hours=old.round_hours)

    def check_playoff(self, game_name: str, fmt: str, sides: Sides, team_mode: str, options: dict[str, str]) -> None:
        """A top cut's matches are one side against one: a pods event's game must be playable by two alone."""
        if team_mode == "per-round":
            raise Refusal("A top cut needs the same entrants every round: use teams fixed.")
        if fmt != "pods":
            return
        game = self.matches.game(game_name)
        try:
            if sides.team_size > 1 or 2 not in game.player_counts:
                raise ValueError(f"{game.title} is not played by two")
            game.setup(2, game.check_options(2, options))
        except ValueError as exc:
            raise Refusal(f"A pods event's top cut is played one against one, and here it cannot be ({exc}).") \
                from None

    async def set_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self.store.tournaments.update_tournament(tournament_id, channel_id=channel_id, message_id=message_id)

    def require_organiser(self, event: Tournament, user_id: int, organiser: bool) -> None:
        """`organiser`: the caller holds Manage Server or the server's organiser role now (the cog checks at each
        action). Having created the event gives no power of its own: a former role holder is refused like anyone."""
        if not organiser:
            raise Refusal(f"Only organisers can do that in tournament #{event.id}: members with Manage Server or "
                          "the server's organiser role (/settings organiser-role).")

    async def pause(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if not await self.store.tournaments.update_tournament(event.id, expected_status="running", status="paused",
                                                              updated_at=self.matches.now()):
            raise Refusal(f"Tournament #{event.id} is not running (it is {event.status}).")
        return await self.get(tournament_id)

    async def resume(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if not await self.store.tournaments.update_tournament(event.id, expected_status="paused", status="running",
                                                              updated_at=self.matches.now()):
            raise Refusal(f"Tournament #{event.id} is not paused (it is {event.status}).")
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if event.status not in ACTIVE or not await self.store.tournaments.update_tournament(
                event.id, expected_status=event.status, status="cancelled", updated_at=self.matches.now()):
            raise Refusal(f"Tournament #{event.id} is already {event.status}.")
        return await self.get(tournament_id)

    # ---- players leaving ------------------------------------------------------------------------------------------
    async def drop(self, tournament_id: int, user_id: int, *, by: int | None = None,
                   organiser: bool = False) -> tuple[Tournament, list[Turn]]:
        """`user_id` leaves the event (`by` an organiser: removed): their running match is resigned (its turn
        returned, to be posted), their results stand, they are not paired again. During sign-up this is leaving.

        The drop and a pairing serialise (the event's lock here, its row in the database): a drop before the next
        round is paired keeps them out of it; one that lands after it resigns their new match."""
        event = await self.get(tournament_id)
        if by is not None:
            self.require_organiser(event, by, organiser)
        if event.status == "signup":
            if by is None:
                return await self.leave(tournament_id, user_id), []
            async with self._lock(tournament_id):
                if not await self.store.tournaments.remove_signup(event.id, user_id):
                    event = await self.get(tournament_id)
                    raise Refusal(f"They are not signed up for tournament #{event.id}." if event.status == "signup"
                                  else f"Tournament #{event.id} has started meanwhile; press again to remove them.")
            return await self.get(tournament_id), []
        if event.status not in ("running", "paused"):
            raise Refusal(f"Tournament #{event.id} is {event.status}.")
        entrant = event.entrant_of(user_id)
        if entrant is None:
            raise Refusal(f"{'They are' if by is not None else 'You are'} not playing in tournament #{event.id}.")
        async with self._lock(tournament_id):  # not while this process pairs a round and starts its matches
            after = await self.store.tournaments.drop_entrant(event.id, entrant.entrant)
        if after is None:
            event = await self.get(tournament_id)
            if event.status not in ("running", "paused"):
                raise Refusal(f"Tournament #{event.id} is {event.status}.")
            raise Refusal(f"{'They have' if by is not None else 'You have'} already left tournament #{event.id}.")
        # Outside the event's lock: the resignation ends the match, whose listener takes that lock.
        resigned = await self._resign_dropped(tournament_id, [user_id])
        await self.advance(tournament_id)
        return await self.get(tournament_id), resigned

    async def _resign_dropped(self, tournament_id: int, users: Sequence[int],
                              tables: Sequence[TableRecord] | None = None) -> list[Turn]:
        """Resign the running matches of the current round (or of `tables`) in which these dropped players sit.

        Called by the drop after its commit, and by the pairing after linking its matches: whichever commits last
        sees the other's write, so a drop landing between a pairing's read and its matches is never missed (and a
        match resigned twice is refused the second time, harmlessly)."""
        turns = []
        for table in tables if tables is not None else (await self.get(tournament_id)).round_tables():
            if table.match_id is None or table.points is not None:
                continue
            match = await self.matches.get(table.match_id)
            for user in users:
                if match.status == "active" and match.seat_of(user) is not None:
                    with contextlib.suppress(Refusal):  # resigned meanwhile by the other side of the race
                        turns.append(await self.matches.resign(match.id, user))
        return turns

    async def adjudicate(self, tournament_id: int, match_id: int, result: str, by: int, by_name: str, *,
                         organiser: bool = False) -> Tournament:
        """The organiser decides a table's result (`RESULTS`), logged with their name; a running match ends with
        the same result (so its rating agrees), a finished one keeps its own (the table's result stands over it)."""
        event = await self.get(tournament_id)
        self.require_organiser(event, by, organiser)
        if result not in RESULTS:
            raise Refusal(f"A result is one of {', '.join(RESULTS)}.")
        table = next((t for t in event.tables if t.match_id == match_id), None)
        if table is None:
            raise Refusal(f"Match #{match_id} is not a match of tournament #{event.id}.")
        n = len(event.table_sides(table))
        pods = event.pods_at(table.round)
        places: tuple[int, ...] | None = None
        if result == "double-forfeit":
            points, played, places = (0.0,) * n, False, ((n,) * n if pods else None)
        elif result == "draw":
            places = (1,) * n if pods else None
            points = tournaments.placement_points(event.settings(), places) if places else (0.5,) * n
            played = True
        elif pods:
            raise Refusal("In pods the organiser can adjudicate a draw (everyone shares 1st) or a double forfeit.")
        else:
            winner = 0 if result == "first" else 1
            points = tuple(1.0 if i == winner else 0.0 for i in range(n))
            played = await self._played_so_far(event, match_id, event.sides_at(table).groups, winner)
        await self.store.tournaments.set_result(event.id, table.round, table.board,
                                                points=event.per_entrant(table, points),
                                                places=event.per_entrant(table, places), played=played,
                                                note=f"adjudicated by {by_name[:40]}", overwrite=True)
        groups = event.sides_at(table).groups
        seats = (None if result == "double-forfeit" else () if result == "draw"
                 else groups[0 if result == "first" else 1])
        try:
            await self.matches.adjudicate(match_id, seats)
        except Refusal:  # a move landed at the same moment: the table's result stands, the match plays on
            log.info("adjudicated match %s moved meanwhile; it was not ended", match_id)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def _played_so_far(self, event: Tournament, match_id: int, groups: Sequence[tuple[int, ...]],
                             winner: int) -> bool:
        """Whether a win adjudicated for side `winner` is over the board: by the result model, as if the match had
        ended so now (every side has moved, nobody ran out of time); else it is a forfeit win."""
        match = await self.matches.get(match_id)
        facts = stored_facts(await self.matches.facts(match))
        return Result(match.players, frozenset(groups[winner]), None, facts, sides=tuple(groups)).played

    # ---- results and rounds ---------------------------------------------------------------------------------------
    async def match_finished(self, match: Match) -> None:
        """`MatchService.on_finish`: record a tournament match's result, then pair the next round if it was the
        last of its round."""
        table = await self.store.tournaments.table_of_match(match.id)
        if table is None:
            return
        if await self._record(table, match):
            await self.advance(table.tournament_id)

    async def _record(self, table: TableRecord, match: Match) -> bool:
        if table.points is not None or match.status not in ("finished", "aborted"):
            return False
        event = await self.get(table.tournament_id)
        result = match.result()
        assert result is not None
        points, places, played = entrant_results(event.sides_at(table), result, event.settings(),
                                                 pods=event.pods_at(table.round))
        return await self.store.tournaments.set_result(event.id, table.round, table.board, played=played,
                                                       points=event.per_entrant(table, points),
                                                       places=event.per_entrant(table, places))

    async def advance(self, tournament_id: int) -> None:
        """If the current round is complete: pair the next one (and start its matches), or finish the event."""
        started: list[tuple[TableRecord, Turn]] = []
        ended = False
        async with self._lock(tournament_id):
            for _ in range(TRIES):
                event = await self.get(tournament_id)
                if event.status != "running":
                    return
                if event.round and not event.round_done():
                    return
                settings, entrants, games = event.settings(), event.core_entrants(), event.core_games()
                here = [e for e in entrants if e.dropped_after is None]
                least = event.sides.team_size * event.sides.per_table if event.per_round else 2  # to fill a table
                if (games and tournaments.finished(settings, entrants, games)) or (event.round and len(here) < least):
                    ended = await self.store.tournaments.update_tournament(event.id, expected_status="running",
                                                                           status="finished",
                                                                           updated_at=self.matches.now())
                    break
                round_no = event.round + 1
                pairs = self.pair_next(event, round_no)
                tables = sorted(pairs, key=lambda g: g.is_bye)
                if await self.store.tournaments.add_round(event.id, round_no,
                                                          [(g.entrants, g.points, g.played) for g in tables],
                                                          self.matches.now()):
                    started = await self._start_matches(await self.get(tournament_id))
                    break
                # Not written: another process paired this round first (the next look sees it), or an entrant of
                # these tables dropped since they were read (`add_round` refuses): pair again without them.
            else:
                log.warning("tournament %s: round %s not paired after %s tries", tournament_id, event.round + 1,
                            TRIES)
        if started:  # a drop that landed after the pairing: its new match is resigned (outside the lock)
            started = await self._resign_started(tournament_id, started)
        if ended:
            final = await self.get(tournament_id)
            for end_listener in list(self.on_end):
                await self._safely(end_listener(final), tournament_id)
        elif started:
            event = await self.get(tournament_id)
            for listener in list(self.on_round):
                await self._safely(listener(event, event.round, started), tournament_id)

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
                    turn = await self.matches.create_seated(
                        r.game, guild_id=r.guild_id, channel_id=r.channel_id, creator_id=r.organiser_id,
                        users=event.seats_of(table), options=r.options, time_control=r.time_control,
                        timeout_rule=r.timeout_rule, rated=r.rated, table=(event.id, table.round, table.board))
                except Duplicate:  # another process made this table's match at the same moment: it posts it
                    continue
            else:
                try:
                    turn = await self.matches.start_seated(table.match_id, event.seats_of(table))
                except Refusal:  # started by another process at the same moment
                    continue
            if turn is not None:  # None: it was running already
                out.append((table, turn))
        return out

    async def _resign_started(self, tournament_id: int,
                              started: list[tuple[TableRecord, Turn]]) -> list[tuple[TableRecord, Turn]]:
        """After a pairing's matches are linked: resign the seats of players who dropped after it was written
        (their drop may not have seen the new matches), and post those matches' final turn instead."""
        event = await self.get(tournament_id)
        gone = [u for e in event.entrants if e.dropped_after is not None for u in e.members]
        if not gone:
            return started
        out = []
        for table, turn in started:
            resigned = await self._resign_dropped(tournament_id, gone, [replace(table, match_id=turn.match.id)])
            out.append((table, resigned[-1] if resigned else turn))
        return out

    @staticmethod
    async def _safely(work: Awaitable[None], tournament_id: int) -> None:
        try:
            await work
        except Exception:
            log.exception("a listener of tournament %s failed", tournament_id)

    async def due(self) -> list[int]:
        """Matches the scheduler must settle: out of time under the "claim" rule before anyone played."""
        return await self.store.tournaments.unstarted_overdue()

    async def settle_unstarted(self, match_id: int) -> Turn | None:
        """Nobody started playing before the deadline: the match ends as a double forfeit without waiting for a
        claim (claimed for the waiting seats; `_record` scores it 0–0, not played). None if it moved meanwhile."""
        match = await self.matches.get(match_id)
        late = match.actors()
        waiting = [match.user_at(s) for s in range(match.players) if s not in late]
        if match.status != "active" or not match.record.overdue or not waiting:
            return None
        try:
            return await self.matches.claim(match_id, waiting[0])
        except Refusal:
            return None

    async def recover(self) -> list[int]:
        """At start: record results of matches that ended while nothing listened, start missing matches, and pair
        rounds that are due. Returns the events looked at."""
        done = []
        for record in await self.store.tournaments.tournaments(statuses=("running", "paused")):
            event = await self.get(record.id)
            for table in event.round_tables():
                if table.match_id is not None and table.points is None:
                    await self._record(table, await self.matches.get(table.match_id))
            if event.status == "running":
                started: list[tuple[TableRecord, Turn]] = []
                async with self._lock(event.id):
                    started = await self._start_matches(await self.get(event.id))
                if started:
                    fresh = await self.get(event.id)
                    for listener in list(self.on_round):
                        await self._safely(listener(fresh, fresh.round, started), event.id)
                await self.advance(event.id)
            done.append(event.id)
        return done

    async def names(self, event: Tournament) -> dict[int, str]:
        users = [u for e in event.entrants for u in e.members] or event.signups
        return event.names(await self.store.users.user_names(users))

    async def placements(self, user_id: int, limit: int = 10) -> list[TournamentPlacement]:
        """The user's places in finished events, newest first (for /profile)."""
        out = []
        for tournament_id in await self.store.tournaments.finished_tournaments_of(user_id, limit):
            event = await self.get(tournament_id)
            entrant = event.entrant_of(user_id)
            row = next((s for s in event.standings() if entrant and s.entrant == entrant.entrant), None)
            if row is not None:
                out.append(TournamentPlacement(event.id, event.title(), row.place, len(event.entrants)))
        return out

    async def rating_moves(self, event: Tournament) -> dict[int, tuple[Skill, Skill]]:
        """Per player, their rating before their first and after their last rated match of the event."""
        moves: dict[int, tuple[Skill, Skill]] = {}
        for table in event.tables:  # in round order
            if table.match_id is None:
                continue
            changes = await self.matches.rating_changes(table.match_id)
            if not changes:
                continue
            match = await self.matches.get(table.match_id)
            for change in changes:
                user = match.user_at(change.seat)
                moves[user] = (moves.get(user, (change.before, change.after))[0], change.after)
        return moves
