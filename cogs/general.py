"""Commands that span every game: `/games` lists the caller's matches in every server, with links (in the asker's
language)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, jump_url, reply, who
from i18n import _, slash


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
                await reply(interaction, _("You have no open matches. Start one with {new} (or another game).",
                                           new=slash("cintos new")))
                return
            lines = []
            for match in matches[:25]:
                others = [who(uid) for uid in match.user_ids if uid != interaction.user.id]
                if match.status == "lobby":
                    status = _("lobby, {seated}/{seats} seated", seated=sum(s.joined for s in match.seats),
                               seats=match.players)
                else:
                    actors = match.actors()
                    seat = match.seat_of(interaction.user.id)
                    status = _("**your turn**") if seat in actors else _(
                        "waiting for {players}", players=", ".join(who(match.user_at(s)) for s in actors))
                    if match.record.deadline is not None:
                        status += " · " + _("deadline {when}", when=f"<t:{int(match.record.deadline)}:R>")
                link = jump_url(match)
                jump = " · " + _("[jump]({link})", link=link) if link else ""
                line = _("**{game} #{id}** vs {opponents} · {status}", game=match.game.title, id=match.id,
                         opponents=", ".join(others), status=status) if others else \
                    _("**{game} #{id}** vs open seats · {status}", game=match.game.title, id=match.id, status=status)
                lines.append(line + jump)
            embed = discord.Embed(title=_("Your matches"), description="\n".join(lines), colour=EMBED_COLOUR)
            await reply(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(General(host(bot)))
