"""A real bot process for the kill test: the bot on simcord, playing Cintos moves and printing each acknowledged one.

Run as `python -m tests.bot.kill_driver DB_PATH`; the test SIGKILLs it mid-stream.
"""

from __future__ import annotations

import asyncio
import random
import sys

import simcord

from tests.bot.conftest import make_bot
from tests.bot.helpers import actor_of, answer, open_match, world


async def main(db_path: str) -> None:
    async with simcord.run(make_bot(db_path)) as env:
        channel, people = world(env)
        match = await open_match(env, "cintos", channel, people, options="quiet-limit=off turn-limit=off")
        print("started", match.id, flush=True)
        rng = random.Random(11)
        while match.outcome() is None:
            mover = actor_of(match, people)
            legal = await mover.autocomplete(channel, "cintos move", "move", "")
            text = rng.choice(legal)["value"]
            result = await mover.slash(channel, "cintos move", move=text)
            if answer(result).content.startswith("Played"):  # what the player sees: the move is acknowledged
                print("ack", match.record.version, text, flush=True)
        print("over", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
