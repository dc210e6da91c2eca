"""The files a tournament posts: the standings image, the bracket image and the exports, each with its text for
screen readers. Thin: the numbers come from `tournaments` and `tournament_rules`, the pictures from `render`. The
pictures and their alt texts speak the language being spoken (the caller's `i18n.speaking`, carried into the drawing
thread); the exports are data formats (CSV, TRF-16) and stay as they are in every language."""

from __future__ import annotations

import asyncio
import io

import discord

from i18n import _
from render.bracket import bracket_image, bracket_text
from render.standings import standings_image, standings_text
from tournaments import Tournament, TournamentService
from tournaments.export import files as export_texts

BRACKET = "bracket.png"


async def standings_file(tournaments: TournamentService, event: Tournament, *, final: bool = False,
                         before_round: int | None = None) -> discord.File:
    """The standings image (podium when `final`; the rounds before `before_round` only when given), with the text
    table as its alt text; its title says what it counts (`Tournament.standings_note`)."""
    rows = event.standings(before_round=before_round)
    names = await tournaments.names(event)
    note = _("final standings") if final else event.standings_note(before_round=before_round)
    png = await asyncio.to_thread(standings_image, event.title(), rows, names,
                                  rounds=event.total_rounds() or event.round, pods=event.record.format == "pods",
                                  final=final, note=note)
    text = standings_text(rows, names, pods=event.record.format == "pods")
    return discord.File(io.BytesIO(png), filename="standings.png",
                        description=_("Standings of tournament #{id}", id=event.id) + f"\n{text}")


async def bracket_file(tournaments: TournamentService, event: Tournament) -> discord.File | None:
    """The bracket image of an elimination, double elimination or top cut event (None for other formats, or a top
    cut not begun), with the bracket in words as its alt text."""
    view = event.bracket()
    if view is None:
        return None
    names = await tournaments.names(event)
    note = _("champion: {name}", name=names.get(view.champion, "?")) if view.champion is not None else ""
    png = await asyncio.to_thread(bracket_image, event.title(), view, names, note)
    return discord.File(io.BytesIO(png), filename=BRACKET,
                        description=_("Bracket of tournament #{id}", id=event.id) + f"\n{bracket_text(view, names)}")


async def export_files(tournaments: TournamentService, event: Tournament) -> list[discord.File]:
    """The standings and pairings as CSV, and the TRF-16 file of a Swiss event."""
    texts = await export_texts(tournaments.matches, event, await tournaments.names(event))
    return [discord.File(io.BytesIO(text.encode("utf-8")), filename=name) for name, text in texts.items()]
