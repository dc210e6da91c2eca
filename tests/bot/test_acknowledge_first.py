"""Discord drops an interaction not answered within 3 seconds, and a database read can wait longer than that under
load: every command and every button acknowledges (answers, defers, or opens a modal) before its first store call.

The walk runs every slash command of the tree and clicks every button (each verb of every `DynamicItem` the bot
registers) through simcord, with a cold match cache before each interaction (as after a restart). A wrapper
around every store method notes a call made while the interaction being handled is still unanswered; the test fails
naming the command or button and the store calls it made first. Autocomplete is not checked: it is answered, not
deferred, by its nature. A new command or button verb must be added to the walk."""

from __future__ import annotations

import functools
import inspect
import random
import re
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import discord

from bot import TabletopBot
from cogs.analysis import DrillButton
from cogs.sanae import SanaeButton
from cogs.ui import MatchButton
from matches import Match
from tests.bot.helpers import answer
from tests.reviews.helpers import Counting

AUTOCOMPLETE = 4  # Discord's interaction type for an autocomplete request


@dataclass(frozen=True)
class Acting:
    """The interaction the test is making now: its name, and the interactions that existed before it."""

    what: str
    before: frozenset[int]


ACTING: ContextVar[Acting | None] = ContextVar("acting", default=None)  # copied into the bot's handler tasks


def custom_ids(message: Any) -> dict[str, str]:
    """label -> custom_id of a message's buttons (a channel message's rows or an interaction reply's raw rows)."""
    out = {}
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for child in children:
            label = child.get("label") if isinstance(child, dict) else child.label
            custom_id = child.get("custom_id") if isinstance(child, dict) else child.custom_id
            if custom_id:
                out[label or ""] = custom_id
    return out


def button_key(custom_id: str) -> str:
    """What a button does, without the ids it carries: tt:match:draw-yes:12 -> tt:match:draw-yes."""
    return re.split(r":\d", custom_id, maxsplit=1)[0]


def every_button(bot: TabletopBot) -> set[str]:
    """Every button key the bot can be sent: each alternative of each registered DynamicItem's template."""
    keys = set()
    for pattern, item in bot._connection._view_store._dynamic_items.items():  # discord.py keeps them here
        head = pattern.pattern.split("(?P<", 1)[0]
        group = re.search(r"\(\?P<\w+>([^()]*)\)", pattern.pattern)
        if item is MatchButton:  # an open verb pattern: the verbs are the ones it draws
            keys |= {head + verb for verb in MatchButton.STYLES}
        elif group is not None and re.fullmatch(r"[a-z|-]+", group.group(1)):
            keys |= {head + verb for verb in group.group(1).split("|")}
        else:
            keys.add(head.rstrip(":"))
    return keys


