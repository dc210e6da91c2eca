"""The shared cog base: `Tables` posts lobbies and boards for every game, `GameCog` gives each game its commands.

A game's cog only names its game, its private-view label and its own action commands; everything else is here.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands
from discord.ext import commands

import render
from cogs.ui import (
    EMBED_COLOUR,
    board_view,
    confirm_resign_view,
    guarded,
    jump_url,
    lobby_embed,
    lobby_view,
    reply,
    short,
)
from matches import Event, Match, MatchService, Refusal, Turn
from rules import Game

log = logging.getLogger(__name__)
MAX_CHOICES = 25  # Discord's limit for autocomplete


class Tabletop(Protocol):
    """What cogs need from the bot object."""

    service: MatchService
    tables: Tables

    def get_channel(self, channel_id: int, /) -> Any: ...
    async def fetch_channel(self, channel_id: int, /) -> Any: ...
    def get_user(self, user_id: int, /) -> Any: ...
    async def fetch_user(self, user_id: int, /) -> Any: ...


class Tables:
    """Posts and updates every match's messages; the buttons and the game cogs call into it."""

    def __init__(self, bot: Tabletop) -> None:
        self.bot = bot
        self.cogs: dict[str, GameCog] = {}
        self._post_locks: dict[int, asyncio.Lock] = {}

    @property
    def service(self) -> MatchService:
        return self.bot.service

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    def cog_for(self, match: Match) -> GameCog:
        return self.cogs[match.game.name]

    # ---- lobby ------------------------------------------------------------------------------------------------
    async def lobby_message(self, match: Match) -> dict[str, Any]:
        names = await self.service.store.user_names(match.user_ids)
        return {"embed": lobby_embed(match, match.game.title, names),
                "view": lobby_view(match) if match.status == "lobby" else None}

    async def lobby_action(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        user = interaction.user.id
        if verb == "join":
            match = await self.service.join(match_id, user)
        elif verb == "leave":
            match = await self.service.leave(match_id, user)
        else:
            await interaction.response.defer()
            turn = await self.service.start(match_id, user)
            await interaction.edit_original_response(**await self.lobby_message(turn.match))
            await self.post_turn(turn, started=True)
            return
        await interaction.response.edit_message(**await self.lobby_message(match))
        if match.status == "aborted":
            await interaction.followup.send(f"Match #{match.id} was closed by its creator.")

    # ---- board ------------------------------------------------------------------------------------------------
    async def board_file(self, match: Match, seat: int | None, *, filename: str = "board.png") -> discord.File:
        view = match.view(seat)
        names = [short(n) for n in await self.service.names(match)]
        png = await asyncio.to_thread(render.RENDERERS[match.game.name], view, names, match.id)
        return discord.File(io.BytesIO(png), filename=filename)

    def summary(self, match: Match, events: Sequence[Event]) -> str:
        """The turn in words: who did what, then what the server drew or did."""
        lines = []
        for event in events:
            if event.kind == "action" and event.seat is not None:
                lines.append(f"<@{match.user_at(event.seat)}> ({match.seat_name(event.seat)}): {event.description}")
            elif event.kind == "auto" and event.seat is not None:
                lines.append(f"{match.seat_name(event.seat)} (automatic): {event.description}")
            else:
                lines.append(f"🎲 {event.description}")
        return "\n".join(lines)

    def status_line(self, match: Match) -> str:
        outcome = match.outcome()
        if outcome is not None:
            if not outcome.winners:
                result = "The game is drawn"
            else:
                result = " and ".join(f"<@{match.user_at(s)}> ({match.seat_name(s)})" for s in sorted(outcome.winners))
                result += " win" + ("s" if len(outcome.winners) == 1 else "")
            return f"**Game over.** {result}: {outcome.reason}."
        actors = match.actors()
        return "To move: " + ", ".join(f"<@{match.user_at(s)}> ({match.seat_name(s)})" for s in actors)

    async def post_turn(self, turn: Turn, *, started: bool = False) -> None:
        """Post the new board at the bottom of the channel and shrink the previous board message to one line."""
        match = turn.match
        async with self._post_locks.setdefault(match.id, asyncio.Lock()):
            channel = await self.channel(match.record.channel_id)
            previous = match.record.message_id
            summary = self.summary(match, turn.events)
            embed = discord.Embed(title=f"{match.game.title} · match #{match.id}", colour=EMBED_COLOUR)
            embed.description = ("The match has started. Seats and colours were drawn at random.\n" if started
                                 else "") + (summary + "\n" if summary else "") + self.status_line(match)
            embed.set_image(url="attachment://board.png")
            embed.set_footer(text=f"turn {match.view(None).get('turn', 0)} · /{match.game.name} board shows it again")
            file = await self.board_file(match, None)
            mentions = " ".join(f"<@{match.user_at(s)}>" for s in match.actors())
            if match.outcome() is not None:
                mentions = " ".join(f"<@{uid}>" for uid in match.user_ids)
            message = await channel.send(content=mentions or None, embed=embed, file=file,
                                         view=board_view(match, self.cog_for(match).private_label),
                                         allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                  everyone=False))
            await self.service.set_message(match.id, message.channel.id, message.id)
            if previous is not None and not started:
                await self.retire(channel, previous, match, turn.events)
        if match.outcome() is None:
            await self.notify_turn(match, message.jump_url)

    async def notify_turn(self, match: Match, link: str) -> None:
        """A DM notice to each player to move. Closed DMs never break a turn: remember them and rely on the
        channel mention (already in the board message) until the user uses a command again."""
        for seat in match.actors():
            user_id = match.user_at(seat)
            record = await self.service.store.get_user(user_id)
            if record is not None and not record.dm_open:
                continue
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(f"Your turn in {match.game.title} match #{match.id}: {link}")
            except discord.Forbidden:
                log.info("DMs closed for user %s; using channel mentions", user_id)
                await self.service.store.set_dm_open(user_id, False)
            except discord.HTTPException as exc:
                log.warning("could not DM user %s about match %s: %s", user_id, match.id, exc)

    async def retire(self, channel: Any, message_id: int, match: Match, events: Sequence[Event]) -> None:
        """Edit an old board message down to a one-line summary without buttons."""
        played = "; ".join(e.public for e in events) or "—"
        try:
            old = channel.get_partial_message(message_id)
            await old.edit(content=f"{match.game.title} #{match.id} · then: {played}", embed=None, attachments=[],
                           view=None)
        except discord.HTTPException as exc:  # an old message may be gone; the new one is what matters
            log.info("could not retire message %s of match %s: %s", message_id, match.id, exc)

    # ---- buttons on the board ------------------------------------------------------------------------------------
    async def match_action(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if verb == "private":
            if seat is None:
                raise Refusal(f"You are not playing in match #{match.id}, so there is nothing private to show you.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.cog_for(match).send_private(interaction, match, seat)
        elif verb == "resign":
            if seat is None:
                raise Refusal(f"You are not playing in match #{match.id}.")
            await reply(interaction, f"Resign match #{match.id}? This cannot be undone.",
                        view=confirm_resign_view(match.id))
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            turn = await self.service.resign(match_id, interaction.user.id)
            await reply(interaction, f"You resigned match #{match.id}.")
            await self.post_turn(turn)


class GameCog(commands.GroupCog):
    """Base of every game's command group: new, board, resign, rules, and helpers for the game's own actions."""

    game_name: ClassVar[str]
    private_label: ClassVar[str | None] = None  # the board button for private information, e.g. "My hand"
    rules_summary: ClassVar[str] = ""

    def __init__(self, bot: Tabletop) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.service = bot.service
        self.game: Game = self.service.game(self.game_name)
        super().__init__()

    async def cog_load(self) -> None:
        self.tables.cogs[self.game_name] = self

    async def cog_unload(self) -> None:
        self.tables.cogs.pop(self.game_name, None)

    # ---- finding the match a command means ----------------------------------------------------------------------
    async def resolve(self, interaction: discord.Interaction, match_id: int | None, *, seated: bool = True) -> Match:
        if match_id is not None:
            match = await self.service.get(match_id)
            if match.game.name != self.game_name:
                raise Refusal(f"Match #{match_id} is a {match.game.title} match; use /{match.game.name}.")
            return match
        mine = [m for m in await self.service.matches_for(interaction.user.id)
                if m.game.name == self.game_name and m.status == "active"]
        here = [m for m in mine if m.record.channel_id == interaction.channel_id] or mine
        if len(here) == 1:
            return here[0]
        if not here:
            raise Refusal(f"You have no running {self.game.title} match"
                          + (" here" if seated else "") + f". Start one with /{self.game_name} new.")
        listing = ", ".join(f"#{m.id}" for m in here[:10])
        raise Refusal(f"You play several {self.game.title} matches ({listing}): choose one with the `match` option.")

    async def match_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[int]]:
        mine = [m for m in await self.service.matches_for(interaction.user.id)
                if m.game.name == self.game_name and m.status == "active"]
        choices = []
        for m in mine:
            names = await self.service.names(m)
            label = f"#{m.id} · " + " vs ".join(short(n) for n in names)
            if current.strip().lstrip("#") in str(m.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=m.id))
        return choices[:MAX_CHOICES]

    # ---- playing --------------------------------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, text: str, match_id: int | None) -> None:
        """The one path every game action takes: defer, act (committed), acknowledge, post the board."""
        async def work() -> None:
            match = await self.resolve(interaction, match_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            turn = await self.service.act(match.id, interaction.user.id, text)
            await reply(interaction, f"Played in match #{match.id}: {turn.events[0].description}")
            await self.tables.post_turn(turn)
        await guarded(interaction, work, match_id)

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
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in ranked[:MAX_CHOICES]]

    def rank(self, match: Match, texts: list[str], typed: str) -> list[str]:
        """Order autocomplete candidates; prefix matches first. Games may override with their own ranking."""
        return sorted(texts, key=lambda t: (not "".join(t.split()).lower().startswith(typed),))

    async def send_private(self, interaction: discord.Interaction, match: Match, seat: int) -> None:
        """Show the seat its private view (ephemeral). Games with hidden information override the renderer."""
        file = await self.tables.board_file(match, seat, filename="private.png")
        await reply(interaction, f"Your view of match #{match.id} (only you can see this).", file=file)

    # ---- the commands every game has ----------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a lobby for a new match in this channel")
    @app_commands.describe(players="How many players", options="Rule options, e.g. name=value (autocomplete)",
                           invite1="Invite a player", invite2="Invite a player", invite3="Invite a player",
                           invite4="Invite a player", invite5="Invite a player")
    async def new(self, interaction: discord.Interaction, players: int | None = None, options: str | None = None,
                  invite1: discord.User | None = None, invite2: discord.User | None = None,
                  invite3: discord.User | None = None, invite4: discord.User | None = None,
                  invite5: discord.User | None = None) -> None:
        async def work() -> None:
            if interaction.channel_id is None:
                raise Refusal("Matches are played in a server channel.")
            parsed = self.parse_options(options or "")
            invited = [u.id for u in (invite1, invite2, invite3, invite4, invite5) if u is not None and not u.bot]
            count = players if players is not None else self.game.player_counts[0]
            match = await self.service.create(self.game_name, guild_id=interaction.guild_id,
                                              channel_id=interaction.channel_id, creator_id=interaction.user.id,
                                              players=count, options=parsed, invited=invited)
            pings = " ".join(f"<@{u}>" for u in invited)
            await interaction.response.send_message(
                content=(f"{pings} you are invited to a {self.game.title} match." if pings else None),
                allowed_mentions=discord.AllowedMentions(users=True), **await self.tables.lobby_message(match))
            message = await interaction.original_response()
            await self.service.set_message(match.id, message.channel.id, message.id)
        await guarded(interaction, work)

    @new.autocomplete("players")
    async def players_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[int]]:
        return [app_commands.Choice(name=f"{n} players", value=n) for n in self.game.player_counts
                if current.strip() in str(n)]

    @new.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        words = current.split()
        done, last = (words, "") if current.endswith(" ") or not words else (words[:-1], words[-1])
        taken = {w.split("=")[0] for w in done}
        suggestions = []
        for name, opt in self.game.options.items():
            if name in taken:
                continue
            values = [v for v in opt.choices if v != opt.default] or [f"{opt.default}"]
            for value in values:
                token = f"{name}={value}"
                if token.startswith(last.lower()):
                    suggestions.append(" ".join([*done, token]))
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:MAX_CHOICES]]

    def parse_options(self, text: str) -> dict[str, str]:
        options: dict[str, str] = {}
        for word in text.replace(",", " ").split():
            name, sep, value = word.partition("=")
            if not sep or not value:
                valid = ", ".join(sorted(self.game.options)) or "none"
                raise Refusal(f"Write options as name=value (for example {self._example_option()}); "
                              f"{self.game.title} options: {valid}.")
            options[name.strip().lower()] = value.strip().lower()
        return options

    def _example_option(self) -> str:
        for name, opt in self.game.options.items():
            if opt.choices:
                return f"{name}={next(c for c in opt.choices if c != opt.default)}"
        return "name=value"

    @app_commands.command(name="board", description="Show a match's board (only to you)")
    @app_commands.describe(match="Match number (default: your match here)")
    async def board(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async def work() -> None:
            found = await self.resolve(interaction, match, seated=False)
            if found.state is None:
                raise Refusal(f"Match #{found.id} has not started yet.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            seat = found.seat_of(interaction.user.id)
            file = await self.tables.board_file(found, seat)
            link = jump_url(found)
            await reply(interaction, f"{self.game.title} match #{found.id}. {self.tables.status_line(found)}"
                        + (f"\n{link}" if link else ""), file=file,
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work, match)

    @app_commands.command(name="resign", description="Resign a match")
    @app_commands.describe(match="Match number (default: your match here)")
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async def work() -> None:
            found = await self.resolve(interaction, match)
            if found.seat_of(interaction.user.id) is None:
                raise Refusal(f"You are not playing in match #{found.id}.")
            await reply(interaction, f"Resign match #{found.id}? This cannot be undone.",
                        view=confirm_resign_view(found.id))
        await guarded(interaction, work, match)

    @app_commands.command(name="rules", description="A short illustrated summary of the rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            embed = discord.Embed(title=f"{self.game.title} · rules", description=self.rules_summary,
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
