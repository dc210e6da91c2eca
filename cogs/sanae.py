"""Sanae in Discord: private simultaneous setup, `/sanae move`, and the defender's private Zed Inel answer."""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits
from cogs.base import Commands, GameCog
from cogs.host import cog_of, host
from cogs.ui import defer_private, guarded, reply, require_posting, typed
from i18n import N_, _, slash
from matches import Match, Refusal, Turn
from render.sanae.board import setup_words
from rules.sanae.pieces import PRESETS
from rules.sanae.suggest import suggest_moves, suggest_setup

log = logging.getLogger(__name__)

SETUP_VERBS = ("random", "classic", "wall", "keep", "ready")
# The setup panel's buttons, translated where posted; the presets' names are the layouts' proper names (players
# type them: `/sanae setup layout:classic`), the same in every language.
SETUP_LABELS = {"random": N_("Random"), "ready": N_("Ready")}
PRESET_LABELS = {"classic": "Classic", "wall": "Wall", "keep": "Keep"}
ZED_BUTTON = N_("Answer Zed Inel")


def setup_text(layout: str) -> str:
    """The setup notation a `/sanae setup` value means: a preset name, random, ready, show, swap or a code."""
    words = layout.strip().split()
    if not words:
        raise Refusal(_("Give a layout: random, classic, wall, keep, a layout code, swap <cell> <cell>, or ready."))
    head = words[0].lower()
    if head in ("layout", "ready"):
        return " ".join(words)
    if head in ("random", "show"):
        return f"layout {head}"
    if head in PRESETS:
        return f"layout preset {head}"
    if head in ("preset", "swap", "code"):
        return "layout " + " ".join(words)
    return "layout code " + "".join(words)


class SanaeButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tt:sanae:(?P<verb>random|classic|wall|keep|ready|zed|pick):(?P<id>\d+)"
                           r"(?::(?P<arg>[A-Za-z0-9.]+))?"):
    """Setup panel buttons, the board's "Answer Zed Inel" and the defender's Captain choices; no state kept."""

    def __init__(self, verb: str, match_id: int, arg: str = "", label: str | None = None) -> None:
        style = discord.ButtonStyle.secondary
        if verb in ("ready", "zed"):
            style = discord.ButtonStyle.success if verb == "ready" else discord.ButtonStyle.primary
        elif verb == "pick":
            style = discord.ButtonStyle.danger if arg == "no" else discord.ButtonStyle.success
        text = label or (_(SETUP_LABELS[verb]) if verb in SETUP_LABELS else PRESET_LABELS.get(verb)
                         or (_(ZED_BUTTON) if verb == "zed" else arg))
        custom_id = f"tt:sanae:{verb}:{match_id}" + (f":{arg}" if arg else "")
        super().__init__(discord.ui.Button(label=text, style=style, custom_id=custom_id))
        self.verb, self.match_id, self.arg = verb, match_id, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SanaeButton:
        return cls(match["verb"], int(match["id"]), match["arg"] or "", getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, SanaeCog)
        if cog is None:
            return
        await guarded(interaction, lambda: cog.button(interaction, self.verb, self.match_id, self.arg),
                      self.match_id)


