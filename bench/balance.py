"""Balance, run by hand: `.venv/bin/python bench/balance.py [game ...] [--games N] [--budget S | --iterations N]`.

Hard plays hard in every configuration (`Game.configurations()`); prints, per game and mode, how often seat 1
(the first seat; Sinoda and Sanae draw who moves first by chance) wins, each seat's wins, draws and games cut off,
and the average game length in decisions (player actions, not chance draws).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strength import budget_from
from players import Budget
from players.arena import computer, play
from rules import GAMES, Configuration, Game


def mode(config: Configuration) -> str:
    options = " ".join(f"{name}={value}" for name, value in sorted(config.options.items()))
    return f"{config.players}p {options or 'defaults'}"


def measure(game: Game, config: Configuration, games: int, budget: Budget, seed: int, limit: int) -> str:
    wins, draws, cut, lengths = [0] * config.players, 0, 0, []
    began = time.perf_counter()
    for number in range(games):
        seats = [computer(game, "hard", seed * 10_000 + number * 10 + s, budget) for s in range(config.players)]
        result = play(game, config, seats, random.Random(seed * 7919 + number), limit)
        lengths.append(result.decisions)
        if result.outcome is None:
            cut += 1
        elif not result.outcome.winners:
            draws += 1
        else:
            for seat in result.outcome.winners:
                wins[seat] += 1
    seconds = (time.perf_counter() - began) / max(1, sum(lengths))
    return (f"{game.name:10} {mode(config):50} {games:4} games: first seat wins {wins[0] / games:6.1%}; "
            f"wins by seat {wins}, draws {draws}, cut off {cut}, avg {sum(lengths) / games:.0f} decisions, "
            f"{seconds:.3f} s/decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="game", help="games to measure (default: all five)")
    parser.add_argument("--games", type=int, default=20, help="games per configuration")
    parser.add_argument("--budget", type=float, default=None, help="hard's seconds per move (wall clock)")
    parser.add_argument("--iterations", type=int, default=None, help="hard's search iterations per move")
    parser.add_argument("--main-only", action="store_true", help="only each game's main mode (first configuration)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=2000, help="decisions before a game is cut off")
    args = parser.parse_args()
    budget = budget_from(args.budget, args.iterations)
    print(f"hard budget: {budget.iterations} iterations, {budget.seconds} s per move")
    for name in args.names or list(GAMES):
        game = GAMES[name]
        configs = game.configurations()[:1] if args.main_only else game.configurations()
        for config in configs:
            print(measure(game, config, args.games, budget, args.seed, args.limit), flush=True)


if __name__ == "__main__":
    main()
