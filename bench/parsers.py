"""Parser time against input length, per game, run by hand: `.venv/bin/python bench/parsers.py [--lengths ...]`.

Every game's bare parser (without the length guard of `rules.base`) reads the adversarial inputs of
tests/rules/adversarial.py at growing lengths; the table shows the slowest pattern's time per parse at each length
and the growth from one length to the next (about 10x per 10x for linear time, 100x for quadratic). The last
column is the guarded `parse` on the longest input: refused by length before any reading.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES, Game, RulesError, State
from rules.base import unguarded_parse
from tests.rules.adversarial import make, patterns, started


def timed(game: Game, state: State, seat: int, text: str, repeat: int, *, guarded: bool = False) -> float:
    """Best of `repeat` single parses, in seconds; the bare parser unless `guarded` (fresh strings: no cache hit)."""
    parse = game.parse if guarded else unguarded_parse(game)
    best = float("inf")
    for n in range(repeat):
        start = time.perf_counter()
        with contextlib.suppress(RulesError):
            parse(state, text + " " * n, seat)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    lengths = sorted(args.lengths)
    head = " ".join(f"{n:>10,}" for n in lengths)
    print(f"{'game':<10} {head}   growth   slowest pattern at the longest   guarded")
    for name, game in sorted(GAMES.items()):
        state = started(name)
        seat = sorted(game.actors(state))[0]
        worst: dict[int, tuple[float, str]] = {}
        for prefix, filler in patterns(name):
            for length in lengths:
                text = make(prefix, filler, length)
                took = timed(game, state, seat, text, args.repeat)
                if took > worst.get(length, (0.0, ""))[0]:
                    worst[length] = (took, f"{prefix!r}+{filler!r}*")
        times = [worst[n][0] for n in lengths]
        growth = "/".join(f"{b / a:.0f}x" for a, b in itertools.pairwise(times) if a > 0)
        guarded = timed(game, state, seat, make("", "1", lengths[-1]), args.repeat, guarded=True)
        cells = " ".join(f"{t * 1e3:>8.3f}ms" for t in times)
        print(f"{name:<10} {cells}   {growth:<8} {worst[lengths[-1]][1]:<32} {guarded * 1e6:.1f}µs")


if __name__ == "__main__":
    main()
