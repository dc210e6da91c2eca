"""Computer analysis (analysis/, issue 39), run by hand:
`.venv/bin/python bench/analysis.py [game ...] [--speed] [--calibration] [--discrimination] [--sanity] [--games N]`.

With no section named, all four run. Every game is analysed at the analysis's default budget per position
(`analysis.default_budget`) unless `--iterations N` sets one for all.

- speed: the first 60 decisions of a game of normal against normal in each game at each player count (default
  options), analysed whole: processor seconds for the game and per move (the target: a 60-move game of two players
  within 60 s).
- calibration: `--games` games per game of hard against normal (hard at `--hard` iterations; seats alternated), each
  analysed whole; every move with chances predicts its mover's side's result (after the move played, as its mover
  could know it) against how the game ended (a win 1, a loss 0, a shared result its share): the Brier score (and a
  guess's: every side's even share), and a table of predictions by tenth, with how often those sides won.
- discrimination: `--games` games per game of hard against random (uniform moves), seats alternated: the mean game
  accuracy of each, random's must be the lower. Few games by default; `--games 50` for a figure to report.
- sanity: up to `--positions` positions per game, from seeded random games, where a move loses at once
  (tests/analysis/positions.py); how many of those moves are labelled blunders.

`--jobs N` analyses N games at once in N processes (each game's seeds depend only on its number, so the results
are those of one process; the seconds are each process's own processor time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis import Analysis, analyse, analyse_move, default_budget
from players import Budget
from players.arena import Player, computer, uniform
from rules import GAMES, Configuration, Game, Outcome
from tests.analysis.positions import losing_positions
from tests.analysis.records import Played, play_logged

SPEED_DECISIONS = 60
SMALL_SAMPLE = 50  # fewer games than this are a small sample


@dataclass(frozen=True)
class Task:
    game: str
    config: Configuration
    levels: tuple[str, ...]  # per seat: "hard", "normal", "easy" or "random"
    number: int
    hard: int  # hard's iterations
    iterations: int | None  # the analysis's, None for the game's default
    limit: int


@dataclass(frozen=True)
class Done:
    task: Task
    played: Played
    analysis: Analysis
    seconds: float  # processor seconds of the analysis


def seat_player(game: Game, level: str, seed: int, hard: int) -> Player:
    if level == "random":
        return uniform(game, seed)
    return computer(game, level, seed, Budget(iterations=hard))


def run(task: Task) -> Done:
    game = GAMES[task.game]
    seats = [seat_player(game, level, 1000 * task.number + seat, task.hard) for seat, level in enumerate(task.levels)]
    played = play_logged(game, task.config, seats, random.Random(task.number), limit=task.limit)
    budget = Budget(iterations=task.iterations) if task.iterations else default_budget(game.name)
    began = time.process_time()
    result = analyse(game, played.record, budget_per_position=budget, seed=task.number)
    return Done(task, played, result, time.process_time() - began)


def run_all(tasks: list[Task], jobs: int) -> list[Done]:
    if jobs <= 1:
        return [run(task) for task in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(run, tasks))


def alternated(name: str, games: int, levels: tuple[str, str], hard: int, iterations: int | None) -> list[Task]:
    config = GAMES[name].configurations()[0]
    return [Task(name, config, levels if number % 2 == 0 else (levels[1], levels[0]), number, hard, iterations, 2000)
            for number in range(games)]


def speed(names: list[str], args: argparse.Namespace) -> None:
    print(f"\n## Speed: the first {SPEED_DECISIONS} decisions of normal v normal, analysed whole")
    print("\n| Game | Players | Iterations | Moves | Seconds (processor) | Seconds a move |")
    print("|---|---|---|---|---|---|")
    tasks = [Task(name, Configuration(players), ("normal",) * players, 0, args.hard, args.iterations, SPEED_DECISIONS)
             for name in names for players in GAMES[name].player_counts]
    for done in run_all(tasks, args.jobs):
        moves = len(done.analysis.moves)
        print(f"| {GAMES[done.task.game].title} | {done.task.config.players} | {done.analysis.iterations} | {moves} "
              f"| {done.seconds:.1f} | {done.seconds / max(moves, 1):.2f} |", flush=True)


def results(outcome: Outcome | None, sides: tuple[tuple[int, ...], ...]) -> list[float] | None:
    """Each side's result: 1 a win, 0 a loss, a share of 1 when shared (a draw: every side's); None if cut off."""
    if outcome is None:
        return None
    won = [index for index, side in enumerate(sides) if outcome.winners & set(side)]
    if not won:
        return [1 / len(sides)] * len(sides)
    return [1 / len(won) if index in won else 0.0 for index in range(len(sides))]


def calibration(names: list[str], args: argparse.Namespace) -> None:
    print(f"\n## Calibration: {args.games} games per game of hard ({args.hard} iterations) v normal"
          + (" (a small sample)" if args.games < SMALL_SAMPLE else ""))
    tasks = [task for name in names for task in alternated(name, args.games, ("hard", "normal"), args.hard,
                                                           args.iterations)]
    by_game: dict[str, list[tuple[float, float, int]]] = {}
    for done in run_all(tasks, args.jobs):
        sides = done.analysis.sides
        ended = results(done.played.outcome, sides)
        if ended is None:
            continue
        side_of = {seat: index for index, side in enumerate(sides) for seat in side}
        for move in done.analysis.moves:
            if move.after is not None:
                by_game.setdefault(done.task.game, []).append(
                    (move.after[move.seat] / 100, ended[side_of[move.seat]], len(sides)))
    print("\n| Game | Positions | Brier | Even guess's Brier |")
    print("|---|---|---|---|")
    pooled: list[tuple[float, float, int]] = []
    for name, rows in by_game.items():
        pooled += rows
        print(f"| {GAMES[name].title} | {len(rows)} | {brier(rows):.3f} | "
              f"{brier([(1 / n, o, n) for _, o, n in rows]):.3f} |")
    print("\nPredicted winning chance of the mover's side, by tenth, against how often those sides won (all games):")
    print("\n| Predicted | Positions | Mean predicted | Won |")
    print("|---|---|---|---|")
    for tenth in range(10):
        tenths = [(p, o) for p, o, _ in pooled if min(9, int(p * 10)) == tenth]
        if tenths:
            predicted, won = statistics.mean(p for p, _ in tenths), statistics.mean(o for _, o in tenths)
            print(f"| {10 * tenth}-{10 * tenth + 10} % | {len(tenths)} | {100 * predicted:.1f} % | {100 * won:.1f} % |")


def brier(rows: list[tuple[float, float, int]]) -> float:
    return statistics.mean((p - o) ** 2 for p, o, _ in rows) if rows else float("nan")


def discrimination(names: list[str], args: argparse.Namespace) -> None:
    print(f"\n## Discrimination: {args.games} games per game of hard ({args.hard} iterations) v random"
          + (" (a small sample)" if args.games < SMALL_SAMPLE else ""))
    print("\n| Game | Games | Hard's accuracy | Random's accuracy | Hard's blunders a move | Random's | Random below |")
    print("|---|---|---|---|---|---|---|")
    tasks = [task for name in names for task in alternated(name, args.games, ("hard", "random"), args.hard,
                                                           args.iterations)]
    done_all = run_all(tasks, args.jobs)
    for name in names:
        accuracy: dict[str, list[float]] = {"hard": [], "random": []}
        blunders: dict[str, list[int]] = {"hard": [], "random": []}
        judged: dict[str, int] = {"hard": 0, "random": 0}
        for done in (d for d in done_all if d.task.game == name):
            for summary in done.analysis.summaries:
                level = done.task.levels[summary.seat]
                if summary.accuracy is not None:
                    accuracy[level].append(summary.accuracy)
                blunders[level].append(summary.blunders)
                judged[level] += summary.moves
        hard, rand = statistics.mean(accuracy["hard"]), statistics.mean(accuracy["random"])
        print(f"| {GAMES[name].title} | {args.games} | {hard:.1f} | {rand:.1f} | "
              f"{sum(blunders['hard']) / max(judged['hard'], 1):.3f} | "
              f"{sum(blunders['random']) / max(judged['random'], 1):.3f} | {'yes' if rand < hard else 'NO'} |",
              flush=True)


def sanity(names: list[str], args: argparse.Namespace) -> None:
    print(f"\n## Sanity: moves that lose at once (up to {args.positions} positions per game)")
    print("\n| Game | Positions | Labelled blunders | Others (drop, best move's chance) |")
    print("|---|---|---|---|")
    for name in names:
        game = GAMES[name]
        budget = Budget(iterations=args.iterations) if args.iterations else default_budget(name)
        found = losing_positions(game, args.positions, seed=7)
        blunders, others = 0, []
        for number, (state, seat, losing) in enumerate(found):
            judged = analyse_move(game, state, seat, losing, budget=budget, seed=number, n=number)
            if judged.label == "blunder":
                blunders += 1
            else:
                before = judged.before[seat] if judged.before is not None else None
                others.append(f"{judged.notation}: {judged.drop}, {before}")
        print(f"| {game.title} | {len(found)} | {blunders} | {'; '.join(others) or '-'} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", default=list(GAMES), metavar="game")
    for section in ("speed", "calibration", "discrimination", "sanity"):
        parser.add_argument(f"--{section}", action="store_true")
    parser.add_argument("--games", type=int, default=4, help="games per game (calibration, discrimination)")
    parser.add_argument("--positions", type=int, default=5, help="positions per game (sanity)")
    parser.add_argument("--iterations", type=int, default=None, help="the analysis's per position (default: each "
                        "game's own)")
    parser.add_argument("--hard", type=int, default=100, help="hard's iterations a move in the games played")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    names = args.games_to_run
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    chosen = [s for s in ("speed", "calibration", "discrimination", "sanity") if getattr(args, s)]
    sections = {"speed": speed, "calibration": calibration, "discrimination": discrimination, "sanity": sanity}
    for section in chosen or list(sections):
        sections[section](names, args)


if __name__ == "__main__":
    main()
