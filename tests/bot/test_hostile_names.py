"""Every command that produces text, walked with hostile display names: ``` that would close a code block, a masked
link, spoiler, strike-through and bold marks, @everyone. Nothing a player is called may render as markdown or ping:
names go through `cogs.markup` (escaped in text, backticks neutralised in code blocks). Typed text is repeated back
short. Every request the bot made is read back from simcord's log, so a post, an edit, a DM, an ephemeral answer or
a follow-up is checked alike; the walk covers every command of the tree (a new command must be added here)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord

from tests.bot.helpers import answer, open_match
from tests.reviews.helpers import Counting

# Display names (at most 32 characters, as Discord allows), and the raw markup each must never show as.
PLAYERS = ["x```y", "[click](https://evil.example)", "||secret||", "~~gone~~", "@everyone", "**loud**"]
BOSS = "[ref](https://evil.example)||b||"  # the organiser: their name goes into an adjudication note
RAW = ["[click](https://evil.example)", "[ref](https://evil.example)", "||secret||", "||b||", "~~gone~~",
       "**loud**", "@everyone"]
TYPED = "q" * 600  # typed text: never repeated whole
GAME_COMMANDS = {"cintos": [("move", {"move": TYPED})],
                 "sinoda": [("move", {"move": TYPED}), ("change", {"piece": TYPED})],
                 "sakamichi": [("place", {"row": TYPED}), ("stack", {"row": TYPED}), ("redraw", {"tile": TYPED}),
                               ("exchange", {"give": TYPED, "take": TYPED}), ("choose", {"choice": TYPED})],
                 "sanae": [("setup", {"layout": TYPED}), ("move", {"move": TYPED})],
                 "bodsoi": [("place", {"tile": TYPED}), ("pass", {})]}


def texts(payload: Any) -> Iterator[str]:
    """Every text of a request that Discord renders as markdown: content and the embeds' parts."""
    if isinstance(payload, list):
        for item in payload:
            yield from texts(item)
    elif isinstance(payload, dict):
        for key, value in payload.items():
            rendered = key in ("content", "title", "description", "value", "text")
            if isinstance(value, str) and (rendered or (key == "name" and "value" in payload)):  # a field's name too
                yield value
            elif key not in ("components", "attachments", "options", "choices"):  # not rendered as markdown
                yield from texts(value)


def problems(text: str) -> list[str]:
    """Markup from a name that `text` would render: a code fence inside a line (a name's ``` closing a block), or
    raw name markup outside code blocks; and a typed text repeated whole."""
    found = [f"``` inside a line: {text[max(m.start() - 30, 0):m.end() + 30]!r}"
             for m in re.finditer("```", text) if m.start() and text[m.start() - 1] != "\n"]
    outside = re.sub(r"```.*?```", "", text, flags=re.S)
    for raw in RAW:
        for m in re.finditer(re.escape(raw), outside):
            if not (m.start() and outside[m.start() - 1] == "\\"):
                found.append(f"{raw!r} rendered: {outside[max(m.start() - 40, 0):m.end() + 40]!r}")
    if "q" * 60 in text:
        found.append(f"typed text repeated at length: {len(max(re.findall('q+', text), key=len))} characters")
    return found


def commands(bot: Any) -> set[str]:
    return {c.qualified_name for c in bot.tree.walk_commands() if isinstance(c, discord.app_commands.Command)}


