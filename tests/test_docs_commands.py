"""Every slash command the README and the docs show is one the bot registers, as written: the command exists, each
option is one of its options, a boolean is True or False, a choice is one of its choices, a number is in range, and
a game's rule options are ones the game accepts. The tree is the real one: the bot set up offline in simcord, as
the bot tests do. `<placeholders>` are not checked; `[option]` in a syntax line must still name a real option."""

from __future__ import annotations

import asyncio
import importlib
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from discord import app_commands
from simcord import Env

from bot import Settings, create_bot
from cogs.base import GameCog
from rules import GAMES
from tests.test_docs_rendering import PAGES, README, ROOT, lines_of


class Option(NamedTuple):
    kind: str  # discord's option type name: string, integer, boolean, user, …
    choices: tuple[tuple[str, str], ...] = ()  # (name shown, value) pairs
    low: float | None = None
    high: float | None = None


Tree = dict[str, dict[str, Option]]  # "cintos new" -> its options by the name Discord shows


def snapshot(commands: list[Any], prefix: str = "") -> Tree:
    tree: Tree = {}
    for command in commands:
        name = f"{prefix}{command.name}"
        if isinstance(command, app_commands.Group):
            tree.update(snapshot(command.commands, name + " "))
        else:
            tree[name] = {p.display_name: Option(p.type.name, tuple((c.name, str(c.value)) for c in p.choices),
                                                 p.min_value, p.max_value) for p in command.parameters}
    return tree


async def _registered(database: Path) -> Tree:
    bot = create_bot(Settings(token="", database_path=str(database), sync_commands=True, render_workers=0),
                     rng=random.Random(1))
    env = Env(bot)
    await env.start()
    try:
        return snapshot(bot.tree.get_commands())
    finally:
        await env.shutdown()
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture(scope="session")
def registered(tmp_path_factory: pytest.TempPathFactory) -> Tree:
    """The command tree the bot registers, every extension loaded (no Discord: simcord)."""
    return asyncio.run(_registered(tmp_path_factory.mktemp("tree") / "tabletop.sqlite3"))


# ---- finding the examples ------------------------------------------------------------------------------------------
class Example(NamedTuple):
    file: str
    line: int
    text: str


SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)


def examples_in(markdown: str, name: str) -> Iterator[Example]:
    """Code spans starting with `/`, and lines of code blocks that do, as the reader sees them (`\\|` is a pipe
    inside a table; a span may wrap onto the next line)."""
    lines = list(lines_of(markdown))
    prose = "\n".join("" if line.kind == "fence" else line.text for line in lines)
    for match in SPAN.finditer(prose):
        text = " ".join(match.group(2).replace("\\|", "|").split())
        if text.startswith("/"):
            yield Example(name, prose.count("\n", 0, match.start()) + 1, text)
    for line in lines:
        if line.kind == "fence" and line.text.strip().startswith("/"):
            yield Example(name, line.number, line.text.strip())


def all_examples() -> list[Example]:
    return [example for page in [README, *PAGES]
            for example in examples_in(page.read_text(), str(page.relative_to(ROOT)))]


# ---- checking one example ----------------------------------------------------------------------------------------
NAME = re.compile(r"[a-z][a-z0-9_-]*")
PAIR = re.compile(r"(?:^|(?<=\s))([a-z][a-z0-9_-]*):")


def split_command(text: str, tree: Tree) -> tuple[str, str] | None:
    """("cintos new", "computers:1 level:easy") from "/cintos new computers:1 level:easy"; None where the text names
    no command of the tree."""
    words = text[1:].split()
    for n in (3, 2, 1):
        path = " ".join(words[:n])
        if len(words) >= n and path in tree:
            head = re.match(r"/" + r"\s+".join(map(re.escape, words[:n])), text)
            assert head is not None
            return path, text[head.end():].strip()
    return None


def value_problems(name: str, value: str, option: Option) -> list[str]:
    value = value.strip()
    if not value or value.startswith("<") or "…" in value:
        return []  # a placeholder
    if option.kind == "boolean":
        return [] if value.lower() in ("true", "false") else [f"{name}:{value} (a boolean: True or False)"]
    if option.choices:
        allowed = {n.lower() for n, _ in option.choices} | {v.lower() for _, v in option.choices}
        if value.lower() not in allowed:
            return [f"{name}:{value} (one of {', '.join(n for n, _ in option.choices)})"]
        return []
    if option.kind in ("integer", "number"):
        try:
            number = float(value) if option.kind == "number" else int(value)
        except ValueError:
            return [f"{name}:{value} (a number)"]
        if (option.low is not None and number < option.low) or (option.high is not None and number > option.high):
            return [f"{name}:{value} (from {option.low} to {option.high})"]
    return []


