"""`/analysis show` and the Analyse button on a finished match's board: the computer analysis (reviews/) as a graph of
winning chances, each player's accuracy and mistakes, and the key moments as boards; `/analysis learn`: your own
mistakes and blunders as positions to solve."""

from __future__ import annotations

import asyncio
import io
import math
import re
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from analysis import AnalysedMove, Analysis
from cogs import limits, markup
from cogs.host import Host, cog_of, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, publish
from matches import Match, Refusal
from render.analysis_graph import Moment, Series, render_graph, render_pair
from render.lettering import cut_name
from reviews import Progress, Reviews
from reviews.drills import Attempt, Drill, hint_of
from reviews.report import SYMBOLS, graph, key_moments, side_of

PROGRESS_EVERY = 2.0  # seconds between two edits of a progress message (Discord limits edits of one message)


def progress_text(progress: Progress) -> str:
    """"Analysing match #12: move 40 of 120", or where it waits in the queue."""
    if not progress.running:
        ahead = progress.ahead
        return (f"Match #{progress.match_id} is queued for analysis: "
                f"{ahead} {'analysis' if ahead == 1 else 'analyses'} ahead of it." if ahead else
                f"Match #{progress.match_id} is next for analysis.")
    if not progress.total:
        return f"Analysing match #{progress.match_id}: reading the game."
    return f"Analysing match #{progress.match_id}: move {progress.done} of {progress.total}."


def side_names(match: Match, analysis: Analysis, names: list[str]) -> list[str]:
    """Each side as the key names it: 'Ada (Red)', or a team's players joined."""
    out = []
    for side in analysis.sides:
        out.append(" & ".join(f"{cut_name(names[s])} ({match.seat_name(s)})" if len(side) == 1 else cut_name(names[s])
                              for s in side))
    return out


def chance(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}%"


def moment_line(match: Match, names: list[str], move: AnalysedMove) -> str:
    """'Line 23 · Ada (Red) played `b6-b5` ?? (blunder): 62% → 31%; better `c6-c5`.'"""
    assert move.label is not None and move.before is not None and move.after is not None
    who = f"{markup.name(names[move.seat])} ({match.seat_name(move.seat)})"
    better = f"; better `{markup.inert(move.best)}`" if move.best and move.best != move.notation else ""
    return (f"Line {move.n} · {who} played `{markup.inert(move.notation)}` {SYMBOLS[move.label]} ({move.label}): "
            f"winning chance {chance(move.before[move.seat])} → {chance(move.after[move.seat])}{better}.")


class AnalysisButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tt:analysis:(?P<verb>run|open|step):(?P<id>\d+):(?P<k>\d+)"):
    """Analyse (on a finished match's board: `run`), Key moments (on an analysis: `open`, a private message of its
    own) and Previous / Next (on a key moment: `step`, the message edited in place); `k` the key moment."""

    def __init__(self, verb: str, match_id: int, k: int = 0, label: str | None = None, *,
                 disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if verb != "step" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or {"run": "Analyse", "open": "Key moments"}.get(verb, "Move"),
                                           style=style, disabled=disabled,
                                           custom_id=f"tt:analysis:{verb}:{match_id}:{k}"))
        self.verb, self.match_id, self.k = verb, match_id, k

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AnalysisButton:
        return cls(match["verb"], int(match["id"]), int(match["k"]), getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, AnalysisCog)

        async def work() -> None:
            if cog is None:
                raise Refusal("Analysis is not available right now.")
            if self.verb == "run":
                await cog.run(interaction, self.match_id, public=False)
            else:
                await cog.moment(interaction, self.match_id, self.k, edit=self.verb == "step")
        await guarded(interaction, work, self.match_id)


class DrillButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:drill:(?P<verb>hint|show):(?P<id>\d+)"):
    """Hint and Show me on a position of /analysis learn: the presser's own drill of that match, edited in place."""

    def __init__(self, verb: str, match_id: int) -> None:
        super().__init__(discord.ui.Button(label={"hint": "Hint", "show": "Show me"}.get(verb, verb),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"tt:drill:{verb}:{match_id}"))
        self.verb, self.match_id = verb, match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DrillButton:
        return cls(match["verb"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, AnalysisCog)

        async def work() -> None:
            if cog is None:
                raise Refusal("Analysis is not available right now.")
            await cog.drill_button(interaction, self.verb, self.match_id)
        await guarded(interaction, work, self.match_id)


def attempt_text(tried: Attempt) -> str:
    """What a tried move was worth, and whether it solves the position."""
    worth = f"{chance(tried.chance)} against {chance(tried.best_chance)} for the best move found"
    if tried.accepted:
        return f"✅ `{markup.inert(tried.move)}` is good: {worth}. Solved."
    return (f"❌ `{markup.inert(tried.move)}`: {worth}. Not quite: try again, or press Hint or Show me "
            "(a move counts when it keeps your winning chance within 4 points of the best).")


def analyse_button(match_id: int) -> AnalysisButton:
    """The Analyse button of a finished match's final board (cogs/tables.py)."""
    return AnalysisButton("run", match_id)


class AnalysisCog(commands.GroupCog, group_name="analysis",
                  group_description="Computer analysis of a finished match: winning chances, mistakes, lessons"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.progress_every = PROGRESS_EVERY  # tests set 0: every change shown
        super().__init__()

    @property
    def reviews(self) -> Reviews:
        return self.bot.reviews

    # ---- the analysis ------------------------------------------------------------------------------------------
    async def analysed(self, interaction: discord.Interaction, match_id: int) -> tuple[Match, Analysis]:
        """The match and its analysis, made now if need be, the interaction's (deferred) answer showing progress."""
        reviews = self.reviews
        match = await reviews.visible(match_id, interaction.user.id, interaction.guild_id)
        found = await reviews.stored(match)
        if found is not None:
            return match, found
        job = await reviews.job(match)
        last = [-math.inf]

        async def show(progress: Progress) -> None:
            now = time.monotonic()
            if now - last[0] < self.progress_every:
                return
            last[0] = now
            await limits.edit_original(interaction, content=progress_text(progress))

        await show(reviews.progress(job))
        return match, await reviews.wait(job, show)

    async def result(self, match: Match, analysis: Analysis) -> dict[str, Any]:
        """The analysis as a message: an embed (each player's accuracy and counts), the graph, the Key moments
        button."""
        names = await self.bot.service.names(match)
        sides = side_names(match, analysis, names)
        embed = discord.Embed(title=f"{match.game.title} · match #{match.id} · analysis", colour=EMBED_COLOUR)
        embed.description = ("Winning chances move by move, judged by the computer from what each mover could know "
                             f"({analysis.iterations} searches a position). ?! inaccuracy (5 points or more lost), "
                             "? mistake (10), ?? blunder (15).")
        for summary in analysis.summaries:
            accuracy = "—" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
            embed.add_field(name=f"{markup.name(names[summary.seat])} ({match.seat_name(summary.seat)})",
                            value=f"Accuracy **{accuracy}** over {summary.moves} moves\n"
                                  f"?! {summary.inaccuracies} · ? {summary.mistakes} · ?? {summary.blunders}")
        shown = graph(analysis)
        chips = render.SEAT_CHIPS[match.game.name](match.view(None))
        series = [Series(name, chips[side[0]], values)
                  for name, side, values in zip(sides, shown.sides, shown.series, strict=True)]
        moments = [Moment(m.point, m.side, m.symbol) for m in shown.marks]
        png = await asyncio.to_thread(render_graph, f"{match.game.title} · match #{match.id} · winning chances",
                                      series, moments, shown.lines, "?! inaccuracy · ? mistake · ?? blunder")
        embed.set_image(url="attachment://analysis.png")
        moments_count = len(key_moments(analysis))
        embed.set_footer(text=f"{moments_count} key moment{'s' * (moments_count != 1)} · /analysis learn "
                              f"match:{match.id}: your mistakes as puzzles")
        view = discord.ui.View(timeout=None)
        view.add_item(AnalysisButton("open", match.id, 0, disabled=moments_count == 0))
        text = " · ".join(f"{s}" for s in sides)
        return {"embed": embed, "view": view,
                "file": discord.File(io.BytesIO(png), filename="analysis.png",
                                     description=f"Winning chances of {text} in match #{match.id}")}

    async def run(self, interaction: discord.Interaction, match_id: int, *, public: bool) -> None:
        await defer_private(interaction)  # before the reads; the answer shows the progress
        match, analysis = await self.analysed(interaction, match_id)
        message = await self.result(match, analysis)
        if public:
            await limits.edit_original(interaction, content=f"Analysis of match #{match.id}: ready.")
            await publish(interaction, True, allowed_mentions=discord.AllowedMentions.none(), **message)
        else:
            message["attachments"] = [message.pop("file")]
            await self.deliver(interaction, f"Your analysis of match #{match.id} is ready.", message)

    @staticmethod
    async def deliver(interaction: discord.Interaction, ready: str, message: dict[str, Any]) -> None:
        """`message` as the interaction's answer, edited in place; by DM, introduced by `ready`, when the answer
        can no longer be edited: Discord allows 15 minutes, which a long wait in the analysis queue outlives (the
        analysis and the drill are stored either way: asking again answers at once)."""
        files = [discord.File(io.BytesIO(file.fp.read()), filename=file.filename, description=file.description)
                 for file in message.get("attachments", [])]  # a file can be sent once: a copy for the DM
        for file in message.get("attachments", []):
            file.reset()
        try:
            await limits.edit_original(interaction, content=None, allowed_mentions=discord.AllowedMentions.none(),
                                       **message)
        except discord.HTTPException:
            dm = {key: value for key, value in message.items() if key != "attachments"}
            await limits.send(interaction.user, content=ready, files=files,
                              allowed_mentions=discord.AllowedMentions.none(), **dm)

    # ---- key moments -------------------------------------------------------------------------------------------
    async def moment(self, interaction: discord.Interaction, match_id: int, k: int, *, edit: bool) -> None:
        """Key moment `k` (of everyone's labelled moves) as boards: after the move played and after the better
        move, each as its mover saw the board."""
        if edit:
            await interaction.response.defer()  # before the reads; the message is then edited in place
        else:
            await defer_private(interaction)
        reviews = self.reviews
        match = await reviews.visible(match_id, interaction.user.id, interaction.guild_id)
        analysis = await reviews.stored(match) or await reviews.latest(match.id)
        if analysis is None:
            raise Refusal(f"Match #{match.id} has not been analysed yet: press Analyse or use /analysis show.")
        moves = key_moments(analysis)
        if not moves:
            raise Refusal(f"Match #{match.id} has no key moments: nobody lost 5 points or more in one move.")
        k = min(max(k, 0), len(moves) - 1)
        move = moves[k]
        position = await reviews.position(match, move)
        names = await self.bot.service.names(match)
        painter = self.bot.tables.painter
        played = await painter.board(match.game.view(position.played, move.seat), names, match.id)
        caption = f"Played: {move.notation} {SYMBOLS[move.label or 'inaccuracy']}"
        if position.best is not None:
            best = await painter.board(match.game.view(position.best, move.seat), names, match.id)
            png = await asyncio.to_thread(render_pair, played, best, caption, f"Better: {move.best}")
        else:
            png = played
        embed = discord.Embed(title=f"{match.game.title} · match #{match.id} · key moment {k + 1} of {len(moves)}",
                              colour=EMBED_COLOUR, description=moment_line(match, names, move))
        embed.set_image(url="attachment://moment.png")
        side = analysis.sides[side_of(analysis, move.seat)]
        embed.set_footer(text=f"as {match.seat_name(side[0])} saw the board · above: the move played, below: the "
                              "better move")
        file = discord.File(io.BytesIO(png), filename="moment.png",
                            description=f"Match #{match.id}, line {move.n}: the move played and the better move")
        view = discord.ui.View(timeout=None)
        view.add_item(AnalysisButton("step", match.id, max(k - 1, 0), "◀ Previous", disabled=k == 0))
        view.add_item(AnalysisButton("step", match.id, k + 1, "Next ▶", disabled=k == len(moves) - 1))
        await limits.edit_original(interaction, embed=embed, attachments=[file], view=view)

    # ---- learn from your mistakes -----------------------------------------------------------------------------
    async def drill_message(self, match: Match, analysis: Analysis, drill: Drill, header: str) -> dict[str, Any]:
        """The position to solve now (the board before your mistake, as you saw it), or the tally at the end."""
        drills = self.reviews.drills
        puzzle = await drills.puzzle(match, drill, analysis)
        embed = discord.Embed(colour=EMBED_COLOUR)
        if puzzle is None:
            embed.title = f"{match.game.title} · match #{match.id} · learn from your mistakes"
            embed.description = (f"{header}\n\n" if header else "") + (
                f"Solved {drill.solved} of {len(drill.lines)}." if drill.lines else
                "No mistakes or blunders of yours in this match: nothing to learn here.")
            if drill.lines:
                embed.set_footer(text=f"/analysis learn match:{match.id} restart:True goes through them again")
            return {"embed": embed, "attachments": [], "view": None}
        move = puzzle.move
        names = await self.bot.service.names(match)
        assert move.before is not None and move.after is not None and move.label is not None
        embed.title = (f"{match.game.title} · match #{match.id} · learn from your mistakes · "
                       f"{puzzle.number} of {puzzle.total}")
        embed.description = (f"{header}\n\n" if header else "") + (
            f"Here you played `{markup.inert(move.notation)}`, a {move.label} {SYMBOLS[move.label]} (your winning "
            f"chance {chance(move.before[move.seat])} → {chance(move.after[move.seat])}). Find a better move as "
            f"{match.seat_name(move.seat)}: `/analysis learn match:{match.id} move:` (the list offers the legal "
            "moves).")
        if puzzle.hinted and move.best:
            embed.add_field(name="Hint", value=f"The better move starts with `{markup.inert(hint_of(move.best))}`.")
        embed.set_footer(text=f"solved so far: {drill.solved} · {markup.inert(names[move.seat])[:64]}")
        png = await self.bot.tables.painter.board(match.game.view(puzzle.before, move.seat), names, match.id)
        embed.set_image(url="attachment://position.png")
        view = discord.ui.View(timeout=None)
        view.add_item(DrillButton("hint", match.id))
        view.add_item(DrillButton("show", match.id))
        file = discord.File(io.BytesIO(png), filename="position.png",
                            description=f"Match #{match.id}: the position before your move at line {move.n}")
        return {"embed": embed, "attachments": [file], "view": view}

    async def learn_run(self, interaction: discord.Interaction, match_id: int, move: str | None,
                        restart: bool) -> None:
        await defer_private(interaction)  # before the reads; the answer shows the progress of an analysis first
        found, analysis = await self.analysed(interaction, match_id)
        drills = self.reviews.drills
        header = ""
        if restart:
            drill = await drills.restart(found, interaction.user.id, analysis)
        else:
            drill = await drills.drill(found, interaction.user.id, analysis)
        if move is not None:
            tried, drill = await drills.attempt(found, interaction.user.id, analysis, move)
            header = attempt_text(tried)
        message = await self.drill_message(found, analysis, drill, header)
        await self.deliver(interaction, f"Learn from your mistakes in match #{found.id}: ready.", message)

    async def drill_button(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        await interaction.response.defer()  # before the reads; the message is then edited in place
        reviews = self.reviews
        found = await reviews.visible(match_id, interaction.user.id, interaction.guild_id)
        analysis = await reviews.stored(found) or await reviews.latest(found.id)
        if analysis is None:
            raise Refusal(f"Match #{found.id} has not been analysed: use /analysis learn match:{found.id}.")
        if verb == "hint":
            _, drill = await reviews.drills.hint(found, interaction.user.id, analysis)
            header = ""
        else:
            shown, drill = await reviews.drills.reveal(found, interaction.user.id, analysis)
            assert shown.before is not None
            header = (f"The better move was `{markup.inert(shown.best or '?')}` (your winning chance "
                      f"{chance(shown.before[shown.seat])}); you played `{markup.inert(shown.notation)}`.")
        message = await self.drill_message(found, analysis, drill, header)
        await limits.edit_original(interaction, allowed_mentions=discord.AllowedMentions.none(), **message)

    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """The legal moves of the position to solve now (none until the match is analysed)."""
        match_id = getattr(interaction.namespace, "match", None)
        if not isinstance(match_id, int):
            return []
        reviews = self.reviews
        try:
            found = await reviews.visible(match_id, interaction.user.id, interaction.guild_id)
            analysis = await reviews.stored(found)
            if analysis is None:
                return []
            drill = await reviews.drills.drill(found, interaction.user.id, analysis, keep=False)
            puzzle = await reviews.drills.puzzle(found, drill, analysis)
        except Refusal:
            return []
        if puzzle is None:
            return []
        typed = current.strip().lower()
        moves = [m for m in await reviews.drills.legal(found, puzzle) if typed in m.lower()]
        return limits.choices((m, m) for m in moves)

    # ---- commands ----------------------------------------------------------------------------------------------
    async def finished_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[int]]:
        """The caller's finished matches, newest first, filtered by what was typed (a number or a name)."""
        user = interaction.user.id
        typed = current.strip().lstrip("#").lower()
        service = self.bot.service
        choices = []
        for match in await service.matches_for(user, ("finished",)):
            names = await service.names(match)
            others = ", ".join(cut_name(n) for n, uid in zip(names, match.user_ids, strict=True) if uid != user)
            label = f"#{match.id} · {match.game.title} vs {others or '—'}"
            if typed and typed not in str(match.id) and typed not in label.lower():
                continue
            choices.append(limits.choice(label, match.id))
            if len(choices) == limits.CHOICES:
                break
        return choices

    @app_commands.command(name="show", description="A finished match analysed by the computer: winning chances, "
                                                    "accuracy, mistakes")
    @app_commands.describe(match="A finished match's number (the list: your finished matches)",
                           public="Post it in the channel for everyone (default: only you see it)")
    async def show(self, interaction: discord.Interaction, match: int, public: bool = False) -> None:
        await guarded(interaction, lambda: self.run(interaction, match, public=public), match)

    show.autocomplete("match")(finished_autocomplete)

    @app_commands.command(name="learn", description="Your mistakes and blunders in a finished match, one position at "
                                                     "a time (only to you)")
    @app_commands.describe(match="A finished match of yours (the list: your finished matches)",
                           move="Your better move in the position shown (the list: its legal moves)",
                           restart="Go through your mistakes of this match again from the first")
    async def learn(self, interaction: discord.Interaction, match: int, move: str | None = None,
                    restart: bool = False) -> None:
        await guarded(interaction, lambda: self.learn_run(interaction, match, move, restart), match)

    learn.autocomplete("match")(finished_autocomplete)
    learn.autocomplete("move")(move_autocomplete)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(AnalysisButton, DrillButton)
    await bot.add_cog(AnalysisCog(host(bot)))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(AnalysisButton, DrillButton)