class SanaeCog(GameCog, name="sanae", group_name="sanae",
               group_description="Sanae: hidden ranks and dice on two overlapping circles"):
    game_name = "sanae"
    private_label = N_("My board")
    rules_summary = N_(
        "**Goal:** capture the enemy Void (flag). A side that has lost both King and Queen only draws by it. "
        "A player with no legal move loses.\n"
        "**Setup:** both players place their 36 stones face down in their own circle at the same time, in "
        "private: {setup} (random, classic, wall, keep, a layout code, or swap two cells), then *Ready*.\n"
        "**Moving:** one stone per turn, up to its range in any direction through empty cells (the Dragon flies "
        "over stones). A move of more than one step reveals the stone.\n"
        "**Stones (rank/range):** Void 0/0, King 6/1, Queen 6/2, Wizard 6*/3, Dragon 6*/6, Captain 5/4 ×2, "
        "Lieutenant 4/3 ×4, Knight 3/3 ×4, Assassin 2/1, Footman 1/1 ×20.\n"
        "**Combat:** moving onto an enemy turns both up; higher rank wins, equal ranks roll off. The Assassin "
        "kills anything that attacks or is attacked by it, except the Dragon and attacking Footmen. The Wizard "
        "falls to an officer only on a higher roll of 5–6, the Dragon to a Knight or better only on a higher 6. "
        "The server rolls every die and posts it.\n"
        "**Zed Inel:** when your Void is attacked, a Captain within 4 steps may swap with it (once per Captain) "
        "and fight the attacker instead — you answer privately with *Answer Zed Inel*.\n"
        "**Commands:** {setup}, {move}, {board}, {resign}; *My board* shows your own ranks."
    )
    rules_commands: ClassVar[Commands] = {
        "setup": ("sanae setup", {}),
        "move": ("sanae move", {"move": "R3.03-R4.02"}),
        "board": ("sanae board", {}),
        "resign": ("sanae resign", {}),
    }

    # ---- acting ----------------------------------------------------------------------------------------------
    async def act(self, interaction: discord.Interaction, match: Match, text: str) -> Turn:
        """Act for the caller (already deferred), then post the board if the table should see it."""
        before = match.state
        turn = await self.service.act(match.id, interaction.user.id, text, key=str(interaction.id))
        # Layout changes stay private; the table sees the board once someone is ready, and every move after.
        if turn.match.state is not None and before is not None and \
                (before.phase != "setup" or turn.match.state.phase != "setup" or text == "ready"):
            await self.tables.post_turn(turn)
        return turn

    def board_items(self, match: Match) -> list[discord.ui.Item[Any]]:
        """While a Zed Inel answer is owed, the board message carries the button that opens the defender's choice."""
        pending = match.view(None).get("pending") if match.state is not None else None
        return [SanaeButton("zed", match.id)] if pending and pending["kind"] == "zed" else []

    async def button(self, interaction: discord.Interaction, verb: str, match_id: int, arg: str) -> None:
        await defer_private(interaction)  # every answer is private; before the read
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(_("You are not playing in match #{id}.", id=match.id))
        if verb == "zed":
            pending = match.view(seat)["pending"] if match.state is not None else None
            if not pending or pending["kind"] != "zed":
                raise Refusal(_("Nothing to answer in match #{id}: no Void attack is waiting.", id=match.id))
            if seat != pending["defender"]:
                raise Refusal(_("Only {side} answers Zed Inel: it is their Void that is attacked. The match waits for "
                                "their answer.", side=match.seat_name(pending["defender"])))
            await self.send_private(interaction, match, seat)
            return
        require_posting(await self.tables.channel(match.record.channel_id))  # an answer or Ready may post the board
        if verb == "pick":
            pending = match.view(seat)["pending"] if match.state is not None else None
            if not pending or pending["kind"] != "zed" or seat != pending["defender"]:
                raise Refusal(_("Only the defender answers Zed Inel, and only while their Void is attacked."))
            turn = await self.act(interaction, match, f"zed {arg}")
            await reply(interaction, _("Played in match #{id}: {move}", id=match.id, move=turn.events[0].description))
            return
        text = "ready" if verb == "ready" else setup_text(verb)
        await self.act(interaction, match, text)
        await self.send_private(interaction, match, seat)

    # ---- private replies ---------------------------------------------------------------------------------------
    async def send_private(self, interaction: discord.Interaction, match: Match, seat: int) -> None:
        """The seat's own board (ranks shown), with the setup panel during setup and the Zed choice when owed."""
        file = await self.tables.board_file(match, seat, filename="private.png")
        view = match.view(seat)
        buttons = discord.ui.View(timeout=None)
        lines = [_("Your board in match #{id} (only you can see this): your own ranks are shown.", id=match.id)]
        if view["phase"] == "setup":
            lines = [_("Your layout in match #{id} (only you can see this).", id=match.id)]
            status = view["setup"][seat]["status"]
            other = setup_words(view["setup"][1 - seat]["status"])
            if view["layout"]:
                lines.append(_("Code: {code}", code=f"`{view['layout']}`"))
            if status == "ready":
                lines.append(_("You are ready. {side} is {status}.", side=match.seat_name(1 - seat), status=other))
            else:
                lines.append(_("Pick a layout below, or {by_code} (a layout code), {swap} to exchange two of your "
                               "cells; press {ready} when done. {side} is {status}.", ready=_(SETUP_LABELS["ready"]),
                               side=match.seat_name(1 - seat), status=other,
                               by_code=slash("sanae setup", layout="<code>"),
                               swap=slash("sanae setup", layout="swap R1.06 R2.05")))
                for verb in SETUP_VERBS:
                    if verb != "ready" or view["layout"]:
                        buttons.add_item(SanaeButton(verb, match.id))
        pending = view["pending"]
        if pending and pending["kind"] == "zed" and seat == pending["defender"] and match.outcome() is None:
            eligible = pending["eligible"] or []
            if eligible:
                lines.append(_("**Your Void on {void} is attacked from {attacker}.** Zed Inel: swap in a Captain, who "
                               "fights the attacker instead, or let the Void fall.", void=pending["void"],
                               attacker=pending["attacker"]))
            else:
                lines.append(_("**Your Void on {void} is attacked from {attacker}.** Zed Inel: no Captain of yours is "
                               "in range, so you can only answer no.", void=pending["void"],
                               attacker=pending["attacker"]))
            for cell in eligible:
                buttons.add_item(SanaeButton("pick", match.id, cell, _("Captain on {cell}", cell=cell)))
            buttons.add_item(SanaeButton("pick", match.id, "no", _("No, let the Void fall")))
        await reply(interaction, "\n".join(lines), file=file,
                    **({"view": buttons} if buttons.children else {}))

    # ---- commands ----------------------------------------------------------------------------------------------
    @app_commands.command(name="setup", description="Arrange your stones in private: random, a preset, a code")
    @app_commands.describe(layout="A preset, a code, swap R1.06 R2.05 or ready (empty: your setup panel)",
                           match="Match number (default: your match here)")
    async def setup(self, interaction: discord.Interaction, layout: str | None = None,
                    match: int | None = None) -> None:
        async def work() -> None:
            typed(layout or "", _("a layout"))
            await defer_private(interaction)  # before any read
            found = await self.resolve(interaction, match)
            seat = found.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(_("You are not playing in match #{id}.", id=found.id))
            require_posting(await self.tables.channel(found.record.channel_id))
            if found.state is None or found.view(seat)["phase"] != "setup":
                raise Refusal(_("Match #{id} is past its setup: the stones are placed.", id=found.id))
            if layout:
                await self.act(interaction, found, setup_text(layout))
            await self.send_private(interaction, found, seat)
        await guarded(interaction, work, match)

    @setup.autocomplete("layout")
    async def setup_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        turn = await self.mover(interaction)
        if turn is None:
            return []
        _match, state, seat = turn
        # A value longer than a choice could not be sent whole: left out rather than cut. Autocomplete runs outside
        # `guarded`: the labels' words in the asker's language here.
        with i18n.speaking(interaction.locale):
            return limits.choices((label, value) for label, value in suggest_setup(state, seat, current)
                                  if len(value) <= limits.CHOICE_NAME)

    @app_commands.command(name="move", description="Move one of your stones, e.g. R3.03-R4.02 (onto an enemy: attack)")
    @app_commands.describe(move="from-to, e.g. R3.03-R4.02 (autocomplete lists your legal moves)",
                           match="Match number (default: your match here)")
    async def move(self, interaction: discord.Interaction, move: str, match: int | None = None) -> None:
        async def work() -> None:
            typed(move)
            await defer_private(interaction)  # before any read
            found = await self.resolve(interaction, match)
            require_posting(await self.tables.channel(found.record.channel_id))
            turn = await self.act(interaction, found, move)
            await reply(interaction, _("Played in match #{id}: {move}", id=found.id, move=turn.events[0].description))
        await guarded(interaction, work, match)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        turn = await self.mover(interaction)
        if turn is None:
            return []
        _match, state, seat = turn
        with i18n.speaking(interaction.locale):  # autocomplete runs outside `guarded`: the asker's language here
            return limits.choices(suggest_moves(state, seat, current))

    setup.autocomplete("match")(GameCog.match_autocomplete)
    move.autocomplete("match")(GameCog.match_autocomplete)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(SanaeButton)
    await bot.add_cog(SanaeCog(host(bot)))
