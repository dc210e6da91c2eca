"""`/leaderboard` (a game's ratings, this server or everywhere; image and text) and `/profile` (a player's ratings,
record, recent rated matches and tournament placements). The numbers come from `matches.ratings`."""

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
from lessons import LESSONS, progress_words
from matches import Refusal
from matches.ratings import Profile
from ratings import PROVISIONAL_GAMES, Skill
from render.leaderboard import LeaderboardRow, leaderboard_png, leaderboard_text
from render.lettering import ALT_NAME_LIMIT

PER_PAGE = 10
SCOPES = {"server": "this server", "global": "everywhere"}
RESULT_WORDS = {"win": "won", "draw": "drew", "loss": "lost"}


def link(result: RatedResult, guild_id: int | None) -> str:
    """A link to the match's last board message, only from the server it was played on (no other server's tables)."""
    if result.message_id is None or result.guild_id is None or result.guild_id != guild_id:
        return ""
    return f" · [board](https://discord.com/channels/{result.guild_id}/{result.channel_id}/{result.message_id})"


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
            title = f"{service.game(name).title} leaderboard"
            where = scope.value if scope else ("server" if interaction.guild_id is not None else "global")
            if where == "server" and interaction.guild_id is None:
                raise Refusal("A server's leaderboard is asked for in that server; here, use scope: everywhere.")
            await defer_private(interaction)  # before the reads
            total, rows = await service.leaderboard(name, guild_id=interaction.guild_id if where == "server" else None,
                                                    page=page, per_page=PER_PAGE)
            pages = max(1, -(-total // PER_PAGE))
            if page > pages:
                raise Refusal(f"The {title.lower()} ({SCOPES[where]}) has {pages} page{'s' if pages > 1 else ''} "
                              f"({total} player{'s' if total != 1 else ''}); there is no page {page}.")
            names = await service.store.users.user_names([r.user_id for _, r, _ in rows])
            table = [LeaderboardRow(place, names.get(r.user_id) or f"Player {place}", skill.label, r.games, r.wins,
                                    r.draws, r.losses, skill.provisional, r.user_id == interaction.user.id)
                     for place, r, skill in rows]
            note = f"{SCOPES[where]} · page {page} of {pages}"
            empty = "No rated matches yet" + (" on this server." if where == "server" else ".")
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
                embed.insert_field_at(len(embed.fields) - 1, name="Lessons", inline=False, value=limits.cut(" · ".join(
                    f"{self._title(game)} {progress_words(game, done)}" for game, done in sorted(learned.items())
                    if game in LESSONS), limits.FIELD_VALUE) or "none yet")
            await reply(interaction, embed=embed,
                        allowed_mentions=discord.AllowedMentions.none())
        await guarded(interaction, work)

    def describe(self, profile: Profile, name: str, guild_id: int | None) -> discord.Embed:
        embed = discord.Embed(title=limits.cut(f"Profile · {markup.name(name, ALT_NAME_LIMIT)}", limits.EMBED_TITLE),
                              colour=EMBED_COLOUR)
        if not profile.ratings:
            embed.description = "No rated matches yet."
        for game, skill, row in profile.ratings:
            embed.add_field(name=f"{self._title(game)} · {skill.label}",
                            value=f"{row.games} rated game{'s' if row.games != 1 else ''} · {row.wins} won, "
                                  f"{row.draws} drawn, {row.losses} lost")
        if profile.recent:
            lines = []
            for result in profile.recent:
                c = result.change
                before = Skill(c.mu_before, c.sigma_before, c.games_before)
                after = Skill(c.mu_after, c.sigma_after, c.games_before + 1)
                lines.append(f"{self._title(result.game)} #{c.match_id} · {RESULT_WORDS[c.result]} · "
                             f"{before.label} → {after.label} ({after.display - before.display:+d})"
                             + link(result, guild_id))
            while len("\n".join(lines)) > limits.FIELD_VALUE:  # whole lines only: a cut link would show raw
                lines.pop()
            embed.add_field(name="Recent rated matches", value="\n".join(lines), inline=False)
        # Tournament placements come from the tournament service (matches.ratings.Ratings.tournament_placements).
        events = [f"{MEDALS.get(p.place or 0, '')} {p.title}: {p.words}".strip()
                  for p in profile.tournaments]
        embed.add_field(name="Tournaments", value=limits.cut("\n".join(events), limits.FIELD_VALUE) or "none yet",
                        inline=False)
        embed.set_footer(text=f"Ratings: OpenSkill, shown as 1500 + 25 × (μ − 3σ); ? = provisional (fewer than "
                              f"{PROVISIONAL_GAMES} rated games in that game). /leaderboard ranks them.")
        return embed


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ratings(host(bot)))
