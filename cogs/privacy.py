"""`/privacy show`, `export` and `forget`: each player sees what the bot stores about them, gets a copy as a JSON
file by DM, or has it forgotten after a confirmation. Thin: the data and the forgetting are below (data/privacy.py)."""

from __future__ import annotations

import gzip
import io
import json
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits, markup
from cogs.host import Host, cog_of, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, reply
from i18n import N_, _, ngettext, pgettext, slash
from matches import Refusal
from matches.privacy import Stored, export, stored
from tournaments.privacy import Withdrawn, forget_player, withdraw

log = logging.getLogger(__name__)
CONFIRM_SECONDS = 300  # how long the confirmation button works: a forgotten click later does nothing
FORGET_LABEL = N_("Yes, forget me")
OPERATOR = N_("You can only forget your own data. The bot's operator removes someone else's on request "
              "(`python -m data.forget USER_ID`, see the privacy page of the docs).")


def listed(parts: list[str]) -> str:
    # Translators: what separates the items of a list of counts ("1 match, 2 lobbies"); Japanese may use "、".
    return pgettext("list separator", ", ").join(parts)


def stored_embed(data: Stored, titles: dict[str, str]) -> discord.Embed:
    """What is stored about one person, in words (counts and choices; `/privacy export` has every row); `titles`:
    the games' titles by name."""
    embed = discord.Embed(title=_("What Tabletop stores about you"), colour=EMBED_COLOUR)
    if data.name is None:
        embed.description = _("No name: you have not used a command since you were forgotten, or ever.")
    else:
        embed.description = _("Your display name as last seen: **{name}**", name=markup.name(data.name))
    dms = _("Open.") if data.dm_open else _("Closed (tried again when you next use a command).")
    channel = _("DM channel id stored.") if data.dm_channel else _("DM channel id not stored.")
    embed.add_field(name=_("Direct messages"), value=f"{dms} {channel}", inline=False)
    matches = data.matches
    counts = listed([
        ngettext("{n} finished match", "{n} finished matches", matches.get("finished", 0)),
        ngettext("{n} aborted", "{n} aborted", matches.get("aborted", 0)),
        ngettext("{n} running", "{n} running", matches.get("active", 0)),
        ngettext("{n} lobby", "{n} lobbies", matches.get("lobby", 0))])
    embed.add_field(name=_("Matches"), value="; ".join([
        counts, ngettext("{n} match you opened", "{n} matches you opened", data.created),
        ngettext("{n} move in the logs", "{n} moves in the logs", data.moves),
        ngettext("in {n} server", "in {n} servers", data.servers)]), inline=False)
    ratings = listed([ngettext("{game} ({n} rated game)", "{game} ({n} rated games)", games,
                               game=titles.get(game, game)) for game, games in data.ratings]) or _("none")
    changes = ngettext("{n} rating change", "{n} rating changes", data.rating_changes)
    embed.add_field(name=_("Ratings"), value=f"{ratings}; {changes}", inline=False)
    embed.add_field(name=_("Choices"), value="; ".join([
        ngettext("{n} notice preference ({notify})", "{n} notice preferences ({notify})", data.preferences,
                 notify=slash("notify")),
        ngettext("{n} analysis drill in progress", "{n} analysis drills in progress", data.drills),
        ngettext("{n} lesson finished ({learn})", "{n} lessons finished ({learn})", data.lessons,
                 learn=slash("learn")),
        ngettext("{n} vacation ({vacation})", "{n} vacations ({vacation})", data.vacations,
                 vacation=slash("vacation"))]), inline=False)
    embed.add_field(name=_("Tournaments"), value="; ".join([
        ngettext("{n} tournament entered or signed up for", "{n} tournaments entered or signed up for",
                 data.tournaments),
        ngettext("{n} organised", "{n} organised", data.organised)]), inline=False)
    open_ = data.unfinished
    if open_:
        waiting = listed([ngettext("{n} running match", "{n} running matches", len(open_.running)),
                          ngettext("{n} lobby", "{n} lobbies", len(open_.lobbies)),
                          ngettext("{n} tournament", "{n} tournaments", len(open_.tournaments))])
        embed.add_field(name=_("Not over yet"), value=_("{waiting}: {forget} resigns and leaves them first",
                                                        waiting=waiting, forget=slash("privacy forget")),
                        inline=False)
    embed.set_footer(text=_("{export}: all of it as a JSON file · {forget}: remove it. Besides your moves, no "
                            "message text is stored, nor any e-mail or IP address; your web page code is computed, "
                            "not stored.", export=slash("privacy export"), forget=slash("privacy forget")))
    return embed


