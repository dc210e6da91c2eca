"""The web companion from Discord (simcord): `/settings web on|reset|off` for admins only, the Watch link button on
board messages and tournament sign-ups, the link in `/history`; the pages served in the bot's own process."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest_asyncio

from bot import Settings, TabletopBot, create_bot
from tests.bot.helpers import answer, open_match

BASE = "https://tabletop.example.org"


@pytest_asyncio.fixture
async def simcord_bot(db_path: str) -> AsyncIterator[TabletopBot]:
    """A bot serving its pages on a free port of this machine, its links starting with BASE."""
    bot = create_bot(Settings(token="", database_path=db_path, sync_commands=True, web_host="127.0.0.1", web_port=0,
                              web_base_url=BASE), rng=random.Random(1))
    yield bot
    if bot.store is not None:
        await bot.store.close()


def links(message: Any) -> dict[str, str]:
    """Link buttons of a message: label -> URL."""
    out = {}
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            url = child.get("url") if isinstance(child, dict) else getattr(child, "url", None)
            if url:
                out[(child.get("label") if isinstance(child, dict) else child.label) or ""] = url
    return out


def server(env: Any) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    return channel, boss, [guild.add_member(env.create_user(name)) for name in ("ada", "bob")]


def boards(channel: Any, match_id: int) -> list[Any]:
    return [m for m in channel.history() if m.embeds and m.embeds[0].title == f"Sinoda · match #{match_id}"]


async def test_settings_web_gives_watch_links_and_reset_revokes_them(simcord_env: Any) -> None:
    channel, boss, (ada, bob) = server(simcord_env)
    bot: TabletopBot = simcord_env.bot
    match = await open_match(simcord_env, "sinoda", channel, [ada, bob])
    assert "Watch" not in links(boards(channel, match.id)[-1])  # off by default

    assert "settings web" not in ada.available_commands(channel)  # admins only (Manage Server)
    turned = await boss.slash(channel, "settings web", action="on")
    token = await bot.service.web.token(channel.guild.id)
    assert token is not None and f"{BASE}/s/{token}/" in answer(turned).content

    mover = ada if match.user_at(match.actors()[0]) == ada.id else bob
    move = next(t for t in await bot.service.legal_texts(match.id, mover.id) if "-" in t)
    await mover.slash(channel, "sinoda move", move=move)
    watch = links(boards(channel, match.id)[-1]).get("Watch")
    assert watch == f"{BASE}/s/{token}/m/{match.id}"

    shown = await ada.slash(channel, "history", match=match.id)
    field = next(f.value for f in answer(shown).embeds[0].fields if f.name == "On the web")
    assert f"({BASE}/s/{token}/m/{match.id})" in field

    # The page itself, served by the bot's own process on the port it was given.
    assert bot.web is not None and bot.web.port
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{bot.web.port}/s/{token}/m/{match.id}") as response:
        assert response.status == 200 and f"match #{match.id}" in await response.text()

    again = await boss.slash(channel, "settings web", action="reset")
    new = await bot.service.web.token(channel.guild.id)
    assert new != token and f"/s/{new}/" in answer(again).content
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{bot.web.port}/s/{token}/m/{match.id}") as response:
        assert response.status == 404

    await boss.slash(channel, "settings web", action="off")
    assert await bot.service.web.token(channel.guild.id) is None
    confirm = await ada.click(boards(channel, match.id)[-1], label="Resign")
    await ada.click(answer(confirm), label="Yes, resign")
    assert "Watch" not in links(boards(channel, match.id)[-1])


async def test_a_tournament_sign_up_has_the_watch_link(simcord_env: Any) -> None:
    channel, boss, _ = server(simcord_env)
    await boss.slash(channel, "settings web", action="on")
    await boss.slash(channel, "tournament create", game="sinoda", format="swiss")
    signup = channel.last_message
    token = await simcord_env.bot.service.web.token(channel.guild.id)
    (event_id,) = [int(n) for n in re.findall(r"tournament #(\d+)", signup.embeds[0].footer.text)]
    assert links(signup)["Watch"] == f"{BASE}/s/{token}/e/{event_id}"


async def test_settings_show_says_whether_the_web_pages_are_on_and_who_organises(simcord_env: Any) -> None:
    channel, boss, _ = server(simcord_env)
    bot: TabletopBot = simcord_env.bot

    def fields(message: Any) -> dict[str, str]:
        return {f.name: f.value for f in answer(message).embeds[0].fields}

    shown = fields(await boss.slash(channel, "settings show"))
    assert shown["Web pages"].startswith("off") and "`/settings web action:on`" in shown["Web pages"]
    assert shown["Tournament organisers"] == "members with Manage Server"
    organisers = channel.guild.create_role("organisers")
    await boss.slash(channel, "settings organiser-role", role=organisers)
    await boss.slash(channel, "settings web", action="on")
    token = await bot.service.web.token(channel.guild.id)
    shown = fields(await boss.slash(channel, "settings threads", enabled=True))  # every change shows them too
    assert shown["Web pages"] == f"on: {BASE}/s/{token}/"
    assert shown["Tournament organisers"] == f"members with Manage Server or <@&{organisers.id}>"
    await boss.slash(channel, "settings web", action="off")
    assert fields(await boss.slash(channel, "settings show"))["Web pages"].startswith("off")
