"""`/learn`: each game's lessons (lessons/), privately to the learner: the next lesson's board and instruction, an
answer by `/learn move:` (autocomplete of the position's legal moves) or by buttons where there are few, a Hint button
and the next lesson; `/learn` alone lists the progress per game. Thin: the lessons judge, the store keeps progress."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
import lessons
import render
from cogs import limits, markup
from cogs.host import Host, cog_of, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, defer_private, guarded, reply, typed
from data.lessons import Lessons
from i18n import N_, _, ngettext, option, slash
from lessons import LESSONS, Lesson, Verdict
from matches import Refusal
from rules import GAMES

log = logging.getLogger(__name__)
ANSWER_BUTTONS = 5  # a lesson with at most this many legal answers offers them as buttons (one row)
MAX_LESSONS = max(len(found) for found in LESSONS.values())


def lesson_title(game: str, number: int) -> str:
    found = lessons.lesson(game, number)
    return _("{game} lesson {number} of {total}: {title}", game=found.rules.title, number=number,
             total=len(LESSONS[game]), title=found.words.title)


# Translators: the buttons under a lesson (Hint, the next lesson, an answer without its own label).
LABELS = {"hint": N_("Hint"), "next": N_("Next lesson"), "answer": N_("Answer")}


def learner(interaction: discord.Interaction) -> str:
    """The learner's own name for their seat on the lesson board (as any board names its players)."""
    return interaction.user.display_name


class LearnButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tt:learn:(?P<verb>hint|next|answer):(?P<number>\d+):(?P<game>[a-z]+)(?::(?P<arg>\d+))?"):
    """A lesson's buttons, all private to the learner: Hint, the next lesson, and an answer (the lesson's legal
    answer number `arg`, for lessons with few); the game and lesson number are carried, no state is kept."""

    def __init__(self, verb: str, game: str, number: int, arg: int | None = None, label: str | None = None) -> None:
        style = {"hint": discord.ButtonStyle.secondary, "next": discord.ButtonStyle.primary,
                 "answer": discord.ButtonStyle.success}[verb]
        text = label or _(LABELS[verb])
        custom_id = f"tt:learn:{verb}:{number}:{game}" + (f":{arg}" if arg is not None else "")
        super().__init__(discord.ui.Button(label=limits.cut(text, limits.BUTTON_LABEL), style=style,
                                           custom_id=custom_id, row=1 if verb == "answer" else 0))
        self.verb, self.game, self.number, self.arg = verb, game, number, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LearnButton:
        arg = match["arg"]
        return cls(match["verb"], match["game"], int(match["number"]), int(arg) if arg else None,
                   getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction.client, Learn)
        if cog is None:
            with i18n.speaking(interaction.locale):
                await reply(interaction, _("Lessons are not available right now; try again in a minute."))
            return
        await guarded(interaction, lambda: cog.button(interaction, self.verb, self.game, self.number, self.arg))


