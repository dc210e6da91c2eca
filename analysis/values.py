"""One move judged from its mover's own view: the best move found, and every side's winning chance with it and with
the move played.

Only what the mover could know goes in: every world is re-dealt from the mover's view (`Game.resample_hidden`, as
hard does before it thinks), never the true hidden state, and each candidate move is scored in the same worlds (so
two moves are compared on the same secrets and the same luck). A world is scored as hard scores a position
(players/): the move, then the chance it sets off drawn by its probabilities (over the worlds, chance counts at its
expectation), then the game's own rollout (`players.playouts`, `players.search.ROLLOUT` moves) and the game's
evaluation (`players.evaluate`); a move after which the next side to move can win at once counts as lost in that
world (`players.levels.loses_at_once`, hard's own last check). Sanae is scored by its hard's own two-ply value of a
move (`players.sanae.value`, against the opponent's best reply).

The candidates are hard's root: the best moves by the one-ply look-ahead (`players.levels.one_ply`,
`players.search.root_moves`), and the move played. Every candidate is scored in the first worlds; the best few and
the move played go on to the rest of the budget. The best move's lead over the move played is counted less one
standard error of its estimate (search values are noisy: a drop the analysis is not sure of is no drop).

TO DO, once players/ exposes them (report of issue 39): hard's tree search's own root values (`players.search`'s
visits and mean value of each root move, for every seat) instead of this flat search over its root, and its
rollout as a function instead of the loop in `_scored`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from analysis.calibration import calibrate
from players import DEFAULT_WORLDS, WORLDS, Budget
from players.evaluate import evaluate, rewards, teams_of
from players.levels import after, one_ply
from players.play import has_hidden_information, mover, settle
from players.playouts import playout
from players.sanae import value as sanae_value
from players.search import ROLLOUT, root_moves
from rules import Action, Game, IllegalAction, State

MIN_WORLDS = 8  # the best move found and the move played are scored in at least this many worlds
SCREEN_SHARE = 0.25  # the budget's share that scores every candidate (in at least SCREEN_WORLDS worlds each)
SCREEN_WORLDS = 2
KEEP = 3  # candidates that go on after the screening, besides the move played
Z = 1.0  # the best move's lead counted: its estimate less this many standard errors, never below 0
REPLIES = 300  # the next side's replies read for a win at once (as players.levels reads them)
LOOKED = 24  # of which at most this many, drawn at random, are evaluated for its best reply (Bodsoi has hundreds)
CANDIDATES = 12  # at most this many of hard's root moves are candidates (Bodsoi's root takes up to 40 tied moves)
TRIES = 20  # worlds tried per world the move played was possible in, before giving up

# Iterations (one candidate scored in one world) per position by game, so that a 60-move game of two players is
# analysed within a minute on one core of the development machine (bench/analysis.py --speed measures it).
DEFAULT_ITERATIONS: dict[str, int] = {"cintos": 550, "sinoda": 2000, "sakamichi": 550, "sanae": 500, "bodsoi": 120}
FALLBACK_ITERATIONS = 300

# A candidate's value in one world, for every seat in [0, 1] (None: this world does not allow the move).
Scorer = Callable[[Game, State, Action, int, random.Random, list[tuple[int, ...]]], tuple[float, ...] | None]


def default_budget(name: str) -> Budget:
    """The budget per position the analysis uses for the game called `name` when the caller gives none."""
    return Budget(iterations=DEFAULT_ITERATIONS.get(name, FALLBACK_ITERATIONS))


def _scored(game: Game, world: State, action: Action, seat: int, rng: random.Random,
            teams: list[tuple[int, ...]]) -> tuple[float, ...] | None:
    """`action`'s value for every seat in `world`, as hard scores a position, one reply deeper: the chance it sets
    off drawn, the next side's best reply by the game's evaluation one move ahead (as `players.levels.one_ply`
    looks: a win at once first), then the game's rollout and its evaluation."""
    try:
        state = settle(game, game.apply(world, action, seat), rng)
    except IllegalAction:
        return None
    side = {s: index for index, team in enumerate(teams) for s in team}
    opponent = None if game.is_over(state) else mover(game, state)
    if opponent is not None and side[opponent] != side[seat]:
        replies = game.legal_actions(state, opponent)[:REPLIES]
        looked = set(rng.sample(range(len(replies)), LOOKED)) if len(replies) > LOOKED else None
        best, top = state, -1.0
        for index, reply in enumerate(replies):
            answer = after(game, state, reply, opponent, rng)
            if answer is None:
                continue
            done = rewards(game, answer)
            if done is None and looked is not None and index not in looked:
                continue  # a reply that ends the game is always seen; of the others, those looked at
            chance = chances(done or evaluate(game, answer, teams), teams)[opponent]  # a win shared is half a win
            if chance > top:
                best, top = answer, chance
        state = best
    step = playout(game)
    for _ in range(ROLLOUT.get(game.name, 6)):
        actor = mover(game, state)
        if actor is None or game.is_over(state):
            break
        state = settle(game, game.apply(state, step(game, state, actor, rng), actor), rng)
    return evaluate(game, state, teams)


def _sanae(game: Game, world: State, action: Action, seat: int, rng: random.Random,
           teams: list[tuple[int, ...]]) -> tuple[float, ...] | None:
    """Sanae's hard's value of `action` in `world` against the opponent's best reply."""
    score = sanae_value(game, world, action, seat, rng)
    if score is None:
        return None
    return tuple(score[0] if s == seat else 1.0 - score[0] for s in range(2))


