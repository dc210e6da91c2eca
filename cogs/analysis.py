"""`/analysis show` and the Analyse button on a finished match's board: the computer analysis (reviews/) as a graph of
winning chances, each player's accuracy and mistakes, and the key moments as boards; `/analysis learn`: your own
mistakes and blunders as positions to solve."""

from __future__ import annotations

import asyncio
import io
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
import render
from analysis import AnalysedMove, Analysis
from cogs import limits, markup
from cogs.host import Host, cog_of, host
from cogs.ui import EMBED_COLOUR, defer_private, guarded, publish, server_locale
from i18n import _, ngettext, slash
from matches import Match, Refusal
from render.analysis_graph import Moment, Series, render_graph, render_pair
from render.lettering import cut_name
from reviews import Progress, Reviews
from reviews.drills import ACCEPT, Attempt, Drill, hint_of
from reviews.report import SYMBOLS, graph, key_moments, label_word, side_of

PROGRESS_EVERY = 2.0  # seconds between two edits of a progress message (Discord limits edits of one message)


def progress_text(progress: Progress) -> str:
    """"Analysing match #12: move 40 of 120", or where it waits in the queue."""
    if not progress.running:
        if progress.ahead:
            return ngettext("Match #{id} is queued for analysis: {n} analysis ahead of it.",
                            "Match #{id} is queued for analysis: {n} analyses ahead of it.", progress.ahead,
                            id=progress.match_id)
        return _("Match #{id} is next for analysis.", id=progress.match_id)
    if not progress.total:
        return _("Analysing match #{id}: reading the game.", id=progress.match_id)
    language = i18n.active()
    return _("Analysing match #{id}: move {done} of {total}.", id=progress.match_id,
             done=language.number(progress.done), total=language.number(progress.total))


def seat_label(name: str, seat: str) -> str:
    """'Ada (Red)': a player and the seat they played."""
    return _("{name} ({seat})", name=name, seat=seat)


def side_names(match: Match, analysis: Analysis, names: list[str]) -> list[str]:
    """Each side as the key names it: 'Ada (Red)', or a team's players joined."""
    out = []
    for side in analysis.sides:
        out.append(" & ".join(seat_label(cut_name(names[s]), match.seat_name(s)) if len(side) == 1 else
                              cut_name(names[s]) for s in side))
    return out


def chance(value: float | None) -> str:
    """A winning chance in percent, as the language writes a percentage ('62%', '62 %')."""
    return "—" if value is None else i18n.active().percent(round(value) / 100)


def moment_line(match: Match, names: list[str], move: AnalysedMove) -> str:
    """'Line 23 · Ada (Red) played `b6-b5` ?? (blunder): 62% → 31%; better `c6-c5`.'"""
    assert move.label is not None and move.before is not None and move.after is not None
    who = seat_label(markup.name(names[move.seat]), match.seat_name(move.seat))
    word = label_word(move.label)
    before, after = chance(move.before[move.seat]), chance(move.after[move.seat])
    if move.best and move.best != move.notation:
        return _("Line {n} · {who} played `{move}` {symbol} ({label}): winning chance {before} → {after}; better "
                 "`{best}`.", n=move.n, who=who, move=markup.inert(move.notation), symbol=SYMBOLS[move.label],
                 label=word, before=before, after=after, best=markup.inert(move.best))
    return _("Line {n} · {who} played `{move}` {symbol} ({label}): winning chance {before} → {after}.", n=move.n,
             who=who, move=markup.inert(move.notation), symbol=SYMBOLS[move.label], label=word, before=before,
             after=after)


def button_label(verb: str) -> str:
    """A button's words in the language spoken."""
    if verb == "run":
        # Translators: the button on a finished match's board that asks for the computer analysis
        return _("Analyse")
    if verb == "open":
        return _("Key moments")
    if verb == "hint":
        # Translators: a button in /analysis learn: where the better move starts
        return _("Hint")
    if verb == "show":
        # Translators: a button in /analysis learn: the better move is shown (the position counts as not solved)
        return _("Show me")
    return _("Move")


class AnalysisButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tt:analysis:(?P<verb>run|open|step):(?P<id>\d+):(?P<k>\d+)"):
    """Analyse (on a finished match's board: `run`), Key moments (on an analysis: `open`, a private message of its
    own) and Previous / Next (on a key moment: `step`, the message edited in place); `k` the key moment."""

    def __init__(self, verb: str, match_id: int, k: int = 0, label: str | None = None, *,
                 disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if verb != "step" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or button_label(verb),
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
                raise Refusal(_("Analysis is not available right now."))
            if self.verb == "run":
                await cog.run(interaction, self.match_id, public=False)
            else:
                await cog.moment(interaction, self.match_id, self.k, edit=self.verb == "step")
        await guarded(interaction, work, self.match_id)


class DrillButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:drill:(?P<verb>hint|show):(?P<id>\d+)"):
    """Hint and Show me on a position of /analysis learn: the presser's own drill of that match, edited in place."""

    def __init__(self, verb: str, match_id: int) -> None:
        super().__init__(discord.ui.Button(label=button_label(verb),
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
                raise Refusal(_("Analysis is not available right now."))
            await cog.drill_button(interaction, self.verb, self.match_id)
        await guarded(interaction, work, self.match_id)


def attempt_text(tried: Attempt) -> str:
    """What a tried move was worth, and whether it solves the position."""
    move, mine, best = markup.inert(tried.move), chance(tried.chance), chance(tried.best_chance)
    if tried.accepted:
        return _("✅ `{move}` is good: {chance} against {best} for the best move found. Solved.", move=move,
                 chance=mine, best=best)
    hint, show = button_label("hint"), button_label("show")
    return _("❌ `{move}`: {chance} against {best} for the best move found. Not quite: try again, or press {hint} or "
             "{show} (a move counts when it keeps your winning chance within {points} points of the best).",
             move=move, chance=mine, best=best, hint=hint, show=show, points=i18n.active().number(ACCEPT))


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
        """The analysis as a message, in the language spoken: an embed (each player's accuracy and counts), the
        graph, the Key moments button."""
        names = await self.bot.service.names(match)
        sides = side_names(match, analysis, names)
        language = i18n.active()
        embed = discord.Embed(title=_("{game} · match #{id} · analysis", game=match.game.title, id=match.id),
                              colour=EMBED_COLOUR)
        if analysis.iterations is not None:
            embed.description = ngettext(
                "Winning chances move by move, judged by the computer from what each mover could know ({n} search "
                "a position). ?! inaccuracy (5 points or more lost), ? mistake (10), ?? blunder (15).",
                "Winning chances move by move, judged by the computer from what each mover could know ({n} "
                "searches a position). ?! inaccuracy (5 points or more lost), ? mistake (10), ?? blunder (15).",
                analysis.iterations)
        else:
            embed.description = _("Winning chances move by move, judged by the computer from what each mover could "
                                  "know. ?! inaccuracy (5 points or more lost), ? mistake (10), ?? blunder (15).")
        for summary in analysis.summaries:
            accuracy = chance(summary.accuracy)
            counts = (f"?! {language.number(summary.inaccuracies)} · ? {language.number(summary.mistakes)} · "
                      f"?? {language.number(summary.blunders)}")
            embed.add_field(name=seat_label(markup.name(names[summary.seat]), match.seat_name(summary.seat)),
                            value=ngettext("Accuracy **{accuracy}** over {n} move\n{counts}",
                                           "Accuracy **{accuracy}** over {n} moves\n{counts}", summary.moves,
                                           accuracy=accuracy, counts=counts))
        shown = graph(analysis)
        chips = render.SEAT_CHIPS[match.game.name](match.view(None))
        series = [Series(name, chips[side[0]], values)
                  for name, side, values in zip(sides, shown.sides, shown.series, strict=True)]
        moments = [Moment(m.point, m.side, m.symbol) for m in shown.marks]
        title = _("{game} · match #{id} · winning chances", game=match.game.title, id=match.id)
        legend = _("?! inaccuracy · ? mistake · ?? blunder")
        png = await asyncio.to_thread(render_graph, title, series, moments, shown.lines, legend)  # speaks on
        embed.set_image(url="attachment://analysis.png")
        moments_count = len(key_moments(analysis))
        embed.set_footer(text=ngettext("{n} key moment · {learn}: your mistakes as puzzles",
                                       "{n} key moments · {learn}: your mistakes as puzzles",
                                       moments_count, learn=slash("analysis learn", match=match.id)))
        view = discord.ui.View(timeout=None)
        view.add_item(AnalysisButton("open", match.id, 0, disabled=moments_count == 0))
        alt = _("Winning chances of {sides} in match #{id}", sides=" · ".join(sides), id=match.id)
        return {"embed": embed, "view": view,
                "file": discord.File(io.BytesIO(png), filename="analysis.png", description=alt)}

    async def run(self, interaction: discord.Interaction, match_id: int, *, public: bool) -> None:
        await defer_private(interaction)  # before the reads; the answer shows the progress
        match, analysis = await self.analysed(interaction, match_id)
        if public:
            with i18n.speaking((await server_locale(self.bot.service, interaction.guild)).code):  # for everyone
                message = await self.result(match, analysis)
            await limits.edit_original(interaction, content=_("Analysis of match #{id}: ready.", id=match.id))
            await publish(interaction, True, allowed_mentions=discord.AllowedMentions.none(), **message)
            return

        async def made() -> tuple[str, dict[str, Any]]:
            message = await self.result(match, analysis)
            message["attachments"] = [message.pop("file")]
            return _("Your analysis of match #{id} is ready.", id=match.id), message

        await self.deliver(interaction, made)

    async def deliver(self, interaction: discord.Interaction,
                      make: Callable[[], Awaitable[tuple[str, dict[str, Any]]]]) -> None:
        """The message `make` gives (with the words introducing it) as the interaction's answer, edited in place,
        in the asker's language; by DM, made again in the language the asker was last seen with and introduced,
        when the answer can no longer be edited: Discord allows 15 minutes, which a long wait in the analysis
        queue outlives (the analysis and the drill are stored either way: asking again answers at once)."""
        _ready, message = await make()
        try:
            await limits.edit_original(interaction, content=None, allowed_mentions=discord.AllowedMentions.none(),
                                       **message)
        except discord.HTTPException:
            stored = await self.bot.service.user_locale(interaction.user.id)
            with i18n.speaking(stored or i18n.active().code):  # a DM: the player's last seen language
                ready, message = await make()
            files = message.pop("attachments", [])
            await limits.send(interaction.user, content=ready, files=files,
                              allowed_mentions=discord.AllowedMentions.none(), **message)

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
            raise Refusal(_("Match #{id} has not been analysed yet: press Analyse or use {show}.",
                            id=match.id, show=slash("analysis show")))
        moves = key_moments(analysis)
        if not moves:
            raise Refusal(_("Match #{id} has no key moments: nobody lost 5 points or more in one move.", id=match.id))
        k = min(max(k, 0), len(moves) - 1)
        move = moves[k]
        position = await reviews.position(match, move)
        names = await self.bot.service.names(match)
        painter = self.bot.tables.painter
        played = await painter.board(match.game.view(position.played, move.seat), names, match.id)
        side = analysis.sides[side_of(analysis, move.seat)]
        seat = match.seat_name(side[0])
        if position.best is not None:
            best = await painter.board(match.game.view(position.best, move.seat), names, match.id)
            # Translators: the caption above a key moment's first board; {move} is notation, {symbol} ?!, ? or ??
            caption = _("Played: {move} {symbol}", move=move.notation, symbol=SYMBOLS[move.label or "inaccuracy"])
            # Translators: the caption above a key moment's second board; {move} is notation
            better = _("Better: {move}", move=move.best)
            png = await asyncio.to_thread(render_pair, played, best, caption, better)
            footer = _("as {seat} saw the board · above: the move played, below: the better move", seat=seat)
            alt = _("Match #{id}, line {n}: the move played and the better move", id=match.id, n=move.n)
        else:
            png = played
            footer = _("as {seat} saw the board, after the move played", seat=seat)
            alt = _("Match #{id}, line {n}: the board after the move played", id=match.id, n=move.n)
        embed = discord.Embed(title=_("{game} · match #{id} · key moment {k} of {total}", game=match.game.title,
                                      id=match.id, k=k + 1, total=len(moves)),
                              colour=EMBED_COLOUR, description=moment_line(match, names, move))
        embed.set_image(url="attachment://moment.png")
        embed.set_footer(text=footer)
        file = discord.File(io.BytesIO(png), filename="moment.png", description=alt)
        view = discord.ui.View(timeout=None)
        view.add_item(AnalysisButton("step", match.id, max(k - 1, 0), _("◀ Previous"), disabled=k == 0))
        view.add_item(AnalysisButton("step", match.id, k + 1, _("Next ▶"), disabled=k == len(moves) - 1))
        await limits.edit_original(interaction, embed=embed, attachments=[file], view=view)

    # ---- learn from your mistakes -----------------------------------------------------------------------------
    async def drill_message(self, match: Match, analysis: Analysis, drill: Drill, header: str) -> dict[str, Any]:
        """The position to solve now (the board before your mistake, as you saw it), or the tally at the end."""
        drills = self.reviews.drills
        puzzle = await drills.puzzle(match, drill, analysis)
        embed = discord.Embed(colour=EMBED_COLOUR)
        top = f"{header}\n\n" if header else ""
        if puzzle is None:
            embed.title = _("{game} · match #{id} · learn from your mistakes", game=match.game.title, id=match.id)
            embed.description = top + (
                _("Solved {solved} of {total}.", solved=drill.solved, total=len(drill.lines)) if drill.lines else
                _("No mistakes or blunders of yours in this match: nothing to learn here."))
            if drill.lines:
                embed.set_footer(text=_("{again} goes through them again",
                                        again=slash("analysis learn", match=match.id, restart="True")))
            return {"embed": embed, "attachments": [], "view": None}
        move = puzzle.move
        names = await self.bot.service.names(match)
        assert move.before is not None and move.after is not None and move.label is not None
        embed.title = _("{game} · match #{id} · learn from your mistakes · {k} of {total}", game=match.game.title,
                        id=match.id, k=puzzle.number, total=puzzle.total)
        fields = {"move": markup.inert(move.notation), "before": chance(move.before[move.seat]),
                  "after": chance(move.after[move.seat]), "seat": match.seat_name(move.seat),
                  "learn": slash("analysis learn", match=match.id, move="")}
        if move.label == "blunder":
            body = _("Here you played `{move}`, a blunder ?? (your winning chance {before} → {after}). Find a better "
                     "move as {seat}: {learn} (the list offers the legal moves).", **fields)
        else:
            body = _("Here you played `{move}`, a mistake ? (your winning chance {before} → {after}). Find a better "
                     "move as {seat}: {learn} (the list offers the legal moves).", **fields)
        embed.description = top + body
        if puzzle.hinted and move.best:
            embed.add_field(name=button_label("hint"),
                            value=_("The better move starts with `{start}`.", start=markup.inert(hint_of(move.best))))
        embed.set_footer(text=_("solved so far: {n} · {name}", n=drill.solved,
                                name=markup.inert(names[move.seat])[:64]))
        png = await self.bot.tables.painter.board(match.game.view(puzzle.before, move.seat), names, match.id)
        embed.set_image(url="attachment://position.png")
        view = discord.ui.View(timeout=None)
        view.add_item(DrillButton("hint", match.id))
        view.add_item(DrillButton("show", match.id))
        file = discord.File(io.BytesIO(png), filename="position.png",
                            description=_("Match #{id}: the position before your move at line {n}", id=match.id,
                                          n=move.n))
        return {"embed": embed, "attachments": [file], "view": view}

    async def learn_run(self, interaction: discord.Interaction, match_id: int, move: str | None,
                        restart: bool) -> None:
        await defer_private(interaction)  # before the reads; the answer shows the progress of an analysis first
        found, analysis = await self.analysed(interaction, match_id)
        drills = self.reviews.drills
        if restart:
            drill = await drills.restart(found, interaction.user.id, analysis)
        else:
            drill = await drills.drill(found, interaction.user.id, analysis)
        tried = None
        if move is not None:
            tried, drill = await drills.attempt(found, interaction.user.id, analysis, move)

        async def made() -> tuple[str, dict[str, Any]]:
            header = attempt_text(tried) if tried is not None else ""
            message = await self.drill_message(found, analysis, drill, header)
            return _("Learn from your mistakes in match #{id}: ready.", id=found.id), message

        await self.deliver(interaction, made)

    async def drill_button(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        await interaction.response.defer()  # before the reads; the message is then edited in place
        reviews = self.reviews
        found = await reviews.visible(match_id, interaction.user.id, interaction.guild_id)
        analysis = await reviews.stored(found) or await reviews.latest(found.id)
        if analysis is None:
            raise Refusal(_("Match #{id} has not been analysed: use {learn}.", id=found.id,
                            learn=slash("analysis learn", match=found.id)))
        if verb == "hint":
            _hint, drill = await reviews.drills.hint(found, interaction.user.id, analysis)
            header = ""
        else:
            shown, drill = await reviews.drills.reveal(found, interaction.user.id, analysis)
            assert shown.before is not None
            header = _("The better move was `{best}` (your winning chance {chance}); you played `{move}`.",
                       best=markup.inert(shown.best or "?"), chance=chance(shown.before[shown.seat]),
                       move=markup.inert(shown.notation))
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
            with i18n.speaking(interaction.locale):  # not under `guarded`: the asker's language said here
                label = _("#{id} · {game} vs {others}", id=match.id, game=match.game.title, others=others or "—")
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
