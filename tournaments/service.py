"""The tournament service, one per process beside the `MatchService` it drives: `TournamentService` builds the core
and its collaborators, does the organiser's own actions (create, pause, drop, adjudicate) and names the rest."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import tournament_rules
from i18n import _, option
from matches import Match, MatchService, Refusal, Turn
from matches.lobby import DEFAULT_TIME_CONTROL
from matches.ratings import TournamentPlacement
from ratings import Skill
from tournaments.core import ACTIVE, EventCore
from tournaments.model import NOTE_ORGANISER, RESULTS, Sides, Tournament, status_word
from tournaments.pairing import EndListener, Pairing, RoundListener
from tournaments.rounds import NoticeListener, RoundClock, RulingListener
from tournaments.signup import SignUp
from tournaments.teams import Teams, team_column

log = logging.getLogger(__name__)


class TournamentService:
    """Sign-up (`signup`), team events (`teams`), results and rounds (`pairing`) and the round clock (`clock`)
    share one `core` (`tournaments.core.EventCore`); the methods the cogs, the scheduler and the web call are named
    here, most passed on to the collaborator that does the work. No discord types.

    Everything is in the database: a restart loses nothing, and `recover` finishes whatever a crash interrupted."""

    def __init__(self, matches: MatchService, *, rng: Any | None = None) -> None:
        self.core = EventCore(matches, rng)
        self.matches = matches
        self.store = matches.store
        self.teams = Teams(self.core)
        self.pairing = Pairing(self.core, self.teams)
        self.signup = SignUp(self.core, self.teams, self.pairing)
        self.clock = RoundClock(self.core, self.pairing)
        matches.on_finish.append(self.match_finished)  # a result in, the next round out (`pairing`)
        # /profile's "Tournaments" section asks the match service (matches.ratings); this service answers.
        matches.ratings.placements_from(self.placements)

    # ---- listeners (the cog posts what they are told) ---------------------------------------------------------
    @property
    def on_round(self) -> list[RoundListener]:
        """Called when a round was paired and its matches started."""
        return self.pairing.on_round

    @property
    def on_end(self) -> list[EndListener]:
        """Called when the event finished (the final standings)."""
        return self.pairing.on_end

    @property
    def on_notice(self) -> list[NoticeListener]:
        """Called when a round is half over, or at its deadline (`tournaments.rounds`)."""
        return self.clock.on_notice

    @property
    def on_ruling(self) -> list[RulingListener]:
        """Called with the tables a round's deadline decided (a double forfeit, the computer's adjudication)."""
        return self.clock.on_ruling

    # ---- reading ----------------------------------------------------------------------------------------------
    async def get(self, tournament_id: int) -> Tournament:
        return await self.core.get(tournament_id)

    async def get_visible(self, tournament_id: int, guild_id: int | None) -> Tournament:
        return await self.core.get_visible(tournament_id, guild_id)

    async def listing(self, guild_id: int | None, statuses: Sequence[str] | None = None) -> list[Tournament]:
        return await self.core.listing(guild_id, statuses)

    async def current_for(self, guild_id: int | None, user_id: int | None = None) -> Tournament:
        return await self.core.current_for(guild_id, user_id)

    async def names(self, event: Tournament) -> dict[int, str]:
        return await self.core.names(event)

    def require_organiser(self, event: Tournament, user_id: int, organiser: bool) -> None:
        self.core.require_organiser(event, user_id, organiser)

    # ---- sign-up (tournaments/signup.py, tournaments/teams.py) -------------------------------------------------------
    async def join(self, tournament_id: int, user_id: int) -> Tournament:
        return await self.signup.join(tournament_id, user_id)

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        return await self.signup.leave(tournament_id, user_id)

    async def open_checkin(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        return await self.signup.open_checkin(tournament_id, user_id, organiser=organiser)

    async def check_in(self, tournament_id: int, user_id: int) -> Tournament:
        return await self.signup.check_in(tournament_id, user_id)

    async def register_team(self, tournament_id: int, captain: int, members: Sequence[int]) -> Tournament:
        return await self.teams.register_team(tournament_id, captain, members)

    async def start(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        return await self.signup.start(tournament_id, user_id, organiser=organiser)

    # ---- the scheduler's and the bot's start (tournaments/rounds.py, tournaments/pairing.py) -------------------------
    async def send_notices(self) -> int:
        return await self.clock.send_notices()

    async def next_notice(self) -> float | None:
        return await self.clock.next_notice()

    async def due(self) -> list[int]:
        return await self.clock.due()

    async def settle_unstarted(self, match_id: int) -> Turn | None:
        return await self.clock.settle_unstarted(match_id)

    async def recover(self) -> list[int]:
        return await self.pairing.recover()

    async def match_finished(self, match: Match) -> None:
        """`MatchService.on_finish`: the table's result recorded, the next round paired if it was the last
        (`Pairing.match_finished`)."""
        await self.pairing.match_finished(match)

    # ---- organising -------------------------------------------------------------------------------------------
    async def create(self, game_name: str, fmt: str, *, guild_id: int | None, channel_id: int, organiser_id: int,
                     players: int | None = None, options: dict[str, str] | None = None,
                     time_control: int | None = None, timeout_rule: str = "forfeit", rounds: int | None = None,
                     max_players: int | None = None, signup_closes: float | None = None, rated: bool | None = None,
                     bye_points: float = 1.0, teams: str = "fixed", playoff: int | None = None,
                     reset: bool = True, round_hours: int | None = None, deadline: str = "ping",
                     vacation: bool = False) -> Tournament:
        """`teams` (team games): "fixed" (registered, or drawn at the start) or "per-round" (drawn each round);
        `playoff`: a top cut of 4, 8 or 16 after a Swiss or pods stage; `reset`: double elimination's second grand
        final when the losers' side wins the first; `round_hours`: how long a round lasts (its deadline; without
        it a round's deadline is the first move's); `deadline`: what a round's deadline does to the matches still
        running (`tournament_rules.model.DEADLINES`; other than "ping" it needs `round_hours`); `vacation`: whether
        a player's vacation pauses the clock of their matches (`matches.vacation`; off: the clocks run)."""
        game = self.matches.game(game_name)
        count = players if players is not None else game.player_counts[0]
        try:
            full = game.check_options(count, options)
            game.setup(count, full)
            tournament_rules.TournamentSettings(fmt, rounds=rounds, bye_points=bye_points, playoff=playoff,
                                                deadline=deadline)
        except ValueError as exc:
            raise Refusal(str(exc)) from None
        if deadline != "ping" and round_hours is None:
            raise Refusal(_("{deadline} decides the matches still running when a round ends: give the round a "
                            "length with {hours} (without it a round has no deadline of its own).",
                            deadline=option("deadline", deadline), hours=option("round-hours")))
        sides = self.core.sides(game.name, count, full)
        if sides.per_table > 2 and fmt != "pods":
            raise Refusal(_("A {game} match of {sides} sides is played in pods: use {pods} (swiss, round robin and "
                            "elimination pair two sides per match).", game=game.title, sides=sides.per_table,
                            pods=option("format", "pods")))
        team_mode = team_column(teams, sides.team_size, fmt)
        if playoff is not None:
            self.check_playoff(game.name, fmt, sides, team_mode, full)
        if max_players is not None and max_players < 2 * sides.team_size:
            raise Refusal(_("{option} must leave room for at least two entrants ({n}).", n=2 * sides.team_size,
                            option=option("max-players")))
        if timeout_rule not in ("claim", "forfeit"):
            raise Refusal(_("When time runs out the rule is claim or forfeit."))
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
                                       "round_hours": round_hours, "deadline": deadline, "vacation": vacation},
            now=self.matches.now())
        return await self.get(record.id)

    async def rematch(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        """A new event with the same settings, sign-up open (the final post's **Rematch event**)."""
        old = await self.get(tournament_id)
        self.require_organiser(old, user_id, organiser)
        if old.status not in ("finished", "cancelled"):
            raise Refusal(_("Tournament #{id} is still {status}.", id=old.id, status=status_word(old.status)))
        r = old.record
        return await self.create(r.game, r.format, guild_id=r.guild_id, channel_id=r.channel_id,
                                 organiser_id=user_id, players=r.players, options=r.options,
                                 time_control=r.time_control, timeout_rule=r.timeout_rule, rounds=r.rounds,
                                 max_players=r.max_players, rated=r.rated,
                                 bye_points=float(r.settings.get("bye_points", 1.0)),
                                 teams="per-round" if old.per_round else "fixed", playoff=old.playoff,
                                 reset=bool(r.settings.get("reset", True)), round_hours=old.round_hours,
                                 deadline=old.settings().deadline, vacation=bool(r.settings.get("vacation", False)))

    def check_playoff(self, game_name: str, fmt: str, sides: Sides, team_mode: str, options: dict[str, str]) -> None:
        """A top cut's matches are one side against one: a pods event's game must be playable by two alone."""
        if team_mode == "per-round":
            raise Refusal(_("A top cut needs the same entrants every round: use teams fixed."))
        if fmt != "pods":
            return
        game = self.matches.game(game_name)
        try:
            if sides.team_size > 1 or 2 not in game.player_counts:
                raise ValueError(_("{game} is not played by two", game=game.title))
            game.setup(2, game.check_options(2, options))
        except ValueError as exc:
            raise Refusal(_("A pods event's top cut is played one against one, and here it cannot be ({why}).",
                            why=str(exc))) \
                from None

    async def set_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self.store.tournaments.update_tournament(tournament_id, channel_id=channel_id, message_id=message_id)

    async def pause(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if not await self.store.tournaments.update_tournament(event.id, expected_status="running", status="paused",
                                                              updated_at=self.matches.now()):
            raise Refusal(_("Tournament #{id} is not running (it is {status}).", id=event.id,
                            status=status_word(event.status)))
        return await self.get(tournament_id)

    async def resume(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if not await self.store.tournaments.update_tournament(event.id, expected_status="paused", status="running",
                                                              updated_at=self.matches.now()):
            raise Refusal(_("Tournament #{id} is not paused (it is {status}).", id=event.id,
                            status=status_word(event.status)))
        await self.pairing.advance(tournament_id)
        return await self.get(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int, *, organiser: bool = False) -> Tournament:
        event = await self.get(tournament_id)
        self.require_organiser(event, user_id, organiser)
        if event.status not in ACTIVE or not await self.store.tournaments.update_tournament(
                event.id, expected_status=event.status, status="cancelled", updated_at=self.matches.now()):
            raise Refusal(_("Tournament #{id} is already {status}.", id=event.id, status=status_word(event.status)))
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
                return await self.signup.leave(tournament_id, user_id), []
            async with self.core.lock(tournament_id):
                if not await self.store.tournaments.remove_signup(event.id, user_id):
                    event = await self.get(tournament_id)
                    raise Refusal(_("They are not signed up for tournament #{id}.", id=event.id)
                                  if event.status == "signup" else
                                  _("Tournament #{id} has started meanwhile; press again to remove them.", id=event.id))
            return await self.get(tournament_id), []
        if event.status not in ("running", "paused"):
            raise Refusal(_("Tournament #{id} is {status}.", id=event.id, status=status_word(event.status)))
        entrant = event.entrant_of(user_id)
        if entrant is None:
            raise Refusal(_("They are not playing in tournament #{id}.", id=event.id) if by is not None else
                          _("You are not playing in tournament #{id}.", id=event.id))
        async with self.core.lock(tournament_id):  # not while this process pairs a round and starts its matches
            after = await self.store.tournaments.drop_entrant(event.id, entrant.entrant)
        if after is None:
            event = await self.get(tournament_id)
            if event.status not in ("running", "paused"):
                raise Refusal(_("Tournament #{id} is {status}.", id=event.id, status=status_word(event.status)))
            raise Refusal(_("They have already left tournament #{id}.", id=event.id) if by is not None else
                          _("You have already left tournament #{id}.", id=event.id))
        # Outside the event's lock: the resignation ends the match, whose listener takes that lock.
        resigned = await self.pairing.resign_dropped(tournament_id, [user_id])
        await self.pairing.advance(tournament_id)
        return await self.get(tournament_id), resigned

    async def adjudicate(self, tournament_id: int, match_id: int, result: str, by: int, by_name: str, *,
                         organiser: bool = False) -> Tournament:
        """The organiser decides a table's result (`RESULTS`), logged with their name; a running match ends with
        the same result (so its rating agrees), a finished one keeps its own (the table's result stands over it)."""
        event = await self.get(tournament_id)
        self.require_organiser(event, by, organiser)
        if result not in RESULTS:
            raise Refusal(_("A result is one of {results}.", results=", ".join(RESULTS)))
        table = next((t for t in event.tables if t.match_id == match_id), None)
        if table is None:
            raise Refusal(_("Match #{match} is not a match of tournament #{id}.", match=match_id, id=event.id))
        if result != "draw" and result != "double-forfeit" and event.pods_at(table.round):
            raise Refusal(_("In pods the organiser can adjudicate a draw (everyone shares 1st) or a double forfeit."))
        winner = 0 if result == "first" else 1 if result == "second" else None
        await self.clock.rule(event, table, winner, forfeit=result == "double-forfeit",
                              note=f"{NOTE_ORGANISER}{by_name[:40]}", overwrite=True)
        return await self.get(tournament_id)

    async def placements(self, user_id: int, limit: int = 10) -> list[TournamentPlacement]:
        """The user's places in finished events, newest first (for /profile)."""
        out = []
        for tournament_id in await self.store.tournaments.finished_tournaments_of(user_id, limit):
            event = await self.get(tournament_id)
            entrant = event.entrant_of(user_id)
            row = next((s for s in event.standings() if entrant and s.entrant == entrant.entrant), None)
            if row is not None:
                out.append(TournamentPlacement(event.id, event.title(), row.place, len(event.entrants), row.place_to))
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
