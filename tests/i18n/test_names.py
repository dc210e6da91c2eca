"""Command, group and option names in every language (issue 40): each a catalog message in its own context, the
translation used only where Discord accepts it as a name, the pseudo-locale's names still names, and `i18n.slash`
writing a command as the reader's language names it, values as typed."""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

import i18n
from cogs.translator import CatalogTranslator
from i18n import LANGUAGES, PSEUDO_LANGUAGE
from i18n.catalogs import TEMPLATE, compiled, po_path, problems, read


def test_slash_writes_a_command_as_each_language_names_it() -> None:
    assert i18n.language("de").slash("cintos new", computers="1", level="easy") == \
        "`/cintos neu computer:1 stufe:easy`"
    assert i18n.language("ja").slash("cintos new", computers="1") == "`/cintos 新規 コンピューター:1`"
    assert i18n.language("en").slash("cintos new", computers="1", level="easy") == \
        "`/cintos new computers:1 level:easy`"
    # an option's `-` as `_`; a value left open; an option named alone
    assert i18n.language("fr").command("tournament create", players_per_match=2) == \
        "/tournoi créer joueurs-par-partie:2"
    assert i18n.language("de").command("analysis learn", match="{id}", move="") == "/analyse lernen partie:{id} zug:"
    assert i18n.language("es-ES").command("learn", restart=None) == "/aprender reiniciar"
    # a stand-in for what the player types is said in the reader's language too
    assert i18n.language("de").command("<game> rules") == "/<spiel> regeln"
    assert i18n.language("ja").command("learn", game="cintos", move="<your move>") == \
        "/学ぶ ゲーム:cintos 手:<あなたの手>"
    assert i18n.language(i18n.PSEUDO).command("help", game="<game>") == "/ĥéļþ ğåɱé:<ğåɱé>"


def test_slash_speaks_the_language_being_spoken_and_keeps_the_games_names() -> None:
    assert i18n.slash("sanae setup", layout="classic") == "`/sanae setup layout:classic`"
    with i18n.speaking("pt-BR"):
        assert i18n.slash("sanae setup", layout="classic") == "`/sanae preparar disposição:classic`"
    with i18n.speaking(i18n.PSEUDO):
        assert i18n.command("bodsoi pass") == "/bodsoi þåšš"


@pytest.mark.parametrize("code", [*i18n.shipped_codes()[1:], i18n.PSEUDO])
def test_every_name_of_every_catalog_is_a_name_discord_accepts(code: str) -> None:
    names = [m for m in read(TEMPLATE) if m.context in i18n.NAME_CONTEXTS]
    assert len(names) > 100 and not any(m.id in ("cintos", "sinoda", "sakamichi", "sanae", "bodsoi") for m in names)
    lang = i18n.language(code)
    for message in names:
        translated = lang.catalog.pgettext(str(message.context), str(message.id))
        assert i18n.valid_name(translated), (code, message.id, translated)


class _Bad(gettext.NullTranslations):
    """A catalog whose every name is one Discord would refuse (capitals, a space)."""

    def pgettext(self, context: str, message: str) -> str:
        return f"Neu {message}"


async def test_a_name_discord_would_refuse_is_never_published_nor_written(monkeypatch: pytest.MonkeyPatch) -> None:
    lang = i18n.language("de")
    monkeypatch.setattr(lang, "catalog", _Bad())
    assert lang.local_name("new") == "new" and lang.slash("cintos new") == "`/cintos new`"
    translator = CatalogTranslator({"de": "de"})
    context: TranslationContext[Any, Any] = TranslationContext(location=Where.command_name, data=cast(Any, None))
    assert await translator.translate(app_commands.locale_str("new"), discord.Locale.german, context) is None


def test_the_catalog_check_reports_a_name_discord_would_refuse(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import i18n.catalogs as catalogs

    shipped = LANGUAGES[1]  # German
    catalog = read(po_path(shipped), shipped.babel)
    entry = catalog.get("new", i18n.COMMAND_NAME)
    assert entry is not None and entry.string == "neu"
    entry.string = "neues spiel"
    broken = i18n.Shipped("de", "broken", "de", "Deutsch")
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    catalogs.write(catalogs.po_path(broken), catalog)
    catalogs.mo_path(broken).write_bytes(compiled(catalog))
    found = problems(broken, read(TEMPLATE))
    assert found == ["de: 'new': 'neues spiel' is not a name: lower case, 1-32 letters, digits, - or _, no spaces"]
    assert PSEUDO_LANGUAGE.code == i18n.PSEUDO
