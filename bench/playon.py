"""Hard against random from recorded positions, run by hand: `.venv/bin/python bench/playon.py STARTS [--set N=V,V]`.

STARTS is a file of positions, one JSON line each (`game`, the game it comes `from` and at which `decision`, hard's
seat `hard`, and the `state` as `Game.to_json` writes it), such as `bench/results/playon/sanae-loose-dragon.jsonl`.
From each, `--games` continuations are played, for each value of a module constant when `--set` names one (`--set
players.sanae.LOST=0.1,0.15`), and hard's score from each start is printed: a change to hard is measured where it
matters at a fraction of the cost of whole games. Each continuation's seeds depend only on its start and number, so
every value meets the same dice and the same random player until their moves differ.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strength import ending
from players import Budget
from players.arena import computer, play, uniform
from rules import GAMES

# hard's score from one continuation, how it ended for hard, and hard's processor seconds
Result = tuple[float, str, float]


def setting(text: str) -> tuple[str, list[float]]:
    """`module.NAME=V1,V2,...` as (the dotted name, its values)."""
    name, _, values = text.partition("=")
    if "." not in name or not values:
        raise argparse.ArgumentTypeError(f"expected module.NAME=V1,V2 (e.g. players.sanae.LOST=0.1,0.15), got {text!r}")
    try:
        return name, [float(value) for value in values.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"the values of {name} must be numbers, got {values!r}") from None


def one(start: dict[str, Any], number: int, name: str | None, value: float | None, iterations: int,
        limit: int) -> Result:
    """Continuation `number` from `start`, with the constant `name` (if any) set to `value`."""
    if name is not None:
        module, _, constant = name.rpartition(".")
        setattr(importlib.import_module(module), constant, value)
    game = GAMES[start["game"]]
    hard = start["hard"]
    seed = 1000 * start["decision"] + number
    state = game.from_json(start["state"])
    seats = [uniform(game, 2 * seed + 1)] * game.players(state)
    seats[hard] = computer(game, "hard", 2 * seed, Budget(iterations=iterations))
    began = time.process_time()
    result = play(game, game.configurations()[0], seats, random.Random(seed), limit, start=state)
    return (*ending(result.outcome, hard), time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("starts", type=Path, help="positions to play on from, one JSON line each")
    parser.add_argument("--set", type=setting, default=(None, [None]), metavar="module.NAME=V1,V2",
                        help="a constant to vary and its values (e.g. players.sanae.LOST=0.1,0.15)")
    parser.add_argument("--games", type=int, default=10, help="continuations from each start for each value")
    parser.add_argument("--iterations", type=int, default=1100, help="hard's iterations a move (default 1100)")
    parser.add_argument("--limit", type=int, default=2000, help="decisions after which a game is cut off")
    parser.add_argument("--jobs", type=int, default=1, help="games at once, in as many processes")
    args = parser.parse_args()
    starts = [json.loads(line) for line in args.starts.read_text().splitlines() if line.strip()]
    name, values = args.set
    if name is not None:
        module, _, constant = name.rpartition(".")
        try:
            known = hasattr(importlib.import_module(module), constant)
        except ImportError:
            known = False
        if not known:
            parser.error(f"--set: no constant {constant} in a module {module}")
    # the values' games interleaved, so that one value is not alone in a busy spell of the machine
    work = [(index, number, value) for index in range(len(starts)) for number in range(args.games) for value in values]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, *zip(*((starts[i], n, name, v, args.iterations, args.limit)
                                             for i, n, v in work), strict=True)))
    for value in values:
        mine = [(index, result) for (index, _, v), result in zip(work, results, strict=True) if v == value]
        cpu = sum(result[2] for _, result in mine) / len(mine)
        score = sum(result[0] for _, result in mine)
        label = "hard as it is" if name is None else f"{name}={value:g}"
        print(f"{label}: hard scored {score:g} of {len(mine)} ({cpu:.0f} processor s a game)")
        for index, start in enumerate(starts):
            own = [result for i, result in mine if i == index]
            endings = ", ".join(f"{how} {n}" for how, n in sorted(Counter(r[1] for r in own).items()))
            print(f"  {start['from']} from decision {start['decision']}: {sum(r[0] for r in own):g} of {len(own)}"
                  f" ({endings})")


if __name__ == "__main__":
    main()
