"""Lobbies: opening a match, taking and leaving seats, and starting it with a seat draw (or fixed seats); and each
server's settings, the defaults its lobbies open with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from data import GuildSettings, StaleWrite
from i18n import _, ngettext, shipped_codes
from matches import dice
from matches.agreements import TIMEOUT_RULES
from matches.computers import is_computer
from matches.model import Match, Refusal, Turn
from rules.base import one_of, quote

if TYPE_CHECKING:
    from matches.core import MatchCore
    from matches.ratings import Ratings

DEFAULT_TIME_CONTROL = 24 * 3600  # seconds per move unless the match or the server says otherwise
LOBBY_TTL = 24 * 3600  # an unstarted lobby closes after this


class Lobby:
    """`service.lobby`: lobbies and server settings over the match service's core; `ratings` says whether a new
    match is rated by default, and an unstarted lobby closes `ttl` seconds after it opened."""

    def __init__(self, core: MatchCore, ratings: Ratings, *, ttl: float = LOBBY_TTL) -> None:
        self.core = core
        self.ratings = ratings
        self.ttl = ttl

    async def create(self, game_name: str, *, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                     options: dict[str, str] | None = None, invited: Sequence[int] = (),
                     time_control: int | None = None, timeout_rule: str = "claim",
                     rematch_of: int | None = None, rated: bool | None = None,
                     table: tuple[int, int, int] | None = None) -> Match:
        """A new lobby. `rated` None: the default (`Ratings.default_rated`); tournaments pass True or False, and
        `table` (see `Store.create_match`: `Duplicate` when that table has its match)."""
        game = self.core.game(game_name)
        time_control = DEFAULT_TIME_CONTROL if time_control is None else int(time_control)
        if time_control < 0:
            raise Refusal(_("A time control is a number of seconds per move, or 0 for none."))
        if timeout_rule not in TIMEOUT_RULES:
            raise Refusal(_("When time runs out the rule is {rules}, not {rule}.", rules=one_of(TIMEOUT_RULES),
                            rule=quote(timeout_rule)))
        try:
            full = game.check_options(players, options)
            game.setup(players, full)  # options that only setup can judge (integer ranges, combinations)
        except ValueError as exc:
            raise Refusal(str(exc)) from None
        invited = [u for u in dict.fromkeys(invited) if u != creator_id]
        if 1 + len(invited) > players:
            raise Refusal(ngettext("You invited {n} player, but a {players}-player match has only {seats} seats "
                                   "besides yours.", "You invited {n} players, but a {players}-player match has only "
                                   "{seats} seats besides yours.", len(invited), players=players, seats=players - 1))
        if rated is None:
            rated = self.ratings.default_rated(players, (await self.guild_settings(guild_id)).rated)
        rated = rated and not any(is_computer(u) for u in (creator_id, *invited))
        now = self.core.now()
        record = await self.core.store.create_match(game=game.name, guild_id=guild_id, channel_id=channel_id,
                                               creator_id=creator_id, players=players, options=full, now=now,
                                               time_control=time_control, timeout_rule=timeout_rule,
                                               expires_at=now + self.ttl, rematch_of=rematch_of, rated=rated,
                                               table=table)
        # A computer (a rematch's) sits down at once; people are invited.
        rows = [(creator_id, False, True)] + [(u, not is_computer(u), is_computer(u)) for u in invited]
        await self.core.store.put_seats(record.id, rows, self.core.now())
        match = await self.core.load(record.id)
        self.core.cache[record.id] = match
        return match

    async def create_seated(self, game_name: str, *, guild_id: int | None, channel_id: int, creator_id: int,
                            users: Sequence[int], options: dict[str, str] | None = None,
                            time_control: int | None = None, timeout_rule: str = "claim",
                            rated: bool = False, table: tuple[int, int, int] | None = None) -> Turn:
        """A match started at once with `users` in this seat order (a tournament's pairing fixes who moves first,
        so no seat draw is made: line 0 says `seats fixed`); the dice still come from a fresh committed seed.

        `table` (tournament, round, board): created already linked to that table (`Duplicate`, and nothing made,
        when it has its match: `start_seated` adopts that one)."""
        if len(set(users)) != len(users):
            raise Refusal(_("A player can take one seat of a match only."))
        rated = rated and not any(is_computer(u) for u in users)  # a computer's results stay out of the ratings
        match = await self.create(game_name, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                                  players=len(users), options=options, time_control=time_control,
                                  timeout_rule=timeout_rule, rated=rated, table=table)
        turn = await self.start_seated(match.id, users)
        if turn is None:
            raise Refusal(_("Match #{id} was started elsewhere at the same moment.", id=match.id))
        return turn

    async def start_seated(self, match_id: int, users: Sequence[int]) -> Turn | None:
        """Start a created match with `users` in this seat order (see `create_seated`); None if it is no longer a
        lobby (started by another process, or before a restart). What a restart adopts: a tournament table's match
        created and linked, but not started when the process stopped."""
        async with self.core.hold(match_id) as match:
            if match.status != "lobby":
                return None
            await self.put_seats(match, [(u, False, True) for u in users])  # compare-and-set: still this lobby
            seed = self.core.new_seed()
            state = match.game.setup(match.players, match.record.options)
            events, state = self.core.resolve(match, state, 0, seed)
            await self.core.commit(match, state, events, seats=list(users), seat_draw=dice.SEATS_FIXED, seed=seed)
            return Turn(match, events)

    async def set_message(self, match_id: int, channel_id: int, message_id: int) -> None:
        match = await self.core.get(match_id)
        revision = await self.core.store.set_message(match_id, channel_id, message_id)
        match.record = replace(match.record, channel_id=channel_id, message_id=message_id,
                               revision=self.core.next_revision(match, revision))

    def require_lobby(self, match: Match) -> None:
        """Refuse unless `match` is still a lobby (not started, not closed)."""
        if match.status != "lobby":
            if match.status == "active":
                raise Refusal(_("Match #{id} has already started.", id=match.id))
            raise Refusal(_("Match #{id} has already ended.", id=match.id))

    async def put_seats(self, match: Match, rows: list[tuple[int, bool, bool]]) -> None:
        """Write the new seat list only if the seats are still those this process saw (another process may share
        the database): otherwise reload and refuse, and the player presses again on the fresh lobby."""
        seen = [(s.user_id, s.invited, s.joined) for s in match.seats]
        try:
            await self.core.store.put_seats(match.id, rows, self.core.now(), expected=seen)
        except StaleWrite:
            await self.core.refresh(match)
            raise Refusal(_("Lobby #{id} changed at the same moment; look at it and try again.", id=match.id)) \
                from None
        match.seats = await self.core.store.seats(match.id)

    async def join(self, match_id: int, user_id: int) -> Match:
        async with self.core.hold(match_id) as match:
            self.require_lobby(match)
            rows = [(s.user_id, s.invited, s.joined) for s in match.seats]
            for i, (uid, invited, joined) in enumerate(rows):
                if uid == user_id:
                    if joined:
                        raise Refusal(_("You are already seated in match #{id}.", id=match.id))
                    rows[i] = (uid, invited, True)
                    break
            else:
                if len(rows) >= match.players:
                    if any(r[1] for r in rows):
                        raise Refusal(_("Match #{id} is full ({seats} seats, some kept for invited players).",
                                        id=match.id, seats=match.players))
                    raise Refusal(_("Match #{id} is full ({seats} seats).", id=match.id, seats=match.players))
                rows.append((user_id, False, True))
            await self.put_seats(match, rows)
            return match

    async def leave(self, match_id: int, user_id: int) -> Match:
        """Leave a lobby; when the creator leaves, the lobby is closed."""
        async with self.core.hold(match_id) as match:
            self.require_lobby(match)
            if match.seat_of(user_id) is None:
                raise Refusal(_("You are not seated in match #{id}.", id=match.id))
            if user_id == match.record.creator_id:
                closed = await self.core.store.set_lobby(match.id, players=match.players, status="aborted",
                                                    now=self.core.now())
                await self.core.refresh(match)
                if not closed:  # started (or closed) by another process meanwhile
                    self.require_lobby(match)
                return match
            rows = [(s.user_id, s.invited, s.joined) for s in match.seats if s.user_id != user_id]
            await self.put_seats(match, rows)
            return match

    async def start(self, match_id: int, user_id: int) -> Turn:
        async with self.core.hold(match_id) as match:
            self.require_lobby(match)
            if user_id != match.record.creator_id:
                raise Refusal(_("Only the player who opened the lobby can start it."))
            joined = [s.user_id for s in match.seats if s.joined]
            if len(joined) != match.players:
                waiting = [s.user_id for s in match.seats if not s.joined]
                missing = match.players - len(joined)
                needs = _("The match needs {players} players and has {joined}.", players=match.players,
                          joined=len(joined))
                if waiting:
                    open_seats = ngettext("{n} seat is still open, waiting for {invited} invited player(s).",
                                          "{n} seats are still open, waiting for {invited} invited player(s).",
                                          missing, invited=len(waiting))
                else:
                    open_seats = ngettext("{n} seat is still open.", "{n} seats are still open.", missing)
                # Translators: {needs} is "The match needs 4 players and has 2."; {open} says how many seats are open.
                raise Refusal(_("{needs} {open}", needs=needs, open=open_seats))
            # Seats (and with them colours and turn order) are drawn like every chance outcome: from the secret
            # seed committed to now (its SHA-256 is published; the seed itself when the match ends).
            seed = self.core.new_seed()
            drawn = dice.seat_order(len(joined), seed, match.id)
            order = [joined[i] for i in drawn]
            state = match.game.setup(match.players, match.record.options)
            events, state = self.core.resolve(match, state, 0, seed)
            await self.core.commit(match, state, events, seats=order, seat_draw=dice.seat_line(drawn), seed=seed)
            return Turn(match, events)

    # ---- a server's settings: the defaults of its lobbies -----------------------------------------------------
    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        """The server's settings (the defaults where it has saved none, and outside a server)."""
        return await self.core.store.users.guild_settings(guild_id) if guild_id is not None else GuildSettings(0)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Store a server's settings, refused (and nothing changed) for a game or timeout rule that does not exist."""
        unknown = set(settings.disabled_games) - set(self.core.games)
        if unknown:
            raise Refusal(_("Unknown game {names}; games: {games}.", names=", ".join(quote(u) for u in sorted(unknown)),
                            games=", ".join(sorted(self.core.games))))
        if settings.timeout_rule not in TIMEOUT_RULES:
            raise Refusal(_("The timeout rule is {rules}.", rules=one_of(TIMEOUT_RULES)))
        if settings.language is not None and settings.language not in shipped_codes():
            raise Refusal(_("Tabletop speaks {codes}; not {code}.", codes=", ".join(shipped_codes()),
                            code=quote(settings.language)))
        await self.core.store.users.put_guild_settings(settings)
