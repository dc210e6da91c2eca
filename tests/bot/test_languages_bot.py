"""Tabletop in the player's language, end to end through simcord: the command tree published with every shipped
language's descriptions and choices (within Discord's limits, the pseudo-locale at its longest too), `/help` and
`/settings` answered in the asker's Discord language, `/settings language` stored as the server's language for
public posts, and each user's last seen locale recorded for DMs."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

import i18n
from cogs import limits
from cogs.base import locale_for, server_locale
from cogs.help import GAMES_HELP, help_messages
from cogs.translator import CatalogTranslator, discord_languages, tree_messages
from i18n.catalogs import TEMPLATE, read
from rules import GAMES
from tests.bot.helpers import answer, world
from tests.bot.locales import speaking

LANGUAGES = [code for code in i18n.shipped_codes() if code != i18n.ENGLISH]


def texts(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every command, option and choice of a published command, itself first."""
    found = [payload]
    for option in payload.get("options") or []:
        found += texts(option)
    found += payload.get("choices") or []
    return found


async def test_every_shipped_language_is_published_for_every_description_and_choice(simcord_env: Any) -> None:
    tree = simcord_env.bot.tree
    assert isinstance(tree.translator, CatalogTranslator)  # bot.py sets it: sync publishes the catalogs
    assert discord_languages() == {"de": "de", "fr": "fr", "es-ES": "es-ES", "es-419": "es-ES", "pt-BR": "pt-BR",
                                   "ja": "ja"}
    payloads = await limits.command_payloads(tree)
    assert limits.command_problems(payloads) == []
    english_only = {"Cintos", "Sinoda", "Sakamichi", "Sanae", "Bodsoi", "json", "gif", "normal", "English", "Deutsch",
                    "Français", "Español", "Português do Brasil", "日本語"}  # proper names: the same everywhere
    for payload in payloads:
        for item in texts(payload):
            key = "description" if "description" in item else "name"  # a choice has only its name
            if key == "description":  # a command's, group's or option's name: each language's, the games' own none
                kind = i18n.OPTION_NAME if item.get("type", 1) > 2 and item is not payload else i18n.COMMAND_NAME
                named = {locale for locale, code in discord_languages().items()
                         if i18n.language(code).local_name(item["name"], kind) != item["name"]}
                assert set(item.get("name_localizations") or {}) == named, item["name"]
                assert bool(named) is (item["name"] not in GAMES), item["name"]  # "web" reads "web" but in ja
            if item[key] in english_only or (key == "name" and item[key].startswith("top ")):
                continue
            # Every language's own words; one that reads as the English is left out (Discord ignores it anyway).
            differ = {locale for locale, code in discord_languages().items()
                      if i18n.language(code)._(item[key]) != item[key]}
            assert set(item.get(f"{key}_localizations") or {}) == differ and len(differ) >= 4, (key, item[key])
    cintos = next(p for p in payloads if p["name"] == "cintos")
    new = next(option for option in cintos["options"] if option["name"] == "new")
    computers = next(option for option in new["options"] if option["name"] == "computers")
    assert (new["name_localizations"]["de"], computers["name_localizations"]["de"]) == ("neu", "computer")
    assert new["name_localizations"]["ja"] == "新規" and not cintos.get("name_localizations")
    settings = next(p for p in payloads if p["name"] == "settings")
    assert settings["description_localizations"]["ja"] == "Tabletop のサーバー設定（管理者向け）"
    assert settings["description_localizations"]["es-419"] == settings["description_localizations"]["es-ES"]


