"""`/help` and `/help game:<game>`: what the bot does and how to start, or one game's goal and, phase by phase, the
command a player uses (with a legal example), with links to the docs site (DOCS_URL); only to the asker."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, guarded, reply
from games import Help as GameHelp
from games import table

# Each game's players and phases, from its entry (games/<game>.py).
GAMES_HELP: dict[str, GameHelp] = table(lambda entry: entry.help)


class Help(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def link(self, page: str, words: str) -> str:
        """A docs page as a link when DOCS_URL is set, else its name."""
        base = self.bot.settings.docs_url
        return f"[{words}]({base}{page}/)" if base else words

    def overview(self) -> discord.Embed:
        games = "\n".join(f"**{self.bot.service.game(name).title}** ({info.players} players): "
                          f"{self.bot.service.game(name).goal.split('. ')[0]}." for name, info in GAMES_HELP.items())
        embed = discord.Embed(title="Tabletop", colour=EMBED_COLOUR, description=(
            "Five abstract board games, played in this server's channels, turn by turn, in minutes or over days. "
            "Every move is checked, stored and answered with a new board; hidden hands reach only their owner; "
            "dice are rolled on the server and can be verified afterwards."))
        embed.add_field(name="Start a game", inline=False, value=(
            "1. `/cintos new` (or any game) posts a lobby; others press **Join**, you press **Start**.\n"
            "2. Play each phase with its command: `/help game:<game>` names them, from Sanae's private set-up and "
            "Sakamichi's opening choice to every turn. Autocomplete lists your legal moves.\n"
            "Against the computer: `/cintos new computers:1 level:easy`, then **Start**."))
        embed.add_field(name="The games", value=games, inline=False)
        embed.add_field(name="More", inline=False, value=(
            "`/help game:<game>` a game's goal and what to do in each phase · `/<game> rules` its rules with "
            "pictures · `/games` your matches · `/history` a match's log · `/notify` your notices · `/leaderboard`, "
            "`/profile` ratings · `/tournament` events.\n"
            f"Docs: {self.link('players', 'playing')} · {self.link('organisers/settings', 'server settings')} · "
            f"{self.link('organisers/tournaments', 'tournaments')} · {self.link('players/faq', 'FAQ')}"))
        return embed

    def game(self, name: str) -> discord.Embed:
        info = GAMES_HELP[name]
        title = self.bot.service.game(name).title
        embed = discord.Embed(title=f"{title} · {info.players} players", description=self.bot.service.game(name).goal,
                              colour=EMBED_COLOUR)
        for phase, how in info.phases:
            embed.add_field(name=phase, value=how, inline=False)
        embed.add_field(name="Start", inline=False, value=(
            f"`/{name} new` in a server channel, then **Start** once the seats are taken; "
            f"`/{name} new computers:1` to play the computer."))
        embed.add_field(name="More", inline=False, value=(
            f"`/{name} rules` the rules with pictures · `/{name} board` the board, only to you · "
            f"docs: {self.link(f'players/{name}', title)}"))
        return embed

    @app_commands.command(name="help", description="What Tabletop does and how to start, or how a game is played")
    @app_commands.describe(game="A game's goal and what to do in each phase (default: an overview of everything)")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            embed = self.game(game.value) if game else self.overview()
            await reply(interaction, embed=embed)
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(host(bot)))
