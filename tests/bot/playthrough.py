"""What the whole-bot pseudo-locale playthrough sees and checks: every text the bot sends to Discord (read from
simcord's log of REST calls), every word the drawing kit draws in an image, and whether each one is pseudo-localized
(issue 40, item 5); the leaks grouped by the owner of the source they came from, as a to-do list."""

from __future__ import annotations

import ast
import inspect
import itertools
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import i18n
from i18n.pseudo import accented
from render import kit
from rules import GAMES
from tests.render.drawn import unencoded

ROOT = Path(__file__).resolve().parents[2]

# What stays the same in every language besides what i18n/pseudo.py keeps: the bot's and the games' names, the
# pieces the rules name as proper names, and each language by its own name (translating.md, "Rules for translators").
PROPER = ("Tabletop", "Cintos", "Sinoda", "Sakamichi", "Sanae", "Bodsoi", "Void", "Captain", "Zed Inel",
          *GAMES,  # a game by its command's name (the games switched off)
          *(shipped.name for shipped in i18n.LANGUAGES))


ROMAN = re.compile(r"[IVX]+")  # a number too (Team II)


@dataclass(frozen=True)
class Seen:
    """One text a user sees: where (the step of the playthrough: a command or a click) and what kind of text."""

    text: str
    step: str
    kind: str
    source: str = ""  # the file and line that drew it, for the words in images


