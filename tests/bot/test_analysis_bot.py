"""/analysis show and the Analyse button through discord.py and simcord: a finished match's analysis with its progress,
the graph and each player's accuracy, the key moments as boards, public or private, and refusals that change
nothing."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from discord.ext import commands
from PIL import Image

import cogs.limits
import i18n
from bot import TabletopBot
from matches import Match
from tests.bot.helpers import NAMES, actor_of, answer, labels, open_match, world
from tests.bot.locales import speaking
from tests.bot.playthrough import Capture, leaks, report
from tests.reviews.helpers import Counting

ITERATIONS = 12


def quick(bot: TabletopBot) -> Counting:
    """Analyses with a tiny search, run at once in the test's thread."""
    executor = Counting()
    bot.reviews.executor = executor
    bot.reviews.iterations = ITERATIONS
    return executor


def progress_shown(bot: TabletopBot, monkeypatch: Any) -> list[str]:
    """Every progress text the answers show from now on (each change shown: no pause between edits)."""
    cog = bot.get_cog("AnalysisCog")
    assert isinstance(cog, commands.Cog)
    monkeypatch.setattr(cog, "progress_every", 0.0)
    shown: list[str] = []
    edit = cogs.limits.edit_original

    async def noted(interaction: Any, **kwargs: Any) -> Any:
        if isinstance(kwargs.get("content"), str):
            shown.append(kwargs["content"])
        return await edit(interaction, **kwargs)

    monkeypatch.setattr(cogs.limits, "edit_original", noted)
    return shown


async def played_and_resigned(env: Any, channel: Any, people: list[Any], plies: int = 6) -> Match:
    """A Cintos match played through the commands for `plies` moves, then resigned with the board's buttons."""
    match = await open_match(env, "cintos", channel, people)
    rng = random.Random(4)
    for _ in range(plies):
        mover = actor_of(match, people)
        legal = await mover.autocomplete(channel, "cintos move", "move", "")
        await mover.slash(channel, "cintos move", move=rng.choice(legal)["value"])
    loser = actor_of(match, people)
    confirm = await loser.click(channel.last_message, label="Resign")
    await loser.click(confirm.response, label="Yes, resign")
    assert match.status == "finished"
    return match


async def test_the_analyse_button_shows_progress_then_the_analysis(simcord_env: Any, monkeypatch: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    executor = quick(bot)
    shown = progress_shown(bot, monkeypatch)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people)
    final = channel.last_message
    assert "Analyse" in labels(final)  # the final board offers the analysis
    ada = people[0]
    result = await ada.click(final, label="Analyse")
    assert result.ephemeral  # private: only the one who asked
    lines = len([e for e in await bot.service.store.log(match.id) if e.seat is not None])
    assert f"Analysing match #{match.id}: move 1 of {lines}." in shown
    assert f"Analysing match #{match.id}: move {lines} of {lines}." in shown
    message = answer(result)
    embed = message.embeds[0]
    assert embed.title == f"Cintos · match #{match.id} · analysis"
    assert len(embed.fields) == 2 and all("Accuracy" in f.value and "?? " in f.value for f in embed.fields)
    assert embed.image.url == "attachment://analysis.png"
    (attachment,) = message.attachments
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.size == (800, 460)
    judged = executor.calls["judge_line"]
    assert judged == lines

    # asked again (by the other player, with the command): from the store, no search, no progress
    shown.clear()
    again = await people[1].slash(channel, "analysis show", match=match.id, public=True)
    assert executor.calls["judge_line"] == judged and not [s for s in shown if s.startswith("Analysing")]
    assert "Posted for everyone" in answer(again).content
    posted = channel.last_message
    assert posted.embeds[0].title == embed.title and "Key moments" in labels(posted)


