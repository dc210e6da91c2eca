"""Rebuild a game from its setup and its log of notation lines: how matches recover and records are checked.

Besides the game's own lines (a player's action, a server-made one, a chance outcome) a log may hold the match's own
`takeback N` lines (casual matches, `matches/takebacks.py`): back to the position before line N, which the log keeps.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from i18n import _
from rules.base import Action, Game, State

SEAT_DRAW = "seats"  # first word of log line 0 in matches with verifiable dice: the drawn seat order, no game action
TAKEBACK = "takeback"  # first word of a takeback line, `takeback N`: its seat takes back its move on line N


def is_seat_draw(seat: int | None, text: str) -> bool:
    """Whether a log line is the seat draw (`seats 1 0`), which the game itself never sees."""
    return seat is None and text.split()[:1] == [SEAT_DRAW]


def takeback_text(line: int) -> str:
    """The log text of a takeback of the move on log line `line`."""
    return f"{TAKEBACK} {line}"


def takeback_of(seat: int | None, text: str) -> int | None:
    """The line a takeback line takes back (`takeback 17` by a seat: 17), or None for any other line."""
    words = text.split()
    if seat is None or len(words) != 2 or words[0] != TAKEBACK or not words[1].isdigit():
        return None
    return int(words[1])


def standing(lines: Iterable[tuple[int, int | None, int | None, str]]) -> list[tuple[int, int | None, int | None, str]]:
    """The numbered log lines (n, seat, user id, text), in order, that still stand: a takeback line removes the line it
    takes back, every line after it, and itself (what the result's facts count: a move taken back is no move)."""
    kept: list[tuple[int, int | None, int | None, str]] = []
    for line in lines:
        back = takeback_of(line[1], line[3])
        if back is None:
            kept.append(line)
        else:
            kept = [k for k in kept if k[0] < back]
    return kept


@dataclass(frozen=True)
class TakeBack:
    """What a takeback line does, yielded by `steps` in place of an action: `seat` took back its move on log line
    `line`, and with it every line after it (the state is the one before `line` again)."""

    seat: int
    line: int


def chance_action(game: Game, state: State, text: str) -> Action:
    """The chance outcome at `state` whose notation is `text`."""
    matching = [a for a, _ in game.chance_outcomes(state) if game.notation(state, a) == text]
    if len(matching) != 1:
        raise ValueError(_("{text} is not a chance outcome in this position", text=repr(text)))
    return matching[0]


class Rewind:
    """A replay one log line at a time (`play`), remembering the position before every line a takeback may still
    return to: the seats' lines since the last chance outcome (a drawn outcome is never undone, so nothing before it
    can be taken back) that no takeback has undone yet."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.state = state
        self.undoable: list[tuple[int, int, State]] = []  # (line, seat, the state before it), in log order

    def play(self, n: int, seat: int | None, text: str) -> tuple[State, Action | TakeBack, int | None, State]:
        """Apply log line `n`: (before, action, seat, after), where a takeback's action is a `TakeBack` and its seat
        None (no game action: a game's own seat-by-seat readers skip it, like a chance line). `ValueError` (the
        rules' errors are ValueErrors) when the line does not replay here; nothing changes then."""
        before = self.state
        target = takeback_of(seat, text)
        if target is not None:
            assert seat is not None
            found = [i for i, (line, _, _) in enumerate(self.undoable) if line == target]
            if not found or self.undoable[found[0]][1] != seat:
                raise ValueError(_("line {line} is no move of seat {seat} that can still be taken back (a chance "
                                   "outcome came after it, or it was taken back already)", line=target, seat=seat))
            self.state = self.undoable[found[0]][2]
            del self.undoable[found[0]:]
            return before, TakeBack(seat, target), None, self.state
        action = chance_action(self.game, before, text) if seat is None else self.game.parse(before, text, seat)
        after = self.game.apply(before, action, seat)
        if seat is None:
            self.undoable.clear()  # a drawn outcome stands: nothing before it is taken back
        else:
            self.undoable.append((n, seat, before))
        self.state = after
        return before, action, seat, after


def steps(game: Game, players: int, options: dict[str, str] | None,
          entries: Iterable[tuple[int | None, str]]) -> Iterator[tuple[State, Action | TakeBack, int | None, State]]:
    """Yield (before, action, seat, after) for each (seat, text) log line; seat None marks a chance outcome, or a
    takeback line (its action a `TakeBack`, its `after` the position before the line it takes back).

    A leading seat-draw line (line 0) is skipped, so a log read with or without it replays the same; logs from
    before verifiable dice have none. The others are numbered 1, 2, ... as the store numbers them.
    """
    rewind = Rewind(game, game.setup(players, options))
    lines = list(entries)
    if lines and is_seat_draw(*lines[0]):
        lines = lines[1:]
    for n, (seat, text) in enumerate(lines, start=1):
        try:
            step = rewind.play(n, seat, text)
        except ValueError as exc:
            raise ValueError(_("line {n} ({text}): {error}", n=n, text=repr(text), error=exc)) from exc
        yield step


def replay(game: Game, players: int, options: dict[str, str] | None,
           entries: Iterable[tuple[int | None, str]]) -> State:
    """The state after every log line."""
    state = game.setup(players, options)
    for *_done, after in steps(game, players, options, entries):
        state = after
    return state
