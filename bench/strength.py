"""Computer strength, run by hand: `.venv/bin/python bench/strength.py [game ...] [--games N] [--budget S]`.

Plays each pairing (hard v random, hard v normal, normal v easy) in each game's main mode (its first
configuration: two players, default options), seats alternated, and prints the stronger side's score (a win 1, a
draw 1/2) with the seconds per move of each side. Targets (issue 13), over at least 200 games: hard v random 95 %,
hard v normal 65 %, normal v easy 65 %. Fewer games are marked as a small sample.
`--iterations N` sets hard's search iterations per move (default 200 without `--budget`), `--budget S` its seconds a
move (wall clock, as the bot; with `--cpu` processor seconds, what S buys on a free core however busy the machine
is); it prints how many iterations hard's searches ran. `--jobs N` plays N games at once in N processes (each game's
seeds depend only on its number, so the results are those of one process). `--first K` starts at game number K: a
run cut short (its `--log` has games up to K-1) goes on where it stopped, with the same games it would have played.
`--tally LOG ...` plays nothing: it pools the games of one or more logs (each seed and game number once) and prints
each pairing's score with a 95 % interval, how its games ended and the processor time they took. `--moves DIR`
writes each game's positions and moves down: with `--first K --games 1`, game K of a run (a loss, say) again.
s/move is wall clock, which grows when other programs (or more jobs than free cores) share the processor; "cpu" is
the stronger side's processor time per move, the work itself.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players import Budget
from players.arena import Player, computer, play, uniform
from rules import GAMES, Action, Game, Outcome, State

PAIRS = {"hard-random": 0.95, "hard-normal": 0.65, "normal-easy": 0.65}
FULL_SAMPLE = 200


def timed(player: Player, spent: list[float], cpu: list[float] | None = None) -> Player:
    """`player`, adding each move's wall-clock seconds to `spent` and its processor seconds to `cpu`: on a busy
    machine the wall clock counts the other programs' turns too, the processor time only this move's work."""
    def wrapped(state: State, seat: int) -> Action:
        began, worked = time.perf_counter(), time.process_time()
        action = player(state, seat)
        spent.append(time.perf_counter() - began)
        if cpu is not None:
            cpu.append(time.process_time() - worked)
        return action

    return wrapped


def make(game: Game, level: str, seed: int, budget: Budget) -> Player:
    return uniform(game, seed) if level == "random" else computer(game, level, seed, budget)


class Counted(Budget):
    """`budget`, noting how many iterations each search it starts ran (`counts`, one entry per search): the
    iterations a time budget buys on this machine."""

    counts: list[int]  # set in __init__ (Budget is frozen)

    def __init__(self, budget: Budget, counts: list[int]) -> None:
        super().__init__(budget.iterations, budget.seconds, budget.clock)
        object.__setattr__(self, "counts", counts)

    def start(self) -> Callable[[int], bool]:
        spent, counts = super().start(), self.counts
        counts.append(0)
        at = len(counts) - 1

        def counting(done: int) -> bool:
            counts[at] = max(counts[at], done)
            return spent(done)

        return counting


Result = tuple[float, int, int, int, list[float], list[float], list[float], str, list[int]]


def recorded(game: Game, player: Player, level: str, lines: list[str]) -> Player:
    """`player`, writing into `lines` the position it was handed and the move it chose there."""
    def wrapped(state: State, seat: int) -> Action:
        action = player(state, seat)
        lines.append(f"{game.position(state)}\n{len(lines) + 1}. seat {seat} ({level}): {game.notation(state, action)}")
        return action

    return wrapped


def ending(outcome: Outcome | None, seat: int) -> tuple[float, str]:
    """`seat`'s score in a game that ended with `outcome` (None: cut off, counted as a draw) and how it ended for it,
    e.g. "lost void_captured"."""
    score = float(seat in outcome.winners) if outcome is not None and outcome.winners else 0.5
    verdict = {1.0: "won", 0.0: "lost"}.get(score, "drew")
    return score, f"{verdict} {outcome.reason if outcome else 'cut off'}"


def one(name: str, pair: str, number: int, budget: Budget, seed: int, limit: int,
        moves: Path | None = None) -> Result:
    """Game `number` of a pairing: (the stronger side's score, draw, cut off, decisions, its and the other's
    seconds per move, its processor seconds per move, how it ended for it, e.g. "lost void_captured", its searches'
    iterations). Its seeds depend only on `number`, so a game is the same whichever process plays it."""
    game = GAMES[name]
    strong, weak = pair.split("-")
    times: dict[str, list[float]] = {strong: [], weak: []}
    cpu: list[float] = []
    searched: list[int] = []
    seat = number % 2  # the stronger side alternates seats
    stronger = timed(make(game, strong, seed * 1000 + 2 * number, Counted(budget, searched)), times[strong], cpu)
    weaker = timed(make(game, weak, seed * 1000 + 2 * number + 1, budget), times[weak])
    players: list[Callable[[State, int], Action]] = [stronger, weaker] if seat == 0 else [weaker, stronger]
    lines: list[str] = []
    if moves is not None:  # the same game (recording takes no randomness), each decision written down
        players = [recorded(game, player, strong if s == seat else weak, lines) for s, player in enumerate(players)]
    config = game.configurations()[0]
    result = play(game, config, players, random.Random(seed * 7919 + number), limit)
    score, how = ending(result.outcome, seat)
    draw, cut = int(result.outcome is not None and not result.outcome.winners), int(result.outcome is None)
    if moves is not None:
        moves.mkdir(parents=True, exist_ok=True)
        (moves / f"{name}-{pair}-seed{seed}-{number}.txt").write_text(
            f"{strong} is seat {seat}; {strong} {how}\n\n" + "\n".join(lines) + "\n")
    return score, draw, cut, result.decisions, times[strong], times[weak], cpu, how, [n for n in searched if n]


def match(game: Game, pair: str, games: int, budget: Budget, seed: int, limit: int, jobs: int = 1,
          log: Path | None = None, first: int = 0, moves: Path | None = None) -> str:
    strong, weak = pair.split("-")
    numbers = range(first, first + games)
    args = [(game.name, pair, number, budget, seed, limit, moves) for number in numbers]
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        played = pool.map(one, *zip(*args, strict=True)) if pool else (one(*a) for a in args)
        for number, result in zip(numbers, played, strict=True):
            results.append(result)
            if log is not None:  # one line a game as it ends: a run cut short keeps the games it finished
                with log.open("a") as out:
                    out.write(json.dumps({"game": game.name, "pair": pair, "seed": seed, "number": number,
                                          "budget": describe(budget), "score": result[0], "how": result[7],
                                          "decisions": result[3], "cpu": sum(result[6]), "moves": len(result[6]),
                                          "iterations": result[8]}) + "\n")
    score = sum(r[0] for r in results)
    draws, cut = sum(r[1] for r in results), sum(r[2] for r in results)
    lengths = [r[3] for r in results]
    times = {strong: [t for r in results for t in r[4]], weak: [t for r in results for t in r[5]]}
    cpu = [t for r in results for t in r[6]]
    searches = [n for r in results for n in r[8]]
    rate = score / games
    endings = Counter(r[7] for r in results)  # where the games are won and lost: what to work on next
    mark = "" if games >= FULL_SAMPLE else " (small sample)"
    target = PAIRS[pair]
    per_move = {side: (sum(t) / len(t) if t else 0.0) for side, t in times.items()}
    return (f"{game.name:10} {pair:12} {games:4} games{mark}: {rate:6.1%} (target {target:.0%}"
            f" {'met' if rate >= target else 'NOT met'}), draws {draws}, cut off {cut}, "
            f"avg {sum(lengths) / games:.0f} decisions, "
            f"s/move {strong} {per_move[strong]:.3f} (cpu {sum(cpu) / max(len(cpu), 1):.3f}) "
            f"{weak} {per_move[weak]:.3f}"
            + (f", {strong}'s iterations a search: median {statistics.median(searches):.0f}, "
               f"{min(searches)}-{max(searches)}" if searches else "")
            + f"\n    {strong}: "
            + ", ".join(f"{how} {count}" for how, count in endings.most_common()))


def describe(budget: Budget) -> str:
    """Hard's budget in words, as the logs and the tally name it: "2700 iterations", "2.0 s" or both."""
    parts = ([f"{budget.iterations} iterations"] if budget.iterations is not None else []) + (
        [f"{budget.seconds} s"] if budget.seconds is not None else [])
    return ", ".join(parts)


