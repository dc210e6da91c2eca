"""Computer analysis (analysis/, issue 39), run by hand:
`.venv/bin/python bench/analysis.py [game ...] [--speed] [--calibration] [--discrimination] [--sanity] [--games N]`
(the other options: --help).

With no section named, all four run. Every game is analysed at the analysis's default budget per position
(`analysis.default_budget`) unless `--iterations N` sets one for all.

- speed: the first 60 decisions of a game of normal against normal in each game at each player count (default
  options), analysed whole: processor seconds for the game and per move (the target: a 60-move game of two players
  within 60 s).
- calibration: `--games` games per game of self-play, hard against hard (or against `--opponent`; hard at `--hard`
  iterations; seats alternated; games numbered from `--first`, each game's seeds its number's; players of one
  strength, since the chances assume both sides play alike and a stronger seat wins more than its positions say),
  and in each, `--sample K` of its players' moves
  (one drawn at random from each of K equal stretches of the game; 0: every move; never the last move, whose result
  is known, nor a set-up or a resignation) judged at the default budget on the engine's raw chances: each predicts
  its mover's side's result (after the move played, as its mover could know it) against how the game ended (a win 1,
  a loss 0, a shared result its share). Reported per game and pooled: the Brier score of the analysis's chances
  (through analysis/calibration.py's map), of the raw ones and of a guess of every side's even share, and the table
  by tenth, each tenth more than 10 points off marked (and whether beyond twice its sampling error). `--rows FILE`
  keeps every position (JSON lines) for bench/calibrate.py, which fits the map on one set and reports on another.
- discrimination: `--games` games per game of hard against random (uniform moves), seats alternated, each analysed
  whole at `--share` of the game's default iterations (or `--iterations`): the mean game accuracy of each, random's
  must be the lower. `--rows FILE` keeps every player's game as it goes; `--summarise FILE...` prints the table of
  such files.
- sanity: up to `--positions` positions per game, from seeded random games, where a move loses at once
  (tests/analysis/positions.py); how many of those moves are labelled blunders.

`--jobs N` analyses N games at once in N processes (each game's seeds depend only on its number, so the results
are those of one process; the seconds are each process's own processor time).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis import Analysis, analyse, analyse_move, default_budget, standing_moves
from analysis.calibration import Map, map_for
from players import Budget
from players.arena import Player, computer, uniform
from players.evaluate import teams_of
from players.levels import setup_choice
from rules import GAMES, Action, Configuration, Game, Outcome, Resign, State
from tests.analysis.positions import losing_positions
from tests.analysis.records import Played, play_logged

SPEED_DECISIONS = 60
SMALL_SAMPLE = 50  # fewer games than this are a small sample
OFF = 0.10  # the calibration goal: every tenth's wins within 10 points of its mean prediction
MIN_ITERATIONS = 60  # --share goes no lower
FEW = 20  # a tenth with no more positions than this is marked as few


@dataclass(frozen=True)
class Task:
    game: str
    config: Configuration
    levels: tuple[str, ...]  # per seat: "hard", "normal", "easy" or "random"
    number: int
    hard: int  # hard's iterations
    iterations: int | None  # the analysis's, None for the game's default
    limit: int
    sample: int = 0  # calibration: positions judged a game (0: all)


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


def run_all(tasks: list[Task], jobs: int) -> Iterator[Done]:
    if jobs <= 1:
        yield from map(run, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(run, tasks)


def alternated(name: str, games: int, levels: tuple[str, str], hard: int, iterations: int | None, first: int = 0,
               sample: int = 0) -> list[Task]:
    config = GAMES[name].configurations()[0]
    return [Task(name, config, levels if number % 2 == 0 else (levels[1], levels[0]), number, hard, iterations, 2000,
                 sample) for number in range(first, first + games)]


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


@dataclass(frozen=True)
class Position:
    """A position of a calibration game judged: its game, game number, side count, log line, the mover's side's
    predicted chance after the move played (the engine's raw one, in [0, 1]; the calibrated one follows from it by
    `analysis.calibration`) and that side's result (1 a win, 0 a loss, a share of 1 when shared)."""

    game: str
    number: int
    sides: int
    n: int
    raw: float
    result: float

    def predicted(self, maps: dict[tuple[str, int], Map] | None = None) -> float:
        return map_for(self.game, self.sides, maps)(self.raw, 1 / self.sides)