@pytest.mark.parametrize("code", [*LANGUAGES, i18n.PSEUDO])
async def test_the_tree_in_each_language_alone_keeps_discords_limits(simcord_env: Any, code: str) -> None:
    """Each language on every Discord locale at once: the 8,000 characters of a command count each field at its
    longest localization, so the pseudo-locale (40 % longer) stands for the longest a language may be."""
    tree = simcord_env.bot.tree
    translator = CatalogTranslator(dict.fromkeys((locale.value for locale in discord.Locale), code))
    payloads = [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
    assert limits.command_problems(payloads) == []
    described = [item for payload in payloads for item in texts(payload) if item.get("description_localizations")]
    assert len(described) > 100


async def test_the_template_holds_every_message_of_the_tree_and_the_help(simcord_env: Any) -> None:
    template = {(message.id, message.context) for message in read(TEMPLATE) if message.id}
    found = await tree_messages(simcord_env.bot.tree) + help_messages()
    wanted = [(entry["message"], entry.get("context")) for entry in found]
    missing = sorted(set(wanted) - template, key=str)
    assert not missing, f"run `.venv/bin/python -m i18n update`, then translate: {missing}"
    # every name in its context, with Discord's rule for names; the games' own names never
    names = {(message, context) for message, context in wanted if context in i18n.NAME_CONTEXTS}
    assert {("new", i18n.COMMAND_NAME), ("computers", i18n.OPTION_NAME), ("move", i18n.COMMAND_NAME),
            ("move", i18n.OPTION_NAME)} <= names and not {message for message, _ in names} & set(GAMES)


@pytest.mark.parametrize("code", LANGUAGES)
async def test_help_speaks_the_askers_language(simcord_env: Any, code: str) -> None:
    channel, (ada, _bob) = world(simcord_env)
    lang = i18n.language(code)
    with speaking(code):
        overview = answer(await ada.slash(channel, "help")).embeds[0]
        one = answer(await ada.slash(channel, "help", game="sanae")).embeds[0]
    assert [field.name for field in overview.fields] == [lang._("Start a game"), lang._("The games"), lang._("More")]
    assert lang._("Start a game") != "Start a game"
    assert overview.description == lang._("Five abstract board games, played in this server's channels, turn by "
                                          "turn, in minutes or over days. Every move is checked, stored and "
                                          "answered with a new board; hidden hands reach only their owner; dice "
                                          "are rolled on the server and can be verified afterwards.")
    # commands as the asker's app names them (`/cintos neu computer:1 stufe:easy`), their values as typed
    assert lang.slash("cintos new", computers="1", level="easy") in overview.fields[0].value
    assert lang.command("cintos new") != "/cintos new" and "/cintos new" not in overview.fields[0].value
    goal = GAMES["sanae"].goal
    assert one.description == lang._(goal) != goal
    assert one.fields[-2].name == lang._("Start") and lang.slash("sanae new") in one.fields[-2].value
    english = [phase for phase, _how in GAMES_HELP["sanae"].phases]
    assert [field.name for field in one.fields[:-2]] == [lang._(phase) for phase in english]
    assert all(lang._(phase) != phase for phase in english)


async def test_latin_american_spanish_reads_the_spanish_catalog(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    with speaking("es-419"):
        overview = answer(await ada.slash(channel, "help")).embeds[0]
    assert overview.fields[0].name == "Empezar una partida"
    with speaking("zh-CN"):  # no catalog: English
        overview = answer(await ada.slash(channel, "help")).embeds[0]
    assert overview.fields[0].name == "Start a game"


async def test_settings_speak_the_askers_language_and_store_the_servers(simcord_env: Any) -> None:
    guild = simcord_env.create_guild(preferred_locale="pt-BR")
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[admins])
    ada = guild.add_member(simcord_env.create_user("ada"))
    service = simcord_env.bot.service
    server = simcord_env.bot.get_guild(guild.id)
    with speaking("de"):
        shown = answer(await boss.slash(channel, "settings language", language="ja")).embeds[0]
    assert shown.title == "Tabletop-Einstellungen"
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Sprache öffentlicher Beiträge"] == "日本語"
    assert fields["Eigener Thread pro Partie"] == "nein"
    assert fields["Standardbedenkzeit pro Zug"] == "24 Stunden (Standard des Bots)"
    assert (await service.guild_settings(guild.id)).language == "ja"
    assert (await server_locale(service, server)).code == "ja"  # public posts: the server's choice

    with speaking("ja"):
        shown = answer(await boss.slash(channel, "settings time", time=3600)).embeds[0]
    fields = {field.name: field.value for field in shown.fields}
    assert shown.title == "Tabletop の設定" and fields["1手あたりの既定の持ち時間"] == "1時間"
    assert (await service.guild_settings(guild.id)).language == "ja"  # another setting keeps the language

    with speaking("fr"):
        shown = answer(await boss.slash(channel, "settings language", language="default")).embeds[0]
    fields = {field.name: field.value for field in shown.fields}
    assert fields["Langue des publications"].startswith("la langue du serveur sur Discord")
    assert (await service.guild_settings(guild.id)).language is None
    assert (await server_locale(service, server)).code == "pt-BR"  # Discord's preferred locale of the server
    assert (await server_locale(service, None)).code == i18n.ENGLISH

    # A server may let anyone run /settings (Integrations); a member without Manage Server is still refused, in
    # their own language, and nothing is stored.
    (command,) = [c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "settings"]
    guild.set_command_permissions(command, {ada: True})
    with speaking("es-ES"):
        refused = answer(await ada.slash(channel, "settings language", language="de"))
    assert refused.content == ("Los ajustes de Tabletop son para miembros con el permiso Gestionar servidor; "
                               "pídeselo a un administrador del servidor.")
    assert (await service.guild_settings(guild.id)).language is None


async def test_the_last_seen_locale_is_stored_for_what_reaches_a_player_without_an_interaction(
        simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    users = simcord_env.bot.service
    assert await users.user_locale(ada.id) is None
    with speaking("fr"):
        await ada.slash(channel, "help")
    assert await users.user_locale(ada.id) == "fr"
    with speaking("ja"):
        await ada.slash(channel, "help")
    assert await users.user_locale(ada.id) == "ja"
    await simcord_env.bot.service.store.users.touch_user(ada.id, "ada")  # a write without a locale keeps it
    assert await users.user_locale(ada.id) == "ja"


async def test_locale_for_reads_the_interaction(simcord_env: Any) -> None:
    seen: list[str] = []
    tree = simcord_env.bot.tree

    @tree.command(name="probe", description="probe")
    async def probe(interaction: discord.Interaction) -> None:
        seen.append(locale_for(interaction).code)
        await limits.respond(interaction, "ok", ephemeral=True)

    await tree.sync()
    channel, (ada, _bob) = world(simcord_env)
    for code in ("pt-BR", "es-419", "en-GB", "ko", "ja"):
        with speaking(code):
            await ada.slash(channel, "probe")
    assert seen == ["pt-BR", "es-ES", i18n.ENGLISH, i18n.ENGLISH, "ja"]


# What stays as it is in every language: the games' and the bot's names, the pieces the rules name as proper names,
# and for now the buttons' labels (they are not translated yet).
PROPER = ("Tabletop", "Cintos", "Sinoda", "Sakamichi", "Sanae", "Bodsoi", "Void", "Captain", "Zed Inel",
          *GAMES,  # a game by its command's name (the games switched off)
          *(shipped.name for shipped in i18n.LANGUAGES))  # a language by its own name, as /settings language offers
KEPT = re.compile(r"`[^`]*`|<[^<>]*>|https?://\S+|/[\w<>-]+|\w+=\S+|[^\s,;:()]*\d[^\s,;:()]*|" +
                  "|".join(PROPER))


def english_left(text: str) -> list[str]:
    """The words of `text` still in plain ASCII letters once what stays the same in every language is taken out."""
    return re.findall(r"[A-Za-z]{2,}", KEPT.sub(" ", text))


def shown(message: Any) -> list[str]:
    """Every text of a reply a user reads: its content and every part of its embeds."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [part for field in embed.fields for part in (field.name, field.value)]
    return [text for text in texts if text]


async def test_help_and_settings_leave_nothing_in_english_under_the_pseudo_locale(simcord_env: Any) -> None:
    """The pseudo-locale accents every translated letter: a word left in plain English was never translated."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[admins])
    replies = []
    with speaking(i18n.PSEUDO):
        replies.append(await boss.slash(channel, "help"))
        replies += [await boss.slash(channel, "help", game=name) for name in GAMES]
        replies.append(await boss.slash(channel, "settings show"))
        replies.append(await boss.slash(channel, "settings game", game="bodsoi", enabled=False))
        replies.append(await boss.slash(channel, "settings language", language="de"))
        replies.append(await boss.slash(channel, "settings time", time=0))
        replies.append(await boss.slash(channel, "settings organiser-role", role=admins))
        replies.append(await boss.slash(channel, "settings organiser-role"))
        replies.append(await boss.slash(channel, "settings web", action="on"))
        replies.append(await boss.slash(channel, "settings web", action="reset"))
        replies.append(await boss.slash(channel, "settings web", action="off"))
        replies.append(await boss.slash(channel, "settings threads", enabled=True))
        replies.append(await boss.slash(channel, "settings rated", enabled=False))
        replies.append(await boss.slash(channel, "settings timeout", rule="forfeit"))
    texts = [text for reply in replies for text in shown(answer(reply))]
    assert len(texts) > 60
    left = {text: english_left(text) for text in texts if english_left(text)}
    assert left == {}
    assert any("Ţåƀļéţöþ šéţţîñğš" in text for text in texts)


def _named_in_code() -> list[tuple[str, str, set[str]]]:
    """Every command a text of the code names through `i18n.slash`/`command` (`slash("cintos new", computers=1)`),
    and every option through `option("match")`: (file:line, the command, its options). A command built from a
    field (`f"{game} new"`) stands for the same command of each game."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found: list[tuple[str, str, set[str]]] = []
    for package in ("cogs", "matches", "tournaments", "lessons", "reviews", "tabletop", "web", "render", "games"):
        for file in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                owner = getattr(func.value, "id", "") if isinstance(func, ast.Attribute) else "i18n"
                if called not in ("slash", "command", "option") or owner not in ("i18n", "lang"):
                    continue
                where = f"{file.relative_to(root)}:{node.lineno}"
                first = node.args[0]
                if called == "option":
                    assert isinstance(first, ast.Constant), where
                    found.append((where, "", {str(first.value)}))
                    continue
                options = {kw.arg.replace("_", "-") for kw in node.keywords if kw.arg}
                if isinstance(first, ast.Constant):
                    found.append((where, str(first.value), options))
                elif isinstance(first, ast.JoinedStr):  # f"{game} new": the command of every game
                    tail = "".join(str(part.value) for part in first.values if isinstance(part, ast.Constant))
                    found += [(where, f"{game}{tail}", options) for game in GAMES]
    return found


async def test_every_command_a_text_names_is_in_the_tree_as_written(simcord_env: Any) -> None:
    """A command a text names (`i18n.slash`) that the tree lacks would be shown in English in every language:
    each one, with its options, is a command of the tree (the help's and the rules' tables included)."""
    from cogs.base import GameCog

    tree = simcord_env.bot.tree
    options_of = {command.qualified_name: {p.display_name for p in getattr(command, "parameters", [])}
                  for command in tree.walk_commands()}
    every_option = set().union(*options_of.values())
    named = _named_in_code()
    for game, info in GAMES_HELP.items():
        named += [(f"games/{game}.py", path, set(options)) for path, options in info.commands.values()]
    for cog in simcord_env.bot.cogs.values():
        if isinstance(cog, GameCog):
            named += [(f"{cog.game_name} rules", path, set(options)) for path, options in cog.rules_commands.values()]
    assert len(named) > 80
    wrong = [(where, path, options) for where, path, options in named
             if (options - every_option if not path else
                 path.replace("<game>", "cintos") not in options_of or
                 options - options_of[path.replace("<game>", "cintos")])]
    assert wrong == []
