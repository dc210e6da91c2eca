"""The translation function and its formats: locale resolution (Discord's codes, es-419 reading es-ES, unknown ->
English), messages with fields, plurals and contexts, numbers, dates, durations and ordinals by Babel, and the
generated pseudo-locale."""

from __future__ import annotations

from datetime import date, timedelta

import discord
import pytest

import i18n
from i18n import ENGLISH, PSEUDO, language, placeholders, resolve
from i18n.pseudo import GROWTH, accented, pseudo


@pytest.mark.parametrize(("code", "shipped"), [
    ("de", "de"), ("fr", "fr"), ("ja", "ja"), ("pt-BR", "pt-BR"), ("es-ES", "es-ES"),
    ("es-419", "es-ES"),  # Discord's Latin American Spanish reads Spain's catalog, as Discord itself falls back
    ("en-US", ENGLISH), ("en-GB", ENGLISH), ("zh-CN", ENGLISH), ("ko", ENGLISH), ("xx-YY", ENGLISH),
    ("", ENGLISH), (None, ENGLISH), ("pt_BR.UTF-8", "pt-BR"), ("de_AT", "de"), ("PT-br", "pt-BR"), ("en-XA", PSEUDO),
])
def test_a_locale_resolves_to_a_shipped_language_or_english(code: str | None, shipped: str) -> None:
    assert resolve(code) == shipped


def test_discord_locales_resolve_by_their_value() -> None:
    assert resolve(discord.Locale.latin_american_spanish) == "es-ES"
    assert resolve(discord.Locale.brazil_portuguese) == "pt-BR"
    assert resolve(discord.Locale.japanese) == "ja"
    assert resolve(discord.Locale.american_english) == ENGLISH
    assert language(discord.Locale.german).code == "de"


def test_a_message_is_translated_and_its_fields_filled() -> None:
    assert language("de")._("Tabletop settings") == "Tabletop-Einstellungen"
    assert language("ja")._("{title} · {players}", title="Cintos", players="2") == "Cintos · 2"  # no catalog entry
    assert language("fr")._("on: {url}", url="https://x.test/") == "activées : https://x.test/"
    assert language(ENGLISH)._("on: {url}", url="https://x.test/") == "on: https://x.test/"
    # A message no catalog has yet reads in English, never empty.
    assert language("de")._("A sentence nobody extracted") == "A sentence nobody extracted"
    assert language("de").translated("A sentence nobody extracted") is None
    assert language("de").translated("Cintos") is None  # the same as the English: Discord ignores it anyway
    assert language("es-419").translated("Tabletop settings") == "Ajustes de Tabletop"


