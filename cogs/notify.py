"""`/notify`: each player chooses their own notices (turn DMs, deadline reminders), for every game or one game; the
notices themselves are sent by `cogs.tables` in each player's last seen language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, defer_private, guarded, reply
from i18n import _
from matches.preferences import EVERY_GAME, NoticeSettings


def describe(settings: NoticeSettings, games: dict[str, str]) -> discord.Embed:
    """Every game's notices as they apply now, in the language being spoken; "(set for this game)" marks a game's
    own choice."""
    words = {("turns", True): _("turn DMs on"), ("turns", False): _("turn DMs off"),
             ("reminders", True): _("reminders on"), ("reminders", False): _("reminders off")}

    def line(game: str) -> str:
        own = settings.games.get(game)
        parts = []
        for kind in ("turns", "reminders"):
            own_choice = game != EVERY_GAME and own is not None and getattr(own, kind) is not None
            said = words[kind, settings.wants(game, kind)]
            parts.append(_("{notice} (set for this game)", notice=said) if own_choice else said)
        return " · ".join(parts)

    lines = [_("**Every game:** {notices}", notices=line(EVERY_GAME))]
    lines += [f"**{title}:** {line(name)}" for name, title in games.items()]
    embed = discord.Embed(title=_("Your notices"), description="\n".join(lines), colour=EMBED_COLOUR)
    embed.set_footer(text=_("Turn DMs: a direct message when it is your turn. Reminders: at half and at 90 % of your "
                            "time. The board message always mentions the player to move."))
    return embed


class Notify(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="notify", description="Your notices: turn DMs and reminders (alone: show them)")
    @app_commands.describe(turns="A direct message when it is your turn (True: on, False: off)",
                           reminders="Reminders at half and at 90 % of your time (True: on, False: off)",
                           game="Only for this game (default: every game)")
    @app_commands.choices(game=GAME_CHOICES)
    async def notify(self, interaction: discord.Interaction, turns: bool | None = None,
                     reminders: bool | None = None,
                     game: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the read
            service = self.bot.service
            user = interaction.user.id
            if turns is None and reminders is None:
                settings = await service.notice_settings(user)
                text = None
            else:
                settings = await service.set_notices(
                    user, game=game.value if game else None, turns=turns, reminders=reminders)
                text = _("Saved your notices in {game}.", game=service.game(game.value).title) if game \
                    else _("Saved your notices in every game.")
            titles = {name: g.title for name, g in service.games.items()}
            if game is not None and turns is None and reminders is None:
                titles = {name: title for name, title in titles.items() if name == game.value}
            await reply(interaction, text, embed=describe(settings, titles))
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Notify(host(bot)))
