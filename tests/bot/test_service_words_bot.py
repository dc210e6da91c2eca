"""The match service's words through the real command tree (issue 40): a refusal the service raises reaches a German
player in German, and what the service words for a public post (a forfeit's line, the result) is made in the
server's language, however the request that caused it spoke."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import actor_of, answer
from tests.bot.locales import speaking
from tests.bot.test_core_languages_bot import admin_world, running


async def test_a_german_player_is_refused_by_the_service_in_german(simcord_env: Any) -> None:
    channel, _boss, (ada, bob) = admin_world(simcord_env)
    await ada.slash(channel, "cintos new", players=2)
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await ada.click(lobby, label="Start")
    match = await running(simcord_env, [ada, bob])
    waiting = bob if actor_of(match, [ada, bob]) is ada else ada
    with speaking("de"):
        refused = answer(await waiting.slash(channel, "cintos move", move="b6-b5"))
    assert refused.content.startswith(f"Du bist in Partie #{match.id} nicht am Zug"), refused.content
    english = answer(await waiting.slash(channel, "cintos move", move="b6-b5"))
    assert english.content.startswith(f"It is not your turn in match #{match.id}"), english.content
    with speaking("de"):
        verify = answer(await waiting.slash(channel, "verify", match=match.id))
    assert verify.content.startswith(f"Partie #{match.id} läuft noch: Ihr Würfel-Seed bleibt bis zum Ende geheim"), \
        verify.content


async def test_a_forfeit_on_time_is_worded_in_the_servers_language(simcord_env: Any) -> None:
    """The scheduler ends the match (no asker at all): the final board of a German server says who ran out of time in
    German, and the same match's result reads in English to an English asker of /history."""
    channel, boss, (ada, bob) = admin_world(simcord_env)
    await boss.slash(channel, "settings language", language="de")
    await ada.slash(channel, "cintos new", players=2, time=600, timeout="forfeit")
    lobby = channel.last_message
    await bob.click(lobby, label="Beitreten")
    await ada.click(lobby, label="Starten")
    match = await running(simcord_env, [ada, bob])
    await simcord_env.advance_time(601)
    assert match.status == "finished"
    posted = " ".join([m.content or "" for m in channel.history()]
                      + [e.description or "" for m in channel.history() for e in m.embeds])
    assert "hat die Zeit überschritten und verliert kampflos" in posted, posted
    assert "ran out of time and forfeits" not in posted
    told = answer(await ada.slash(channel, "history", match=match.id))  # the asker's language: English
    shown = " ".join([told.content or ""] + [e.description or "" for e in told.embeds]
                     + [f"{f.name} {f.value}" for e in told.embeds for f in e.fields])
    assert "ran out of time and forfeits" in shown, shown
