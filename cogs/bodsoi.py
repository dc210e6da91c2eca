"""Bodsoi in Discord: `/bodsoi place` and `/bodsoi pass`, ranked placement autocomplete and the private "My tiles"."""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs import limits, markup
from cogs.base import MAX_CHOICES, Commands, GameCog
from cogs.host import host
from cogs.ui import MAX_TYPED, guarded, reply, typed
from i18n import N_, _, option, slash
from matches import Match
from rules.bodsoi import suggest_placements

ROTATIONS = (0, 90, 180, 270)


class Bodsoi(GameCog, group_name="bodsoi", group_description="Bodsoi: lay banded tiles, join two opposite edges"):
    game_name = "bodsoi"
    private_label = N_("My tiles")
    rules_summary = N_(
        "**Tiles:** every tile has a blue band and a yellow band, each marked with a symbol (sun, moon, star, "
        "leaf, wave). Corner tiles bend both bands; straight tiles let them cross.\n"
        "**Turn:** you draw a tile into your hand (at most 5, kept secret — teammates may not tell each other "
        "their tiles), then place one tile or pass.\n"
        "**Placing:** a tile alone on the board is always allowed; a tile next to others must match at least one "
        "neighbour's edge in **your own colour with the same symbol**.\n"
        "**Bodsoi:** a path of your colour running from one board edge to the opposite edge wins at once (if one "
        "tile completes both colours, the placer wins).\n"
        "**Otherwise** (board full, or everyone passes in a row without drawing) each side's anchored paths score "
        "the row, counted from their edge, of the tile where they end; best against best, then second against "
        "second.\n"
        "**Commands:** {place} (autocomplete lists your legal placements, best first), {pass_}, the **My tiles** "
        "button (your hand in every rotation, only you see it), {board}, {resign}. 2v2: {new}."
    )
    rules_commands: ClassVar[Commands] = {
        "place": ("bodsoi place", {"tile": "C-su-mo", "square": "d4", "rotation": "90"}),
        "pass_": ("bodsoi pass", {}),
        "board": ("bodsoi board", {}),
        "resign": ("bodsoi resign", {}),
        "new": ("bodsoi new", {"players": "4"}),
    }

    # ---- the game's own commands ------------------------------------------------------------------------------
    @app_commands.command(name="place", description="Place a tile from your hand, e.g. C-su-mo d4 90")
    @app_commands.describe(tile="The tile, e.g. C-su-mo (autocomplete lists your legal placements, best first)",
                           square="The square, e.g. d4", rotation="Clockwise turn: 0, 90, 180 or 270",
                           match="Match number (default: your match here)")
    async def place(self, interaction: discord.Interaction, tile: str, square: str | None = None,
                    rotation: str | None = None, match: int | None = None) -> None:
        if len(" ".join(v for v in (tile, square, rotation) if v)) > MAX_TYPED:
            async def too_long() -> None:
                typed(" ".join(v for v in (tile, square, rotation) if v), "a placement")
            await guarded(interaction, too_long, match)
            return
        with i18n.speaking(interaction.locale):  # these answers come before `guarded`: in the asker's language too
            text, ready = self._placement(tile, square, rotation)
        if ready:
            await self.play(interaction, text, match)
        else:
            await reply(interaction, text)

    @staticmethod
    def _placement(tile: str, square: str | None, rotation: str | None) -> tuple[str, bool]:
        """(the placement notation from the command's options, True), or (why it is not one yet, False)."""
        words = tile.split()
        if words and words[0].lower() in ("place", "p"):
            words = words[1:]
        if len(words) == 1 and (square is None or rotation is None):
            tile_typed = markup.typed(words[0])
            example = slash("bodsoi place", tile="C-su-mo", square="d4", rotation="90")
            if square is None and rotation is None:
                text = _("Give the square and rotation too for {tile}, e.g. {example} — or pick a whole placement from "
                         "the {option} suggestions.", tile=tile_typed, example=example, option=option("tile"))
            elif square is None:
                text = _("Give the square too for {tile}, e.g. {example} — or pick a whole placement from the {option} "
                         "suggestions.", tile=tile_typed, example=example, option=option("tile"))
            else:
                text = _("Give the rotation too for {tile}, e.g. {example} — or pick a whole placement from the "
                         "{option} suggestions.", tile=tile_typed, example=example, option=option("tile"))
            return text, False
        if len(words) > 1 and (square is not None or rotation is not None):
            return _("{placement} already names a square and rotation; leave the square and rotation options empty, "
                     "or give only the tile in {option}.", placement=markup.typed(tile), option=option("tile")), False
        return " ".join(["place", *words, *(v for v in (square, rotation) if v is not None)]), True

    @app_commands.command(name="pass", description="End your turn without placing a tile")
    @app_commands.describe(match="Match number (default: your match here)")
    async def pass_(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await self.play(interaction, "pass", match)

    # ---- autocomplete ---------------------------------------------------------------------------------------------
    async def _suggest(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, str]]:
        """Ranked (label, placement) pairs for the caller, narrowed by `typed` ("tile square rotation" words)."""
        turn = await self.mover(interaction)
        if turn is None:
            return []
        _match, state, seat = turn
        with i18n.speaking(interaction.locale):  # not under `guarded`: the asker's language said here
            return [(label, text) for label, text in suggest_placements(state, seat, typed, limit=400)
                    if text != "pass"]

    @place.autocomplete("tile")
    async def tile_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """Whole placements, best first: picking one fills the command in one go."""
        ns = interaction.namespace
        typed = " ".join(w for w in (current, getattr(ns, "square", None), getattr(ns, "rotation", None)) if w)
        seen, choices = set(), []
        for label, text in await self._suggest(interaction, typed):
            value = text.removeprefix("place ")
            if value not in seen:
                seen.add(value)
                choices.append(limits.choice(label.removeprefix("place "), value))
        return choices[:MAX_CHOICES]

    @place.autocomplete("square")
    async def square_autocomplete(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        tile = (getattr(interaction.namespace, "tile", None) or "").split()
        if not tile:
            return []
        rotation = getattr(interaction.namespace, "rotation", None)
        typed = " ".join([tile[0], current.strip().lower() or "", rotation or ""]).strip()
        with i18n.speaking(interaction.locale):
            return self._distinct(await self._suggest(interaction, typed), 2, current)

    @place.autocomplete("rotation")
    async def rotation_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        ns = interaction.namespace
        tile, square = (getattr(ns, "tile", None) or "").split(), getattr(ns, "square", None)
        if not tile or not square:
            return limits.choices((f"{r}°", str(r)) for r in ROTATIONS if str(r).startswith(current))
        typed = " ".join([tile[0], square.strip().lower(), current.strip()]).strip()
        with i18n.speaking(interaction.locale):
            return self._distinct(await self._suggest(interaction, typed), 3, current)

    @staticmethod
    def _distinct(suggestions: list[tuple[str, str]], field: int, current: str) -> list[app_commands.Choice[str]]:
        """One choice per distinct square (field 2) or rotation (field 3) of the ranked placements."""
        seen: set[str] = set()
        choices = []
        for label, text in suggestions:
            words = text.split()
            if len(words) != 4 or words[field] in seen:
                continue
            seen.add(words[field])
            note = label.partition(" — ")[2]
            if field == 3:
                shown = f"{words[field]}° ({words[1]} {words[2]}{' — ' + note if note else ''})"
            elif note:
                shown = _("{square} ({tile} at {rotation}° — {note})", square=words[field], tile=words[1],
                          rotation=words[3], note=note)
            else:
                shown = _("{square} ({tile} at {rotation}°)", square=words[field], tile=words[1], rotation=words[3])
            choices.append(limits.choice(shown, words[field]))
        return choices[:MAX_CHOICES]

    place.autocomplete("match")(GameCog.match_autocomplete)
    pass_.autocomplete("match")(GameCog.match_autocomplete)

    # ---- private rack ---------------------------------------------------------------------------------------------
    async def send_private(self, interaction: discord.Interaction, match: Match, seat: int) -> None:
        """The seat's own tiles in words and as the board image with the rack in every rotation (ephemeral)."""
        view = match.view(seat)
        hand = view.get("hand") or []
        file = await self.tables.board_file(match, seat, filename="my_tiles.png")
        counts = {name: hand.count(name) for name in hand}
        listing = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items()) or _("none")
        fields = {"id": match.id, "seat": match.seat_name(seat), "tiles": listing}
        if seat in match.actors():
            text = _("Your tiles in match #{id} ({seat}, only you can see this): {tiles}. It is your turn.", **fields)
        else:
            text = _("Your tiles in match #{id} ({seat}, only you can see this): {tiles}.", **fields)
        await reply(interaction, text, file=file)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Bodsoi(host(bot)))