def rule_option_problems(path: str, given: dict[str, str]) -> list[str]:
    """`options:name=value ...` of `/<game> new` and `/tournament create game:<game>`, as the game reads them."""
    game_name = path.split()[0] if path.endswith(" new") else given.get("game", "").lower()
    if "options" not in given or game_name not in GAMES or given["options"].startswith("<"):
        return []
    game = GAMES[game_name]
    pairs = given["options"].split()
    if not all("=" in pair for pair in pairs):
        return [f"options:{given['options']} (name=value words)"]
    players = given.get("players") or given.get("players-per-match") or ""
    count = int(players) if players.isdigit() else 2 if 2 in game.player_counts else min(game.player_counts)
    try:
        game.setup(count, dict(pair.split("=", 1) for pair in pairs))
    except ValueError as error:
        return [f"options:{given['options']} ({error})"]
    return []


def command_problems(text: str, tree: Tree) -> list[str]:
    """What is wrong with one slash-command example (or syntax line), as the registered tree sees it."""
    text = re.split(r"\s+(?:→|->|—)\s*", text.replace("\\|", "|"))[0].strip()
    words = text[1:].split()
    if not words or words[0] in ("…", "...") or "/" in words[0] or "." in words[0]:
        return []  # `/… new`, or a file path such as /etc/systemd/system/tabletop.service
    if words[0] == "<game>":
        return [problem for game in GAMES for problem in command_problems(f"/{game}{text[len('/<game>'):]}", tree)]
    split = split_command(text, tree)
    if split is None:
        if any(path.startswith(words[0] + " ") for path in tree) and (len(words) == 1 or words[1] in ("…", "...")):
            return []  # a group on its own: `/settings …`
        return [f"no command /{' '.join(words[:2])}"]
    path, rest = split
    options = tree[path]
    problems: list[str] = []
    for group in re.findall(r"\[([^\]]*)\]", rest):  # a syntax line's [option] or [option: a|b]
        name, _, values = group.partition(":")
        name = name.strip()
        if not NAME.fullmatch(name):
            continue  # [invite1..3]
        if name not in options:
            problems.append(f"[{group}]: /{path} has no option {name}")
        elif values.strip():
            problems += [p for v in values.split("|") for p in value_problems(name, v, options[name])]
    rest = re.sub(r"\[[^\]]*\]|<[^>]*>", " ", rest)
    pairs = list(PAIR.finditer(rest))
    given: dict[str, str] = {}
    for i, pair in enumerate(pairs):
        given[pair.group(1)] = rest[pair.end():pairs[i + 1].start() if i + 1 < len(pairs) else len(rest)].strip()
    bare = [word for word in rest[:pairs[0].start() if pairs else len(rest)].split() if word not in ("|", "·")]
    free = [word for word in bare if word not in options]
    if free:  # `/settings web on`: Discord's client fills the first option with what follows the command
        if not options:
            problems.append(f"/{path} takes no options, not {' '.join(free)!r}")
        else:
            given.setdefault(next(iter(options)), " ".join(free))
    for name, value in given.items():
        if name not in options:
            problems.append(f"{name}: /{path} has no option {name} (it has {', '.join(options) or 'none'})")
        else:
            problems += value_problems(name, value, options[name])
    return problems + rule_option_problems(path, given)


# ---- the checker fires on bad examples -----------------------------------------------------------------------------
TOY: Tree = {
    "notify": {"turns": Option("boolean"), "reminders": Option("boolean")},
    "cintos new": {"players": Option("integer", low=2, high=4), "options": Option("string"),
                   "computers": Option("integer", low=0, high=3),
                   "level": Option("string", (("easy", "easy"), ("normal", "normal"), ("hard", "hard")))},
    "cintos move": {"move": Option("string"), "match": Option("integer")},
    "settings web": {"action": Option("string", (("on: pages", "on"), ("off: none", "off")))},
    "settings show": {},
    "leaderboard": {"game": Option("string"), "scope": Option("string", (("this server", "server"),
                                                                        ("everywhere", "global")))},
    "tournament create": {"game": Option("string"), "time": Option("integer", (("24 hours", "86400"),)),
                          "options": Option("string")},
}


