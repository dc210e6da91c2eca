"""What a lesson is (a prepared position, one instruction, the answers it accepts, hints keyed to a wrong answer's
kind) and `judge`, which answers a typed move with a verdict. Pure: the rules and the standard library only."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from i18n import _, pgettext
from rules import GAMES, Action, Game, IllegalAction, NotationError, Resign, RulesError, State

# What a wrong answer did, when the game's own classifier has nothing more specific: the game ended for the learner
# (won, lost, drawn), or it did not.
WON, LOST, DRAWN = "won", "lost", "drawn"


@dataclass(frozen=True)
class Words:
    """Everything a lesson says, in the game's own vocabulary: its title, the one instruction under the board, what
    is said when it is solved, the Hint button's nudge, and why a wrong legal answer is not the answer, keyed by
    that answer's kind (each game's `kind`; `other` for any kind not named). Each game's `WORDS` holds them in
    English, marked with `N_`; `Lesson.words` gives them in the language being spoken (`translated`)."""

    title: str
    instruction: str
    done: str
    hint: str
    wrong: Mapping[str, str] = field(default_factory=dict)

    def why(self, kind: str) -> str:
        return self.wrong.get(kind) or self.wrong.get("other") or self.hint

    def translated(self) -> Words:
        """These words in the language being spoken (`i18n.speaking`): each a whole message of the catalogs."""
        return Words(_(self.title), _(self.instruction), _(self.done), _(self.hint),
                     {kind: _(text) for kind, text in self.wrong.items()})


@dataclass(frozen=True)
class Answer:
    """A legal answer played out: the position before, the action, the position after it (and after the lesson's
    chance outcomes, `Lesson.then`), as the rules made them."""

    game: Game
    seat: int
    before: State
    action: Action
    after: State

    @property
    def text(self) -> str:
        return self.game.notation(self.before, self.action)

    @property
    def last(self) -> dict[str, Any]:
        """The rules' account of the learner's own action (the view's `last` right after it, before any chance)."""
        shown: dict[str, Any] = self.game.view(self.game.apply(self.before, self.action, self.seat), self.seat)
        return shown.get("last") or {}

    def ended(self) -> str | None:
        """WON, LOST or DRAWN once the game is over after the answer; None while it goes on."""
        outcome = self.game.outcome(self.after)
        if outcome is None:
            return None
        if not outcome.winners:
            return DRAWN
        return WON if self.seat in outcome.winners else LOST

    def view(self) -> dict[str, Any]:
        return self.game.view(self.after, self.seat)


Goal = Callable[[Answer], bool]
Kind = Callable[[Answer], str]


def won(answer: Answer) -> bool:
    """The goal of a lesson about the game's end: the answer wins it for the learner."""
    return answer.ended() == WON


@dataclass(frozen=True)
class Lesson:
    """One lesson: `position` (the game's position text) with `moves` played on it (notation; a chance outcome by
    its notation too), the learner in `seat` and to act; `goal` says whether a legal answer solves it; `then` are the
    chance outcomes (notation) that follow the answer, so dice show what the lesson teaches; `kind` names what a
    wrong answer did (the game's classifier unless the lesson has its own)."""

    key: str
    game: str
    seat: int
    position: str
    goal: Goal
    english: Words  # as written in the game's `WORDS`: the catalogs' messages
    kind: Kind
    moves: tuple[str, ...] = ()
    then: tuple[str, ...] = ()

    @property
    def words(self) -> Words:
        """What the lesson says, in the language being spoken."""
        return self.english.translated()

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    def start(self) -> State:
        return _start(self)

    def view(self) -> dict[str, Any]:
        """The position as the learner sees it (hidden information hidden)."""
        return self.rules.view(self.start(), self.seat)

    def legal(self) -> list[str]:
        """The learner's legal answers in notation, in the rules' order (the autocomplete and the buttons)."""
        state = self.start()
        return [self.rules.notation(state, action) for action in self.rules.legal_actions(state, self.seat)]

    def names(self, learner: str | None = None) -> list[str]:
        """The seats as the board names them, as players (the boards' sentences are about a player: "… answers Zed
        Inel", never "You answers"): the learner by `learner` (their own name) or else "Learner", the others
        "Opponent" (or "Partner" for a seat on the learner's team), in the language being spoken."""
        game = self.rules
        state = self.start()
        team = next((seats for _, seats in game.teams(game.view(state, None)) if self.seat in seats), ())
        # Translators: a lesson board's name for the seats, used as a player's name in sentences ("Learner moves").
        own = learner or pgettext("lesson seat", "Learner")
        partner, opponent = pgettext("lesson seat", "Partner"), pgettext("lesson seat", "Opponent")
        return [own if s == self.seat else partner if s in team else opponent for s in range(game.players(state))]


@functools.cache
def _start_cached(game: str, position: str, moves: tuple[str, ...]) -> State:
    rules = GAMES[game]
    state = rules.from_position(position)
    for text in moves:
        state = play(rules, state, text)
    return state


def _start(lesson: Lesson) -> State:
    return _start_cached(lesson.game, lesson.position, lesson.moves)


def play(game: Game, state: State, text: str) -> State:
    """`text` played in `state`: a chance outcome by its notation when the state is a chance node, else the action
    of the (one) seat to act. Lessons build their positions through this, so every step is checked by the rules."""
    outcomes = game.chance_outcomes(state)
    if outcomes:
        for outcome, _ in outcomes:
            if game.notation(state, outcome) == text:
                return game.apply(state, outcome, None)
        raise IllegalAction(f"{text!r} is not a chance outcome here")
    actors = sorted(game.actors(state))
    for seat in actors:
        try:
            action = game.parse(state, text, seat)
        except RulesError:
            continue
        return game.apply(state, action, seat)
    raise IllegalAction(f"{text!r} is no seat's legal action here")


@dataclass(frozen=True)
class Verdict:
    """How an answer went: `solved`, and what to say (the lesson's words, or the rules' own refusal); `kind` is
    "solved", the wrong answer's kind, "illegal" or "unreadable"; `after` the position the legal answer made."""

    solved: bool
    kind: str
    message: str
    after: State | None = None
    text: str = ""


def readable(error: RulesError) -> str:
    """A refusal as a learner reads it: the spec's error code in front (`not_your_stone: …`) is for tests and logs,
    so it is left out and the sentence then starts with a capital (as the match service words a refusal)."""
    text = str(error)
    code = re.match(r"[a-z]+(?:_[a-z]+)*: ", text)
    if code is None:  # as the rules wrote it (it may start with a square's label: "d5 and e6 are not ...")
        return text
    rest = text[code.end():]
    return rest[:1].upper() + rest[1:]


def judge(lesson: Lesson, typed: str) -> Verdict:
    """The learner's typed answer to `lesson`: read and checked by the rules (a refusal says why, in the rules'
    words, and changes nothing), then the lesson's goal; a wrong legal answer gets the hint for its kind."""
    game = lesson.rules
    state = lesson.start()
    try:
        action = game.parse(state, typed, lesson.seat)
        if isinstance(action, Resign):
            raise IllegalAction(_("Resigning is no answer to a lesson: try a move (a hint helps)."))
        after = game.apply(state, action, lesson.seat)
    except NotationError as error:
        return Verdict(False, "unreadable", readable(error))
    except RulesError as error:
        return Verdict(False, "illegal", readable(error))
    shown = game.notation(state, action)
    for text in lesson.then:
        if game.chance_outcomes(after):
            after = play(game, after, text)
    answer = Answer(game, lesson.seat, state, action, after)
    if lesson.goal(answer):
        return Verdict(True, "solved", _(lesson.english.done), after, shown)
    kind = lesson.kind(answer)
    return Verdict(False, kind, _(lesson.english.why(kind)), after, shown)


def course(game: str, lessons: Sequence[Lesson]) -> tuple[Lesson, ...]:
    """A game's lessons in order, checked for one game and unique keys."""
    keys = [lesson.key for lesson in lessons]
    if len(set(keys)) != len(keys) or any(lesson.game != game for lesson in lessons):
        raise ValueError(f"{game}'s lessons must be of {game} and have unique keys: {keys}")
    return tuple(lessons)
