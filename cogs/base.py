"""The shared cog base: `GameCog` gives each game its commands (new, board, resign, rules, the match option).

A game's cog only names its game, its private-view label and its own action commands; everything else is here or
in `cogs.tables` (re-exported: `Tables`; the bot as cogs see it is `cogs.host.Host`). Replies speak the asker's
language (`guarded`), the lobby the server's (`Tables.lobby_message`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
import render
from cogs import limits, markup
from cogs.host import Host
from cogs.tables import Tables
from cogs.ui import (
    EMBED_COLOUR,
    PERMISSION_NAMES,
    THREADS,
    bot_missing,
    confirm_resign_view,
    defer_private,
    guarded,
    jump_url,
    missing_text,
    reply,
    require_posting,
    server_locale,
    typed,
)
from i18n import _, ngettext, pgettext, slash
from matches import Match, Refusal, history
from matches.computers import LEVELS
from render.lettering import cut_name
from rules import Game, State

# Commands a text names as `{fields}`: each field's (command, {option: value}), written by `i18n.slashes`.
Commands = Mapping[str, tuple[str, Mapping[str, str]]]

log = logging.getLogger(__name__)
MAX_CHOICES = 25  # Discord's limit for autocomplete
TIME_CONTROLS = {"10 minutes": 600, "1 hour": 3600, "24 hours": 86400, "3 days": 3 * 86400, "no clock": 0}

__all__ = ["MAX_CHOICES", "TIME_CONTROLS", "Commands", "GameCog", "Tables", "locale_for", "server_locale"]


# ---- whose language ------------------------------------------------------------------------------------------------
def locale_for(interaction: discord.Interaction) -> i18n.Language:
    """The asker's language, for what only they see (a private reply): their Discord client's locale."""
    return i18n.language(interaction.locale)


def option_choices(game: Game, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a list of rule options (`/<game> new options`, `/tournament create options`): the typed
    words, then each option not yet set with each value other than its default."""
    words = current.split()
    done, last = (words, "") if current.endswith(" ") or not words else (words[:-1], words[-1])
    taken = {w.split("=")[0] for w in done}
    suggestions = []
    for name, opt in game.options.items():
        if name in taken:
            continue
        values = [v for v in opt.choices if v != opt.default] or [f"{opt.default}"]
        for value in values:
            token = f"{name}={value}"
            if token.startswith(last.lower()):
                suggestions.append(" ".join([*done, token]))
    # The typed words come back in the choice: past 100 characters the value would be cut, so none is offered.
    return limits.choices((s, s) for s in suggestions if len(s) <= limits.CHOICE_NAME)


