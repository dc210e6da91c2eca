"""A real bot process for the kill test: the bot on simcord plays Cintos moves and is SIGKILLed AT an acknowledgement.

    python -m tests.bot.kill_driver DB_PATH KILL_AT [ACK_FIRST_DELAY]

Every time the bot sends a player the ephemeral "Played in match #…" reply, the driver prints `ack <n> <move>` (n:
the log line the move must have) the moment simcord has delivered it, and at the KILL_AT-th one SIGKILLs its own
process right there: no later line of the bot's runs. That is the worst moment for "a move is committed before it
is acknowledged". (A kill from outside, after a simulated command has returned, always lands after all the bot's
work and can prove nothing.) With ACK_FIRST_DELAY (seconds), the driver swaps in a deliberately broken build that
acknowledges a move, waits that long and only then commits it: the test must catch it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from typing import Any

import discord
import simcord
from simcord.http import FakeWebhookAdapter

from cogs.base import GameCog
from cogs.ui import guarded, reply
from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, open_match, world

ACK = "Played in match #"


class Acknowledgements:
    """Watches every interaction response and follow-up the bot sends; prints acks, kills at the KILL_AT-th."""

    def __init__(self, kill_at: int) -> None:
        self.kill_at = kill_at
        self.count = 0
        self.pending: tuple[int, str] | None = None  # (log line, move) of the command being sent now

    def delivered(self, content: str) -> None:
        if not content.startswith(ACK) or self.pending is None:
            return
        n, text = self.pending
        print("ack", n, text, flush=True)
        self.count += 1
        if self.count == self.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def install(self) -> None:
        original = FakeWebhookAdapter.request
        watcher = self

        async def request(adapter: FakeWebhookAdapter, route: Any, session: Any, **kwargs: Any) -> Any:
            result = await original(adapter, route, session, **kwargs)
            watcher.delivered(_content(kwargs))  # only once simcord has it: the player can see it
            return result

        FakeWebhookAdapter.request = request  # type: ignore[method-assign,assignment]


def _content(kwargs: dict[str, Any]) -> str:
    """The text of an interaction callback or webhook message, JSON or multipart (with files)."""
    payload = kwargs.get("payload")
    for part in kwargs.get("multipart") or ():
        if part.get("name") == "payload_json":
            payload = json.loads(part["value"])
    if not isinstance(payload, dict):
        return ""
    data = payload.get("data")
    return str((data if isinstance(data, dict) else payload).get("content") or "")


def install_ack_first(delay: float) -> None:
    """The broken build: acknowledge, wait `delay`, and only then act (commit) and post the board."""
    async def play(self: GameCog, interaction: discord.Interaction, text: str, match_id: int | None) -> None:
        async def work() -> None:
            match = await self.resolve(interaction, match_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await reply(interaction, f"{ACK}{match.id}: {text}")
            await asyncio.sleep(delay)
            turn = await self.service.act(match.id, interaction.user.id, text)
            await self.tables.post_turn(turn)
        await guarded(interaction, work, match_id)

    GameCog.play = play  # type: ignore[method-assign]


async def main(db_path: str, kill_at: int) -> None:
    acks = Acknowledgements(kill_at)
    acks.install()
    async with simcord.run(make_bot(db_path)) as env:
        channel, people = world(env)
        match = await open_match(env, "cintos", channel, people, options="quiet-limit=off turn-limit=off")
        print("started", match.id, flush=True)
        rng = random.Random(11)
        while match.outcome() is None:
            mover = actor_of(match, people)
            legal = await mover.autocomplete(channel, "cintos move", "move", "")
            text = rng.choice(legal)["value"]
            acks.pending = (match.record.version + 1, text)  # the player's move is the turn's first log line
            await mover.slash(channel, "cintos move", move=text)
            acks.pending = None
        print("over", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 3:
        install_ack_first(float(sys.argv[3]))
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
