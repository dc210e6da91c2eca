"""`/help` and `/help game:<game>`: what the bot does and how to start, or one game's goal and, phase by phase, the
command a player uses (with a legal example), with links to the docs site (DOCS_URL); only to the asker."""

from __future__ import annotations

from typing import NamedTuple

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import Tabletop
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, guarded, reply


class GameHelp(NamedTuple):
    players: str
    # What a player does in each phase of a new match, in order: (phase, the command to use with a legal example).
    # The goal is the game's own (`Game.goal`). tests/bot/test_help_phases.py walks a match through the phases.
    phases: tuple[tuple[str, str], ...]


GAMES_HELP = {
    "cintos": GameHelp("2 or 4", (
        ("Your turn",
         "Slide one of your pieces one square: `/cintos move move:b6-b5` (or `b6 down`); autocomplete lists your "
         "legal moves. With no legal move you pass automatically."),
    )),
    "sinoda": GameHelp("2, 3, 4 or 6", (
        ("Your turn",
         "The server draws who starts. Then, each turn, one of: move a piece exactly its value in steps, "
         "`/sinoda move move:c4-c5` (autocomplete lists your legal moves, captures first); or change a piece's "
         "value one up or down, `/sinoda change piece:c4 direction:+`."),
    )),
    "sakamichi": GameHelp("2", (
        ("1 · Opening choice (advanced mode, the default)",
         "The server rolls the dice. The high roller may press **Look at my hand**, then chooses with the buttons "
         "or a command: `/sakamichi choose choice:first` to move first, or `/sakamichi choose choice:white` or "
         "`/sakamichi choose choice:black` to take that line (the other player then moves first). After *first*, "
         "the other player chooses their line the same way, before seeing their hand. Basic mode "
         "(`/sakamichi new options:mode=basic`) skips this."),
        ("2 · Turns",
         "You draw a tile, then lay a new row at an open end: `/sakamichi place row:white up w4` (autocomplete "
         "lists every legal row). Or, once a game each: `/sakamichi stack row:black 4 w1b3 w3b1`, "
         "`/sakamichi redraw tile:w2b3`, `/sakamichi exchange give:w2b1 take:w1b4`. **My hand** shows your "
         "tiles."),
    )),
    "sanae": GameHelp("2", (
        ("1 · Set-up (both players at once, in private)",
         "Lay out your 36 stones: `/sanae setup layout:classic` (or `random`, `wall`, `keep`, a layout code), "
         "then swap any two of your cells, e.g. `/sanae setup layout:swap R1.06 R2.05` (Blue's cells are B…). "
         "`/sanae setup` alone opens your set-up panel with buttons."),
        ("2 · Ready",
         "`/sanae setup layout:ready` or the panel's **Ready** button. When both sides are ready the server rolls "
         "who moves first."),
        ("3 · Moves",
         "`/sanae move move:R2.01-R3.01` moves one of your stones (onto an enemy stone: an attack); autocomplete "
         "lists your legal moves. **My board** shows your ranks."),
        ("4 · Zed Inel (when your Void is attacked)",
         "Press **Answer Zed Inel** under the board, then swap in a Captain or let the Void fall."),
    )),
    "bodsoi": GameHelp("2, or 2 against 2", (
        ("Your turn",
         "The server draws you a tile (at most 5 in hand). Then place one: "
         "`/bodsoi place tile:C-su-mo square:d4 rotation:90` (autocomplete lists your legal placements, best "
         "first), or `/bodsoi pass`, as you must when none of your tiles fits. **My tiles** shows your hand in "
         "every rotation; an empty hand passes automatically."),
    )),
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
    tabletop: Tabletop = bot  # type: ignore[assignment]
    await bot.add_cog(Help(tabletop))