def forget_embed(data: Stored) -> discord.Embed:
    """What pressing the confirmation will do, before it is pressed."""
    open_ = data.unfinished
    lines = []
    if open_.running:
        lines.append(ngettext("• your {n} running match is resigned (a loss, rated as usual)",
                              "• your {n} running matches are resigned (a loss, rated as usual)",
                              len(open_.running)))
    if open_.lobbies:
        lines.append(ngettext("• your {n} lobby is left (a lobby you opened is closed)",
                              "• your {n} lobbies are left (a lobby you opened is closed)", len(open_.lobbies)))
    if open_.tournaments:
        lines.append(ngettext("• your {n} tournament is left (your results so far stand)",
                              "• your {n} tournaments are left (your results so far stand)", len(open_.tournaments)))
    lines += [
        _("• your name in finished matches, standings and exports becomes **Player N** (a number, the same "
          "everywhere); the other players' results and ratings stay as they are"),
        _("• your ratings, notice preferences, lesson progress, analysis drills, vacations and DM channel are "
          "deleted"),
        _("This cannot be undone. If you use the bot again later, you start afresh."),
    ]
    return discord.Embed(title=_("Forget everything about you?"), description="\n".join(lines), colour=EMBED_COLOUR)


def packed(body: bytes, user: int) -> tuple[bytes, str] | None:
    """The export as a file Discord takes (`limits.FILE_SIZE`): the JSON as it is, else compressed with gzip (JSON
    shrinks about tenfold); None when even that is too large."""
    if len(body) <= limits.FILE_SIZE:
        return body, f"tabletop-data-{user}.json"
    small = gzip.compress(body, mtime=0)
    if len(small) <= limits.FILE_SIZE:
        return small, f"tabletop-data-{user}.json.gz"
    return None


def megabytes(size: int) -> str:
    return i18n.active().number(round(size / (1024 * 1024), 1))


