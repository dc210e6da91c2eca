"""Tabletop in many languages: the shipped languages, locale resolution, and one way to translate a message and to
format numbers, dates and ordinals for a locale (gettext catalogs made with Babel; docs/developers/translating.md).

A leaf below every layer, like `settings/` and `games/`: it imports none of them, nor Discord.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from babel import Locale
from babel import dates as babel_dates
from babel import numbers as babel_numbers

if TYPE_CHECKING:  # only named in hints: the pure layers (rules, players, lessons) import this package, no clock
    from datetime import date, datetime, timedelta

DOMAIN = "tabletop"

ENGLISH = "en"
PSEUDO = "en-XA"  # accented and about 40 % longer, generated from the template (i18n/pseudo.py): for testing


@dataclass(frozen=True)
class Shipped:
    """A language the bot speaks: its code (Discord's spelling), its catalog's folder and Babel's locale."""

    code: str
    folder: str  # i18n/locales/<folder>/LC_MESSAGES/tabletop.po
    babel: str  # the locale whose numbers, dates and plural rules it uses
    name: str  # the language in its own words, as a player picks it


# English is the source language (the messages in the code); the others have a catalog each.
LANGUAGES: tuple[Shipped, ...] = (
    Shipped(ENGLISH, "", "en", "English"),
    Shipped("de", "de", "de", "Deutsch"),
    Shipped("fr", "fr", "fr", "Français"),
    Shipped("es-ES", "es_ES", "es_ES", "Español"),
    Shipped("pt-BR", "pt_BR", "pt_BR", "Português do Brasil"),
    Shipped("ja", "ja", "ja", "日本語"),
)
PSEUDO_LANGUAGE = Shipped(PSEUDO, "en_XA", "en", "Ȇñğłîšĥ (pseudo)")
BY_CODE = {shipped.code.lower(): shipped for shipped in (*LANGUAGES, PSEUDO_LANGUAGE)}
# Discord's locales that read a shipped catalog under another code (Discord's own fallback for Latin American
# Spanish is Spain's; English of any country reads the source).
ALIASES = {"es-419": "es-ES", "es": "es-ES", "pt": "pt-BR", "en-us": ENGLISH, "en-gb": ENGLISH}


def resolve(code: object) -> str:
    """The shipped language for a locale code (Discord's `es-419`, `pt-BR`, `ja`; a `discord.Locale`; POSIX
    `pt_BR.UTF-8`): itself, its alias, its language without the region, else English. Never fails."""
    text = str(getattr(code, "value", code) or "").split(".")[0].replace("_", "-").strip().lower()
    if not text:
        return ENGLISH
    for candidate in (text, text.split("-")[0]):
        if candidate in BY_CODE:
            return BY_CODE[candidate].code
        if candidate in ALIASES:
            return ALIASES[candidate]
    return ENGLISH


# Command, group and option names, as Discord validates them at sync (a breach fails the whole publication): letters
# of any script, digits, - and _, 1 to 32, lower case where the script has case, no spaces. Each name is a catalog
# message in its own context, so "move" the command and "move" the option never collide with prose or each other.
COMMAND_NAME_LIMIT = 32  # Discord's longest command, group or option name
NAME = re.compile(rf"^[-_\w\u0900-\u097f\u0e00-\u0e7f]{{1,{COMMAND_NAME_LIMIT}}}$")
COMMAND_NAME = "command name"  # a command's or a group's name (`/cintos new`: cintos, new)
OPTION_NAME = "option name"  # an option's (`computers:`)
NAME_CONTEXTS = (COMMAND_NAME, OPTION_NAME)
NAME_RULE = "a name: lower case, 1-32 letters, digits, - or _, no spaces; unique among its siblings"


def valid_name(text: str) -> bool:
    """Whether Discord accepts `text` as a command, group or option name."""
    return bool(NAME.match(text)) and text == text.lower()


def N_(message: str) -> str:  # gettext's conventional name for a deferred message
    """Mark `message` for extraction without translating it here: it is translated where it is shown."""
    return message


# The stand-ins a command example leaves to the player (`/help game:<game>`), each said in the reader's language by
# `Language.placeholder`: messages of their own (the brackets keep them apart from prose).
PLACEHOLDERS = frozenset({
    # Translators: a stand-in for what the player types in a command example (`/help game:<game>`): keep the
    # angle brackets
    N_("<game>"), N_("<n>"), N_("<number>"), N_("<code>"), N_("<your move>"),
})


def _fill(text: str, fields: dict[str, Any]) -> str:
    return text.format(**fields) if fields else text


def placeholders(text: str) -> set[str]:
    """The named fields of a `str.format` message ("{name} wins" -> {"name"}); a translation keeps the same."""
    try:
        return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text)
                if field is not None}
    except ValueError:
        return {"<unbalanced braces>"}


