"""Discord's size limits, kept in one place: every message, edit, label and choice the cogs send passes through here.

Discord answers an over-long text with 400 (50035) and the user is left with "thinking…", so text is cut with "…"
instead; nothing here raises. tests/test_discord_limits.py checks that no other cog calls Discord directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands

import i18n

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # all embeds of one message together
BUTTON_LABEL = 80
OPTION_LABEL = 100  # select options, their values and descriptions
PLACEHOLDER = 150
CHOICE_NAME = 100  # autocomplete and command choices; string values too
CHOICES = 25
FILE_DESCRIPTION = 1024
FILE_SIZE = 25 * 1024 * 1024  # bytes an attachment may have (a server without boosts, and a DM): 413 above
THREAD_NAME = 100
ELLIPSIS = "…"
# Application commands, as Discord validates them when they are published (a breach fails `--sync` with 50035).
COMMAND_NAME = i18n.NAME  # letters of any script, digits, - and _, 1 to 32 (the one pattern: translations obey it too)
COMMAND_DESCRIPTION = 100  # commands' and options' descriptions (and choice names, CHOICE_NAME)
OPTIONS = 25  # a command's options, a group's subcommands
COMMAND_TOTAL = 8000  # a top-level command's names, descriptions, choice names and values together
_UNSET: Any = object()  # "no content argument", unlike content=None, which removes a message's text on an edit


def cut(text: str, limit: int) -> str:
    """`text` if it fits, else its first `limit - 1` characters and "…"."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + ELLIPSIS


def in_messages(lines: Sequence[str], limit: int = CONTENT) -> list[str]:
    """`lines` joined by newlines into as few texts of at most `limit` characters as they fill, in order, each
    line whole (one longer than `limit` alone, `cut`): a long list posted as several messages, nothing lost."""
    out: list[str] = []
    for line in (cut(line, limit) for line in lines):
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


# ---- fitting -------------------------------------------------------------------------------------------------------
def fit_embed(embed: discord.Embed, budget: int = EMBED_TOTAL) -> discord.Embed:
    """A copy of `embed` within every per-part limit and `budget` characters in all (fields go last-first)."""
    fitted = embed.copy()
    if fitted.title:
        fitted.title = cut(fitted.title, EMBED_TITLE)
    if fitted.description:
        fitted.description = cut(fitted.description, EMBED_DESCRIPTION)
    if len(fitted.fields) > FIELDS or any(len(f.name or "") > FIELD_NAME or len(f.value or "") > FIELD_VALUE
                                          for f in fitted.fields):
        fields = [(cut(f.name or "", FIELD_NAME) or "—", cut(f.value or "", FIELD_VALUE) or "—", bool(f.inline))
                  for f in fitted.fields[:FIELDS]]
        fitted.clear_fields()
        for name, value, inline in fields:
            fitted.add_field(name=name, value=value, inline=inline)
    if fitted.footer.text:
        fitted.set_footer(text=cut(fitted.footer.text, FOOTER), icon_url=fitted.footer.icon_url)
    if fitted.author.name:
        fitted.set_author(name=cut(fitted.author.name, AUTHOR), url=fitted.author.url,
                          icon_url=fitted.author.icon_url)
    # Over the total: shorten the description first (it is the longest part), then drop fields from the end.
    excess = len(fitted) - budget
    if excess > 0 and fitted.description:
        fitted.description = cut(fitted.description, max(len(fitted.description) - excess, 1))
    while len(fitted) > budget and fitted.fields:
        fitted.remove_field(len(fitted.fields) - 1)
    if len(fitted) > budget and fitted.footer.text:
        fitted.set_footer(text=cut(fitted.footer.text, max(len(fitted.footer.text) - (len(fitted) - budget), 1)),
                          icon_url=fitted.footer.icon_url)
    if len(fitted) > budget and fitted.title:
        fitted.title = cut(fitted.title, max(len(fitted.title) - (len(fitted) - budget), 1))
    return fitted