# A game's own scoring of a move in a world, where its hard searches its own way (games/<game>.py's search).
SCORERS: dict[str, Scorer] = {"sanae": _sanae}


def chances(values: Sequence[float], teams: Sequence[tuple[int, ...]]) -> tuple[float, ...]:
    """Each seat's winning chance in [0, 1] from the engine's values: its side's value over the sum of the sides'
    (with two sides the values already sum to 1; with more, 0.5 is "level with the field", not a half chance)."""
    sides = [values[team[0]] for team in teams]
    total = sum(sides)
    out = [0.0] * len(values)
    for team, value in zip(teams, sides, strict=True):
        for seat in team:
            out[seat] = value / total if total > 0 else 1 / len(teams)
    return tuple(out)


@dataclass(frozen=True)
class Judgement:
    """A move judged: the best move found, every seat's winning chance in [0, 1] with it (`before`) and with the
    move played (`after`), the drop in the mover's chance counted (`before[seat] - after[seat]`, never below 0),
    how many worlds the two rest on and how many moves were candidates."""

    best: Action
    before: tuple[float, ...]
    after: tuple[float, ...]
    worlds: int
    candidates: int


def _mean(rows: Sequence[tuple[float, ...]]) -> tuple[float, ...]:
    return tuple(sum(column) / len(rows) for column in zip(*rows, strict=True))


def judge(game: Game, state: State, seat: int, played: Action, budget: Budget, rng: random.Random, *,
          calibrated: bool = True) -> Judgement:
    """`played` by `seat` in `state` judged from `seat`'s view against the best move found within `budget` (its
    iterations: one candidate scored in one world). Only `seat`'s view of `state` and `rng` decide the result.

    The chances are calibrated to how games end (analysis.calibration; the lead counted is decided on the engine's
    values, and the map is monotone, so a move found no worse stays no worse); `calibrated=False` gives the engine's
    own chances (bench/calibrate.py fits the map on those)."""
    hidden = has_hidden_information(game)
    teams = teams_of(game, state)

    def deal() -> State:
        return game.resample_hidden(state, seat, rng) if hidden else state

    first = deal()
    legal = game.legal_actions(first, seat)
    if played not in legal:
        legal = [*legal, played]
    if len(legal) == 1:
        candidates = [played]
    else:
        extra = WORLDS.get(game.name, DEFAULT_WORLDS) - 1 if hidden else 0
        looks = [first] + [deal() for _ in range(extra)]
        priors = one_ply(game, looks, seat, legal, rng, teams)
        candidates = [legal[index] for index in root_moves(game.name, priors, rng)[:CANDIDATES]]
        if played not in candidates:
            candidates.append(played)
    score = SCORERS.get(game.name, _scored)
    iterations = budget.iterations
    screen = SCREEN_WORLDS if iterations is None else \
        max(SCREEN_WORLDS, math.ceil(iterations * SCREEN_SHARE / len(candidates)))
    samples: dict[Action, dict[int, tuple[float, ...]]] = {action: {} for action in candidates}
    running = list(candidates)
    spent = budget.start()
    done = worlds = tries = 0
    while True:
        world = first if tries == 0 else deal()
        tries += 1
        base = rng.getrandbits(64)  # the same draws for every candidate in this world
        row: dict[Action, tuple[float, ...]] = {}
        for action in running:
            values = score(game, world, action, seat, random.Random(base), teams)
            done += 1
            if values is not None:
                row[action] = chances(values, teams)
        if played in row:  # a world the move played is possible in (all of them, unless a rule hides it)
            for action, values in row.items():
                samples[action][worlds] = values
            worlds += 1
        if worlds == screen and len(running) > KEEP + 1:
            ranked = sorted((a for a in running if a != played), key=lambda a: -_mover_mean(samples[a], seat))
            running = [a for a in running if a == played or a in ranked[:KEEP]]
        enough = worlds >= MIN_WORLDS and (len(candidates) == 1 or (worlds >= screen and spent(done)))
        if enough or tries > TRIES * (worlds + 1):
            break
    if not samples[played]:
        raise ValueError(f"{game.notation(first, played)!r} is not possible in any world seat {seat} sees")
    best = max(running, key=lambda a: (_mover_mean(samples[a], seat) if samples[a] else -math.inf, a == played))
    def scale(values: tuple[float, ...]) -> tuple[float, ...]:
        return calibrate(game.name, values, seat, teams) if calibrated else values

    after = scale(_mean(list(samples[played].values())))
    if best == played:
        return Judgement(played, after, after, len(samples[played]), len(candidates))
    paired = [k for k in samples[played] if k in samples[best]]
    diffs = [samples[best][k][seat] - samples[played][k][seat] for k in paired]
    lead = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - lead) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else 0.0
    counted = max(0.0, lead - Z * spread / math.sqrt(len(diffs)))
    # the best move's chances, moved towards the move played's until the mover's lead is the lead counted
    share = counted / lead if lead > 0 else 0.0
    top = _mean([samples[best][k] for k in paired])
    low = _mean([samples[played][k] for k in paired])
    before = tuple(b * share + p * (1 - share) for b, p in zip(top, low, strict=True))
    return Judgement(best, scale(before), scale(low), len(paired), len(candidates))


def _mover_mean(rows: dict[int, tuple[float, ...]], seat: int) -> float:
    return sum(row[seat] for row in rows.values()) / len(rows) if rows else -math.inf
