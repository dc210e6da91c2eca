"""The one interface every game implements: value types, errors and the `Game` base class.

Pure: no discord, PIL, sqlite, asyncio, clocks or I/O. Randomness exists only as chance nodes that the
caller resolves (the match service draws with a cryptographic RNG and records the outcome).

Words: every method that returns words (`describe`, `log_text`, `seat_name`, `reason_text`, a view's words, an error's
message) makes them with `i18n._()` in the language being spoken when it is called; callers call them where the words
are shown (under `i18n.speaking`). What is stored is facts only: notation in the log, reason codes in an outcome.
Words that must wait (kept in a state, carried to where they are shown) travel as a `Message` or a `Said` function.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MethodType
from typing import Any, ClassVar, TypeVar

from babel import Locale

import i18n
from i18n import _

State = Any  # each game's own frozen dataclass
Action = Any  # each game's own frozen dataclass (or the shared `Resign`): hashable; Any, as State, so each game
# names its own action types in its methods

Frozen = TypeVar("Frozen")


_FIELD_NAMES: dict[type, frozenset[str]] = {}  # per state class, for `evolve`


def evolve(state: Frozen, **changes: Any) -> Frozen:
    """`dataclasses.replace` for a game's frozen state, without its per-call field inspection (a tenth to a third of
    the time of play): the other fields are copied as they are. Anything kept beside the fields in `__dict__` (a
    cache such as Bodsoi's `_no_bodsoi`) stays behind, as with `replace`. For states without `__post_init__`."""
    kind: type[Any] = type(state)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = frozenset(kind.__dataclass_fields__)
    assert changes.keys() <= names, f"not {kind.__name__} fields: {set(changes) - names}"
    after = object.__new__(kind)
    fields = state.__dict__.copy()  # a plain copy, then the changes: a third cheaper than one merging update
    if len(fields) != len(names):
        fields = {name: value for name, value in fields.items() if name in names}
    fields.update(changes)
    object.__setattr__(after, "__dict__", fields)  # frozen: its own __setattr__ refuses
    return after


# ---- words made where they are shown ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Message:
    """Words kept as facts until they are shown: an English message (marked with `N_` where it is written, so the
    catalogs hold it) and its fields, worded by `str()` in the language being spoken then. A field that is itself a
    `Message` is worded first; `plural` with an int field `n` picks the language's plural form; `context` as
    `pgettext`'s. JSON-safe with `to_json`/`from_json` when its fields are, for a message kept in a state."""

    text: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    context: str | None = None

    def __str__(self) -> str:
        spoken = {name: str(value) if isinstance(value, Message) else value for name, value in self.fields.items()}
        lang = i18n.active()
        if self.plural is not None:
            n = int(spoken.pop("n", 0))
            return lang.ngettext(self.text, self.plural, n, **spoken)
        if self.context is not None:
            return lang.pgettext(self.context, self.text, **spoken)
        return lang._(self.text, **spoken)

    def to_json(self) -> dict[str, Any]:
        fields = {name: value.to_json() if isinstance(value, Message) else value for name, value in self.fields.items()}
        data: dict[str, Any] = {"message": self.text, "fields": fields}
        if self.plural is not None:
            data["plural"] = self.plural
        if self.context is not None:
            data["context"] = self.context
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        fields = {name: cls.from_json(value) if isinstance(value, Mapping) and "message" in value else value
                  for name, value in dict(data.get("fields") or {}).items()}
        return cls(str(data["message"]), fields, data.get("plural"), data.get("context"))


# Words, or how to make them (a function of facts already at hand, called where they are shown): what a value made in
# one request and shown in several languages carries (an `Event`'s description, a board's last-move line).
Said = str | Message | Callable[[], str]


def spoken(words: Said) -> str:
    """`words` in the language being spoken now."""
    return words() if callable(words) else str(words)


class RulesError(ValueError):
    """A refusal with a message a player can act on and, where the spec names one, its error code (`E_SYNTAX`).

    The message is made with `_()` where it is raised (the asker's language: the request that parses or applies a
    move speaks it), or given as a `Message` to be worded when it is read (`str(error)`). The code stays out of the
    message: it is for tests and logs, never translated."""

    def __init__(self, message: str | Message, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class NotationError(RulesError):
    """The text is not well-formed notation for this game (bad syntax)."""


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow in this position."""


@dataclass(frozen=True)
class Resign:
    """Any seated player may resign at any time; never listed by `legal_actions`."""


RESIGN = Resign()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. `winners` is empty for a draw; `scores` is per seat where the game scores."""

    winners: frozenset[int]
    scores: tuple[int, ...] | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": sorted(self.winners), "scores": None if self.scores is None else list(self.scores),
                "reason": self.reason}


@dataclass(frozen=True)
class Option:
    """One variant option: its default and, for enumerations, the allowed values (integers validate in the game)."""

    default: str
    choices: tuple[str, ...] = ()
    description: str = ""
    off: str | None = None  # for a limit that can be switched off: how its spec writes "off" ("off" or "0")


@dataclass(frozen=True)
class Configuration:
    """A player count with option values: what the conformance suite plays through."""

    players: int
    options: dict[str, str] = field(default_factory=dict)

    def __hash__(self) -> int:  # options is a dict; configurations are small
        return hash((self.players, tuple(sorted(self.options.items()))))


class _GuardedParse(ABCMeta):
    """Every game's `parse` goes through one guard (`guard_parse`): whatever a player types gets a refusal, never a
    crash. Put around it in the class body's namespace, before the class is made, so no method is replaced."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], /, **kwargs: Any) -> _GuardedParse:
        parse = namespace.get("parse")
        if parse is not None and not getattr(parse, "__isabstractmethod__", False) and parse not in _UNGUARDED:
            namespace["parse"] = guard_parse(parse)
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class Game(ABC, metaclass=_GuardedParse):
    """A game's rules. Stateless: every method takes the (immutable) state it works on.

    Seats are 0-based ints. Chance nodes are states where `chance_outcomes` is non-empty; the caller picks an
    outcome and passes it to `apply` with `seat=None`.
    """

    name: ClassVar[str]  # lowercase registry key, e.g. "cintos"
    title: ClassVar[str]  # display name, e.g. "Cintos"
    goal: ClassVar[str] = ""  # how a game is won, in two sentences at most: /help and the local table say it
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[dict[str, Option]] = {}

    # ---- set-up -----------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: dict[str, str] | None = None) -> State: ...

    def check_options(self, players: int, options: dict[str, str] | None) -> dict[str, str]:
        """Validate a player count and options; return the full option dict with defaults filled in."""
        if players not in self.player_counts:
            valid = ", ".join(str(n) for n in self.player_counts)
            raise ValueError(_("{game} is for {valid} players, not {players}", game=self.title, valid=valid,
                               players=players))
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            valid = ", ".join(sorted(self.options)) or _("none")
            names = ", ".join(quote(name) for name in unknown[:3])
            raise ValueError(_("unknown {game} option {names}; valid options: {valid}", game=self.title, names=names,
                               valid=valid))
        full = {name: opt.default for name, opt in self.options.items()}
        for name, value in given.items():
            value = str(value).strip().lower()
            opt = self.options[name]
            if opt.off is not None and value in LIMIT_OFF:
                value = opt.off  # one way to switch any limit off: both words, stored as the spec writes it
            if opt.choices and value not in opt.choices:
                raise ValueError(_("{name} must be one of {choices}, not {value}", name=name,
                                   choices=", ".join(opt.choices), value=quote(value)))
            full[name] = value
        return full

    def configurations(self) -> list[Configuration]:
        """Player counts and options to test: every count with defaults, then each non-default choice."""
        configs = [Configuration(n) for n in self.player_counts]
        for name, opt in self.options.items():
            for value in opt.choices:
                if value == opt.default:
                    continue
                for n in self.player_counts:
                    try:
                        self.setup(n, {name: value})
                    except ValueError:
                        continue
                    configs.append(Configuration(n, {name: value}))
        return configs

    # ---- whose turn ---------------------------------------------------------------------------------
    @abstractmethod
    def actors(self, state: State) -> frozenset[int]:
        """Seats that may act now; empty at a chance node or once the game is over."""

    @abstractmethod
    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """Non-empty exactly at chance nodes; probabilities sum to 1."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action for `seat`, in a deterministic order (never `RESIGN`)."""

    @abstractmethod
    def apply(self, state: State, action: Action, seat: int | None = None) -> State:
        """A new state after `action` by `seat` (None for a chance outcome). Raises `IllegalAction`."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None: ...

    def automatic_action(self, state: State) -> tuple[int, Action] | None:
        """An action the server submits by itself (e.g. a forced pass), as (seat, action); None if there is none."""
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """What the rules do when `seat` lets its deadline pass, if not forfeiting (e.g. an unanswered question
        counts as "no"); None means the match's timeout rule (claim or forfeit) applies."""
        return None

    # ---- text -----------------------------------------------------------------------------------------
    @abstractmethod
    def parse(self, state: State, text: str, seat: int) -> Action:
        """Read a player's text. `NotationError` for malformed text, `IllegalAction` for an illegal action."""

    @abstractmethod
    def notation(self, state: State, action: Action) -> str:
        """The spec's canonical notation of `action` (a player action or a chance outcome) in `state`."""

    def describe(self, before: State, action: Action, after: State) -> str:
        """The action in words for the (public) match message, e.g. 'b2-b3: captures 3 (Victory by Numbers)'.

        Everyone reads it: it must not reveal anything hidden (a secret draw says "drew a tile").
        """
        return self.log_text(before, action, None)

    def log_text(self, state: State, action: Action, viewer: int | None) -> str:
        """The history line for `action` as `viewer` (None: public) may read it; secret draws are masked."""
        return self.notation(state, action)

    def seat_name(self, state: State, seat: int) -> str:
        """The seat's name in the game's own words (a colour), e.g. 'Red', in the language being spoken."""
        return player_word(seat)

    # ---- results in words (see rules.outcomes) ------------------------------------------------------------------
    reason_codes: ClassVar[tuple[str, ...]] = ()  # every `Outcome.reason` the game uses; () for free sentences

    def reason_text(self, view: Mapping[str, Any], outcome: Mapping[str, Any], names: Sequence[str] = ()) -> str:
        """The outcome's reason as a sentence without final period, in the game's words, from a view and its
        `outcome` dict (`Outcome.to_json()`): e.g. 'Blue captured the Void'. `names`: the players' display names per
        seat, for games whose seats have no name of their own (see `seat_word`). The default tidies the code."""
        return tidy(str(outcome.get("reason") or ""))

    # Whether the seats' names are colours a message may add to a player's name ("ada (Red)"); Sakamichi's "P1" is
    # notation, not a name players know.
    colour_seats: ClassVar[bool] = True

    def seat_word(self, view: Mapping[str, Any], seat: int, names: Sequence[str] = ()) -> str:
        """How a result names `seat`: the seat's own name in the view (a colour: 'Blue')."""
        seats = view.get("seat_names") or []
        return str(seats[seat]) if seat < len(seats) else player_word(seat)

    def teams(self, view: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
        """The view's teams of two or more seats as (name in the game's words, seats); [] when each plays alone."""
        return []

    # ---- views and serialisation ------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-safe view for `seat` (None: public) holding nothing that viewer may not know.

        Every view carries the keys the shared renderer header reads: "game" (registry name), "players",
        "seat_names" (list), "actors" (sorted seats), "turn" (number of turns played), "scores" (list or
        None), "outcome" (`Outcome.to_json()` or None) and "last" (the last action, game-shaped, or None).
        """

    def resample_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A state that `seat` cannot tell apart from `state`: hidden information re-dealt with `rng`.

        Used by the conformance suite to prove that `view` leaks nothing (views of both must be equal).
        Games with perfect information return the state unchanged.
        """
        return state

    @abstractmethod
    def position(self, state: State) -> str: ...

    @abstractmethod
    def from_position(self, text: str) -> State: ...

    @abstractmethod
    def to_json(self, state: State) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> State: ...

    # ---- conveniences shared by every caller -------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None

    def is_chance(self, state: State) -> bool:
        return bool(self.chance_outcomes(state))

    @abstractmethod
    def players(self, state: State) -> int:
        """Number of seats in this game."""


def player_word(seat: int) -> str:
    """'Player 2' for seat 1: a seat without a name of its own, in the language being spoken."""
    return _("Player {number}", number=seat + 1)


def tidy(reason: str) -> str:
    """A reason code or phrase as the start of a sentence: 'void_captured' -> 'Void captured'."""
    reason = reason.replace("_", " ").strip()
    return reason[:1].upper() + reason[1:]


def squeeze(text: str) -> str:
    """Lower-case `text` and drop every space: the tolerant form most notations parse from."""
    return "".join(text.split()).lower()


QUOTE_LIMIT = 40  # characters of a player's text repeated back in a message


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A player's text quoted for a message, shortened: `'abc'`, or `'abcdefg…'` (N characters)` when long.

    Refusals repeat what was typed so the player sees what was read; never the whole of an arbitrary input.
    """
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    return i18n.active().ngettext("{quoted}… ({n} character)", "{quoted}… ({n} characters)", len(text),
                                  quoted=repr(text[: limit - 1]))


LIMIT_OFF = ("off", "0")  # either switches a limit off, in every game


def whole_number(text: str, digits: int = 9) -> int | None:
    """`text` as a whole number when it is 1 to `digits` ASCII digits, else None.

    `str.isdigit()` and `int()` accept any script's digits (and `int()` fails past 4,300 of them): read numbers
    a player typed through this, never through them.
    """
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


TEXT_LIMIT = 500  # characters of one typed action; the longest notation (a Sanae layout code) is about 110
MESSAGE_LIMIT = 1500  # characters of a refusal; within Discord's 2,000 with room for the caller's words

Parse = Callable[[Game, State, str, int], Action]
_UNGUARDED: dict[Parse, Parse] = {}  # each guarded parse -> the game's own, which it wraps


def unguarded_parse(game: Game) -> Callable[[State, str, int], Action]:
    """`game.parse` without the guard: what the fuzz tests hold to the same promise."""
    return MethodType(_UNGUARDED[type(game).parse], game)


def guard_parse(parse: Parse) -> Parse:
    """`parse` that answers every string with a `RulesError`: too long or not text is refused before reading, and
    an unexpected exception (a bug, or a conversion a bound missed) becomes a syntax refusal, never a crash."""

    @functools.wraps(parse)
    def guarded(self: Game, state: State, text: str, seat: int) -> Action:
        if not isinstance(text, str):
            raise NotationError(_("an action is text, not {kind}", kind=type(text).__name__), code="E_SYNTAX")
        if len(text) > TEXT_LIMIT:
            raise NotationError(_("cannot read {text}: an action is at most {limit} characters", text=quote(text),
                                  limit=TEXT_LIMIT), code="E_SYNTAX")
        try:
            return parse(self, state, text, seat)
        except RulesError as error:
            message = str(error)
            if len(message) <= MESSAGE_LIMIT:
                raise
            raise type(error)(message[: MESSAGE_LIMIT - 1] + "…", error.code) from None
        except Exception as error:  # any other failure is still this player's unreadable text
            raise NotationError(_("cannot read {text}", text=quote(text)), code="E_SYNTAX") from error

    _UNGUARDED[guarded] = parse
    return guarded


def _listed(items: list[str], style: str) -> str:
    """All but the last of `items` joined as the language being spoken joins a list's middle ('a, b' · 'a、b')."""
    patterns = Locale.parse(i18n.active().locale).list_patterns
    middle = str((patterns.get(style) or patterns["standard"])["middle"])
    joined = items[0]
    for item in items[1:]:
        joined = middle.format(joined, item)
    return joined


def all_of(items: Iterable[str]) -> str:
    """'a, b and c' for sentences, in the language being spoken."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the end of a list: {items} is the list's start ("a, b"), {last} its last item ("c").
    return _("{items} and {last}", items=_listed(items[:-1], "standard"), last=items[-1])


def one_of(items: Iterable[str]) -> str:
    """'a, b or c' for messages, in the language being spoken."""
    items = list(items)
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list of choices: {items} is the list's start ("a, b"), {last} its last choice ("c").
    return _("{items} or {last}", items=_listed(items[:-1], "or"), last=items[-1])
