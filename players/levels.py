"""The easy and normal computers, and the one-ply look-ahead that hard also starts from.

Every function here gets determinised worlds (states re-dealt from the seat's own view), never the true state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from players.evaluate import evaluate, rewards
from players.play import mover, settle
from rules import Action, Game, IllegalAction, State
from rules.sanae.state import LayoutPreset, Ready

TIE = 1e-9
THREAT_CANDIDATES = 40  # normal and hard check up to this many of their best moves for an immediate losing reply,
THREAT_REPLIES = 300  # read at most this many of the opponent's replies to each (in the game's own order),
THREAT_WORK = 3000  # and stop after this many replies in all (when every move seems to lose, the best is as good)


def setup_choice(legal: Sequence[Action], rng: random.Random) -> Action | None:
    """A private setup answered at once: Sanae's layout is a preset, then "ready" (the spec's quick path)."""
    presets = []
    for action in legal:  # one pass: every decision of every computer (and random test game) asks
        if isinstance(action, Ready):
            return action
        if isinstance(action, LayoutPreset):
            presets.append(action)
    return rng.choice(presets) if presets else None


def after(game: Game, world: State, action: Action, seat: int, rng: random.Random) -> State | None:
    """The world after `action` and the chance it sets off; None if this world does not allow it."""
    try:
        return settle(game, game.apply(world, action, seat), rng)
    except IllegalAction:
        return None


def easy(game: Game, world: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A random move among those that do not lose at once (any move when all of them do)."""
    order = list(legal)
    rng.shuffle(order)
    for action in order:
        state = after(game, world, action, seat, rng)
        done = None if state is None else rewards(game, state)
        if done is None or done[seat] > 0:
            return action
    return order[0]


def one_ply(game: Game, worlds: Sequence[State], seat: int, legal: Sequence[Action], rng: random.Random,
            teams: list[tuple[int, ...]]) -> list[float]:
    """Each action's value for `seat` one move ahead, averaged over the worlds (and their chance draws)."""
    values = []
    for action in legal:
        total, seen = 0.0, 0
        for world in worlds:
            state = after(game, world, action, seat, rng)
            if state is not None:
                total += evaluate(game, state, teams)[seat]
                seen += 1
        values.append(total / seen if seen else 0.0)
    return values


def replies_to(game: Game, world: State, action: Action, seat: int,
               rng: random.Random) -> tuple[State, int, list[Action]]:
    """The state after `action`, the opponent to move there and its replies (none if `seat` moves again)."""
    state = after(game, world, action, seat, rng)
    if state is None or game.is_over(state):
        return world, seat, []
    opponent = mover(game, state)
    if opponent is None or opponent == seat:
        return state, seat, []
    replies = game.legal_actions(state, opponent)
    return state, opponent, replies[:THREAT_REPLIES]


def loses_at_once(game: Game, state: State, opponent: int, replies: list[Action], seat: int,
                  rng: random.Random) -> bool:
    """Whether one of the opponent's `replies` in `state` ends the game with `seat` losing."""
    for reply in replies:
        answer = after(game, state, reply, opponent, rng)
        done = None if answer is None else rewards(game, answer)
        if done is not None and done[seat] == 0.0:
            return True
    return False


def normal(game: Game, worlds: Sequence[State], seat: int, legal: list[Action], rng: random.Random,
           teams: list[tuple[int, ...]]) -> Action:
    """The best move one ply ahead (an immediate win first), avoiding a move the opponent can punish at once."""
    values = one_ply(game, worlds, seat, legal, rng, teams)
    ranked = sorted(range(len(legal)), key=lambda i: (-values[i], rng.random()))
    if values[ranked[0]] >= 1.0 - TIE:
        return legal[ranked[0]]  # a win now
    return safe(game, worlds[0], seat, [legal[index] for index in ranked], rng)


def safe(game: Game, world: State, seat: int, ranked: Sequence[Action], rng: random.Random) -> Action:
    """The first of the best few `ranked` moves that the opponent cannot answer with a win (else the best)."""
    work = 0
    for action in ranked[:THREAT_CANDIDATES]:
        state, opponent, replies = replies_to(game, world, action, seat, rng)
        work += len(replies)
        if work > THREAT_WORK:
            break
        if not loses_at_once(game, state, opponent, replies, seat, rng):
            return action
    return ranked[0]
