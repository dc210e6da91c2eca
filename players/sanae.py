"""Sanae's hard: every move looked at two plies deep over re-dealt worlds, the moves worth it looked at longest.

A Sanae game is won by finding the enemy Void among the stones that have not yet moved or been revealed, and lost by
letting the enemy find one's own. The tree search spread a few hundred noisy playouts over a hundred and fifty moves
and drew level with normal. This search instead scores each move in each re-dealt world against the opponent's best
capture or probe in that world (so a move that leaves the Void, or a piece, open to a capture is seen). A probe of a
hidden stone that has not moved counts its exact chance of being the Void rather than the luck of the re-deal. The
positions are weighed by material, by how many Void candidates each side still hides, and by how enclosed its Void is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from players.evaluate import SANAE_WORTH, SCALES, rewards
from players.levels import after
from players.play import mover
from rules import Action, Game, State
from rules.sanae.play import evolve
from rules.sanae.state import SIDE_CHARS, Move, SanaeState

# Each Void candidate a side still hides is worth this much material, up to HIDING: the enemy has that many stones
# to probe before it finds the Void (more than a dozen are as good as many, since few are ever in reach at once).
CANDIDATE_WORTH = 0.7
HIDING = 12
OPEN_VOID = 0.5  # material lost per empty cell next to a side's own Void (an open door for a capture)
# Successive halving: after the first world every move has one score, the best KEEP[0] go on to the second world,
# the best KEEP[1] to every later one.
KEEP = (30, 10)


def candidates(state: SanaeState, side: str) -> list[int]:
    """Cells of `side`'s stones that could be its Void for all the enemy knows: hidden, and never seen to move."""
    moved = state.moved
    return [c for c, t in enumerate(state.cells) if t and t[0] == side and "*" not in t and c not in moved]


def measure(state: SanaeState) -> list[float]:
    """Each side's standing in material units: its stones' worth, its Void candidates, its Void's open doors."""
    cells, neighbours, moved = state.cells, state.grid.neighbours, state.moved
    worth = [0.0, 0.0]
    hiding = [0, 0]
    red = SIDE_CHARS[0]
    # One pass over the board: the search calls this for every reply it reads (half its time went here).
    for cell, token in enumerate(cells):
        if not token:
            continue
        seat = 0 if token[0] == red else 1
        kind = token[1]
        worth[seat] += SANAE_WORTH.get(kind, 1.0)
        if "*" not in token and cell not in moved:
            hiding[seat] += 1
        if kind == "V":
            worth[seat] -= OPEN_VOID * sum(1 for n in neighbours[cell] if not cells[n])
    return [worth[seat] + CANDIDATE_WORTH * min(hiding[seat], HIDING) for seat in (0, 1)]


def evaluate(game: Game, state: SanaeState, seat: int) -> float:
    """`seat`'s expected result in [0, 1]: exact when the game is over, else its lead squashed as in `evaluate`."""
    done = rewards(game, state)
    if done is not None:
        return done[seat]
    worth = measure(state)
    lead = worth[seat] - worth[1 - seat]
    return 0.5 + 0.45 * math.tanh(lead / SCALES["sanae"])


def _answer(game: Game, state: SanaeState, seat: int, rng: random.Random) -> float:
    """`seat`'s value of `state` (its opponent just moved): its best Zed Inel answer when one is owed."""
    if state.pending is not None and mover(game, state) == seat:
        values = [evaluate(game, after_zed, seat) for zed in game.legal_actions(state, seat)
                  if (after_zed := after(game, state, zed, seat, rng)) is not None]
        return max(values, default=0.0)
    return evaluate(game, state, seat)


