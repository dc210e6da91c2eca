"""`/privacy export` above Discord's file size limit (issue 42): the JSON compressed when that fits, else a clear
answer that says how large it is and names the operator's command, never the generic error; in German too."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from cogs import limits
from tests.bot.helpers import answer, world
from tests.bot.locales import speaking
from tests.bot.test_privacy_bot import one_move


async def test_an_export_too_large_for_a_file_arrives_compressed(simcord_env: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    channel, people = world(simcord_env)
    ada, _bob = people
    await one_move(simcord_env, channel, people)
    monkeypatch.setattr(limits, "FILE_SIZE", 700, raising=False)  # the export is larger; compressed, smaller
    result = await ada.slash(channel, "privacy export")
    text = answer(result).content
    assert result.ephemeral and "compressed" in text, text
    (attachment,) = ada.user.dm_channel.history()[-1].attachments
    assert attachment.filename == f"tabletop-data-{ada.id}.json.gz"
    data = json.loads(gzip.decompress(await attachment.read()))
    assert data["user_id"] == str(ada.id)


async def test_an_export_too_large_even_compressed_says_so_and_names_the_operators_command(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    channel, people = world(simcord_env)
    ada, _bob = people
    await one_move(simcord_env, channel, people)
    monkeypatch.setattr(limits, "FILE_SIZE", 100, raising=False)
    result = await ada.slash(channel, "privacy export")
    text = answer(result).content
    assert result.ephemeral and "too large" in text and "python -m data.forget" in text and "--export" in text, text
    assert not answer(result).attachments
    sent = ada.user.dm_channel.history() if ada.user.dm_channel is not None else []
    assert not [a for m in sent for a in m.attachments]  # nothing half sent
    with speaking("de"):
        german = answer(await ada.slash(channel, "privacy export")).content
    assert "python -m data.forget" in german and "too large" not in german, german
