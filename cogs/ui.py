"""Discord pieces every game shares: lobby and board messages, persistent buttons, ephemeral replies.

Buttons are `DynamicItem`s whose custom_id carries the match id, so they keep working after a restart; they hold
no state and call into `cogs.base` for everything. Every word is in the language being spoken (`i18n`): the asker's
under `guarded`, the server's around a public post (`server_language`), a label chosen when its message is made.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

import discord
from babel.lists import format_list
from discord import app_commands

import i18n
from cogs import limits, markup
from cogs.host import host
from data import CommitUnknown, store_problem
from i18n import N_, _, ngettext, pgettext
from matches import Match, MatchService, Refusal
from matches.computers import LEVELS, computer_name, is_computer, level_word
from render.kit import BLUE
from rules import GAMES
from rules.base import TEXT_LIMIT

log = logging.getLogger(__name__)

EMBED_COLOUR = discord.Colour(int(BLUE.removeprefix("#"), 16))  # the boards' blue
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}  # places 1-3 in words: gold, silver, bronze, like the images' place colours
# A game option: the five games are a fixed set, so a choice (never typed text or an autocomplete).
GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in GAMES.items()]
# Characters of a typed move, row, layout or option list; anything longer is refused unread. The rules' own
# limit for one action, so the cog and every parser draw the line in the same place.
MAX_TYPED = TEXT_LIMIT

# The bot's own permissions, as Discord's settings name them (translated as Discord's own app names them).
PERMISSION_NAMES = {"view_channel": N_("View Channels"), "send_messages": N_("Send Messages"),
                    "send_messages_in_threads": N_("Send Messages in Threads"), "embed_links": N_("Embed Links"),
                    "attach_files": N_("Attach Files"), "read_message_history": N_("Read Message History"),
                    "create_public_threads": N_("Create Public Threads"), "manage_guild": N_("Manage Server")}
POSTING = ("view_channel", "send_messages", "embed_links", "attach_files")  # a board: text, embed and image
THREADS = ("create_public_threads", "send_messages_in_threads")


async def server_language(service: MatchService, guild_id: int | None, preferred: object = None) -> i18n.Language:
    """A server's language, for what everyone there sees (boards, lobbies, the scheduler's posts): its
    `/settings language`, else `preferred` (Discord's preferred locale of a Community server), else English."""
    if guild_id is None:
        return i18n.language(i18n.ENGLISH)
    chosen = (await service.guild_settings(guild_id)).language
    return i18n.language(chosen or preferred)


async def server_locale(service: MatchService, guild: discord.Guild | None) -> i18n.Language:
    """A server's language, for what everyone there sees (boards, lobbies, tournament posts): its
    `/settings language`, else the preferred locale Discord gives (Community servers), else English. (Where only
    the match is at hand: `Tables.public(match)`.)"""
    if guild is None:
        return i18n.language(i18n.ENGLISH)
    return await server_language(service, guild.id, guild.preferred_locale)


def listed(items: Sequence[str]) -> str:
    """'a, b and c' in the language being spoken."""
    return format_list(list(items), locale=i18n.active().locale) if items else ""


def who(user_id: int) -> str:
    """How a message names a seat's player: a mention, or "Computer (hard)" for a computer seat (no ping)."""
    return computer_name(user_id) if is_computer(user_id) else f"<@{user_id}>"


def seat_mentions(match: Match) -> list[str]:
    """Per seat, '<@id> (Red)': how match messages name a player (no seat name before the game starts, nor where
    seats are no colour: Sakamichi's P1 is notation)."""
    return [f"{who(uid)} ({match.seat_name(seat)})" if match.state is not None and match.game.colour_seats
            else who(uid) for seat, uid in enumerate(match.user_ids)]


def jump_url(match: Match) -> str | None:
    record = match.record
    if record.message_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}/{record.message_id}"


def typed(text: str, what: str | None = None) -> str:
    """`text` as typed, or a Refusal quoting it shortened when it is longer than any real input (`what` it is, in
    the language being spoken: "a move" by default)."""
    what = what or _("a move")
    if len(text) > MAX_TYPED:
        raise Refusal(_("{text} is too long: {what} is at most {limit} characters. Autocomplete lists what you can "
                        "play.", text=markup.typed(text), what=what, limit=i18n.active().number(MAX_TYPED)))
    return text


