"""On PostgreSQL a web process beside the bots hears every move by LISTEN/NOTIFY (the trigger of migration 12): a
move made through another process's match service reaches a page watching this one's web server."""

from __future__ import annotations

import asyncio
import json

from data import Store
from matches import MatchService
from tests.web.helpers import USERS, open_site, started

ADA, BOB, *_ = USERS


async def test_a_move_of_another_process_reaches_the_watchers(postgres_url: str) -> None:
    site = await open_site(postgres_url)  # the web process, with its own store and services
    bot_store = await Store.open(postgres_url)  # a bot process
    bot = MatchService(bot_store)
    try:
        match = await started(bot, "sinoda", [ADA, BOB])
        url = site.url(site.path(f"m/{match.id}/live?v={match.record.version}"))
        async with site.session.get(url) as stream:
            assert await stream.content.readuntil(b"\n\n") == b"retry: 3000\n\n"
            user = match.user_at(match.actors()[0])
            await bot.act(match.id, user, (await bot.legal_texts(match.id, user))[0])
            message = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
            while message.startswith(b":"):  # a keep-alive comment
                message = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
        data = json.loads(message.decode().split("data: ", 1)[1])
        assert data["version"] == match.record.version == len(await bot_store.log(match.id))
        status, _, body = await site.get(site.path(f"m/{match.id}"))
        assert status == 200 and f'id="line-{match.record.version}"' in body.decode()
    finally:
        await bot_store.close()
        await site.close()