def sampled(lines: list[tuple[int, State, Action, int]], k: int, number: int) -> list[tuple[int, State, Action, int]]:
    """`k` of `lines` spread over the game: one drawn (seeded by the game's number) from each of `k` equal stretches
    (all of them when there are no more than `k`)."""
    if k <= 0 or len(lines) <= k:
        return lines
    rng = random.Random(f"calibration sample {number}")
    bounds = [round(i * len(lines) / k) for i in range(k + 1)]
    return [lines[rng.randrange(bounds[i], bounds[i + 1])] for i in range(k)]


def judge_positions(task: Task) -> tuple[list[Position], float, float]:
    """A calibration game played and `task.sample` of its positions (all when 0) judged on the engine's raw
    chances: the positions, and the processor seconds of playing and of judging. The game's last move is left out
    (its result is known, not predicted), as are set-ups and resignations (no chances)."""
    game = GAMES[task.game]
    seats = [seat_player(game, level, 1000 * task.number + seat, task.hard) for seat, level in enumerate(task.levels)]
    began = time.process_time()
    played = play_logged(game, task.config, seats, random.Random(task.number), limit=task.limit)
    playing = time.process_time() - began
    start = game.setup(task.config.players, task.config.options)
    sides = tuple(teams_of(game, start))
    ended = results(played.outcome, sides)
    if ended is None:
        return [], playing, 0.0
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    lines = [line for line in standing_moves(game, played.record)[:-1] if not isinstance(line[2], Resign)
             and (game.automatic_action(line[1]) is not None
                  or setup_choice(game.legal_actions(line[1], line[3]), random.Random(0)) is None)]
    budget = Budget(iterations=task.iterations) if task.iterations else default_budget(task.game)
    began = time.process_time()
    out = []
    for n, state, action, seat in sampled(lines, task.sample, task.number):
        move = analyse_move(game, state, seat, action, budget=budget, seed=task.number, n=n, calibrated=False)
        if move.after is not None:
            out.append(Position(task.game, task.number, len(sides), n, move.after[seat] / 100,
                                ended[side_of[seat]]))
    return out, playing, time.process_time() - began