def test_the_checker_finds_what_a_reader_could_not_type() -> None:
    assert command_problems("/notify reminders:off", TOY) == ["reminders:off (a boolean: True or False)"]
    assert command_problems("/cintos new computers:1 level:expert", TOY) == [
        "level:expert (one of easy, normal, hard)"]
    assert command_problems("/cintos new colour:red", TOY) == [
        "colour: /cintos new has no option colour (it has players, options, computers, level)"]
    assert command_problems("/cintos nwe", TOY) == ["no command /cintos nwe"]
    assert command_problems("/cintos new computers:7", TOY) == ["computers:7 (from 0 to 3)"]
    assert command_problems("/cintos new options:setup-2p=square", TOY) != []
    assert command_problems("/cintos new options:quiet", TOY) == ["options:quiet (name=value words)"]
    assert command_problems("/settings web maybe", TOY) == ["action:maybe (one of on: pages, off: none)"]
    assert command_problems("/settings show now", TOY) == ["/settings show takes no options, not 'now'"]
    assert command_problems("/leaderboard game:<game> [scope: this server|nowhere] [page]", TOY) == [
        "scope:nowhere (one of this server, everywhere)", "[page]: /leaderboard has no option page"]
    assert command_problems("/<game> move move:b6-b5", TOY) == [
        f"no command /{game} move" for game in GAMES if game != "cintos"]


def test_the_checker_passes_what_a_reader_can_type() -> None:
    for good in ("/notify reminders:False", "/notify turns:true reminders:FALSE", "/cintos new computers:1 level:easy",
                 "/cintos new [players] [options] [invite1..3]", "/cintos move <move> [match]",
                 "/cintos move move:b6-b5 → the board", "/settings web on", "/settings …", "/… new",
                 "/tournament create game:cintos time:24 hours options:quiet-limit=50",
                 "/cintos new players:4 options:majority=absolute quiet-limit=off", "/leaderboard game:<game>",
                 "/etc/systemd/system/tabletop.service", "/opt/tabletop/bot/.env"):
        assert command_problems(good, TOY) == [], good


def test_examples_are_found_in_code_spans_code_blocks_and_table_cells() -> None:
    page = ("Type `/notify reminders:False` or\n`/cintos new\ncomputers:1`; `True\\|False` is no command.\n\n"
            "| `/sakamichi choose choice:<white\\|black>` | x |\n\n```text\n/tournament standings   → the table\n"
            "  → not this\n```\n")
    assert [(e.line, e.text) for e in examples_in(page, "p.md")] == [
        (1, "/notify reminders:False"), (2, "/cintos new computers:1"),
        (5, "/sakamichi choose choice:<white|black>"), (8, "/tournament standings   → the table")]


# ---- the docs as they are ----------------------------------------------------------------------------------------
def test_the_tree_has_what_the_checker_reads(registered: Tree) -> None:
    assert registered["notify"]["reminders"].kind == "boolean"
    assert {"format", "move", "match"} <= set(registered["cintos board"])
    assert "players-per-match" in registered["tournament create"]


def test_every_slash_command_in_the_docs_is_registered_as_written(registered: Tree) -> None:
    examples = all_examples()
    assert len(examples) > 100
    assert {e.file for e in examples} >= {"README.md", "docs/players/commands.md", "docs/organisers/tournaments.md"}
    wrong = [f"{e.file}:{e.line}: `{e.text}`: {problem}" for e in examples
             for problem in command_problems(e.text, registered)]
    assert wrong == []


def summaries() -> list[Example]:
    """The slash-command examples of each game's `/<game> rules` summary (the bot's own text), as a reader sees them."""
    found: list[Example] = []
    for name in GAMES:
        cog = next(value for value in vars(importlib.import_module(f"cogs.{name}")).values()
                   if isinstance(value, type) and issubclass(value, GameCog) and value.rules_summary)
        found += examples_in(cog.rules_summary.format(**cog.rules_words()), f"cogs/{name}.py rules_summary")
    return found


def test_every_command_of_the_rules_summaries_is_registered_as_written(registered: Tree) -> None:
    examples = summaries()
    assert {e.file for e in examples} == {f"cogs/{name}.py rules_summary" for name in GAMES}
    wrong = [f"{e.file}: `{e.text}`: {problem}" for e in examples for problem in command_problems(e.text, registered)]
    assert wrong == []
