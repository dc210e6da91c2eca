"""`/privacy show`, `export` and `forget`: each player sees what the bot stores about them, gets a copy as a JSON
file by DM, or has it forgotten after a confirmation. Thin: the data and the forgetting are below (data/privacy.py)."""

from __future__ import annotations

import io
import json
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import limits, markup
from cogs.host import Host, cog_of, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, reply
from matches import Refusal
from matches.privacy import Stored, export, stored
from tournaments.privacy import Withdrawn, forget_player, withdraw

log = logging.getLogger(__name__)
CONFIRM_SECONDS = 300  # how long the confirmation button works: a forgotten click later does nothing
FORGET_LABEL = "Yes, forget me"
OPERATOR = ("You can only forget your own data. The bot's operator removes someone else's on request "
            "(`python -m data.forget USER_ID`, see the privacy page of the docs).")


def count(n: int, word: str) -> str:
    """`n` and the word, in the plural unless one: 1 match, 2 matches, 0 lobbies."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}{'es' if word.endswith(('ch', 'sh', 's', 'x')) else 's'}"


def stored_embed(data: Stored, titles: dict[str, str]) -> discord.Embed:
    """What is stored about one person, in words (counts and choices; `/privacy export` has every row); `titles`:
    the games' titles by name."""
    embed = discord.Embed(title="What Tabletop stores about you", colour=EMBED_COLOUR)
    if data.name is None:
        embed.description = "No name: you have not used a command since you were forgotten, or ever."
    else:
        embed.description = f"Your display name as last seen: **{markup.name(data.name)}**"
    embed.add_field(name="Direct messages", value=(
        f"{'open' if data.dm_open else 'closed (tried again when you next use a command)'}; "
        f"DM channel id {'stored' if data.dm_channel else 'not stored'}"), inline=False)
    matches = data.matches
    embed.add_field(name="Matches", value=(
        f"{count(matches.get('finished', 0), 'finished match')}, {matches.get('aborted', 0)} aborted, "
        f"{matches.get('active', 0)} running, {count(matches.get('lobby', 0), 'lobby')}; "
        f"{count(data.created, 'match')} you opened; {count(data.moves, 'move')} in the logs; "
        f"in {count(data.servers, 'server')}"), inline=False)
    ratings = ", ".join(f"{titles.get(game, game)} ({count(games, 'rated game')})"
                        for game, games in data.ratings) or "none"
    embed.add_field(name="Ratings", value=f"{ratings}; {count(data.rating_changes, 'rating change')}", inline=False)
    embed.add_field(name="Choices", value=(
        f"{count(data.preferences, 'notice preference')} (/notify); "
        f"{count(data.drills, 'analysis drill')} in progress; {count(data.lessons, 'lesson')} finished (/learn); "
        f"{count(data.vacations, 'vacation')} (/vacation)"),
        inline=False)
    embed.add_field(name="Tournaments", value=(
        f"{count(data.tournaments, 'tournament')} entered or signed up for; {data.organised} organised"),
        inline=False)
    open_ = data.unfinished
    if open_:
        embed.add_field(name="Not over yet", value=(
            f"{count(len(open_.running), 'running match')}, {count(len(open_.lobbies), 'lobby')}, "
            f"{count(len(open_.tournaments), 'tournament')}: /privacy forget resigns and leaves them first"),
            inline=False)
    embed.set_footer(text="/privacy export: all of it as a JSON file · /privacy forget: remove it. Besides your "
                          "moves, no message text is stored, nor any e-mail or IP address; your web page code is "
                          "computed, not stored.")
    return embed


def forget_embed(data: Stored) -> discord.Embed:
    """What pressing the confirmation will do, before it is pressed."""
    open_ = data.unfinished
    lines = []
    if open_.running or open_.lobbies:
        lines.append(f"• your {count(len(open_.running), 'running match')} resigned (a loss, rated as usual) and "
                     f"your {count(len(open_.lobbies), 'lobby')} left (a lobby you opened is closed)")
    if open_.tournaments:
        lines.append(f"• your {count(len(open_.tournaments), 'tournament')} left (your results so far stand)")
    lines += [
        "• your name in finished matches, standings and exports becomes **Player N** (a number, the same "
        "everywhere); the other players' results and ratings stay as they are",
        "• your ratings, notice preferences, lesson progress, analysis drills, vacations and DM channel are deleted",
        "This cannot be undone. If you use the bot again later, you start afresh.",
    ]
    return discord.Embed(title="Forget everything about you?", description="\n".join(lines), colour=EMBED_COLOUR)


