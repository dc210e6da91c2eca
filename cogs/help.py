"""`/help` and `/help game:<game>`: what the bot does and how to start, or one game's goal and how to move, with
links to the docs site (DOCS_URL); only to the asker."""

from __future__ import annotations

from typing import NamedTuple

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import Tabletop
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, guarded, reply


class GameHelp(NamedTuple):
    players: str
    move: str  # how to move, with an example (the goal is the game's own: `Game.goal`)


GAMES_HELP = {
    "cintos": GameHelp(
        "2 or 4",
        "`/cintos move move:b2-b3` (or `b2 up`); autocomplete lists your legal moves."),
    "sinoda": GameHelp(
        "2, 3, 4 or 6",
        "`/sinoda move move:c4-a2` or `/sinoda change piece:c4 direction:+`."),
    "sakamichi": GameHelp(
        "2",
        "`/sakamichi place row:white up w4`; autocomplete lists every legal row. **My hand** shows your tiles."),
    "sanae": GameHelp(
        "2",
        "`/sanae move move:R3.07-R4.07`; autocomplete lists your stones' legal moves. **My board** shows your ranks."),
    "bodsoi": GameHelp(
        "2, or 2 against 2",
        "`/bodsoi place tile:C-su-mo square:d4 rotation:90`; autocomplete lists your legal placements, best first."),
}


class Help(commands.Cog):
    def __init__(self, bot: Tabletop) -> None:
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
            "2. On your turn, use the game's move command: autocomplete lists your legal moves.\n"
            "Against the computer: `/cintos new computers:1 level:easy`, then **Start**."))
        embed.add_field(name="The games", value=games, inline=False)
        embed.add_field(name="More", inline=False, value=(
            "`/help game:<game>` a game's goal and how to move · `/<game> rules` its rules with pictures · "
            "`/games` your matches · `/history` a match's log · `/notify` your notices · `/leaderboard`, "
            "`/profile` ratings · `/tournament` events.\n"
            f"Docs: {self.link('players', 'playing')} · {self.link('organisers/settings', 'server settings')} · "
            f"{self.link('organisers/tournaments', 'tournaments')} · {self.link('players/faq', 'FAQ')}"))
        return embed

    def game(self, name: str) -> discord.Embed:
        info = GAMES_HELP[name]
        title = self.bot.service.game(name).title
        embed = discord.Embed(title=f"{title} · {info.players} players", description=self.bot.service.game(name).goal,
                              colour=EMBED_COLOUR)
        embed.add_field(name="How to move", value=info.move, inline=False)
        embed.add_field(name="Start", inline=False, value=(
            f"`/{name} new` in a server channel, then **Start** once the seats are taken; "
            f"`/{name} new computers:1` to play the computer."))
        embed.add_field(name="More", inline=False, value=(
            f"`/{name} rules` the rules with pictures · `/{name} board` the board, only to you · "
            f"docs: {self.link(f'players/{name}', title)}"))
        return embed

    @app_commands.command(name="help", description="What Tabletop does and how to start, or how a game is played")
    @app_commands.describe(game="A game's goal and how to move in it (default: an overview of everything)")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            embed = self.game(game.value) if game else self.overview()
            await reply(interaction, embed=embed)
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    tabletop: Tabletop = bot  # type: ignore[assignment]
    await bot.add_cog(Help(tabletop))
