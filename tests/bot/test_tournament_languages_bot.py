"""Tournaments in the players' languages (issue 40): a German server's sign-up, round post, standings image and final
post in German whoever pressed the buttons; a round's DM in the player's own language; a Japanese asker's refusal
in Japanese; the whole event's posts under the pseudo-locale leave nothing in English."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import i18n
from cogs import tournament_files
from cogs.tables import Tables
from render.kit import Canvas
from tests.bot.helpers import answer, labels
from tests.bot.locales import speaking
from tests.bot.test_languages_bot import english_left, shown
from tests.bot.test_tournament_bot import fresh, message, person, resign, server


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the drawing kit draws (its one text function) for a tournament's pictures meanwhile: the
    standings and bracket images the cog makes (drawn in threads; the match boards are left out)."""
    seen: list[str] = []
    inside = threading.local()
    original = Canvas.text

    def text(self: Canvas, xy: Any, words: str, size: float, fill: Any = "#000000", anchor: str = "la") -> float:
        if getattr(inside, "picture", False):
            seen.append(words)
        return original(self, xy, words, size, fill, anchor)

    def recorded(draw: Callable[..., bytes]) -> Callable[..., bytes]:
        def picture(*args: Any, **kwargs: Any) -> bytes:
            inside.picture = True
            try:
                return draw(*args, **kwargs)
            finally:
                inside.picture = False
        return picture

    monkeypatch.setattr(Canvas, "text", text)
    for name in ("standings_image", "bracket_image"):
        monkeypatch.setattr(tournament_files, name, recorded(getattr(tournament_files, name)))
    yield seen


async def run_event(env: Any, channel: Any, boss: Any, people: list[Any], join: str, start: str,
                    french: bool = False) -> Any:
    """Create a one-round Swiss of Cintos, sign everyone up and start it with the buttons labelled `join` and
    `start` (the server's language)."""
    created = await boss.slash(channel, "tournament create", game="cintos", format="swiss", rounds=1)
    assert answer(created).ephemeral, answer(created).content
    return await run_event_from(env, channel, boss, people, channel.last_message, join, start, french)


async def finish(env: Any, channel: Any, people: list[Any], event: Any) -> Any:
    for table in event.round_tables():
        if table.points is None:
            await resign(channel, "cintos", person(people, event.entrant(table.entrants[0]).members[0]),
                         table.match_id)
    event = await fresh(env, event)
    assert event.status == "finished"
    return event


async def test_a_german_server_reads_its_tournament_in_german(simcord_env: Any, drawn: list[str]) -> None:
    channel, boss, people = server(simcord_env, 4)
    await boss.slash(channel, "settings language", language="de")
    # the first player's client speaks French: what the bot DMs them
    event, signup = await run_event(simcord_env, channel, boss, people, join="Beitreten", start="Starten",
                                    french=True)
    sign = message(channel, signup.id).embeds[0]
    assert "Schweizer System" in sign.title and sign.fields[0].name == "Spiel"  # the sign-up, edited in German
    assert sign.footer.text == f"Turnier #{event.id} · laufend"
    assert labels(message(channel, signup.id)) == []  # no buttons once it started

    (pairings,) = [m for m in channel.history() if m.embeds and "Runde 1 von 1" in (m.embeds[0].title or "")]
    post = pairings.embeds[0]
    assert post.title.startswith("Cintos Schweizer System · 1 Runde")
    assert post.description.count("Brett ") == 2 and " gegen " in post.description
    assert "Beginne deine Partie bis" in [f.name for f in post.fields]
    # the standings image going into round 1: its words in German
    assert {"Tabelle", "Setzliste", "Name", "Pkt"} <= set(drawn)
    assert pairings.attachments[0].description.startswith(f"Tabelle von Turnier #{event.id}")

    # the round's DM in each player's own language: French for the one seen in French, else English
    french = [m.content for m in people[0].user.dm_channel.history() if f"#{event.id}" in m.content]
    assert any("votre partie" in text and "a commencé" in text for text in french), french
    english = [m.content for m in people[1].user.dm_channel.history() if f"#{event.id}" in m.content]
    assert any("your match" in text for text in english), english

    drawn.clear()
    event = await finish(simcord_env, channel, people, event)
    final = next(m for m in reversed(channel.history()) if m.content == f"Turnier #{event.id} ist beendet.")
    embed = final.embeds[0]
    assert embed.title.endswith("— Endstand") and embed.fields[0].name == "Podium"
    assert "Buchholz mit Streichwert" in embed.footer.text
    assert labels(final) == ["Turnier neu auflegen"]
    assert "Endstand" in drawn and "Pkt" in drawn  # the final standings image
    assert any(re.fullmatch(r"\d+½? Punkte?", text) for text in drawn)  # the podium's points

    # standings asked for in English: to the asker alone in English, shared with everyone in the server's German
    mine = await people[1].slash(channel, "tournament standings", tournament=event.id)
    assert answer(mine).embeds, answer(mine).content
    assert answer(mine).embeds[0].title.endswith("— final standings")
    await people[1].slash(channel, "tournament standings", tournament=event.id, public=True)
    assert channel.last_message.embeds[0].title.endswith("— Endstand")

    # the asker's own replies stay in the asker's language (English here), the channel's posts in German
    listed = await people[1].slash(channel, "tournament list")
    assert "finished" in answer(listed).content
    with speaking("de"):
        listed = await people[1].slash(channel, "tournament list")
    assert "beendet" in answer(listed).content and "1 Runde" in answer(listed).content


