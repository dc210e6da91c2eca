"""Sanae's hard: every move looked at two plies deep over re-dealt worlds, the moves worth it looked at longest.

A Sanae game is won by finding the enemy Void among the stones that have not yet moved or been revealed, and lost by
letting the enemy find one's own. The tree search spread a few hundred noisy playouts over a hundred and fifty moves
and drew level with normal. This search instead scores each move in each re-dealt world against the opponent's best
capture or probe in that world (so a move that leaves the Void, or a piece, open to a capture is seen); as the
opponent cannot tell our Void from the other candidates, its probe is worth the mean over those in reach. A probe of a
hidden stone that has not moved counts its exact chance of being the Void rather than the luck of the re-deal, and a
combat its dice exactly. The positions are weighed by material, by how many Void candidates each side still hides,
by how enclosed its Void is, and by how near the mover's stones are to the enemy's candidates. Where every move loses
to the best reply, the moves are ranked by the mean over all replies instead: a weak opponent may not see the win,
and a search that thinks all is lost plays as if nothing mattered.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from players.evaluate import SCALES, rewards
from players.levels import after
from players.measures import SANAE_WORTH
from players.play import mover, settle
from rules import Action, Game, IllegalAction, State
from rules.base import evolve
from rules.sanae.board import Board
from rules.sanae.moves import do_move
from rules.sanae.pieces import RANGES
from rules.sanae.state import SIDE_CHARS, Move, SanaeState, lost_both_royals

# Each Void candidate a side still hides is worth this much material, up to HIDING: the enemy has that many stones
# to probe before it finds the Void (more than a dozen are as good as many, since few are ever in reach at once).
CANDIDATE_WORTH = 0.7
HIDING = 12
OPEN_VOID = 0.5  # material lost per empty cell next to a side's own Void (an open door for a capture)
# Each enemy Void candidate costs the mover this much material per move its nearest stone needs to reach it (graph
# distance over range, blocking ignored). The two-ply search sees no probe beyond its reach, so without it a side
# whose stones are all far from the candidates shuffles one back and forth while a random opponent, given time, finds
# its Void; a candidate probed or seen to move is one cost less, so this never argues against a probe.
APPROACH = 0.03
# A side's last King or Queen is worth this much more than its rank: without both, its capture of the Void only draws
# (king-queen=flag-draw) or the game is drawn at once (draw), and hard drew 6 games in 200 against random that way.
LAST_ROYAL = 5.0
# Successive halving: after the first world every move has one score, the best KEEP[0] go on to the second world,
# the best KEEP[1] to every later one.
KEEP = (30, 10)
# A move worth less than this against the opponent's best reply survives a sharp opponent less than one time in seven
# (a 5-in-36 attack scores at most 5/36 x 0.95, about 0.13; a Wizard's even chance at a Dragon is well above).
# When every move is that bad, the search plays for the opponent's mistakes instead: it ranks the moves by their mean
# over the replies (else it throws its pieces one after another at a Dragon that can take its Void, for a 5 in 36
# chance each, or shuffles a Footman back and forth while a weak opponent might never find the Void).
LOST = 0.15
# A move's value for the mover in one world: against the opponent's best reply, and over all its replies.
Score = tuple[float, float]


def candidates(state: SanaeState, side: str) -> list[int]:
    """Cells of `side`'s stones that could be its Void for all the enemy knows: hidden, and never seen to move."""
    moved = state.moved
    return [c for c, t in enumerate(state.cells) if t and t[0] == side and "*" not in t and c not in moved]


class Tally(NamedTuple):
    """What `measure` adds up over the cells, per side: its stones' worth, its hidden stones never seen to move, and
    the cell of its Void (None once captured)."""

    worth: tuple[float, float]
    hiding: tuple[int, int]
    voids: tuple[int | None, int | None]


def tally(state: SanaeState) -> Tally:
    """`state`'s `Tally`: every stone counted, as `retally` counts the stones that changed (here, from an empty
    board)."""
    empty = evolve(state, cells=("",) * len(state.cells), moved=frozenset())
    return retally(empty, Tally((0.0, 0.0), (0, 0), (None, None)), state)


def retally(before: SanaeState, counted: Tally, state: SanaeState) -> Tally:
    """`tally(state)` from `counted`, the tally of `before`, reading only the cells that differ between the two (a
    move, a combat, a Zed Inel swap change two or three): the search measures every reply it reads, and reading all
    93 cells each time was a third of its time. Every worth is a multiple of 1/2, so the sums are exact: the same
    floats as counting every stone, to the last bit."""
    old, cells = before.cells, state.cells
    was_moved, moved = before.moved, state.moved
    changed = set(itertools.compress(itertools.count(), map(operator.ne, old, cells)))
    if was_moved is not moved:
        changed |= was_moved ^ moved
    worth, hiding, voids = list(counted.worth), list(counted.hiding), list(counted.voids)
    red = SIDE_CHARS[0]
    for cell in changed:
        for token, seen, sign in ((old[cell], was_moved, -1), (cells[cell], moved, 1)):
            if not token:
                continue
            seat = 0 if token[0] == red else 1
            worth[seat] += sign * SANAE_WORTH.get(token[1], 1.0)
            if "*" not in token and cell not in seen:
                hiding[seat] += sign
            if token[1] == "V":
                voids[seat] = cell if sign > 0 else (None if voids[seat] == cell else voids[seat])
    return Tally((worth[0], worth[1]), (hiding[0], hiding[1]), (voids[0], voids[1]))