def texts_of_message(payload: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(kind, text) for every user-visible text of a message payload: content, embeds, components, attachments'
    alt text, a thread's or a modal's title."""
    if isinstance(payload.get("content"), str):
        yield f"{prefix}content", payload["content"]
    for embed in payload.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield f"{prefix}embed {key}", embed[key]
        for key, inner in (("footer", "text"), ("author", "name")):
            part = (embed.get(key) or {}).get(inner)
            if isinstance(part, str) and part:
                yield f"{prefix}embed {key}", part
        for item in embed.get("fields") or []:
            yield f"{prefix}embed field name", item.get("name") or ""
            yield f"{prefix}embed field value", item.get("value") or ""
    yield from texts_of_components(payload.get("components") or [], prefix)
    for attachment in payload.get("attachments") or []:
        if attachment.get("description"):
            yield f"{prefix}alt text", attachment["description"]
    if payload.get("title"):
        yield f"{prefix}modal title", payload["title"]
    if payload.get("name") and "content" not in payload:
        yield f"{prefix}thread name", payload["name"]


def texts_of_components(components: Iterable[dict[str, Any]], prefix: str) -> Iterator[tuple[str, str]]:
    for component in components:
        for key, kind in (("label", "label"), ("placeholder", "placeholder"), ("content", "text display"),
                          ("title", "title")):
            if isinstance(component.get(key), str) and component[key]:
                yield f"{prefix}component {kind}", component[key]
        for option in component.get("options") or []:
            yield f"{prefix}select option", option.get("label") or ""
            if option.get("description"):
                yield f"{prefix}select option description", option["description"]
        yield from texts_of_components(component.get("components") or [], prefix)
        if isinstance(component.get("component"), dict):
            yield from texts_of_components([component["component"]], prefix)


def texts_of_request(method: str, path: str, body: Any, dm_channels: set[str]) -> Iterator[tuple[str, str]]:
    """(kind, text) for the texts of one REST call the bot made, or nothing for a call that shows no text."""
    if not isinstance(body, dict) or method not in ("POST", "PATCH"):
        return
    parts = path.strip("/").split("/")
    if parts[0] == "interactions":  # an interaction's response
        data = body.get("data") or {}
        if body.get("type") == 8:  # autocomplete: the names are shown, the values are notation
            for choice in data.get("choices") or []:
                yield "autocomplete", choice.get("name") or ""
        elif body.get("type") == 9:
            yield from texts_of_message(data, "modal ")
        else:
            yield from texts_of_message(data)
    elif parts[0] == "webhooks":  # a follow-up or an edit of the answer
        yield from texts_of_message(body)
    elif parts[0] == "channels" and len(parts) >= 3 and parts[2] in ("messages", "threads"):
        yield from texts_of_message(body, "DM " if parts[1] in dm_channels else "")


class Capture:
    """Every text the bot shows from the moment it is made: `step(...)` names what the playthrough does next, so
    each text is seen with the command or click that caused it."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.seen: list[Seen] = []
        self.notation: set[str] = set()  # every autocomplete value: what a player types (moves, tiles, cells)
        self.offered: set[tuple[str, str]] = set()  # every autocomplete choice: (name, value)
        self.current = "start"
        self._cursor = len(env.http_requests)
        self._lock = threading.Lock()

    def step(self, name: str) -> None:
        self.collect()
        self.current = name

    def collect(self) -> None:
        requests = self.env.http_requests
        dm_channels = {str(channel.id) for channel in self.env.bot.private_channels}
        for entry in requests[self._cursor:]:
            body = entry.json
            if isinstance(body, dict) and body.get("type") == 8:
                choices = (body.get("data") or {}).get("choices") or []
                values = [str(c.get("value")) for c in choices]
                self.offered |= {(str(c.get("name")), str(c.get("value"))) for c in choices}
                # each value, and each word of it made like notation (a tile C-su-mo, a cell R3.03)
                self.notation |= {*values, *(word for value in values for word in value.split()
                                             if re.search(r"[-.\d]", word))}
            for kind, text in texts_of_request(entry.method, entry.path, body, dm_channels):
                if text:
                    self.seen.append(Seen(text, self.current, kind))
        self._cursor = len(requests)

    def drawn(self, text: str) -> None:
        if text.strip():
            with self._lock:
                self.seen.append(Seen(text, self.current, "image", drawer()))

    @contextmanager
    def drawing(self, encoded: bool = True) -> Iterator[None]:
        """Record every string the drawing kit draws (boards are drawn in threads: the kit's one text function).
        `encoded=False` sends the images `unencoded` (empty files), where only their words are read and nothing
        opens an image the bot made again (the playthrough: encoding was a quarter of its time)."""
        original: Callable[..., float] = kit.Canvas.text
        capture = self

        def text(canvas: kit.Canvas, xy: kit.Point, text: str, *args: Any, **kwargs: Any) -> float:
            capture.drawn(text)
            return original(canvas, xy, text, *args, **kwargs)

        setattr(kit.Canvas, "text", text)  # noqa: B010 (a method replaced for the time of the playthrough)
        try:
            with unencoded() if not encoded else nullcontext():
                yield
        finally:
            setattr(kit.Canvas, "text", original)  # noqa: B010


def drawer() -> str:
    """The file and line that asked the drawing kit for a text: the first caller outside the kit itself."""
    frame: FrameType | None = inspect.currentframe()
    while frame is not None:
        path = frame.f_code.co_filename
        # render/panels.py draws what the game's renderer hands it: the renderer is where the words come from
        if not path.endswith(("render/kit.py", "render/lettering.py", "render/panels.py", "tests/bot/playthrough.py")):
            try:
                return f"{Path(path).resolve().relative_to(ROOT)}:{frame.f_lineno}"
            except ValueError:
                return path
        frame = frame.f_back
    return ""


# A command as a text writes it: a code span starting with `/` (`/cintos new computers:1`), or a bare /command and
# the words after it (`/vacation off ends it early`).
COMMAND = re.compile(r"`(/[^`]*)`|(?<![\w/`<])(/[\w<>{}-]+(?: [\w-]+)*)")


@dataclass(frozen=True)
class TreeWords:
    """The English command, group and option names of the tree (the games' own names left out: they stay)."""

    commands: frozenset[str] = frozenset()
    options: frozenset[str] = frozenset()


def english_names(text: str, words: TreeWords) -> list[str]:
    """The command and option names `text` writes in English where it shows a command to type: the pseudo-locale
    accents every name (i18n/pseudo.py `pseudo_name`), so a plain one was never written by `i18n.slash`. A code
    span is kept whole by `english_left`, so this is what finds `/cintos new` left English inside one."""
    found: list[str] = []
    for match in COMMAND.finditer(text):
        path = True  # the words before the first option are the command's; those after, option values
        for token in (match.group(1) or match.group(2))[1:].split(" "):
            name, colon, _value = token.partition(":")
            if colon:
                path = False
                if name in words.options:
                    found.append(f"{name}:")
            elif path and name in words.commands:
                found.append(name)
    return found


def english_left(text: str, names: Iterable[str]) -> list[str]:
    """The runs of two or more plain ASCII letters in `text` outside what may stay as it is: the spans
    i18n/pseudo.py keeps (code, mentions, links, /commands, name=value, words with a digit) and `names`.

    A letter the pseudo-locale would accent and that is still plain was never pseudo-localized: `accented` changes
    exactly those, one character for one."""
    plain = [a != b for a, b in zip(text, accented(text), strict=True)]
    if not any(a and b for a, b in itertools.pairwise(plain)):  # no two plain letters in a row: nothing left
        return []
    for name in names:
        if len(name) < 2 or name not in text:  # the cheap test first: the names include every notation offered
            continue
        after = r"(?![A-Za-z])" if name[-1].isalpha() else ""  # `game:` is followed by its value
        for found in re.finditer(r"(?<![A-Za-z])" + re.escape(name) + after, text):
            plain[found.start():found.end()] = [False] * (found.end() - found.start())
    runs, start = [], None
    for index, flag in enumerate([*plain, False]):
        if flag and start is None:
            start = index
        elif not flag and start is not None:
            if index - start >= 2 and not ROMAN.fullmatch(text[start:index]):
                runs.append(text[start:index])
            start = None
    return runs


# ---- who owns a leak: the source file its English comes from (common_tail.md's list) ---------------------------
OWNERS: list[tuple[str, str]] = [
    ("cogs/analysis.py", "not in the sweep (analysis)"), ("reviews/", "not in the sweep (analysis)"),
    ("analysis/", "not in the sweep (analysis)"), ("render/analysis_graph.py", "not in the sweep (analysis)"),
    ("matches/takebacks.py", "D"), ("matches/vacation.py", "D"), ("matches/privacy.py", "D"),
    ("data/forget.py", "D"), ("data/vacations.py", "D"), ("data/privacy.py", "D"),
    ("lessons/", "D"), ("tabletop/", "D"), ("cogs/learn.py", "D"), ("cogs/takeback.py", "D"),
    ("cogs/vacation.py", "D"), ("cogs/privacy.py", "D"),
    ("tournaments/", "C"), ("tournament_rules/", "C"), ("cogs/tournament", "C"), ("render/bracket.py", "C"),
    ("render/standings.py", "C"), ("render/leaderboard.py", "C"), ("render/panels.py", "C"), ("ratings/", "C"),
    ("rules/sakamichi/", "B2"), ("rules/sanae/", "B2"), ("render/sakamichi/", "B2"), ("render/sanae/", "B2"),
    ("cogs/sakamichi.py", "B2"), ("cogs/sanae.py", "B2"),
    ("rules/sinoda/", "B1"), ("rules/cintos/", "B1"), ("rules/bodsoi/", "B1"), ("render/", "B1"),
    ("cogs/sinoda.py", "B1"), ("cogs/cintos.py", "B1"), ("cogs/bodsoi.py", "B1"),
    ("matches/", "A2"), ("rules/", "A2"), ("data/", "A2"), ("games/", "A2"), ("players/", "A2"),
    ("cogs/", "A1"), ("web/", "E"), ("bot.py", "lead"), ("i18n/", "lead"),
]
PACKAGES = ("cogs", "matches", "rules", "render", "data", "games", "players", "tournaments", "tournament_rules",
            "ratings", "lessons", "tabletop", "reviews", "analysis")


def owner_of(path: str) -> str:
    return next((owner for prefix, owner in OWNERS if path.startswith(prefix)), "lead")


def fragments(value: str) -> tuple[str, ...]:
    """The English pieces of a message as written in the code: split at its {fields}, those with letters kept."""
    return tuple(piece for piece in re.split(r"\{[^{}]*\}", value) if re.search(r"[A-Za-z]{2}", piece))


@cache
def literals() -> list[tuple[str, int, tuple[str, ...]]]:
    """Every string in the code that may be shown (a literal or an f-string's fixed parts): (file, line, pieces)."""
    found = []
    files = [ROOT / "bot.py", *(file for package in PACKAGES for file in sorted((ROOT / package).rglob("*.py")))]
    for file in files:
        path = str(file.relative_to(ROOT))
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.JoinedStr):
                pieces = tuple(p for part in node.values if isinstance(part, ast.Constant)
                               and isinstance(part.value, str) for p in fragments(part.value))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                pieces = fragments(node.value)
            else:
                continue
            if pieces:
                found.append((path, node.lineno, pieces))
    return found


