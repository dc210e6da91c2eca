"""Sinoda in Discord: `/sinoda move` and `/sinoda change` on top of the shared game commands."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import limits, markup
from cogs.base import MAX_CHOICES, GameCog, Tabletop
from cogs.ui import guarded, typed
from matches import Match, Refusal
from render.sinoda import seat_flowers

_MOVE = re.compile(r"^([a-f]\d+)-([a-f]\d+)$")
_CHANGE = re.compile(r"^([a-f]\d+)([+-])$")
_UP = {"+", "+1", "up", "u", "plus", "raise", "increase"}
_DOWN = {"-", "-1", "down", "d", "minus", "lower", "decrease"}


def squeeze(text: str) -> str:
    return "".join(text.split()).lower()


def change_text(piece: str, direction: str | None) -> str:
    """The change notation (c4+ / c4-) from the command's two options; a Refusal that says what is missing."""
    cell = squeeze(typed(piece, "a piece"))
    if direction is None or not direction.strip():
        if cell.endswith(("+", "-")):
            return cell
        raise Refusal(f"Say which way to turn {markup.typed(cell) if cell else 'the piece'}: direction + (one up) or - "
                      "(one down).")
    way = squeeze(direction)
    if way in _UP:
        sign = "+"
    elif way in _DOWN:
        sign = "-"
    else:
        raise Refusal(f"direction must be + (one up) or - (one down), not {markup.typed(direction.strip())}.")
    return cell.rstrip("+-") + sign


async def _refuse(message: str) -> None:
    raise Refusal(message)


class Sinoda(GameCog, group_name="sinoda", group_description="Sinoda: move pyramids their value in steps, capture"):
    game_name = "sinoda"
    private_label = None  # perfect information: everyone sees the same board
    rules_summary = (
        "**Goal:** the most points when the game ends. Each player has 6 pyramids on a board of triangles; "
        "a pyramid's top number (1–4) is both how far it moves and what it is worth.\n"
        "**Turn:** do one of these —\n"
        "• *Change:* turn one of your pieces one up or down (no wrap: 1 and 4 are the ends). "
        "`/sinoda change piece:c4 direction:+`\n"
        "• *Move:* move one piece **exactly** its value in steps across triangle edges, through empty cells, "
        "never revisiting a cell. Land on an enemy to capture it: you score its current value. "
        "`/sinoda move move:c4-a2`\n"
        "**End:** when someone has captured 6 pieces, someone has no piece left, or everyone is down to one "
        "piece. Most points wins; ties go to most pieces on the board. "
        "**Win by Sinoda** (2 players): you win at once when your points exceed your rival's points plus the "
        "values of all your own pieces still on the board.\n"
        "**Teams** (`options: teams=2x2` for 4, `teams=2x3` or `teams=3x2` for 6): teammates sit opposite, "
        "block each other's paths and cannot capture each other; the team of the top scorer wins.\n"
        "**Board:** rows a, b, c… from the top, triangles numbered from the left (`c4`). Seats and flowers are "
        "drawn at random; the first player too.\n"
        "**Commands:** `/sinoda new players:4 options:teams=2x2`, `/sinoda move`, `/sinoda change`, "
        "`/sinoda board`, `/sinoda resign`."
    )

    # ---- the game's own actions ---------------------------------------------------------------------------------
    def seat_label(self, match: Match, seat: int) -> str:
        flowers = seat_flowers(match.view(None))
        return f"{match.seat_name(seat)} · {flowers[seat]}" if seat < len(flowers) else match.seat_name(seat)

    @app_commands.command(name="move", description="Move a piece exactly its value in steps, e.g. c4-a2")
    @app_commands.describe(move="from-to, e.g. c4-a2 (autocomplete lists your legal moves, captures first)",
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
            text = change_text(piece, direction)
        except Refusal as refusal:
            message = refusal.message
            await guarded(interaction, lambda: _refuse(message), match)
            return
        await self.play(interaction, text, match)

    # ---- autocomplete ---------------------------------------------------------------------------------------------
    async def _legal(self, interaction: discord.Interaction) -> tuple[Match, list[str]] | None:
        try:
            match = await self.resolve(interaction, getattr(interaction.namespace, "match", None))
        except Refusal:
            return None
        return match, await self.service.legal_texts(match.id, interaction.user.id)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction)
        if found is None:
            return []
        match, texts = found
        pieces: dict[str, dict[str, Any]] = match.view(None).get("pieces") or {}
        seat_names = match.view(None).get("seat_names") or []
        return limits.choices(move_suggestions(texts, pieces, seat_names, current))

    @change.autocomplete("piece")
    async def piece_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction)
        if found is None:
            return []
        match, texts = found
        pieces = match.view(None).get("pieces") or {}
        return limits.choices(piece_suggestions(texts, pieces, current))

    @change.autocomplete("direction")
    async def direction_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        found = await self._legal(interaction)
        if found is None:
            return []
        match, texts = found
        cell = squeeze(str(getattr(interaction.namespace, "piece", "") or "")).rstrip("+-")
        pieces = match.view(None).get("pieces") or {}
        return limits.choices(direction_suggestions(texts, pieces, cell, current))

    move.autocomplete("match")(GameCog.match_autocomplete)
    change.autocomplete("match")(GameCog.match_autocomplete)


