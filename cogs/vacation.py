"""`/vacation on|off|status`: a player's days away, which pause the clocks of their matches where they are to move
(matches/vacation.py decides; this cog only asks and answers)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import defer_private, guarded, reply
from i18n import _, active, ngettext, slash
from matches.vacation import Status

# Dates and times are Discord's timestamp tags (<t:…:f>): each reader's app shows them in their own language and
# time zone, which a date formatted here (in one zone) could not.


def account(status: Status) -> str:
    """The days left, in one sentence (two when some come back later)."""
    text = ngettext("You have {n} vacation day left of {allowance} (counted over the last 365 days).",
                    "You have {n} vacation days left of {allowance} (counted over the last 365 days).",
                    status.left, allowance=active().number(status.allowance))
    if status.left < status.allowance and status.returns_at is not None:
        text += " " + _("The oldest days counted come back <t:{when}:D>.", when=int(status.returns_at))
    return text


class VacationCog(commands.Cog):
    vacation = app_commands.Group(name="vacation", description="Days away: your match clocks stop on your turn")

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def show(self, status: Status) -> None:
        """The boards of the matches whose clocks just stopped or ran again say so at once."""
        for match_id in status.matches:
            await self.bot.tables.show_away(await self.bot.service.get(match_id))

    @vacation.command(name="on", description="Go on vacation: the clocks of your matches stop while it is your turn")
    @app_commands.describe(days="How many days, counted whole from now (see /vacation status for the days left)")
    async def on(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 365]) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the store is read
            status = await self.bot.service.vacations.begin(interaction.user.id, days)
            assert status.running is not None
            await reply(interaction, ngettext(
                "🏖️ You are on vacation until <t:{until}:f> ({n} day). The clocks of your matches stop while it is "
                "your turn (in a tournament only if its organiser allowed it): no reminders, no timeouts. You may "
                "still move. {off} ends it early and gives back the days not begun. {account}",
                "🏖️ You are on vacation until <t:{until}:f> ({n} days). The clocks of your matches stop while it is "
                "your turn (in a tournament only if its organiser allowed it): no reminders, no timeouts. You may "
                "still move. {off} ends it early and gives back the days not begun. {account}",
                days, until=int(status.running.until_at), account=account(status), off=slash("vacation off")))
            await self.show(status)
        await guarded(interaction, work)

    @vacation.command(name="off", description="End your vacation early: the days not begun come back")
    async def off(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the store is read
            status = await self.bot.service.vacations.end(interaction.user.id)
            self.bot.scheduler.poke()  # the paused clocks run again: their deadlines are the next to wake for
            await reply(interaction, _("Welcome back: your vacation is over. Your paused clocks run again, each "
                                       "deadline moved on by the time it waited. {account}", account=account(status)))
            await self.show(status)
        await guarded(interaction, work)

    @vacation.command(name="status", description="Whether you are on vacation and how many vacation days you have left")
    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the store is read
            status = await self.bot.service.vacations.status(interaction.user.id)
            if status.running is not None:
                head = _("🏖️ You are on vacation until <t:{until}:f> (<t:{until}:R>).",
                         until=int(status.running.until_at))
                waiting = await self.bot.service.vacations.waiting(interaction.user.id)
                if waiting:
                    head += " " + _("Clocks waiting for you: {matches}.", matches=", ".join(
                        f"{m.game.title} #{m.id}" for m in waiting))
            else:
                head = _("You are not on vacation; {on} starts one.", on=slash("vacation on", days="<n>"))
            await reply(interaction, f"{head} {account(status)}")
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(VacationCog(host(bot)))
