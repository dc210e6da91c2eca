"""A match at one keyboard: hot-seat for people or against computers, with text boards and optional PNG boards.

Every move goes through `MatchService` into the same SQLite file the bot uses (local matches have no server).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import render
from data import Store
from matches import Event, Match, MatchService, Refusal, Turn
from matches.computers import LEVELS, is_computer
from players.evaluate import evaluate
from rules import GAMES
from settings import DEFAULTS, Settings, load_or_exit

HUMAN = 1  # local players are users 1, 2, ...: Discord ids are far larger, so they never meet a real player
# Only to a terminal, when the keyboard passes on: home, clear the screen, then the scrollback, in that order (as
# `clear` does). Clearing the scrollback first lets a terminal such as tmux push the old screen into it.
CLEAR = "\033[H\033[2J\033[3J"
PROMPT_END = "> "
HELP = ("Type a move; ? lists your legal moves, best first, grouped by piece (? 2 the next page, ? all every one); "
        "board shows it again; rules the rules; resign; undo (against computers: take back your last move); quit "
        "(the match stays saved).")
PAGE = 20  # lines of `?` a page: fits a terminal with the prompt
WIDTH = 78


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
        service.computer_gates.append(self.before_computer)

    def say(self, text: str = "", end: str = "\n") -> None:
        self.sink.write(text + end)
        self.sink.flush()

    async def read(self, prompt: str) -> str | None:
        self.say(prompt + PROMPT_END, end="")
        line = await read_line(self.source)
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
        self.say(f"Goal: {rules.goal}")
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

    async def before_computer(self, match: Match, version: int) -> None:
        """Before a computer thinks: the position it answers, which is the one your move made, gets its PNG now
        (the computer's reply would otherwise come first and take its place)."""
        await self.write_png(match)

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
                if word in ("help", "? all") or word == "?" or (word.startswith("? ") and word[2:].isdigit()):
                    legal = await self.service.legal_texts(match.id, user)
                    if word == "? all":
                        self.say(f"Legal moves ({len(legal)}):")
                        self.say("\n".join(f"  {t}" for t in legal))
                    else:
                        page = int(word[2:]) if word.startswith("? ") else 1
                        self.say(listing(match, seat, legal, page))
                    if word == "help":
                        self.say(HELP)
                    continue
                if word == "rules":
                    await self.rules(match)
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

    async def rules(self, match: Match) -> None:
        """The goal in words and the rules picture the bot shows for `/<game> rules`, as a PNG file."""
        game = match.game
        folder = self.png or Path(tempfile.gettempdir())
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{game.name}-rules.png"
        path.write_bytes(await asyncio.to_thread(render.RULES_IMAGES[game.name]))
        self.say(f"{game.title}. Goal: {game.goal}")
        self.say(f"The rules in a picture: {path}")
        self.say(f"The whole rules: docs/players/{game.name}.md (or /{game.name} rules in Discord).")

    async def undo(self, match: Match, user: int) -> Match:
        new = await self.service.take_back(match.id, user)
        self.say(f"Took back your last move: match #{match.id} ends here and goes on as match #{new.id}.")
        return new


async def read_line(source: TextIO) -> str:
    """A line from `source` without blocking the event loop, read by a daemon thread: Ctrl-C at the prompt ends
    the program at once (a worker thread of asyncio's would be waited for at exit, until Enter)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[str] = loop.create_future()

    def read() -> None:
        try:
            line = source.readline()
        except (OSError, ValueError):  # closed meanwhile: the input is over
            line = ""
        if not loop.is_closed():
            loop.call_soon_threadsafe(_settle, done, line)

    threading.Thread(target=read, name="table-input", daemon=True).start()
    return await done


def _settle(done: asyncio.Future[str], line: str) -> None:
    if not done.done():  # cancelled meanwhile (Ctrl-C)
        done.set_result(line)


def group_key(text: str) -> tuple[str, str]:
    """What a move moves, and the rest of it: a verb and its object (`place S-wa-mo` | `a2 90`, `place white` |
    `up w4`), else the piece's square or cell (`b2` | `b2-b3`, shown whole)."""
    words = text.split()
    if len(words) > 2 and words[0].isalpha() and words[0].islower():
        return " ".join(words[:2]), " ".join(words[2:])
    if len(words) == 2 and words[0].isalpha() and words[0].islower():
        return words[0], words[1]
    return re.split(r"[-+x\s]", text, maxsplit=1)[0], text


def ranked(match: Match, seat: int, legal: list[str]) -> list[tuple[str, list[str]]]:
    """The legal moves grouped by what they move, best first: each move scored by the computer players' own
    evaluation of the position it leads to, on a copy where everything the seat cannot see is re-dealt (so the
    order tells nothing hidden); a group ranks by its best move."""
    game, state = match.game, match.state
    world = game.resample_hidden(state, seat, random.Random(0))
    by_text = {game.notation(world, a): a for a in game.legal_actions(world, seat)}

    def score(text: str) -> float:
        action = by_text.get(text)
        if action is None:
            return float("-inf")
        try:
            after = game.apply(world, action, seat)
            return evaluate(game, after)[seat]
        except Exception:  # a position the evaluation does not cover: last, not a crash
            return float("-inf")

    scores = {text: score(text) for text in legal}
    groups: dict[str, list[str]] = {}
    for text in sorted(legal, key=lambda t: -scores[t]):
        key, rest = group_key(text)
        groups.setdefault(key, []).append(rest)
    return list(groups.items())


def listing(match: Match, seat: int | None, legal: list[str], page: int) -> str:
    """`?`: one page of the legal moves, grouped and ranked, with how to see the rest."""
    if not legal or seat is None:
        return "No legal moves for you now."
    lines: list[str] = []
    for key, moves in ranked(match, seat, legal):
        if moves == [key]:
            lines.append(f"  {key}")
            continue
        row = f"  {key}:"
        for move in moves:  # wrapped to the terminal's usual width, continuation lines indented
            if len(row) + len(move) + 2 > WIDTH:
                lines.append(row.rstrip(","))
                row = "     "
            row += f" {move},"
        lines.append(row.rstrip(","))
    pages = max(1, -(-len(lines) // PAGE))
    page = min(max(page, 1), pages)
    head = f"Legal moves ({len(legal)}), best first" + (f", page {page} of {pages}:" if pages > 1 else ":")
    body = lines[(page - 1) * PAGE:page * PAGE]
    more = [f"(? {page + 1} for the next page, ? all for every move)"] if page < pages else []
    return "\n".join([head, *body, *more])


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
    try:
        return asyncio.run(run(args, sys.stdin, sys.stdout, settings))
    except KeyboardInterrupt:  # Ctrl-C: every move played is already stored
        print("\nStopped; the match is saved in the database.", file=sys.stderr)
        return 130
