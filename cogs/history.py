"""`/history`: any match's numbered log, as the asker may read it, and exports (JSON record, GIF) of finished ones.

Pages hold `PAGE_LINES` lines, oldest at the top; the command opens on the newest page, and the Older/Newer buttons
(stateless, so they survive restarts) step through the rest. Everything in the asker's language; the log lines
themselves are notation, the same in every language.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import i18n
import render
from cogs import limits, markup
from cogs.base import MAX_CHOICES
from cogs.host import Host, cog_of, host
from cogs.tables import seat_mentions
from cogs.ui import EMBED_COLOUR, defer_private, guarded, reply, who
from i18n import _, pgettext, slash
from matches import Match, MatchService, Refusal
from matches.history import HistoryLine, dice_record, export_record, history, public_views
from render.animation import render_gif
from render.lettering import cut_name

PAGE_LINES = 30
MAX_LINE = 130  # characters per line: 30 lines (with their line breaks) stay under an embed's 4096
UPLOAD_LIMIT = 8_000_000


def line_text(line: HistoryLine) -> str:
    """'`n` who text', at most `MAX_LINE` characters: a long notation is cut, never the number or the seat."""
    if line.kind == "chance":
        who = "🎲"
    elif line.kind == "auto":
        who = "*" + _("{seat} (automatic)", seat=cut_name(line.seat_name or "?")) + "*"
    else:
        who = f"**{cut_name(line.seat_name or '?')}**"
    prefix = f"`{line.n:>3}` {who} "
    text = markup.inert(line.text)
    room = MAX_LINE - len(prefix)
    return prefix + (text if len(text) <= room else text[: room - 1] + "…")


def page_count(lines: list[HistoryLine]) -> int:
    return max(1, -(-len(lines) // PAGE_LINES))


def result_text(match: Match) -> str:
    """The result as the match message words it ('' while the match runs)."""
    words = match.result_words(seat_mentions(match))
    return "" if words is None else words.sentence()


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:history:(?P<id>\d+):(?P<page>\d+)"):
    """Older / Newer on a history page: the custom_id carries the match and the page to show."""

    def __init__(self, match_id: int, page: int, label: str, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"tt:history:{match_id}:{page}"))
        self.match_id = match_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryButton:
        return cls(int(match["id"]), int(match["page"]), getattr(item, "label", None) or pgettext("button", "Page"))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, History)

        async def work() -> None:
            if cog is None:
                raise Refusal(_("Match histories are not available right now."))
            await interaction.response.defer()  # before the reads; the page is then edited in place
            found = await cog.service.get_visible(self.match_id, interaction.user.id, interaction.guild_id)
            embed, view = await cog.page(found, interaction.user.id, self.page)
            await limits.edit_original(interaction, embed=embed, view=view)
        await guarded(interaction, work, self.match_id)


class History(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._gif_slot = asyncio.Semaphore(1)  # GIFs are CPU-heavy: one at a time, the rest wait their turn

    @property
    def service(self) -> MatchService:
        return self.bot.service

    # ---- finding the match ------------------------------------------------------------------------------------
    async def pick(self, interaction: discord.Interaction, match_id: int | None) -> Match:
        user = interaction.user.id
        if match_id is None:
            recent = await self.service.matches_for(user, ("active", "finished"))
            if not recent:
                raise Refusal(_("You have not played a match yet; give a match number to read another match's log."))
            match_id = recent[0].id
        return await self.service.get_visible(match_id, user, interaction.guild_id)

    async def match_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[int]]:
        user = interaction.user.id
        typed = current.strip().lstrip("#").lower()
        choices = []
        lang = i18n.language(interaction.locale)  # not under `guarded`: the asker's language said here
        for match in await self.service.matches_for(user, ("active", "finished")):
            record = match.record
            names = await self.service.names(match)
            others = ", ".join(cut_name(name) for name, uid in zip(names, match.user_ids, strict=True) if uid != user)
            fields = {"id": record.id, "game": match.game.title, "others": others or "—"}
            label = lang._("#{id} · {game} vs {others} · running", **fields) if record.status == "active" \
                else lang._("#{id} · {game} vs {others} · finished", **fields)
            if typed and typed not in str(record.id) and typed not in label.lower():
                continue
            choices.append(limits.choice(label, record.id))
            if len(choices) == MAX_CHOICES:
                break
        return choices

    # ---- one page of the log ------------------------------------------------------------------------------------
    async def page(self, match: Match, user_id: int, page: int | None) -> tuple[discord.Embed, discord.ui.View | None]:
        """The embed of one page (None: the newest) for `user_id`, with Older/Newer buttons when there are more."""
        lines = await history(self.service, match.id, user_id)
        pages = page_count(lines)
        page = pages - 1 if page is None else min(max(page, 0), pages - 1)
        shown = lines[page * PAGE_LINES: (page + 1) * PAGE_LINES]
        embed = discord.Embed(title=_("{game} · match #{id} · history", game=match.game.title, id=match.id),
                              colour=EMBED_COLOUR)
        embed.description = "\n".join(line_text(line) for line in shown) or _("No moves yet.")
        seats = " · ".join(f"{match.seat_name(i)}: {who(uid)}" for i, uid in enumerate(match.user_ids))
        embed.add_field(name=_("Seats"), value=seats or "—", inline=False)
        dice = await dice_record(self.service, match)
        if dice is not None:  # the seed only once the match is over (dice_record leaves it out before)
            value = _("Commitment (SHA-256 of the seed): `{commitment}`", commitment=dice["commitment"])
            if "seat_draw" in dice:
                value += "\n" + _("Line 0, the seat draw: `{draw}`", draw=dice["seat_draw"])
            value += "\n" + (_("Seed: `{seed}` — check it with {verify}", seed=dice["seed"],
                               verify=slash("verify", match=match.id))
                             if "seed" in dice else _("The seed is revealed when the match ends."))
            embed.add_field(name=_("Dice"), value=value, inline=False)
        url = await self.service.web.match_url(match.record.guild_id, match.id)
        if url is not None:  # the server has web pages (/settings web): the replay with a slider, and live
            embed.add_field(name=_("On the web"), value=_("[Replay and live board]({url})", url=url), inline=False)
        result = result_text(match)
        if match.status == "finished":
            embed.add_field(name=_("Result"), value=_("{result} The match is over: every line is shown in full.",
                                                      result=result).strip(), inline=False)
        elif any(line.kind == "chance" for line in lines):
            embed.add_field(name=_("Hidden"), value=_("What you may not know yet reads `?`."), inline=False)
        first = page * PAGE_LINES + 1
        embed.set_footer(text=_("lines {first}–{last} of {count} · page {page}/{pages} · oldest at the top",
                                first=first, last=first + len(shown) - 1, count=len(lines), page=page + 1,
                                pages=pages) if lines else _("page 1/1 · match #{id}", id=match.id))
        if pages == 1:
            return embed, None
        view = discord.ui.View(timeout=None)
        # Translators: the buttons that page through a match's history
        view.add_item(HistoryButton(match.id, max(page - 1, 0), pgettext("button", "◀ Older"), disabled=page == 0))
        view.add_item(HistoryButton(match.id, page + 1, pgettext("button", "Newer ▶"), disabled=page == pages - 1))
        return embed, view

    # ---- exports -----------------------------------------------------------------------------------------------
    async def export_file(self, match: Match, kind: str) -> discord.File:
        name = f"{match.game.name}-match-{match.id}"
        if kind == "json":
            record = await export_record(self.service, match.id)
            data = json.dumps(record, indent=1, ensure_ascii=False).encode()
            return discord.File(io.BytesIO(data), filename=f"{name}.json")
        if match.game.name not in render.RENDERERS:
            raise Refusal(_("{game} has no board images yet, so there is no GIF of it.", game=match.game.title))
        views = await public_views(self.service, match.id)
        names = await self.service.names(match)  # the images cut them (render.lettering.cut_name)
        async with self._gif_slot:
            data = await asyncio.to_thread(render_gif, views, names, match.id, max_bytes=UPLOAD_LIMIT)
        return discord.File(io.BytesIO(data), filename=f"{name}.gif")

    # ---- the command --------------------------------------------------------------------------------------------
    @app_commands.command(name="history", description="A match's numbered log (only to you); export a finished one")
    @app_commands.describe(match="Match number (default: your most recent match)",
                           export="Attach the finished match as a JSON record or an animated GIF")
    async def history_command(self, interaction: discord.Interaction, match: int | None = None,
                              export: Literal["json", "gif"] | None = None) -> None:
        async def work() -> None:
            await defer_private(interaction)  # before the reads
            found = await self.pick(interaction, match)
            if export is not None and found.status != "finished":
                raise Refusal(_("Exports are for finished matches; match #{id} is still being played.", id=found.id)
                              if found.status == "active" else
                              _("Exports are for finished matches; match #{id} is not finished.", id=found.id))
            embed, view = await self.page(found, interaction.user.id, None)
            kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": discord.AllowedMentions.none()}
            if view is not None:
                kwargs["view"] = view
            if export is not None:
                kwargs["file"] = await self.export_file(found, export)
            await reply(interaction, **kwargs)
        await guarded(interaction, work, match)

    history_command.autocomplete("match")(match_autocomplete)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(HistoryButton)
    await bot.add_cog(History(host(bot)))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(HistoryButton)