@app_commands.guild_only()  # matches are played in server channels: Discord offers the game commands only there
class GameCog(commands.GroupCog):
    """Base of every game's command group: new, board, resign, rules, and helpers for the game's own actions."""

    game_name: ClassVar[str]
    private_label: ClassVar[str | None] = None  # the board button for private information, e.g. "My hand"
    rules_summary: ClassVar[str] = ""
    # The commands `rules_summary` names as `{fields}`: (the command, its options), written in the reader's language.
    rules_commands: ClassVar[Commands] = {}

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.service = bot.service
        self.game: Game = self.service.game(self.game_name)
        super().__init__()
        self._fit_new_to_game()

    def _fit_new_to_game(self) -> None:
        """`/<game> new` offers only what this game can use: no player count for a game of one count, as many
        invites and computers as it has seats besides the creator's. (Each cog holds its own copy of the command.)"""
        params = self.new._params
        seats = max(self.game.player_counts) - 1
        if len(self.game.player_counts) == 1:
            del params["players"]
        for k in range(seats + 1, 6):
            del params[f"invite{k}"]
        # The parameter objects are shared by every game's copy of the command: replaced, not changed.
        params["computers"] = dataclasses.replace(params["computers"], max_value=seats)

    async def cog_load(self) -> None:
        self.tables.cogs[self.game_name] = self

    async def cog_unload(self) -> None:
        self.tables.cogs.pop(self.game_name, None)

    # ---- finding the match a command means ----------------------------------------------------------------------
    async def resolve(self, interaction: discord.Interaction, match_id: int | None, *, seated: bool = True) -> Match:
        if match_id is not None:  # another server's match only for its players: no board, names or link leak
            match = await self.service.get_visible(match_id, interaction.user.id, interaction.guild_id)
            if match.game.name != self.game_name:
                raise Refusal(_("Match #{id} is a {game} match; use {command}.", id=match_id, game=match.game.title,
                                command=slash(match.game.name)))
            return match
        mine = [m for m in await self.service.matches_for(interaction.user.id)
                if m.game.name == self.game_name and m.status == "active"]
        here = [m for m in mine if m.record.channel_id == interaction.channel_id] or mine
        if len(here) == 1:
            return here[0]
        if not here:
            if seated:
                raise Refusal(_("You have no running {game} match here. Start one with {new}.",
                                game=self.game.title, new=slash(f"{self.game_name} new")))
            raise Refusal(_("You have no running {game} match. Start one with {new}.",
                            game=self.game.title, new=slash(f"{self.game_name} new")))
        listing = ", ".join(f"#{m.id}" for m in here[:10])
        raise Refusal(_("You play several {game} matches ({matches}): choose one with the {option} option.",
                        game=self.game.title, matches=listing, option=i18n.option("match")))

    async def match_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[int]]:
        mine = [m for m in await self.service.matches_for(interaction.user.id)
                if m.game.name == self.game_name and m.status == "active"]
        choices = []
        with i18n.speaking(interaction.locale):  # not under `guarded`: the asker's language said here
            # Translators: between players' names in a match's label ("#12 · Ada vs Bo")
            versus = pgettext("between names", "vs")
        for m in mine:
            names = await self.service.names(m)
            label = f"#{m.id} · " + f" {versus} ".join(cut_name(n) for n in names)
            if current.strip().lstrip("#") in str(m.id) or current.lower() in label.lower():
                choices.append(limits.choice(label, m.id))
        return choices[:MAX_CHOICES]

    # ---- playing --------------------------------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, text: str, match_id: int | None) -> None:
        """The one path every game action takes: defer, act (committed), acknowledge, post the board."""
        async def work() -> None:
            typed(text)
            await defer_private(interaction)  # before the first read
            match = await self.resolve(interaction, match_id)
            require_posting(await self.tables.channel(match.record.channel_id))
            turn = await self.service.act(match.id, interaction.user.id, text, key=str(interaction.id))
            await reply(interaction, _("Played in match #{id}: {move}", id=match.id, move=turn.events[0].description))
            await self.tables.post_turn(turn)
        await guarded(interaction, work, match_id)

    async def mover(self, interaction: discord.Interaction) -> tuple[Match, State, int] | None:
        """For an autocomplete: the match the command is about, its state and the caller's seat, when that seat is
        to act in it now; None otherwise (no such match, a spectator, not their turn), so the list stays empty."""
        try:
            match = await self.resolve(interaction, getattr(interaction.namespace, "match", None))
        except Refusal:
            return None
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.state is None or seat not in match.actors():
            return None
        return match, match.state, seat

    async def action_choices(self, interaction: discord.Interaction, current: str,
                             keep: Any = None) -> list[app_commands.Choice[str]]:
        """Autocomplete from the caller's legal actions, filtered by what they typed, most useful first."""
        try:
            match = await self.resolve(interaction, getattr(interaction.namespace, "match", None))
        except Refusal:
            return []
        texts = await self.service.legal_texts(match.id, interaction.user.id)
        if keep is not None:
            texts = [t for t in texts if keep(t)]
        typed = "".join(current.split()).lower()
        ranked = self.rank(match, [t for t in texts if typed in "".join(t.split()).lower()], typed)
        return limits.choices((t, t) for t in ranked)

    def rank(self, match: Match, texts: list[str], typed: str) -> list[str]:
        """Order autocomplete candidates; prefix matches first. Games may override with their own ranking."""
        return sorted(texts, key=lambda t: (not "".join(t.split()).lower().startswith(typed),))

    def board_items(self, match: Match) -> list[discord.ui.Item[Any]]:
        """Extra buttons for the board message (DynamicItems carrying the match id); none by default."""
        return []

    async def after_post(self, match: Match, message: discord.Message) -> None:
        """Called right after a new board message is posted (e.g. to post a prompt under it); nothing by default."""

    def seat_label(self, match: Match, seat: int) -> str:
        """Who sits where, in the game's words, for the started lobby (e.g. "Red · NW corner")."""
        return match.seat_name(seat)

    async def send_private(self, interaction: discord.Interaction, match: Match, seat: int) -> None:
        """Show the seat its private view (ephemeral). Games with hidden information override the renderer."""
        file = await self.tables.board_file(match, seat, filename="private.png")
        await reply(interaction, _("Your view of match #{id} (only you can see this).", id=match.id), file=file)

    # ---- the commands every game has ----------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a lobby for a new match in this channel")
    @app_commands.describe(players="How many players", options="Rule options, e.g. name=value (autocomplete)",
                           time="Time per move (default: the server's, else 24 hours)",
                           timeout="What happens when a player's time runs out",
                           rated="Count the result in the players' ratings (default: the server's, for 2 players)",
                           computers="Seats to fill with computer players (a match with a computer is never rated)",
                           level="How well the computers play (default: normal)",
                           invite1="Invite a player", invite2="Invite a player", invite3="Invite a player",
                           invite4="Invite a player", invite5="Invite a player")
    @app_commands.choices(time=[app_commands.Choice(name=k, value=v) for k, v in TIME_CONTROLS.items()])
    @app_commands.choices(timeout=[app_commands.Choice(name="opponents may claim the win", value="claim"),
                                   app_commands.Choice(name="the late player forfeits", value="forfeit")],
                          level=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def new(self, interaction: discord.Interaction, players: int | None = None, options: str | None = None,
                  time: app_commands.Choice[int] | None = None, timeout: app_commands.Choice[str] | None = None,
                  rated: bool | None = None,
                  computers: app_commands.Range[int, 0, 5] | None = None,
                  level: app_commands.Choice[str] | None = None,
                  invite1: discord.User | None = None, invite2: discord.User | None = None,
                  invite3: discord.User | None = None, invite4: discord.User | None = None,
                  invite5: discord.User | None = None) -> None:
        async def work() -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refusal(_("Matches are played in a server channel, where the others can join: use "
                                "{new} there. Here you can use {games}, {history}, {profile} and {help}.",
                                new=slash(f"{self.game_name} new"), games=slash("games"), history=slash("history"),
                                profile=slash("profile"), help=slash("help")))
            parsed = self.parse_options(typed(options or "", _("an option list")))
            invited = [u.id for u in (invite1, invite2, invite3, invite4, invite5) if u is not None and not u.bot]
            count = players if players is not None else self.game.player_counts[0]
            robots = computers or 0
            if robots > count - 1 - len(invited):
                left = count - 1 - len(invited)
                if invited:
                    raise Refusal(ngettext("A {players}-player match has {n} seat left besides yours and the invited "
                                           "players': not room for {computers} computers.",
                                           "A {players}-player match has {n} seats left besides yours and the "
                                           "invited players': not room for {computers} computers.",
                                           left, players=count, computers=robots))
                raise Refusal(ngettext("A {players}-player match has {n} seat left besides yours: not room for "
                                       "{computers} computers.",
                                       "A {players}-player match has {n} seats left besides yours: not room for "
                                       "{computers} computers.", left, players=count, computers=robots))
            # Answered (privately) before the server's settings are read; the lobby is a message of its own in the
            # match's channel, so a refusal from here on still reaches only the creator.
            await defer_private(interaction)
            settings = await self.service.guild_settings(interaction.guild_id)
            if self.game_name in settings.disabled_games:
                raise Refusal(_("{game} is switched off on this server (an admin can turn it on with {command}).",
                                game=self.game.title, command=slash("settings game")))
            home = settings.channel_id or interaction.channel_id
            channel = await self.tables.channel(home)
            require_posting(channel)  # before the match exists: a lobby nobody can play is worse than a refusal
            match = await self.service.create(
                self.game_name, guild_id=interaction.guild_id, channel_id=home, creator_id=interaction.user.id,
                players=count, options=parsed, invited=invited,
                time_control=time.value if time else settings.time_control,
                timeout_rule=timeout.value if timeout else settings.timeout_rule,
                rated=False if robots else rated)
            for _seat in range(robots):  # before the lobby is posted, so it shows them seated
                await self.service.add_computer(match.id, interaction.user.id, level.value if level else "normal")
            pings = " ".join(f"<@{u}>" for u in invited)
            invitation = None
            if pings:  # in the channel, above the lobby: the server's language, as the lobby's
                async with self.tables.public(match):
                    invitation = _("{players} you are invited to a {game} match.", players=pings,
                                   game=self.game.title)
            lobby = {"content": invitation, "allowed_mentions": discord.AllowedMentions(users=True),
                     **await self.tables.lobby_message(match)}
            message = await limits.send(channel, **lobby)
            where, note = message.channel.id, ""
            if settings.use_threads:
                thread, note = await self.open_thread(channel, message, match)
                if thread is not None:
                    where = thread.id  # the board messages go into the match's own thread
            await self.service.set_message(match.id, where, message.id)
            await reply(interaction, _("Lobby #{id} is open: {link}", id=match.id, link=message.jump_url) + note)
            self.bot.scheduler.poke()
        await guarded(interaction, work)

    async def open_thread(self, channel: Any, message: discord.Message,
                          match: Match) -> tuple[discord.Thread | None, str]:
        """The match's own thread, or None and a note saying why the match stays in the channel."""
        missing = bot_missing(channel, THREADS)
        if not missing:
            try:
                return await limits.create_thread(message, f"{self.game.title} #{match.id}"), ""
            except discord.Forbidden:
                threads = PERMISSION_NAMES["create_public_threads"]  # marked with N_ there
                missing = [_(threads)]
            except discord.HTTPException as exc:
                log.warning("could not open a thread for match %s: %s", match.id, exc)
                return None, "\n" + _("This server gives every match its own thread, but Discord refused to open "
                                      "one here, so the match is played in the channel.")
        return None, "\n" + _("This server gives every match its own thread, but I cannot open one: {why} Until then "
                              "the match is played in the channel.", why=missing_text(channel, missing))

    @new.autocomplete("players")
    async def players_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[int]]:
        with i18n.speaking(interaction.locale):  # not under `guarded`: the asker's language said here
            return limits.choices((ngettext("{n} player", "{n} players", n), n) for n in self.game.player_counts
                                  if current.strip() in str(n))

    @new.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        return option_choices(self.game, current)

    def parse_options(self, text: str) -> dict[str, str]:
        options: dict[str, str] = {}
        valid = ", ".join(sorted(self.game.options)) or _("none")  # the options' names: notation, as typed
        for word in text.replace(",", " ").split():
            name, sep, value = word.partition("=")
            if not sep or not value:
                raise Refusal(_("Write options as name=value, not {typed} (for example {example}); {game} options: "
                                "{options}.", typed=markup.typed(word), example=self._example_option(),
                                game=self.game.title, options=valid))
            name = name.strip().lower()
            if name not in self.game.options:  # named here, quoted shortened: the rules would repeat it whole
                raise Refusal(_("{game} has no option {typed}; its options: {options}.", game=self.game.title,
                                typed=markup.typed(name), options=valid))
            options[name] = value.strip().lower()
        return options

    def _example_option(self) -> str:
        for name, opt in self.game.options.items():
            if opt.choices:
                return f"{name}={next(c for c in opt.choices if c != opt.default)}"
        return "name=value"

    @app_commands.command(name="board", description="Show a match's board, now or at a past move (only to you)")
    @app_commands.describe(match="Match number (default: your match here)",
                           move="Show the position after this line of /history (0: the start)",
                           fmt="image (default) or text: the position as plain text, for screen readers")
    @app_commands.rename(fmt="format")
    @app_commands.choices(fmt=[app_commands.Choice(name="image", value="image"),
                               app_commands.Choice(name="text", value="text")])
    async def board(self, interaction: discord.Interaction, match: int | None = None,
                    move: app_commands.Range[int, 0] | None = None,
                    fmt: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            found = await self.resolve(interaction, match, seated=False)
            if found.state is None:
                raise Refusal(_("Match #{id} has not started yet.", id=found.id))
            seat = found.seat_of(interaction.user.id)
            if fmt is not None and fmt.value == "text":
                await self.text_board(interaction, found, seat, move)
                return
            if move is None:
                file = await self.tables.board_file(found, seat)
                text = _("{game} match #{id}. {status}", game=self.game.title, id=found.id,
                         status=self.tables.status_line(found))
            else:
                past = await history.state_at(self.service, found.id, move)
                file = await self.tables.board_file(found, seat, state=past)
                text = _("{game} match #{id} after line {line} of its history ({history}).", game=self.game.title,
                         id=found.id, line=move, history=slash("history"))
            link = jump_url(found)
            await reply(interaction, text + (f"\n{link}" if link else ""), file=file,
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work, match)

    async def text_board(self, interaction: discord.Interaction, found: Match, seat: int | None,
                         move: int | None) -> None:
        """`/<game> board format:text`: the position (now, or after `move` lines of /history) as a code block, as
        `seat` may see it; the reply is ephemeral, so a player's own hand shows only to them."""
        note = "" if move is None else _("After line {line} of {history}.", line=move, history=slash("history")) + "\n"
        link = jump_url(found) if move is None else None
        tail = f"\n{link}" if link else ""
        past = None if move is None else await history.state_at(self.service, found.id, move)
        board = await self.tables.board_text(found, seat, state=past, limit=render.TEXT_LIMIT - len(note + tail))
        await reply(interaction, note + board + tail, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="resign", description="Resign a match")
    @app_commands.describe(match="Match number (default: your match here)")
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before any read
            found = await self.resolve(interaction, match)
            if found.seat_of(interaction.user.id) is None:
                raise Refusal(_("You are not playing in match #{id}.", id=found.id))
            await reply(interaction, _("Resign match #{id}? This cannot be undone.", id=found.id),
                        view=confirm_resign_view(found.id))
        await guarded(interaction, work, match)

    @classmethod
    def rules_words(cls) -> dict[str, str]:
        """The `{fields}` of `rules_summary` in the language being spoken: its commands (`rules_commands`)."""
        return i18n.slashes(cls.rules_commands)

    @app_commands.command(name="rules", description="A short illustrated summary of the rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            # The summary is the game cog's, marked with N_ there; the picture speaks the asker's language too
            # (asyncio.to_thread carries it).
            embed = discord.Embed(title=_("{game} · rules", game=self.game.title),
                                  description=_(self.rules_summary, **self.rules_words()),
                                  colour=EMBED_COLOUR)
            kwargs: dict[str, Any] = {}
            make_image = render.RULES_IMAGES.get(self.game_name)
            if make_image is not None:
                png = await asyncio.to_thread(make_image)
                kwargs["file"] = discord.File(io.BytesIO(png), filename="rules.png")
                embed.set_image(url="attachment://rules.png")
            await reply(interaction, embed=embed, **kwargs)
        await guarded(interaction, work)

    # autocompletes for the shared `match` option
    board.autocomplete("match")(match_autocomplete)
    resign.autocomplete("match")(match_autocomplete)
