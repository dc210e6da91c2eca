"""`/help` and `/help game:<game>`: what the bot does and how to start, or one game's goal and, phase by phase, the
command a player uses (with a legal example), with links to the docs site (DOCS_URL); only to the asker, in their
language (i18n/)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs.base import locale_for
from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, guarded, reply
from games import Help as GameHelp
from games import table
from rules import GAMES

# Each game's players and phases, from its entry (games/<game>.py).
GAMES_HELP: dict[str, GameHelp] = table(lambda entry: entry.help)


def first_sentence(text: str) -> str:
    return text.split(". ")[0] + "."


def help_messages() -> list[dict[str, Any]]:
    """The English of every game's help that lives outside this file (each game's goal from its rules, its players
    and phases from its entry, its rule options' descriptions, which the local table shows), for the catalogs:
    `python bot.py --messages` adds them to the tree's."""
    texts: list[str] = []
    for name, info in GAMES_HELP.items():
        goal = GAMES[name].goal
        texts += [goal, first_sentence(goal), info.players]
        for phase, how in info.phases:
            texts += [phase, how]
        texts += [option.description for option in GAMES[name].options.values() if option.description]
    return [{"message": text, "where": ["help of a game"], "limit": None} for text in dict.fromkeys(texts)]


class Help(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def link(self, page: str, words: str) -> str:
        """A docs page as a link when DOCS_URL is set, else its name."""
        base = self.bot.settings.docs_url
        return f"[{words}]({base}{page}/)" if base else words

    def overview(self, lang: i18n.Language | None = None) -> discord.Embed:
        lang = lang or i18n.language()
        games = "\n".join(lang._("**{title}** ({players} players): {goal}", title=self.bot.service.game(name).title,
                                 players=lang._(info.players),
                                 goal=lang._(first_sentence(self.bot.service.game(name).goal)))
                          for name, info in GAMES_HELP.items())
        embed = discord.Embed(title="Tabletop", colour=EMBED_COLOUR, description=lang._(
            "Five abstract board games, played in this server's channels, turn by turn, in minutes or over days. "
            "Every move is checked, stored and answered with a new board; hidden hands reach only their owner; "
            "dice are rolled on the server and can be verified afterwards."))
        # The lobby's buttons as they read in this language (cogs/ui.py's LobbyButton: the same messages).
        join, start = lang.pgettext("button", "Join"), lang.pgettext("button", "Start")
        embed.add_field(name=lang._("Start a game"), inline=False, value=lang._(
            "1. {new} (or any game) posts a lobby; others press **{join}**, you press **{start}**.\n"
            "2. Play each phase with its command: {help} names them, from Sanae's private set-up and "
            "Sakamichi's opening choice to every turn. Autocomplete lists your legal moves.\n"
            "Against the computer: {computer}, then **{start}**.", join=join, start=start, new=lang.slash("cintos new"),
            help=lang.slash("help", game="<game>"), computer=lang.slash("cintos new", computers="1", level="easy")))
        embed.add_field(name=lang._("The games"), value=games, inline=False)
        # The docs' page names, each its own message (the extractor reads no call nested in another's fields).
        playing = self.link("players", lang._("playing"))
        settings = self.link("organisers/settings", lang._("server settings"))
        tournaments = self.link("organisers/tournaments", lang._("tournaments"))
        faq = self.link("players/faq", lang._("FAQ"))
        named = {name: lang.slash(name) for name in ("games", "history", "notify", "leaderboard", "profile",
                                                     "tournament", "learn", "analysis", "takeback", "vacation",
                                                     "privacy")}
        embed.add_field(name=lang._("More"), inline=False, value=lang._(
            "{help} a game's goal and what to do in each phase · {rules} its rules with pictures · {games} your "
            "matches · {history} a match's log · {notify} your notices · {leaderboard}, {profile} ratings · "
            "{tournament} events · {learn} a game's lessons · {analysis} a finished match judged by the computer · "
            "{takeback} · {vacation} · {privacy} your data.\n"
            "Docs: {playing} · {settings} · {tournaments} · {faq}", help=lang.slash("help", game="<game>"),
            rules=lang.slash("<game> rules"), playing=playing, settings=settings, tournaments=tournaments, faq=faq,
            **named))
        return embed

    def game(self, name: str, lang: i18n.Language | None = None) -> discord.Embed:
        lang = lang or i18n.language()
        info = GAMES_HELP[name]
        title = self.bot.service.game(name).title
        embed = discord.Embed(title=lang._("{title} · {players} players", title=title, players=lang._(info.players)),
                              description=lang._(self.bot.service.game(name).goal), colour=EMBED_COLOUR)
        commands = lang.slashes(info.commands)
        for phase, how in info.phases:
            embed.add_field(name=lang._(phase), value=lang._(how, **commands), inline=False)
        start = lang.pgettext("button", "Start")  # the lobby's button as it reads in this language
        embed.add_field(name=lang._("Start"), inline=False, value=lang._(
            "{new} in a server channel, then **{start}** once the seats are taken; {computer} to play the computer.",
            new=lang.slash(f"{name} new"), start=start, computer=lang.slash(f"{name} new", computers="1")))
        embed.add_field(name=lang._("More"), inline=False, value=lang._(
            "{rules} the rules with pictures · {board} the board, only to you · docs: {link}",
            rules=lang.slash(f"{name} rules"), board=lang.slash(f"{name} board"),
            link=self.link(f"players/{name}", title)))
        return embed

    @app_commands.command(name="help", description="What Tabletop does and how to start, or how a game is played")
    @app_commands.describe(game="A game's goal and what to do in each phase (default: an overview of everything)")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            lang = locale_for(interaction)
            embed = self.game(game.value, lang) if game else self.overview(lang)
            await reply(interaction, embed=embed)
        await guarded(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(host(bot)))
