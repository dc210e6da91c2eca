"""Sakamichi and Sanae speak the player's language through discord.py and simcord (issue 40): a rules refusal
reaches a German asker in German (its notation quoted as typed), a Japanese asker's private hand and buttons are in
Japanese, and the opening-choice prompt under a board speaks the server's language."""

from __future__ import annotations

from typing import Any

import discord

from bot import TabletopBot
from matches import Match
from rules.sakamichi.tiles import NAMES as TILE_NAMES
from tests.bot.helpers import answer, labels, person_at, world
from tests.bot.locales import speaking


def lobby_button(message: Any, verb: str) -> str:
    """The custom id of a lobby button by its verb (its label is in the server's language)."""
    for row in message.components:
        for child in row.children:
            if (child.custom_id or "").startswith(f"tt:lobby:{verb}:"):
                return str(child.custom_id)
    raise AssertionError(f"no {verb} button")


async def open_match(env: Any, channel: Any, people: list[Any], game: str, options: str | None = None) -> Match:
    creator, other = people
    await creator.slash(channel, f"{game} new", **({"options": options} if options else {}))
    await other.click(channel.last_message, custom_id=lobby_button(channel.last_message, "join"))
    await creator.click(channel.last_message, custom_id=lobby_button(channel.last_message, "start"))
    bot: TabletopBot = env.bot
    (match,) = await bot.service.matches_for(creator.id)
    return match


async def test_a_sakamichi_refusal_reaches_a_german_asker_in_german(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "sakamichi", "mode=basic")
    (seat,) = match.actors()
    mover = person_at(match, people, seat)
    hand = set(match.view(seat)["hands"][seat]["tiles"])
    theirs = next(name for name in match.view(seat)["hands"][1 - seat]["tiles"] if name not in hand)
    with speaking("de"):
        refused = answer(await mover.slash(channel, "sakamichi place", row=f"white up {theirs}"))
        typo = answer(await mover.slash(channel, "sakamichi place", row="white up q9"))
    # The tile and the hand as notation (the refusal's first letter is capitalised: w1b1 reads W1b1).
    assert f"{theirs} — deine Hand ist ".lower() in refused.content.lower(), refused.content
    assert "your hand" not in refused.content
    assert "'q9'" in typo.content and "Beispiele:" in typo.content, typo.content
    # The same refusal in English for an English asker: only the asker's language changed.
    english = answer(await mover.slash(channel, "sakamichi place", row=f"white up {theirs}"))
    assert f"{theirs} — your hand is ".lower() in english.content.lower()
    assert set(TILE_NAMES.values()) >= hand


async def test_a_sanae_refusal_and_private_board_reach_a_german_asker_in_german(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, channel, people, "sanae")
    red = person_at(match, people, 0)
    with speaking("de"):
        refused = answer(await red.slash(channel, "sanae setup", layout="swap R1.06 B2.05"))
        panel = answer(await red.slash(channel, "sanae setup"))
    assert "B2.05 liegt nicht in deinem Kreis" in refused.content, refused.content
    assert panel.content.startswith("Deine Aufstellung in Partie #"), panel.content
    assert {"Zufällig", "Classic", "Wall", "Keep"} <= set(labels(panel))  # the presets keep their names


async def test_the_opening_prompt_speaks_the_servers_language_and_the_hand_the_askers(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[admins])
    people = [boss, guild.add_member(simcord_env.create_user("ada"))]
    await boss.slash(channel, "settings language", language="de")
    match = await open_match(simcord_env, channel, people, "sakamichi")
    choice = match.view(None)["choice"]
    chooser = person_at(match, people, choice["seat"])
    prompt = channel.last_message
    assert "höher gewürfelt" in prompt.content and "Meine Hand ansehen" in labels(prompt), prompt.content
    with speaking("ja"):
        look = answer(await chooser.click(prompt, label="Meine Hand ansehen"))
        offered = await chooser.autocomplete(channel, "sakamichi choose", "choice", "")
    assert "あなたの手札" in look.content, look.content
    assert {"white ライン", "black ライン", "先手を取る"} <= set(labels(look))
    # Autocomplete runs outside the command's guard: its labels speak the asker's language all the same.
    assert {(c["name"], c["value"]) for c in offered} == {("white ライン", "white"), ("black ライン", "black"),
                                                           ("先手を取る", "first")}
