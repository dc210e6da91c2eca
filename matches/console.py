"""A local console over `MatchService` (the bot's own code path): one command per stdin line, one answer line each.

    python -m matches.console --db PATH

Commands (users are plain integer ids):
    new <game> <players> <creator> [name=value ...]     ok match <id>
    join <match> <user>                                 ok match <id> seated <k> of <players>
    start <match> <user>                                ok started <id> seats <user ...> [| <n> <text> ...]
    act <match> <user> <text...>                        ok <n> <text> [| <n> <text> ...]
    legal <match> <user>                                ok <action> | <action> | ...
    show <match>                                        ok <game> <status> version <v> to-move <users> | <position>
Every answer is `ok ...` or `refused: <why>` (or `error: ...` for a bug), flushed at once; `ok` to `act` means the
move is committed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import TextIO

from data import Store, StoreUnavailable
from matches.model import Event, Refusal
from matches.service import MatchService

log = logging.getLogger(__name__)

USAGE = {
    "new": "new <game> <players> <creator> [name=value ...]",
    "join": "join <match> <user>",
    "start": "start <match> <user>",
    "act": "act <match> <user> <text...>",
    "legal": "legal <match> <user>",
    "show": "show <match>",
}


def _events(events: list[Event]) -> str:
    """The events of a turn as their log lines: number and canonical notation (the console sees everything)."""
    return " | ".join(f"{e.n} {e.text}" for e in events)


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise Refusal(f"{what} must be a number, not {word!r}") from None


class Console:
    """Runs console commands against one service; `run_line` answers one line."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.commands: dict[str, Callable[[list[str]], Awaitable[str]]] = {
            "new": self.new, "join": self.join, "start": self.start, "act": self.act, "legal": self.legal,
            "show": self.show,
        }

    async def run_line(self, line: str) -> str | None:
        """The answer to one line; None for a blank line or a # comment."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return None
        verb, args = words[0].lower(), words[1:]
        command = self.commands.get(verb)
        if command is None:
            return f"refused: unknown command {verb!r}; commands: {', '.join(USAGE)}"
        try:
            return ("ok " + await command(args)).rstrip()
        except Refusal as refusal:
            return f"refused: {refusal.message}"
        except Exception as exc:  # a bug must not take the console down with it; nothing was committed
            log.exception("console command failed: %s", line.strip())
            return f"error: {type(exc).__name__}: {exc}"

    def _need(self, verb: str, args: list[str], count: int, *, more: bool = False) -> None:
        if len(args) < count or (not more and len(args) > count):
            raise Refusal(f"usage: {USAGE[verb]}")

    async def new(self, args: list[str]) -> str:
        self._need("new", args, 3, more=True)
        options: dict[str, str] = {}
        for word in args[3:]:
            name, sep, value = word.partition("=")
            if not sep or not name or not value:
                raise Refusal(f"options are name=value, not {word!r}")
            options[name.lower()] = value.lower()
        match = await self.service.create(args[0].lower(), guild_id=None, channel_id=0,
                                          creator_id=_int(args[2], "creator"),
                                          players=_int(args[1], "players"), options=options)
        return f"match {match.id}"

    async def join(self, args: list[str]) -> str:
        self._need("join", args, 2)
        user = _int(args[1], "user")
        match = await self.service.join(_int(args[0], "match"), user)
        return f"match {match.id} seated {match.seat_of(user)} of {match.players}"

    async def start(self, args: list[str]) -> str:
        self._need("start", args, 2)
        turn = await self.service.start(_int(args[0], "match"), _int(args[1], "user"))
        seats = " ".join(str(uid) for uid in turn.match.user_ids)
        return f"started {turn.match.id} seats {seats}" + (f" | {_events(turn.events)}" if turn.events else "")

    async def act(self, args: list[str]) -> str:
        self._need("act", args, 3, more=True)
        turn = await self.service.act(_int(args[0], "match"), _int(args[1], "user"), " ".join(args[2:]))
        return _events(turn.events)

    async def legal(self, args: list[str]) -> str:
        self._need("legal", args, 2)
        return " | ".join(await self.service.legal_texts(_int(args[0], "match"), _int(args[1], "user")))

    async def show(self, args: list[str]) -> str:
        self._need("show", args, 1)
        match = await self.service.get(_int(args[0], "match"))
        if match.state is None:
            seated = " ".join(str(s.user_id) for s in match.seats if s.joined)
            return f"{match.game.name} {match.status} seated {seated or '-'}"
        movers = " ".join(str(match.user_at(s)) for s in match.actors()) or "-"
        return (f"{match.game.name} {match.status} version {match.record.version} to-move {movers} | "
                f"{match.game.position(match.state)}")


async def serve(db: str, source: TextIO, sink: TextIO) -> None:
    """Answer every line of `source` on `sink`, one at a time, until end of input."""
    store = await Store.open(db)
    try:
        console = Console(MatchService(store))
        while True:
            line = await asyncio.to_thread(source.readline)
            if not line:
                return
            answer = await console.run_line(line)
            if answer is not None:
                sink.write(answer.replace("\n", " ") + "\n")
                sink.flush()
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m matches.console", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the SQLite database file (created and migrated if new)")
    args = parser.parse_args(argv)
    try:
        asyncio.run(serve(args.db, sys.stdin, sys.stdout))
    except StoreUnavailable as exc:  # one line and the bot's exit code for a database problem, no traceback
        print(f"Cannot use the database {exc.path}: {exc.problem}.", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
