"""The whole command tree as one product: a real description on every command and option, booleans for on/off,
choices for fixed sets (the games), no option a game cannot use, and the game commands server-only."""

from __future__ import annotations

from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands
from simcord import SetupError

from rules import GAMES
from tests.bot.helpers import answer, world

GAME_NAMES = set(GAMES)
ON_OFF = [{"yes", "no"}, {"on", "off"}, {"true", "false"}, {"yes", "no", "none"}]


def walk(commands: list[Any], prefix: str = "") -> list[tuple[str, app_commands.Command[Any, ..., Any]]]:
    found: list[tuple[str, app_commands.Command[Any, ..., Any]]] = []
    for command in commands:
        name = f"{prefix}{command.name}"
        if isinstance(command, app_commands.Group):
            found.extend(walk(command.commands, name + " "))
        else:
            found.append((name, command))
    return found


def problems(tree: app_commands.CommandTree[Any]) -> list[str]:
    wrong: list[str] = []
    commands = walk(tree.get_commands())
    assert len(commands) > 40
    for top in tree.get_commands():
        if not getattr(top, "description", None) or getattr(top, "description", None) in ("…", "..."):
            wrong.append(f"/{top.name}: no description")
    for name, command in commands:
        if not command.description or command.description in ("…", "...") or command.description.endswith("…"):
            wrong.append(f"/{name}: description {command.description!r}")
        for param in command.parameters:
            where = f"/{name} {param.name}"
            description = param.description
            if not description or description in ("…", "...") or description.endswith("…"):
                wrong.append(f"{where}: description {description!r}")
            choices = {str(c.value).lower() for c in param.choices}
            if choices and any(choices == on_off for on_off in ON_OFF):
                wrong.append(f"{where}: on/off as choices {sorted(choices)} (a boolean)")
            if param.name in ("game",) and not (choices == GAME_NAMES and not param.autocomplete):
                wrong.append(f"{where}: a game is a fixed choice of the five")
            if param.type is AppCommandOptionType.string and not param.choices and not param.autocomplete and \
                    param.name in ("options",):
                wrong.append(f"{where}: rule options without autocomplete")
    for game in GAMES.values():
        group = tree.get_command(game.name)
        assert isinstance(group, app_commands.Group), game.name
        if not group.guild_only:
            wrong.append(f"/{game.name}: not server-only")
        new = group.get_command("new")
        assert isinstance(new, app_commands.Command)
        names = {p.name for p in new.parameters}
        most = max(game.player_counts)
        if len(game.player_counts) == 1 and "players" in names:
            wrong.append(f"/{game.name} new players: {game.title} has {most} players only")
        for k in range(1, 6):
            if f"invite{k}" in names and k >= most:
                wrong.append(f"/{game.name} new invite{k}: {game.title} has at most {most} players")
        computers = next(p for p in new.parameters if p.name == "computers")
        if computers.max_value != most - 1:
            wrong.append(f"/{game.name} new computers: up to {computers.max_value}, seats {most - 1}")
    if tree.get_command("help") is None:
        wrong.append("/help: missing")
    history = tree.get_command("history")
    assert isinstance(history, app_commands.Command)
    export = next(p for p in history.parameters if p.name == "export")
    if "none" in {str(c.value) for c in export.choices}:
        wrong.append("/history export: offers 'none' (leave it empty)")
    return wrong


async def test_the_command_tree_is_one_product(simcord_env: Any) -> None:
    assert problems(simcord_env.bot.tree) == []



async def test_help_answers_only_the_asker_with_every_game_and_each_game_on_its_own(simcord_env: Any) -> None:
    channel, (ada, _bob) = world(simcord_env)
    overview = await ada.slash(channel, "help")
    assert overview.ephemeral
    text = str(answer(overview).embeds[0].to_dict())
    for game in GAMES.values():
        assert game.title in text
    assert "computers:1" in text and "/cintos new" in text
    for name, game in GAMES.items():
        one = await ada.slash(channel, "help", game=name)
        assert one.ephemeral
        embed = answer(one).embeds[0]
        assert embed.title.startswith(game.title)
        assert f"/{name} " in str(embed.to_dict())  # how to move, with an example command


async def test_game_commands_are_not_offered_in_a_dm(simcord_env: Any) -> None:
    """`/cintos new` in a DM opened a lobby nobody could join: Discord now offers the game commands only in
    servers (a client that sends one anyway gets "Matches are played in a server channel ...")."""
    channel, (ada, _bob) = world(simcord_env)
    in_dm = ada.user.available_commands()  # in their DM with the bot
    in_server = ada.available_commands(channel)
    for name in GAMES:
        assert f"{name} new" in in_server and f"{name} new" not in in_dm
        with pytest.raises(SetupError, match="not visible to this user here"):
            await ada.user.slash(f"{name} new")
    assert await simcord_env.bot.service.matches_for(ada.user.id) == []
    assert {"help", "games", "history"} <= set(in_dm)  # the player's own commands work anywhere
    assert (await ada.user.slash("help")).ephemeral
