"""Sinoda in Discord: `/sinoda move` and `/sinoda change` on top of the shared game commands."""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits, markup
from cogs.base import Commands, GameCog
from cogs.host import host
from cogs.ui import guarded, typed
from i18n import N_, _
from matches import Match, Refusal
from render.sinoda.board import seat_flowers
from rules.sinoda.suggest import squeeze, suggest_directions, suggest_moves, suggest_pieces

_UP = {"+", "+1", "up", "u", "plus", "raise", "increase"}
_DOWN = {"-", "-1", "down", "d", "minus", "lower", "decrease"}


def change_text(piece: str, direction: str | None) -> str:
    """The change notation (c4+ / c4-) from the command's two options; a Refusal that says what is missing."""
    cell = squeeze(typed(piece, "a piece"))
    if direction is None or not direction.strip():
        if cell.endswith(("+", "-")):
            return cell
        if cell:
            raise Refusal(_("Say which way to turn {piece}: direction + (one up) or - (one down).",
                            piece=markup.typed(cell)))
        raise Refusal(_("Say which way to turn the piece: direction + (one up) or - (one down)."))
    way = squeeze(direction)
    if way in _UP:
        sign = "+"
    elif way in _DOWN:
        sign = "-"
    else:
        raise Refusal(_("direction must be + (one up) or - (one down), not {direction}.",
                        direction=markup.typed(direction.strip())))
    return cell.rstrip("+-") + sign


async def _refuse(message: str) -> None:
    raise Refusal(message)


class Sinoda(GameCog, group_name="sinoda", group_description="Sinoda: move pyramids their value in steps, capture"):
    game_name = "sinoda"
    private_label = None  # perfect information: everyone sees the same board
    rules_summary = N_(
        "**Goal:** the most points when the game ends. Each player has 6 pyramids on a board of triangles; "
        "a pyramid's top number (1–4) is both how far it moves and what it is worth.\n"
        "**Turn:** do one of these —\n"
        "• *Change:* turn one of your pieces one up or down (no wrap: 1 and 4 are the ends). "
        "{change_example}\n"
        "• *Move:* move one piece **exactly** its value in steps across triangle edges, through empty cells, "
        "never revisiting a cell. Land on an enemy to capture it: you score its current value. "
        "{move_example}\n"
        "**End:** when someone has captured 6 pieces, someone has no piece left, or everyone is down to one "
        "piece. Most points wins; ties go to most pieces on the board. "
        "**Win by Sinoda** (2 players): you win at once when your points exceed your rival's points plus the "
        "values of all your own pieces still on the board.\n"
        "**Teams** ({teams} for 4, `teams=2x3` or `teams=3x2` for 6): teammates sit opposite, "
        "block each other's paths and cannot capture each other; the team of the top scorer wins.\n"
        "**Board:** rows a, b, c… from the top, triangles numbered from the left (`c4`). Seats and flowers are "
        "drawn at random; the first player too.\n"
        "**Commands:** {new}, {move}, {change}, {board}, {resign}."
    )
    rules_commands: ClassVar[Commands] = {
        "change_example": ("sinoda change", {"piece": "c4", "direction": "+"}),
        "move_example": ("sinoda move", {"move": "c4-c5"}),
        "new": ("sinoda new", {"players": "4", "options": "teams=2x2"}),
        "move": ("sinoda move", {}),
        "change": ("sinoda change", {}),
        "board": ("sinoda board", {}),
        "resign": ("sinoda resign", {}),
    }

    @classmethod
    def rules_words(cls) -> dict[str, str]:
        return {**super().rules_words(), "teams": i18n.option("options", "teams=2x2")}

    # ---- the game's own actions ---------------------------------------------------------------------------------
    def seat_label(self, match: Match, seat: int) -> str:
        flowers = seat_flowers(match.view(None))
        return f"{match.seat_name(seat)} · {flowers[seat]}" if seat < len(flowers) else match.seat_name(seat)

    @app_commands.command(name="move", description="Move a piece exactly its value in steps, e.g. c4-c5")
    @app_commands.describe(move="from-to, e.g. c4-c5 (autocomplete lists your legal moves, captures first)",
                           match="Match number (default: your match here)")
    async def move(self, interaction: discord.Interaction, move: str, match: int | None = None) -> None:
        await self.play(interaction, squeeze(move).replace("x", "-"), match)

    @app_commands.command(name="change", description="Turn one of your pieces one up (+) or down (-)")
    @app_commands.describe(piece="Your piece's cell, e.g. c4 (autocomplete lists your pieces and values)",
                           direction="+ (one up) or - (one down)",
                           match="Match number (default: your match here)")
    async def change(self, interaction: discord.Interaction, piece: str, direction: str | None = None,
                     match: int | None = None) -> None:
        try:
            with i18n.speaking(interaction.locale):  # a refusal made here, before `guarded`, is the asker's too
                text = change_text(piece, direction)
        except Refusal as refusal:
            message = refusal.message
            await guarded(interaction, lambda: _refuse(message), match)
            return
        await self.play(interaction, text, match)

    # ---- autocomplete ---------------------------------------------------------------------------------------------
    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        turn = await self.mover(interaction)
        with i18n.speaking(interaction.locale):  # not under `guarded`: the asker's language said here
            return limits.choices(suggest_moves(turn[1], turn[2], current)) if turn else []

    @change.autocomplete("piece")
    async def piece_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        turn = await self.mover(interaction)
        with i18n.speaking(interaction.locale):
            return limits.choices(suggest_pieces(turn[1], turn[2], current)) if turn else []

    @change.autocomplete("direction")
    async def direction_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        turn = await self.mover(interaction)
        piece = str(getattr(interaction.namespace, "piece", "") or "")
        with i18n.speaking(interaction.locale):
            return limits.choices(suggest_directions(turn[1], turn[2], piece, current)) if turn else []

    move.autocomplete("match")(GameCog.match_autocomplete)
    change.autocomplete("match")(GameCog.match_autocomplete)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Sinoda(host(bot)))