# ---- suggestions (pure, so tests can check the ranking directly) ------------------------------------------------
def move_suggestions(texts: list[str], pieces: dict[str, dict[str, Any]], seat_names: list[str],
                     current: str) -> list[tuple[str, str]]:
    """(label, value) for the legal moves matching what was typed: prefix matches first, then captures by value."""
    typed = squeeze(current).replace("x", "-")
    ranked = []
    for order, text in enumerate(texts):
        found = _MOVE.match(text)
        if not found or typed not in text:
            continue
        origin, target = found.groups()
        value = (pieces.get(origin) or {}).get("value", 0)
        taken = pieces.get(target)
        if taken is not None:
            owner = seat_names[taken["seat"]] if taken["seat"] < len(seat_names) else "enemy"
            label = f"{text} · captures {owner}'s {taken['value']}"
        else:
            label = f"{text} · {value} step{'' if value == 1 else 's'}"
        gain = taken["value"] if taken is not None else 0
        ranked.append(((not text.startswith(typed), -gain, order), label, text))
    ranked.sort(key=lambda item: item[0])
    return [(label, text) for _, label, text in ranked[:MAX_CHOICES]]


def piece_suggestions(texts: list[str], pieces: dict[str, dict[str, Any]], current: str) -> list[tuple[str, str]]:
    """(label, cell) for the caller's pieces that can change: 'c4 · now 2 → 3 or 1'."""
    typed = squeeze(current).rstrip("+-")
    ways: dict[str, list[str]] = {}
    for text in texts:
        found = _CHANGE.match(text)
        if found:
            ways.setdefault(found.group(1), []).append(found.group(2))
    out = []
    for cell, signs in ways.items():
        if typed not in cell:
            continue
        value = (pieces.get(cell) or {}).get("value", 0)
        targets = " or ".join(str(value + (1 if s == "+" else -1)) for s in signs)
        out.append(((not cell.startswith(typed),), f"{cell} · now {value} → {targets}", cell))
    out.sort(key=lambda item: item[0])
    return [(label, cell) for _, label, cell in out[:MAX_CHOICES]]


def direction_suggestions(texts: list[str], pieces: dict[str, dict[str, Any]], cell: str,
                          current: str) -> list[tuple[str, str]]:
    """'+' and/or '-' as they are legal for `cell` (both when no piece is chosen yet)."""
    value = (pieces.get(cell) or {}).get("value")
    out = []
    for sign, word in (("+", "up"), ("-", "down")):
        if cell and f"{cell}{sign}" not in texts:
            continue
        label = f"{sign} (one {word})" + (f": {cell} becomes {value + (1 if sign == '+' else -1)}" if value else "")
        if squeeze(current) in ("", sign, word[: len(squeeze(current))]):
            out.append((label, sign))
    return out


async def setup(bot: commands.Bot) -> None:
    tabletop: Tabletop = bot  # type: ignore[assignment]
    await bot.add_cog(Sinoda(tabletop))