def against_replies(game: Game, state: SanaeState, seat: int, rng: random.Random) -> float:
    """`seat`'s value of `state` after its move: the worst of the opponent's attacks, or a quiet reply (the
    position as it is). The opponent sees this world whole, so the value errs on the careful side."""
    done = rewards(game, state)
    if done is not None:
        return done[seat]
    opponent = mover(game, state)
    if opponent is None or opponent == seat:
        return evaluate(game, state, seat)
    replies = game.legal_actions(state, opponent)
    if state.pending is None:  # an ordinary turn: a quiet move leaves the material and the doors as they are
        cells = state.cells
        replies = [reply for reply in replies if cells[reply.target]]
        worst = evaluate(game, state, seat)
    else:  # the opponent's Zed Inel answer to our attack on its Void: one of them must be played
        worst = math.inf
    for reply in replies:
        answer = after(game, state, reply, opponent, rng)
        if answer is not None:
            worst = min(worst, _answer(game, answer, seat, rng))
    return worst if worst != math.inf else evaluate(game, state, seat)


def _void_moved(world: SanaeState, void: int, cell: int) -> SanaeState:
    """`world` with the stones on `void` and `cell` swapped (both hidden candidates of one side)."""
    cells = list(world.cells)
    cells[void], cells[cell] = cells[cell], cells[void]
    return evolve(world, cells=tuple(cells))


def value(game: Game, world: SanaeState, action: Action, seat: int, rng: random.Random) -> float | None:
    """`action`'s value for `seat` in `world` against the opponent's replies; None if the world does not allow it.

    A probe of a hidden enemy stone that may be the Void is worth its exact odds (1 in the candidates) of the
    Void, plus the rest of a stone that is not: both worlds are built from this one by moving the Void."""
    enemy = SIDE_CHARS[1 - seat]
    if isinstance(action, Move):
        target = action.target
        token = world.cells[target]
        if token[:1] == enemy and "*" not in token and target not in world.moved:
            hiding = candidates(world, enemy)
            void = next((c for c in hiding if world.cells[c][1] == "V"), None)
            if void is not None and len(hiding) > 1:
                others = [c for c in hiding if c != target]
                is_void = world if void == target else _void_moved(world, void, target)
                not_void = world if void != target else _void_moved(world, void, rng.choice(others))
                hit, miss = after(game, is_void, action, seat, rng), after(game, not_void, action, seat, rng)
                if hit is None or miss is None:
                    return None
                odds = 1 / len(hiding)
                return odds * against_replies(game, hit, seat, rng) + \
                    (1 - odds) * against_replies(game, miss, seat, rng)
    state = after(game, world, action, seat, rng)
    return None if state is None else against_replies(game, state, seat, rng)


def search(game: Game, world: State, seat: int, legal: Sequence[Action], priors: Sequence[float],
           rng: random.Random, spent: Callable[[int], bool], teams: list[tuple[int, ...]],
           hidden: bool) -> list[Action]:
    """`legal` ranked best first by their mean `value` over re-dealt worlds, each a new `resample_hidden` of
    `world` that every move still in the running is scored in (the same dice luck for all of them).

    `spent(done)` counts scored moves; the first world is always scored whole. `priors` only break ties."""
    assert isinstance(world, SanaeState)
    total, seen = [0.0] * len(legal), [0] * len(legal)
    running = sorted(range(len(legal)), key=lambda i: -priors[i])
    done, worlds = 0, 0

    def mean(index: int) -> float:
        return total[index] / seen[index] if seen[index] else -math.inf

    while True:
        dealt = game.resample_hidden(world, seat, rng)
        for index in running:
            score = value(game, dealt, legal[index], seat, rng)
            if score is not None:
                total[index] += score
                seen[index] += 1
            done += 1
            if worlds and spent(done):
                return [legal[i] for i in sorted(running, key=mean, reverse=True)]
        worlds += 1
        running = sorted(running, key=mean, reverse=True)  # stable: equal means keep the priors' order
        if spent(done):
            return [legal[i] for i in running]
        if worlds <= len(KEEP):
            running = running[:KEEP[worlds - 1]]
