"""Sakamichi in Discord: `/sakamichi place|stack|redraw|exchange|choose` and the private opening choice.

In advanced mode the hands stay secret until the colour lines are set: the high roller looks at their own hand in
an ephemeral reply and chooses with buttons only they may use; the other player never receives that hand.
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits
from cogs.base import MAX_CHOICES, Commands, GameCog
from cogs.host import cog_of, host
from cogs.ui import defer_private, guarded, reply, who
from i18n import N_, _
from matches import Match, Refusal
from rules.sakamichi.game import GAME as RULES  # its own rules: their suggestions

log = logging.getLogger(__name__)

SEATS = ("P1", "P2")
CHOICES = {"white": "choose colour white", "black": "choose colour black", "first": "choose first"}
# The choices' words (buttons and autocomplete), translated where shown; the values stay notation.
CHOICE_LABELS = {"white": N_("White line"), "black": N_("Black line"), "first": N_("Move first")}
LOOK_LABEL = N_("Look at my hand")


def pending_choice(match: Match) -> tuple[int, str] | None:
    """(seat, "privilege" | "colour") while an opening choice is owed, else None."""
    if match.state is None or match.status != "active":
        return None
    choice = match.view(None).get("choice")
    return None if not choice else (int(choice["seat"]), str(choice["kind"]))


def choice_buttons(match_id: int, kind: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in ("white", "black", "first") if kind == "privilege" else ("white", "black"):
        view.add_item(ChoiceButton(verb, match_id))
    return view


def look_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChoiceButton("look", match_id))
    return view


class Sakamichi(GameCog, group_name="sakamichi",
                group_description="Sakamichi (Bossa): lay dot tiles in rows up and down two number lines"):
    game_name = "sakamichi"
    private_label = N_("My hand")
    rules_summary = N_(
        "**Tiles:** 27 dot tiles with white and black pips. Each line starts at a die: rows go **up** (+1 each) "
        "and **down** (−1 each, never below 1).\n"
        "**Turn:** draw a tile, then do one thing:\n"
        "• *Place* a new row at an open end: the tiles' pips of the line's colour add up to the row's value. "
        "Advanced: one tile more or one fewer than the row beside it (1 or 2 beside the die). Basic: the same "
        "number or one more.\n"
        "• *Stack* (once): cover a row with as many tiles of the same total.\n"
        "• *Redraw* (once): discard a tile and draw another. • *Exchange* (once): swap a tile with the opponent.\n"
        "**Win:** empty your hand; advanced mode also 6 rows on your own line. No legal action loses; when the "
        "pile runs out, more tiles in hand loses.\n"
        "**Advanced opening:** hands are secret. The high roller looks at their hand (**Look at my hand**) and "
        "chooses an own line (the other moves first) or to move first (the other then picks a line blind).\n"
        "**Commands:** {new}, {place}, {stack}, {redraw}, {exchange}, {choose}, {board}, {resign}. Autocomplete "
        "lists your legal moves."
    )
    rules_commands: ClassVar[Commands] = {
        "new": ("sakamichi new", {"options": "mode=basic"}),
        "place": ("sakamichi place", {"row": "white up w4"}),
        "stack": ("sakamichi stack", {"row": "black 4 w1b3 w3b1"}),
        "redraw": ("sakamichi redraw", {"tile": "w1b3"}),
        "exchange": ("sakamichi exchange", {"give": "w2b2", "take": "w3b1"}),
        "choose": ("sakamichi choose", {"choice": "first"}),
        "board": ("sakamichi board", {}),
        "resign": ("sakamichi resign", {}),
    }

    # ---- suggestions ------------------------------------------------------------------------------------------------
    async def suggest(self, interaction: discord.Interaction, verb: str,
                      current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal `verb` actions matching what they typed, best first (the rules rank them)."""
        found = await self.mover(interaction)
        if found is None:
            return []
        _match, state, seat = found
        texts = RULES.suggestions(state, seat, f"{verb} {current}", MAX_CHOICES)
        return limits.choices((t, t[len(verb) + 1:]) for t in texts)

    async def exchange_parts(self, interaction: discord.Interaction, index: int,
                             current: str) -> list[app_commands.Choice[str]]:
        found = await self.mover(interaction)
        if found is None:
            return []
        _match, state, seat = found
        given = str(getattr(interaction.namespace, "give", "") or "").strip().lower() if index == 3 else ""
        seen: list[str] = []
        for text in RULES.suggestions(state, seat, "exchange", 1000):
            words = text.split()  # exchange <mine> for <theirs>
            if given and words[1] != given:
                continue
            if words[index] not in seen and words[index].startswith(current.strip().lower()):
                seen.append(words[index])
        with i18n.speaking(interaction.locale):  # autocomplete runs outside `guarded`: the asker's language here
            # Translators: autocomplete of /sakamichi exchange: a tile (notation) and whose hand it is in.
            return limits.choices(((_("{tile} (yours)", tile=t) if index == 1 else _("{tile} (theirs)", tile=t)), t)
                                  for t in seen)

    # ---- actions --------------------------------------------------------------------------------------------------
    @app_commands.command(name="place", description="Lay a new row at an open end, e.g. white up w4")
    @app_commands.describe(row="line, end (up/down or its value) and tiles, e.g. black 6 b4 w2b2 (autocomplete)",
                           match="Match number (default: your match here)")
    async def place(self, interaction: discord.Interaction, row: str, match: int | None = None) -> None:
        await self.play(interaction, f"place {row}", match)

    @app_commands.command(name="stack", description="Stack (once a game): cover a row, e.g. black 4 w1b3 w3b1")
    @app_commands.describe(row="line, row value and tiles, e.g. black 4 w1b3 w3b1 (autocomplete)",
                           match="Match number (default: your match here)")
    async def stack(self, interaction: discord.Interaction, row: str, match: int | None = None) -> None:
        await self.play(interaction, f"stack {row}", match)

    @app_commands.command(name="redraw", description="Redraw (once a game): discard a tile and draw another")
    @app_commands.describe(tile="the tile to discard, e.g. w2b3", match="Match number (default: your match here)")
    async def redraw(self, interaction: discord.Interaction, tile: str, match: int | None = None) -> None:
        await self.play(interaction, f"redraw {tile}", match)

    @app_commands.command(name="exchange", description="Exchange (once a game): swap a tile with the opponent")
    @app_commands.describe(give="your tile, e.g. w2b1", take="the opponent's tile, e.g. w1b4",
                           match="Match number (default: your match here)")
    async def exchange(self, interaction: discord.Interaction, give: str, take: str,
                       match: int | None = None) -> None:
        await self.play(interaction, f"exchange {give} for {take}", match)

    @app_commands.command(name="choose", description="Advanced opening: choose your own line, or to move first")
    @app_commands.describe(choice="white, black or first", match="Match number (default: your match here)")
    async def choose(self, interaction: discord.Interaction, choice: str, match: int | None = None) -> None:
        words = choice.lower().split()
        if words and words[0] in ("colour", "color"):
            words = words[1:]
        text = CHOICES.get({"w": "white", "b": "black"}.get(" ".join(words), " ".join(words)), f"choose {choice}")
        await self.play(interaction, text, match)

    @place.autocomplete("row")
    async def place_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, "place", current)

    @stack.autocomplete("row")
    async def stack_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, "stack", current)

    @redraw.autocomplete("tile")
    async def redraw_autocomplete(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, "redraw", current)

    @exchange.autocomplete("give")
    async def give_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.exchange_parts(interaction, 1, current)

    @exchange.autocomplete("take")
    async def take_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return await self.exchange_parts(interaction, 3, current)

    @choose.autocomplete("choice")
    async def choose_autocomplete(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        found = await self.mover(interaction)
        if found is None:
            return []
        match, _state, _seat = found
        legal = set(await self.service.legal_texts(match.id, interaction.user.id))
        typed = current.strip().lower()
        with i18n.speaking(interaction.locale):  # autocomplete runs outside `guarded`: the asker's language here
            labels = {verb: _(label) for verb, label in CHOICE_LABELS.items()}
        return limits.choices((label, verb) for verb, label in labels.items()
                              if CHOICES[verb] in legal and (verb.startswith(typed) or label.lower().startswith(typed)))

    for _command in (place, stack, redraw, exchange, choose):
        _command.autocomplete("match")(GameCog.match_autocomplete)
    del _command

    # ---- private information ----------------------------------------------------------------------------------------
    async def send_private(self, interaction: discord.Interaction, match: Match, seat: int) -> None:
        """The seat's own view with its hand drawn (ephemeral); during the opening choice, the chooser's buttons."""
        pending = pending_choice(match)
        hand = match.view(seat)["hands"][seat]
        file = await self.tables.board_file(match, seat, filename="hand.png")
        kwargs: dict[str, Any] = {"file": file}
        if pending is not None and pending[0] == seat:
            kwargs["view"] = choice_buttons(match.id, pending[1])
        if hand["visible"]:
            tiles = " ".join(hand["tiles"]) or _("empty")
            text = _("Your hand in match #{id} (only you can see this): {tiles}.", id=match.id, tiles=tiles)
        else:
            text = _("Match #{id}: your hand stays hidden, even from you, until the colour lines are set (only you "
                     "can see this).", id=match.id)
        if pending is not None and pending[0] == seat:
            text += "\n" + (_("Choose your own line (the other player then moves first) or to move first.")
                            if pending[1] == "privilege" else _("Choose your own line; the other player moves first."))
        await reply(interaction, text, **kwargs)

    async def look(self, interaction: discord.Interaction, match_id: int) -> None:
        """The "Look at my hand" button: only the seat that owes the opening choice may press it."""
        await defer_private(interaction)  # before the read
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        pending = pending_choice(match)
        if pending is None:
            raise Refusal(_("The opening choice of match #{id} is made; the hands are open now (use the {button} "
                            "button).", id=match.id, button=_(self.private_label or "My hand")))
        if seat != pending[0]:
            raise Refusal(_("Only {seat} ({player}) makes this choice; your hand stays hidden until the colour lines "
                            "are set.", seat=SEATS[pending[0]], player=who(match.user_at(pending[0]))))
        await self.send_private(interaction, match, seat)

    async def choose_button(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        await defer_private(interaction)  # before the read
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        pending = pending_choice(match)
        if pending is None:
            raise Refusal(_("The opening choice of match #{id} is already made.", id=match.id))
        if seat != pending[0]:
            raise Refusal(_("Only {seat} ({player}) may use these buttons.", seat=SEATS[pending[0]],
                            player=who(match.user_at(pending[0]))))
        await self.play(interaction, CHOICES[verb], match_id)

    async def prompt_choice(self, match: Match, channel: discord.abc.Messageable) -> None:
        """Post the opening-choice prompt under a new board (in its channel or thread): who chooses, and how."""
        pending = pending_choice(match)
        if pending is None:
            return
        seat, kind = pending
        user = match.user_at(seat)
        if user < 0:  # a computer seat chooses by itself (matches/computers.py): no prompt, no buttons
            return
        dice = match.view(None)["dice"]
        async with self.tables.public(match):  # a post everyone reads: the server's language, buttons included
            if kind == "privilege":
                content = _("{player} ({seat}) rolled higher (white {white}, black {black}). Press **{button}** to see "
                            "your hand (only you) and choose: your own line, or to move first. The other hand stays "
                            "hidden until the lines are set.", player=f"<@{user}>", seat=SEATS[seat],
                            white=dice["white"], black=dice["black"], button=_(LOOK_LABEL))
                view = look_view(match.id)
            else:
                content = _("{player} ({seat}): {other} moves first, so choose your own line now. As the rules say, "
                            "you choose before seeing your hand.", player=f"<@{user}>", seat=SEATS[seat],
                            other=SEATS[1 - seat])
                view = choice_buttons(match.id, kind)
        await limits.send(channel, content, view=view, allowed_mentions=discord.AllowedMentions(users=True))

    async def after_post(self, match: Match, message: discord.Message) -> None:
        """A new board in the choice phase gets the choice prompt right under it."""
        await self.prompt_choice(match, message.channel)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tt:saka:(?P<verb>look|white|black|first):(?P<id>\d+)"):
    """"Look at my hand" and the opening-choice buttons; they carry only the match id and the verb."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {"look": discord.ButtonStyle.primary,
                                              "white": discord.ButtonStyle.secondary,
                                              "black": discord.ButtonStyle.secondary,
                                              "first": discord.ButtonStyle.success}

    def __init__(self, verb: str, match_id: int) -> None:
        label = _(LOOK_LABEL) if verb == "look" else _(CHOICE_LABELS[verb])
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[verb],
                                           custom_id=f"tt:saka:{verb}:{match_id}"))
        self.verb = verb
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(match["verb"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, Sakamichi)
        if cog is None:
            return
        if self.verb == "look":
            await guarded(interaction, lambda: cog.look(interaction, self.match_id), self.match_id)
        else:
            await guarded(interaction, lambda: cog.choose_button(interaction, self.verb, self.match_id),
                          self.match_id)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ChoiceButton)
    await bot.add_cog(Sakamichi(host(bot)))
