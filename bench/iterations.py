"""What hard's time budget buys, run by hand: `.venv/bin/python bench/iterations.py [game ...] [--seconds S]`.

Hard searches positions of seeded random games (each game's main mode, up to 60 decisions in, Sanae's in play) for S
processor seconds each (default 2, the bot's `TABLETOP_COMPUTER_SECONDS`: processor time is what the wall clock
buys on a free core, however busy the machine) and prints how many iterations its searches ran (median, range).
That count is what `bench/strength.py --iterations N` plays at to measure strength at the bot's budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strength import Counted
from players import Budget, choose
from rules import GAMES
from tests.players.positions import positions


def bought(name: str, seconds: float, count: int, seed: int) -> list[int]:
    """The iterations of hard's search on `count` positions of `name`, `seconds` of processor time each."""
    game = GAMES[name]
    counts: list[int] = []
    budget = Counted(Budget(iterations=None, seconds=seconds, clock=time.process_time), counts)
    searched = 0
    for state in positions(game, game.configurations()[0], 4 * count, seed=seed, limit=60 if name != "sanae" else 400):
        seat = min(game.actors(state))
        if len(game.legal_actions(state, seat)) < 2 or (name == "sanae" and state.phase != "play"):
            continue
        choose(game, state, seat, "hard", random.Random(searched), budget)
        searched += 1
        if searched == count:
            break
    return [n for n in counts if n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=2.0, help="processor seconds a search")
    parser.add_argument("--positions", type=int, default=6, help="positions searched per game")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    print(f"hard's iterations in {args.seconds} processor s a move")
    for name in args.games:
        counts = bought(name, args.seconds, args.positions, args.seed)
        print(f"{name:10} median {statistics.median(counts):7.0f}, {min(counts)}-{max(counts)} "
              f"over {len(counts)} searches", flush=True)


if __name__ == "__main__":
    main()
