"""`Tables` posts and updates every match's messages (lobby, board, notices) and answers the match buttons.

Game cogs, the buttons and the scheduler all call into it; it holds no match state of its own. What it posts for
everyone speaks the server's language (`public`), what it sends one player by DM that player's (`notify`); its
private replies the asker's (the language `guarded` speaks).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord

import i18n
import render
from cogs import limits, markup
from cogs.analysis import analyse_button
from cogs.host import Host
from cogs.painter import Painter
from cogs.takeback import takeback_button
from cogs.ui import (
    EMBED_COLOUR,
    board_view,
    buttons,
    confirm_resign_view,
    defer_private,
    jump_url,
    lobby_embed,
    lobby_view,
    reply,
    require_posting,
    seat_mentions,
    server_language,
    who,
)
from data import Lease
from i18n import _, slash
from matches import Event, Match, MatchService, Refusal, Turn, history
from matches.computers import is_computer
from matches.vacation import Away
from settings import DEFAULTS

if TYPE_CHECKING:  # typing only: cogs.base imports this module
    from cogs.base import GameCog

log = logging.getLogger(__name__)
POST_WAIT = 2.0  # seconds a computer's answer waits for the board of the move before it (see `board_posted`)
POST_POLL = 0.02  # how often it looks: plain sleeps, what simcord's virtual clock understands (a future is not)


class Tables:
    """Posts and updates every match's messages; the buttons and the game cogs call into it."""

    def __init__(self, bot: Host, *, render_workers: int = DEFAULTS.render_workers) -> None:
        self.bot = bot
        self.painter = Painter(render_workers)  # board images: threads, and processes once they queue up
        self.cogs: dict[str, GameCog] = {}
        # One lock per match while a post uses it (weak: a match nobody posts to leaves nothing behind).
        self._post_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._shown: dict[int, int] = {}  # per match, the log version its newest board message shows

    def post_lock(self, match_id: int) -> asyncio.Lock:
        """The lock that keeps one match's board posts in order."""
        lock = self._post_locks.get(match_id)
        if lock is None:
            lock = self._post_locks[match_id] = asyncio.Lock()
        return lock

    @property
    def service(self) -> MatchService:
        return self.bot.service

    async def channel(self, channel_id: int, guild_id: int | None = None) -> discord.abc.Messageable:
        """Where to post: the cached channel; else, in a server this process serves (or `guild_id` unknown), the
        channel fetched by REST; else a partial messageable. The scheduler's leader acts for every shard, and REST
        reaches any channel: another shard's channel is posted to directly, without a GET of it before each post."""
        found = self.bot.get_channel(channel_id)
        if found is not None:
            return found
        if guild_id is not None and not self.serves(guild_id):
            return self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        return await self.bot.fetch_channel(channel_id)

    async def match_channel(self, match: Match) -> discord.abc.Messageable:
        """The channel (or thread) of `match`'s messages, from whichever shard's process posts."""
        return await self.channel(match.record.channel_id, match.record.guild_id)

    def serves(self, guild_id: int) -> bool:
        """Whether this process's shards include `guild_id`'s (Discord's rule: (id >> 22) % shard count)."""
        shard_ids = getattr(self.bot, "shard_ids", None)
        count = getattr(self.bot, "shard_count", None)
        return not shard_ids or not count or (guild_id >> 22) % count in shard_ids

    def cog_for(self, match: Match) -> GameCog:
        return self.cogs[match.game.name]

    # ---- whose language ---------------------------------------------------------------------------------------------
    async def server_language(self, guild_id: int | None) -> i18n.Language:
        """The language of `guild_id`'s public posts (`/settings language`, else Discord's preferred locale of the
        server when this process knows the server, else English)."""
        guild = self.bot.get_guild(guild_id) if guild_id is not None else None
        return await server_language(self.service, guild_id, getattr(guild, "preferred_locale", None))

    @asynccontextmanager
    async def public(self, match: Match) -> AsyncIterator[i18n.Language]:
        """Speak the language of `match`'s server inside: the words and images of a post everyone there reads."""
        with i18n.speaking((await self.server_language(match.record.guild_id)).code) as lang:
            yield lang

    # ---- lobby ------------------------------------------------------------------------------------------------
    async def lobby_message(self, match: Match) -> dict[str, Any]:
        """The lobby's embed and buttons, in the server's language (a public post, whoever pressed a button)."""
        rated = await self.service.store.ratings.match_rated(match.id)
        async with self.public(match):
            seats = None
            if match.state is not None:  # started: say who sits where, in the game's words
                cog = self.cog_for(match)
                seats = [cog.seat_label(match, seat) for seat in range(match.players)]
            embed = lobby_embed(match, match.game.title, seats)
            embed.add_field(name=_("Rated"), value=_("yes: the result counts in the players' ratings") if rated
                            else _("no"))
            return {"embed": embed, "view": lobby_view(match) if match.status == "lobby" else None}

    async def lobby_action(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        user = interaction.user.id
        await interaction.response.defer()  # the lobby message is edited once the seats are read and written
        if verb == "join":
            match = await self.service.join(match_id, user)
        elif verb == "leave":
            match = await self.service.leave(match_id, user)
        elif verb.startswith("computer:"):  # Add computer (level)
            match = await self.service.add_computer(match_id, user, verb.partition(":")[2])
        else:
            lobby = await self.service.get(match_id)
            require_posting(await self.match_channel(lobby))  # the first board goes there
            turn = await self.service.start(match_id, user)
            await limits.edit_original(interaction, **await self.lobby_message(turn.match))
            await self.post_turn(turn, started=True)
            return
        await limits.edit_original(interaction, **await self.lobby_message(match))
        if match.status == "aborted":  # a message in the channel under the lobby: the server's language
            async with self.public(match):
                await limits.followup(interaction, _("Match #{id} was closed by its creator.", id=match.id))

    # ---- board ------------------------------------------------------------------------------------------------
    async def board_file(self, match: Match, seat: int | None, *, filename: str = "board.png",
                         state: Any = None) -> discord.File:
        """The board image as `seat` may see it, of the current position or of a past `state`."""
        view = match.view(seat) if state is None else match.game.view(state, seat)
        names = await self.service.names(match)  # uncut: the image cuts to 16 characters, the alt text to 32
        png = await self.painter.board(view, names, match.id)
        try:  # the alt text a screen reader speaks: built from the same view, so it shows no more than the image
            description = render.alt_text(view, names, match.id)
        except Exception:  # words must never cost a player the board itself
            log.exception("no alt text for match %s", match.id)
            description = _("{game} match #{id} board", game=match.game.title, id=match.id)
        return discord.File(io.BytesIO(png), filename=filename, description=description)

    async def board_text(self, match: Match, seat: int | None, *, state: Any = None,
                         limit: int = render.TEXT_LIMIT) -> str:
        """The board as a monospace code block (at most `limit` characters), as `seat` may see it."""
        view = match.view(seat) if state is None else match.game.view(state, seat)
        names = await self.service.names(match)  # uncut: the text board cuts them (render.lettering.cut_name)
        return render.text_board(view, names, match.id, limit=limit)

    def summary(self, match: Match, events: Sequence[Event]) -> str:
        """The turn in words: who did what, then what the server drew or did."""
        lines = []
        mentions = seat_mentions(match)
        for event in events:
            if event.kind == "action" and event.seat is not None:
                lines.append(f"{mentions[event.seat]}: {event.description}")
            elif event.kind == "auto" and event.seat is not None:
                seat = match.seat_name(event.seat) if match.game.colour_seats else who(match.user_at(event.seat))
                # Translators: a move the server made for a seat (a forced pass), on the board message
                lines.append(_("{seat} (automatic): {move}", seat=seat, move=event.description))
            elif event.kind == "timeout" and event.seat is not None:
                lines.append(f"⏰ {who(match.user_at(event.seat))} ({event.description})")
            else:
                lines.append(f"🎲 {event.description}")
        return "\n".join(lines)

    def status_line(self, match: Match) -> str:
        """Whose turn it is and their deadline, or the result, in the language being spoken."""
        words = match.result_words(seat_mentions(match))  # the words the board image and /history use too
        if words is not None:
            if match.status == "aborted":
                return _("**Match aborted:** {reason}.", reason=words.reason)
            return _("**Game over.** {result}", result=words.sentence())
        actors = match.actors()
        mentions = seat_mentions(match)
        line = _("To move: {players}", players=", ".join(mentions[s] for s in actors))
        deadline = match.record.deadline
        if deadline is not None:  # <t:…:R>: Discord writes the time in each reader's own language
            line += " · " + _("deadline {when}", when=f"<t:{int(deadline)}:R>")
            if match.record.overdue:
                line += " — " + _("**out of time**: an opponent may claim the win")
        return line

    async def away_line(self, match: Match, away: Sequence[Away] | None = None) -> str:
        """The players to move who are on vacation (`/vacation`; `away` when already read), a line each, and whether
        the clock waits."""
        mentions = seat_mentions(match)
        if away is None:
            away = await self.service.vacations.away(match)
        # The 🏖️ starts each line outside the words: show_away finds the lines by it in any language.
        return "".join("\n🏖️ " + (_("{player} is on vacation until {until}: the clock waits (the deadline moves on by "
                                    "the time away)", player=mentions[a.seat], until=f"<t:{int(a.until)}:f>")
                                  if a.paused else
                                  _("{player} is on vacation until {until} (the clock runs: this tournament allows "
                                    "no pauses)", player=mentions[a.seat], until=f"<t:{int(a.until)}:f>"))
                       for a in away)

    async def show_away(self, match: Match) -> None:
        """Edit the match's newest board so its vacation lines say who is away now (after /vacation on or off): the
        opponents see it without waiting for the next board. A board gone or not readable is left as it is."""
        async with self.post_lock(match.id):
            message_id = match.record.message_id
            if message_id is None or match.status != "active":
                return
            try:
                message = await (await self.match_channel(match)).fetch_message(message_id)
                if not message.embeds:
                    return
                embed = message.embeds[0]
                kept = [line for line in (embed.description or "").split("\n") if not line.startswith("🏖️")]
                async with self.public(match):
                    embed.description = "\n".join(kept) + await self.away_line(match)
                await limits.edit(message, embed=embed)
            except discord.HTTPException as exc:
                log.info("could not show the vacation line on the board of match %s: %s", match.id, exc)

    async def post_turn(self, turn: Turn, *, started: bool = False,
                        opening: str | Callable[[], str] | None = None) -> None:
        """Post the new board at the bottom of the channel (in the server's language) and shrink the previous board
        message to one line; DM each player to move (in their own). `opening` replaces the first board's "seats
        were drawn" line (a tournament seats by its pairing): a function is called in the server's language."""
        match = turn.match
        # the words and the image in the server's language
        async with self.post_lock(match.id), self.public(match):
            channel = await self.match_channel(match)
            previous = match.record.message_id
            summary = self.summary(match, turn.events)
            away = await self.service.vacations.away(match)  # the board's vacation lines; no turn DM to them
            embed = discord.Embed(title=_("{game} · match #{id}", game=match.game.title, id=match.id),
                                  colour=EMBED_COLOUR)
            first = (opening() if callable(opening) else opening) \
                or _("The match has started. Seats and colours were drawn at random.")
            embed.description = (first + "\n" if started else "") + (summary + "\n" if summary else "") \
                + self.status_line(match) + await self.away_line(match, away)
            dice = self.dice_field(match, started)
            if dice is not None:
                embed.add_field(name=dice[0], value=dice[1], inline=False)
            ratings = await self.rating_lines(match)
            if ratings:
                embed.add_field(name=_("Ratings"), value=ratings, inline=False)
            embed.set_image(url="attachment://board.png")
            embed.set_footer(text=_("turn {turn} · {board} shows it again", turn=match.view(None).get("turn", 0),
                                    board=slash(f"{match.game.name} board")))
            file = await self.board_file(match, None)
            pinged = [match.user_at(s) for s in match.actors()] if match.outcome() is None else match.user_ids
            mentions = " ".join(f"<@{uid}>" for uid in pinged if uid >= 0)  # computer seats are never pinged
            cog = self.cog_for(match)
            view = board_view(match, cog.private_label, can_abort=await self.service.can_abort(match),
                              extra=cog.board_items(match),
                              watch=await self.service.web.match_url(match.record.guild_id, match.id),
                              agreements=[takeback_button(match.id)] if await self.service.takebacks.offered(match)
                              else [])
            if match.status == "finished":  # the computer's analysis of the game (cogs/analysis.py), before Watch
                links = [child for child in view.children if getattr(child, "url", None)]
                for link in links:
                    view.remove_item(link)
                view.add_item(analyse_button(match.id))
                for link in links:
                    view.add_item(link)
            message = await limits.send(channel, content=mentions or None, embed=embed, file=file, view=view,
                                         allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                                  everyone=False))
            await self.service.set_message(match.id, message.channel.id, message.id)
            if match.status in ("finished", "aborted"):  # the final board: the scheduler's sweep no longer owes it
                await self.service.board_final_posted(match.id)
            await self.shown(match)
            if previous is not None and not started:
                await self.retire(channel, previous, match, turn.events)
            await cog.after_post(match, message)
        self.bot.scheduler.poke()  # a new deadline may be the next thing to wake for
        if match.outcome() is None:
            resting = {a.seat for a in away}  # on vacation: the board says the clock waits
            for seat in match.actors():
                if seat in resting:
                    continue
                user_id = match.user_at(seat)
                if await self.service.wants_notice(user_id, match.game.name, "turns"):  # /notify turns:off
                    await self.notify(match, user_id, lambda: _("Your turn in {game} match #{id}: {link}",
                                                                game=match.game.title, id=match.id,
                                                                link=message.jump_url))

    async def shown(self, match: Match) -> None:
        """Record the version the newest board shows, while a computer may still answer (`board_posted`): only
        running matches with a computer seat are remembered, so this map does not grow with every match."""
        if match.outcome() is not None or not any(is_computer(uid) for uid in match.user_ids):
            self._shown.pop(match.id, None)
            return
        self._shown[match.id] = max(self._shown.get(match.id, -1), match.record.version)

    async def board_posted(self, match: Match, version: int) -> None:
        """A computer answers only once the board after line `version` is posted (at most `POST_WAIT` seconds: a
        board that never comes, e.g. after a restart, does not hold it up): the boards stay in the order of the
        moves, and the human's board does not already show the computer's reply."""
        for _look in range(round(POST_WAIT / POST_POLL)):
            if self._shown.get(match.id, -1) >= version:
                return
            await asyncio.sleep(POST_POLL)

    async def computer_moved(self, turn: Turn) -> None:
        """A computer's move gets its own board, like anyone's; a private setup step (a Sanae layout before
        "ready") does not, as a person's does not."""
        state = turn.match.state
        if getattr(state, "phase", None) == "setup" and all(e.text != "ready" for e in turn.events):
            await self.shown(turn.match)
            return
        await self.post_turn(turn)

    async def rating_lines(self, match: Match) -> str:
        """'Alice 1512 → 1531 (+19)' per player once a rated match has finished ('' otherwise). Asking applies the
        update if the commit's own call could not (it is applied once either way)."""
        if match.status != "finished":
            return ""
        changes = await self.service.rate_finished(match)
        if not changes:
            return ""
        names = await self.service.names(match)
        return "\n".join(c.line(markup.name(names[c.seat])) for c in changes)

    @staticmethod
    def dice_field(match: Match, started: bool) -> tuple[str, str] | None:
        """The dice commitment on the first board message, the revealed seed on the last; None in between."""
        r = match.record
        if r.commitment is None:
            return None
        if history.ended(match) and r.seed is not None:
            return (_("Dice seed (revealed)"),
                    _("`{seed}`\nIts SHA-256 is the commitment `{commitment}` published at the start. Check every "
                      "roll and draw: {verify}.", seed=r.seed, commitment=r.commitment,
                      verify=slash("verify", match=match.id)))
        if started:
            return (_("Dice commitment"),
                    _("SHA-256 `{commitment}`\nSeats, rolls and draws all come from a secret seed with this hash; it "
                      "is revealed when the match ends ({verify}).", commitment=r.commitment, verify=slash("verify")))
        return None

    async def notify(self, match: Match, user_id: int, text: str | Callable[[], str], *,
                     fallback: bool = False) -> bool:
        """DM a notice: `text` a function making its words, called in the player's last seen language
        (`service.user_locale`; never seen: the server's; a string is sent as it is). Closed DMs (403, code 50007)
        never break a turn: the bot remembers and stops trying until the user uses a command again. With `fallback`,
        an undeliverable notice goes to the match channel as a mention instead, in the server's language (everyone
        reads it there). Returns whether the DM arrived."""
        def words() -> str:
            return text() if callable(text) else text

        dm_open, known = await self.service.dm_route(user_id)
        if dm_open:
            try:
                # Their last seen locale; one never seen (no command used yet) reads the server's, not English.
                seen = await self.service.user_locale(user_id)
                code = seen or (await self.server_language(match.record.guild_id)).code
                with i18n.speaking(code):
                    dm = words()
                await self.send_dm(user_id, known, dm)
                return True
            except discord.Forbidden:
                log.info("DMs closed for user %s; using channel mentions", user_id)
                await self.service.dms_closed(user_id)
            except discord.HTTPException as exc:
                log.warning("could not DM user %s about match %s: %s", user_id, match.id, exc)
        if fallback:
            channel = await self.match_channel(match)
            async with self.public(match):
                post = words()
            await limits.send(channel, f"<@{user_id}> {post}", allowed_mentions=discord.AllowedMentions(users=True))
        return False

    async def send_dm(self, user_id: int, known: int | None, text: str) -> None:
        """DM `text` without looking the user up: to the DM channel known from before (stored: it outlives a
        restart), else to one opened now (one REST call per user, ever) and then stored."""
        if known is not None:
            try:
                await limits.send(self.bot.get_partial_messageable(known, type=discord.ChannelType.private), text)
                return
            except discord.NotFound:  # that channel is gone: open it again
                await self.service.remember_dm_channel(user_id, None)
        channel = await self.bot.create_dm(discord.Object(id=user_id))
        await self.service.remember_dm_channel(user_id, channel.id)
        await limits.send(channel, text)

    # ---- the clock ------------------------------------------------------------------------------------------------
    async def remind(self, match: Match, *, fence: Lease | None = None) -> None:
        """The scheduler's reminder (`fence`: its lease; for these clock methods alike)."""
        count = await self.service.mark_reminded(match, fence=fence)
        if count is None:  # a move came in meanwhile: the new turn's clock has only just started
            return
        fields = {"game": match.game.title, "id": match.id, "when": f"<t:{int(match.record.deadline or 0)}:R>",
                  "link": jump_url(match) or ""}

        def words() -> str:  # in the player's language (a DM), or the server's (the channel, if DMs are closed)
            if count == 1:
                return _("Reminder: half of your time for {game} match #{id} is gone; the deadline is {when}. {link}",
                         **fields).strip()
            return _("Reminder: most of your time for {game} match #{id} is gone; the deadline is {when}. {link}",
                     **fields).strip()

        for seat in match.actors():
            if not await self.service.wants_notice(match.user_at(seat), match.game.name, "reminders"):
                continue  # /notify reminders:off: no DM and no channel fallback; the board message still mentions them
            await self.notify(match, match.user_at(seat), words, fallback=True)

    async def time_out(self, match: Match, *, fence: Lease | None = None) -> None:
        late = match.actors()
        turn = await self.service.timeout(match.id, fence=fence)
        if turn is None:  # nothing late after all, or handled already (here, or by a leader before this one)
            return
        if turn.events or match.status != "active":
            await self.post_turn(turn)
            return
        if match.record.overdue:  # this call left the match waiting for a claim
            channel = await self.match_channel(match)
            async with self.public(match):  # a computer's name is words too ("Computer (hard)")
                others = [who(uid) for s, uid in enumerate(match.user_ids) if s not in late]
                late_ones = ", ".join(who(match.user_at(s)) for s in late)
                text = "⏰ " + _("{late} ran out of time in {game} match #{id}. {others}: you may claim the win (or "
                                "wait for the move).", late=late_ones, game=match.game.title, id=match.id,
                                others=", ".join(others))
                view = buttons(match.id, "claim")
            await limits.send(channel, text, view=view, allowed_mentions=discord.AllowedMentions(users=True))

    async def expire(self, match: Match, *, fence: Lease | None = None) -> None:
        await self.service.expire_lobby(match.id, fence=fence)
        if match.record.message_id is None:
            return
        channel = await self.match_channel(match)
        try:
            await limits.edit_in(channel, match.record.message_id, **await self.lobby_message(match))
        except discord.HTTPException as exc:
            log.info("could not close lobby message of match %s: %s", match.id, exc)
        async with self.public(match):
            text = _("{game} lobby #{id} expired: it never filled up and started.", game=match.game.title, id=match.id)
        await limits.send(channel, text)

    async def retire(self, channel: Any, message_id: int, match: Match, events: Sequence[Event]) -> None:
        """Edit an old board message down to a one-line summary without buttons."""
        played = "; ".join(e.public for e in events) or "—"  # the log lines: notation, the same in every language
        try:
            old = channel.get_partial_message(message_id)
            async with self.public(match):
                # Translators: what an old board message is shortened to once the next is posted ("then:" the moves)
                text = _("{game} #{id} · then: {moves}", game=match.game.title, id=match.id, moves=played)
            await limits.edit(old, content=text, embed=None, attachments=[], view=None)
        except discord.HTTPException as exc:  # an old message may be gone; the new one is what matters
            log.info("could not retire message %s of match %s: %s", message_id, match.id, exc)

    # ---- buttons on the board ------------------------------------------------------------------------------------
    async def match_action(self, interaction: discord.Interaction, verb: str, match_id: int) -> None:
        # Acknowledged before the read (see cogs.ui.defer_private): an answer to a draw offer edits that message.
        if verb in ("draw-yes", "draw-no"):
            await interaction.response.defer()
        else:
            await defer_private(interaction)
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(_("You are not playing in match #{id}.", id=match.id))
        user = interaction.user.id
        if verb in ("resign-yes", "claim", "draw", "draw-yes", "abort", "rematch"):  # they post in the match channel
            require_posting(await self.match_channel(match))
        if verb == "private":
            await self.cog_for(match).send_private(interaction, match, seat)
        elif verb == "resign":
            await reply(interaction, _("Resign match #{id}? This cannot be undone.", id=match.id),
                        view=confirm_resign_view(match.id))
        elif verb in ("resign-yes", "claim"):
            if verb == "claim":
                turn = await self.service.claim(match_id, user, key=str(interaction.id))
                await reply(interaction, _("You claimed match #{id}.", id=match.id))
            else:
                turn = await self.service.resign(match_id, user, key=str(interaction.id))
                await reply(interaction, _("You resigned match #{id}.", id=match.id))
            await self.post_turn(turn)
        elif verb == "draw":
            await self.service.offer_draw(match_id, user)
            others = " ".join(f"<@{uid}>" for uid in match.user_ids if uid != user and uid >= 0)
            await reply(interaction, _("You offered a draw in match #{id}.", id=match.id))
            channel = await self.match_channel(match)
            async with self.public(match):
                text = _("{player} offers a draw in {game} match #{id}. {others}: accept or decline (the offer lapses "
                         "with the next move).", player=f"<@{user}>", game=match.game.title, id=match.id,
                         others=others)
                view = buttons(match.id, "draw-yes", "draw-no")
            await limits.send(channel, text, view=view, allowed_mentions=discord.AllowedMentions(users=True))
        elif verb in ("draw-yes", "draw-no"):
            # An accepted draw ends the match, and its listeners (a tournament pairing its next round) may be slow.
            await self.service.answer_draw(match_id, user, accept=verb == "draw-yes")
            settled = verb == "draw-no" or match.status == "finished"
            async with self.public(match):  # the offer's own message, in the channel
                if verb == "draw-no":
                    text = _("Draw offer in match #{id}: declined.", id=match.id)
                elif match.status == "finished":
                    text = _("Draw offer in match #{id}: accepted.", id=match.id)
                else:
                    text = _("Draw offer in match #{id}: {player} agrees; waiting for the others.", id=match.id,
                             player=f"<@{user}>")
                answers = None if settled else buttons(match.id, "draw-yes", "draw-no")
            await limits.edit_original(interaction, content=text, view=answers)
            if match.status == "finished":
                await self.post_turn(Turn(match, []))
        elif verb == "abort":
            await self.service.abort(match_id, user)
            await reply(interaction, _("You aborted match #{id}.", id=match.id))
            await self.post_turn(Turn(match, []))
        elif verb == "rematch":
            lobby = await self.service.rematch(match_id, user)
            await reply(interaction, _("Rematch lobby #{id} opened.", id=lobby.id))
            channel = await self.match_channel(lobby)
            invited = " ".join(f"<@{s.user_id}>" for s in lobby.seats if s.invited)
            async with self.public(lobby):
                invitation = _("{players} rematch of #{id}!", players=invited, id=match.id).strip()
            message = await limits.send(channel, content=invitation,
                                         allowed_mentions=discord.AllowedMentions(users=True),
                                         **await self.lobby_message(lobby))
            await self.service.set_message(lobby.id, message.channel.id, message.id)
            self.bot.scheduler.poke()
        else:
            raise Refusal(_("That button is no longer in use."))