async def test_key_moments_step_through_boards(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=10)
    ada = people[0]
    await bot.reviews.analyse(match.id, ada.id, channel.guild.id)  # made beforehand (simcord's 5 s)
    result = await ada.slash(channel, "analysis show", match=match.id)
    analysis = await bot.reviews.stored(match)
    assert analysis is not None
    moments = analysis.labelled()
    message = answer(result)
    if not moments:  # a tiny search may find none: the button says so by being off
        pytest.skip("no key moment in this game at this budget")
    opened = await ada.click(message, label="Key moments")
    shown = answer(opened)
    assert shown.embeds[0].title.endswith(f"key moment 1 of {len(moments)}")
    assert f"Line {moments[0].n} · " in shown.embeds[0].description
    board = Image.open(io.BytesIO(await shown.attachments[0].read()))
    assert board.width > 400
    if len(moments) > 1:
        stepped = await ada.click(shown, label="Next ▶")
        assert stepped.acknowledged
        assert answer(opened).embeds[0].title.endswith(f"key moment 2 of {len(moments)}")


async def test_a_running_match_is_refused(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    executor = quick(bot)
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    result = await people[0].slash(channel, "analysis show", match=match.id)
    assert result.ephemeral and "no computer help while playing" in answer(result).content
    assert executor.calls == {} and not bot.reviews.jobs


async def test_autocomplete_offers_only_finished_matches(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    done = await played_and_resigned(simcord_env, channel, people, plies=2)
    running = await open_match(simcord_env, "cintos", channel, people)
    offered = [c["value"] for c in await people[0].autocomplete(channel, "analysis show", "match", "")]
    assert done.id in offered and running.id not in offered


async def learner(bot: TabletopBot, match: Any, people: list[Any], guild_id: int) -> tuple[Any, list[Any]]:
    """The player with the most mistakes and blunders in `match` (analysed beforehand: analysing a long game inside
    one interaction outlasts simcord's 5 s), and those moves; at least two of them."""
    analysis = await bot.reviews.analyse(match.id, people[0].id, guild_id)
    person, seat = max(((p, match.seat_of(p.id)) for p in people),
                       key=lambda ps: len([m for m in analysis.labelled(ps[1]) if m.label != "inaccuracy"]))
    mistakes = [m for m in analysis.labelled(seat) if m.label in ("mistake", "blunder")]
    assert len(mistakes) >= 2
    return person, mistakes


async def test_learn_from_your_mistakes_in_private(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=24)
    person, mistakes = await learner(bot, match, people, channel.guild.id)
    shown = answer(await person.slash(channel, "analysis learn", match=match.id))
    assert shown.embeds[0].title.endswith(f"learn from your mistakes · 1 of {len(mistakes)}")
    assert f"Here you played `{mistakes[0].notation}`" in shown.embeds[0].description
    assert shown.attachments  # the board before the mistake
    offered = [c["value"] for c in await person.autocomplete(channel, "analysis learn", "move", "", match=match.id)]
    assert mistakes[0].notation in offered and mistakes[0].best in offered
    wrong = answer(await person.slash(channel, "analysis learn", match=match.id, move=mistakes[0].notation))
    assert wrong.embeds[0].description.startswith("❌") and "1 of" in wrong.embeds[0].title
    hinted = await person.click(wrong, label="Hint")
    assert hinted.acknowledged
    assert any(f.name == "Hint" for f in answer(await person.slash(channel, "analysis learn",
                                                                    match=match.id)).embeds[0].fields)
    right = answer(await person.slash(channel, "analysis learn", match=match.id, move=mistakes[0].best))
    assert right.embeds[0].description.startswith("✅") and f"2 of {len(mistakes)}" in right.embeds[0].title
    message = right
    for _ in mistakes[1:]:
        await person.click(message, label="Show me")
    end = answer(await person.slash(channel, "analysis learn", match=match.id))
    assert f"Solved 1 of {len(mistakes)}." in end.embeds[0].description
    in_dm = answer(await person.user.slash("analysis learn", match=match.id))  # from a DM with the bot too
    assert f"Solved 1 of {len(mistakes)}." in in_dm.embeds[0].description


def answers_expire(monkeypatch: Any, key: str) -> None:
    """From now on Discord refuses an edit of an answer that carries `key` (the result, after 15 minutes in the
    queue: an answer can be edited for 15 minutes only); other edits (the progress) go through."""
    edit = cogs.limits.edit_original

    async def expired(interaction: Any, **kwargs: Any) -> Any:
        if key in kwargs:
            raise discord.NotFound(cast(Any, SimpleNamespace(status=404, reason="Not Found")), "Unknown Webhook")
        return await edit(interaction, **kwargs)

    monkeypatch.setattr(cogs.limits, "edit_original", expired)


async def outlived(simcord_env: Any, monkeypatch: Any, key: str) -> tuple[Any, Any, Any]:
    """A short finished match whose answers carrying `key` expire before the analysis is ready: (the channel, ada,
    the match)."""
    quick(simcord_env.bot)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=2)
    answers_expire(monkeypatch, key)
    return channel, people[0], match


async def test_an_analysis_that_outlives_its_answer_comes_by_dm(simcord_env: Any, monkeypatch: Any) -> None:
    channel, ada, match = await outlived(simcord_env, monkeypatch, "attachments")
    await ada.slash(channel, "analysis show", match=match.id)
    (dm,) = [m for m in ada.user.dm_channel.history() if f"analysis of match #{match.id}" in m.content]
    assert dm.embeds[0].title == f"Cintos · match #{match.id} · analysis" and dm.attachments


async def test_learning_that_outlives_its_answer_comes_by_dm(simcord_env: Any, monkeypatch: Any) -> None:
    """/analysis learn waits for the analysis like /analysis show: past Discord's 15 minutes for editing an answer,
    what it would have shown (here the tally: a short game has no mistakes) comes by DM."""
    channel, ada, match = await outlived(simcord_env, monkeypatch, "embed")
    await ada.slash(channel, "analysis learn", match=match.id)
    (dm,) = [m for m in ada.user.dm_channel.history() if m.content.startswith("Learn from your mistakes")]
    assert f"match #{match.id}" in dm.content and "learn from your mistakes" in dm.embeds[0].title


# ---- in the player's language (issue 40) ---------------------------------------------------------------------------
async def test_a_german_asker_reads_the_analysis_and_its_key_moments_in_german(simcord_env: Any,
                                                                                monkeypatch: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    shown = progress_shown(bot, monkeypatch)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=10)
    ada = people[0]
    with speaking("de"):
        result = await ada.click(channel.last_message, label="Analyse")  # the board's button: the server's English
    lines = len([e for e in await bot.service.store.log(match.id) if e.seat is not None])
    assert f"Analyse von Partie #{match.id}: Zug 1 von {lines}." in shown  # the progress
    message = answer(result)
    embed = message.embeds[0]
    assert embed.title == f"Cintos · Partie #{match.id} · Analyse"
    assert embed.description.startswith("Gewinnchancen Zug für Zug")
    assert all(f.value.startswith("Genauigkeit **") and f.name.endswith(("(Rot)", "(Blau)")) for f in embed.fields)
    assert "Schlüsselmoment" in embed.footer.text and "`/analyse lernen partie:" in embed.footer.text
    assert message.attachments[0].description.startswith("Gewinnchancen von ")
    assert labels(message) == ["Schlüsselmomente"]
    analysis = await bot.reviews.stored(match)
    assert analysis is not None
    assert analysis.labelled()  # this game (seeded) has key moments at this budget
    if analysis.labelled():
        with speaking("de"):
            opened = answer(await ada.click(message, label="Schlüsselmomente"))
        moment = opened.embeds[0]
        assert moment.title.endswith(f"Schlüsselmoment 1 von {len(analysis.labelled())}")
        assert moment.description.startswith(f"Zeile {analysis.labelled()[0].n} · ")
        assert "Gewinnchance" in moment.description
        label = {"inaccuracy": "Ungenauigkeit", "mistake": "Fehler", "blunder": "grober Fehler"}
        assert f"({label[analysis.labelled()[0].label or '']})" in moment.description  # the label's word
        assert moment.footer.text.startswith("so, wie ")
        assert labels(opened) == ["◀ Zurück", "Weiter ▶"]
    with speaking("de"):  # a refusal of the analysis service: a match still being played
        running = await open_match(simcord_env, "cintos", channel, people)
        refused = answer(await ada.slash(channel, "analysis show", match=running.id))
    assert refused.content == (f"Partie #{running.id} läuft noch: keine Computerhilfe während des Spiels. Frag noch "
                               "einmal, wenn sie zu Ende ist.")


async def test_a_public_analysis_speaks_the_server_s_language_and_the_asker_hears_their_own(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = channel.guild.add_member(simcord_env.create_user("boss"), roles=[admins])
    match = await played_and_resigned(simcord_env, channel, people, plies=2)  # by the English buttons
    await boss.slash(channel, "settings language", language="fr")
    with speaking("de"):
        result = await people[0].slash(channel, "analysis show", match=match.id, public=True)
    assert answer(result).content.startswith("Für alle gepostet")  # the asker's
    posted = channel.last_message
    assert posted.embeds[0].title == f"Cintos · partie #{match.id} · analyse"  # everyone's: the server's
    assert posted.embeds[0].fields[0].value.startswith("Précision **")
    assert labels(posted) == ["Moments clés"]
    assert posted.attachments[0].description.startswith("Chances de gain de ")


async def test_the_dm_of_an_analysis_speaks_the_language_the_asker_was_last_seen_with(simcord_env: Any,
                                                                                       monkeypatch: Any) -> None:
    """Past Discord's 15 minutes the analysis comes by DM, made again in the player's stored language (a DM, like a
    reminder), not the language of the request it outlived."""
    bot: TabletopBot = simcord_env.bot
    channel, ada, match = await outlived(simcord_env, monkeypatch, "attachments")
    await bot.service.touch_user(ada.id, "ada", "ja")  # last seen in Japanese
    with speaking("de"):
        await ada.slash(channel, "analysis show", match=match.id)
    (dm,) = [m for m in ada.user.dm_channel.history() if f"対局 #{match.id}" in m.content]
    assert dm.content == f"対局 #{match.id} の解析ができました。"
    assert dm.embeds[0].title == f"Cintos · 対局 #{match.id} · 解析" and dm.attachments


async def test_learning_from_your_mistakes_in_german(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=24)
    person, mistakes = await learner(bot, match, people, channel.guild.id)
    with speaking("de"):
        shown = answer(await person.slash(channel, "analysis learn", match=match.id))
        assert shown.embeds[0].title.endswith(f"aus deinen Fehlern lernen · 1 von {len(mistakes)}")
        assert shown.embeds[0].description.startswith(f"Hier hast du `{mistakes[0].notation}` gespielt, ")
        assert shown.embeds[0].footer.text.startswith("bisher gelöst: 0")
        assert labels(shown) == ["Tipp", "Zeig es mir"]
        wrong = answer(await person.slash(channel, "analysis learn", match=match.id, move=mistakes[0].notation))
        assert wrong.embeds[0].description.startswith(f"❌ `{mistakes[0].notation}`: ")
        assert "Nicht ganz" in wrong.embeds[0].description and "Tipp" in wrong.embeds[0].description
        await person.click(wrong, label="Tipp")
        hinted = answer(await person.slash(channel, "analysis learn", match=match.id))
        assert [f.name for f in hinted.embeds[0].fields] == ["Tipp"]
        assert hinted.embeds[0].fields[0].value.startswith("Der bessere Zug beginnt mit `")
        right = answer(await person.slash(channel, "analysis learn", match=match.id, move=mistakes[0].best))
        assert right.embeds[0].description.startswith(f"✅ `{mistakes[0].best}` ist gut: ")
        message = right
        for _ in mistakes[1:]:
            await person.click(message, label="Zeig es mir")
        end = answer(await person.slash(channel, "analysis learn", match=match.id))
        assert f"1 von {len(mistakes)} gelöst." in end.embeds[0].description
        refused = answer(await person.slash(channel, "analysis learn", match=match.id, move="zz"))
    assert refused.content.startswith(f"Du bist alle Fehler von Partie #{match.id} durchgegangen: 1 von ")


async def test_nothing_of_the_analysis_is_left_in_english_under_the_pseudo_locale(simcord_env: Any) -> None:
    """Every text of /analysis show (private and by the Analyse button), its key moments stepped through, /analysis
    learn with a wrong move, a hint, Show me and the tally, and a refusal, from a client in en-XA: each one
    pseudo-localized but for names and notation (the whole-bot playthrough's check, tests/bot/playthrough.py), the
    words drawn in the graph and the key moments' captions included."""
    bot: TabletopBot = simcord_env.bot
    quick(bot)
    channel, people = world(simcord_env)
    match = await played_and_resigned(simcord_env, channel, people, plies=24)
    analysis = await bot.reviews.analyse(match.id, people[0].id, channel.guild.id)
    person, seat = max(((p, match.seat_of(p.id)) for p in people),
                       key=lambda ps: len([m for m in analysis.labelled(ps[1]) if m.label != "inaccuracy"]))
    mistakes = [m for m in analysis.labelled(seat) if m.label in ("mistake", "blunder")]
    assert len(mistakes) >= 2 and len(analysis.labelled()) >= 2
    log = {e.text for e in await bot.service.store.log(match.id)}
    capture = Capture(simcord_env)
    pseudo = i18n.language(i18n.PSEUDO)
    labels_of = {"key": pseudo._("Key moments"), "next": pseudo._("Next ▶"), "hint": pseudo._("Hint"),
                 "show": pseudo._("Show me")}

    def pressed(message: Any, label: str) -> str:
        assert label in labels(message), (label, labels(message))
        return label

    with speaking(i18n.PSEUDO), capture.drawing():
        capture.step("click analysis:run")
        shown = answer(await person.click(channel.last_message, label="Analyse"))  # the board: the server's English
        capture.step("click analysis:open")
        opened = answer(await person.click(shown, label=pressed(shown, labels_of["key"])))
        capture.step("click analysis:step")
        await person.click(opened, label=pressed(opened, labels_of["next"]))
        capture.step("/analysis learn")
        wrong = answer(await person.slash(channel, "analysis learn", match=match.id, move=mistakes[0].notation))
        capture.step("click drill:hint")
        await person.click(wrong, label=pressed(wrong, labels_of["hint"]))
        capture.step("/analysis learn")
        hinted = answer(await person.slash(channel, "analysis learn", match=match.id))
        for _ in mistakes:
            capture.step("click drill:show")
            await person.click(hinted, label=pressed(hinted, labels_of["show"]))
        capture.step("/analysis learn")
        await person.slash(channel, "analysis learn", match=match.id)
        await person.slash(channel, "analysis learn", match=match.id, move="zz")  # refused: nothing left
        capture.step("/analysis show")
        await person.slash(channel, "analysis show", match=match.id + 99)  # refused: no such match
        capture.step("/analysis show match: (autocomplete)")
        offered = await person.autocomplete(channel, "analysis show", "match", "")
    assert [c["value"] for c in offered] == [match.id] and "Cintos" in offered[0]["name"]
    capture.collect()
    kinds = {item.kind for item in capture.seen}
    assert {"content", "embed title", "embed description", "embed footer", "image", "autocomplete"} <= kinds
    names = [*NAMES, *log, *capture.notation, *(m.notation for m in analysis.moves),
             *(m.best for m in analysis.moves if m.best)]
    found = leaks([item for item in capture.seen if item.source == "" or "analysis" in item.source], names)
    assert found == [], report(found)
