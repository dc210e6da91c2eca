"""Positions for the analysis's sanity checks (tests/analysis and bench/analysis.py): from seeded random games, a
position where one of the mover's moves loses at once, whatever the hidden information and the chance that follows
(the move ends the game with the mover beaten, or lets the next side win with its reply), while another does not."""

from __future__ import annotations

import random
from typing import Any

from players.evaluate import evaluate, rewards, teams_of
from players.play import mover, settle
from rules import Action, Game, IllegalAction, State
from tests.players.positions import random_step

WORLDS = 12  # re-deals a loss must hold in (a loss that depends on a secret or a draw is no sure loss)


def _after(game: Game, state: State, action: Action, seat: int, rng: random.Random) -> State | None:
    try:
        return settle(game, game.apply(state, action, seat), rng)
    except IllegalAction:
        return None


def _loses_in(game: Game, world: State, seat: int, action: Action, k: int) -> bool:
    """`action` loses at once in `world` with the draws of stream `k`."""
    state = _after(game, world, action, seat, random.Random(k))
    if state is None:
        return False
    done = rewards(game, state)
    if done is not None:
        return done[seat] == 0.0
    teams = teams_of(game, state)
    side = {s: index for index, team in enumerate(teams) for s in team}
    opponent = mover(game, state)
    if opponent is None or side[opponent] == side[seat]:
        return False
    for reply in game.legal_actions(state, opponent):
        answer = _after(game, state, reply, opponent, random.Random(k))
        done = None if answer is None else rewards(game, answer)
        if done is not None and done[seat] == 0.0:
            return True
    return False


def loses_at_once(game: Game, state: State, seat: int, action: Action) -> bool:
    """`action` by `seat` loses at once in every world `seat` cannot tell from `state`, whatever the draws."""
    return all(_loses_in(game, game.resample_hidden(state, seat, random.Random(k)), seat, action, k)
               for k in range(WORLDS))


def safe_somewhere(game: Game, state: State, seat: int, action: Action) -> bool:
    """`action` does not lose at once in any of the worlds and draws tried."""
    return not any(_loses_in(game, game.resample_hidden(state, seat, random.Random(k)), seat, action, k)
                   for k in range(WORLDS))


def losing_positions(game: Game, wanted: int, seed: int, games: int = 80,
                     level: float = 0.3) -> list[tuple[State, int, Action]]:
    """Up to `wanted` positions (with the seat to move and its losing move) near the ends of seeded random games of
    the game's main mode, where another move is safe and the mover's standing (`players.evaluate`) is at least
    `level` (a move can only lose much where there was something to lose)."""
    rng, found = random.Random(seed), []
    config = game.configurations()[0]
    for _ in range(games):
        state, history = game.setup(config.players, config.options), list[Any]()
        while not game.is_over(state) and len(history) < 3000:
            history.append(state)
            state = random_step(game, state, rng)
        for before in reversed(history[-16:]):
            actors = game.actors(before)
            if len(actors) != 1:
                continue
            seat = min(actors)
            legal = game.legal_actions(before, seat)
            if len(legal) < 2 or evaluate(game, before, teams_of(game, before))[seat] < level:
                continue
            losing = [a for a in legal[:60] if loses_at_once(game, before, seat, a)]
            if losing and any(safe_somewhere(game, before, seat, a) for a in legal[:60] if a not in losing):
                found.append((before, seat, losing[0]))
                break
        if len(found) >= wanted:
            break
    return found