async def test_every_command_shows_hostile_names_as_written(simcord_env: Any) -> None:
    bot = simcord_env.bot
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(simcord_env.create_user(BOSS), roles=[admins])
    people = [guild.add_member(simcord_env.create_user(name)) for name in PLAYERS]
    run: set[str] = set()

    async def slash(who: Any, name: str, **options: Any) -> Any:
        run.add(name)
        return await who.slash(channel, name, **options)

    await slash(boss, "settings web", action="on")  # web links too: every post as the server sees it
    # A finished tournament: round 1 with an adjudicated table, round 2 resigned, the final post; rated matches.
    await slash(boss, "tournament create", game="cintos", format="swiss", rounds=2, rated=True)
    signup = channel.last_message
    for who in people[:4]:
        await who.click(signup, label="Join")
    await boss.click(signup, label="Start")
    (event,) = await bot.tournaments.listing(guild.id, ("running",))
    first, _ = event.round_tables()
    await slash(boss, "tournament result", match=first.match_id, result="first")
    for round_no in (1, 2):
        event = await bot.tournaments.get(event.id)
        for table in event.round_tables():
            match = await bot.service.get(table.match_id)
            if match.status == "active":
                loser = next(p for p in people if p.id == match.user_ids[1])
                confirm = await slash(loser, "cintos resign", match=match.id)
                await loser.click(confirm.response, label="Yes, resign")
        assert (await bot.tournaments.get(event.id)).round >= round_no
    assert (await bot.tournaments.get(event.id)).status == "finished"

    # A running match of every game between two hostile names, and every game command on it.
    for game, extra in GAME_COMMANDS.items():
        match = await open_match(simcord_env, game, channel, people[4:6])
        run.add(f"{game} new")
        mover = next(p for p in people if p.id == match.user_at((match.actors() or [0])[0]))
        for fmt in ("image", "text"):
            await slash(mover, f"{game} board", match=match.id, format=fmt)
        await slash(mover, f"{game} rules")
        for verb, options in extra:
            await slash(mover, f"{game} {verb}", **options, match=match.id)
        confirm = await slash(mover, f"{game} resign", match=match.id)
        await mover.click(confirm.response, label="Yes, resign")
    casual = match.id
    # A takeback between two hostile names: the request, its answer, the board re-posted.
    friendly = await open_match(simcord_env, "cintos", channel, people[4:6], rated=False)
    mover = next(p for p in people if p.id == friendly.user_at(friendly.actors()[0]))
    await bot.service.act(friendly.id, mover.id, (await bot.service.legal_texts(friendly.id, mover.id))[0])
    await slash(mover, "takeback", match=friendly.id)
    other = next(p for p in people[4:6] if p is not mover)
    await other.click(channel.last_message, label="Accept takeback")
    assert (await bot.service.store.log(friendly.id))[-1].text.startswith("takeback ")

    # Everything else that shows names or echoes typed text.
    player = people[1]
    await slash(player, "games")
    await slash(player, "help")
    await slash(player, "history", match=casual)
    await slash(player, "history", match=casual, export="json")
    bot.reviews.executor, bot.reviews.iterations = Counting(), 12  # the analysis: a tiny search, at once
    await slash(player, "analysis show", match=casual, public=True)
    await slash(player, "analysis show", match=first.match_id)  # a tournament's, ended by the organiser
    await slash(people[4], "analysis learn", match=casual)
    await slash(player, "verify", match=casual)
    await slash(player, "notify", turns=False)
    await slash(player, "leaderboard", game="cintos")
    for who in (*people, boss):
        await slash(player, "profile", user=who.user)
    await slash(player, "tournament standings", tournament=event.id, public=True)
    for round_no in (1, 2):
        await slash(player, "tournament pairings", round=round_no, tournament=event.id)
    await slash(player, "tournament list")
    await slash(player, "tournament bracket", tournament=event.id, public=True)
    await slash(player, "tournament export", tournament=event.id)
    await slash(player, "tournament drop", tournament=event.id)
    await slash(boss, "tournament create", game="bodsoi", format="swiss", **{"players-per-match": 4})
    later = channel.last_message
    for who in people[:4]:
        await who.click(later, label="Join")
    await slash(people[0], "tournament team", partner1=people[1].user)
    await slash(boss, "tournament checkin")
    await slash(boss, "tournament remove", user=people[3].user)
    await slash(boss, "tournament pause")
    await slash(boss, "tournament resume")
    await slash(boss, "tournament cancel")
    await slash(boss, "settings show")
    await slash(boss, "settings channel", channel=channel)
    await slash(boss, "settings threads", enabled=False)
    await slash(boss, "settings time", time=3600)
    await slash(boss, "settings timeout", rule="claim")
    await slash(boss, "settings rated", enabled=True)
    await slash(boss, "settings language", language="fr")
    await slash(boss, "settings organiser-role", role=admins)
    await slash(boss, "settings game", game="bodsoi", enabled=True)
    await slash(player, "privacy show")
    await slash(player, "privacy export")
    await slash(people[2], "privacy forget", user=player.user)  # refused: only yourself
    confirm = await slash(people[5], "privacy forget")
    await people[5].click(answer(confirm), label="Yes, forget me")
    await slash(player, "learn")
    await slash(player, "learn", game="cintos", move=TYPED)  # typed text: quoted short
    await slash(player, "learn", game="cintos", move="[click](https://evil.example)")  # echoed inert
    await slash(player, "vacation status")
    await slash(player, "vacation on", days=1)
    await slash(player, "vacation off")

    assert run == commands(bot), f"not walked: {sorted(commands(bot) - run)}"
    shown = [text for request in simcord_env.backend.http_requests if request.json is not None
             for text in texts(request.json)]
    found = [problem for text in shown for problem in problems(text)]
    assert not found, "\n".join(found[:20])
    # The names were shown at all (the walk is not vacuous): escaped in text, neutralised in code blocks.
    everything = "\n".join(shown)
    assert "\\[ref](https://evil.example)\\|\\|b\\|\\|" in everything  # the adjudication note
    assert "x'''y" in everything and "\\*\\*loud\\*\\*" in everything and "@\u200beveryone" in everything
    refusal = answer(await people[4].slash(channel, "cintos move", move=TYPED)).content
    assert "600 characters" in refusal and len(refusal) < 300, refusal  # quoted short, saying how long it was


def test_names_and_typed_text_are_made_safe_in_one_place() -> None:
    """A source scan: only cogs/markup.py escapes markdown or mentions, or quotes typed text (the one helper)."""
    offenders = []
    for path in sorted((Path(__file__).resolve().parents[2] / "cogs").glob("*.py")):
        if path.name == "markup.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("escape_markdown", "escape_mentions", "quote"):
                    offenders.append(f"{path.name}:{node.lineno} {called}(")
    assert not offenders, "use cogs.markup (name, code_name, inert, typed):\n" + "\n".join(offenders)
