"""/history through discord.py and simcord: private logs that hide others' secrets, pages, and exports."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio
from PIL import Image

from bot import TabletopBot
from cogs.history import PAGE_LINES, line_text
from matches import Match, MatchService
from matches.history import HistoryLine, replay_record
from tests.bot.helpers import answer, world


@pytest_asyncio.fixture
async def env(simcord_env: Any) -> AsyncIterator[Any]:
    """The simulated Discord; the bot loads cogs.history with its other extensions."""
    bot: TabletopBot = simcord_env.bot
    assert "cogs.history" in bot.extensions
    yield simcord_env


async def started(service: MatchService, game: str, channel: Any, people: list[Any], **options: str) -> Match:
    """A match opened, joined and started through the service (the same calls the lobby buttons make)."""
    ada, bob = people
    for person in people:
        await service.touch_user(person.id, person.user.name)
    match = await service.create(game, guild_id=channel.guild.id, channel_id=channel.id, creator_id=ada.id,
                                 players=2, options=options)
    await service.join(match.id, bob.id)
    return (await service.start(match.id, ada.id)).match


def numbered(description: str) -> dict[int, str]:
    """Log lines of a history page by number: '`  3` **Blue** place ...' -> {3: '**Blue** place ...'}."""
    rows = [re.fullmatch(r"`\s*(\d+)` (.*)", row) for row in description.splitlines()]
    assert all(rows), description
    return {int(row[1]): row[2] for row in rows if row}


async def test_history_is_private_and_hides_the_other_players_draw(env: Any) -> None:
    channel, people = world(env)
    service: MatchService = env.bot.service
    match = await started(service, "bodsoi", channel, people)
    (first_draw,) = [e for e in await service.store.log(match.id) if e.seat is None]
    drawer = next(p for p in people if p.id == match.user_at(0))  # Blue draws first
    other = next(p for p in people if p is not drawer)

    mine = await drawer.slash(channel, "history")
    assert mine.ephemeral
    page = answer(mine).embeds[0]
    assert page.title == f"Bodsoi · match #{match.id} · history"
    assert numbered(page.description)[1] == f"🎲 {first_draw.text}"

    theirs = await other.slash(channel, "history", match=match.id)
    assert theirs.ephemeral
    description = answer(theirs).embeds[0].description
    assert numbered(description)[1] == "🎲 draw ?"
    assert first_draw.text.split()[1] not in description

    choices = await other.autocomplete(channel, "history", "match", "")
    assert [c["value"] for c in choices] == [match.id] and "running" in choices[0]["name"]


async def test_json_export_of_a_finished_match_attaches_a_record_that_replays(env: Any) -> None:
    channel, people = world(env)
    service: MatchService = env.bot.service
    match = await started(service, "cintos", channel, people)
    refused = await people[0].slash(channel, "history", export="json")
    assert refused.ephemeral and "finished" in answer(refused).content
    rng = random.Random(3)
    for _ in range(4):
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
    await service.resign(match.id, match.user_at(match.actors()[0]))

    result = await people[1].slash(channel, "history", export="json")
    assert result.ephemeral
    message = answer(result)
    (attachment,) = message.attachments
    assert attachment.filename == f"cintos-match-{match.id}.json"
    record = json.loads(await attachment.read())
    assert record["match"] == match.id and len(record["log"]) == 5
    assert match.game.position(replay_record(record)) == match.game.position(match.state)
    assert "every line is shown in full" in message.embeds[0].fields[-1].value

    gif = await people[0].slash(channel, "history", match=match.id, export="gif")
    (attachment,) = answer(gif).attachments
    assert attachment.filename == f"cintos-match-{match.id}.gif"
    image = Image.open(io.BytesIO(await attachment.read()))
    # setup, 4 moves, resignation
    assert image.format == "GIF" and getattr(image, "n_frames", 1) == 6 and image.width == 600


async def test_long_logs_page_from_the_newest_and_strangers_elsewhere_are_refused(env: Any) -> None:
    channel, people = world(env)
    service: MatchService = env.bot.service
    match = await started(service, "cintos", channel, people)
    rng = random.Random(4)
    for _ in range(35):
        user = match.user_at(match.actors()[0])
        await service.act(match.id, user, rng.choice(await service.legal_texts(match.id, user)))
    result = await people[0].slash(channel, "history")
    page = answer(result)
    assert sorted(numbered(page.embeds[0].description)) == list(range(31, 36))
    assert "page 2/2" in page.embeds[0].footer.text
    older = await people[0].click(page, label="◀ Older")
    shown = older.response.embeds[0]
    assert sorted(numbered(shown.description)) == list(range(1, 31))
    assert len(shown.description) < 4096

    elsewhere = env.create_guild().create_text_channel("other")
    stranger = elsewhere.guild.add_member(env.create_user("eve"))
    refused = await stranger.slash(elsewhere, "history", match=match.id)
    assert refused.ephemeral and "another server" in answer(refused).content
    nothing = await stranger.slash(elsewhere, "history")
    assert "not played a match" in answer(nothing).content


def test_a_page_of_the_longest_lines_fits_an_embed() -> None:
    long = [HistoryLine(9990 + i, 0, "A very long seat name", 1, "*_" * 200, 0.0, kind)
            for i, kind in zip(range(PAGE_LINES), ["player", "auto", "chance"] * PAGE_LINES, strict=False)]
    description = "\n".join(line_text(line) for line in long)
    assert len(description) < 4096
    assert all(len(line_text(line)) <= 130 and line_text(line).startswith(f"`{line.n}`") for line in long)
