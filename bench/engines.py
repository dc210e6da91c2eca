"""Engine speed, run by hand: `.venv/bin/python bench/engines.py [game ...] [--seconds N] [--repeat K]`.

Actions per second of seeded random playouts through the `rules` interface (chance draws, `actors`,
`legal_actions`, `apply`, `outcome`), best of K runs, timed in process CPU time (the machine is shared, and
CPU time does not count the time other processes hold the cores); then board render times (p50/max)
for public and private views of mid-game and final positions. Sanae is timed from its first play move: each
playout first draws both layouts at random, untimed and not counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import random_step
from render import RENDERERS
from rules import GAMES, Game

# Actions/s each engine should reach (issue 13, "Engine speed first").
TARGETS = {"cintos": 60_000, "sinoda": 55_000, "sakamichi": 15_000, "sanae": 7_000, "bodsoi": 4_000}


def in_play(game: Game, state: Any) -> bool:
    """Whether this state counts: Sanae's set-up (layouts and the first-player roll) does not."""
    return game.name != "sanae" or state.phase == "play"


def playouts(game: Game, seconds: float, seed: int) -> tuple[float, int, list[Any], list[Any]]:
    """Actions per second over whole seeded random games, games played, and some mid-game and final positions."""
    rng = random.Random(seed)
    actions, games, spent = 0, 0, 0.0
    middles: list[Any] = []
    finals: list[Any] = []
    while spent < seconds or games == 0:
        state = game.setup(game.player_counts[0])
        while not in_play(game, state) and game.outcome(state) is None:
            state = random_step(game, state, rng)
        t0 = time.process_time()
        count = 0
        while game.outcome(state) is None:
            state = random_step(game, state, rng)
            count += 1
            if count % 23 == 0 and len(middles) < 40:
                middles.append(state)
        spent += time.process_time() - t0
        actions += count
        games += 1
        finals.append(state)
    return actions / spent, games, middles, finals[:10]


def render_ms(game: Game, states: list[Any]) -> tuple[float, float]:
    """Median and slowest board render over the public view and every private view of each state."""
    renderer = RENDERERS.get(game.name)
    if renderer is None or not states:
        return float("nan"), float("nan")
    times = []
    for state in states:
        count = game.players(state)
        names = [f"Player {i + 1}" for i in range(count)]
        for viewer in [None, *range(count)]:
            view = game.view(state, viewer)
            t0 = time.perf_counter()
            renderer(view, names, 42)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3, max(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(TARGETS))
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per run and game")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the best is shown")
    parser.add_argument("--no-render", action="store_true", help="skip the render timings")
    args = parser.parse_args()
    header = ("game", "actions/s (best)", "runs", "target", "games", "mid render p50/max ms",
              "final render p50/max ms")
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for name in args.games:
        game = GAMES[name]
        runs = [playouts(game, args.seconds, seed) for seed in range(1, args.repeat + 1)]
        best = max(runs, key=lambda run: run[0])
        rates = "/".join(f"{run[0] / 1000:.1f}k" for run in runs)
        mid = fin = (float("nan"), float("nan"))
        if not args.no_render:
            mid, fin = render_ms(game, best[2][::4]), render_ms(game, best[3][:3])
        row = (name, f"{best[0]:,.0f}", rates, f"{TARGETS.get(name, 0):,}", str(sum(run[1] for run in runs)),
               f"{mid[0]:.1f}/{mid[1]:.1f}", f"{fin[0]:.1f}/{fin[1]:.1f}")
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