@cache
def literal_words() -> dict[str, list[int]]:
    """Which of `literals()` hold each English word: the strings a leak may come from, found at once."""
    index: dict[str, list[int]] = defaultdict(list)
    for number, (_path, _line, pieces) in enumerate(literals()):
        for word in {w for piece in pieces for w in re.findall(r"[A-Za-z]{2,}", piece)}:
            index[word].append(number)
    return index


def where_from(text: str, runs: list[str], step: str = "") -> str:
    """The file and line of the code whose English a leaking text shows: the string in the code that covers the
    most of it (every piece of it found in the text, one of them holding English left in it), in the step's game's
    files or shared ones."""
    best, weight = "", 1
    game = next((name for name in GAMES if step.lstrip("/").startswith(name)), None)
    candidates = sorted({number for run in runs for number in literal_words().get(run, [])})
    for number in candidates:
        path, line, pieces = literals()[number]
        if game is not None and any(other in path for other in GAMES if other != game):
            continue
        size = sum(len(piece) for piece in pieces)
        if size > weight and all(piece in text for piece in pieces):
            best, weight = f"{path}:{line}", size
    return best


def guess_owner(step: str, kind: str) -> str:
    """The owner by the command a text was seen under, when its English is not found as written in the code."""
    command = step.split()[0].lstrip("/") if step else ""
    by_command = {"tournament": "C", "learn": "D", "takeback": "D", "vacation": "D", "privacy": "D",
                  "analysis": "not in the sweep (analysis)", "sakamichi": "B2", "sanae": "B2", "sinoda": "B1",
                  "cintos": "B1", "bodsoi": "B1"}
    if kind == "image" or command in ("tournament", "learn", "takeback", "vacation", "privacy", "analysis"):
        return by_command.get(command, "B1")
    return "A1"  # a game's own command shows the shared cog's words (cogs/base.py, ui.py, tables.py) as often


