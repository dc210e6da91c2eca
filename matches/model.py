"""The match service's value types: a match as the service holds it, what a request did, and refusals."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from data import MatchRecord, SeatRecord
from i18n import _
from rules import Game, Outcome, State
from rules.base import Said, spoken
from rules.outcomes import LOBBY_CLOSED, ResultWords, result_words
from rules.results import Result


class Refusal(Exception):
    """A user's request that cannot be done, with a message saying why (and what would be right)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    @classmethod
    def of(cls, error: Exception) -> Refusal:
        """A rules error as a player reads it: the spec's error code (`wrong_phase: …`, `syntax: …`) is for tests
        and logs, so it is left out and the sentence then starts with a capital, unless it starts with notation (a
        tile, a cell: a word with a digit, or quoted), which is typed as it is."""
        text = str(error)
        code = re.match(r"[a-z]+(?:_[a-z]+)*: ", text)
        if code is None:
            return cls(text)
        rest = text[code.end():]
        first = rest.split(" ", 1)[0]
        if any(c.isdigit() for c in first) or first.startswith(("`", "'", '"')):
            return cls(rest)
        return cls(rest[:1].upper() + rest[1:])


def teams_of(game: Game, record: MatchRecord) -> list[tuple[int, ...]]:
    """The match's teams as the game names them in its final position (`Game.teams`); [] when each plays alone."""
    if record.state is None:
        return []
    view = game.view(game.from_json(record.state), None)
    return [tuple(seats) for _, seats in game.teams(view)]


def ending_of(record: MatchRecord) -> dict[str, Any] | None:
    """The outcome the service stored for a finished or aborted match (a closed lobby stores none)."""
    if record.status not in ("finished", "aborted"):
        return None
    if record.outcome is None and record.status == "aborted":
        return {"winners": [], "scores": None, "reason": LOBBY_CLOSED}
    return record.outcome


def result_of(game: Game, record: MatchRecord) -> Result | None:
    """What the match's result means for each side (`rules.results`); None while it is not over."""
    ending = ending_of(record)
    if ending is None:
        return None
    return Result.of(ending, record.players, aborted=record.status == "aborted", sides=teams_of(game, record))


@dataclass
class Match:
    """A match as the service knows it: its record, its seats and (once started) the game state."""

    record: MatchRecord
    seats: list[SeatRecord]
    game: Game
    state: State | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)
    # Seats that have made a move (None: not looked up yet); kept up to date at commit, so a turn never reads the log.
    moved: set[int] | None = field(default=None, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def players(self) -> int:
        return self.record.players

    @property
    def user_ids(self) -> list[int]:
        return [s.user_id for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id and s.joined:
                return s.seat
        return None

    def user_at(self, seat: int) -> int:
        return self.seats[seat].user_id

    def playing_seat(self, user_id: int) -> int:
        """The seat `user_id` plays in this running match, or a refusal saying why they cannot act in it (not
        started, not seated, over)."""
        if self.status == "lobby":
            raise Refusal(_("Match #{id} has not started yet.", id=self.id))
        seat = self.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You are not playing in match #{id}.", id=self.id))
        if self.status != "active" or self.outcome() is not None:
            raise Refusal(_("Match #{id} is over.", id=self.id))
        return seat

    def actors(self) -> list[int]:
        """Seats to act now (empty in a lobby or after the end)."""
        if self.state is None or self.status != "active":
            return []
        return sorted(self.game.actors(self.state))

    def outcome(self) -> Outcome | None:
        """The game's own result, or one agreed at the table (a draw, an abort)."""
        if self.state is not None:
            result = self.game.outcome(self.state)
            if result is not None:
                return result
        stored = self.record.outcome
        if stored is None or self.status not in ("finished", "aborted"):
            return None
        scores = stored.get("scores")
        return Outcome(frozenset(stored["winners"]), tuple(scores) if scores is not None else None, stored["reason"])

    def seat_name(self, seat: int) -> str:
        assert self.state is not None
        return self.game.seat_name(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game's view for `seat`, with the ending the table agreed ("match_outcome") when the game itself
        did not end: so the board image words an agreed draw or an abort as the match message does."""
        assert self.state is not None
        return self.with_ending(self.game.view(self.state, seat))

    def ending(self) -> dict[str, Any] | None:
        """The outcome the service stored for a finished or aborted match (a closed lobby stores none)."""
        return ending_of(self.record)

    def result(self) -> Result | None:
        """What the result means for each side (`rules.results`); None while the match runs."""
        return result_of(self.game, self.record)

    def with_ending(self, view: dict[str, Any]) -> dict[str, Any]:
        """`view` (of the final position) with "match_outcome" added when the match ended outside the game."""
        ending = self.ending()
        if ending is not None and view.get("outcome") is None:
            view["match_outcome"] = ending
        return view

    def result_words(self, names: Sequence[str]) -> ResultWords | None:
        """The result in words (`rules.outcomes`), `names` per seat; None while the match runs."""
        ending = self.ending()
        if self.state is None:
            return None if ending is None else result_words({"game": self.game.name, "players": self.players},
                                                            names, ending)
        return result_words(self.view(None), names, ending)


@dataclass(frozen=True)
class Event:
    """One log line a request produced: a player's action, a server-made action, or a chance outcome.

    Its words are made when read, in the language being spoken then (`rules.base.Said`): the same event is told to
    the player who moved in their language and posted on the board in the server's. Only `text` is stored."""

    n: int
    seat: int | None
    user_id: int | None
    text: str  # canonical notation: replayable
    said: Said  # the log line as anyone may read it
    told: Said  # in words, for the match message (public)
    kind: str  # "action" | "auto" | "chance" | "timeout" | "takeback"

    @property
    def public(self) -> str:
        """The log line as anyone may read it, in the language being spoken."""
        return spoken(self.said)

    @property
    def description(self) -> str:
        """The event in words for the match message, in the language being spoken."""
        return spoken(self.told)


@dataclass(frozen=True)
class Turn:
    """What a request did: the match afterwards and the events, in log order."""

    match: Match
    events: list[Event]

    @property
    def outcome(self) -> Outcome | None:
        return self.match.outcome()