class Walk:
    """Runs interactions and notes store calls made before their first answer."""

    def __init__(self, env: Any, channel: Any) -> None:
        self.env = env
        self.bot: TabletopBot = env.bot
        self.channel = channel
        self.early: dict[str, list[str]] = {}
        self.commands: set[str] = set()
        self.buttons: set[str] = set()
        store = self.bot.service.store
        for part in (store, store.users, store.ratings, store.tournaments, store.web, store.changes, store.privacy,
                     store.lessons, store.takebacks):
            for name, _method in inspect.getmembers(type(part), inspect.iscoroutinefunction):
                if not name.startswith("_"):
                    setattr(part, name, self._watched(name, getattr(part, name)))

    def _watched(self, name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        interactions = self.env.backend.interactions

        @functools.wraps(method)
        async def watched(*args: Any, **kwargs: Any) -> Any:
            acting = ACTING.get()
            if acting is not None and any(not record.responded and record.type != AUTOCOMPLETE
                                          for key, record in list(interactions.items()) if key not in acting.before):
                self.early.setdefault(acting.what, []).append(name)
            return await method(*args, **kwargs)
        return watched

    def cold(self) -> None:
        """Forget every idle loaded match, as after a restart: each is read from the store when next asked for."""
        service = self.bot.service
        for match in service.core.cache.loaded():
            if not service.core.in_use(match):
                del service.core.cache[match.id]

    async def act(self, what: str, call: Callable[[], Awaitable[Any]]) -> Any:
        self.cold()
        token = ACTING.set(Acting(what, frozenset(self.env.backend.interactions)))
        try:
            result = await call()
        finally:
            ACTING.reset(token)
        assert result.acknowledged, f"{what} was never answered"
        return result

    async def slash(self, who: Any, name: str, *, channel: Any = None, **options: Any) -> Any:
        self.commands.add(name)
        where = channel or self.channel
        return await self.act(f"/{name}", lambda: who.slash(where, name, **options))

    async def click(self, who: Any, message: Any, label: str) -> Any:
        buttons = custom_ids(message)
        assert label in buttons, f"no {label!r} among {sorted(buttons)}"
        custom_id = buttons[label]
        self.buttons.add(button_key(custom_id))
        return await self.act(f"the {label!r} button ({button_key(custom_id)})",
                              lambda: who.click(message, custom_id=custom_id))

    async def craft(self, *items: discord.ui.Item[Any]) -> Any:
        """A bot message carrying `items` (a button the walk cannot reach in a few moves), as simcord holds it."""
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        await self.bot.get_channel(self.channel.id).send("buttons", view=view)  # type: ignore[union-attr]
        await self.env.settle()
        return self.channel.last_message

    # ---- helpers for matches --------------------------------------------------------------------------------------
    async def lobby(self, game: str, creator: Any, others: list[Any], **options: Any) -> Match:
        """`/<game> new`, Join by the others, Start: the running match."""
        await self.slash(creator, f"{game} new", **options)
        lobby = self.channel.last_message
        for person in others:
            await self.click(person, lobby, "Join")
        await self.click(creator, self.message(lobby.id), "Start")
        (match,) = [m for m in await self.bot.service.matches_for(creator.id)
                    if m.status == "active" and m.game.name == game]
        return match

    def message(self, message_id: int) -> Any:
        return next(m for m in self.channel.history() if m.id == message_id)

    def board(self, match: Match) -> Any:
        return next(m for m in reversed(self.channel.history()) if m.embeds and f"match #{match.id}" in
                    (m.embeds[0].title or "") and m.components)

    async def legal(self, match: Match, people: list[Any]) -> tuple[Any, list[str]]:
        """The person to move and their legal actions."""
        fresh = await self.bot.service.get(match.id)
        user = fresh.user_at(fresh.actors()[0])
        return next(p for p in people if p.id == user), await self.bot.service.legal_texts(match.id, user)

    async def resign(self, game: str, who: Any, match: Match) -> None:
        confirm = await self.slash(who, f"{game} resign", match=match.id)
        await self.click(who, answer(confirm), "Yes, resign")


def report(early: dict[str, list[str]]) -> str:
    return "store calls before the first answer to Discord:\n" + "\n".join(
        f"  {what}: {', '.join(dict.fromkeys(calls))}" for what, calls in sorted(early.items()))


async def test_every_interaction_is_answered_before_the_store_is_used(simcord_env: Any) -> None:
    env = simcord_env
    bot: TabletopBot = env.bot
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    ada, bob, cy, di = (guild.add_member(env.create_user(name)) for name in ("ada", "bob", "cy", "di"))
    walk = Walk(env, channel)

    # ---- a newcomer's first commands, before anything exists ----
    for who in (ada, boss):
        await walk.slash(who, "help")
        await walk.slash(who, "games")
        await walk.slash(who, "history")
        await walk.slash(who, "profile")
    await walk.slash(ada, "help", game="sinoda")
    await walk.slash(ada, "verify", match=999)
    await walk.slash(ada, "notify")
    await walk.slash(ada, "notify", turns=False, game="cintos")
    await walk.slash(ada, "leaderboard", game="cintos")
    await walk.slash(ada, "tournament list")
    await walk.slash(ada, "tournament standings")
    await walk.slash(ada, "tournament create", game="cintos", format="swiss")  # refused: not an organiser

    # ---- server settings ----
    await walk.slash(boss, "settings show")
    await walk.slash(boss, "settings web", action="on")
    await walk.slash(boss, "settings channel", channel=channel)
    await walk.slash(boss, "settings threads", enabled=False)
    await walk.slash(boss, "settings time", time=3600)
    await walk.slash(boss, "settings timeout", rule="claim")
    await walk.slash(boss, "settings rated", enabled=True)
    await walk.slash(boss, "settings language", language="de")
    await walk.slash(boss, "settings language", language="default")  # the walk presses buttons by English labels
    await walk.slash(boss, "settings organiser-role", role=admins)
    await walk.slash(boss, "settings game", game="bodsoi", enabled=False)
    await walk.slash(ada, "bodsoi new")  # refused: switched off
    await walk.slash(boss, "settings game", game="bodsoi", enabled=True)

    # ---- Cintos: a lobby filled with computers, then closed by its creator ----
    await walk.slash(ada, "cintos new", players=4)
    lobby = channel.last_message
    for level in ("easy", "normal", "hard"):
        await walk.click(ada, walk.message(lobby.id), f"Add computer ({level})")
    await walk.click(ada, walk.message(lobby.id), "Leave")

    # ---- Cintos: join and leave, abort, rematch ----
    await walk.slash(ada, "cintos new", players=2)
    lobby = channel.last_message
    await walk.click(bob, lobby, "Join")
    await walk.click(bob, walk.message(lobby.id), "Leave")
    await walk.click(bob, walk.message(lobby.id), "Join")
    await walk.click(ada, walk.message(lobby.id), "Start")
    (aborted,) = [m for m in await bot.service.matches_for(ada.id) if m.status == "active"]
    await walk.click(bob, walk.board(aborted), "Abort")
    final = next(m for m in reversed(channel.history()) if "Rematch" in custom_ids(m))
    await walk.click(bob, final, "Rematch")
    await walk.click(ada, channel.last_message, "Leave")  # the rematch lobby is bob's: ada leaves her seat

    # ---- Cintos: a long match (history pages), a draw offer declined, a claim after the deadline ----
    match = await walk.lobby("cintos", ada, [bob], players=2, time=600)
    rng = random.Random(4)
    for _ in range(35):
        mover, legal = await walk.legal(match, [ada, bob])
        await bot.service.act(match.id, mover.id, rng.choice(legal))
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.slash(mover, "cintos move", move=legal[0], match=match.id)
    await walk.slash(mover, "cintos move", move="z9-z8", match=match.id)  # refused by the rules
    for fmt in ("image", "text"):
        await walk.slash(ada, "cintos board", match=match.id, format=fmt)
    await walk.slash(ada, "cintos board", move=3)
    await walk.slash(ada, "cintos rules")
    await walk.click(ada, walk.board(match), "Offer draw")
    offer = channel.last_message
    await walk.click(ada, offer, "Accept draw")  # refused: her own offer
    await walk.click(bob, offer, "Decline draw")
    page = answer(await walk.slash(bob, "history"))
    older = await walk.click(bob, page, "◀ Older")
    await walk.click(bob, older.response, "Newer ▶")
    await walk.slash(bob, "games")
    await walk.slash(bob, "verify", match=match.id)  # refused: still being played
    await env.advance_time(601)
    notice = next(m for m in reversed(channel.history()) if "Claim win" in custom_ids(m))
    waiting = await bot.service.get(match.id)
    late = {waiting.user_at(s) for s in waiting.actors()}
    claimer, other = (bob, ada) if ada.id in late else (ada, bob)
    await walk.click(other, notice, "Claim win")  # refused: the late player
    await walk.click(claimer, notice, "Claim win")
    await walk.slash(ada, "history", match=match.id, export="json")
    await walk.slash(ada, "verify", match=match.id)
    await walk.slash(ada, "profile", user=bob)
    await walk.slash(ada, "leaderboard", game="cintos", scope="global")

    # ---- the computer's analysis of that finished match: the Analyse button, the command, the key moments ----
    bot.reviews.executor, bot.reviews.iterations = Counting(), 12  # a tiny search, at once
    await bot.reviews.analyse(match.id, ada.id, guild.id)  # made beforehand: a long game outlasts simcord's 5 s
    analysed = answer(await walk.click(ada, walk.board(match), "Analyse"))
    await walk.slash(bob, "analysis show", match=match.id, public=True)
    moments = answer(await walk.click(ada, analysed, "Key moments"))
    await walk.click(ada, moments, "Next ▶")
    await walk.slash(ada, "analysis learn", match=match.id)
    await walk.slash(ada, "analysis learn", match=match.id, move="z9-z8")  # refused (or nothing left to solve)
    drill = await walk.craft(DrillButton("hint", match.id), DrillButton("show", match.id))
    await walk.click(ada, drill, "Hint")
    await walk.click(ada, walk.message(drill.id), "Show me")

    # ---- Cintos: a draw agreed ----
    drawn = await walk.lobby("cintos", bob, [ada], players=2)
    await walk.slash(ada, "cintos resign", match=drawn.id)  # asked to confirm, not confirmed
    await walk.click(ada, walk.board(drawn), "Offer draw")
    await walk.click(bob, channel.last_message, "Accept draw")

    # ---- Cintos, casual: a takeback refused, asked, declined; the next move's asked again and accepted ----
    casual = await walk.lobby("cintos", ada, [bob], players=2, rated=False)
    mover, legal = await walk.legal(casual, [ada, bob])
    other = bob if mover is ada else ada
    await walk.slash(mover, "takeback")  # refused: nothing to take back yet
    await walk.slash(mover, "cintos move", move=legal[0], match=casual.id)
    await walk.slash(mover, "takeback", match=casual.id)
    request = channel.last_message
    await walk.click(mover, request, "Accept takeback")  # refused: their own request
    await walk.click(other, request, "Decline takeback")
    for person in (other, mover):
        await bot.service.act(casual.id, person.id, (await bot.service.legal_texts(casual.id, person.id))[0])
    await walk.slash(other, "cintos move", match=casual.id,
                     move=(await bot.service.legal_texts(casual.id, other.id))[0])  # a board with Take back
    await walk.click(other, walk.board(casual), "Take back")
    await walk.click(mover, channel.last_message, "Accept takeback")

    # ---- Sinoda ----
    match = await walk.lobby("sinoda", ada, [bob], players=2)
    mover, legal = await walk.legal(match, [ada, bob])
    change = next(t for t in legal if t.endswith(("+", "-")))
    await walk.slash(mover, "sinoda change", piece=change[:-1], direction=change[-1], match=match.id)
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.slash(mover, "sinoda move", move=next(t for t in legal if "-" in t[1:]), match=match.id)
    await walk.slash(mover, "sinoda change", piece="c4")  # refused: no direction
    await walk.slash(ada, "sinoda board")
    await walk.slash(ada, "sinoda rules")
    await walk.resign("sinoda", ada, match)

    # ---- Sakamichi: the advanced opening's private choice ----
    match = await walk.lobby("sakamichi", ada, [bob])
    match = await bot.service.get(match.id)
    chooser = ada if match.user_at(match.view(None)["choice"]["seat"]) == ada.id else bob
    other = bob if chooser is ada else ada
    prompt = channel.last_message
    await walk.click(other, prompt, "Look at my hand")  # refused: not theirs to choose
    look = await walk.click(chooser, prompt, "Look at my hand")
    await walk.slash(other, "sakamichi choose", choice="first")  # refused: not their turn
    await walk.click(chooser, answer(look), "Move first")
    line = channel.last_message
    await walk.click(chooser, line, "Black line")  # refused: the other player chooses the line
    await walk.click(other, line, "White line")
    match = await bot.service.get(match.id)
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.click(mover, walk.board(match), "My hand")
    for verb in ("place", "stack", "redraw", "exchange"):
        texts = [t for t in legal if t.startswith(verb + " ")]
        if verb == "exchange":
            words = texts[0].split() if texts else ["exchange", "w1", "for", "b1"]
            await walk.slash(mover, "sakamichi exchange", give=words[1], take=words[-1])
        else:
            field = {"place": "row", "stack": "row", "redraw": "tile"}[verb]
            value = texts[-1].split(" ", 1)[1] if texts else "w1"
            await walk.slash(mover, f"sakamichi {verb}", **{field: value})
    await walk.slash(ada, "sakamichi board", format="text")
    await walk.slash(ada, "sakamichi rules")
    await walk.resign("sakamichi", ada, match)

    # ---- Sanae: the private setup panel, then a move ----
    match = await walk.lobby("sanae", ada, [bob])
    panel = answer(await walk.slash(ada, "sanae setup"))
    for layout in ("Random", "Classic", "Wall", "Keep"):
        panel = answer(await walk.click(ada, panel, layout))
    await walk.click(ada, panel, "Ready")
    await walk.slash(bob, "sanae setup", layout="random")
    await walk.slash(bob, "sanae setup", layout="ready")
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.click(mover, walk.board(match), "My board")
    await walk.slash(mover, "sanae move", move=legal[0], match=match.id)
    await walk.slash(ada, "sanae board")
    await walk.slash(ada, "sanae rules")
    # No Void is attacked in so few moves: the Zed Inel buttons as a board would carry them (each refuses).
    crafted = await walk.craft(SanaeButton("zed", match.id), SanaeButton("pick", match.id, "no", "No"))
    await walk.click(ada, crafted, "Answer Zed Inel")
    await walk.click(ada, crafted, "No")
    await walk.resign("sanae", bob, match)

    # ---- Bodsoi ----
    match = await walk.lobby("bodsoi", ada, [bob], players=2)
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.click(mover, walk.board(match), "My tiles")
    place = next(t for t in legal if t.startswith("place "))
    await walk.slash(mover, "bodsoi place", tile=place.removeprefix("place "), match=match.id)
    mover, legal = await walk.legal(match, [ada, bob])
    await walk.slash(mover, "bodsoi pass", match=match.id)
    await walk.slash(ada, "bodsoi board")
    await walk.slash(ada, "bodsoi rules")
    await walk.slash(bob, "bodsoi resign")  # asked to confirm, not confirmed
    confirm = await walk.click(ada, walk.board(match), "Resign")
    await walk.click(ada, answer(confirm), "Yes, resign")

    # ---- a tournament: sign-up, check-in, a round, an adjudication, the rematch event ----
    await walk.slash(boss, "tournament create", game="cintos", format="swiss", rounds=1)
    signup = channel.last_message
    for who in (ada, bob, cy, di):
        await walk.click(who, walk.message(signup.id), "Join")
    await walk.click(di, walk.message(signup.id), "Leave")
    await walk.click(di, walk.message(signup.id), "Join")
    await walk.slash(ada, "tournament team", partner1=bob)  # refused: not a team event
    await walk.slash(boss, "tournament checkin")
    for who in (ada, bob, cy, di):
        await walk.click(who, walk.message(signup.id), "Check in")
    await walk.click(ada, walk.message(signup.id), "Start")  # refused: not an organiser
    await walk.click(boss, walk.message(signup.id), "Start")
    (event,) = await bot.tournaments.listing(guild.id, ("running",))
    first, second = event.round_tables()
    for public in (False, True):
        await walk.slash(ada, "tournament standings", public=public)
        await walk.slash(ada, "tournament bracket", public=public)  # refused: a Swiss event has none
    await walk.slash(ada, "tournament pairings")
    await walk.slash(ada, "tournament export")
    await walk.slash(ada, "tournament result", match=first.match_id, result="first")  # refused: a player
    await walk.slash(boss, "tournament pause")
    await walk.slash(boss, "tournament resume")
    await walk.slash(boss, "tournament result", match=first.match_id, result="first")
    await walk.slash(boss, "tournament result", match=second.match_id, result="draw")
    final = next(m for m in reversed(channel.history()) if "Rematch event" in custom_ids(m))
    await walk.click(boss, final, "Rematch event")
    await walk.click(ada, channel.last_message, "Join")
    await walk.click(bob, channel.last_message, "Join")
    await walk.slash(ada, "tournament drop")
    await walk.slash(boss, "tournament remove", user=bob)
    await walk.slash(boss, "tournament cancel")

    # ---- a player's own data ----
    await walk.slash(ada, "privacy show")
    await walk.slash(ada, "privacy export")
    await walk.slash(bob, "privacy forget", user=ada)  # refused: only yourself
    confirm = await walk.slash(cy, "privacy forget")
    await walk.click(cy, answer(confirm), "Yes, forget me")

    # ---- vacation: the days left, away, back ----
    await walk.slash(di, "vacation status")
    await walk.slash(di, "vacation on", days=2)
    await walk.slash(di, "vacation off")

    # ---- lessons: progress, a lesson, its Hint, an answer button, the next lesson, a typed answer, a restart ----
    await walk.slash(di, "learn")
    lesson = answer(await walk.slash(di, "learn", game="sanae", lesson=5))
    await walk.click(di, lesson, "Hint")
    solved = answer(await walk.click(di, lesson, "zed R2.08"))
    await walk.click(di, solved, "Next: Capturing the Void")
    await walk.slash(di, "learn", game="cintos", move="d5-e5")
    await walk.slash(di, "learn", game="cintos", restart=True)

    # ---- from a DM: the player's own commands ----
    for name in ("help", "games", "history", "notify", "profile", "learn"):
        walk.commands.add(name)
        await walk.act(f"/{name} (DM)", lambda name=name: ada.user.slash(name))  # type: ignore[misc]

    tree = {c.qualified_name for c in bot.tree.walk_commands() if isinstance(c, discord.app_commands.Command)}
    assert not walk.early, report(walk.early)
    assert walk.commands == tree, f"not walked: {sorted(tree - walk.commands)}"
    assert walk.buttons == every_button(bot), f"not clicked: {sorted(every_button(bot) - walk.buttons)}"