def bot_missing(channel: Any, needed: Sequence[str]) -> list[str]:
    """The permissions in `needed` the bot lacks in `channel`, in Discord's words in the language being spoken (none
    known: empty)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None:  # a DM, or a server the bot does not know yet: Discord will judge
        return []
    if isinstance(channel, discord.Thread):  # posting in a thread is its own permission
        needed = ["send_messages_in_threads" if n == "send_messages" else n for n in needed]
    held = channel.permissions_for(me)
    return [_(PERMISSION_NAMES[n]) if n in PERMISSION_NAMES else n for n in dict.fromkeys(needed)
            if not getattr(held, n)]


def missing_text(channel: Any, missing: Sequence[str]) -> str:
    """One wording of what the bot lacks where, and who can fix it."""
    where = getattr(channel, "mention", None)
    if where is None:
        return ngettext("I am missing the {permissions} permission in this channel. A server admin can grant it to "
                        "my role (Server Settings → Roles) or in the channel's permissions.",
                        "I am missing the {permissions} permissions in this channel. A server admin can grant them "
                        "to my role (Server Settings → Roles) or in the channel's permissions.",
                        len(missing), permissions=listed(missing))
    return ngettext("I am missing the {permissions} permission in {channel}. A server admin can grant it to my role "
                    "(Server Settings → Roles) or in the channel's permissions.",
                    "I am missing the {permissions} permissions in {channel}. A server admin can grant them to my "
                    "role (Server Settings → Roles) or in the channel's permissions.",
                    len(missing), permissions=listed(missing), channel=where)


def require_posting(channel: Any) -> None:
    """Refuse (before anything changes) when the bot could not post a board in `channel`."""
    missing = bot_missing(channel, POSTING)
    if missing:
        raise Refusal(_("I could not post the board there. {why}", why=missing_text(channel, missing)))


def posting_channel(interaction: discord.Interaction) -> discord.abc.Messageable:
    """The channel a command was used in, as somewhere to post (a forum or a category is none: refused)."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise Refusal(_("Use this command in a text channel or thread, where I can post."))
    return channel


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """An ephemeral answer to whoever acted, whether or not the interaction was deferred."""
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await limits.followup(interaction, content, **kwargs)
    else:
        await limits.respond(interaction, content, **kwargs)


async def publish(interaction: discord.Interaction, public: bool, content: str | None = None, **kwargs: Any) -> None:
    """Answer only the asker, or (`public`) post in the channel for everyone and tell the asker where. The
    interaction itself is answered privately before any read (`defer_private`), so a refusal never reaches the
    channel; what is shared is a message of its own."""
    if not public:
        await reply(interaction, content, **kwargs)
        return
    channel: Any = interaction.channel
    require_posting(channel)
    message = await limits.send(channel, content, **kwargs)
    await reply(interaction, _("Posted for everyone: {link}", link=message.jump_url))