def test_plurals_follow_each_language_and_the_count_is_formatted() -> None:
    # Each language's own form for the count, the count in the locale's digits.
    assert language(ENGLISH).ngettext("{n} match", "{n} matches", 1) == "1 match"
    assert language(ENGLISH).ngettext("{n} match", "{n} matches", 1200) == "1,200 matches"
    assert language("de").ngettext("{n} match", "{n} matches", 1) == "1 Partie"
    assert language("de").ngettext("{n} match", "{n} matches", 1200) == "1.200 Partien"
    assert [language("fr").ngettext("{n} match", "{n} matches", n) for n in (0, 1, 2)] == \
        ["0 partie", "1 partie", "2 parties"]  # French's singular covers 0
    # The plural rules are the catalogs' headers (Babel's CLDR data): French's singular covers 0 and 1, German's
    # only 1, Japanese has one form.
    assert [language("fr").catalog.plural(n) for n in (0, 1, 2)] == [0, 0, 1]  # type: ignore[attr-defined]
    assert [language("de").catalog.plural(n) for n in (0, 1, 2)] == [1, 0, 1]  # type: ignore[attr-defined]
    assert [language("ja").catalog.plural(n) for n in (0, 1, 2)] == [0, 0, 0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("code", "expected"), [
    (ENGLISH, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]),
    ("de", ["1.", "2.", "3.", "4.", "11.", "12.", "13.", "21.", "22.", "101."]),
    ("fr", ["1er", "2e", "3e", "4e", "11e", "12e", "13e", "21e", "22e", "101e"]),
    ("es-ES", ["1.º", "2.º", "3.º", "4.º", "11.º", "12.º", "13.º", "21.º", "22.º", "101.º"]),
    ("pt-BR", ["1º", "2º", "3º", "4º", "11º", "12º", "13º", "21º", "22º", "101º"]),
    ("ja", ["1番目", "2番目", "3番目", "4番目", "11番目", "12番目", "13番目", "21番目", "22番目", "101番目"]),
])
def test_ordinals_follow_the_locales_ordinal_rules(code: str, expected: list[str]) -> None:
    lang = language(code)
    assert [lang.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == expected


def test_numbers_dates_and_durations_are_the_locales() -> None:
    assert language(ENGLISH).number(1234.5) == "1,234.5"
    assert language("de").number(1234.5) == "1.234,5"
    assert language("fr").number(1234.5) == "1\u202f234,5"  # a narrow no-break space groups French thousands
    assert language("pt-BR").number(1234.5) == "1.234,5"
    assert language("ja").number(1234.5) == "1,234.5"
    day = date(2026, 11, 28)
    assert language(ENGLISH).date(day) == "Nov 28, 2026"
    assert language("de").date(day) == "28.11.2026"
    assert language("ja").date(day) == "2026/11/28"
    assert language("es-ES").date(day, "long") == "28 de noviembre de 2026"
    assert language("de").duration(timedelta(hours=3)) == "3 Stunden"
    assert language("ja").duration(timedelta(days=1)) == "1 日"
    assert language("fr").percent(0.25) == "25\u00a0%"


def test_placeholders_are_the_named_fields() -> None:
    assert placeholders("{what} Boards {url}") == {"what", "url"}
    assert placeholders("no fields") == set()
    assert placeholders("{n}.º") == {"n"}
    assert placeholders("{unbalanced") == {"<unbalanced braces>"}


def test_the_pseudo_locale_is_accented_longer_and_keeps_what_must_not_change() -> None:
    text = "Move one of your pieces, e.g. b6-b5 (`/cintos move`), {name} at <#123> or https://x.test/a name=value"
    out = pseudo(text)
    assert len(out) == -(-len(text) * 14 // 10)  # 40 % longer, rounded up
    assert out.startswith("[") and out.endswith("]")
    for kept in ("b6-b5", "`/cintos move`", "{name}", "<#123>", "https://x.test/a", "name=value"):
        assert kept in out, kept
    assert "Ṁöṽé öñé öƒ ýöûŕ þîéçéš" in out
    assert not any(word in out for word in ("Move", "pieces", "your"))
    assert len(accented(text)) == len(text)
    assert pseudo("") == ""
    # Within Discord's 100 characters where the message is a description.
    long = "x" * 90
    assert len(pseudo(long, 100)) == 100 and len(pseudo("y" * 100, 100)) == 100
    assert GROWTH == 0.4


def test_every_shipped_language_loads_with_its_name() -> None:
    names = {shipped.code: language(shipped.code).name for shipped in i18n.LANGUAGES}
    assert names == {"en": "English", "de": "Deutsch", "fr": "Français", "es-ES": "Español",
                     "pt-BR": "Português do Brasil", "ja": "日本語"}
    assert language(PSEUDO)._("Tabletop settings").startswith("[Ţåƀļéţöþ šéţţîñğš")


def test_speaking_sets_the_language_of_this_task_only() -> None:
    """`speaking` is what `_` answers in, inside the block and in this task only: another task keeps its own."""
    import asyncio

    import i18n

    assert i18n.active().code == "en"

    async def speak(code: str, out: list[str]) -> None:
        with i18n.speaking(code):
            await asyncio.sleep(0)  # the other task runs in between
            out.append(i18n.active().code)
            out.append(await asyncio.to_thread(lambda: i18n.active().code))  # a thread started here speaks it too

    async def both() -> tuple[list[str], list[str]]:
        german: list[str] = []
        japanese: list[str] = []
        await asyncio.gather(speak("de-AT", german), speak("ja", japanese))
        return german, japanese

    assert asyncio.run(both()) == (["de", "de"], ["ja", "ja"])
    with i18n.speaking("fr"):
        assert i18n._("Tabletop settings") == i18n.language("fr")._("Tabletop settings") != "Tabletop settings"
        assert i18n.ngettext("{n} match", "{n} matches", 2) == i18n.language("fr").ngettext("{n} match",
                                                                                             "{n} matches", 2)
    assert i18n.active().code == "en"