def measure(state: SanaeState, counted: Tally | None = None) -> list[float]:
    """Each side's standing in material units: its stones' worth, its Void candidates, its Void's open doors, and
    LAST_ROYAL while it has a King or a Queen. `counted`: `state`'s tally when the caller has it."""
    counted = counted or tally(state)
    cells, neighbours = state.cells, state.grid.neighbours
    last = LAST_ROYAL if state.options.king_queen != "off" else 0.0
    out = []
    for seat in (0, 1):
        void = counted.voids[seat]
        doors = 0 if void is None else sum(1 for n in neighbours[void] if not cells[n])
        out.append(counted.worth[seat] - OPEN_VOID * doors + CANDIDATE_WORTH * min(counted.hiding[seat], HIDING)
                   + (0.0 if lost_both_royals(state, seat) else last))
    return out


@functools.cache
def _moves_to(grid: Board) -> tuple[dict[int, tuple[tuple[int, ...], ...]], int]:
    """For each range, the moves a stone on each cell needs to reach each target (`[range][target][cell]`, the
    distance over the range, rounded up), and the board's width in steps."""
    distance = grid.distance
    table = {span: tuple(tuple(-(-steps // span) for steps in row) for row in distance)
             for span in set(RANGES.values()) if span}
    return table, max(max(row) for row in distance)


def approach(state: SanaeState, seat: int) -> float:
    """`seat`'s reach on the enemy's Void candidates in material units (at most 0): APPROACH for each move its
    nearest stone needs to attack each of them."""
    table, far = _moves_to(state.grid)
    side = SIDE_CHARS[seat]
    by_range: dict[int, list[int]] = {}
    for cell, token in enumerate(state.cells):
        if token[:1] == side and token[1] != "V":
            by_range.setdefault(RANGES[token[1]], []).append(cell)
    targets = candidates(state, SIDE_CHARS[1 - seat])
    if not by_range:  # no stone that moves: as far as the board is wide from every candidate
        return -APPROACH * far * len(targets)
    groups = [(table[span], cells) for span, cells in by_range.items()]
    return -APPROACH * sum(min(min(map(rows[target].__getitem__, cells)) for rows, cells in groups)
                           for target in targets)


def evaluate(game: Game, state: SanaeState, seat: int, reach: float = 0.0, counted: Tally | None = None) -> float:
    """`seat`'s expected result in [0, 1]: exact when the game is over, else its lead (plus `reach`, its
    `approach` where the search last moved) squashed as in `evaluate`. `counted`: `state`'s tally, if known."""
    done = rewards(game, state)
    if done is not None:
        return done[seat]
    worth = measure(state, counted)
    lead = worth[seat] - worth[1 - seat] + reach
    return 0.5 + 0.45 * math.tanh(lead / SCALES["sanae"])


def _answer(game: Game, state: SanaeState, seat: int, rng: random.Random, reach: float, before: SanaeState,
            counted: Tally) -> float:
    """`seat`'s value of `state` (its opponent just moved from `before`, whose tally is `counted`): its best Zed
    Inel answer when one is owed."""
    counted = retally(before, counted, state)
    if state.pending is not None and mover(game, state) == seat:
        values = [evaluate(game, after_zed, seat, reach, retally(state, counted, after_zed))
                  for zed in game.legal_actions(state, seat)
                  if (after_zed := after(game, state, zed, seat, rng)) is not None]
        return max(values, default=0.0)
    return evaluate(game, state, seat, reach, counted)


def against_replies(game: Game, state: SanaeState, seat: int, rng: random.Random) -> Score:
    """`seat`'s `Score` of `state` after its move: the worst for it of a quiet reply (the position as it is), the
    opponent's best attack on a stone it can tell (revealed, or seen to move) and a probe of a Void candidate; and
    its mean over all the opponent's replies.

    The opponent cannot tell the candidates apart, so which one it probes says nothing of where the Void is: a
    probe is worth the mean over the candidates in its reach (each attacked by its best attacker), the Void among
    them 1 in that many. Its other attacks, and a Void it has seen, it chooses knowing this world whole."""
    done = rewards(game, state)
    if done is not None:
        return done[seat], done[seat]
    reach = approach(state, seat)  # computed once: a reply seldom changes it, and the search reads thousands
    counted = tally(state)  # and each reply's tally from this one
    here = evaluate(game, state, seat, reach, counted)
    opponent = mover(game, state)
    if opponent is None or opponent == seat:
        return here, here
    replies = game.legal_actions(state, opponent)
    if state.pending is not None:  # the opponent's Zed Inel answer to our attack on its Void: one must be played
        values = [_answer(game, answer, seat, rng, reach, state, counted) for reply in replies
                  if (answer := after(game, state, reply, opponent, rng)) is not None]
        return (min(values), sum(values) / len(values)) if values else (here, here)
    cells, moved = state.cells, state.moved
    worst, total, count = here, 0.0, 0
    probes: dict[int, float] = {}  # candidate cell -> our value after its best attacker's probe
    for reply in replies:
        token = cells[reply.target]
        if not token:  # a quiet move leaves the material and the doors as they are
            total, count = total + here, count + 1
            continue
        # `reply` is one of the legal moves just listed, so the rules' check of it (a fifth of this search's time)
        # would pass: the move is made directly, as `Game.apply` makes it once checked
        answer = settle(game, do_move(state, reply), rng)
        score = _answer(game, answer, seat, rng, reach, state, counted)
        total, count = total + score, count + 1
        if "*" in token or reply.target in moved:
            worst = min(worst, score)
        else:
            probes[reply.target] = min(score, probes.get(reply.target, math.inf))
    if probes:
        worst = min(worst, sum(probes.values()) / len(probes))
    return worst, (total / count if count else here)


def _blend(weighted: Sequence[tuple[float, Score]]) -> Score:
    """The `Score` of a chance between outcomes: each (probability, score) weighed by its probability."""
    return sum(p * score[0] for p, score in weighted), sum(p * score[1] for p, score in weighted)


def _void_moved(world: SanaeState, void: int, cell: int) -> SanaeState:
    """`world` with the stones on `void` and `cell` swapped (both hidden candidates of one side)."""
    cells = list(world.cells)
    cells[void], cells[cell] = cells[cell], cells[void]
    return evolve(world, cells=tuple(cells))


def expected(game: Game, world: SanaeState, action: Action, seat: int, rng: random.Random) -> Score | None:
    """`action`'s `Score` for `seat` in `world`, its combat's dice weighed exactly; None if the world forbids it.

    A sampled roll would let a 5-in-36 attack on a Dragon win in one world and outscore every safe move."""
    try:
        state = game.apply(world, action, seat)
    except IllegalAction:
        return None
    rolls = game.chance_outcomes(state)
    if not rolls:
        return against_replies(game, settle(game, state, rng), seat, rng)
    results: dict[tuple[tuple[str, ...], tuple[str, str]], tuple[float, SanaeState]] = {}
    for roll, chance in rolls:  # thirty-odd rolls end in two results: the attacker wins or loses
        rolled = settle(game, game.apply(state, roll, None), rng)
        key = (rolled.cells, rolled.captured)
        results[key] = (results.get(key, (0.0, rolled))[0] + chance, rolled)
    return _blend([(chance, against_replies(game, rolled, seat, rng)) for chance, rolled in results.values()])


def value(game: Game, world: SanaeState, action: Action, seat: int, rng: random.Random) -> Score | None:
    """`action`'s `Score` for `seat` in `world` against the opponent's replies; None if the world does not allow it.

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
                found = expected(game, is_void, action, seat, rng)
                missed = expected(game, not_void, action, seat, rng)
                if found is None or missed is None:
                    return None
                odds = 1 / len(hiding)
                return _blend([(odds, found), (1 - odds, missed)])
    return expected(game, world, action, seat, rng)


def search(game: Game, world: State, seat: int, legal: Sequence[Action], priors: Sequence[float],
           rng: random.Random, spent: Callable[[int], bool], teams: list[tuple[int, ...]],
           hidden: bool) -> list[Action]:
    """`legal` ranked best first by their mean `value` over re-dealt worlds, each a new `resample_hidden` of
    `world` that every move still in the running is scored in (the same secrets for all of them): by the value
    against the best reply, or, when every move is LOST against it, by the value over all replies.

    `spent(done)` counts scored moves; the first world is always scored whole. `priors` only break ties."""
    assert isinstance(world, SanaeState)
    totals, seen = [[0.0, 0.0] for _ in legal], [0] * len(legal)
    running = sorted(range(len(legal)), key=lambda i: -priors[i])
    done, worlds = 0, 0

    def ranked(indices: list[int]) -> list[int]:
        """`indices` best first, stable (equal means keep the priors' order)."""
        def mean(index: int, kind: int) -> float:
            return totals[index][kind] / seen[index] if seen[index] else -math.inf

        kind = 0 if max(mean(index, 0) for index in indices) >= LOST else 1
        return sorted(indices, key=lambda index: mean(index, kind), reverse=True)

    while True:
        dealt = game.resample_hidden(world, seat, rng)
        for index in running:
            score = value(game, dealt, legal[index], seat, rng)
            if score is not None:
                totals[index][0] += score[0]
                totals[index][1] += score[1]
                seen[index] += 1
            done += 1
            if worlds and spent(done):
                return [legal[i] for i in ranked(running)]
        worlds += 1
        running = ranked(running)
        if spent(done):
            return [legal[i] for i in running]
        if worlds <= len(KEEP):
            running = running[:KEEP[worlds - 1]]
