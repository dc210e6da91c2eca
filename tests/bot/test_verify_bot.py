"""Dice anyone can verify, end to end in simcord: the commitment on the first board, the seed hidden while the match
runs, revealed on the final board and in /history, and /verify recomputing the seat draw and the first-player roll;
and the interaction id as an action's idempotency key."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from matches import Refusal
from matches.verify import WHAT_IT_PROVES
from tests.bot.helpers import answer, open_match, world


def cells_of(match: Any) -> Any:
    assert match.state is not None  # started
    return match.state.cells


def boards(channel: Any, match_id: int) -> list[Any]:
    return [m for m in channel.history() if m.embeds and m.embeds[0].title == f"Sinoda · match #{match_id}"]


def field(message: Any, name: str) -> str | None:
    return next((f.value for f in message.embeds[0].fields if f.name == name), None)


async def test_sinoda_dice_commitment_seed_and_verify(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    ada, bob = people
    match = await open_match(simcord_env, "sinoda", channel, people)
    seed, commitment = match.record.seed, match.record.commitment
    assert seed and commitment == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    first = boards(channel, match.id)[0]
    assert commitment in (field(first, "Dice commitment") or "")

    # While the match runs the seed is nowhere a player can look, and /verify refuses.
    running = await bob.slash(channel, "verify", match=match.id)
    assert running.ephemeral and "secret" in answer(running).content
    shown = await ada.slash(channel, "history", match=match.id)
    dice = field(answer(shown), "Dice") or ""
    assert commitment in dice and "seats " in dice and seed not in dice
    visible = [m.content + " ".join(str(e.to_dict()) for e in m.embeds) for m in channel.history()]
    assert not any(seed in text for text in visible)

    confirm = await ada.click(boards(channel, match.id)[-1], label="Resign")
    await ada.click(answer(confirm), label="Yes, resign")
    final = boards(channel, match.id)[-1]
    assert seed in (field(final, "Dice seed (revealed)") or "")
    done = await ada.slash(channel, "history", match=match.id)
    assert seed in (field(answer(done), "Dice") or "")

    verified = await bob.slash(channel, "verify", match=match.id)
    embed = answer(verified).embeds[0]
    assert verified.ephemeral and embed.title.endswith("dice verified"), embed.title
    assert "All 2 random draws agree" in embed.description  # the seat draw and the first-player roll
    assert [(f.name, f.value) for f in embed.fields] == list(WHAT_IT_PROVES)  # the wording of matches.verify
    proves = {f.name: f.value for f in embed.fields}
    assert "consistent with the seed committed at the start" in proves["What a pass proves"]
    assert "does not prove that the seed itself was drawn at random" in proves["What it does not prove"]

    # Line 0 deleted from the database: the check fails and says why.
    await simcord_env.bot.service.store.conn.execute("DELETE FROM actions WHERE match_id = ? AND n = 0",
                                                      (match.id,))
    tampered = answer(await bob.slash(channel, "verify", match=match.id)).embeds[0]
    assert tampered.title.endswith("dice NOT verified") and "Line 0 (the seat draw) is missing" in \
        tampered.description, tampered.to_dict()


async def test_verify_refuses_a_match_of_another_server_and_unknown_numbers(simcord_env: Any) -> None:
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sinoda", channel, people)
    other_channel, (stranger,) = world(simcord_env, players=1)
    result = await stranger.slash(other_channel, "verify", match=match.id)
    assert result.ephemeral and "another server" in answer(result).content
    missing = await people[0].slash(channel, "verify", match=match.id + 50)
    assert missing.ephemeral and f"#{match.id + 50}" in answer(missing).content


async def test_a_retried_sanae_swap_is_applied_once(simcord_env: Any) -> None:
    """The interaction id is the action's key: the same interaction delivered again is "already played"."""
    channel, people = world(simcord_env)
    match = await open_match(simcord_env, "sanae", channel, people)
    red = next(p for p in people if p.id == match.user_at(0))
    await red.slash(channel, "sanae setup", layout="classic")
    laid = cells_of(match)
    swap = next(t for t in await simcord_env.bot.service.legal_texts(match.id, red.id) if t.startswith("layout swap"))
    result = await red.slash(channel, "sanae setup", layout=swap)
    assert cells_of(match) != laid
    key = str(result._interaction.id)  # what Discord would send again on a retry
    entry = await simcord_env.bot.service.store.keyed(match.id, key)
    assert entry is not None and entry.text == swap
    version = match.record.version
    with pytest.raises(Refusal, match="Already played"):
        await simcord_env.bot.service.act(match.id, red.id, swap, key=key)
    assert match.record.version == version and cells_of(match) != laid  # the swap did not undo itself
    again = await red.slash(channel, "sanae setup", layout=swap)  # a new interaction is a new request
    assert "Already" not in (answer(again).content or "") and cells_of(match) == laid
