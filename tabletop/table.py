"""A match at one keyboard: hot-seat for people or against computers, with text boards and optional PNG boards.

Every move goes through `MatchService` into the same SQLite file the bot uses (local matches have no server).
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import shutil
import sys
import textwrap
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

import i18n
import render
from data import Store
from i18n import N_, _, ngettext, pgettext
from lessons import LESSONS
from matches import Event, Match, MatchService, Refusal, Turn
from matches.computers import LEVELS, is_computer
from rules import GAMES
from settings import DEFAULTS, Settings, load_or_exit
from tabletop.listing import PAGE, Group, listing, ranked
from tabletop.rules_text import rules_text

HUMAN = 1  # local players are users 1, 2, ...: Discord ids are far larger, so they never meet a real player
# Only to a terminal, when the keyboard passes on: home, clear the screen, then the scrollback, in that order (as
# `clear` does). Clearing the scrollback first lets a terminal such as tmux push the old screen into it.
CLEAR = "\033[H\033[2J\033[3J"
PROMPT_END = "> "
# The words typed at the prompt (help, ?, board, rules, resign, undo, quit) are the same in every language, like the
# moves: what the help names is what is typed.
HELP = N_("Type a move; ? lists your legal moves, best first, each as you type it (? 2 the next page, ? all every "
          "one); board shows it again; rules the rules; resign; undo (against computers: take back your last move); "
          "quit (the match is saved, and python -m tabletop resume goes on with it).")
# What a chance event is, in each game's spec's words (the first word of its notation): a Bodsoi tile is drawn,
# Sanae's and Sakamichi's dice are rolled. A kind not here is "Chance".
CHANCE_WORDS = {
    ("bodsoi", "draw"): N_("Draw"), ("sinoda", "first"): N_("Draw"),
    ("sakamichi", "remove"): N_("Removal"), ("sakamichi", "deal"): N_("Deal"), ("sakamichi", "dice"): N_("Die roll"),
    ("sakamichi", "draw"): N_("Draw"),
    ("sanae", "fill"): N_("Random layout"), ("sanae", "first"): N_("Dice for the first player"),
    ("sanae", "roll"): N_("Dice"),
}
CHANCE = N_("Chance")
__all__ = ["CLEAR", "HELP", "PAGE", "PROMPT_END", "Group", "Table", "listing", "main", "plain", "ranked", "run"]


def width() -> int:
    """The terminal's width (80 when it cannot be told, as through a pipe), never under the boards' 40."""
    return max(40, shutil.get_terminal_size().columns)


def wrapped(text: str, columns: int | None = None) -> str:
    """`text` wrapped at the terminal's width between words, each line of it on its own (a continuation line
    indented two spaces): a terminal would break a long line wherever its edge falls, inside a word."""
    columns = columns or width()
    return "\n".join(textwrap.fill(line, columns, subsequent_indent="  ", break_long_words=False,
                                    break_on_hyphens=False) or line for line in text.split("\n"))


def chance_words(match: Match, names: Sequence[str], event: Event) -> str:
    """A chance event in words. The games say most in sentences ("Blue drew a tile"); Sakamichi's setup events
    are its notation (`deal P1 ?`, its seats' codes and a hidden tile), said here as the spec's table of chance
    nodes says them."""
    if match.game.name != "sakamichi" or event.description != event.public:
        return event.description
    word, *rest = event.public.split()

    hidden = rest[-1:] == ["?"]  # a tile face down: "a tile", else the tile's notation
    if word == "remove" and rest:
        return (_("A tile is set aside face down, out of play") if hidden else
                _("{tile} is set aside face down, out of play", tile=rest[0]))
    if word == "deal" and len(rest) == 2 and rest[0][1:].isdigit() and 0 < int(rest[0][1:]) <= len(names):
        name = names[int(rest[0][1:]) - 1]
        return _("{name} is dealt a tile", name=name) if hidden else _("{name} is dealt {tile}", name=name,
                                                                        tile=rest[1])
    if word == "dice" and len(rest) == 2:
        return _("white {white}, black {black}", white=rest[0], black=rest[1])
    if word == "draw" and rest:
        return _("A tile is drawn") if hidden else _("{tile} is drawn", tile=rest[0])
    return event.description


def collapsed(lines: Sequence[str]) -> list[str]:
    """Runs of one line said again and again (a deal of four hidden tiles) as one line with its count."""
    out: list[str] = []
    runs: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            runs[-1] += 1
        else:
            out.append(line)
            runs.append(1)
    return [line if n == 1 else ngettext("{line} ({n} time)", "{line} ({n} times)", n, line=line)
            for line, n in zip(out, runs, strict=True)]


def plain(block: str) -> str:
    """A text board without its code fences (Discord needs them, a terminal does not)."""
    lines = block.split("\n")
    return "\n".join(lines[1:-1] if lines and lines[0].startswith("```") else lines)


class Table:
    """Runs one match at the keyboard: reads commands from `source`, writes boards and answers to `sink`."""

    def __init__(self, service: MatchService, source: TextIO, sink: TextIO, *, png: Path | None = None,
                 resume_flags: str = "") -> None:
        self.service = service
        self.source = source
        self.sink = sink
        self.png = png
        self.resume_flags = resume_flags  # what `resume` needs besides the match's number (`--db PATH`)
        self.at_keyboard: int | None = None  # the user who last confirmed they are at the keyboard
        self.match: Match | None = None  # the match being played (a new one after undo)
        # What everyone may read that was said since the screen was last cleared (the opening, the moves): a
        # hot-seat hand-over clears the screen, then says it again, so the next player sees it too.
        self.public: list[str] = []
        service.on_computer_move.append(self.computer_moved)
        service.computer_gates.append(self.before_computer)

    def say(self, text: str = "", end: str = "\n", *, public: bool = False) -> None:
        self.sink.write(text + end)
        self.sink.flush()
        if public:
            self.public.append(text)

    def tell(self, text: str, *, public: bool = False) -> None:
        """A sentence or a paragraph, wrapped at the terminal's width."""
        self.say(wrapped(text), public=public)

    async def read(self, prompt: str) -> str | None:
        self.say(prompt + PROMPT_END, end="")
        line = await read_line(self.source)
        return None if not line else line.strip()

    # ---- names ----------------------------------------------------------------------------------------------------
    def colour(self, match: Match, seat: int) -> str | None:
        """The seat's colour in the game's words ("Blue"); Sakamichi's seats are notation (P1, P2), not colours:
        there a player's colour is the line they took ("white line"), once they have one."""
        if match.game.colour_seats:
            return match.seat_name(seat)
        lines = match.view(None).get("colours") or []
        line = lines[seat] if seat < len(lines) else None
        if line is None:
            return None
        return {"white": _("white line"), "black": _("black line")}.get(str(line), str(line))

    def who(self, match: Match, names: Sequence[str], seat: int) -> str:
        """A player with their colour: "Player 1 (Blue)", "Computer (easy) (Yellow)"; the name alone without one."""
        colour = self.colour(match, seat)
        return _("{name} ({colour})", name=names[seat], colour=colour) if colour else names[seat]

    def prompt(self, match: Match, names: Sequence[str], seat: int) -> str:
        """Against computers your colour ("Blue"); at a hot seat the player and their colour ("Player 1 (Blue)")."""
        colour = self.colour(match, seat)
        if len(self.humans(match)) == 1 and match.game.colour_seats and colour:
            return colour
        return self.who(match, names, seat)

    def seating(self, match: Match, names: Sequence[str]) -> str:
        """Who plays which colour: "Seats were drawn: you play Blue, Computer (easy) plays Yellow."."""
        colours = [self.colour(match, s) for s in range(match.players)]
        separator = pgettext("list separator", ", ")
        alone = len(self.humans(match)) == 1  # one person against computers is "you"; at a hot seat, names
        you = [alone and match.user_at(s) == HUMAN for s in range(match.players)]
        if not all(colours):  # Sakamichi: lines are chosen in play
            players = separator.join(_("you") if mine else n for n, mine in zip(names, you, strict=True))
            return _("Players: {players}.", players=players)
        seats = separator.join(_("you play {colour}", colour=c) if mine else _("{name} plays {colour}", name=n,
                                                                                 colour=c)
                               for n, c, mine in zip(names, colours, you, strict=True))
        return _("Seats were drawn: {seats}.", seats=seats)

    def resume_command(self, match: Match) -> str:
        return f"python -m tabletop resume {match.id}{self.resume_flags}"

    def saved(self, match: Match) -> str:
        """Where the match is and how to go on with it: the command on a line of its own, never wrapped (a user
        copies it whole)."""
        return _("Match #{id} is saved; to go on with it later:", id=match.id) + f"\n  {self.resume_command(match)}"

    def tell_saved(self, match: Match, before: str = "") -> None:
        sentence, command = self.saved(match).split("\n")
        self.tell(f"{before} {sentence}".strip())
        self.say(command)

    # ---- opening ------------------------------------------------------------------------------------------------
    async def open(self, game: str, players: int | None, options: dict[str, str], vs: str | None) -> Match:
        """A started match: people 1..N, or one person and computers at level `vs` in the other seats."""
        rules = self.service.game(game)
        count = players or rules.player_counts[0]
        people = 1 if vs else count
        for k in range(people):  # a name, never "You": the boards' sentences are about a player ("… wins")
            await self.service.touch_user(HUMAN + k, _("Player {n}", n=k + 1))
        lobby = await self.service.create(game, guild_id=None, channel_id=0, creator_id=HUMAN, players=count,
                                          options=options, time_control=0, rated=False)
        for k in range(1, people):
            await self.service.join(lobby.id, HUMAN + k)
        for _computer in range(count - people):
            await self.service.add_computer(lobby.id, HUMAN, vs or "normal")
        turn = await self.service.start(lobby.id, HUMAN)
        self.match = turn.match
        await self.introduce(turn.match, _("{game} match #{id}.", game=rules.title, id=lobby.id))
        await self.events(turn.match, turn.events)
        return turn.match

    async def resume(self, match_id: int | None) -> Match:
        """A saved local match, as it was left: `match_id`, else the one played last."""
        if match_id is None:
            mine = await self.service.matches_for(HUMAN, ("active",))
            local = [m for m in mine if m.record.guild_id is None and m.state is not None]
            if not local:
                raise Refusal(_("There is no saved match to resume here: start one with "
                                "python -m tabletop play <game>."))
            match = local[0]
        else:
            match = await self.service.get(match_id)
            if HUMAN not in match.user_ids or match.record.guild_id is not None:
                raise Refusal(_("Match #{id} is not a match of this table.", id=match_id))
            if match.status != "active" or match.state is None:
                words = match.result_words(await self.service.names(match))
                over = _("Match #{id} is over; there is nothing to resume.", id=match_id)
                raise Refusal(f"{over} {words.sentence()}" if words else over)
        self.match = match
        await self.introduce(match, _("{game} match #{id}, resumed where it was left.", game=match.game.title,
                                      id=match.id))
        async with match.lock:  # a computer that was to move when the table stopped moves now
            self.service.wake_computers(match)
        return match

    async def introduce(self, match: Match, title: str) -> None:
        names = await self.service.names(match)
        self.tell(f"{title} {self.seating(match, names)}", public=True)
        goal = _(match.game.goal)
        self.tell(_("Goal: {goal}", goal=goal), public=True)
        self.tell(_(HELP), public=True)

    # ---- showing ------------------------------------------------------------------------------------------------
    def humans(self, match: Match) -> list[int]:
        return [u for u in match.user_ids if not is_computer(u)]

    async def events(self, match: Match, events: Sequence[Event]) -> None:
        names = await self.service.names(match)
        lines = []
        for e in events:
            if e.seat is None:  # chance: a die, a draw, a deal, in the game's own word
                kind = _(CHANCE_WORDS.get((match.game.name, e.text.split(" ", 1)[0]), CHANCE))
                lines.append(_("{kind}: {what}", kind=kind, what=chance_words(match, names, e)))
            else:
                lines.append(_("{who}: {what}", who=self.who(match, names, e.seat), what=e.description))
        for line in collapsed(lines):
            self.tell(line, public=True)

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
            self.match = match
            await self.service.computers_settled()
            if match.outcome() is not None or match.status != "active":
                await self.show(match, self.seat_of(match, self.at_keyboard))
                words = match.result_words(await self.service.names(match))
                over = _("Game over.")
                self.tell(f"{over} {words.sentence()}" if words else over)
                if match.status == "finished":  # the computer's analysis (tabletop/analyse.py)
                    self.tell(_("The computer's analysis of it: {command}",
                                command=f"python -m tabletop analyse {match.id}{self.resume_flags}"))
                return 0
            waiting = [match.user_at(s) for s in match.actors() if not is_computer(match.user_at(s))]
            if not waiting:  # a computer gave up (logged); nothing more can happen here
                self.tell_saved(match, _("The computer could not move."))
                return 1
            user = waiting[0]
            if user != self.at_keyboard and not await self.hand_over(match, user):
                self.tell_saved(match)
                return 1
            seat = match.seat_of(user)
            await self.show(match, seat)
            next_match = await self.turn(match, user)
            if next_match is None:
                self.tell_saved(match)
                return 1
            match = next_match

    def seat_of(self, match: Match, user: int | None) -> int | None:
        return match.seat_of(user) if user is not None else None

    async def hand_over(self, match: Match, user: int) -> bool:
        """Hot-seat: show only the public board, and the next player's secrets once they say they are here. In a
        terminal the screen is cleared first; what everyone may read since the last clear is said again after it
        (the opening's goal and hint, the moves just made), so the next player sees it."""
        if len(self.humans(match)) > 1:
            if self.sink.isatty():
                self.say(CLEAR, end="")
                for said in collapsed(self.public):
                    self.say(said)
            self.public.clear()
            await self.show(match, None)
            names = await self.service.names(match)
            seat = match.seat_of(user)
            line = await self.read(_("Pass the keyboard to {name}; press Enter when they are here",
                                     name=names[seat or 0]))
            if line is None or line.lower() in ("quit", "exit"):
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
            line = await self.read(self.prompt(match, names, seat))
            if line is None or line.lower() in ("quit", "exit"):
                return None
            word = line.lower()
            try:
                if not line:
                    continue
                if word in ("help", "? all") or word == "?" or (word.startswith("? ") and word[2:].isdigit()):
                    legal = await self.service.legal_texts(match.id, user)
                    if word == "? all":
                        self.say(ngettext("Legal moves ({n}):", "Legal moves ({n}):", len(legal)))
                        self.say("\n".join(f"  {t}" for t in legal))
                    else:
                        page = int(word[2:]) if word.startswith("? ") else 1
                        self.say(listing(match, seat, legal, page, width()))
                    if word == "help":
                        self.tell(_(HELP))
                    continue
                if word in ("rules", "rules png"):
                    await self.rules(match, picture=word == "rules png")
                    continue
                if word == "board":
                    await self.show(match, seat)
                    continue
                if word == "undo":
                    return await self.undo(match, user)
                turn = (await self.service.resign(match.id, user) if word == "resign"
                        else await self.service.act(match.id, user, line))
            except Refusal as refusal:
                self.tell(refusal.message)
                continue
            await self.events(match, turn.events)
            return match

    async def rules(self, match: Match, *, picture: bool = False) -> None:
        """The rules in short as text; `rules png`: the rules picture the bot shows for `/<game> rules`, as a PNG
        file in the --png folder, else in the current one."""
        game = match.game
        if picture:
            folder = self.png or Path.cwd()
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{game.name}-rules.png"
            path.write_bytes(await asyncio.to_thread(render.RULES_IMAGES[game.name]))
            self.tell(_("The rules in a picture: {path}", path=path))
            return
        for paragraph in rules_text(game, match.record.options or {}):
            self.tell(paragraph)
        file, page = f"{game.name}-rules.png", f"docs/players/{game.name}.md"
        self.tell(_("The rules as a picture: type rules png (it writes {file} into the --png folder). The whole "
                    "rules: {page}.", file=file, page=page) if self.png else
                  _("The rules as a picture: type rules png (it writes {file} into this folder). The whole rules: "
                    "{page}.", file=file, page=page))

    async def undo(self, match: Match, user: int) -> Match:
        new = await self.service.take_back(match.id, user)
        self.tell(_("Took back your last move: match #{id} ends here and goes on as match #{new}.", id=match.id,
                    new=new.id))
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


def parse_options(words: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise Refusal(_("Write options as name=value, not {word}.", word=repr(word[:40])))
        options[name.strip().lower()] = value.strip().lower()
    return options


async def run(args: argparse.Namespace, source: TextIO, sink: TextIO, settings: Settings = DEFAULTS,
              tables: list[Table] | None = None) -> int:
    """`play` or `resume` on the database `args.db`: the exit status (0 the match ended, 1 it was left, saved, 2 it
    could not start). The table made is appended to `tables`, so a Ctrl-C can name its match."""
    store = await Store.open(args.db, pool_size=settings.database_pool_size)
    service = MatchService(store, cache_size=settings.match_cache)
    service.computer_workers = settings.computer_workers
    service.computer_seconds = args.seconds if args.seconds is not None else settings.computer_seconds
    flags = f" --db {shlex.quote(str(args.db))}" if str(args.db) != str(settings.database) else ""
    table = Table(service, source, sink, png=Path(args.png) if args.png else None, resume_flags=flags)
    if tables is not None:
        tables.append(table)
    try:
        if args.command == "resume":
            match = await table.resume(args.match)
        else:
            match = await table.open(args.game, args.players, parse_options(args.options), args.vs)
        return await table.play(match)
    except Refusal as refusal:
        table.tell(refusal.message)
        return 2
    finally:
        await service.stop_computers()
        await store.close()


async def learn_lessons(args: argparse.Namespace, source: TextIO, sink: TextIO, settings: Settings = DEFAULTS) -> int:
    """`learn`: the game's lessons on the database `args.db`; the exit status (0 every lesson done, 1 stopped before,
    2 no such lesson)."""
    from tabletop.learn import Learning  # a module of its own that imports this one's helpers

    total = len(LESSONS[args.game])
    if args.lesson is not None and not 1 <= args.lesson <= total:
        sink.write(_("{game} has lessons 1 to {total}, not {number}.", game=GAMES[args.game].title, total=total,
                     number=args.lesson) + "\n")
        return 2
    store = await Store.open(args.db, pool_size=settings.database_pool_size)
    try:
        await store.users.touch_user(HUMAN, _("Player {n}", n=1))
        learning = Learning(store, args.game, source, sink, png=Path(args.png) if args.png else None)
        return await learning.run(args.lesson, restart=args.restart)
    finally:
        await store.close()


def language_of(argv: Sequence[str] | None, environ: Mapping[str, str]) -> str:
    """The table's language: `--lang CODE` (anywhere in the arguments), else the environment as gettext reads it
    (LANGUAGE's first entry, LC_ALL, LC_MESSAGES, LANG; `C` and `POSIX` are English), resolved to a shipped language
    (`de_DE.UTF-8` is German; one not shipped is English)."""
    words = list(sys.argv[1:] if argv is None else argv)
    for i, word in enumerate(words):
        if word == "--lang" and i + 1 < len(words):
            return i18n.resolve(words[i + 1])
        if word.startswith("--lang="):
            return i18n.resolve(word.split("=", 1)[1])
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0]
        if value:
            return i18n.ENGLISH if value.split(".")[0] in ("C", "POSIX") else i18n.resolve(value)
    return i18n.ENGLISH


def main(argv: list[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """`python -m tabletop`: every word it prints in the language of `--lang` or the environment (`environ`, which
    the entry point passes; nothing below it reads the environment)."""
    with i18n.speaking(language_of(argv, environ or {})):
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    settings = load_or_exit()  # a bad setting: one line and exit 2, before the database is opened
    parser = argparse.ArgumentParser(prog="python -m tabletop", description=_("Play a match in this terminal."))
    codes = ", ".join(i18n.shipped_codes())
    parser.add_argument("--lang", metavar="CODE", help=_("the language to speak ({codes}; default: LANG from the "
                                                         "environment)", codes=codes))
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help=_("start a match at this keyboard"))
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, help=_("how many seats (default: the game's smallest count)"))
    play.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE", help=_("rule options"))
    play.add_argument("--vs", choices=LEVELS, help=_("fill every other seat with a computer at this level"))
    resume = commands.add_parser("resume", help=_("go on with a saved match (quit or Ctrl-C saves it)"))
    resume.add_argument("match", type=int, nargs="?", help=_("its number (default: the match played last)"))
    learn = commands.add_parser("learn", help=_("learn a game with short lessons, one board and answer each"))
    learn.add_argument("game", choices=sorted(GAMES))
    learn.add_argument("--lesson", type=int, help=_("start at this lesson (default: your next unfinished one)"))
    learn.add_argument("--restart", action="store_true", help=_("forget your progress in this game first"))
    analyse = commands.add_parser("analyse", help=_("the computer's analysis of a finished match: accuracy, "
                                                    "mistakes"))
    analyse.add_argument("match", type=int, nargs="?", help=_("its number (default: the match finished last)"))
    database = _("the database (default: DATABASE_URL, else DATABASE_PATH, as the bot)")
    analyse.add_argument("--db", default=settings.database, help=database)
    for command in (play, resume, learn, analyse):  # after the command too: python -m tabletop play sinoda --lang de
        command.add_argument("--lang", metavar="CODE", help=argparse.SUPPRESS)
    for command in (play, resume, learn):
        command.add_argument("--png", metavar="DIR", help=_("also write each board as a PNG into this folder"))
        command.add_argument("--db", default=settings.database, help=database)
    for command in (play, resume):
        command.add_argument("--seconds", type=float,
                             help=_("a hard computer's time per move (default: TABLETOP_COMPUTER_SECONDS, else "
                                    "{seconds})", seconds=i18n.active().number(DEFAULTS.computer_seconds)))
    args = parser.parse_args(argv)
    if args.command == "analyse":
        from tabletop.analyse import analyse_match

        try:
            return asyncio.run(analyse_match(args, sys.stdout, settings))
        except KeyboardInterrupt:  # Ctrl-C: nothing half-made is stored
            print("\n" + _("Stopped: nothing was stored; ask again to analyse it."), file=sys.stderr)
            return 130
    if args.command == "learn":
        try:
            return asyncio.run(learn_lessons(args, sys.stdin, sys.stdout, settings))
        except KeyboardInterrupt:  # Ctrl-C: every lesson solved is already stored
            print("\n" + _("Stopped. Your progress is kept: {command} goes on.",
                           command=f"python -m tabletop learn {args.game}"), file=sys.stderr)
            return 130
    tables: list[Table] = []
    try:
        return asyncio.run(run(args, sys.stdin, sys.stdout, settings, tables))
    except KeyboardInterrupt:  # Ctrl-C: every move played is already stored
        match = tables[0].match if tables else None
        saved = tables[0].saved(match) if tables and match is not None and match.status == "active" else ""
        stopped = _("Stopped.")
        print(f"\n{stopped} {saved}".rstrip(), file=sys.stderr)
        return 130