@dataclass
class Leak:
    text: str  # the first text of its shape seen
    runs: list[str]
    where: list[tuple[str, str]] = field(default_factory=list)  # (step, kind), first few
    count: int = 0  # how often a text of this shape was seen
    variants: set[str] = field(default_factory=set)  # the texts of this shape (other numbers, names)
    source: str = ""  # file:line of the English in the code
    owner: str = ""


def shape(text: str, names: Iterable[str]) -> str:
    """A text with its numbers and names blotted out: the texts of one message with other fields."""
    for name in names:
        if len(name) >= 2 and name in text:
            text = text.replace(name, "…")
    return re.sub(r"\d+", "#", text)


def leaks(seen: Iterable[Seen], names: Iterable[str], words: TreeWords = TreeWords()) -> list[Leak]:
    """Each shape of leaking text once, with where it was seen (the first few places), how often, its source; a
    command or option name left English (`words`, the tree's) is a leak too."""
    kept = [*PROPER, *names]
    plain_names = [name for name in kept if len(name) >= 2]
    by_shape: dict[str, Leak] = {}
    checked: dict[str, list[str]] = {}
    for item in seen:
        runs = checked.get(item.text)
        if runs is None:
            runs = checked[item.text] = english_left(item.text, kept) + english_names(item.text, words)
        if not runs:
            continue
        found = by_shape.get(shape(item.text, plain_names))
        if found is None:
            found = by_shape[shape(item.text, plain_names)] = Leak(item.text, runs, source=item.source)
        found.count += 1
        found.variants.add(item.text)
        if len(found.where) < 3 and (item.step, item.kind) not in found.where:
            found.where.append((item.step, item.kind))
    # One message's texts differ in more than numbers and names (another message inside, translated or not): one
    # entry per source line and English left.
    merged: dict[tuple[str, tuple[str, ...]], Leak] = {}
    for leak in by_shape.values():
        leak.source = leak.source or where_from(leak.text, leak.runs, leak.where[0][0])
        leak.owner = owner_of(leak.source) if leak.source else guess_owner(*leak.where[0])
        key = (leak.source.split(":")[0] if leak.source else leak.text, tuple(leak.runs))
        if key not in merged:
            merged[key] = leak
            continue
        into = merged[key]
        into.count += leak.count
        into.variants |= leak.variants
        into.where += [place for place in leak.where if place not in into.where][:3 - len(into.where)]
    return list(merged.values())


def report(found: list[Leak], header: str = "") -> str:
    """The leaks as a to-do list grouped by owner: each text, its English runs, where it was seen, its source."""
    groups: dict[str, list[Leak]] = defaultdict(list)
    for leak in found:
        groups[leak.owner].append(leak)
    lines = [header] if header else []
    lines.append("Each entry: one text (others of its shape: other numbers, names, moves), the English words left in "
                 "it, where it was seen (the step: a command or a button's custom id; [the kind of text]) and the "
                 "line of code its English comes from (for the words in images: the line that drew it). Names, "
                 "numbers, notation offered to type, log lines, the games' own /commands, `code`, "
                 "<mentions>, links and name=value stay as they are.")
    lines.append(f"{len(found)} texts still show English: " +
                 ", ".join(f"{owner} {len(items)}" for owner, items in sorted(groups.items())))
    for owner, items in sorted(groups.items()):
        lines += ["", f"=== {owner} ({len(items)}) ==="]
        for leak in sorted(items, key=lambda x: (x.source, x.where[0])):
            shown = leak.text if len(leak.text) <= 300 else leak.text[:300] + "…"
            lines.append(f"- {shown!r}" + (f"  (and {len(leak.variants) - 1} more like it)"
                                            if len(leak.variants) > 1 else ""))
            lines.append(f"    English: {', '.join(leak.runs[:8])}{' …' if len(leak.runs) > 8 else ''}")
            places = "; ".join(f"{step} [{kind}]" for step, kind in leak.where)
            lines.append(f"    seen {leak.count}x: {places}" + (f"  ·  from {leak.source}" if leak.source else
                                                                  "  ·  source not found as written"))
    return "\n".join(lines) + "\n"
