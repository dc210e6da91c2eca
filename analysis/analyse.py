"""A finished match analysed move by move: each player's move judged from its own view, and each player's accuracy.

`analyse` replays the log with the rules (`rules.replay.steps`, as the match's history does) and judges every
player's line (`analysis.values.judge`) with a random stream of its own, drawn from the seed and the line's number:
the same match, seed and budget give the same analysis every time, and a line's judgement does not depend on how
long the judging of the lines before it ran.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from analysis.accuracy import game_accuracy, label, move_accuracy, volatility_weights
from analysis.report import DIGITS, AnalysedMove, Analysis, PlayerSummary, Record, percent
from analysis.values import default_budget, judge
from players import Budget
from players.evaluate import teams_of
from players.levels import setup_choice
from rules import Action, Game, Resign, State
from rules.replay import TakeBack, steps

Seed = int | str
# Called after each player's line is analysed with (lines done, lines in all): "analysing: move 40 of 120".
Progress = Callable[[int, int], None]


def line_rng(seed: Seed, n: int) -> random.Random:
    """The random stream of log line `n` under `seed`."""
    return random.Random(f"analysis {seed} {n}")


def analyse_move(game: Game, state: State, seat: int, action: Action, *, budget: Budget | None = None,
                 seed: Seed = 0, n: int = 0, calibrated: bool = True) -> AnalysedMove:
    """`action` by `seat` in `state` (log line `n`), judged from what `seat` could know there: nothing but its view
    of `state`, `seed` and `n` decide the result. `calibrated=False`: on the engine's own chances (the bench's)."""
    notation = game.notation(state, action)
    if isinstance(action, Resign):
        return AnalysedMove(n, seat, notation, "resign")
    if game.automatic_action(state) is None and \
            setup_choice(game.legal_actions(state, seat), random.Random(0)) is not None:
        return AnalysedMove(n, seat, notation, "setup")
    judged = judge(game, state, seat, action, budget or default_budget(game.name), line_rng(seed, n),
                   calibrated=calibrated)
    before, after = tuple(map(percent, judged.before)), tuple(map(percent, judged.after))
    forced = judged.candidates == 1
    if forced:
        return AnalysedMove(n, seat, notation, "forced", before=before, after=after, worlds=judged.worlds)
    drop = max(0.0, round(before[seat] - after[seat], DIGITS))
    return AnalysedMove(n, seat, notation, "move", best=game.notation(state, judged.best), before=before,
                        after=after, drop=drop, accuracy=round(move_accuracy(drop), DIGITS), label=label(drop),
                        worlds=judged.worlds)


def standing_moves(game: Game, record: Record) -> list[tuple[int, State, Action, int]]:
    """Each player's line of `record` that stands in the game as it ended (its number, the position before it, the
    action, the seat), in order: a takeback line, the line it takes back and every line between are no moves of the
    game (as `rules.replay.standing` counts them), so a slip taken back is neither judged nor counted."""
    kept: list[tuple[int, State, Action, int]] = []
    for n, (before, action, seat, _) in enumerate(steps(game, record.players, record.options_dict(), record.log),
                                                  start=1):
        if isinstance(action, TakeBack):
            kept = [line for line in kept if line[0] < action.line]
        elif seat is not None:  # None: a chance outcome
            kept.append((n, before, action, seat))
    return kept


def analyse(game: Game, record: Record, *, budget_per_position: Budget | None = None, seed: Seed,
            progress: Progress | None = None) -> Analysis:
    """Every player's line of a finished match judged (`analyse_move`), and every seat's summary.

    `budget_per_position`: the search per line (its iterations; None: the game's default, `default_budget`); a
    budget in seconds gives an analysis that differs from run to run. `seed`: the match's, so the analysis repeats.
    `progress(done, total)` is called after each player's line."""
    budget = budget_per_position or default_budget(game.name)
    start = game.setup(record.players, record.options_dict())
    lines = standing_moves(game, record)
    moves: list[AnalysedMove] = []
    for done, (n, before, action, seat) in enumerate(lines, start=1):
        moves.append(analyse_move(game, before, seat, action, budget=budget, seed=seed, n=n))
        if progress is not None:
            progress(done, len(lines))
    sides = tuple(teams_of(game, start))
    return Analysis(game.name, record.players, sides, seed, budget.iterations, tuple(moves),
                    summarise(moves, record.players))


def summarise(moves: list[AnalysedMove], players: int) -> tuple[PlayerSummary, ...]:
    """Each seat's summary: its game accuracy weighs its judged moves by how much every seat's chances moved around
    them (the volatility of that seat's own chance over the moves with chances, as lila's over White's)."""
    valued = [m for m in moves if m.before is not None and m.after is not None]
    out = []
    for seat in range(players):
        pairs = []
        if valued:
            first = valued[0].before
            assert first is not None
            series = [first[seat]] + [m.after[seat] for m in valued if m.after is not None]
            weights = volatility_weights(series)
            pairs = [(m, weight) for m, weight in zip(valued, weights, strict=True) if m.judged and m.seat == seat]
        accuracies = [m.accuracy for m, _ in pairs if m.accuracy is not None]
        drops = [m.drop for m, _ in pairs if m.drop is not None]
        accuracy = game_accuracy(accuracies, [weight for _, weight in pairs])
        labels = [m.label for m, _ in pairs]
        out.append(PlayerSummary(seat, None if accuracy is None else round(accuracy, DIGITS), len(pairs),
                                 labels.count("inaccuracy"), labels.count("mistake"), labels.count("blunder"),
                                 round(sum(drops) / len(drops), DIGITS) if drops else None))
    return tuple(out)
