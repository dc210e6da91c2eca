"""Tournament core timings, run by hand: `.venv/bin/python bench/tournaments.py [--players 1000] [--repeat 3]`.

Plays a Swiss event of N entrants with random results (a few drops and forfeits) and times the pairing of
every round (the block-by-block matching above 40 present) and the standings of the finished event; the
best of ``--repeat`` runs of each.  Also one exact-matching round at 40 and a 1,000-entrant round robin's
standings.  Targets: one Swiss round of 1,000 entrants and the standings of a 1,000-entrant event < 1 s each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament_rules import Entrant, Game, TournamentSettings, pair_round, rounds_for, standings


def result(game: Game, rng: random.Random) -> Game:
    if game.points is not None:
        return game
    if rng.random() < 0.02:
        return Game(game.round, game.entrants, (1.0, 0.0), played=False)
    return Game(game.round, game.entrants, rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)]))


def best(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(1)
    n = args.players
    entrants = [Entrant(i, i, 2400 - i * 0.5, rng.randint(2, 8) if rng.random() < 0.03 else None) for i in range(n)]
    settings = TournamentSettings("swiss", None)
    games: list[Game] = []
    print(f"Swiss, {n} entrants, {rounds_for(settings, n)} rounds: pairing time per round (best of {args.repeat})")
    for r in range(1, rounds_for(settings, n) + 1):
        seconds = best(args.repeat, partial(pair_round, settings, entrants, games, r))
        games += [result(g, rng) for g in pair_round(settings, entrants, games, r)]
        print(f"  round {r:2}: {seconds:.3f} s")
    seconds = best(args.repeat, lambda: standings(settings, entrants, games))
    print(f"standings of the {n}-entrant Swiss ({len(games)} games): {seconds:.3f} s")

    small = entrants[:40]
    sgames: list[Game] = []
    for r in range(1, 5):
        sgames += [result(g, rng) for g in pair_round(settings, small, sgames, r)]
    seconds = best(args.repeat, lambda: pair_round(settings, small, sgames, 5))
    print(f"Swiss, 40 entrants, round 5 by one exact matching: {seconds:.3f} s")

    rr = TournamentSettings("roundrobin", None)
    field = [Entrant(i, i, 2000.0) for i in range(n)]
    rgames = [result(Game(r, g.entrants, g.points, g.played), rng)
              for r in range(1, 4) for g in pair_round(rr, field, [], r)]
    seconds = best(args.repeat, lambda: standings(rr, field, rgames))
    print(f"standings of a {n}-entrant round robin after 3 rounds: {seconds:.3f} s")


if __name__ == "__main__":
    main()