def forget_view(user_id: int, until: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, until))
    return view


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tt:privacy:forget:(?P<user>\d+):(?P<until>\d+)"):
    """The confirmation of /privacy forget: it names whose data and until when it works (no state kept)."""

    def __init__(self, user_id: int, until: int) -> None:
        super().__init__(discord.ui.Button(label=_(FORGET_LABEL), style=discord.ButtonStyle.danger,
                                           custom_id=f"tt:privacy:forget:{user_id}:{until}"))
        self.user_id = user_id
        self.until = until

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ForgetButton:
        return cls(int(match["user"]), int(match["until"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, PrivacyCog)

        async def work() -> None:
            if cog is None:
                raise Refusal(_("Forgetting is not available right now; please try again later."))
            if interaction.user.id != self.user_id:
                raise Refusal(_(OPERATOR))
            if cog.bot.service.now() > self.until:
                raise Refusal(_("This confirmation has expired, and nothing was deleted. Use {forget} again.",
                                forget=slash("privacy forget")))
            await interaction.response.defer()  # before the store; the confirmation is then replaced by the result
            await cog.forget_now(interaction)
        # Not recorded afterwards: recording would store the name just forgotten.
        await guarded(interaction, work, record=False)


class PrivacyCog(commands.GroupCog, name="privacy", group_name="privacy",
                 group_description="Your data: what the bot stores about you, a copy of it, or forget it"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="What the bot stores about you (only you see it)")
    async def show(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            titles = {name: game.title for name, game in self.bot.service.games.items()}
            await reply(interaction, embed=stored_embed(await stored(self.bot.service, interaction.user.id), titles))
        await guarded(interaction, work)

    @app_commands.command(name="export", description="Everything the bot stores about you, as a JSON file by DM")
    async def export(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            user = interaction.user.id
            data = await export(self.bot.service, user)
            body = json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")
            fits = packed(body, user)
            if fits is None:  # even compressed above what Discord takes: say so, and who can hand it over
                await reply(interaction, _(
                    "Your data is too large for a file on Discord: {size} MB, more than the {limit} MB a file may "
                    "have, even compressed. The bot's operator can give it to you: ask them to run `python -m "
                    "data.forget {user} --export FILE` (it changes nothing).", size=megabytes(len(body)),
                    limit=megabytes(limits.FILE_SIZE), user=user))
                return
            content, filename = fits
            compressed = filename.endswith(".gz")

            def file() -> discord.File:
                return discord.File(io.BytesIO(content), filename=filename,
                                    description=_("Everything Tabletop stores about you"))
            try:
                channel = await self.bot.create_dm(discord.Object(id=user))
                await limits.send(channel, _("Everything Tabletop stores about you, as you asked ({export}).",
                                                     export=slash("privacy export")),
                                  file=file())
            except discord.HTTPException as error:  # DMs closed (403) or the file refused: hand it over here
                log.info("could not DM user %s their export: %s", user, error)
                await reply(interaction, _("Your direct messages are closed to me, so here is the file (only you "
                                           "see this message; download it now)."), file=file())
                return
            size = i18n.active().number(len(content))
            if compressed:
                await reply(interaction, _(
                    "Sent you a direct message with the file, compressed with gzip to fit Discord's file size "
                    "({size} bytes; {full} MB unpacked: any archive program opens it).", size=size,
                    full=megabytes(len(body))))
            else:
                await reply(interaction, _("Sent you a direct message with the file ({size} bytes).", size=size))
        await guarded(interaction, work)

    @app_commands.command(name="forget", description="Delete what the bot stores about you (asks to confirm)")
    @app_commands.describe(user="Only yourself: an operator removes someone else's data (python -m data.forget)")
    async def forget(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async def work() -> None:
            if user is not None and user.id != interaction.user.id:
                raise Refusal(_(OPERATOR))
            await defer_private(interaction)  # before the reads
            data = await stored(self.bot.service, interaction.user.id)
            until = int(self.bot.service.now()) + CONFIRM_SECONDS
            label = _(FORGET_LABEL)
            await reply(interaction, ngettext("Press **{label}** within {n} minute to go on; otherwise nothing "
                                              "happens.", "Press **{label}** within {n} minutes to go on; otherwise "
                                              "nothing happens.", CONFIRM_SECONDS // 60, label=label),
                        embed=forget_embed(data),
                        view=forget_view(interaction.user.id, until))
        await guarded(interaction, work)

    async def forget_now(self, interaction: discord.Interaction) -> None:
        """Out of tournaments, matches and lobbies through the services (their boards posted as after any
        resignation), then the data cut and removed; the confirmation message becomes the report."""
        user = interaction.user.id
        withdrawn = await withdraw(self.bot.tournaments, user)
        await self.post(withdrawn)
        forgotten = await forget_player(self.bot.tournaments, user)
        lines = [_("Done: what Tabletop stored about you is deleted.")]
        if withdrawn.turns or withdrawn.matches.lobbies or withdrawn.tournaments:
            lines.append(listed([ngettext("Resigned {n} match", "Resigned {n} matches", len(withdrawn.turns)),
                                 ngettext("left {n} lobby", "left {n} lobbies", len(withdrawn.matches.lobbies)),
                                 ngettext("left {n} tournament", "left {n} tournaments", len(withdrawn.tournaments))])
                         + ".")
        if forgotten.name is not None:
            lines.append(ngettext("You appear as **{name}** in {n} ended match and the standings you played in.",
                                  "You appear as **{name}** in {n} ended matches and the standings you played in.",
                                  len(forgotten.matches), name=forgotten.name))
        left = forgotten.unfinished
        if left:
            items = listed([ngettext("{n} match", "{n} matches", len(left.running)),
                            ngettext("{n} tournament", "{n} tournaments", len(left.tournaments))])
            lines.append(_("Still running without you able to leave: {items} (ids are in {show}); your name is gone "
                           "from them, and {forget} again cuts them once they end.", items=items,
                           show=slash("privacy show"), forget=slash("privacy forget")))
        await limits.edit_original(interaction, content="\n".join(lines), embed=None, view=None)

    async def post(self, withdrawn: Withdrawn) -> None:
        """The boards of the resigned matches and the lobbies closed, as any resignation or Leave posts them; a
        channel that cannot be reached is logged (the match ended all the same)."""
        tables = self.bot.tables
        for turn in withdrawn.turns:
            try:
                await tables.post_turn(turn)
            except (discord.HTTPException, Refusal) as error:
                log.info("could not post match %s resigned by /privacy forget: %s", turn.match.id, error)
        for match in withdrawn.matches.lobbies:
            if match.record.message_id is None:
                continue
            try:
                channel = await tables.match_channel(match)
                await limits.edit_in(channel, match.record.message_id, **await tables.lobby_message(match))
            except (discord.HTTPException, Refusal) as error:
                log.info("could not update lobby %s left by /privacy forget: %s", match.id, error)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ForgetButton)
    await bot.add_cog(PrivacyCog(host(bot)))
