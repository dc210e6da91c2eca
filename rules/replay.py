"""Rebuild a game from its setup and its log of notation lines: how matches recover and records are checked."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules.base import Action, Game, State


def chance_action(game: Game, state: State, text: str) -> Action:
    """The chance outcome at `state` whose notation is `text`."""
    matching = [a for a, _ in game.chance_outcomes(state) if game.notation(state, a) == text]
    if len(matching) != 1:
        raise ValueError(f"{text!r} is not a chance outcome in this position")
    return matching[0]


def steps(game: Game, players: int, options: dict[str, str] | None,
          entries: Iterable[tuple[int | None, str]]) -> Iterator[tuple[State, Action, int | None, State]]:
    """Yield (before, action, seat, after) for each (seat, text) log line; seat None marks a chance outcome."""
    state = game.setup(players, options)
    for n, (seat, text) in enumerate(entries, start=1):
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
