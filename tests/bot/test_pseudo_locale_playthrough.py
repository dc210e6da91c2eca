"""Nothing left in English by accident (issue 40, item 5): the whole bot played through simcord from en-XA clients in
a server whose language is en-XA — every game to its end, the player counts that change the words, a tournament,
the other commands — and every text a user sees (messages, embeds, components, modals, alt text, DMs, autocomplete
names and the words drawn in images) checked as pseudo-localized except names, notation and numbers.

`TABLETOP_LEAKS_REPORT=<path>` writes the leaks, grouped by owner, to that file as well (the sweep's to-do list)."""

from __future__ import annotations

import os
import random
import re
import time
from concurrent.futures import Executor, Future
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord

import i18n
from bot import TabletopBot
from cogs.sanae import PRESET_LABELS
from i18n.pseudo import pseudo
from matches import Match
from rules import GAMES
from rules.replay import TakeBack, steps
from tests.bot.helpers import NAMES, answer
from tests.bot.locales import speaking
from tests.bot.playthrough import Capture, TreeWords, english_left, english_names, leaks, report

SERVER, CHANNEL = "Ludoteca", "games"
TOURNAMENT_OPTIONS = "quiet-limit=20 turn-limit=100"


class AtOnce(Executor):
    """Computers think in this process, at once (no worker process to spawn: the playthrough stays fast)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def custom_ids(message: Any) -> list[str]:
    """Every button's custom id of a channel message (discord.py rows) or an interaction reply (raw dicts)."""
    found: list[str] = []

    def walk(items: Any) -> None:
        for item in items:
            if isinstance(item, dict):
                if item.get("custom_id"):
                    found.append(item["custom_id"])
                walk(item.get("components") or [])
            else:
                if getattr(item, "custom_id", None):
                    found.append(item.custom_id)
                walk(getattr(item, "children", None) or [])

    walk(message.components or [])
    return found