async def defer_private(interaction: discord.Interaction) -> None:
    """Acknowledge now ("thinking", answered only to the caller) unless already answered. Called before the first
    read that can wait: after a restart a match may come from a busy database, and Discord drops an interaction
    not answered within 3 seconds. Refusals then arrive as ephemeral follow-ups."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]],
                  match_id: int | None = None, *, record: bool = True) -> None:
    """Run a handler: refusals become ephemeral messages, anything unexpected is logged with a reference.

    The handler answers Discord (a reply, `defer_private`, a modal) before its first store call; the user is
    recorded only after it (`record_user`), so no interaction waits on a database write before its answer.
    `record=False`: not recorded (the handler that forgets them, /privacy forget)."""
    with i18n.speaking(interaction.locale):  # the asker's language; a public post says the server's itself
        reachable = await _answered(interaction, work, match_id)
    if reachable and record:
        await record_user(interaction)


async def _answered(interaction: discord.Interaction, work: Callable[[], Awaitable[None]],
                    match_id: int | None) -> bool:
    """`guarded`'s body in the asker's language: whether the database was reachable (not worth a write if not)."""
    reachable = True
    try:
        await work()
    except Refusal as refusal:
        await reply(interaction, refusal.message)
    except Exception as error:
        ref = secrets.token_hex(3)
        problem = store_problem(error)
        reachable = problem is None
        if problem is None:
            log.exception("error %s in match %s for user %s", ref, match_id, interaction.user.id)
            text = _("Sorry, something went wrong (match #{match}, error {ref}). Nothing was changed by the part that "
                     "failed; please try again.", match=match_id or "—", ref=ref)
        else:  # the database failed, not the code: one line with SQLite's own words, no traceback
            log.error("error %s in match %s for user %s: the database is not available: %s (%s: %s)", ref,
                      match_id, interaction.user.id, problem, type(error).__name__, error)
            log.debug("where error %s happened", ref, exc_info=error)
            if isinstance(error, CommitUnknown):  # the answer to the commit was lost: it may have been stored
                text = (_("The bot lost its database connection while saving this (error {ref}), so it cannot "
                          "say whether it went through: it may have been played: look at the board of match #{match} "
                          "before you try again.", ref=ref, match=match_id) if match_id else
                        _("The bot lost its database connection while saving this (error {ref}), so it cannot "
                          "say whether it went through: it may have been played: look at the board before you try "
                          "again.", ref=ref))
            else:  # the database's own words (SQLite's, PostgreSQL's) stay as it said them: an operator reads them
                text = _("The bot's database is not available right now ({problem}; error {ref}). Nothing was "
                         "changed by the part that failed; please try again later.", problem=problem, ref=ref)
        try:
            await reply(interaction, text)
        except discord.HTTPException:
            log.warning("could not tell user %s about error %s", interaction.user.id, ref)
    return reachable


async def record_user(interaction: discord.Interaction) -> None:
    """Remember who acted, once the handler has answered: their display name as now (boards, standings and pages
    show it) and that DMs are worth trying again (a user who acts reopens them, `store.users.touch_user`). Nothing the
    user asked for depends on it, so a failure is one log line, never a message to them."""
    bot = host(interaction.client)
    try:
        await bot.service.touch_user(interaction.user.id, interaction.user.display_name, str(interaction.locale))
    except Exception as error:
        problem = store_problem(error)
        if problem is None:
            log.exception("could not record user %s", interaction.user.id)
        else:
            log.warning("could not record user %s: the database is not available: %s", interaction.user.id,
                        problem)


# ---- lobby ----------------------------------------------------------------------------------------------------
def lobby_embed(match: Match, title: str, seat_labels: list[str] | None = None) -> discord.Embed:
    """The lobby (a public post: in the server's language); once started (`seat_labels` given) it says who sits
    where."""
    embed = discord.Embed(title=_("{game} · new match", game=title), colour=EMBED_COLOUR)
    lines = []
    for i in range(match.players):
        if i < len(match.seats):
            seat = match.seats[i]
            player = who(seat.user_id) if seat.joined else _("{player} (invited, not joined yet)",
                                                             player=who(seat.user_id))
            label = f" — {seat_labels[i]}" if seat_labels else ""
            lines.append(f"{i + 1}. {player}{label}")
        else:
            open_seat = _("*open seat*")
            lines.append(f"{i + 1}. {open_seat}")
    embed.description = "\n".join(lines)
    defaults = {name: opt.default for name, opt in match.game.options.items()}
    # Options as typed (name=value): notation, the same in every language.
    options = ", ".join(f"{k}={v}" for k, v in sorted(match.record.options.items()) if defaults.get(k) != v)
    embed.add_field(name=_("Players"), value=i18n.active().number(match.players))
    embed.add_field(name=_("Options"), value=options or _("standard rules"), inline=False)
    if match.status == "lobby":
        embed.set_footer(text=_("match #{id} · seats and colours are drawn at random when the match starts",
                                id=match.id))
    elif match.status == "aborted":
        embed.set_footer(text=_("match #{id} · closed", id=match.id))
    else:
        embed.set_footer(text=_("match #{id} · started", id=match.id))
    return embed


def lobby_view(match: Match) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    full = len(match.seats) >= match.players
    ready = full and all(s.joined for s in match.seats)
    view.add_item(LobbyButton("join", match.id, disabled=full and all(s.joined for s in match.seats)))
    view.add_item(LobbyButton("leave", match.id))
    view.add_item(LobbyButton("start", match.id, disabled=not ready))
    for level in LEVELS:  # the creator may fill open seats with computers (a second row)
        view.add_item(ComputerButton(level, match.id, disabled=full))
    return view


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tt:lobby:(?P<verb>join|leave|start):(?P<id>\d+)"):
    """Join, Leave and Start on a lobby; the label in the language being spoken when the lobby is made."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary}

    @staticmethod
    def label(verb: str) -> str:
        """The button's words in the language being spoken."""
        return {"join": pgettext("button", "Join"), "leave": pgettext("button", "Leave"),
                "start": pgettext("button", "Start")}[verb]

    def __init__(self, verb: str, match_id: int, *, disabled: bool = False) -> None:
        label, style = self.label(verb), self.STYLES[verb]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tt:lobby:{verb}:{match_id}",
                                           disabled=disabled))
        self.verb = verb
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["verb"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = host(interaction.client).tables
        await guarded(interaction, lambda: tables.lobby_action(interaction, self.verb, self.match_id), self.match_id)


class ComputerButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tt:lobby:computer:(?P<level>easy|normal|hard):(?P<id>\d+)"):
    """Add computer (level): the lobby's creator seats a computer player (matches/computers.py)."""

    def __init__(self, level: str, match_id: int, *, disabled: bool = False) -> None:
        # The level in words as the computers' names say it ("Computer (hard)"), in the language being spoken.
        super().__init__(discord.ui.Button(label=_("Add computer ({level})", level=level_word(level)),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"tt:lobby:computer:{level}:{match_id}", disabled=disabled,
                                           row=1))
        self.level = level
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComputerButton:
        return cls(match["level"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = host(interaction.client).tables
        await guarded(interaction, lambda: tables.lobby_action(interaction, f"computer:{self.level}", self.match_id),
                      self.match_id)


# ---- board message ----------------------------------------------------------------------------------------------
class MatchButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tt:match:(?P<verb>[a-z-]+):(?P<id>\d+)"):
    """Every button on a board message (and its follow-ups): the verb says what it does, the id which match."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "private": discord.ButtonStyle.primary, "draw": discord.ButtonStyle.secondary,
        "draw-yes": discord.ButtonStyle.success, "draw-no": discord.ButtonStyle.secondary,
        "abort": discord.ButtonStyle.secondary, "claim": discord.ButtonStyle.success,
        "rematch": discord.ButtonStyle.primary, "resign": discord.ButtonStyle.danger,
        "resign-yes": discord.ButtonStyle.danger,
    }

    @staticmethod
    def label(verb: str) -> str:
        """The verb's button words in the language being spoken (the verb itself for one it does not know)."""
        return {"private": pgettext("button", "My view"), "draw": pgettext("button", "Offer draw"),
                "draw-yes": pgettext("button", "Accept draw"), "draw-no": pgettext("button", "Decline draw"),
                "abort": pgettext("button", "Abort"), "claim": pgettext("button", "Claim win"),
                "rematch": pgettext("button", "Rematch"), "resign": pgettext("button", "Resign"),
                "resign-yes": pgettext("button", "Yes, resign")}.get(verb, verb)

    def __init__(self, verb: str, match_id: int, label: str | None = None) -> None:
        """`label` (already in its language) replaces the verb's own, which is translated here."""
        style = self.STYLES.get(verb, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label or self.label(verb), style=style,
                                           custom_id=f"tt:match:{verb}:{match_id}"))
        self.verb = verb
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MatchButton:
        return cls(match["verb"], int(match["id"]), getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = host(interaction.client).tables
        await guarded(interaction, lambda: tables.match_action(interaction, self.verb, self.match_id), self.match_id)


def watch_button(url: str) -> discord.ui.Button:
    """A link to the match's or event's web page (the server opted in with /settings web)."""
    # Translators: a link button to a match's or a tournament's web page
    return discord.ui.Button(label=pgettext("button", "Watch"), style=discord.ButtonStyle.link, url=url)


def board_view(match: Match, private_label: str | None, *, can_abort: bool = False,
               extra: Sequence[discord.ui.Item[Any]] = (), watch: str | None = None,
               agreements: Sequence[discord.ui.Item[Any]] = ()) -> discord.ui.View:
    """The board message's buttons; `private_label` the game's name for its private view (its English, marked with
    `N_` in the game's cog, translated here); `extra` are the game's own (e.g. a question only one player answers);
    `agreements` more requests to the table, after Offer draw (Take back, cogs/takeback.py); `watch` the match's web
    page (last)."""
    view = discord.ui.View(timeout=None)
    if match.status != "active":
        if match.state is not None:
            view.add_item(MatchButton("rematch", match.id))
        if watch is not None:
            view.add_item(watch_button(watch))
        return view
    for item in extra:
        view.add_item(item)
    if private_label:
        view.add_item(MatchButton("private", match.id, _(private_label)))
    if match.record.overdue:
        view.add_item(MatchButton("claim", match.id))
    view.add_item(MatchButton("draw", match.id))
    for item in agreements:
        view.add_item(item)
    if can_abort:
        view.add_item(MatchButton("abort", match.id))
    view.add_item(MatchButton("resign", match.id))
    if watch is not None:
        view.add_item(watch_button(watch))
    return view


def buttons(match_id: int, *verbs: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(MatchButton(verb, match_id))
    return view


def confirm_resign_view(match_id: int) -> discord.ui.View:
    return buttons(match_id, "resign-yes")
