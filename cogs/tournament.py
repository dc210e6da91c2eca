"""`/tournament`: organise an event (create, Start, pause, resume, cancel, remove, result) and follow it (standings,
pairings, drop, list). Thin: `tournaments.TournamentService` does the work; rounds and the final post come from its
listeners.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits, markup
from cogs.base import TIME_CONTROLS, option_choices
from cogs.host import Host, host
from cogs.tournament_files import bracket_file, export_files, standings_file
from cogs.tournament_posts import (
    TournamentButton,
    deadline_rule,
    final_view,
    round_embed,
    signup_embed,
    signup_view,
    standings_embed,
)
from cogs.ui import (
    GAME_CHOICES,
    defer_private,
    guarded,
    jump_url,
    listed,
    posting_channel,
    publish,
    reply,
    require_posting,
    typed,
)
from data.tournaments import TableRecord
from i18n import N_, _, ngettext, slash
from matches import Match, Refusal, Turn
from tournament_rules.playoff import CUTS
from tournaments import RESULTS, Tournament
from tournaments.adjudicator import THRESHOLD
from tournaments.model import status_word
from tournaments.rounds import HALFWAY, NOBODY_MOVED, ONE_SIDE_MOVED, Ruling

log = logging.getLogger(__name__)
FORMAT_CHOICES = [("Swiss", "swiss"), ("Round robin", "roundrobin"), ("Double round robin", "double-roundrobin"),
                  ("Elimination", "elimination"), ("Double elimination (two sides per match)", "double-elimination"),
                  ("Pods (three or more sides per match)", "pods")]
DEADLINE_CHOICES = [("tell the organiser (default)", "ping"), ("double forfeit of unfinished matches", "forfeit"),
                    ("the computer adjudicates unfinished matches (a win from 90 %, else a draw)", "adjudicate")]
# The choices' names are translated by the command tree at sync; a reply that names the chosen result says it again
RESULT_CHOICES = [(N_("first-listed side wins"), "first"), (N_("second-listed side wins"), "second"),
                  (N_("draw"), "draw"), (N_("double forfeit (nobody scores)"), "double-forfeit")]
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


async def is_organiser(interaction: discord.Interaction) -> bool:
    """Manage Server, or the role `/settings organiser-role` names, may organise any event of this server: asked
    afresh at every organiser action, so a role cleared or taken away takes the power with it (creating an event
    gives none of its own). @everyone is never the organiser role (the setting refuses it)."""
    member = interaction.user
    if interaction.guild_id is None:
        return False
    held = member.guild_permissions if isinstance(member, discord.Member) else interaction.permissions
    if held.manage_guild:
        return True
    bot: Any = interaction.client
    role = await bot.service.store.tournaments.organiser_role(interaction.guild_id)
    if role is None or role == interaction.guild_id:  # @everyone's id is the server's: stored before it was refused
        return False
    return any(r.id == role for r in getattr(member, "roles", ()))


@app_commands.guild_only()
class TournamentCog(commands.GroupCog, group_name="tournament", group_description="Tournaments: Swiss, round robin, "
                    "elimination and pods, one match per pairing"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.tournaments = bot.tournaments
        self.tournaments.on_round.append(self.post_round)
        self.tournaments.on_end.append(self.post_final)
        self.tournaments.on_notice.append(self.round_notice)
        self.tournaments.on_ruling.append(self.post_rulings)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)
        self.bot.on_start.append(self.recover)

    async def recover(self) -> None:
        """Results that came in while the bot was down, matches a crash did not start, rounds now due."""
        try:
            await self.tournaments.recover()
        except Exception:
            log.exception("tournament recovery failed; it is tried again at the next start")

    async def cog_unload(self) -> None:
        if self.recover in self.bot.on_start:
            self.bot.on_start.remove(self.recover)
        # the service outlives the cog (bot.py builds it): only the cog's own listeners go with it
        if self.post_round in self.tournaments.on_round:
            self.tournaments.on_round.remove(self.post_round)
        if self.post_final in self.tournaments.on_end:
            self.tournaments.on_end.remove(self.post_final)
        if self.round_notice in self.tournaments.on_notice:
            self.tournaments.on_notice.remove(self.round_notice)
        if self.post_rulings in self.tournaments.on_ruling:
            self.tournaments.on_ruling.remove(self.post_rulings)

    async def standings_file(self, event: Tournament, *, final: bool = False,
                             before_round: int | None = None) -> discord.File:
        return await standings_file(self.tournaments, event, final=final, before_round=before_round)

    async def event_for(self, interaction: discord.Interaction, number: int | None) -> Tournament:
        if number is not None:
            return await self.tournaments.get_visible(number, interaction.guild_id)
        return await self.tournaments.current_for(interaction.guild_id, interaction.user.id)

    # ---- posting (the service's listeners) --------------------------------------------------------------------
    async def post_round(self, event: Tournament, round_no: int, started: list[tuple[TableRecord, Turn]]) -> None:
        """The round's pairings, then each match's first board (in its own thread where threads are on), with a
        ping and a DM for every player: the posts in the server's language, each DM in its player's."""
        channel = await self.tables.channel(event.record.channel_id)
        settings = await self.bot.service.guild_settings(event.record.guild_id)
        code = (await self.tables.server_language(event.record.guild_id)).code
        links: dict[int, str] = {}
        for table, turn in started:
            match = turn.match
            if settings.use_threads:
                with i18n.speaking(code):
                    head_text = _("{game} · tournament #{id} · round {round}, board {board} · match #{match}",
                                  game=event.game_title, id=event.id, round=round_no, board=table.board,
                                  match=match.id)
                    thread_name = _("#{id} R{round} B{board} · match {match}", id=event.id, round=round_no,
                                    board=table.board, match=match.id)
                head = await limits.send(channel, head_text)
                try:
                    thread = await limits.create_thread(head, thread_name)
                    await self.bot.service.set_message(match.id, thread.id, head.id)
                except discord.HTTPException as exc:
                    log.info("no thread for tournament match %s: %s", match.id, exc)
            with i18n.speaking(code):
                opening = _("Tournament #{id}, round {round}, board {board}: the match has started, seated as paired "
                            "(who moves first is balanced over the event).", id=event.id, round=round_no,
                            board=table.board)
            await self.tables.post_turn(turn, started=True, opening=opening)
            link = jump_url(match)
            if link:
                links[match.id] = link
            for user in match.user_ids:
                await self.tables.notify(match, user, partial(started_words, event, round_no, match.id, link))
        everyone = " ".join(f"<@{u}>" for t, _turn in started for e in t.entrants for u in event.entrant(e).members)
        with i18n.speaking(code):
            embed = round_embed(event, round_no, links)
            # a bracket as it stands (elimination, double elimination, a top cut's playoff), else the standings
            # going into the round (round 1: the entrants in seed order)
            file = await bracket_file(self.tournaments, event) if event.in_bracket(round_no) else None
            file = file or await self.standings_file(event, before_round=round_no)
        embed.set_image(url=f"attachment://{file.filename}")
        await limits.send(channel, content=everyone or None, embed=embed, allowed_mentions=MENTION_USERS, file=file)

    async def post_final(self, event: Tournament) -> None:
        """The final standings with the podium, the rating changes and the bracket, in the server's language."""
        channel = await self.tables.channel(event.record.channel_id)
        rows = event.standings()
        names = await self.tournaments.names(event)
        moves = await self.tournaments.rating_moves(event)
        with i18n.speaking((await self.tables.server_language(event.record.guild_id)).code):
            embed = standings_embed(event, rows, names, final=True)
            if moves:
                embed.add_field(name=_("Rating changes"), inline=False, value="\n".join(
                    f"<@{user}> {before.label} → {after.label} ({after.display - before.display:+d})"
                    for user, (before, after) in sorted(moves.items(),
                                                        key=lambda m: m[1][0].display - m[1][1].display)))
            embed.set_image(url="attachment://standings.png")
            files = [await self.standings_file(event, final=True)]
            bracket = await bracket_file(self.tournaments, event)
            files += [bracket] if bracket is not None else []
            content = _("Tournament #{id} is over.", id=event.id)
            view = final_view(event)
        await limits.send(channel, content=content, embed=embed, files=files, view=view)
        await self.refresh_signup(event)

    async def signup_buttons(self, event: Tournament) -> discord.ui.View | None:
        """Join / Leave / Start while sign-up is open, and the event's Watch link once the server has web pages
        (labelled in the language being spoken)."""
        return signup_view(event, await self.bot.service.web.event_url(event.record.guild_id, event.id))

    async def signup_message(self, event: Tournament) -> dict[str, Any]:
        """The sign-up message's embed and buttons in the server's language (a public post, whoever pressed)."""
        watch = await self.bot.service.web.event_url(event.record.guild_id, event.id)
        with i18n.speaking((await self.tables.server_language(event.record.guild_id)).code):
            return {"embed": signup_embed(event), "view": signup_view(event, watch)}

    async def shared_language(self, event: Tournament, public: bool) -> str:
        """What a reply is made in: the asker's language (being spoken), or the server's when it is posted for
        everyone."""
        return (await self.tables.server_language(event.record.guild_id)).code if public else i18n.active().code

    async def announce(self, event: Tournament, make: Any, **kwargs: Any) -> None:
        """Post `make()`'s words in the event's channel, made in the server's language."""
        channel = await self.tables.channel(event.record.channel_id)
        with i18n.speaking((await self.tables.server_language(event.record.guild_id)).code):
            text = make()
        await limits.send(channel, text, **kwargs)

    async def round_notice(self, event: Tournament, level: int, tables: list[TableRecord]) -> None:
        """A round's halfway reminder (DM in the player's language, else a mention in the match's channel) to both
        players of every match nobody has started, or the organiser's notice (in the server's language) that a round
        of a set length reached its deadline."""
        deadline = event.round_deadline()
        if level == HALFWAY:
            for table in tables:
                if table.match_id is None:  # a bye: no match, nobody to remind
                    continue
                match = await self.bot.service.get(table.match_id)
                for user in match.user_ids:
                    if await self.bot.service.wants_notice(user, match.game.name, "reminders"):
                        await self.tables.notify(match, user, fallback=True,
                                                 text=partial(halfway_words, event, match, deadline))
            return
        if tables:
            await self.announce(event, partial(overdue_words, event, tables), allowed_mentions=MENTION_USERS)

    async def post_rulings(self, event: Tournament, rulings: list[Ruling]) -> None:
        """What a round's deadline decided (the event's rule: a double forfeit, or the computer's adjudication with
        its evaluation), in the event's channel in the server's language, then each ended match's final board."""
        names = await self.tournaments.names(event)
        channel = await self.tables.channel(event.record.channel_id)
        with i18n.speaking((await self.tables.server_language(event.record.guild_id)).code):
            lines = []
            for ruling in rulings:
                sides = [" & ".join(markup.name(names.get(e, _("entrant {n}", n=e))) for e in side)
                         for side in event.table_sides(ruling.table)]
                lines.append(_("• match #{id}: {ruling}", id=ruling.table.match_id,
                               ruling=ruling_words(ruling, sides)))
            head = _("⏰ Round {round} of tournament #{id} reached its deadline; decided:",
                     round=rulings[0].table.round, id=event.id)
            tail = _("An organiser can still change a result with {result}.", result=slash("tournament result"))
        for text in limits.in_messages([head, *lines, tail]):  # a large round: several messages, none cut
            await limits.send(channel, text, allowed_mentions=discord.AllowedMentions.none())
        for ruling in rulings:
            assert ruling.table.match_id is not None
            match = await self.bot.service.get(ruling.table.match_id)
            if match.status != "active":
                await self.tables.post_turn(Turn(match, []))

    async def refresh_signup(self, event: Tournament) -> None:
        """The sign-up message brought up to date, in the server's language."""
        if event.record.message_id is None:
            return
        try:
            message = await self.signup_message(event)
            channel = await self.tables.channel(event.record.channel_id)
            await limits.edit_in(channel, event.record.message_id, **message)
        except discord.HTTPException as exc:
            log.info("could not update the sign-up message of tournament %s: %s", event.id, exc)

    # ---- buttons ----------------------------------------------------------------------------------------------
    async def button(self, interaction: discord.Interaction, verb: str, tournament_id: int) -> None:
        user = interaction.user.id
        # Answered before any read: Rematch privately (it opens a new sign-up), the others by editing the sign-up
        # message they are on once the event has changed (a refusal comes as a private follow-up).
        if verb == "rematch":
            await defer_private(interaction)
        else:
            await interaction.response.defer()
        if verb == "join":
            event = await self.tournaments.join(tournament_id, user)
        elif verb == "leave":
            event = await self.tournaments.leave(tournament_id, user)
        elif verb == "checkin":
            event = await self.tournaments.check_in(tournament_id, user)
        elif verb == "rematch":
            old = await self.tournaments.get_visible(tournament_id, interaction.guild_id)
            require_posting(await self.tables.channel(old.record.channel_id))
            event = await self.tournaments.rematch(tournament_id, user, organiser=await is_organiser(interaction))
            channel = await self.tables.channel(event.record.channel_id)
            with i18n.speaking((await self.tables.server_language(event.record.guild_id)).code):
                content = _("Rematch of tournament #{id}: sign-up is open.", id=old.id)
            message = await limits.send(channel, content=content, **await self.signup_message(event))
            await self.tournaments.set_message(event.id, message.channel.id, message.id)
            await reply(interaction, _("Tournament #{id} is open for sign-up: {link}", id=event.id,
                                       link=message.jump_url))
            return
        else:
            event = await self.tournaments.get_visible(tournament_id, interaction.guild_id)
            self.tournaments.require_organiser(event, user, await is_organiser(interaction))
            require_posting(await self.tables.channel(event.record.channel_id))
            event = await self.tournaments.start(tournament_id, user, organiser=await is_organiser(interaction))
        await limits.edit_original(interaction, **await self.signup_message(event))

    # ---- commands -------------------------------------------------------------------------------------------------
    @app_commands.command(name="create", description="Open sign-up for a tournament in this channel (organisers)")
    @app_commands.describe(game="The game", format="Swiss, round robin, elimination, double elimination or pods",
                           players_per_match="Seats per match (default: the game's smallest)",
                           options="Rule options for every match, name=value (autocomplete, once the game is chosen)",
                           time="Time per move",
                           timeout="When a player's time runs out (default: the late player forfeits)",
                           rounds="Rounds (Swiss and pods; default from the number of entrants)",
                           max_players="Most players who may sign up",
                           signup_closes="Sign-up closes in this many hours",
                           rated="Whether the matches are rated",
                           teams="Team games: fixed teams (registered or drawn at the start) or drawn every round",
                           playoff="Swiss or pods: a single-elimination top cut of the best 4, 8 or 16 afterwards",
                           reset="Double elimination: replay the grand final when the losers' bracket's winner "
                                 "wins it (default on)",
                           round_hours="Hours each round lasts (default: until every match must have started)",
                           deadline="What a round's end does to the matches still running (needs round-hours)",
                           vacation="Whether a player's /vacation pauses their match clocks (default off)")
    @app_commands.rename(players_per_match="players-per-match", max_players="max-players",
                         signup_closes="signup-closes", round_hours="round-hours")
    @app_commands.choices(time=[app_commands.Choice(name=k, value=v) for k, v in TIME_CONTROLS.items()])
    @app_commands.choices(format=[app_commands.Choice(name=n, value=v) for n, v in FORMAT_CHOICES],
                          timeout=[app_commands.Choice(name="opponents may claim the win", value="claim"),
                                   app_commands.Choice(name="the late player forfeits", value="forfeit")],
                          game=GAME_CHOICES,
                          teams=[app_commands.Choice(name="fixed for the whole event", value="fixed"),
                                 app_commands.Choice(name="drawn anew every round", value="per-round")])
    @app_commands.choices(playoff=[app_commands.Choice(name=f"top {n}", value=n) for n in CUTS])
    @app_commands.choices(deadline=[app_commands.Choice(name=n, value=v) for n, v in DEADLINE_CHOICES])
    async def create(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                     format: app_commands.Choice[str],
                     players_per_match: int | None = None, options: str | None = None,
                     time: app_commands.Choice[int] | None = None, timeout: app_commands.Choice[str] | None = None,
                     rounds: app_commands.Range[int, 1, 50] | None = None,
                     max_players: app_commands.Range[int, 2, 1000] | None = None,
                     signup_closes: app_commands.Range[int, 1, 24 * 60] | None = None,
                     rated: bool | None = None, teams: app_commands.Choice[str] | None = None,
                     playoff: app_commands.Choice[int] | None = None, reset: bool = True,
                     round_hours: app_commands.Range[int, 1, 24 * 30] | None = None,
                     deadline: app_commands.Choice[str] | None = None, vacation: bool = False) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the organiser role is read
            if not await is_organiser(interaction):
                raise Refusal(_("Creating a tournament needs the Manage Server permission or the organiser role "
                                "({role}); ask a server admin.", role=slash("settings organiser-role")))
            assert interaction.channel_id is not None
            name = game.value
            cog = self.tables.cogs.get(name)
            if cog is None:
                raise Refusal(_("Unknown game {game}; games: {games}.", game=markup.typed(name),
                                games=", ".join(sorted(self.bot.service.games))))
            settings = await self.bot.service.guild_settings(interaction.guild_id)
            if name in settings.disabled_games:
                raise Refusal(_("{game} is switched off on this server.", game=cog.game.title))
            require_posting(interaction.channel)
            parsed = cog.parse_options(typed(options or "", _("an option list")))
            closes = self.bot.service.now() + signup_closes * 3600 if signup_closes else None
            event = await self.tournaments.create(
                name, format.value, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                organiser_id=interaction.user.id, players=players_per_match, options=parsed,
                time_control=time.value if time else None, timeout_rule=timeout.value if timeout else "forfeit",
                rounds=rounds, max_players=max_players, signup_closes=closes, rated=rated,
                teams=teams.value if teams else "fixed", playoff=playoff.value if playoff else None, reset=reset,
                round_hours=round_hours, deadline=deadline.value if deadline else "ping", vacation=vacation)
            message = await limits.send(posting_channel(interaction), **await self.signup_message(event))
            await self.tournaments.set_message(event.id, message.channel.id, message.id)
            await reply(interaction, _("Tournament #{id} is open for sign-up: {link}", id=event.id,
                                       link=message.jump_url))
        await guarded(interaction, work)

    @create.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's rule options, as /<game> new offers them (none until a game is chosen)."""
        cog = self.tables.cogs.get(str(getattr(interaction.namespace, "game", "") or ""))
        return [] if cog is None else option_choices(cog.game, current)

    @app_commands.command(name="team", description="Register your team for a team event (you and your partners)")
    @app_commands.describe(partner1="A team mate", partner2="Another team mate (teams of three)",
                           tournament="Tournament number (default: the one signing up here)")
    async def team(self, interaction: discord.Interaction, partner1: discord.User,
                   partner2: discord.User | None = None, tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            mates = [u for u in (partner1, partner2) if u is not None]
            if any(u.bot for u in mates):
                raise Refusal(_("A team is made of people, not bots."))
            event = await self.tournaments.register_team(event.id, interaction.user.id, [u.id for u in mates])
            names = " & ".join(f"<@{u}>" for u in [interaction.user.id, *(u.id for u in mates)])
            await reply(interaction, _("Team {names} is registered for tournament #{id}.", names=names, id=event.id),
                        allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_signup(event)
        await guarded(interaction, work)

    @app_commands.command(name="standings", description="A tournament's standings (only to you unless public)")
    @app_commands.describe(tournament="Tournament number (default: the one running here)",
                           public="Post them in the channel for everyone")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None,
                        public: bool = False) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            final = event.status == "finished"
            names = await self.tournaments.names(event)
            with i18n.speaking(await self.shared_language(event, public)):  # shared: the server's language
                embed = standings_embed(event, event.standings(), names, final=final)
                embed.set_image(url="attachment://standings.png")
                file = await self.standings_file(event, final=final)
            await publish(interaction, public, embed=embed, file=file)
        await guarded(interaction, work)

    @app_commands.command(name="bracket", description="An elimination event's bracket (only to you unless public)")
    @app_commands.describe(tournament="Tournament number (default: the one running here)",
                           public="Post it in the channel for everyone")
    async def bracket(self, interaction: discord.Interaction, tournament: int | None = None,
                      public: bool = False) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            with i18n.speaking(await self.shared_language(event, public)):  # shared: the server's language
                file = await bracket_file(self.tournaments, event)
                title = _("{title} (tournament #{id})", title=event.title(), id=event.id)
            if file is None:
                raise Refusal(_("Tournament #{id} has no bracket: its top cut begins after the last round.",
                                id=event.id) if event.playoff is not None else
                              _("Tournament #{id} has no bracket: brackets are for elimination and double elimination "
                                "tournaments and top cuts.", id=event.id))
            await publish(interaction, public, title, file=file)
        await guarded(interaction, work)

    @app_commands.command(name="export", description="A tournament's standings and pairings as CSV (Swiss: also a "
                                                     "FIDE TRF file), only to you")
    @app_commands.describe(tournament="Tournament number (default: the one running here)")
    async def export(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            files = await export_files(self.tournaments, event)
            await reply(interaction, _("Tournament #{id}: standings and every pairing with its result, and the TRF-16 "
                                       "file for pairing programs.", id=event.id) if len(files) > 2 else
                        _("Tournament #{id}: standings and every pairing with its result.", id=event.id),
                        files=files, ephemeral=True)
        await guarded(interaction, work)

    @app_commands.command(name="pairings", description="A round's pairings and results (only to you)")
    @app_commands.describe(round="Round number (default: the current round)", tournament="Tournament number")
    async def pairings(self, interaction: discord.Interaction, round: int | None = None,
                       tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            number = round if round is not None else event.round
            if number < 1 or number > event.round:
                raise Refusal(_("Tournament #{id} has played rounds 1 to {last}; there is no round {n}.", id=event.id,
                                last=event.round, n=number) if event.round else
                              _("Tournament #{id} has not started yet.", id=event.id))
            await reply(interaction, embed=round_embed(event, number))
        await guarded(interaction, work)

    @app_commands.command(name="drop", description="Leave the tournament: your running match is resigned")
    @app_commands.describe(tournament="Tournament number (default: yours here)")
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            event, resigned = await self.tournaments.drop(event.id, interaction.user.id)
            await reply(interaction, " ".join([_("You left tournament #{id}; your results so far stand.", id=event.id),
                                               *(_("Match #{id} was resigned.", id=t.match.id) for t in resigned)]))
            await self.after_drop(event, resigned, interaction.user.id, removed=False)
        await guarded(interaction, work)

    async def after_drop(self, event: Tournament, resigned: list[Turn], user_id: int, *, removed: bool) -> None:
        """The boards of the resigned matches, then the sign-up message or a line in the event's channel."""
        for turn in resigned:
            await self.tables.post_turn(turn)
        if event.status == "signup":
            await self.refresh_signup(event)
            return
        who = f"<@{user_id}>"
        await self.announce(event, lambda: _("{player} was removed from tournament #{id}; they are not paired again.",
                                             player=who, id=event.id) if removed else
                            _("{player} left tournament #{id}; they are not paired again.", player=who, id=event.id),
                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="remove", description="Remove a player from the tournament (organisers)")
    @app_commands.describe(user="The player", tournament="Tournament number (default: the one running here)")
    async def remove(self, interaction: discord.Interaction, user: discord.User,
                     tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            self.tournaments.require_organiser(event, interaction.user.id, await is_organiser(interaction))
            event, resigned = await self.tournaments.drop(event.id, user.id, by=interaction.user.id,
                                                     organiser=await is_organiser(interaction))
            await reply(interaction, _("{player} was removed from tournament #{id}.", player=f"<@{user.id}>",
                                       id=event.id))
            await self.after_drop(event, resigned, user.id, removed=True)
        await guarded(interaction, work)

    @app_commands.command(name="result", description="Decide a tournament match's result (organisers)")
    @app_commands.describe(match="The match number", result="The result that stands")
    @app_commands.choices(result=[app_commands.Choice(name=n, value=v) for n, v in RESULT_CHOICES])
    async def result(self, interaction: discord.Interaction, match: int, result: app_commands.Choice[str]) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            found = await self.bot.service.get_visible(match, interaction.user.id, interaction.guild_id)
            table = await self.bot.service.store.tournaments.table_of_match(found.id)
            if table is None:
                raise Refusal(_("Match #{id} is not a tournament match.", id=found.id))
            event = await self.tournaments.get_visible(table.tournament_id, interaction.guild_id)
            self.tournaments.require_organiser(event, interaction.user.id, await is_organiser(interaction))
            assert result.value in RESULTS
            allowed = await is_organiser(interaction)
            running = found.status == "active"
            event = await self.tournaments.adjudicate(event.id, found.id, result.value, interaction.user.id,
                                                 interaction.user.display_name, organiser=allowed)
            ended = running and found.status != "active"
            words = _(result.name)
            note = _("The match is over with that result.") if ended else \
                _("The match went on (a move came in at the same moment); its result no longer counts.") \
                if running else _("The match had ended: its own result stays on its board and in the ratings.")
            await reply(interaction, _("Match #{match} of tournament #{id}: {result}. {note}", match=found.id,
                                       id=event.id, result=words, note=note))
            if ended:
                await self.tables.post_turn(Turn(found, []))
            await self.announce(event, partial(adjudicated_words, event.id, found.id, result.name,
                                               f"<@{interaction.user.id}>"),
                                allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)

    async def _organiser_step(self, interaction: discord.Interaction, tournament: int | None, verb: str) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            self.tournaments.require_organiser(event, interaction.user.id, await is_organiser(interaction))
            service = self.tournaments
            step = {"pause": service.pause, "resume": service.resume, "cancel": service.cancel}[verb]
            event = await step(event.id, interaction.user.id, organiser=await is_organiser(interaction))
            await reply(interaction, step_words(verb, event.id))
            await self.announce(event, lambda: step_words(verb, event.id, f"<@{interaction.user.id}>"),
                                allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_signup(event)
        await guarded(interaction, work)

    @app_commands.command(name="checkin", description="Open check-in: only players who check in play (organisers)")
    @app_commands.describe(tournament="Tournament number (default: the one signing up here)")
    async def checkin(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            event = await self.event_for(interaction, tournament)
            event = await self.tournaments.open_checkin(event.id, interaction.user.id,
                                                   organiser=await is_organiser(interaction))
            await self.refresh_signup(event)
            await self.announce(event, lambda: _("Check-in for tournament #{id} is open: press **{button}** on the "
                                                 "sign-up message to play. {players}", id=event.id,
                                                 button=TournamentButton.label("checkin"),
                                                 players=" ".join(f"<@{u}>" for u in event.signups)).strip(),
                                allowed_mentions=MENTION_USERS)
            await reply(interaction, _("Check-in for tournament #{id} is open.", id=event.id))
        await guarded(interaction, work)

    @app_commands.command(name="pause", description="Pause the tournament: no new round is paired (organisers)")
    @app_commands.describe(tournament="Tournament number (default: the one running here)")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organiser_step(interaction, tournament, "pause")

    @app_commands.command(name="resume", description="Resume a paused tournament (organisers)")
    @app_commands.describe(tournament="Tournament number (default: the one running here)")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organiser_step(interaction, tournament, "resume")

    @app_commands.command(name="cancel", description="Cancel the tournament (organisers)")
    @app_commands.describe(tournament="Tournament number (default: the one running here)")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organiser_step(interaction, tournament, "cancel")

    @app_commands.command(name="list", description="This server's tournaments, running and past")
    async def list(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            tournaments = await self.tournaments.listing(interaction.guild_id)
            lines = []
            for event in tournaments[:30]:
                # 'Round 3 of 6 · Semi-finals': never past its total (a bracket's grows with replays and a reset)
                status = status_word(event.status)
                count = len(event.entrants) or len(event.signups)
                lines.append(ngettext("**#{id}** {title} — {status}, {where}, {n} entrant",
                                      "**#{id}** {title} — {status}, {where}, {n} entrants", count, id=event.id,
                                      title=event.title(), status=status,
                                      where=event.round_heading(event.round).words if event.round else status)
                             if event.round else
                             ngettext("**#{id}** {title} — {status}, {n} entrant",
                                      "**#{id}** {title} — {status}, {n} entrants", count, id=event.id,
                                      title=event.title(), status=status))
            await reply(interaction, "\n".join(lines) if lines else _("No tournaments on this server yet."))
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TournamentCog(host(bot)))


def overdue_words(event: Tournament, tables: list[TableRecord]) -> str:
    """The organiser's notice that a round of a set length reached its deadline with matches still running."""
    matches = listed([_("match #{id}", id=t.match_id) for t in tables])
    return _("⏰ Round {round} of tournament #{id} reached its deadline; still playing: {matches}. {organiser}: "
             "{result} decides a match.", round=event.round, id=event.id, matches=matches,
             result=slash("tournament result"),
             organiser=f"<@{event.record.organiser_id}>")


def adjudicated_words(tournament_id: int, match_id: int, result: str, who: str) -> str:
    """An organiser's ruling on a match, for the event's channel (`result`: the choice's English name)."""
    words = _(result)
    return _("Tournament #{id}, match #{match}: {result} (adjudicated by {who}).", id=tournament_id, match=match_id,
             result=words, who=who)


def started_words(event: Tournament, round_no: int, match_id: int, link: str | None) -> str:
    """A player's DM that their match of a new round has started (in their language: `Tables.notify` says it)."""
    return _("{title} (tournament #{id}), round {round}: your match #{match} has started. {link}",
             title=event.title(), id=event.id, round=round_no, match=match_id, link=link or "").strip()


def halfway_words(event: Tournament, match: Match, deadline: float | None) -> str:
    """A player's reminder that the round is half over and their match has not started."""
    when = f"<t:{int(deadline)}:R>" if deadline is not None else _("soon")
    return _("Round {round} of {title} (tournament #{id}) is half over and your match #{match} has not started: the "
             "round ends {when}. {link}", round=event.round, title=event.title(), id=event.id, match=match.id,
             when=deadline_rule(event.settings().deadline, when), link=jump_url(match) or "").strip()


def step_words(verb: str, tournament_id: int, by: str | None = None) -> str:
    """An organiser's pause, resume or cancel in words: to them, or (`by` their mention) in the event's channel."""
    if by is None:
        return {"pause": _("Tournament #{id} paused: no new round is paired until it resumes.", id=tournament_id),
                "resume": _("Tournament #{id} resumed.", id=tournament_id),
                "cancel": _("Tournament #{id} cancelled.", id=tournament_id)}[verb]
    return {"pause": _("Tournament #{id} was paused by {who}: no new round is paired until it resumes.",
                       id=tournament_id, who=by),
            "resume": _("Tournament #{id} was resumed by {who}.", id=tournament_id, who=by),
            "cancel": _("Tournament #{id} was cancelled by {who}.", id=tournament_id, who=by)}[verb]


def ruling_words(ruling: Ruling, sides: list[str]) -> str:
    """One table decided at a deadline, in words: the result, and why (the computer's winning chances per side)."""
    if ruling.double_forfeit:
        return _("double forfeit (nobody moved)") if ruling.kind == NOBODY_MOVED else \
            _("double forfeit (the event's deadline rule)")
    if ruling.kind == ONE_SIDE_MOVED:
        assert ruling.winner is not None
        return _("{side} wins by forfeit (the other side never moved)", side=sides[ruling.winner])
    evaluation = ruling.evaluation
    assert evaluation is not None
    # Translators: one side's winning chance in a list, "Ada 93 %"
    chances = ", ".join(_("{side} {chance}", side=side, chance=percent(chance))
                        for side, chance in zip(sides, evaluation.chances, strict=True))
    bar = percent(THRESHOLD)
    if ruling.winner is None:
        return _("drawn, adjudicated by the computer (winning chances {chances}: nobody reached {bar})",
                 chances=chances, bar=bar)
    return _("{side} wins, adjudicated by the computer (winning chances {chances}; {bar} wins)",
             side=sides[ruling.winner], chances=chances, bar=bar)


def percent(chance: float) -> str:
    """A winning chance as a whole percent, never rounded up to a certainty it is not (99.6 % shows 99 %)."""
    value = round(chance * 100)
    if value == 100 and chance < 1:
        value = 99
    if value == 0 and chance > 0:
        value = 1
    return f"{value} %"
