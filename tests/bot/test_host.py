"""cogs.host: the cogs reach the services bot.py builds through one checked door, and a button finds its cog by
its class (even when discord.py has executed the extension's module anew for another bot)."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from bot import TabletopBot
from cogs.history import History
from cogs.host import Host, cog_of, host
from cogs.sanae import SanaeCog


def test_a_plain_client_is_not_a_host() -> None:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(TypeError, match="TabletopBot, not in Bot"):
        host(client)


async def test_the_bot_is_the_host_and_buttons_find_their_cogs(simcord_bot: TabletopBot) -> None:
    from simcord import Env

    env = Env(simcord_bot)
    await env.start()
    try:
        assert isinstance(simcord_bot, Host) and host(simcord_bot) is simcord_bot
        history = cog_of(simcord_bot, History)
        assert history is not None and history.service is simcord_bot.service
        assert cog_of(simcord_bot, SanaeCog) is simcord_bot.get_cog("sanae")
        await simcord_bot.remove_cog("sanae")
        assert cog_of(simcord_bot, SanaeCog) is None  # not loaded: the button says nothing rather than fail
    finally:
        await env.shutdown()
