"""A match at one keyboard: hot-seat for people or against computers, with text boards and optional PNG boards.

Every move goes through `MatchService` into the same SQLite file the bot uses (local matches have no server).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import render
from data import Store
from matches import Event, Match, MatchService, Refusal, Turn
from matches.computers import LEVELS, is_computer
from rules import GAMES
from settings import DEFAULTS, Settings, configure_logging, load_or_exit

HUMAN = 1  # local players are users 1, 2, ...: Discord ids are far larger, so they never meet a real player
CLEAR = "\033[3J\033[2J\033[H"  # only to a terminal, when the keyboard passes on: screen and scrollback
PROMPT_END = "> "
HELP = ("Type a move, ? for the legal moves, board to see it again, resign, undo (against computers: take back "
        "your last move), quit (the match stays saved).")


def plain(block: str) -> str:
    """A text board without its code fences (Discord needs them, a terminal does not)."""
    lines = block.split("\n")
    return "\n".join(lines[1:-1] if lines and lines[0].startswith("```") else lines)


class Table:
    """Runs one match at the keyboard: reads commands from `source`, writes boards and answers to `sink`."""

    def __init__(self, service: MatchService, source: TextIO, sink: TextIO, *, png: Path | None = None) -> None:
        self.service = service
        self.source = source
        self.sink = sink
        self.png = png
        self.at_keyboard: int | None = None  # the user who last confirmed they are at the keyboard
        service.on_computer_move.append(self.computer_moved)

    def say(self, text: str = "", end: str = "\n") -> None:
        self.sink.write(text + end)
        self.sink.flush()

    async def read(self, prompt: str) -> str | None:
        self.say(prompt + PROMPT_END, end="")
        line = await asyncio.to_thread(self.source.readline)
        return None if not line else line.strip()

    # ---- opening ------------------------------------------------------------------------------------------------
    async def open(self, game: str, players: int | None, options: dict[str, str], vs: str | None) -> Match:
        """A started match: people 1..N, or one person and computers at level `vs` in the other seats."""
        rules = self.service.game(game)
        count = players or rules.player_counts[0]
        people = 1 if vs else count
        for k in range(people):
            await self.service.touch_user(HUMAN + k, "You" if vs else f"Player {k + 1}")
        lobby = await self.service.create(game, guild_id=None, channel_id=0, creator_id=HUMAN, players=count,
                                          options=options, time_control=0, rated=False)
        for k in range(1, people):
            await self.service.join(lobby.id, HUMAN + k)
        for _ in range(count - people):
            await self.service.add_computer(lobby.id, HUMAN, vs or "normal")
        turn = await self.service.start(lobby.id, HUMAN)
        names = await self.service.names(turn.match)
        self.say(f"{rules.title} match #{lobby.id}. Seats were drawn: "
                 + ", ".join(f"{names[s]} plays {turn.match.seat_name(s)}" for s in range(count)) + ".")
        self.say(HELP)
        await self.events(turn.match, turn.events)
        return turn.match

    # ---- showing ------------------------------------------------------------------------------------------------
    def humans(self, match: Match) -> list[int]:
        return [u for u in match.user_ids if not is_computer(u)]

    async def events(self, match: Match, events: Sequence[Event]) -> None:
        names = await self.service.names(match)
        for e in events:
            who = names[e.seat] + f" ({match.seat_name(e.seat)})" if e.seat is not None else "Dice"
            self.say(f"{who}: {e.description}")

    async def computer_moved(self, turn: Turn) -> None:
        await self.events(turn.match, turn.events)
        await self.write_png(turn.match)

    async def show(self, match: Match, seat: int | None) -> None:
        """The board as `seat` may see it (None: what everyone sees)."""
        names = await self.service.names(match)
        self.say(plain(render.text_board(match.view(seat), names, match.id)))
        await self.write_png(match)

    async def write_png(self, match: Match) -> None:
        if self.png is None or match.state is None:
            return
        names = await self.service.names(match)
        png = await asyncio.to_thread(render.render_board, match.view(None), names, match.id)
        self.png.mkdir(parents=True, exist_ok=True)
        (self.png / f"match{match.id}-{match.record.version:04d}.png").write_bytes(png)

    # ---- playing ------------------------------------------------------------------------------------------------
    async def play(self, match: Match) -> int:
        """Until the match ends or the input does; 0 when it ended, 1 when it was left unfinished."""
        while True:
            await self.service.computers_settled()
            if match.outcome() is not None or match.status != "active":
                await self.show(match, self.seat_of(match, self.at_keyboard))
                words = match.result_words(await self.service.names(match))
                self.say(f"Game over. {words.sentence() if words else ''}".strip())
                return 0
            waiting = [match.user_at(s) for s in match.actors() if not is_computer(match.user_at(s))]
            if not waiting:  # a computer gave up (logged); nothing more can happen here
                self.say("The computer could not move; the match is saved as it is.")
                return 1
            user = waiting[0]
            if user != self.at_keyboard and not await self.hand_over(match, user):
                return 1
            seat = match.seat_of(user)
            await self.show(match, seat)
            next_match = await self.turn(match, user)
            if next_match is None:
                self.say(f"Match #{match.id} is saved; its moves are in the database.")
                return 1
            match = next_match

    def seat_of(self, match: Match, user: int | None) -> int | None:
        return match.seat_of(user) if user is not None else None

    async def hand_over(self, match: Match, user: int) -> bool:
        """Hot-seat: show only the public board, and the next player's secrets once they say they are here."""
        if len(self.humans(match)) > 1:
            if self.sink.isatty():
                self.say(CLEAR, end="")
            await self.show(match, None)
            names = await self.service.names(match)
            seat = match.seat_of(user)
            line = await self.read(f"Pass the keyboard to {names[seat or 0]}; press Enter when they are here")
            if line is None:
                return False
        self.at_keyboard = user
        return True

    async def turn(self, match: Match, user: int) -> Match | None:
        """One player's input until something was played; the match to go on with (a new one after undo), or None
        when the player quits or the input ends."""
        names = await self.service.names(match)
        seat = match.seat_of(user)
        assert seat is not None
        while True:
            line = await self.read(f"{names[seat]} ({match.seat_name(seat)})")
            if line is None or line.lower() in ("quit", "exit"):
                return None
            word = line.lower()
            try:
                if not line:
                    continue
                if word in ("?", "help"):
                    legal = await self.service.legal_texts(match.id, user)
                    self.say(f"Legal moves ({len(legal)}):")
                    self.say("\n".join(f"  {t}" for t in legal))
                    if word == "help":
                        self.say(HELP)
                    continue
                if word == "board":
                    await self.show(match, seat)
                    continue
                if word == "undo":
                    return await self.undo(match, user)
                turn = (await self.service.resign(match.id, user) if word == "resign"
                        else await self.service.act(match.id, user, line))
            except Refusal as refusal:
                self.say(refusal.message)
                continue
            await self.events(match, turn.events)
            return match

    async def undo(self, match: Match, user: int) -> Match:
        new = await self.service.take_back(match.id, user)
        self.say(f"Took back your last move: match #{match.id} ends here and goes on as match #{new.id}.")
        return new


