"""The slash commands in every shipped language: discord.py's `Translator` over the gettext catalogs (`i18n`), set on
the tree in bot.py, so `tree.sync()` publishes each description and choice name in German, French, Spanish,
Brazilian Portuguese and Japanese. Names stay English (docs/developers/translating.md says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from cogs import limits

# Command, group and option names are the words players type and quote to each other (`/cintos move`, help,
# refusals, the docs): one name in every language, like the game notation. Their descriptions are translated.
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
LIMITS = {Where.choice_name: limits.CHOICE_NAME}  # anything else a description: limits.COMMAND_DESCRIPTION


def discord_languages() -> dict[str, str]:
    """Discord's locales that have a shipped language, each to its language's code (es-419 reads es-ES)."""
    found = {locale.value: i18n.resolve(locale.value) for locale in discord.Locale}
    return {locale: code for locale, code in found.items() if code != i18n.ENGLISH}


class CatalogTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalogs; None (Discord shows the English) for a name, a locale
    without a catalog, or a message its catalog does not translate."""

    def __init__(self, languages: Mapping[str, str] | None = None) -> None:
        # Discord locale -> shipped code; a test maps a locale to the pseudo-locale to see the tree at its longest.
        self.languages = dict(discord_languages() if languages is None else languages)

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = self.languages.get(locale.value)
        if code is None or context.location in NAMES:
            return None
        return i18n.language(code).translated(string.message)


class _Recorder(app_commands.Translator):
    """Notes every string the tree would translate, with where it sits (one locale is enough: all ask the same)."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, Any]] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is discord.Locale.german and context.location not in NAMES and string.message:
            entry = self.found.setdefault(string.message, {"message": string.message, "where": set(),
                                                           "limit": LIMITS.get(context.location,
                                                                               limits.COMMAND_DESCRIPTION)})
            entry["where"].add(context.location.name.replace("_", " "))
        return None


async def tree_messages(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """Every description and choice name of the tree as the catalogs need them: the English message, where it is
    used (command description, choice name…) and its length limit. What `python bot.py --messages` writes."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return [{**entry, "where": sorted(entry["where"])} for entry in recorder.found.values()]
