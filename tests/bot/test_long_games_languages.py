"""/learn, /takeback, /vacation and /privacy in another language through simcord (issue 40): the asker's Discord
language for private replies, refusals and buttons, the server's for the takeback request everyone sees; under the
pseudo-locale every word the lesson shows is pseudo-localized except names and notation."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot import TabletopBot
from i18n.pseudo import _KEEP as KEPT
from tests.bot.helpers import actor_of, answer, labels, open_match, world
from tests.bot.locales import speaking
from tests.bot.test_privacy_bot import one_move

# The games' and Zed Inel's names, an option with its placeholder (move:<your move>), mentions and options as typed.
STAYS = re.compile(r"\b(Cintos|Sinoda|Sakamichi|Sanae|Bodsoi|Zed Inel)\b|\S+:<[^>]*>|<[^>]*>|\S+:\S+")


def english(text: str, *names: str) -> list[str]:
    """Plain English words left in `text` (two or more ASCII letters) outside names, notation and commands."""
    for name in names:
        text = text.replace(name, " ")
    text = KEPT.sub(" ", STAYS.sub(" ", text))
    return re.findall(r"(?<![^\W\d_])[A-Za-z]{2,}(?![^\W\d_])", text)


async def test_learn_speaks_german_and_the_pseudo_locale(simcord_env: Any) -> None:
    channel, (ada, bob) = world(simcord_env)
    with speaking("de"):
        shown = answer(await ada.slash(channel, "learn", game="cintos"))
        embed = shown.embeds[0]
        assert embed.title == "Cintos: Lektion 1 von 6: Eine Figur schieben"
        assert embed.description.startswith("Du bist Rot; Cintos gewinnt, wer alle 16 Figuren besitzt.")
        assert embed.footer.text == ("Antworte mit `/lernen spiel:cintos zug:<dein zug>` (die Autovervollständigung "
                                     "zeigt alle 20).")
        assert labels(shown) == ["Tipp"]
        wrong = answer(await ada.slash(channel, "learn", game="cintos", move="c6-c5"))
        assert wrong.content.startswith("Nicht ganz: 'c6-c5'. Dieses Feld liegt noch in deinem eigenen Gebiet")
        hint = answer(await ada.click(wrong, label="Tipp"))
        assert hint.content.startswith("Tipp zu Lektion 1, Eine Figur schieben: Deine Figuren am Rand")
        solved = answer(await ada.slash(channel, "learn", game="cintos", move="d5-e5"))
        assert solved.embeds[0].title == "Gelöst: Cintos: Lektion 1 von 6: Eine Figur schieben"
        assert solved.embeds[0].description.endswith("Fortschritt: 1 von 6 Lektionen.")
        assert labels(solved) == ["Weiter: Schlagen durch Überzahl"]
        overview = answer(await ada.slash(channel, "learn")).embeds[0]
        assert {f.name: f.value for f in overview.fields}["Cintos"] == ("1 von 6 Lektionen · als Nächstes: 2. "
                                                                        "Schlagen durch Überzahl")
        refused = answer(await ada.slash(channel, "learn", move="d5-e5"))
        assert refused.content.startswith("Wähle dafür ein Spiel: `/lernen spiel:<spiel>` (`lektion`, `zug` und "
                                          "`neustart`")

    with speaking("en-XA"):
        zed = answer(await bob.slash(channel, "learn", game="sanae", lesson=5))
        hint, *answers = labels(zed)  # the answers' buttons are notation: zed R2.08, zed no
        assert "zed no" in answers
        texts = [zed.embeds[0].title, zed.embeds[0].description, zed.embeds[0].footer.text, hint]
        for text in texts:
            assert not english(text, "bob"), text
        alt = zed.attachments[0].description
        assert "bob (" in alt and "You" not in alt  # the learner by their own name on the board
        wrong = answer(await bob.slash(channel, "learn", game="sanae", lesson=5, move="zed no"))
        assert wrong.content.startswith("[Ñöţ ǫûîţé: 'zed no'. "), wrong.content
        assert not english(wrong.content, "zed no"), wrong.content


async def test_takeback_asks_in_the_askers_language_and_posts_in_the_servers(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, rated=False)
    guild = match.record.guild_id
    await bot.service.save_guild_settings(replace(await bot.service.guild_settings(guild), language="fr"))
    first = actor_of(match, people)
    other = next(p for p in people if p is not first)
    with speaking("de"):
        none = answer(await first.slash(channel, "takeback", match=match.id))
        assert none.content == f"In Partie #{match.id} gibt es keinen Zug zum Zurücknehmen."
    legal = await bot.service.legal_texts(match.id, first.id)
    await first.slash(channel, "cintos move", move=legal[0], match=match.id)
    with speaking("de"):
        asked = answer(await first.slash(channel, "takeback"))
        assert asked.content.startswith("Du hast gebeten, ")
        assert asked.content.endswith(f"in Partie #{match.id} zurückzunehmen.")
        request = channel.last_message  # public: the server's French
        assert request.content.startswith(f"Reprise dans la partie de Cintos n°{match.id} : <@{first.id}> (")
        assert " demande à reprendre **" in request.content
        assert "acceptez ou refusez" in request.content
        assert labels(request) == ["Accepter la reprise", "Refuser la reprise"]
        twice = answer(await first.slash(channel, "takeback", match=match.id))
        assert twice.content.startswith(f"Du hast schon um die Zurücknahme dieses Zugs in Partie #{match.id}")
    with speaking("ja"):
        own = answer(await first.click(request, label="Accepter la reprise"))
        assert own.content.startswith("この待ったを求めたのはあなたです。")
    await other.click(request, label="Accepter la reprise")
    accepted = next(m for m in channel.history() if m.id == request.id)
    assert "Acceptée : le coup est repris, " in accepted.content and " rejoue." in accepted.content
    board = next(m for m in reversed(channel.history()) if m.embeds)  # posted again, in the server's French
    assert f"<@{first.id}> (Rouge)" in board.embeds[0].description, board.embeds[0].description
    assert f"reprend {legal[0]}" in board.embeds[0].description, board.embeds[0].description


async def test_vacation_in_german(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people, time=3600)
    away = next(p for p in people if p is not actor_of(match, people))
    with speaking("de"):
        status = answer(await away.slash(channel, "vacation status"))
        assert status.content == ("Du bist nicht im Urlaub; `/urlaub an tage:<n>` beginnt einen. Du hast noch 14 "
                                  "Urlaubstage von 14 (gezählt über die letzten 365 Tage).")
        went = answer(await away.slash(channel, "vacation on", days=1))
        assert went.content.startswith("🏖️ Du bist im Urlaub bis <t:") and "(1 Tag)." in went.content
        assert "Du hast noch 13 Urlaubstage von 14 (gezählt über die letzten 365 Tage)." in went.content
        assert went.content.endswith(":D> zurück.")  # when the oldest day counted comes back
        again = answer(await away.slash(channel, "vacation on", days=1))
        assert again.content.startswith("Du bist schon im Urlaub, bis <t:")
        back = answer(await away.slash(channel, "vacation off"))
        assert back.content.startswith("Willkommen zurück: Dein Urlaub ist vorbei.")
        too_many = answer(await away.slash(channel, "vacation on", days=20))
        assert too_many.content == ("Du hast in den letzten 365 Tagen noch 13 Urlaubstage von 14, nicht 20; bitte um "
                                    "13 oder weniger.")


async def test_privacy_in_german_and_the_pseudo_locale(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    await one_move(simcord_env, channel, people)
    with speaking("de"):
        shown = answer(await ada.slash(channel, "privacy show")).embeds[0]
        assert shown.title == "Was Tabletop über dich speichert"
        fields = {f.name: f.value for f in shown.fields}
        assert fields["Partien"].startswith("0 beendete Partien, 0 abgebrochen, 1 laufend, 0 Lobbys;")
        assert "1 laufende Partie" in fields["Noch nicht vorbei"]
        exported = answer(await ada.slash(channel, "privacy export"))
        assert exported.content.startswith("Ich habe dir die Datei per Direktnachricht geschickt (")
        asked = answer(await ada.slash(channel, "privacy forget"))
        assert asked.content == ("Drück innerhalb von 5 Minuten auf **Ja, vergiss mich**, um fortzufahren; sonst "
                                 "passiert nichts.")
        assert asked.embeds[0].title == "Alles über dich vergessen?"
        assert labels(asked) == ["Ja, vergiss mich"]
        refused = answer(await bob.slash(channel, "privacy forget", user=ada.user))
        assert refused.content.startswith("Du kannst nur deine eigenen Daten löschen lassen.")
    with speaking("en-XA"):
        shown = answer(await bob.slash(channel, "privacy show")).embeds[0]
        for text in (shown.title, shown.description, shown.footer.text, *(f"{f.name} {f.value}" for f in shown.fields)):
            assert not english(text, "bob", "Cintos"), text
        confirm = answer(await bob.slash(channel, "privacy forget"))
        done = answer(await bob.click(confirm, label=labels(confirm)[0]))
        assert not english(done.content, "Player 2", "Player 1"), done.content
