"""Commands that span every game: `/games` lists the caller's matches in every server, with links."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, jump_url, reply, who


class General(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="Your open matches in every game, with links")
    async def games(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the read
            service = self.bot.service
            matches = await service.matches_for(interaction.user.id)
            if not matches:
                await reply(interaction, "You have no open matches. Start one with `/cintos new` (or another game).")
                return
            lines = []
            for match in matches[:25]:
                others = [who(uid) for uid in match.user_ids if uid != interaction.user.id]
                if match.status == "lobby":
                    status = f"lobby, {sum(s.joined for s in match.seats)}/{match.players} seated"
                else:
                    actors = match.actors()
                    seat = match.seat_of(interaction.user.id)
                    status = "**your turn**" if seat in actors else (
                        "waiting for " + ", ".join(who(match.user_at(s)) for s in actors))
                    if match.record.deadline is not None:
                        status += f" · deadline <t:{int(match.record.deadline)}:R>"
                link = jump_url(match)
                lines.append(f"**{match.game.title} #{match.id}** vs {', '.join(others) or 'open seats'} · {status}"
                             + (f" · [jump]({link})" if link else ""))
            embed = discord.Embed(title="Your matches", description="\n".join(lines), colour=EMBED_COLOUR)
            await reply(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(General(host(bot)))
