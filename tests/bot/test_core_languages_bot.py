"""Whose language the bot's shared Discord layer speaks (issue 40), through simcord: a private reply or refusal
speaks the asker's Discord language, a public post (the lobby, each board, a draw offer, a timeout) the server's
(`/settings language`, else Discord's preferred locale of the server), a DM or reminder the player's last seen
locale, an autocomplete label the asker's."""

from __future__ import annotations

from typing import Any

import discord

import i18n
from matches import Match
from rules import GAMES
from tests.bot.helpers import actor_of, answer, labels, world
from tests.bot.locales import speaking

HOUR = 3600
de = i18n.language("de")
fr = i18n.language("fr")


def admin_world(env: Any, **guild: Any) -> tuple[Any, Any, list[Any]]:
    """A server (its keywords: simcord's) with a #games channel, an admin and two players."""
    server = env.create_guild(**guild)
    channel = server.create_text_channel("games")
    admins = server.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = server.add_member(env.create_user("boss"), roles=[admins])
    return channel, boss, [server.add_member(env.create_user(name)) for name in ("ada", "bob")]


async def running(env: Any, people: list[Any]) -> Match:
    (match,) = [m for m in await env.bot.service.matches_for(people[0].id) if m.status == "active"]
    return match


async def test_a_german_asker_is_answered_in_german_while_an_english_servers_posts_stay_english(
        simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    with speaking("de"):
        opened = answer(await ada.slash(channel, "cintos new", players=2, time=HOUR))
        refused = answer(await ada.slash(channel, "cintos new", players=2, options="layout"))
    assert opened.content.startswith("Lobby #1 ist offen: ")
    assert refused.content.startswith("Schreibe Optionen als name=value, nicht 'layout'")
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Cintos · new match"  # the server's language: English
    assert labels(lobby)[:3] == ["Join", "Leave", "Start"]
    await bob.click(lobby, label="Join")
    with speaking("de"):  # a German player's press changes nothing in the public lobby's language
        await ada.click(lobby, label="Start")
    board = channel.last_message
    assert board.embeds[0].title == "Cintos · match #1"
    assert "The match has started. Seats and colours were drawn at random." in board.embeds[0].description
    assert "To move: " in board.embeds[0].description and " · deadline <t:" in board.embeds[0].description
    assert [field.name for field in board.embeds[0].fields] == ["Dice commitment"]
    assert "Offer draw" in labels(board) and "Resign" in labels(board)
    (started,) = [m for m in channel.history() if m.id == lobby.id]
    assert started.embeds[0].footer.text == "match #1 · started"

    with speaking("de"):
        resign = answer(await ada.click(board, label="Resign"))
        games = answer(await ada.slash(channel, "games")).embeds[0]
    assert resign.content == "Partie #1 aufgeben? Das lässt sich nicht rückgängig machen."
    assert labels(resign) == ["Ja, aufgeben"]  # a private reply's button: the asker's language
    assert games.title == "Deine Partien" and "**Cintos #1** gegen " in games.description
    with speaking("de"):
        history = answer(await ada.slash(channel, "history")).embeds[0]
    assert history.title == "Cintos · Partie #1 · Verlauf"
    assert [field.name for field in history.fields][:2] == ["Plätze", "Würfel"]
    assert history.footer.text == "Seite 1/1 · Partie #1"  # no move yet


async def test_a_server_set_to_german_posts_german_lobbies_and_boards_to_english_askers(simcord_env: Any) -> None:
    channel, boss, (ada, bob) = admin_world(simcord_env)
    await boss.slash(channel, "settings language", language="de")
    opened = answer(await ada.slash(channel, "cintos new", players=2, time=600))
    assert opened.content.startswith("Lobby #1 is open: ")  # the asker's: English
    lobby = channel.last_message
    embed = lobby.embeds[0]
    assert embed.title == "Cintos · neue Partie"
    assert [field.name for field in embed.fields] == ["Spieler", "Optionen", "Gewertet"]
    assert embed.fields[1].value == "Standardregeln"
    assert embed.footer.text == "Partie #1 · Plätze und Farben werden beim Start ausgelost"
    assert labels(lobby) == ["Beitreten", "Verlassen", "Starten", "Computer hinzufügen (leicht)",
                             "Computer hinzufügen (normal)", "Computer hinzufügen (schwer)"]
    await bob.click(lobby, label="Beitreten")
    await ada.click(lobby, label="Starten")
    board = channel.last_message
    text = board.embeds[0].description
    assert board.embeds[0].title == "Cintos · Partie #1"
    assert text.startswith("Die Partie hat begonnen. Plätze und Farben wurden ausgelost.")
    assert "Am Zug: " in text and " · Frist <t:" in text and "To move" not in text
    assert board.embeds[0].fields[0].name == "Würfel-Hinterlegung"
    assert board.embeds[0].footer.text.startswith("Zug ") and "`/cintos brett` zeigt es wieder" in \
        board.embeds[0].footer.text
    assert {"Remis anbieten", "Aufgeben"} <= set(labels(board))

    confirm = answer(await ada.click(board, label="Aufgeben"))  # the asker's reply: English
    assert confirm.content == "Resign match #1? This cannot be undone." and labels(confirm) == ["Yes, resign"]

    match = await running(simcord_env, [ada, bob])
    offerer = actor_of(match, [ada, bob])
    await offerer.click(board, label="Remis anbieten")
    offer = channel.last_message
    assert offer.content.startswith(f"<@{offerer.id}> bietet in der Cintos-Partie #1 ein Remis an.")
    assert labels(offer) == ["Remis annehmen", "Remis ablehnen"]
    other = bob if offerer is ada else ada
    await other.click(offer, label="Remis ablehnen")
    (edited,) = [m for m in channel.history() if m.id == offer.id]
    assert edited.content == "Remisangebot in Partie #1: abgelehnt."

    await simcord_env.advance_time(601)  # the scheduler's post: the server's language too
    notice = channel.last_message
    assert "hat in der Cintos-Partie #1 die Zeit überschritten" in notice.content
    assert labels(notice) == ["Sieg beanspruchen"]


async def test_without_a_setting_a_server_speaks_its_preferred_locale(simcord_env: Any) -> None:
    channel, _boss, (ada, _bob) = admin_world(simcord_env, preferred_locale="fr")
    with speaking("ja"):
        opened = answer(await ada.slash(channel, "cintos new", players=2))
    assert opened.content.startswith("ロビー #1 を開きました：")
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Cintos · nouvelle partie" and labels(lobby)[0] == "Rejoindre"


async def test_dms_and_reminders_speak_each_players_last_seen_locale(simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    with speaking("fr"):  # Ada's client is French: the bot records it with everything she does
        await ada.slash(channel, "cintos new", players=2, time=HOUR)
    await bob.click(channel.last_message, label="Join")
    with speaking("fr"):
        await ada.click(channel.last_message, label="Start")
    match = await running(simcord_env, [ada, bob])
    if actor_of(match, [ada, bob]) is bob:  # Bob moves: Ada is to move next
        (first, *_rest) = await bob.autocomplete(channel, "cintos move", "move", "")
        await bob.slash(channel, "cintos move", move=first["value"])
    assert actor_of(match, [ada, bob]) is ada
    turn = [m.content for m in ada.user.dm_channel.history() if "#1" in m.content][-1]
    assert turn.startswith("À vous de jouer dans la partie de Cintos #1 : https://discord.com/channels/")
    await simcord_env.advance_time(HOUR / 2 + 1)
    reminder = ada.user.dm_channel.history()[-1].content
    assert reminder.startswith("Rappel : la moitié de votre temps dans la partie de Cintos #1 est écoulée ; "
                               "l'échéance est <t:")
    assert channel.last_message.embeds[0].title == "Cintos · match #1"  # the board stays the server's: English

    # Bob's client is English: his DMs are English, whatever Ada's are.
    (first, *_rest) = await ada.autocomplete(channel, "cintos move", "move", "")
    with speaking("fr"):
        played = answer(await ada.slash(channel, "cintos move", move=first["value"]))
    assert played.content.startswith("Joué dans la partie #1 : ")
    assert bob.user.dm_channel.history()[-1].content.startswith("Your turn in Cintos match #1: ")


async def test_closed_dms_fall_back_to_the_channel_in_the_servers_language(simcord_env: Any) -> None:
    channel, boss, people = admin_world(simcord_env)
    await boss.slash(channel, "settings language", language="de")
    with speaking("fr"):
        for person in people:
            await person.slash(channel, "help")  # both last seen in French
    await people[0].slash(channel, "cintos new", players=2, time=HOUR)
    await people[1].click(channel.last_message, label="Beitreten")
    await people[0].click(channel.last_message, label="Starten")
    mover = actor_of(await running(simcord_env, people), people)
    simcord_env.inject_error("POST", f"/channels/{mover.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await simcord_env.advance_time(HOUR / 2 + 1)
    last = channel.last_message  # everyone reads it there: German, not the player's French
    assert last.content.startswith(f"{mover.mention} Erinnerung: die Hälfte deiner Zeit in der Cintos-Partie #1")


async def test_autocomplete_labels_speak_the_askers_language(simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    with speaking("de"):
        counts = await ada.autocomplete(channel, "sinoda new", "players", "")
    assert [c["name"] for c in counts] == ["2 Spieler", "3 Spieler", "4 Spieler", "6 Spieler"]
    with speaking("ja"):
        counts = await ada.autocomplete(channel, "sinoda new", "players", "")
    assert counts[0]["name"] == "2 人"
    await ada.slash(channel, "cintos new", players=2)
    await bob.click(channel.last_message, label="Join")
    await ada.click(channel.last_message, label="Start")
    with speaking("de"):
        mine = await ada.autocomplete(channel, "cintos board", "match", "")
        logs = await ada.autocomplete(channel, "history", "match", "")
    assert [c["name"] for c in mine] == ["#1 · ada gegen bob"]
    assert [c["name"] for c in logs] == ["#1 · Cintos gegen bob · läuft"]
    with speaking("fr"):
        mine = await ada.autocomplete(channel, "cintos board", "match", "")
    assert [c["name"] for c in mine] == ["#1 · ada contre bob"]


def embed_words(embed: Any) -> list[str]:
    """What this layer words in an embed: its title, footer and field names (descriptions and field values carry
    the rules' and the services' words too, checked where they are made)."""
    return [embed.title or "", embed.footer.text or "", *(field.name for field in embed.fields)]


async def test_the_pseudo_locale_leaves_no_word_of_this_layer_in_english(simcord_env: Any) -> None:
    """The pseudo-locale accents every translated letter: a word left in plain English in what this layer words
    (replies, refusals, lobby, board, buttons, draw offer, timeout, DMs, /games, /history, /profile, /verify,
    /notify, /leaderboard) was never translated. The server speaks it too (Discord's preferred locale of the server)."""
    from tests.bot.test_languages_bot import english_left

    server = simcord_env.create_guild(preferred_locale=i18n.PSEUDO)
    channel = server.create_text_channel("games")
    ada, bob = (server.add_member(simcord_env.create_user(name)) for name in ("ada", "bob"))
    texts: list[str] = []

    def seen(message: Any, *, whole: bool = False) -> Any:
        texts.extend([message.content or "", *labels(message)])
        for embed in message.embeds:
            texts.extend(embed_words(embed) + ([embed.description or ""] if whole else []))
        return message

    with speaking(i18n.PSEUDO):
        seen(answer(await ada.slash(channel, "cintos new", players=2, time=600)))
        seen(answer(await ada.slash(channel, "cintos new", players=2, options="nonsense")))
        seen(answer(await ada.slash(channel, "cintos board")))  # no running match yet
        lobby = seen(channel.last_message)
        assert lobby.embeds[0].fields[1].value.startswith("[")  # "standard rules"
        await bob.click(lobby, label=labels(lobby)[0])  # Join
        await ada.click(lobby, label=labels(lobby)[2])  # Start
        board = seen(channel.last_message)
        texts.append(board.embeds[0].description.splitlines()[0])  # "The match has started…"
        assert board.embeds[0].description.splitlines()[-1].startswith("[")  # "To move: …"
        seen(answer(await ada.slash(channel, "games")), whole=True)
        seen(answer(await ada.slash(channel, "notify")), whole=True)
        seen(answer(await ada.slash(channel, "cintos resign")))
        seen(answer(await ada.slash(channel, "history")))
        seen(answer(await ada.slash(channel, "profile")), whole=True)
        match = await running(simcord_env, [ada, bob])
        seen(answer(await ada.slash(channel, "verify", match=match.id)))  # refused: still being played
        offerer = actor_of(match, [ada, bob])
        await offerer.click(board, label=labels(board)[0])  # Offer draw
        offer = seen(channel.last_message)
        await (bob if offerer is ada else ada).click(offer, label=labels(offer)[1])  # Decline draw
        seen(next(m for m in channel.history() if m.id == offer.id))
        await simcord_env.advance_time(601)
        notice = seen(channel.last_message)  # ran out of time: Claim win
        late = actor_of(match, [ada, bob])
        await (bob if late is ada else ada).click(notice, label=labels(notice)[0])
        final = seen(channel.last_message)
        assert match.status == "finished" and final.embeds[0].title.startswith("[")
        seen(answer(await ada.slash(channel, "verify", match=match.id)))
        seen(answer(await ada.slash(channel, "history", match=match.id)))
        seen(answer(await ada.slash(channel, "leaderboard", game="cintos")))
        seen(answer(await ada.slash(channel, "leaderboard", game="cintos", page=9)))  # refused: no such page
    texts += [m.content for person in (ada, bob) for m in person.user.dm_channel.history()]  # turn DMs, reminders
    texts = [text for text in texts if text]
    assert len(texts) > 60
    # Names, what was typed, the options' names (notation), and the Analyse button (cogs/analysis.py, not in this
    # sweep) stay as they are.
    kept = {"ada", "bob", "nonsense", "Analyse", *(w for name in GAMES["cintos"].options for w in name.split("-"))}
    left = {text: words for text in texts if (words := [w for w in english_left(text) if w not in kept])}
    assert left == {}
    assert any(text.startswith("[Ļöƀƀý #1 îš öþéñ: https://") for text in texts)


async def test_a_player_never_seen_is_written_to_in_the_servers_language(simcord_env: Any) -> None:
    """No locale stored yet (the bot never answered them): a DM reads the server's language, not English."""
    channel, boss, (ada, bob) = admin_world(simcord_env)
    await boss.slash(channel, "settings language", language="de")
    await ada.slash(channel, "cintos new", players=2)
    await bob.click(channel.last_message, label="Beitreten")
    await ada.click(channel.last_message, label="Starten")
    match = await running(simcord_env, [ada, bob])
    stranger = simcord_env.create_user("cy")  # never used a command
    assert await simcord_env.bot.service.user_locale(stranger.id) is None
    tables = simcord_env.bot.tables
    assert await tables.notify(match, stranger.id, lambda: i18n._("Your turn in {game} match #{id}: {link}",
                                                                  game="Cintos", id=match.id, link="…"))
    assert stranger.dm_channel.history()[-1].content == "Du bist am Zug in der Cintos-Partie #1: …"