def interval(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of `score` in `games` (a draw counts half), 95 % by default."""
    if games == 0:
        return 0.0, 1.0
    rate = score / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def pool(lines: Iterable[str]) -> dict[tuple[str, str, str], list[dict[str, Any]]]:
    """Log lines (`--log`) by game, pairing and budget: one game per seed and number (a line repeated by two logs
    counts once); a line logged without its budget is taken at its searches' most iterations."""
    seen: dict[tuple[str, str, str, int, int], dict[str, Any]] = {}
    for line in lines:
        if not line.strip():
            continue
        entry = json.loads(line)
        budget = entry.get("budget") or f"{max(entry['iterations'], default=0)} iterations"
        seen[(entry["game"], entry["pair"], budget, entry["seed"], entry["number"])] = entry
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for (name, pair, budget, _, _), entry in sorted(seen.items()):
        groups.setdefault((name, pair, budget), []).append(entry)
    return groups


def tally(lines: Iterable[str]) -> list[str]:
    """Each pairing's pooled result over log lines (`pool`): games, score, its 95 % interval, how they ended."""
    out = []
    for (name, pair, budget), entries in pool(lines).items():
        score, games = sum(e["score"] for e in entries), len(entries)
        low, high = interval(score, games)
        seeds = sorted({e["seed"] for e in entries})
        endings = Counter(e["how"] for e in entries)
        out.append(f"{name:10} {pair:12} {budget}: {games} games (seeds {', '.join(map(str, seeds))}), "
                   f"score {score:g} ({score / games:.1%}, 95 % interval {low:.1%}-{high:.1%}; target "
                   f"{PAIRS[pair]:.0%}), processor {sum(e['cpu'] for e in entries) / games:.0f} s a game"
                   + "\n    " + ", ".join(f"{how} {count}" for how, count in endings.most_common()))
    return out


def budget_from(seconds: float | None, iterations: int | None, cpu: bool = False) -> Budget:
    """Hard's budget from the benches' --budget/--iterations/--cpu flags: seconds of wall clock (or of processor
    time with `cpu`), else iterations."""
    if seconds is not None:
        return Budget(iterations=iterations, seconds=seconds, clock=time.process_time if cpu else time.perf_counter)
    return Budget(iterations=iterations or 200)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="game", help="games to measure (default: all five)")
    parser.add_argument("--games", type=int, default=FULL_SAMPLE, help="games per pairing and game")
    parser.add_argument("--budget", type=float, default=None, help="hard's seconds per move (wall clock)")
    parser.add_argument("--cpu", action="store_true",
                        help="--budget in processor seconds: what the bot's wall-clock budget buys on a free core, "
                             "whatever else the machine runs")
    parser.add_argument("--iterations", type=int, default=None, help="hard's search iterations per move")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated, from " + ", ".join(PAIRS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=2000, help="decisions before a game is cut off (a draw)")
    parser.add_argument("--log", type=Path, default=None, help="append one JSON line per finished game to this file")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing games at once (the same games and results as one process)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number: go on with a run cut short after game FIRST-1")
    parser.add_argument("--moves", type=Path, default=None, metavar="DIR",
                        help="write each game's positions and moves to DIR/<game>-<pair>-seed<S>-<number>.txt "
                             "(with --first K --games 1: look at one game of a run again, e.g. a loss)")
    parser.add_argument("--tally", type=Path, nargs="+", default=None, metavar="LOG",
                        help="play nothing: pool these --log files and print each pairing's score")
    args = parser.parse_args()
    if args.tally:
        for summary in tally(line for path in args.tally for line in path.read_text().splitlines()):
            print(summary)
        return
    budget = budget_from(args.budget, args.iterations, args.cpu)
    names = args.games_ or list(GAMES)
    clock = "processor" if args.cpu else "wall-clock"
    print(f"hard budget: {budget.iterations} iterations, {budget.seconds} {clock} s per move")
    for name in names:
        for pair in args.pairs.split(","):
            print(match(GAMES[name], pair, args.games, budget, args.seed, args.limit, args.jobs, args.log, args.first,
                        args.moves), flush=True)


if __name__ == "__main__":
    main()
