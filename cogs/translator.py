"""The slash commands in every shipped language: discord.py's `Translator` over the gettext catalogs (`i18n`), set on
the tree in bot.py, so `tree.sync()` publishes each command, group and option name, each description and each
choice name in German, French, Spanish, Brazilian Portuguese and Japanese.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from cogs import limits
from games import entries

# Names are catalog messages in a context of their own (i18n.COMMAND_NAME, i18n.OPTION_NAME). Discord shows each
# user the names in their app's language, and an interaction still carries the English ones (the tree finds its
# command and options by them), so the handlers never see a translated name.
NAMES = {Where.command_name: i18n.COMMAND_NAME, Where.group_name: i18n.COMMAND_NAME,
         Where.parameter_name: i18n.OPTION_NAME}
LIMITS = {Where.choice_name: limits.CHOICE_NAME}  # anything else a description: limits.COMMAND_DESCRIPTION


def proper_names() -> frozenset[str]:
    """The games' own names (`/cintos`): the same in every language, so never in the catalogs."""
    return frozenset(entry.name for entry in entries())


def discord_languages() -> dict[str, str]:
    """Discord's locales that have a shipped language, each to its language's code (es-419 reads es-ES)."""
    found = {locale.value: i18n.resolve(locale.value) for locale in discord.Locale}
    return {locale: code for locale, code in found.items() if code != i18n.ENGLISH}


class CatalogTranslator(app_commands.Translator):
    """Names, descriptions and choice names from the catalogs; None (Discord shows the English) for a locale
    without a catalog, a message its catalog does not translate, or a name Discord would refuse (so a bad
    translation can never break a sync)."""

    def __init__(self, languages: Mapping[str, str] | None = None) -> None:
        # Discord locale -> shipped code; a test maps a locale to the pseudo-locale to see the tree at its longest.
        self.languages = dict(discord_languages() if languages is None else languages)
        # Each locale's language found once: a sync asks about every string in each of Discord's 30-odd locales.
        self._spoken = {locale: i18n.language(code) for locale, code in self.languages.items()}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = self._spoken.get(locale.value)
        if language is None:
            return None
        kind = NAMES.get(context.location)
        if kind is None:
            return language.translated(string.message)
        name = language.local_name(string.message, kind)  # the English where the translation is not a valid name
        return None if name == string.message else name


class _Recorder(app_commands.Translator):
    """Notes every string the tree would translate, with where it sits (one locale is enough: all ask the same)."""

    def __init__(self) -> None:
        self.found: dict[tuple[str | None, str], dict[str, Any]] = {}
        self.games = proper_names()

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is not discord.Locale.german or not string.message:
            return None
        kind = NAMES.get(context.location)
        if kind is not None and string.message in self.games:
            return None
        limit = i18n.COMMAND_NAME_LIMIT if kind else LIMITS.get(context.location, limits.COMMAND_DESCRIPTION)
        entry = self.found.setdefault((kind, string.message), {"message": string.message, "where": set(),
                                                               "limit": limit, **({"context": kind} if kind else {})})
        entry["where"].add(context.location.name.replace("_", " "))
        return None


async def tree_messages(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """Every name, description and choice name of the tree as the catalogs need them: the English message, its
    context (a name's: `i18n.COMMAND_NAME` or `i18n.OPTION_NAME`), where it is used (command description, choice
    name…) and its length limit. What `python bot.py --messages` writes."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return [{**entry, "where": sorted(entry["where"])} for entry in recorder.found.values()]