def fit_embeds(embeds: Iterable[discord.Embed]) -> list[discord.Embed]:
    """Each embed fitted, sharing the 6,000 characters one message may carry."""
    out = []
    budget = EMBED_TOTAL
    for embed in embeds:
        fitted = fit_embed(embed, max(budget, 0))
        budget -= len(fitted)
        out.append(fitted)
    return out


def fit_view(view: discord.ui.View) -> discord.ui.View:
    """Cut every button label, select option and placeholder of `view` to Discord's limits (in place)."""
    for child in view.children:
        item: Any = getattr(child, "item", child)  # a DynamicItem wraps its button
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = cut(item.label, BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            if item.placeholder:
                item.placeholder = cut(item.placeholder, PLACEHOLDER)
            for option in item.options:
                option.label = cut(option.label, OPTION_LABEL)
                option.value = cut(option.value, OPTION_LABEL)
                if option.description:
                    option.description = cut(option.description, OPTION_LABEL)
    return view


def fit_file(file: discord.File) -> discord.File:
    if file.description:
        file.description = cut(file.description, FILE_DESCRIPTION)
    return file


def fit(content: str | None = _UNSET, **kwargs: Any) -> dict[str, Any]:
    """The keyword arguments of a send or edit, every text in them within Discord's limits."""
    if content is not _UNSET:
        kwargs["content"] = content
    if isinstance(kwargs.get("content"), str):
        kwargs["content"] = cut(kwargs["content"], CONTENT)
    if kwargs.get("embed") is not None:
        kwargs["embed"] = fit_embed(kwargs["embed"])
    if kwargs.get("embeds"):
        kwargs["embeds"] = fit_embeds(kwargs["embeds"])
    if kwargs.get("view") is not None:
        fit_view(kwargs["view"])
    if kwargs.get("file") is not None:
        fit_file(kwargs["file"])
    for key in ("files", "attachments"):
        for item in kwargs.get(key) or ():
            if isinstance(item, discord.File):
                fit_file(item)
    return kwargs


def choice(name: str, value: Any) -> app_commands.Choice[Any]:
    """An autocomplete choice whose name (and text value) fit Discord's 100 characters."""
    return app_commands.Choice(name=cut(name, CHOICE_NAME) or ELLIPSIS,
                               value=cut(value, CHOICE_NAME) if isinstance(value, str) else value)


def choices(pairs: Iterable[tuple[str, Any]]) -> list[app_commands.Choice[Any]]:
    """At most 25 choices, each fitted."""
    out: list[app_commands.Choice[Any]] = []
    for name, value in pairs:
        if len(out) == CHOICES:
            break
        out.append(choice(name, value))
    return out


# ---- the only calls that reach Discord -------------------------------------------------------------------------------
async def respond(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """The interaction's first response (`response.send_message`)."""
    await interaction.response.send_message(**fit(content, **kwargs))


async def followup(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> Any:
    """A follow-up message (after a deferral or a first response)."""
    return await interaction.followup.send(**fit(content, **kwargs))


async def send(target: discord.abc.Messageable, content: str | None = None, **kwargs: Any) -> discord.Message:
    """A message in a channel, thread or DM."""
    return await target.send(**fit(content, **kwargs))


async def edit(message: discord.Message | discord.PartialMessage, **kwargs: Any) -> Any:
    """Change a posted message."""
    return await message.edit(**fit(**kwargs))


@runtime_checkable
class _HoldsMessages(Protocol):
    """A channel whose messages can be named by id (text, voice and stage channels, threads, DMs, partials)."""

    def get_partial_message(self, message_id: int, /) -> discord.PartialMessage: ...


async def edit_in(channel: discord.abc.Messageable, message_id: int, **kwargs: Any) -> Any:
    """Change the message `message_id` of `channel` without fetching it first."""
    if not isinstance(channel, _HoldsMessages):
        raise TypeError(f"a {type(channel).__name__} holds no messages to edit")
    return await edit(channel.get_partial_message(message_id), **kwargs)


async def edit_original(interaction: discord.Interaction, **kwargs: Any) -> discord.InteractionMessage:
    """Change the interaction's original response (after a deferral)."""
    return await interaction.edit_original_response(**fit(**kwargs))


async def create_thread(message: discord.Message, name: str) -> discord.Thread:
    """A public thread on `message`, its name within 100 characters."""
    return await message.create_thread(name=cut(name, THREAD_NAME))


# ---- the command tree ------------------------------------------------------------------------------------------------
async def command_payloads(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """The global commands as `tree.sync()` would publish them (translated, when the tree has a translator)."""
    commands = tree.get_commands()
    if tree.translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, tree.translator) for command in commands]


def clashes(siblings: Sequence[dict[str, Any]]) -> list[str]:
    """Names shared by two siblings (a command's options, a group's subcommands, the top-level commands) in any
    language: in each locale one of them has a localization for, each sibling goes by that locale's name, else its
    English one (what Discord shows there). Discord refuses such a tree (50035), so a translation must not."""
    found: list[str] = []
    locales = sorted({locale for item in siblings for locale in item.get("name_localizations") or {}})
    for locale in ["", *locales]:
        seen: dict[str, str] = {}
        for item in siblings:
            english = str(item.get("name"))
            name = (item.get("name_localizations") or {}).get(locale, english) if locale else english
            if name in seen:
                where = f" in {locale}" if locale else ""
                found.append(f"{seen[name]!r} and {english!r} share the name {name!r}{where}")
            else:
                seen[name] = english
    return found


def command_problems(payloads: Iterable[dict[str, Any]]) -> list[str]:
    """Where published commands break Discord's limits, one line each (none: they can be published). A field with
    localizations counts at its longest, as Discord takes any of them."""
    problems: list[str] = []

    def texts(item: dict[str, Any], key: str) -> list[str]:
        return [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()]

    def longest(item: dict[str, Any], key: str) -> int:
        return max(len(text) for text in texts(item, key))

    def check(item: dict[str, Any], where: str, chat_input: bool) -> int:
        """Check one command or option (and what it holds); its characters toward COMMAND_TOTAL."""
        for name in texts(item, "name"):
            if not COMMAND_NAME.match(name) or (chat_input and name != name.lower()):
                problems.append(f"{where}: name {name!r} is not 1-32 lower-case letters, digits, - or _")
        for text in texts(item, "description"):
            if chat_input and not 1 <= len(text) <= COMMAND_DESCRIPTION:
                problems.append(f"{where}: description of {len(text)} characters (1-{COMMAND_DESCRIPTION})")
        total = longest(item, "name") + longest(item, "description")
        options = item.get("options") or []
        if len(options) > OPTIONS:
            problems.append(f"{where}: {len(options)} options (at most {OPTIONS})")
        problems.extend(f"{where}: {clash}" for clash in clashes(options))
        for option in options:
            total += check(option, f"{where} {option.get('name')}", chat_input)
        choices = item.get("choices") or []
        if len(choices) > CHOICES:
            problems.append(f"{where}: {len(choices)} choices (at most {CHOICES})")
        for choice in choices:
            value = str(choice.get("value"))
            if not all(1 <= len(name) <= CHOICE_NAME for name in texts(choice, "name")) or len(value) > CHOICE_NAME:
                problems.append(f"{where}: choice {value!r} longer than {CHOICE_NAME} characters")
            total += longest(choice, "name") + len(value)
        return total

    payloads = list(payloads)
    for kind in sorted({payload.get("type", 1) for payload in payloads}):  # a user command may share a slash's name
        kin = [payload for payload in payloads if payload.get("type", 1) == kind]
        problems.extend(f"the commands: {clash}" for clash in clashes(kin))
    for payload in payloads:
        where = f"/{payload.get('name')}"
        total = check(payload, where, payload.get("type", 1) == 1)
        if total > COMMAND_TOTAL:
            problems.append(f"{where}: {total} characters in all (at most {COMMAND_TOTAL})")
    return problems
