"""`/verify match:<n>`: recompute a finished match's seat draw, rolls and draws from its revealed seed and its log
(answered in the asker's language)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, reply
from i18n import _, slash
from matches.history import verify_match
from matches.verify import what_it_proves


class Verify(commands.Cog):
    """One command; the check itself is `matches.verify` (the same code as `python -m matches.verify`)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="verify", description="Check that a finished match's dice came from its committed seed")
    @app_commands.describe(match="Match number (a finished match: the seed is secret until the end)")
    async def verify(self, interaction: discord.Interaction, match: app_commands.Range[int, 1]) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            verdict = await verify_match(self.bot.service, match, interaction.user.id, interaction.guild_id)
            title = _("Match #{id} · dice verified", id=match) if verdict.ok else \
                _("Match #{id} · dice NOT verified", id=match)
            embed = discord.Embed(title=title, description=verdict.summary(), colour=EMBED_COLOUR)
            for heading, text in what_it_proves():
                embed.add_field(name=heading, value=text, inline=False)
            embed.set_footer(text=_("Offline: export the match ({export}) and run "
                                    "python -m matches.verify record.json", export=slash("history", export="json")))
            await reply(interaction, embed=embed)
        await guarded(interaction, work, match)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Verify(host(bot)))