def judge_all(tasks: list[Task], jobs: int) -> Iterator[tuple[list[Position], float, float]]:
    if jobs <= 1:
        yield from map(judge_positions, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(judge_positions, tasks)


def calibration(names: list[str], args: argparse.Namespace) -> None:
    shown = f"{args.sample} positions a game" if args.sample else "every position"
    print(f"\n## Calibration: {args.games} games per game of hard ({args.hard} iterations) v {args.opponent}, games "
          f"{args.first}-{args.first + args.games - 1}, {shown}"
          + (" (a small sample)" if args.games < SMALL_SAMPLE else ""), flush=True)
    tasks = [task for name in names for task in alternated(name, args.games, ("hard", args.opponent), args.hard,
                                                           args.iterations, args.first, args.sample)]
    positions: list[Position] = []
    rows = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115 (written as it goes)
    playing = judging = 0.0
    for index, (found, played, judged) in enumerate(judge_all(tasks, args.jobs), start=1):
        positions += found
        playing, judging = playing + played, judging + judged
        if rows is not None:
            rows.writelines(json.dumps(asdict(position)) + "\n" for position in found)
            rows.flush()
        if index in (3, len(tasks)) or index % 25 == 0:
            print(f"({index} of {len(tasks)} games: {playing:.0f} s playing, {judging:.0f} s judging, "
                  f"{(playing + judging) / index:.1f} s a game)", flush=True)
    if rows is not None:
        rows.close()
    calibration_report(positions)


def calibration_report(positions: list[Position], maps: dict[tuple[str, int], Map] | None = None,
                       chance: Callable[[Position], float] | None = None) -> None:
    """Brier scores by game and pooled (the analysis's chances by `maps`, the fitted ones when None, or each
    position's by `chance`; the engine's raw ones; an even guess's), and each game's and the pooled table by tenth."""
    shown = chance or (lambda p: p.predicted(maps))
    print("\n| Game | Games | Positions | Brier | Brier, raw | Even guess's Brier | Tenths off by over 10 points "
          "(positions) | Of which beyond twice their sampling error |")
    print("|---|---|---|---|---|---|---|---|")
    by_game: dict[str, list[Position]] = {}
    for position in positions:
        by_game.setdefault(GAMES[position.game].title, []).append(position)
    for title, found in [*by_game.items(), ("All", positions)]:
        calibrated = [(shown(p), p.result) for p in found]
        off = [row for row in tenths(calibrated) if row.off]
        print(f"| {title} | {len({(p.game, p.number) for p in found})} | {len(found)} | {brier(calibrated):.3f} | "
              f"{brier([(p.raw, p.result) for p in found]):.3f} | "
              f"{brier([(1 / p.sides, p.result) for p in found]):.3f} | "
              f"{', '.join(f'{row.name} ({row.count})' for row in off) or 'none'} | "
              f"{', '.join(row.name for row in off if row.beyond_noise) or 'none'} |")
    for title, found in [*by_game.items(), ("All", positions)]:
        print(f"\n{title}: the mover's side's chance after its move, by tenth, against how often those sides won "
              f"(* more than 10 points off; {FEW} positions or fewer: few; noise: twice the standard error of the "
              "won share if the predictions were right)")
        print("\n| Predicted | Positions | Mean predicted | Won | Off by | Noise |")
        print("|---|---|---|---|---|---|")
        for row in tenths([(shown(p), p.result) for p in found]):
            print(f"| {row.name} | {row.count}{' (few)' if row.count <= FEW else ''} | {100 * row.predicted:.1f} % | "
                  f"{100 * row.won:.1f} % | {100 * (row.won - row.predicted):+.1f}{' *' if row.off else ''} | "
                  f"±{100 * row.noise:.1f} |")


@dataclass(frozen=True)
class Tenth:
    """The positions predicted within one tenth: how many, their mean prediction and how often their sides won."""

    tenth: int
    count: int
    predicted: float
    won: float

    @property
    def name(self) -> str:
        return f"{10 * self.tenth}-{10 * self.tenth + 10} %"

    @property
    def off(self) -> bool:
        return abs(self.won - self.predicted) > OFF

    @property
    def noise(self) -> float:
        """Twice the standard error of the won share of `count` positions won as predicted (the positions of one
        game share its result, so the true noise is somewhat larger)."""
        return 2 * math.sqrt(self.predicted * (1 - self.predicted) / self.count)

    @property
    def beyond_noise(self) -> bool:
        return abs(self.won - self.predicted) > max(OFF, self.noise)


def tenths(rows: list[tuple[float, float]]) -> list[Tenth]:
    """Each tenth of predictions with positions in it."""
    out = []
    for tenth in range(10):
        inside = [(p, o) for p, o in rows if min(9, int(p * 10)) == tenth]
        if inside:
            out.append(Tenth(tenth, len(inside), statistics.mean(p for p, _ in inside),
                             statistics.mean(o for _, o in inside)))
    return out


def brier(rows: list[tuple[float, float]]) -> float:
    return statistics.mean((p - o) ** 2 for p, o in rows) if rows else float("nan")


def discrimination(names: list[str], args: argparse.Namespace) -> None:
    budgets = {name: reduced(name, args) for name in names}
    print(f"\n## Discrimination: {args.games} games per game of hard ({args.hard} iterations) v random, games "
          f"{args.first}-{args.first + args.games - 1}, iterations a position: "
          + ", ".join(f"{GAMES[name].title} {budgets[name]}" for name in names)
          + (" (a small sample)" if args.games < SMALL_SAMPLE else ""), flush=True)
    out = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115 (written as it goes)
    for name in names:
        tasks = alternated(name, args.games, ("hard", "random"), args.hard, budgets[name], args.first)
        rows: list[dict[str, Any]] = []
        seconds = 0.0
        for index, done in enumerate(run_all(tasks, args.jobs), start=1):
            seconds += done.seconds
            for summary in done.analysis.summaries:
                row = {"game": name, "number": done.task.number, "seat": summary.seat,
                       "level": done.task.levels[summary.seat], "iterations": done.analysis.iterations,
                       "accuracy": summary.accuracy, "moves": summary.moves, "blunders": summary.blunders,
                       "seconds": round(done.seconds, 2)}
                rows.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            if index in (3, len(tasks)) or index % 10 == 0:
                print(f"({GAMES[name].title}: {index} of {len(tasks)} games, {seconds:.0f} s analysing, "
                      f"{seconds / index:.1f} s a game)", flush=True)
        discrimination_table(rows)
    if out is not None:
        out.close()


def discrimination_table(rows: list[dict[str, Any]]) -> None:
    """The discrimination table of player rows (bench/analysis.py --discrimination --rows), a line per game: hard's
    and random's mean game accuracy, in how many games random's was below hard's, blunders a judged move."""
    print("\n| Game | Games | Iterations | Hard's accuracy | Random's accuracy | Games random below hard "
          "| Hard's blunders a move | Random's | Random below |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in dict.fromkeys(row["game"] for row in rows):
        mine = [row for row in rows if row["game"] == name]
        games: dict[int, dict[str, float]] = {}
        for row in mine:
            if row["accuracy"] is not None:
                games.setdefault(row["number"], {})[row["level"]] = row["accuracy"]
        accuracy = {level: [row["accuracy"] for row in mine if row["level"] == level and row["accuracy"] is not None]
                    for level in ("hard", "random")}
        blunders = {level: sum(row["blunders"] for row in mine if row["level"] == level) /
                    max(1, sum(row["moves"] for row in mine if row["level"] == level)) for level in ("hard", "random")}
        hard, rand = statistics.mean(accuracy["hard"]), statistics.mean(accuracy["random"])
        below = sum(game.get("random", 100.0) < game.get("hard", 0.0) for game in games.values())
        iterations = sorted({row["iterations"] for row in mine})
        print(f"| {GAMES[name].title} | {len({row['number'] for row in mine})} | "
              f"{', '.join(map(str, iterations))} | {hard:.1f} | {rand:.1f} | {below} of {len(games)} | "
              f"{blunders['hard']:.3f} | {blunders['random']:.3f} | {'yes' if rand < hard else 'NO'} |", flush=True)


def reduced(name: str, args: argparse.Namespace) -> int:
    """The analysis's iterations a position for `name`: `--iterations`, else `--share` of the game's default (not
    below MIN_ITERATIONS, under which the analysis's own floor of worlds decides anyway)."""
    default = default_budget(name).iterations or 0
    return args.iterations or max(MIN_ITERATIONS, round(default * args.share))


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
    parser.add_argument("--opponent", choices=("hard", "normal", "easy", "random"), default="hard",
                        help="calibration: hard's opponent in the games played (default: hard, self-play)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (its seeds): calibration and "
                        "discrimination play games first to first + games - 1")
    parser.add_argument("--sample", type=int, default=0, help="calibration: judge this many positions a game, spread "
                        "over it (0: every position)")
    parser.add_argument("--share", type=float, default=1.0, help="discrimination: the analysis's iterations a "
                        "position as this share of each game's default (unless --iterations)")
    parser.add_argument("--rows", default=None, help="append each position judged (calibration: JSON lines, for "
                        "bench/calibrate.py) or each player's game (discrimination) to this file")
    parser.add_argument("--summarise", nargs="+", default=None, metavar="ROWS", help="print the discrimination "
                        "table of each rows file written by --discrimination --rows, and nothing else")
    args = parser.parse_args()
    if args.summarise:
        for path in args.summarise:
            print(f"\n{path}:")
            with open(path, encoding="utf-8") as lines:
                discrimination_table([json.loads(line) for line in lines if line.strip()])
        return
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
