"""Server settings for admins (Manage Server): where matches go, threads, the default clock, enabled games, the
server's language; every reply in the asker's language (i18n/)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.base import TIME_CONTROLS, locale_for
from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, defer_private, guarded, reply, require_posting
from data import GuildSettings
from matches import Refusal

# `/settings language`: each shipped language by its own name, and the server's own locale (Discord's) by default.
SERVER_DEFAULT = "default"
LANGUAGE_CHOICES = [app_commands.Choice(name=i18n.N_("the server's language in Discord (default)"),
                                        value=SERVER_DEFAULT),
                    *(app_commands.Choice(name=shipped.name, value=shipped.code) for shipped in i18n.LANGUAGES)]


def describe_time(seconds: int | None, lang: i18n.Language) -> str:
    if seconds is None:
        return lang._("24 hours (the bot's default)")
    # The clock's names are the `/settings time` choices, translated with the command tree.
    return next((lang._(name) for name, value in TIME_CONTROLS.items() if value == seconds),
                lang._("{seconds} s", seconds=lang.number(seconds)))


def describe_language(code: str | None, lang: i18n.Language) -> str:
    if code is None:
        return lang._("the server's language in Discord (English unless it is a Community server)")
    return i18n.language(code).name


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerSettings(commands.GroupCog, group_name="settings",
                     group_description="Server settings for Tabletop (admins)"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @staticmethod
    def require_manager(interaction: discord.Interaction) -> None:
        """Manage Server, checked here too: a server can let anyone run /settings (Integrations settings)."""
        member = interaction.user
        held = member.guild_permissions if isinstance(member, discord.Member) else interaction.permissions
        if interaction.guild_id is None or not held.manage_guild:
            raise Refusal(locale_for(interaction)._("Tabletop's settings are for members with the Manage Server "
                                                     "permission; ask a server admin."))

    async def _update(self, interaction: discord.Interaction, **changes: object) -> None:
        async def work() -> None:
            await self._save(interaction, **changes)
        await guarded(interaction, work)

    async def _save(self, interaction: discord.Interaction, **changes: Any) -> None:
        self.require_manager(interaction)
        assert interaction.guild_id is not None  # guild_only
        await defer_private(interaction)  # before the read
        service = self.bot.service
        settings = replace(await service.guild_settings(interaction.guild_id), guild_id=interaction.guild_id,
                           **changes)
        await service.save_guild_settings(settings)
        await reply(interaction, embed=await self.summary(settings, locale_for(interaction)))

    async def summary(self, settings: GuildSettings, lang: i18n.Language) -> discord.Embed:
        """Every setting of the server, those kept apart from the match defaults too (organisers, web pages)."""
        embed = self.describe(settings, lang)
        guild_id = settings.guild_id
        role = await self.bot.service.store.tournaments.organiser_role(guild_id) if guild_id is not None else None
        embed.add_field(name=lang._("Tournament organisers"),
                        value=lang._("members with Manage Server or {role}", role=f"<@&{role}>") if role is not None
                        else lang._("members with Manage Server"))
        links = self.bot.service.web
        if await links.token(guild_id) is None:
            embed.add_field(name=lang._("Web pages"),
                            value=lang._("off ({on} gives matches and events pages)",
                                                 on=lang.slash("settings web", action="on")))
        else:
            url = await links.index_url(guild_id)
            embed.add_field(name=lang._("Web pages"), value=lang._("on: {url}", url=url) if url is not None
                            else lang._("on, but this bot has no web address yet (its operator sets WEB_BASE_URL)"))
        return embed

    @staticmethod
    def describe(settings: GuildSettings, lang: i18n.Language) -> discord.Embed:
        embed = discord.Embed(title=lang._("Tabletop settings"), colour=EMBED_COLOUR)
        embed.add_field(name=lang._("Matches posted in"), value=f"<#{settings.channel_id}>" if settings.channel_id
                        else lang._("where /… new is used"))
        embed.add_field(name=lang._("Own thread per match"), value=lang._("yes") if settings.use_threads
                        else lang._("no"))
        embed.add_field(name=lang._("Default time per move"), value=describe_time(settings.time_control, lang))
        # The rules' names are the `/settings timeout` choices, translated with the command tree.
        embed.add_field(name=lang._("When time runs out"), value=lang._("opponents may claim the win")
                        if settings.timeout_rule == "claim" else lang._("the late player forfeits"))
        embed.add_field(name=lang._("New 2-player matches"), value=lang._("rated unless the creator says no")
                        if settings.rated else lang._("unrated unless the creator says yes"))
        embed.add_field(name=lang._("Switched off"), value=", ".join(settings.disabled_games) or lang._("none"))
        embed.add_field(name=lang._("Language of public posts"), value=describe_language(settings.language, lang))
        return embed

    @app_commands.command(name="show", description="Show this server's Tabletop settings")
    async def show(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            self.require_manager(interaction)
            assert interaction.guild_id is not None  # guild_only
            await defer_private(interaction)  # before the read
            settings = await self.bot.service.guild_settings(interaction.guild_id)
            await reply(interaction, embed=await self.summary(replace(settings, guild_id=interaction.guild_id),
                                                              locale_for(interaction)))
        await guarded(interaction, work)

    @app_commands.command(name="channel", description="Post new matches in this channel (leave empty: anywhere)")
    @app_commands.describe(channel="Where every new match is posted (empty: wherever /<game> new is used)")
    async def channel(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        async def work() -> None:
            self.require_manager(interaction)
            if channel is not None:  # every match would go there: refuse a channel the bot cannot post in
                require_posting(channel)
            await self._save(interaction, channel_id=channel.id if channel else None)
        await guarded(interaction, work)

    @app_commands.command(name="threads", description="Give every new match its own thread")
    @app_commands.describe(enabled="True: a thread per match; False: matches are played in the channel")
    async def threads(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self._update(interaction, use_threads=enabled)

    @app_commands.command(name="time", description="Default time per move for new matches")
    @app_commands.describe(time="Time per move when /<game> new does not say")
    @app_commands.choices(time=[app_commands.Choice(name=k, value=v) for k, v in TIME_CONTROLS.items()])
    async def time(self, interaction: discord.Interaction, time: app_commands.Choice[int]) -> None:
        await self._update(interaction, time_control=time.value)

    @app_commands.command(name="timeout", description="What happens by default when a player's time runs out")
    @app_commands.describe(rule="Claim: the opponents get a Claim win button; forfeit: the late player resigns")
    @app_commands.choices(rule=[app_commands.Choice(name="opponents may claim the win", value="claim"),
                                app_commands.Choice(name="the late player forfeits", value="forfeit")])
    async def timeout(self, interaction: discord.Interaction, rule: app_commands.Choice[str]) -> None:
        await self._update(interaction, timeout_rule=rule.value)

    @app_commands.command(name="rated", description="Whether new 2-player matches count for ratings by default")
    @app_commands.describe(enabled="True: rated unless the creator says no; False: unrated unless they say yes")
    async def rated(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self._update(interaction, rated=enabled)

    @app_commands.command(name="organiser-role", description="Let members with this role organise tournaments "
                          "(leave empty: Manage Server only)")
    @app_commands.describe(role="Members with this role may organise tournaments (empty: Manage Server only)")
    async def organiser_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async def work() -> None:
            self.require_manager(interaction)
            assert interaction.guild_id is not None  # guild_only
            lang = locale_for(interaction)
            if role is not None and (role.is_default() or role.id == interaction.guild_id):
                raise Refusal(lang._("@everyone cannot be the organiser role: it would let every member start, pause, "
                                     "cancel and adjudicate tournaments. Choose a role for organisers, or leave it "
                                     "empty for members with Manage Server only."))
            await defer_private(interaction)  # before the write
            await self.bot.service.store.tournaments.set_organiser_role(interaction.guild_id, role.id if role else None)
            await reply(interaction, lang._("Tournaments can now be organised by members with {role}.",
                                            role=role.mention) if role
                        else lang._("Tournaments can now be organised by members with Manage Server only."),
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)

    @app_commands.command(name="web", description="Web pages for this server's matches and events (off by "
                          "default)")
    @app_commands.describe(action="on: pages and Watch links; reset: new links, the old ones stop working; off: none")
    @app_commands.choices(action=[app_commands.Choice(name="on: pages and Watch links", value="on"),
                                  app_commands.Choice(name="reset: new links (every old link stops working)",
                                                      value="reset"),
                                  app_commands.Choice(name="off: no pages (every link stops working)", value="off")])
    async def web(self, interaction: discord.Interaction, action: app_commands.Choice[str]) -> None:
        async def work() -> None:
            self.require_manager(interaction)
            assert interaction.guild_id is not None  # guild_only
            await defer_private(interaction)  # before the token is read or written
            lang = locale_for(interaction)
            watch = lang.pgettext("button", "Watch")  # the boards' button as it reads (cogs/ui.py's watch_button)
            links = self.bot.service.web
            if action.value == "off":
                await links.turn_off(interaction.guild_id)
                await reply(interaction, lang._("This server's web pages are off: every link to them shows “not "
                                                "found” now, and boards have no {watch} button. {on} makes new "
                                                "links.", watch=watch, on=lang.slash("settings web", action="on")))
                return
            await (links.reset if action.value == "reset" else links.turn_on)(interaction.guild_id)
            url = await links.index_url(interaction.guild_id)
            what = lang._("New links made: every older link shows “not found” now.") if action.value == "reset" \
                else lang._("This server's web pages are on.")
            if url is None:
                await reply(interaction, lang._("{what} But this bot has no web address yet (its operator sets "
                                                "WEB_PORT or WEB_BASE_URL), so no link can be shown until then.",
                                                what=what))
                return
            await reply(interaction, lang._("{what} Boards and tournament sign-ups get a **{watch}** button, and "
                                            "{history} a link. This server's page (share it only with your "
                                            "community; {reset} revokes it): {url}", what=what, url=url,
                                            watch=watch, history=lang.slash("history"),
                                            reset=lang.slash("settings web", action="reset")))
        await guarded(interaction, work)

    @app_commands.command(name="language", description="The language of this server's boards, lobbies and "
                          "tournament posts")
    @app_commands.describe(language="A language for everything posted for everyone (default: the server's own)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        # Private replies (this one too) speak each member's own Discord language whatever the server's is.
        await self._update(interaction, language=None if language.value == SERVER_DEFAULT else language.value)

    @app_commands.command(name="game", description="Switch a game on or off on this server")
    @app_commands.describe(game="The game", enabled="True: members can open matches of it; False: switched off")
    @app_commands.choices(game=GAME_CHOICES)
    async def game(self, interaction: discord.Interaction, game: app_commands.Choice[str], enabled: bool) -> None:
        async def work() -> None:
            self.require_manager(interaction)
            assert interaction.guild_id is not None  # guild_only
            await defer_private(interaction)  # before the read
            settings = await self.bot.service.guild_settings(interaction.guild_id)
            off = set(settings.disabled_games)
            name = game.value
            if enabled:
                off.discard(name)
            else:
                off.add(name)
            await self._save(interaction, disabled_games=tuple(sorted(off)))
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerSettings(host(bot)))
