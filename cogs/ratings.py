"""`/leaderboard` (a game's ratings, this server or everywhere; image and text) and `/profile` (a player's ratings,
record, recent rated matches and tournament placements). The numbers come from `matches.ratings`; the words are
the asker's language (the table image and text too: `asyncio.to_thread` carries it)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs import limits, markup
from cogs.host import Host, host
from cogs.ui import EMBED_COLOUR, GAME_CHOICES, MEDALS, defer_private, guarded, reply
from data.ratings import RatedResult
from i18n import N_, _, ngettext, slash
from lessons import LESSONS, progress_words
from matches import Refusal
from matches.ratings import Profile
from ratings import PROVISIONAL_GAMES, Skill
from render.leaderboard import LeaderboardRow, leaderboard_png, leaderboard_text
from render.lettering import ALT_NAME_LIMIT

PER_PAGE = 10
# The scopes' names are also the `scope` choices' (translated with the command tree).
SCOPES = {"server": N_("this server"), "global": N_("everywhere")}
# Translators: what a player did in a rated match, in /profile's list ("Cintos #12 · won · 1500 → 1520 (+20)")
RESULT_WORDS = {"win": N_("won"), "draw": N_("drew"), "loss": N_("lost")}


def link(result: RatedResult, guild_id: int | None) -> str:
    """A link to the match's last board message, only from the server it was played on (no other server's tables)."""
    if result.message_id is None or result.guild_id is None or result.guild_id != guild_id:
        return ""
    return " · " + _("[board]({url})", url=f"https://discord.com/channels/{result.guild_id}/{result.channel_id}/"
                                            f"{result.message_id}")


class Ratings(commands.Cog):
    """The two rating commands; rating updates themselves happen in the match service when a match finishes."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def _title(self, game: str) -> str:
        return self.bot.service.game(game).title

    @app_commands.command(name="leaderboard", description="A game's ratings: this server's players or everyone's")
    @app_commands.describe(game="Which game", scope="This server's players (default) or everyone's",
                           page=f"Page ({PER_PAGE} players a page)")
    @app_commands.choices(scope=[app_commands.Choice(name=words, value=key) for key, words in SCOPES.items()],
                          game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                          scope: app_commands.Choice[str] | None = None,
                          page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        async def work() -> None:
            service = self.bot.service
            name = game.value
            title = _("{game} leaderboard", game=service.game(name).title)
            where = scope.value if scope else ("server" if interaction.guild_id is not None else "global")
            if where == "server" and interaction.guild_id is None:
                raise Refusal(_("A server's leaderboard is asked for in that server; here, use scope: everywhere."))
            await defer_private(interaction)  # before the reads
            total, rows = await service.leaderboard(name, guild_id=interaction.guild_id if where == "server" else None,
                                                    page=page, per_page=PER_PAGE)
            pages = max(1, -(-total // PER_PAGE))
            if page > pages:
                players = ngettext("{n} player", "{n} players", total)
                scope_words = _(SCOPES[where])
                raise Refusal(ngettext("The {game} leaderboard ({scope}) has {n} page ({players}); there is no page "
                                       "{page}.", "The {game} leaderboard ({scope}) has {n} pages ({players}); there "
                                       "is no page {page}.", pages, game=service.game(name).title,
                                       scope=scope_words, players=players, page=page))
            names = await service.store.users.user_names([r.user_id for _, r, _ in rows])
            table = [LeaderboardRow(place, names.get(r.user_id) or _("Player {place}", place=place), skill.label,
                                    r.games, r.wins, r.draws, r.losses, skill.provisional,
                                    r.user_id == interaction.user.id)
                     for place, r, skill in rows]
            note = _("{scope} · page {page} of {pages}", scope=_(SCOPES[where]), page=page, pages=pages)
            empty = _("No rated matches yet on this server.") if where == "server" else _("No rated matches yet.")
            png = await asyncio.to_thread(leaderboard_png, title, note, table, empty)
            in_code = [replace(row, name=markup.code_name(row.name, len(row.name))) for row in table]  # a code block
            text = leaderboard_text(title, note, in_code, limit=limits.CONTENT - 100, empty=empty)
            await reply(interaction, text, file=discord.File(io.BytesIO(png), filename="leaderboard.png",
                                                             description=limits.cut(text, limits.FILE_DESCRIPTION)),
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)

    @app_commands.command(name="profile", description="A player's ratings, record, recent rated matches and events")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async def work() -> None:
            who = user or interaction.user
            await defer_private(interaction)  # before the reads
            profile = await self.bot.service.profile(who.id)
            learned = await self.bot.service.store.lessons.finished(who.id)
            embed = self.describe(profile, who.display_name, interaction.guild_id)
            if learned:  # lessons (/learn) in the games begun: "Cintos 2 of 6 lessons"
                embed.insert_field_at(len(embed.fields) - 1, name=_("Lessons"), inline=False, value=limits.cut(
                    " · ".join(f"{self._title(game)} {progress_words(game, done)}"
                               for game, done in sorted(learned.items()) if game in LESSONS), limits.FIELD_VALUE)
                    or _("none yet"))
            await reply(interaction, embed=embed,
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)

    def describe(self, profile: Profile, name: str, guild_id: int | None) -> discord.Embed:
        embed = discord.Embed(title=limits.cut(_("Profile · {name}", name=markup.name(name, ALT_NAME_LIMIT)),
                                               limits.EMBED_TITLE), colour=EMBED_COLOUR)
        if not profile.ratings:
            embed.description = _("No rated matches yet.")
        for game, skill, row in profile.ratings:
            embed.add_field(name=f"{self._title(game)} · {skill.label}",
                            value=ngettext("{n} rated game · {won} won, {drawn} drawn, {lost} lost",
                                           "{n} rated games · {won} won, {drawn} drawn, {lost} lost", row.games,
                                           won=row.wins, drawn=row.draws, lost=row.losses))
        if profile.recent:
            lines = []
            for result in profile.recent:
                c = result.change
                before = Skill(c.mu_before, c.sigma_before, c.games_before)
                after = Skill(c.mu_after, c.sigma_after, c.games_before + 1)
                verdict = _(RESULT_WORDS[c.result])
                lines.append(f"{self._title(result.game)} #{c.match_id} · {verdict} · "
                             f"{before.label} → {after.label} ({after.display - before.display:+d})"
                             + link(result, guild_id))
            while len("\n".join(lines)) > limits.FIELD_VALUE:  # whole lines only: a cut link would show raw
                lines.pop()
            embed.add_field(name=_("Recent rated matches"), value="\n".join(lines), inline=False)
        # Tournament placements come from the tournament service (matches.ratings.Ratings.tournament_placements).
        events = [f"{MEDALS.get(p.place or 0, '')} {p.title}: {p.words}".strip()
                  for p in profile.tournaments]
        embed.add_field(name=_("Tournaments"), value=limits.cut("\n".join(events), limits.FIELD_VALUE)
                        or _("none yet"), inline=False)
        embed.set_footer(text=_("Ratings: OpenSkill, shown as 1500 + 25 × (μ − 3σ); ? = provisional (fewer than "
                                "{games} rated games in that game). {leaderboard} ranks them.",
                                games=PROVISIONAL_GAMES, leaderboard=slash("leaderboard")))
        return embed


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ratings(host(bot)))