class Playthrough:
    """One server in en-XA, its players and everything they do, each step named for the capture."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.bot: TabletopBot = env.bot
        self.service = self.bot.service
        self.capture = Capture(env)
        self.rng = random.Random(7)
        guild = env.create_guild(name=SERVER)
        self.guild = guild
        self.channel = guild.create_text_channel(CHANNEL)
        admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        self.boss = guild.add_member(env.create_user("boss"), roles=[admins])
        self.people = [guild.add_member(env.create_user(name)) for name in NAMES]
        self.everyone = [self.boss, *self.people]
        self.bot.service.computer_executor = AtOnce()
        self.games_played: list[str] = []
        self.timings: dict[str, float] = {}  # CPU seconds of each part
        self.log_lines: set[str] = set()
        self.words = TreeWords()  # the tree's English names: each one shown must be the pseudo-locale's

    def names(self) -> list[str]:
        """What may stay as it is: the players', the server's and the channel's names, every notation a player was
        offered to type (autocomplete values: moves, cells, tiles, option values, and their words), every log line
        of the matches played (the games' notation: `place C-su-mo d4 90; draw ?`). Not the commands' and options'
        names: a text names them as the reader's Discord does (`i18n.slash`), so an English one is a leak."""
        notation = {*self.capture.notation, *self.log_lines}
        # a choice named by the whole action, its value without the verb its command already says (Sakamichi's
        # `/sakamichi place row:` offers "place black up w1b5" for "black up w1b5"): the verb is the game's notation
        verbs = {line.split()[0] for line in self.log_lines if line.split()}
        notation |= {name for name, value in self.capture.offered
                     if name.endswith(f" {value}") and name.removesuffix(f" {value}") in verbs}
        notation |= {word for value in self.capture.notation for word in re.split(r"[\s=]+", value) if word}
        # the parts of a tile's name (C-su-mo: the rules picture names its symbols by their codes)
        notation |= {part for word in notation if re.fullmatch(r"[A-Z]-[a-z]{2}-[a-z]{2}", word)
                     for part in word.split("-")[1:]}
        return [SERVER, CHANNEL, "boss", *NAMES, *sorted(notation, key=len, reverse=True)]

    async def gather_notation(self) -> None:
        """Every log line of every match played, whole and each `;` part, and the command tree's names."""
        empty = 0
        for match_id in range(1, 1000):  # match ids are consecutive: stop after a run of none
            lines = await self.service.store.log(match_id, with_seat_draw=True)
            empty = 0 if lines else empty + 1
            if empty > 10:
                break
            for entry in lines:
                self.log_lines |= {entry.text, *(part.strip() for part in entry.text.split(";"))}
            if lines:
                self.log_lines |= await self.public_log_lines(match_id)
        # What each game's notation names besides moves: its option values (a mode, `plus-or-minus`), Sakamichi's
        # lines as its board labels them (WHITE, BLACK) and Sanae's presets (Classic, Wall, Keep: names players type).
        self.log_lines |= {str(value) for game in GAMES.values() for option in game.options.values()
                           for value in option.choices}
        self.log_lines |= {"WHITE", "BLACK", *PRESET_LABELS.values()}
        commands, options = set(), set()
        for command in self.bot.tree.walk_commands():
            commands.add(command.name)
            options |= {p.display_name for p in getattr(command, "parameters", [])}
        self.words = TreeWords(frozenset(commands - set(GAMES)), frozenset(options))

    async def public_log_lines(self, match_id: int) -> set[str]:
        """The match's log as each reader sees it (`log_text`: the public's and each seat's, with what the stored
        line masks or adds, e.g. Sanae's reveals and combats, Sakamichi's dealt tiles), whole and each `;` part."""
        match = await self.service.get(match_id)
        log = [(entry.seat, entry.text) for entry in await self.service.store.log(match_id)]
        found: set[str] = set()
        readers = [None, *range(match.record.players)]
        for before, action, _seat, _after in steps(match.game, match.record.players, match.record.options, log):
            if isinstance(action, TakeBack):
                continue
            for reader in readers:
                text = match.game.log_text(before, action, reader)
                found |= {text, *(part.strip() for part in text.split(";"))}
        return found

    def by_id(self, user_id: int) -> Any:
        return next(p for p in self.everyone if p.id == user_id)

    async def slash(self, who: Any, command: str, **options: Any) -> Any:
        self.capture.step(f"/{command}")
        return await who.slash(self.channel, command, **options)

    async def complete(self, who: Any, command: str, option: str, typed: str = "", **options: Any) -> list[Any]:
        self.capture.step(f"/{command} {option}: (autocomplete)")
        return list(await who.autocomplete(self.channel, command, option, typed, **options))

    async def click(self, who: Any, message: Any, prefix: str) -> Any:
        """Click the button whose custom id starts with `prefix` (labels change with the language)."""
        matching = [c for c in custom_ids(message) if c.startswith(prefix)]
        assert matching, (prefix, custom_ids(message))
        custom_id = matching[0]
        self.capture.step(f"click {prefix.removeprefix('tt:').rstrip(':')}")
        return await who.click(message, custom_id=custom_id)

    async def match(self, match_id: int) -> Match:
        return await self.service.get(match_id)

    async def open(self, game: str, people: list[Any], computers: int = 0, **options: Any) -> Match:
        """`/<game> new` by the first person, Join by the others, Start: the running match."""
        creator, *others = people
        players = len(people) + computers
        if players != 2 or game in ("sinoda", "cintos", "bodsoi"):
            options = {"players": players, **options}
        if computers:
            options = {"computers": computers, "level": "easy", **options}
        before = {m.id for m in await self.service.matches_for(creator.id)}
        await self.complete(creator, f"{game} new", "options")  # the rule options' values, as a player picks them
        await self.slash(creator, f"{game} new", **options)
        lobby = self.channel.last_message
        for person in others:
            await self.click(person, lobby, "tt:lobby:join:")
        await self.click(creator, lobby, "tt:lobby:start:")
        await self.service.computers_settled()
        (match,) = [m for m in await self.service.matches_for(creator.id) if m.id not in before]
        self.games_played.append(f"{game} {players}p")
        return match

    def mover(self, match: Match) -> Any:
        seat = match.actors()[0]
        return self.by_id(match.user_at(seat))

    async def turn(self, match: Match) -> None:
        """The player to move plays one action through the game's own commands (suggestions as a player would)."""
        game, who = match.record.game, self.mover(match)
        options: dict[str, Any] = {"match": match.id}
        if game == "sinoda":
            moves = await self.complete(who, "sinoda move", "move")
            if moves and self.rng.random() < 0.85:  # captures are offered first, the most valuable first
                choice = moves[0] if self.rng.random() < 0.6 else self.rng.choice(moves)
                await self.slash(who, "sinoda move", move=choice["value"], **options)
            else:
                pieces = await self.complete(who, "sinoda change", "piece")
                piece = self.rng.choice(pieces)["value"]
                ways = await self.complete(who, "sinoda change", "direction", piece=piece)
                await self.slash(who, "sinoda change", piece=piece, direction=ways[0]["value"], **options)
        elif game == "cintos":
            moves = await self.complete(who, "cintos move", "move")
            await self.slash(who, "cintos move", move=self.rng.choice(moves)["value"], **options)
        elif game == "bodsoi":
            tiles = await self.complete(who, "bodsoi place", "tile")
            if tiles:
                await self.slash(who, "bodsoi place", tile=tiles[0]["value"], **options)
            else:
                await self.slash(who, "bodsoi pass", **options)
        elif game == "sakamichi":
            for command, option in (("sakamichi place", "row"), ("sakamichi stack", "row"),
                                    ("sakamichi redraw", "tile")):
                choices = await self.complete(who, command, option)
                if choices:
                    await self.slash(who, command, **{option: choices[0]["value"]}, **options)
                    break
            else:
                give = (await self.complete(who, "sakamichi exchange", "give"))[0]["value"]
                take = (await self.complete(who, "sakamichi exchange", "take", give=give))[0]["value"]
                await self.slash(who, "sakamichi exchange", give=give, take=take, **options)
        else:
            raise AssertionError(game)
        await self.service.computers_settled()

    async def play_out(self, match: Match, limit: int = 400) -> Match:
        for _ in range(limit):
            match = await self.match(match.id)
            if match.outcome() is not None:
                return match
            await self.turn(match)
        raise AssertionError(f"{match.record.game} #{match.id} did not end in {limit} actions")

    async def resign_all(self, match: Match) -> None:
        """Every player still in resigns in turn (confirming), until the match is over."""
        for person in self.everyone:
            match = await self.match(match.id)
            if match.status != "active":
                return
            if match.seat_of(person.id) is None:
                continue
            asked = await self.slash(person, f"{match.record.game} resign", match=match.id)
            ids = custom_ids(answer(asked))
            if any(c.startswith("tt:match:resign-yes:") for c in ids):
                await self.click(person, answer(asked), "tt:match:resign-yes:")
            await self.service.computers_settled()

    def latest(self, prefix: str) -> Any:
        """The latest channel message with a button whose custom id starts with `prefix`."""
        return next(m for m in reversed(self.channel.history()) if any(c.startswith(prefix) for c in custom_ids(m)))

    def board(self, match: Match) -> Any:
        return next(m for m in reversed(self.channel.history())
                    if any(c.endswith(f":{match.id}") for c in custom_ids(m)))

    # ---- the steps -------------------------------------------------------------------------------------------
    async def server_settings(self) -> None:
        boss = self.boss
        await self.slash(boss, "help")
        for game in ("sinoda", "cintos", "sakamichi", "sanae", "bodsoi"):
            await self.slash(boss, "help", game=game)
        await self.slash(boss, "settings show")
        await self.slash(boss, "settings language", language="default")
        await self.slash(boss, "settings time", time=0)
        await self.slash(boss, "settings timeout", rule="claim")
        await self.slash(boss, "settings rated", enabled=True)
        await self.slash(boss, "settings web", action="on")
        await self.slash(boss, "settings game", game="sanae", enabled=False)
        await self.slash(self.people[0], "sanae new")  # switched off: refused
        await self.slash(boss, "settings game", game="sanae", enabled=True)
        # The pseudo-locale is no choice of /settings language, and the service refuses it (Discord has no such
        # locale): the store takes it as the server's language.
        settings = await self.service.guild_settings(self.guild.id)
        await self.service.store.users.put_guild_settings(replace(settings, guild_id=self.guild.id,
                                                                  language=i18n.PSEUDO))

    async def sinoda(self) -> Match:
        ada, bob, cy, di, eve, _fay = self.people
        match = await self.open("sinoda", [ada, bob])
        await self.slash(ada, "sinoda rules")
        await self.slash(ada, "sinoda board", match=match.id)
        await self.slash(ada, "sinoda board", match=match.id, format="text")
        await self.slash(self.mover(match), "sinoda move", move="a1-a9", match=match.id)  # refused
        await self.click(eve, self.board(match), "tt:match:resign:")  # not playing: refused
        match = await self.play_out(match)
        # The other player counts (their words differ: teams, several opponents), humans only: computers left alone
        # after the humans resign would play on to the end.
        for people, options in (([cy, di, eve], None), ([ada, bob, cy, di], "teams=2x2"), (self.people, None)):
            extra: dict[str, Any] = {"options": options} if options else {}
            many = await self.open("sinoda", people, **extra)
            for _ in range(len(people)):
                await self.turn(await self.match(many.id))
            await self.resign_all(many)
        return match

    async def cintos(self) -> Match:
        ada, bob, cy, di, eve, fay = self.people
        match = await self.open("cintos", [ada, bob], options="quiet-limit=20 turn-limit=100", rated=False)
        await self.slash(bob, "cintos rules")
        await self.click(self.mover(match), self.board(match), "tt:match:draw:")
        offer = self.latest("tt:match:draw-no:")
        other = next(p for p in (ada, bob) if p is not self.mover(match))
        await self.click(other, offer, "tt:match:draw-no:")
        await self.turn(match)
        await self.slash(self.mover(await self.match(match.id)), "takeback", match=match.id)  # not the last mover
        now = self.mover(await self.match(match.id))
        last = next(p for p in (ada, bob) if p is not now)
        await self.slash(last, "takeback", match=match.id)
        await self.click(now, self.latest("tt:takeback:no:"), "tt:takeback:no:")
        match = await self.play_out(match)
        four = await self.open("cintos", [cy, di, eve, fay])
        for _ in range(4):
            await self.turn(await self.match(four.id))
        await self.resign_all(four)
        # Against a computer (its name and level in the lobby and on the boards), resigned after two moves: a
        # computer's game to the end would post a board a move for a hundred moves.
        robot = await self.open("cintos", [eve], computers=1)
        for _ in range(2):
            await self.turn(await self.match(robot.id))
        await self.resign_all(robot)
        return match

    async def bodsoi(self) -> Match:
        ada, bob, cy, di, eve, fay = self.people
        match = await self.open("bodsoi", [cy, di])
        await self.slash(cy, "bodsoi rules")
        await self.click(self.mover(match), self.board(match), "tt:match:private:")
        match = await self.play_out(match)
        teams = await self.open("bodsoi", [ada, bob, eve, fay])
        for _ in range(4):
            await self.turn(await self.match(teams.id))
        await self.resign_all(teams)
        return match

    async def sakamichi(self) -> Match:
        ada, bob, *_ = self.people
        basic = await self.open("sakamichi", [ada, bob], options="mode=basic")
        await self.slash(ada, "sakamichi rules")
        await self.click(self.mover(basic), self.board(basic), "tt:match:private:")
        basic = await self.play_out(basic, 120)
        advanced = await self.open("sakamichi", [bob, ada], options="six-rows=4")
        prompt = self.channel.last_message
        chooser = self.mover(advanced)
        other = next(p for p in (ada, bob) if p is not chooser)
        await self.click(other, prompt, "tt:saka:look:")  # not theirs: refused
        look = answer(await self.click(chooser, prompt, "tt:saka:look:"))
        await self.click(chooser, look, "tt:saka:first:")
        for _ in range(3):
            advanced = await self.match(advanced.id)
            if advanced.view(None).get("phase") != "choice":
                break
            who = self.mover(advanced)
            offered = await self.complete(who, "sakamichi choose", "choice")
            await self.slash(who, "sakamichi choose", choice=offered[0]["value"], match=advanced.id)
        await self.play_out(advanced, 120)
        return basic

    async def sanae(self) -> Match:
        from tests.bot.test_sanae_bot import greedy_move

        ada, bob, *_ = self.people
        match = await self.open("sanae", [ada, bob])
        red, blue = self.by_id(match.user_at(0)), self.by_id(match.user_at(1))
        await self.slash(red, "sanae rules")
        panel = answer(await self.slash(red, "sanae setup"))
        layout = answer(await self.click(red, panel, "tt:sanae:classic:"))
        await self.slash(blue, "sanae setup", layout="19F")  # unreadable: refused
        await self.click(red, layout, "tt:sanae:ready:")
        await self.slash(red, "sanae setup", layout="random")  # waiting for the other
        await self.slash(blue, "sanae setup", layout="wall")
        await self.slash(blue, "sanae setup", layout="ready")
        rng = random.Random(4)
        answered = False
        for _ in range(400):
            match = await self.match(match.id)
            if match.outcome() is not None:
                break
            state: Any = match.state
            if state.pending is not None:
                defender = self.by_id(match.user_at(1 - state.turn))
                attacker = self.by_id(match.user_at(state.turn))
                board = self.board(match)
                if not answered:
                    await self.click(attacker, board, "tt:sanae:zed:")  # not theirs: refused
                asked = answer(await self.click(defender, board, "tt:sanae:zed:"))
                picks = [c for c in custom_ids(asked) if c.startswith("tt:sanae:pick:") and not c.endswith(":no")]
                if picks and not answered:  # a Captain answers once; later the Void is let fall
                    await self.click(defender, asked, picks[0])
                    answered = True
                else:
                    await self.click(defender, asked, f"tt:sanae:pick:{match.id}:no")
                continue
            (seat,) = match.actors()
            who = self.by_id(match.user_at(seat))
            await self.complete(who, "sanae move", "move")
            await self.slash(who, "sanae move", move=greedy_move(match, seat, rng), match=match.id)
        assert match.outcome() is not None
        return match

    async def tournament(self) -> None:
        boss, (ada, bob, cy, di, *_) = self.boss, self.people
        await self.slash(boss, "tournament create", game="cintos", format="swiss", rounds=2,
                         options=TOURNAMENT_OPTIONS)
        signup = self.channel.last_message
        for person in (ada, bob, cy, di):
            await self.click(person, signup, "tt:event:join:")
        await self.click(ada, signup, "tt:event:start:")  # not an organiser: refused
        await self.click(boss, signup, "tt:event:start:")
        (event,) = await self.bot.tournaments.listing(self.guild.id, ("running",))
        for round_no in (1, 2):  # a few moves, then a resignation, a draw by agreement, the organiser's ruling
            event = await self.bot.tournaments.get(event.id)
            first, second = [t.match_id for t in event.round_tables() if t.match_id is not None]
            for _ in range(3):
                await self.turn(await self.match(first))
            await self.resign_all(await self.match(first))
            if round_no == 1:
                await self.slash(boss, "tournament result", match=second, result="draw")
            else:
                await self.slash(ada, "tournament pairings")
                await self.slash(boss, "tournament pause")
                await self.slash(boss, "tournament resume")
                match = await self.match(second)
                await self.click(self.mover(match), self.board(match), "tt:match:draw:")
                other = self.by_id(next(u for u in match.user_ids if u != self.mover(match).id))
                await self.click(other, self.latest("tt:match:draw-yes:"), "tt:match:draw-yes:")
        event = await self.bot.tournaments.get(event.id)
        assert event.status == "finished", event.status
        await self.slash(ada, "tournament standings", tournament=event.id)
        await self.slash(ada, "tournament list")
        await self.slash(boss, "tournament export", tournament=event.id)
        # An elimination of four, decided by resignations: the bracket and the podium.
        await self.slash(boss, "tournament create", game="cintos", format="elimination", options=TOURNAMENT_OPTIONS)
        signup = self.channel.last_message
        for person in (ada, bob, cy, di):
            await self.click(person, signup, "tt:event:join:")
        await self.click(boss, signup, "tt:event:start:")
        (knockout,) = [e for e in await self.bot.tournaments.listing(self.guild.id, ("running",))]
        for _ in range(4):
            knockout = await self.bot.tournaments.get(knockout.id)
            if knockout.status != "running":
                break
            for table in knockout.round_tables():
                if table.match_id is not None and table.points is None:
                    await self.resign_all(await self.match(table.match_id))
        await self.slash(ada, "tournament bracket", tournament=knockout.id)

    async def personal(self, finished: Match) -> None:
        ada, bob, *_ = self.people
        await self.slash(ada, "games")
        history = answer(await self.slash(ada, "history", match=finished.id))
        await self.click(ada, history, "tt:history:")  # a whole game's log takes more than one page
        await self.slash(ada, "verify", match=finished.id)
        await self.slash(ada, "profile")
        await self.slash(ada, "leaderboard", game="cintos")
        await self.slash(ada, "notify")
        await self.slash(ada, "vacation status")
        await self.slash(ada, "vacation on", days=3)
        await self.slash(ada, "vacation off")
        await self.slash(ada, "privacy show")
        await self.slash(ada, "privacy export")
        lesson = answer(await self.slash(bob, "learn", game="cintos"))
        await self.slash(bob, "learn", game="cintos", move="c6-c5")
        await self.click(bob, lesson, "tt:learn:hint:")
        await self.slash(bob, "learn", game="cintos", move="d5-e5")
        await self.slash(bob, "learn")

    async def timed(self, name: str, step: Any) -> Any:
        start = time.process_time()
        result = await step
        self.timings[name] = time.process_time() - start
        if path := os.environ.get("TABLETOP_LEAKS_REPORT"):  # the to-do list so far, part by part
            Path(path).write_text(summary(self))
        return result

    async def everything(self) -> None:
        with speaking(i18n.PSEUDO, i18n.PSEUDO):
            await self.timed("settings and help", self.server_settings())
            finished = await self.timed("cintos", self.cintos())
            await self.timed("sinoda", self.sinoda())
            await self.timed("bodsoi", self.bodsoi())
            await self.timed("sakamichi", self.sakamichi())
            await self.timed("sanae", self.sanae())
            await self.timed("tournaments", self.tournament())
            await self.timed("the other commands", self.personal(finished))
        self.capture.step("end")
        await self.gather_notation()


def summary(run: Playthrough) -> str:
    run.capture.collect()
    seen = run.capture.seen
    return report(leaks(seen, run.names(), run.words), f"# The pseudo-locale playthrough (tests/bot/test_pseudo_locale_"
                  f"playthrough.py): {len(seen)} texts seen after step {run.capture.current!r}; games: "
                  f"{', '.join(run.games_played)}; CPU seconds: "
                  f"{', '.join(f'{name} {seconds:.1f}' for name, seconds in run.timings.items())}")


def test_english_left_is_what_the_pseudo_locale_would_still_accent() -> None:
    assert english_left(pseudo("Match #{id} has not started yet."), []) == []
    assert english_left("Match #4 has not started yet.", []) == ["Match", "has", "not", "started", "yet"]
    kept = "`/cintos move` b6-b5 layout=classic <@12> https://example.org/x 1st"
    assert english_left(kept, []) == []
    assert english_left(f"[Ţûŕñ öƒ ada: white up w4 ·····] {kept}", ["ada", "white up w4"]) == []
    assert english_left("[Ţûŕñ öƒ adam ··]", ["ada"]) == ["adam"]  # a name is kept only as a whole word
    assert english_left("[[Ţéåɱ II ···] ŵîñš ···]", []) == []  # a Roman numeral is a number


def test_a_command_name_left_english_is_found_even_in_code() -> None:
    """The pseudo-locale keeps a code span as it is, so a command written in English inside one would pass
    `english_left`: `english_names` reads the names of every command a text writes."""
    words = TreeWords(frozenset({"new", "move", "off", "cintos"} - set(GAMES)), frozenset({"computers", "move"}))
    assert english_names("[Šţåŕţ öñé ŵîţĥ `/cintos new computers:1` ····]", words) == ["new", "computers:"]
    assert english_names("/vacation off ends it", words) == ["off"]
    assert english_names("`/cintos move move:b6-b5` b6 move", words) == ["move", "move:"]
    with i18n.speaking(i18n.PSEUDO):  # as i18n.slash writes it under the pseudo-locale: nothing English
        written = f"[Šţåŕţ öñé ŵîţĥ {i18n.slash('cintos new', computers='1')} ····] {i18n.command('vacation off')}"
    assert written.startswith("[Šţåŕţ öñé ŵîţĥ `/cintos ñéŵ çöɱþûţéŕš:1`")
    assert english_names(written, words) == []
    assert english_names("`/cintos` · row:white up w4", words) == []  # a game's name; notation outside a command


async def test_the_whole_bot_under_the_pseudo_locale_leaves_nothing_in_english(simcord_env: Any) -> None:
    run = Playthrough(simcord_env)
    try:
        with run.capture.drawing(encoded=False):
            await run.everything()
    finally:  # the to-do list of what was seen, even when a step of the playthrough broke
        if path := os.environ.get("TABLETOP_LEAKS_REPORT"):
            Path(path).write_text(summary(run))
    seen = run.capture.seen
    kinds = {item.kind for item in seen}
    # The capture itself works: every kind of text was seen (so an empty list of leaks means something).
    assert {"content", "embed title", "embed description", "embed field name", "component label", "autocomplete",
            "alt text", "image", "DM content"} <= kinds, sorted(kinds)
    assert len(seen) > 2000
    assert not leaks(seen, run.names(), run.words), summary(run)
