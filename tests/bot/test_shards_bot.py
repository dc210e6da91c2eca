"""A sharded bot (SHARD_COUNT/SHARD_IDS) serves only its shards' servers, yet its scheduler, when it leads, posts in
any server's channel: one it does not serve is reached as a partial messageable, by REST, without fetching it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest_asyncio

from bot import Settings, TabletopBot, create_bot
from tests.bot.helpers import NAMES, answer


@pytest_asyncio.fixture
async def simcord_bot(db_path: str) -> AsyncIterator[TabletopBot]:
    """This process serves shard 0 of 2 (every shard's matches are in the one database it leads)."""
    bot = create_bot(Settings(token="", database_path=db_path, sync_commands=True, shard_count=2, shard_ids=(0,)),
                     rng=random.Random(1))
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def test_the_leader_posts_a_timeout_in_a_server_of_another_shard(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_ids == [0]
    elsewhere = simcord_env.create_guild(shard_id=1)
    channel = elsewhere.create_text_channel("games")
    people = [elsewhere.add_member(simcord_env.create_user(name)) for name in NAMES[:2]]
    assert bot.get_guild(elsewhere.id) is None and not bot.tables.serves(elsewhere.id)
    # The match was made by the process serving shard 1 (same database): here only the service sees it.
    lobby = await bot.service.create("cintos", guild_id=elsewhere.id, channel_id=channel.id,
                                     creator_id=people[0].id, players=2, time_control=600)
    await bot.service.join(lobby.id, people[1].id)
    match = (await bot.service.start(lobby.id, people[0].id)).match
    bot.scheduler.poke()
    await simcord_env.advance_time(601)
    notice = channel.last_message
    assert notice is not None and "ran out of time" in notice.content and f"#{match.id}" in notice.content
    assert bot.get_guild(elsewhere.id) is None  # this process still does not serve that server
    # Straight to the channel by REST: no GET /channels/{id} first (one request per post, not two).
    calls = [(r.method, r.path) for r in simcord_env.http_requests if f"/channels/{channel.id}" in r.path]
    assert calls and all(method != "GET" for method, _ in calls), calls


async def test_the_leader_posts_a_forfeit_board_in_a_server_of_another_shard(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    elsewhere = simcord_env.create_guild(shard_id=1)
    channel = elsewhere.create_text_channel("games")
    people = [elsewhere.add_member(simcord_env.create_user(name)) for name in NAMES[:2]]
    lobby = await bot.service.create("cintos", guild_id=elsewhere.id, channel_id=channel.id,
                                     creator_id=people[0].id, players=2, time_control=600, timeout_rule="forfeit")
    await bot.service.join(lobby.id, people[1].id)
    match = (await bot.service.start(lobby.id, people[0].id)).match
    bot.scheduler.poke()
    await simcord_env.advance_time(601)
    board = channel.last_message
    assert board is not None and board.embeds and board.embeds[0].title == f"Cintos · match #{match.id}"
    assert "Game over" in board.embeds[0].description and match.status == "finished"
    assert match.record.message_id == board.id and match.record.channel_id == channel.id
    assert bot.get_guild(elsewhere.id) is None


async def test_a_served_server_is_played_as_before(simcord_env: Any) -> None:
    bot: TabletopBot = simcord_env.bot
    home = simcord_env.create_guild(shard_id=0)
    channel = home.create_text_channel("games")
    people = [home.add_member(simcord_env.create_user(name)) for name in NAMES[:2]]
    assert bot.tables.serves(home.id) and bot.get_guild(home.id) is not None
    result = await people[0].slash(channel, "cintos new", players=2)
    assert result.ephemeral and "Lobby #" in answer(result).content, result  # the lobby: a message of its own
    await people[1].click(channel.last_message, label="Join")
    await people[0].click(channel.last_message, label="Start")
    assert channel.last_message.embeds[0].title.startswith("Cintos · match #")