class Learn(commands.Cog):
    """The one command and its buttons; lessons come from lessons/, progress from `store.lessons`."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def progress(self) -> Lessons:
        return self.bot.service.store.lessons

    @app_commands.command(name="learn", description="Learn a game with short lessons (only you see them)")
    @app_commands.describe(game="Which game to learn (leave out: your progress in every game)",
                           move="Your answer to the lesson (autocomplete lists the legal moves)",
                           lesson="Which lesson (default: your next unfinished one)",
                           restart="Forget your progress in this game and start again from lesson 1")
    @app_commands.choices(game=GAME_CHOICES)
    async def learn(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    move: str | None = None, lesson: app_commands.Range[int, 1, MAX_LESSONS] | None = None,
                    restart: bool = False) -> None:
        async def work() -> None:
            if move is not None:
                typed(move)
            if game is None and (move is not None or lesson is not None or restart):
                raise Refusal(_("Choose a game for that: {learn} ({lesson}, {move} and {restart} belong to one).",
                                learn=slash("learn", game="<game>"), lesson=option("lesson"), move=option("move"),
                                restart=option("restart")))
            if game is not None and lesson is not None and lesson > len(LESSONS[game.value]):
                raise Refusal(ngettext("{game} has {n} lesson, not {number}.", "{game} has {n} lessons, not {number}.",
                                       len(LESSONS[game.value]), game=GAMES[game.value].title, number=lesson))
            await defer_private(interaction)  # before the first read
            user = interaction.user.id
            if game is None:
                await self.overview(interaction, user)
                return
            if restart:
                await self.progress.reset(user, game.value)
            finished = (await self.progress.finished(user)).get(game.value, set())
            number = lesson or lessons.next_number(game.value, finished)
            if number is None:
                await self.all_done(interaction, game.value, finished)
                return
            if move is None:
                await self.show(interaction, game.value, number, finished,
                                note=_("Progress cleared.") + " " if restart else "")
                return
            await self.answer(interaction, game.value, number, move)
        await guarded(interaction, work)

    @learn.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """The legal moves of the lesson the command is about (the one given, else the next unfinished), the ones
        starting as typed first."""
        game = getattr(interaction.namespace, "game", None)
        if game not in LESSONS:
            return []
        number = getattr(interaction.namespace, "lesson", None)
        if not isinstance(number, int):
            finished = (await self.progress.finished(interaction.user.id)).get(game, set())
            number = lessons.next_number(game, finished)
        if number is None or not 1 <= number <= len(LESSONS[game]):
            return []
        wanted = "".join(current.split()).lower()
        legal = [t for t in lessons.lesson(game, number).legal() if wanted in "".join(t.split()).lower()]
        legal.sort(key=lambda t: not "".join(t.split()).lower().startswith(wanted))
        return limits.choices((t, t) for t in legal if len(t) <= limits.CHOICE_NAME)

    # ---- what the command and buttons show ---------------------------------------------------------------------
    async def overview(self, interaction: discord.Interaction, user: int) -> None:
        finished = await self.progress.finished(user)
        embed = discord.Embed(title=_("Lessons"), colour=EMBED_COLOUR,
                              description=_("Short lessons with a board each: about ten minutes a game. "
                                            "Start one with {learn}; only you see them.",
                                            learn=slash("learn", game="<game>")))
        for game, found in LESSONS.items():
            done = finished.get(game, set())
            number = lessons.next_number(game, done)
            progress = lessons.progress_words(game, done)
            value = (_("{progress} · next: {number}. {title}", progress=progress, number=number,
                       title=found[number - 1].words.title) if number
                     else _("{progress} · play one again with {lesson}", progress=progress,
                               lesson=option("lesson", "")))
            embed.add_field(name=found[0].rules.title, value=limits.cut(value, limits.FIELD_VALUE))
        await reply(interaction, embed=embed)

    async def all_done(self, interaction: discord.Interaction, game: str, finished: set[str]) -> None:
        rows = "\n".join(f"{n}. {found.words.title}" for n, found in enumerate(LESSONS[game], start=1))
        title = LESSONS[game][0].rules.title
        done = ngettext("You have done all {n} {game} lessons. Play one again with {again}, start over with "
                        "{restart}, or play a real match with {new} ({computers} for the computer).",
                        "You have done all {n} {game} lessons. Play one again with {again}, start over with "
                        "{restart}, or play a real match with {new} ({computers} for the computer).",
                        len(LESSONS[game]), game=title, again=slash("learn", game=game, lesson="<number>"),
                        restart=option("restart", "True"), new=slash(f"{game} new"),
                        computers=option("computers", "1"))
        await reply(interaction, limits.cut(f"{done}\n{rows}", limits.CONTENT))

    async def board(self, found: Lesson, learner: str, state: Any = None) -> discord.File:
        """The lesson's position (or `state`, the position an answer made) as the learner sees it, the learner's
        seat by their own name (the boards' sentences are about players)."""
        game = found.rules
        view = found.view() if state is None else game.view(state, found.seat)
        names = found.names(learner)
        png = await self.bot.tables.painter.board(view, names, None)
        try:
            description = render.alt_text(view, names, None)
        except Exception:  # words must never cost the learner the board itself
            log.exception("no alt text for lesson %s/%s", found.game, found.key)
            description = _("{game} lesson board", game=game.title)
        return discord.File(io.BytesIO(png), filename="lesson.png", description=limits.cut(description,
                                                                                           limits.FILE_DESCRIPTION))

    async def show(self, interaction: discord.Interaction, game: str, number: int, finished: set[str],
                   note: str = "") -> None:
        """The lesson's board, instruction and buttons; the footer's command names the lesson when an answer without
        `lesson:` would go to another one (the next unfinished)."""
        found = lessons.lesson(game, number)
        embed = discord.Embed(title=limits.cut(lesson_title(game, number), limits.EMBED_TITLE), colour=EMBED_COLOUR,
                              description=limits.cut(note + found.words.instruction, limits.EMBED_DESCRIPTION))
        embed.set_image(url="attachment://lesson.png")
        legal = found.legal()
        which = {} if lessons.next_number(game, finished) == number else {"lesson": number}
        answer = slash("learn", game=game, **which, move="<your move>")
        footer = (ngettext("Answer with {command} (autocomplete lists all {n}) or a button below.",
                           "Answer with {command} (autocomplete lists all {n}) or a button below.", len(legal),
                           command=answer) if len(legal) <= ANSWER_BUTTONS else
                  ngettext("Answer with {command} (autocomplete lists all {n}).",
                           "Answer with {command} (autocomplete lists all {n}).", len(legal), command=answer))
        embed.set_footer(text=limits.cut(footer, limits.FOOTER))
        view = discord.ui.View(timeout=None)
        view.add_item(LearnButton("hint", game, number))
        if len(legal) <= ANSWER_BUTTONS:
            for index, text in enumerate(legal):
                view.add_item(LearnButton("answer", game, number, index, label=text))
        await reply(interaction, embed=embed, file=await self.board(found, learner(interaction)), view=view)

    async def answer(self, interaction: discord.Interaction, game: str, number: int, text: str) -> None:
        """Judge the answer (the rules read it: a refusal changes nothing); solved: stored, then said, with the
        board it made and the next lesson's button."""
        found = lessons.lesson(game, number)
        verdict: Verdict = await asyncio.to_thread(lessons.judge, found, text)
        if not verdict.solved:
            refused = verdict.kind in ("illegal", "unreadable")  # the rules' words, which may quote the typed text
            shown = markup.typed(text)
            said = (_("That cannot be played here: {move}. {why}", move=shown, why=markup.inert(verdict.message))
                    if refused else _("Not quite: {move}. {why}", move=shown, why=verdict.message))
            view = discord.ui.View(timeout=None)
            view.add_item(LearnButton("hint", game, number))
            await reply(interaction, limits.cut(said, limits.CONTENT), view=view)
            return
        await self.progress.finish(interaction.user.id, game, found.key)
        finished = (await self.progress.finished(interaction.user.id)).get(game, set())
        following = lessons.next_number(game, finished)
        after = number + 1 if number < len(LESSONS[game]) and following is not None else following
        progress = lessons.progress_words(game, finished)
        embed = discord.Embed(title=limits.cut(_("Solved: {lesson}", lesson=lesson_title(game, number)),
                                               limits.EMBED_TITLE),
                              colour=EMBED_COLOUR,
                              description=limits.cut(f"{verdict.text}: {verdict.message}\n\n"
                                                     + _("Progress: {progress}.", progress=progress),
                                                     limits.EMBED_DESCRIPTION))
        embed.set_image(url="attachment://lesson.png")
        view = discord.ui.View(timeout=None)
        if after is not None:
            view.add_item(LearnButton("next", game, after,
                                      label=_("Next: {title}", title=LESSONS[game][after - 1].words.title)))
        else:
            every = _("Every {game} lesson done: try a match against the computer with {new}.",
                      game=found.rules.title, new=slash(f"{game} new", computers="1"))
            embed.description = limits.cut(f"{embed.description}\n{every}", limits.EMBED_DESCRIPTION)
        await reply(interaction, embed=embed, file=await self.board(found, learner(interaction), verdict.after),
                    view=view)

    async def button(self, interaction: discord.Interaction, verb: str, game: str, number: int,
                     arg: int | None) -> None:
        if game not in LESSONS or not 1 <= number <= len(LESSONS[game]):
            await reply(interaction, _("That lesson no longer exists: {learn} lists the lessons there are.",
                                       learn=slash("learn")))
            return
        if verb == "hint":  # the lesson's own words: nothing to read, answered at once
            found = lessons.lesson(game, number)
            words = found.words
            await reply(interaction, limits.cut(_("Hint for lesson {number}, {title}: {hint}", number=number,
                                                  title=words.title, hint=words.hint), limits.CONTENT))
            return
        await defer_private(interaction)  # before any read
        if verb == "next":
            finished = (await self.progress.finished(interaction.user.id)).get(game, set())
            await self.show(interaction, game, number, finished)
            return
        legal = lessons.lesson(game, number).legal()
        if arg is None or not 0 <= arg < len(legal):
            raise Refusal(_("That answer button is out of date: {learn} shows the lesson again.", learn=slash("learn")))
        await self.answer(interaction, game, number, legal[arg])


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(LearnButton)
    await bot.add_cog(Learn(host(bot)))
