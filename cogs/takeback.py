"""`/takeback match:<n>` (or a casual board's Take back button): ask to take back your last move, and the Accept /
Decline buttons of the request it posts in the match's channel; the rules of it are `matches.takebacks`."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits
from cogs.host import Host, cog_of, host
from cogs.ui import defer_private, guarded, reply, require_posting, seat_mentions
from i18n import N_, _, option
from matches import Match, Refusal, Turn
from matches.takebacks import Takeback
from render.lettering import cut_name


def board_turn(turn: Turn) -> Turn:
    """The takeback as the board message words its turn: the player's own line ("<@ada> (Blue): Blue takes back
    …"), then any line the position asked for."""
    return Turn(turn.match, [replace(e, kind="action") if e.kind == "takeback" else e for e in turn.events])


def request_text(match: Match, request: Takeback) -> str:
    """The request's message in the match's channel, as it stands."""
    mentions = seat_mentions(match)
    head = _("Takeback in {game} match #{id}: {who} asks to take back **{move}**.", game=match.game.title,
             id=match.id, who=mentions[request.seat], move=request.move)
    if request.status == "taken back":
        return _("{request} Accepted: the move is taken back, {who} moves again.", request=head,
                 who=mentions[request.seat])
    if request.status == "declined":
        assert request.declined is not None
        if request.declined == request.seat:
            return _("{request} Withdrawn: the move stands.", request=head)
        return _("{request} Declined by {who}: the move stands.", request=head, who=mentions[request.declined])
    agreed = "".join(" " + _("{who} agrees.", who=mentions[s]) for s in request.agreed)
    waiting = " ".join(mentions[s] for s in request.waiting)
    return _("{request} {players}: accept or decline (the request lapses with the next move).",
             request=head + agreed, players=waiting)


def request_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackButton("yes", match_id))
    view.add_item(TakebackButton("no", match_id))
    return view


def takeback_button(match_id: int) -> TakebackButton:
    """Take back, on the board of a casual match (cogs/tables.py): the same as `/takeback match:<n>`."""
    return TakebackButton("ask", match_id)


class TakebackButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tt:takeback:(?P<verb>ask|yes|no):(?P<id>\d+)"):
    """Take back on a board, Accept / Decline under a request: the custom_id carries the verb and the match."""

    LOOK: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "ask": (N_("Take back"), discord.ButtonStyle.secondary),
        "yes": (N_("Accept takeback"), discord.ButtonStyle.success),
        "no": (N_("Decline takeback"), discord.ButtonStyle.secondary),
    }

    def __init__(self, verb: str, match_id: int) -> None:
        label, style = self.LOOK[verb]  # in the language being spoken where the message is made
        super().__init__(discord.ui.Button(label=limits.cut(_(label), limits.BUTTON_LABEL), style=style,
                                           custom_id=f"tt:takeback:{verb}:{match_id}"))
        self.verb = verb
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TakebackButton:
        return cls(match["verb"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, Takebacks)
        if cog is None:
            with i18n.speaking(interaction.locale):
                await reply(interaction, _("Takebacks are not available right now; try again in a moment."))
            return
        if self.verb == "ask":
            await guarded(interaction, lambda: cog.ask(interaction, self.match_id), self.match_id)
        else:
            await guarded(interaction, lambda: cog.answer(interaction, self.verb == "yes", self.match_id),
                          self.match_id)


class Takebacks(commands.Cog):
    """One command and the request's two buttons; what may be taken back is the service's."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="takeback", description="Ask to take back your last move in a casual match")
    @app_commands.describe(match="Match number (autocomplete: your running matches; default: yours in this channel)")
    async def takeback(self, interaction: discord.Interaction,
                       match: app_commands.Range[int, 1] | None = None) -> None:
        await guarded(interaction, lambda: self.ask(interaction, match), match)

    async def ask(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """The command and the board's button: ask, then post the request (or, against computers, the board)."""
        await defer_private(interaction)  # before the reads
        found = await self.resolve(interaction, match_id)
        tables = self.bot.tables
        require_posting(await tables.match_channel(found))  # the request (or the board) goes there
        request = await self.bot.service.takebacks.ask(found.id, interaction.user.id, key=str(interaction.id))
        if request.turn is not None:  # against computers: taken back at once
            await reply(interaction, _("Taken back in match #{id}: {move}. Your move again.", id=found.id,
                                       move=request.move))
            await tables.post_turn(board_turn(request.turn))
            return
        await reply(interaction, _("You asked to take back {move} in match #{id}.", move=request.move, id=found.id))
        async with tables.public(found):  # a public post: in the server's language
            text, view = request_text(request.match, request), request_view(found.id)
        await limits.send(await tables.match_channel(found), text, view=view,
                          allowed_mentions=discord.AllowedMentions(users=True))

    async def resolve(self, interaction: discord.Interaction, match_id: int | None) -> Match:
        """The match asked about: the one given, else the caller's one running match here (or anywhere)."""
        service = self.bot.service
        if match_id is not None:
            return await service.get_visible(match_id, interaction.user.id, interaction.guild_id)
        mine = await service.matches_for(interaction.user.id, ("active",))
        here = [m for m in mine if m.record.channel_id == interaction.channel_id] or mine
        if len(here) == 1:
            return here[0]
        if not here:
            raise Refusal(_("You have no running match: a takeback is for your last move in one."))
        listing = ", ".join(f"#{m.id}" for m in here[:10])
        raise Refusal(_("You play several matches ({matches}): choose one with the {option} option.",
                        matches=listing, option=option("match")))

    async def answer(self, interaction: discord.Interaction, accept: bool, match_id: int) -> None:
        """Accept or Decline: the request's message is edited to say where it stands."""
        await interaction.response.defer()  # edits its own message: answered before the read
        request = await self.bot.service.takebacks.answer(match_id, interaction.user.id, accept,
                                                          key=str(interaction.id))
        settled = request.status != "pending"
        async with self.bot.tables.public(request.match):  # the public request: in the server's language
            text, view = request_text(request.match, request), None if settled else request_view(match_id)
        await limits.edit_original(interaction, content=text, view=view,
                                   allowed_mentions=discord.AllowedMentions(users=False))
        if request.turn is not None:
            await self.bot.tables.post_turn(board_turn(request.turn))

    @takeback.autocomplete("match")
    async def match_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[int]]:
        user = interaction.user.id
        typed = current.strip().lstrip("#").lower()
        labels = []
        for m in await self.bot.service.matches_for(user, ("active",)):
            names = await self.bot.service.names(m)
            others = ", ".join(cut_name(name) for name, uid in zip(names, m.user_ids, strict=True) if uid != user)
            label = _("#{id} · {game} vs {others}", id=m.id, game=m.game.title, others=others or "—")
            if not typed or typed in str(m.id) or typed in label.lower():
                labels.append((label, m.id))
        return limits.choices(labels)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Takebacks(host(bot)))
    bot.add_dynamic_items(TakebackButton)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(TakebackButton)