def forget_view(user_id: int, until: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, until))
    return view


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tt:privacy:forget:(?P<user>\d+):(?P<until>\d+)"):
    """The confirmation of /privacy forget: it names whose data and until when it works (no state kept)."""

    def __init__(self, user_id: int, until: int) -> None:
        super().__init__(discord.ui.Button(label=FORGET_LABEL, style=discord.ButtonStyle.danger,
                                           custom_id=f"tt:privacy:forget:{user_id}:{until}"))
        self.user_id = user_id
        self.until = until

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ForgetButton:
        return cls(int(match["user"]), int(match["until"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, PrivacyCog)

        async def work() -> None:
            if cog is None:
                raise Refusal("Forgetting is not available right now; please try again later.")
            if interaction.user.id != self.user_id:
                raise Refusal(OPERATOR)
            if cog.bot.service.now() > self.until:
                raise Refusal("This confirmation has expired, and nothing was deleted. Use /privacy forget again.")
            await interaction.response.defer()  # before the store; the confirmation is then replaced by the result
            await cog.forget_now(interaction)
        # Not recorded afterwards: recording would store the name just forgotten.
        await guarded(interaction, work, record=False)


class PrivacyCog(commands.GroupCog, name="privacy", group_name="privacy",
                 group_description="Your data: what the bot stores about you, a copy of it, or forget it"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="What the bot stores about you (only you see it)")
    async def show(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            titles = {name: game.title for name, game in self.bot.service.games.items()}
            await reply(interaction, embed=stored_embed(await stored(self.bot.service, interaction.user.id), titles))
        await guarded(interaction, work)

    @app_commands.command(name="export", description="Everything the bot stores about you, as a JSON file by DM")
    async def export(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            user = interaction.user.id
            data = await export(self.bot.service, user)
            body = json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")

            def file() -> discord.File:
                return discord.File(io.BytesIO(body), filename=f"tabletop-data-{user}.json",
                                    description="Everything Tabletop stores about you")
            try:
                channel = await self.bot.create_dm(discord.Object(id=user))
                await limits.send(channel, "Everything Tabletop stores about you, as you asked (/privacy export).",
                                  file=file())
            except discord.HTTPException as error:  # DMs closed (403) or the file refused: hand it over here
                log.info("could not DM user %s their export: %s", user, error)
                await reply(interaction, "Your direct messages are closed to me, so here is the file (only you "
                                         "see this message; download it now).", file=file())
                return
            await reply(interaction, f"Sent you a direct message with the file ({len(body):,} bytes).")
        await guarded(interaction, work)

    @app_commands.command(name="forget", description="Delete what the bot stores about you (asks to confirm)")
    @app_commands.describe(user="Only yourself: an operator removes someone else's data (python -m data.forget)")
    async def forget(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async def work() -> None:
            if user is not None and user.id != interaction.user.id:
                raise Refusal(OPERATOR)
            await defer_private(interaction)  # before the reads
            data = await stored(self.bot.service, interaction.user.id)
            until = int(self.bot.service.now()) + CONFIRM_SECONDS
            await reply(interaction, f"Press **{FORGET_LABEL}** within {CONFIRM_SECONDS // 60} minutes to go on; "
                                     "otherwise nothing happens.", embed=forget_embed(data),
                        view=forget_view(interaction.user.id, until))
        await guarded(interaction, work)

    async def forget_now(self, interaction: discord.Interaction) -> None:
        """Out of tournaments, matches and lobbies through the services (their boards posted as after any
        resignation), then the data cut and removed; the confirmation message becomes the report."""
        user = interaction.user.id
        withdrawn = await withdraw(self.bot.tournaments, user)
        await self.post(withdrawn)
        forgotten = await forget_player(self.bot.tournaments, user)
        lines = ["Done: what Tabletop stored about you is deleted."]
        if withdrawn.turns or withdrawn.matches.lobbies or withdrawn.tournaments:
            lines.append(f"Resigned {count(len(withdrawn.turns), 'match')}, left "
                         f"{count(len(withdrawn.matches.lobbies), 'lobby')} and "
                         f"{count(len(withdrawn.tournaments), 'tournament')}.")
        if forgotten.name is not None:
            lines.append(f"You appear as **{forgotten.name}** in {count(len(forgotten.matches), 'ended match')} "
                         "and the standings you played in.")
        left = forgotten.unfinished
        if left:
            lines.append(f"Still running without you able to leave: {count(len(left.running), 'match')}, "
                         f"{count(len(left.tournaments), 'tournament')} (ids are in /privacy show); your name is "
                         "gone from them, and /privacy forget again cuts them once they end.")
        await limits.edit_original(interaction, content="\n".join(lines), embed=None, view=None)

    async def post(self, withdrawn: Withdrawn) -> None:
        """The boards of the resigned matches and the lobbies closed, as any resignation or Leave posts them; a
        channel that cannot be reached is logged (the match ended all the same)."""
        tables = self.bot.tables
        for turn in withdrawn.turns:
            try:
                await tables.post_turn(turn)
            except (discord.HTTPException, Refusal) as error:
                log.info("could not post match %s resigned by /privacy forget: %s", turn.match.id, error)
        for match in withdrawn.matches.lobbies:
            if match.record.message_id is None:
                continue
            try:
                channel = await tables.match_channel(match)
                await limits.edit_in(channel, match.record.message_id, **await tables.lobby_message(match))
            except (discord.HTTPException, Refusal) as error:
                log.info("could not update lobby %s left by /privacy forget: %s", match.id, error)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ForgetButton)
    await bot.add_cog(PrivacyCog(host(bot)))
