"""The console (`matches.console`) as a child process that SIGKILLs itself the instant it acknowledges its Nth move.

    python -m tests.matches.console_kill_driver DB_PATH KILL_AT [ACK_FIRST_DELAY]

The kill comes from inside, right after the KILL_AT-th `ok <n> …` answer to `act` is flushed to stdout: the worst
moment for "a move is committed before it is acknowledged", whatever the machine's load. With ACK_FIRST_DELAY
(seconds) the console is a deliberately broken build that answers `ok` first, waits, and only then commits.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from typing import TextIO

from matches.console import Console, serve

MOVE_ACK = re.compile(r"ok \d")  # the answer to `act`; `ok match …` and `ok started …` are not moves


class KillingSink:
    """Passes answers on to `sink`; once the KILL_AT-th move acknowledgement is flushed, the process dies."""

    def __init__(self, sink: TextIO, kill_at: int) -> None:
        self.sink = sink
        self.kill_at = kill_at
        self.count = 0
        self.unflushed = ""

    def write(self, text: str) -> int:
        self.unflushed += text
        return self.sink.write(text)

    def flush(self) -> None:
        self.sink.flush()
        *lines, self.unflushed = self.unflushed.split("\n")
        self.count += sum(1 for line in lines if MOVE_ACK.match(line))
        if self.count >= self.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)


def install_ack_first(delay: float, sink: TextIO) -> None:
    """The broken build: answer `act` with its (predicted) log line at once, commit `delay` seconds later."""
    original = Console.run_line

    async def run_line(self: Console, line: str) -> str | None:
        words = line.split()
        if words[:1] != ["act"]:
            return await original(self, line)
        match = await self.service.get(int(words[1]))
        sink.write(f"ok {match.record.version + 1} {' '.join(words[3:])}\n")
        sink.flush()
        await asyncio.sleep(delay)
        await original(self, line)
        return None  # already answered

    Console.run_line = run_line  # type: ignore[method-assign]


def main(argv: list[str]) -> None:
    sink = KillingSink(sys.stdout, int(argv[1]))
    if len(argv) > 2:
        install_ack_first(float(argv[2]), sink)  # type: ignore[arg-type]
    asyncio.run(serve(argv[0], sys.stdin, sink))  # type: ignore[arg-type]


if __name__ == "__main__":
    main(sys.argv[1:])
