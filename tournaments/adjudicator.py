"""The computer arbiter of a round's deadline (issue 41): each side's winning chance in an unfinished match's position,
by the game analysis's evaluation (`analysis.judge`) from the public view only, and the result it awards.

Pure (rules, players, analysis and the standard library; no clock): the same position, seed and budget give the same
evaluation. The tournament's round clock (`tournaments.rounds`) runs `evaluate_json` in a worker process.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analysis import default_budget, judge
from players import Budget
from players.evaluate import evaluate as engine_value
from players.evaluate import rewards, teams_of
from players.levels import one_ply, setup_choice
from players.play import has_hidden_information, mover, settle
from players.search import root_moves
from rules import GAMES, Game, State

THRESHOLD = 0.9  # a side with at least this winning chance is awarded the win; below it, the match is drawn
DEALS = 4  # hidden-information games: the position judged in this many deals of what no player sees in common


@dataclass(frozen=True)
class Evaluation:
    """A position judged at the deadline: each side's winning chance in [0, 1] (the table's sides in order), the
    side awarded the win (None: a draw), how many public deals it rests on and the iterations spent in all."""

    chances: tuple[float, ...]
    winner: int | None
    deals: int
    iterations: int

    def to_json(self) -> dict[str, Any]:
        return {"chances": list(self.chances), "winner": self.winner, "deals": self.deals,
                "iterations": self.iterations}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evaluation:
        return cls(tuple(float(c) for c in data["chances"]), data["winner"], int(data["deals"]),
                   int(data["iterations"]))


def verdict(chances: Sequence[float], threshold: float = THRESHOLD) -> int | None:
    """The side awarded the win: the one whose chance is at least `threshold` (at most one can be, the chances
    summing to 1), else None (a draw)."""
    best = max(range(len(chances)), key=lambda i: chances[i])
    return best if chances[best] >= threshold else None


def seat_chances(game: Game, state: State, rng: random.Random, iterations: int) -> tuple[float, ...]:
    """Every seat's winning chance in `state` (all of it known: a deal), as the analysis shows it before a move:
    the side to move plays the move hard would try first, judged against the best move found within `iterations`
    (`analysis.judge`, which re-deals the rest from the mover's own view). Before the game proper begins (Sanae's
    layouts, which the analysis does not judge either) every side is level."""
    teams = teams_of(game, state)
    state = settle(game, state, rng)
    done = rewards(game, state)
    if done is not None:
        return done
    seat = mover(game, state)
    if seat is None:  # nothing to choose (cannot happen after settle): the game's own measure
        return tuple(engine_value(game, state, teams))
    legal = game.legal_actions(state, seat)
    if setup_choice(legal, random.Random(0)) is not None:  # a layout still to choose: the game proper has not begun
        return tuple(1 / len(teams) for _ in range(game.players(state)))
    priors = one_ply(game, [state], seat, legal, rng, teams)
    first = legal[root_moves(game.name, priors, rng)[0]]
    # on the engine's own scale, as the 90 % bar was set: the analysis's calibration (analysis/calibration.py), a
    # logistic fitted to mid-game positions, would judge a crushing Cintos lead (13 pieces against 3) below 90 %
    return judge(game, state, seat, first, Budget(iterations=iterations), rng, calibrated=False).before


def evaluate(game: Game, state: State, groups: Sequence[Sequence[int]], seed: str,
             iterations: int | None = None) -> Evaluation:
    """Each side's (`groups`: its seats) winning chance in `state` and the result awarded (`verdict`).

    Only what every player sees goes in: in a game with hidden information each of `DEALS` worlds re-deals all that
    is hidden from the public view (`resample_hidden(state, None)`, every hand and the bag alike, the true one never
    read) and is judged as its mover would, knowing its own (dealt) hand; the chances are the mean over the deals.
    `iterations`: in all (None: the analysis's default budget for one position, `analysis.default_budget`)."""
    total = iterations if iterations is not None else default_budget(game.name).iterations
    assert total is not None
    hidden = has_hidden_information(game)
    deals = DEALS if hidden else 1
    rows = []
    for k in range(deals):
        rng = random.Random(f"adjudicate {seed} {k}")
        world = game.resample_hidden(state, None, rng) if hidden else state
        rows.append(seat_chances(game, world, rng, max(1, total // deals)))
    per_seat = [sum(column) / len(rows) for column in zip(*rows, strict=True)]
    sides = [per_seat[group[0]] for group in groups]
    whole = sum(sides)
    chances = tuple(c / whole if whole > 0 else 1 / len(sides) for c in sides)
    return Evaluation(chances, verdict(chances), deals, total)


def evaluate_json(game_name: str, state_json: dict[str, Any], groups: list[list[int]], seed: str,
                  iterations: int | None) -> dict[str, Any]:
    """In a worker process: `evaluate` of the state given as its JSON; the evaluation as JSON."""
    game = GAMES[game_name]
    return evaluate(game, game.from_json(state_json), groups, seed, iterations).to_json()