@cache
def _catalog(folder: str) -> gettext.NullTranslations:
    if not folder:
        return gettext.NullTranslations()
    # read as package data (no file-system module here: the pure layers import this package)
    path = resources.files(__name__).joinpath("locales", folder, "LC_MESSAGES", f"{DOMAIN}.mo")
    with path.open("rb") as file:  # a shipped language without its compiled catalog is a broken install: raise
        return gettext.GNUTranslations(file)


class Language:
    """One shipped language: messages translated from its catalog (English where it has none yet), and numbers,
    dates and ordinals formatted by Babel for its locale. Get one with `language(code)`."""

    def __init__(self, shipped: Shipped) -> None:
        self.code = shipped.code
        self.name = shipped.name
        self.locale = Locale.parse(shipped.babel)
        self.catalog = _catalog(shipped.folder)

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def _(self, message: str, /, **fields: Any) -> str:
        """`message` in this language, its `{fields}` filled in."""
        return _fill(self.catalog.gettext(message), fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form of `singular`/`plural` this language uses for `n` (available as `{n}`, formatted)."""
        return _fill(self.catalog.ngettext(singular, plural, n), {"n": self.number(n), **fields})

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        """`message` as it reads in `context` (the same English words may translate differently elsewhere)."""
        return _fill(self.catalog.pgettext(context, message), fields)

    def translated(self, message: str, context: str | None = None) -> str | None:
        """The catalog's translation of `message`, or None where it has none or it reads as the English."""
        found = self.catalog.pgettext(context, message) if context else self.catalog.gettext(message)
        return None if found == message else found  # gettext answers the message itself when it has none

    def local_name(self, english: str, context: str = COMMAND_NAME) -> str:
        """A command's, group's (`COMMAND_NAME`) or option's (`OPTION_NAME`) name as this language's Discord users
        see it: the catalog's, where it is a name Discord accepts, else the English (what Discord then shows)."""
        found = self.catalog.pgettext(context, english)
        return found if valid_name(found) else english

    def command(self, path: str, /, **options: object) -> str:
        """`/cintos new computers:1` as this language names it, without backticks: each word of `path` a command or
        group name, each keyword an option (`_` for `-`: `players_per_match`) with its value as typed (notation,
        numbers and choice values stay; "" leaves `name:` open, None names the option alone)."""
        words = [self.placeholder(word) if word in PLACEHOLDERS else self.local_name(word) for word in path.split()]
        for option, value in options.items():
            name = self.local_name(option.replace("_", "-"), OPTION_NAME)
            shown = self.placeholder(value) if value in PLACEHOLDERS else value
            words.append(name if value is None else f"{name}:{shown}")
        return "/" + " ".join(words)

    def placeholder(self, english: str) -> str:
        """A stand-in for what the player fills in (`<game>`, `<your move>`) as this language says it."""
        return self._(english)

    def slash(self, path: str, /, **options: object) -> str:
        """`command` in backticks, as the messages show a command to type: `` `/cintos neu computer:1` ``."""
        return f"`{self.command(path, **options)}`"

    def slashes(self, commands: Mapping[str, tuple[str, Mapping[str, object]]]) -> dict[str, str]:
        """The `{fields}` of a text naming several commands, each given as (the command, its options): `slash`."""
        return {field: self.slash(path, **options) for field, (path, options) in commands.items()}

    def option(self, name: str, value: object = None) -> str:
        """An option alone, in backticks, as this language names it: `` `zug` ``, or with its value `` `zug:b6-b5` ``
        (where the text says which command it belongs to)."""
        local = self.local_name(name, OPTION_NAME)
        return f"`{local}`" if value is None else f"`{local}:{value}`"

    # ---- formats ---------------------------------------------------------------------------------------------------
    def number(self, value: float) -> str:
        """1234.5 as this locale writes it (1,234.5 · 1.234,5 · 1 234,5)."""
        return babel_numbers.format_decimal(value, locale=self.locale)

    def percent(self, value: float) -> str:
        """0.25 as a percentage (25 % · 25 %)."""
        return babel_numbers.format_percent(value, locale=self.locale)

    def date(self, value: date, format: str = "medium") -> str:
        return babel_dates.format_date(value, format=format, locale=self.locale)

    def datetime(self, value: datetime, format: str = "medium") -> str:
        return babel_dates.format_datetime(value, format=format, locale=self.locale)

    def duration(self, value: timedelta | int, format: Literal["narrow", "short", "medium", "long"] = "long") -> str:
        """A duration in words ("3 hours", "3 Stunden", "3時間"), rounded to its largest unit (seconds if a number)."""
        return babel_dates.format_timedelta(value, format=format, locale=self.locale)

    def ordinal(self, n: int) -> str:
        """1st, 2nd (1., 2. · 1er, 2e · 1.º · 1º · 1位): the locale's ordinal category (CLDR, by Babel) picks the
        pattern, which the catalog translates."""
        category = self.locale.ordinal_form(n)
        pattern = {
            "one": self.pgettext("ordinal one", "{n}st"),
            "two": self.pgettext("ordinal two", "{n}nd"),
            "few": self.pgettext("ordinal few", "{n}rd"),
        }.get(category) or self.pgettext("ordinal other", "{n}th")
        return pattern.format(n=self.number(n))


def language(code: object = ENGLISH) -> Language:
    """The shipped language for a locale code (see `resolve`): one object per shipped language, made on first use."""
    return _shipped(resolve(code))


@cache  # keyed by the resolved code: whatever codes callers pass, at most one object per shipped language
def _shipped(code: str) -> Language:
    return Language(BY_CODE[code.lower()])


# ---- the language being spoken -------------------------------------------------------------------------------------
# Who is being answered decides the language (the asker, a server's channel, a player's DMs): the entry points say so
# once with `speaking(code)` around what they do, and every layer below writes `_("...")` without passing a language
# down. A context variable, so each asyncio task and each thread started with `asyncio.to_thread` (which copies the
# context) speaks its own; a worker process is told the code and says `speaking(code)` itself.
_SPOKEN: ContextVar[str] = ContextVar("tabletop_language", default=ENGLISH)


def active() -> Language:
    """The language being spoken here (English unless an entry point said otherwise)."""
    return _shipped(_SPOKEN.get())


@contextmanager
def speaking(code: object) -> Iterator[Language]:
    """Speak `code`'s language (resolved as `language` does) inside the block, in this task or thread only."""
    token = _SPOKEN.set(resolve(code))
    try:
        yield active()
    finally:
        _SPOKEN.reset(token)


def _(message: str, /, **fields: Any) -> str:
    """`message` in the language being spoken, its `{fields}` filled in."""
    return active()._(message, **fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of `singular`/`plural` the language being spoken uses for `n` (`{n}` formatted)."""
    return active().ngettext(singular, plural, n, **fields)


def pgettext(context: str, message: str, /, **fields: Any) -> str:
    """`message` as it reads in `context`, in the language being spoken."""
    return active().pgettext(context, message, **fields)


def slash(path: str, /, **options: object) -> str:
    """A command to type, in backticks, as the language being spoken names it (`Language.slash`): put it in a
    message as a field, `_("Start one with {new}.", new=slash("cintos new"))`."""
    return active().slash(path, **options)


def slashes(commands: Mapping[str, tuple[str, Mapping[str, object]]]) -> dict[str, str]:
    """The commands of a text, each as the language being spoken names it (`Language.slashes`)."""
    return active().slashes(commands)


def option(name: str, value: object = None) -> str:
    """An option alone, in backticks, as the language being spoken names it (`Language.option`)."""
    return active().option(name, value)


def command(path: str, /, **options: object) -> str:
    """A command as the language being spoken names it, without backticks (`Language.command`)."""
    return active().command(path, **options)


def shipped_codes(pseudo: bool = False) -> list[str]:
    """The codes of every shipped language, English first (and the pseudo-locale last when asked)."""
    return [shipped.code for shipped in LANGUAGES] + ([PSEUDO] if pseudo else [])


__all__ = [
    "COMMAND_NAME",
    "ENGLISH",
    "LANGUAGES",
    "NAME",
    "NAME_CONTEXTS",
    "N_",
    "OPTION_NAME",
    "PSEUDO",
    "Language",
    "Shipped",
    "_",
    "active",
    "command",
    "language",
    "ngettext",
    "option",
    "pgettext",
    "placeholders",
    "resolve",
    "shipped_codes",
    "slash",
    "slashes",
    "speaking",
    "valid_name",
]
