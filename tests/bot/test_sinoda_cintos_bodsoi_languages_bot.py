"""Sinoda, Cintos and Bodsoi answer in the asker's language through discord.py itself (issue 40): a refused move
says why in German, its notation quoted as typed; the private rack and the cogs' own refusals too; English stays the
default."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import actor_of, answer, open_match, world
from tests.bot.locales import speaking


async def test_a_sinoda_move_refused_in_german_keeps_the_notation(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sinoda", channel, people)
    mover = actor_of(match, people)
    version = match.record.version
    with speaking("de"):
        result = await mover.slash(channel, "sinoda move", move="hello")
    text = answer(result).content
    assert result.ephemeral and "'hello' ist nicht lesbar" in text, text
    assert "schreibe eine Änderung als c4+ oder c4-" in text, text
    assert match.record.version == version  # refused: nothing changed
    with speaking("de"):  # the autocomplete's labels too (an autocomplete is not under `guarded`)
        choices = await mover.autocomplete(channel, "sinoda move", "move", "")
    assert choices and all("Schritt" in c["name"] or "schlägt" in c["name"] for c in choices), choices[:3]
    with speaking("de"):
        result = await mover.slash(channel, "sinoda change", piece="c4")
    assert "Sag, in welche Richtung" in answer(result).content, answer(result).content
    result = await mover.slash(channel, "sinoda move", move="hello")  # English stays the default
    assert "cannot read 'hello'" in answer(result).content, answer(result).content


async def test_a_cintos_pass_refused_in_german_names_a_legal_move(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "cintos", channel, people)
    mover = actor_of(match, people)
    with speaking("de"):
        result = await mover.slash(channel, "cintos move", move="pass")
    text = answer(result).content
    assert result.ephemeral and "du kannst nicht passen, solange du einen erlaubten Zug hast, z. B." in text, text
    with speaking("de"):
        result = await mover.slash(channel, "cintos move", move="h9-h8")
    assert "nicht auf dem Brett" in answer(result).content or "nicht lesbar" in answer(result).content, \
        answer(result).content


async def test_a_bodsoi_tile_refused_in_german_and_the_rack_in_german(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "bodsoi", channel, people)
    mover = actor_of(match, people)
    with speaking("de"):
        result = await mover.slash(channel, "bodsoi place", tile="X-zz-yy", square="d4", rotation="90")
    text = answer(result).content
    assert "'x-zz-yy' ist kein Plättchen: Form c oder s" in text and "`place C-su-mo d4 90`" in text, text
    with speaking("de"):
        result = await mover.slash(channel, "bodsoi place", tile="C-su-mo")
    assert "Gib auch das Feld und die Drehung für" in answer(result).content, answer(result).content
    board = channel.last_message
    private = next(c for row in board.components for c in row.children if c.custom_id and "private" in c.custom_id)
    with speaking("de"):
        result = await mover.click(board, custom_id=private.custom_id)
    assert "Deine Plättchen in Partie" in answer(result).content, answer(result).content
