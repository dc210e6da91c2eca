"""Rebuild a game from its setup and its log of notation lines: how matches recover and records are checked."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules.base import Action, Game, State

SEAT_DRAW = "seats"  # first word of log line 0 in matches with verifiable dice: the drawn seat order, no game action


def is_seat_draw(seat: int | None, text: str) -> bool:
    """Whether a log line is the seat draw (`seats 1 0`), which the game itself never sees."""
    return seat is None and text.split()[:1] == [SEAT_DRAW]


def chance_action(game: Game, state: State, text: str) -> Action:
    """The chance outcome at `state` whose notation is `text`."""
    matching = [a for a, _ in game.chance_outcomes(state) if game.notation(state, a) == text]
    if len(matching) != 1:
        raise ValueError(f"{text!r} is not a chance outcome in this position")
    return matching[0]


def steps(game: Game, players: int, options: dict[str, str] | None,
          entries: Iterable[tuple[int | None, str]]) -> Iterator[tuple[State, Action, int | None, State]]:
    """Yield (before, action, seat, after) for each (seat, text) log line; seat None marks a chance outcome.

    A leading seat-draw line (line 0) is skipped, so a log read with or without it replays the same; logs from
    before verifiable dice have none.
    """
    state = game.setup(players, options)
    lines = list(entries)
    if lines and is_seat_draw(*lines[0]):
        lines = lines[1:]
    for n, (seat, text) in enumerate(lines, start=1):
        try:
            action = chance_action(game, state, text) if seat is None else game.parse(state, text, seat)
            after = game.apply(state, action, seat)
        except ValueError as exc:
            raise ValueError(f"line {n} ({text!r}): {exc}") from exc
        yield state, action, seat, after
        state = after


def replay(game: Game, players: int, options: dict[str, str] | None,
           entries: Iterable[tuple[int | None, str]]) -> State:
    """The state after every log line."""
    state = game.setup(players, options)
    for _, _, _, after in steps(game, players, options, entries):
        state = after
    return state