async def test_a_japanese_asker_is_refused_in_japanese(simcord_env: Any) -> None:
    channel, boss, people = server(simcord_env, 2)
    created = await boss.slash(channel, "tournament create", game="cintos", format="swiss")
    signup = channel.last_message
    with speaking("ja"):
        refused = await people[0].click(signup, label="Start")  # the server speaks English: its buttons too
        assert answer(refused).ephemeral
        assert answer(refused).content.startswith("トーナメント #1 でこの操作ができるのは主催者だけです")
        missing = await people[0].slash(channel, "tournament pairings")
        assert "トーナメント #1 はまだ始まっていません。" in answer(missing).content
        left = await people[1].click(signup, label="Leave")
        assert "あなたはトーナメント #1 に登録していません。" in answer(left).content
    assert answer(created).content.startswith("Tournament #1 is open for sign-up")


async def test_the_pseudo_locale_leaves_no_tournament_word_in_english(simcord_env: Any, drawn: list[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A server set to the pseudo-locale: the sign-up (and its buttons), the round's post, the final post (and its
    button) and every word drawn in their pictures (recorded at the kit) pseudo-localized; an asker in the
    pseudo-locale reads its replies so too."""
    channel, boss, people = server(simcord_env, 3)
    async def pseudo(tables: Tables, guild_id: int | None) -> i18n.Language:  # no server can choose it
        return i18n.language(i18n.PSEUDO)

    monkeypatch.setattr(Tables, "server_language", pseudo)
    with i18n.speaking(i18n.PSEUDO):
        join, start = (i18n.pgettext("button", word) for word in ("Join", "Start"))
    created = await boss.slash(channel, "tournament create", game="cintos", format="swiss", rounds=1)
    signup = channel.last_message
    buttons = labels(signup)
    event, _signup = await run_event_from(simcord_env, channel, boss, people, signup, join, start)
    texts = [*shown(message(channel, signup.id)), *buttons]
    texts += [text for m in channel.history() if any(a.filename == "standings.png" for a in m.attachments)
              for text in shown(m)]  # the round's post
    with speaking(i18n.PSEUDO):
        replies = [await people[0].slash(channel, "tournament standings"),
                   await people[0].slash(channel, "tournament pairings"),
                   await people[0].slash(channel, "tournament pairings", round=7),
                   await people[0].slash(channel, "tournament list"),
                   await people[0].slash(channel, "tournament pause")]
    texts += [text for reply in replies for text in shown(answer(reply))]
    event = await finish(simcord_env, channel, people, event)
    final = next(m for m in reversed(channel.history()) if any(a.filename == "standings.png" for a in m.attachments))
    texts += [*shown(final), *labels(final)]
    assert len(texts) > 20 and len(drawn) > 30
    left = {text: english_left(text) for text in texts if english_left(text)}
    assert left == {}
    # the pictures: names (p1 …) and numbers stay, every word is pseudo-localized
    words = {text: english_left(text) for text in drawn if english_left(text)}
    assert words == {}
    assert answer(created).content.startswith("Tournament #1 is open")  # the asker's own: English


async def run_event_from(env: Any, channel: Any, boss: Any, people: list[Any], signup: Any, join: str,
                         start: str, french: bool = False) -> Any:
    """Sign everyone up with the button labelled `join` (the first player's client in French when `french`) and
    start the event with `start`."""
    for i, who in enumerate(people):
        with speaking("fr" if french and i == 0 else "en-US"):  # what the bot last saw each player speak
            assert (await who.click(signup, label=join)).acknowledged
    await boss.click(message(channel, signup.id), label=start)
    (event,) = await env.bot.tournaments.listing(channel.guild.id)
    event = await fresh(env, event)
    assert event.round == 1
    return event, signup
