"""Permissions: the bot says which of its own permissions are missing (threads fall back to the channel; boards are
refused before a match exists), and /settings checks Manage Server itself (issue 10 defect 7, issue 11 failure 9)."""

from __future__ import annotations

from typing import Any

import discord

from bot import TabletopBot
from tests.bot.helpers import actor_of, answer, labels, open_match


def server(env: Any, **denied: bool) -> tuple[Any, Any, list[Any]]:
    """A server with an admin (Manage Server), two players and a #games channel where the bot lacks `denied`."""
    guild = env.create_guild()
    overwrites = {env.bot.user: discord.PermissionOverwrite(**{name: False for name in denied})} if denied else None
    channel = guild.create_text_channel("games", overwrites=overwrites)
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    people = [guild.add_member(env.create_user(name)) for name in ("ada", "bob")]
    return channel, boss, people


async def test_threads_without_create_public_threads_fall_back_to_the_channel(simcord_env: Any) -> None:
    channel, boss, (ada, bob) = server(simcord_env, create_public_threads=True)
    await boss.slash(channel, "settings threads", enabled=True)
    opened = await ada.slash(channel, "cintos new")
    text = answer(opened).content
    assert opened.ephemeral and "Lobby #" in text, text
    assert "went wrong" not in text and "Nothing was changed" not in text
    assert "Create Public Threads" in text and "played in the channel" in text, text
    assert channel.threads == []
    bot: TabletopBot = simcord_env.bot
    (match,) = await bot.service.matches_for(ada.id)
    assert match.record.channel_id == channel.id  # the match lives in the channel
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await ada.click(channel.last_message, label="Start")
    assert match.status == "active"
    board = channel.last_message
    assert board.embeds[0].title == f"Cintos · match #{match.id}" and "Resign" in labels(board)


async def test_threads_without_send_messages_in_threads_fall_back_too(simcord_env: Any) -> None:
    channel, boss, (ada, _bob) = server(simcord_env, send_messages_in_threads=True)
    await boss.slash(channel, "settings threads", enabled=True)
    opened = await ada.slash(channel, "cintos new")
    assert "Send Messages in Threads" in answer(opened).content, answer(opened).content
    (match,) = await simcord_env.bot.service.matches_for(ada.id)
    assert match.record.channel_id == channel.id and channel.threads == []


async def test_threads_with_permissions_still_get_their_thread(simcord_env: Any) -> None:
    channel, boss, (ada, _bob) = server(simcord_env)
    await boss.slash(channel, "settings threads", enabled=True)
    opened = await ada.slash(channel, "cintos new")
    assert "permission" not in answer(opened).content
    (match,) = await simcord_env.bot.service.matches_for(ada.id)
    assert [t.id for t in channel.threads] == [match.record.channel_id]


async def test_a_channel_where_boards_cannot_be_posted_is_refused_before_the_match(simcord_env: Any) -> None:
    channel, _boss, (ada, _bob) = server(simcord_env, attach_files=True, embed_links=True)
    refused = await ada.slash(channel, "cintos new")
    text = answer(refused).content
    assert refused.ephemeral and "Attach Files" in text and "Embed Links" in text, text
    assert "went wrong" not in text
    assert await simcord_env.bot.service.matches_for(ada.id) == []  # nothing was created


async def test_settings_check_manage_server_themselves(simcord_env: Any) -> None:
    """A server may let anyone run /settings (Integrations → command permissions); the bot still wants Manage Server."""
    channel, boss, (ada, _bob) = server(simcord_env)
    bot: TabletopBot = simcord_env.bot
    (settings_command,) = [c for c in await bot.tree.fetch_commands() if c.name == "settings"]
    channel.guild.set_command_permissions(settings_command, {ada: True})  # the server overrides the default
    assert "settings threads" in ada.available_commands(channel)
    cases: list[tuple[str, dict[str, Any]]] = [("settings threads", {"enabled": True}), ("settings show", {}),
                                                  ("settings game", {"game": "cintos", "enabled": False}),
                                                  ("settings time", {"time": 600}), ("settings channel", {})]
    for command, options in cases:
        refused = await ada.slash(channel, command, **options)
        text = answer(refused).content
        assert refused.ephemeral and "Manage Server" in text and not answer(refused).embeds, (command, text)
    settings = await bot.service.guild_settings(channel.guild.id)
    assert not settings.use_threads and "cintos" not in settings.disabled_games and settings.time_control is None
    allowed = await boss.slash(channel, "settings threads", enabled=True)
    assert answer(allowed).embeds  # an admin still can
    assert (await bot.service.guild_settings(channel.guild.id)).use_threads


async def test_a_move_where_the_board_cannot_be_posted_is_refused_and_not_played(simcord_env: Any) -> None:
    channel, _boss, people = server(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    legal = [c["value"] for c in await mover.autocomplete(channel, "cintos move", "move", "")]
    # An admin takes Attach Files away from the bot in the match channel during the match.
    games = simcord_env.bot.get_channel(channel.id)
    await games.set_permissions(games.guild.me,
                                overwrite=discord.PermissionOverwrite(attach_files=False))
    version, posted = match.record.version, len(channel.history())
    refused = await mover.slash(channel, "cintos move", move=legal[0])
    text = answer(refused).content
    assert refused.ephemeral and "Attach Files" in text and "went wrong" not in text, text
    assert match.record.version == version and len(channel.history()) == posted  # not played, nothing posted
    resign = await mover.click(channel.last_message, label="Resign")
    confirm = await mover.click(answer(resign), label="Yes, resign")
    assert "Attach Files" in answer(confirm).content and match.status == "active"
    # The permission back: the same move plays.
    await games.set_permissions(games.guild.me, overwrite=None)
    played = await mover.slash(channel, "cintos move", move=legal[0])
    assert answer(played).content.startswith("Played") and match.record.version > version


async def test_settings_channel_refuses_a_channel_the_bot_cannot_post_in(simcord_env: Any) -> None:
    channel, boss, _people = server(simcord_env)
    closed = channel.guild.create_text_channel(
        "closed", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    refused = await boss.slash(channel, "settings channel", channel=closed)
    assert "Send Messages" in answer(refused).content and not answer(refused).embeds, answer(refused).content
    assert (await simcord_env.bot.service.guild_settings(channel.guild.id)).channel_id is None
    accepted = await boss.slash(channel, "settings channel", channel=channel)
    assert answer(accepted).embeds
    assert (await simcord_env.bot.service.guild_settings(channel.guild.id)).channel_id == channel.id