def parse_options(words: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise Refusal(f"Write options as name=value, not {word[:40]!r}.")
        options[name.strip().lower()] = value.strip().lower()
    return options


async def run(args: argparse.Namespace, source: TextIO, sink: TextIO, settings: Settings = DEFAULTS) -> int:
    store = await Store.open(args.db, pool_size=settings.database_pool_size)
    service = MatchService(store, cache_size=settings.match_cache)
    service.computer_workers = settings.computer_workers
    service.computer_seconds = args.seconds if args.seconds is not None else settings.computer_seconds
    table = Table(service, source, sink, png=Path(args.png) if args.png else None)
    try:
        match = await table.open(args.game, args.players, parse_options(args.options), args.vs)
        return await table.play(match)
    except Refusal as refusal:
        table.say(refusal.message)
        return 2
    finally:
        await service.stop_computers()
        await store.close()


def main(argv: list[str] | None = None) -> int:
    settings = load_or_exit()  # a bad setting: one line and exit 2, before the database is opened
    configure_logging(settings)
    parser = argparse.ArgumentParser(prog="python -m tabletop", description="Play a match in this terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="start a match at this keyboard")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, help="how many seats (default: the game's smallest count)")
    play.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE", help="rule options")
    play.add_argument("--vs", choices=LEVELS, help="fill every other seat with a computer at this level")
    play.add_argument("--png", metavar="DIR", help="also write each board as a PNG into this folder")
    play.add_argument("--db", default=settings.database,
                      help="the database (default: DATABASE_URL, else DATABASE_PATH, as the bot)")
    play.add_argument("--seconds", type=float,
                      help=f"a hard computer's time per move (default: TABLETOP_COMPUTER_SECONDS, else "
                           f"{DEFAULTS.computer_seconds:g})")
    args = parser.parse_args(argv)
    return asyncio.run(run(args, sys.stdin, sys.stdout, settings))
