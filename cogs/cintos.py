"""Cintos in Discord: `/cintos move` on top of the shared game commands."""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import Commands, GameCog
from cogs.host import host
from i18n import N_


class Cintos(GameCog, group_name="cintos", group_description="Cintos: capture by majority on an 8x8 board"):
    game_name = "cintos"
    rules_summary = N_(
        "**Goal:** own all 16 pieces.\n"
        "**Turn:** slide one of your pieces one square up, down, left or right into an empty square.\n"
        "**Capture test:** look at the 3×3 area around where it landed.\n"
        "• *Victory by Numbers:* whoever has the most pieces there turns every piece in it to their colour — "
        "even if it is not the mover.\n"
        "• *Tie, all pieces on one territory:* the territory's owner captures if they are in the tie; "
        "otherwise the mover captures if they are in the tie.\n"
        "• *Tie across territories:* nothing happens.\n"
        "A player who loses their last piece is out; the capturer takes their territory.\n"
        "A player with no move passes automatically. 2 players: threefold repetition draws; after 100 turns "
        "without a capture the player with most pieces wins.\n"
        "**Commands:** {move} (or `b6 down`), {board}, {resign}."
    )
    rules_commands: ClassVar[Commands] = {
        "move": ("cintos move", {"move": "b6-b5"}),
        "board": ("cintos board", {}),
        "resign": ("cintos resign", {}),
    }

    @app_commands.command(name="move", description="Move one of your pieces one square, e.g. b6-b5 or b6 down")
    @app_commands.describe(move="from-to, e.g. b6-b5 (autocomplete lists your legal moves)",
                           match="Match number (default: your match here)")
    async def move(self, interaction: discord.Interaction, move: str, match: int | None = None) -> None:
        await self.play(interaction, move, match)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.action_choices(interaction, current)

    move.autocomplete("match")(GameCog.match_autocomplete)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cintos(host(bot)))
