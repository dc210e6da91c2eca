"""Hard: information-set Monte Carlo tree search (one tree over re-dealt worlds), short rollouts, heuristic leaves.

Each iteration re-deals what the seat cannot see (`Game.resample_hidden` from its own view), walks the tree by UCB
(with availability counts, since a re-deal changes the other seats' legal moves), samples chance from
`chance_outcomes`, plays a few random moves and scores the position with `players.evaluate`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from games import table, table_of
from players.evaluate import evaluate
from players.levels import TIE
from players.play import mover, settle
from players.playouts import playout
from rules import Action, Game, IllegalAction, State

EXPLORE = 0.7  # UCB exploration for rewards in [0, 1]
ROOT_WIDTH = 10  # the root only searches the best moves by the one-ply look-ahead
# Each game's own (its entry's computer settings, games/): a root width other than ROOT_WIDTH (Sakamichi, whose
# noisy rollouts need fewer moves to tell apart); where the look-ahead ties dozens of moves, how many tied with the
# last one the width admits may join the root, drawn at random when more tie (Bodsoi); and how many random moves
# follow the tree before scoring: many where moves are cheap and games short, few where slow.
ROOT_WIDTHS: dict[str, int] = table_of(lambda entry: entry.computer.root_width)
ROOT_TIES: dict[str, int] = table_of(lambda entry: entry.computer.root_ties)
ROLLOUT: dict[str, int] = table(lambda entry: entry.computer.rollout)


# game, the seat's re-dealt world, its legal moves, their one-ply priors, rng, `spent`, teams, hidden information ->
# the moves ranked best first (`players.choose` checks the best few against an immediate losing reply).
Search = Callable[[Game, State, int, Sequence[Action], Sequence[float], random.Random, Callable[[int], bool],
                   list[tuple[int, ...]], bool], list[Action]]


class Node:
    """Statistics of one action in the tree, from the point of view of the seat that played it."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int, visits: int = 0, total: float = 0.0) -> None:
        self.seat = seat
        self.visits = visits
        self.total = total
        self.avail = max(visits, 1)
        self.children: dict[Action, Node] = {}


def _pick(node: Node, legal: Sequence[Action]) -> Action:
    best, best_score = legal[0], -math.inf
    for action in legal:
        child = node.children[action]
        score = child.total / child.visits + EXPLORE * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = action, score
    return best


def _iterate(game: Game, root: Node, world: State, seat: int, rng: random.Random, teams: list[tuple[int, ...]],
             hidden: bool) -> None:
    state = game.resample_hidden(world, seat, rng) if hidden else world
    node, path = root, []
    try:
        while not game.is_over(state):
            actor = seat if node is root else mover(game, state)
            if actor is None:
                break
            legal = list(root.children) if node is root else game.legal_actions(state, actor)
            children, untried = node.children, []
            for action in legal:  # one lookup a move: hashing the moves was a tenth of Bodsoi's search
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = rng.choice(untried)
                node.children[action] = Node(actor)
                state = settle(game, game.apply(state, action, actor), rng)
                path.append(node.children[action])
                break
            action = _pick(node, legal)
            node = node.children[action]
            state = settle(game, game.apply(state, action, actor), rng)
            path.append(node)
        step = playout(game)
        for _ in range(ROLLOUT.get(game.name, 6)):
            actor = mover(game, state)
            if actor is None or game.is_over(state):
                break
            action = step(game, state, actor, rng)
            state = settle(game, game.apply(state, action, actor), rng)
    except IllegalAction:
        return  # a re-deal that disagrees with the tree's move; skip this world
    values = evaluate(game, state, teams)
    for visited in path:
        visited.visits += 1
        visited.total += values[visited.seat]


def root_moves(name: str, priors: Sequence[float], rng: random.Random) -> list[int]:
    """The indexes of the moves the root searches: the best `ROOT_WIDTH` (or the game's `ROOT_WIDTHS`) by prior,
    and in a game of `ROOT_TIES` every move tied with the last of them, up to that many in all, the ties in a random
    order (not the notation's, which favoured the first squares of the board)."""
    width = ROOT_WIDTHS.get(name, ROOT_WIDTH)
    ties = ROOT_TIES.get(name)
    if ties is None or len(priors) <= width:
        return sorted(range(len(priors)), key=lambda i: -priors[i])[:width]
    ranked = sorted(range(len(priors)), key=lambda i: (-priors[i], rng.random()))
    cut = priors[ranked[width - 1]] - TIE
    return [index for index in ranked[:ties] if priors[index] >= cut] if ties > width else ranked[:width]


def search(game: Game, world: State, seat: int, legal: Sequence[Action], priors: Sequence[float],
           rng: random.Random, spent: Callable[[int], bool], teams: list[tuple[int, ...]],
           hidden: bool) -> list[Action]:
    """The root's moves (`root_moves`, each starting with its prior as one visit), most visited first.

    `spent(done)` (from `Budget.start`) says when to stop; at least one iteration runs."""
    ranked = root_moves(game.name, priors, rng)
    root = Node(seat, visits=1)
    for index in ranked:
        root.children[legal[index]] = Node(seat, visits=1, total=priors[index])
    done = 0
    while done == 0 or not spent(done):
        done += 1
        _iterate(game, root, world, seat, rng, teams, hidden)
    children = root.children
    return sorted(children, key=lambda a: (-children[a].visits, -children[a].total / children[a].visits))
