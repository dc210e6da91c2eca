"""Benchmarks, run by hand: `.venv/bin/python bench/run.py [game ...] [--seconds N] [--names world]`. One table.

Per game: random playouts per second, legal_actions and apply time, board render time (p50/p99) and PNG size,
and the match service's `act` time including the SQLite commit (p50/p99), without rendering.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import Store
from matches import MatchService
from render import RENDERERS
from rules import GAMES, Game
from settings import load_or_exit


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_step(game: Game, state: Any, rng: random.Random) -> Any:
    chances = game.chance_outcomes(state)
    if chances:
        action = rng.choices([a for a, _ in chances], weights=[p for _, p in chances])[0]
        return game.apply(state, action, None)
    seat = rng.choice(sorted(game.actors(state)))
    return game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)


def playouts(game: Game, seconds: float, rng: random.Random) -> tuple[float, list[Any]]:
    """Games per second of seeded random play, and a sample of the positions seen."""
    samples: list[Any] = []
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or done == 0:
        state = game.setup(game.player_counts[0])
        step = 0
        while game.outcome(state) is None:
            state = random_step(game, state, rng)
            step += 1
            if step % 17 == 0 and len(samples) < 200:
                samples.append(state)
        samples.append(state)
        done += 1
    return done / (time.perf_counter() - start), samples


def per_call_us(game: Game, states: list[Any], rng: random.Random) -> tuple[float, float]:
    live = [s for s in states if game.outcome(s) is None and game.actors(s)]
    legal, applied = [], []
    for state in live:
        seat = min(game.actors(state))
        t0 = time.perf_counter()
        actions = game.legal_actions(state, seat)
        t1 = time.perf_counter()
        game.apply(state, rng.choice(actions), seat)
        t2 = time.perf_counter()
        legal.append(t1 - t0)
        applied.append(t2 - t1)
    if not live:
        return float("nan"), float("nan")
    return statistics.median(legal) * 1e6, statistics.median(applied) * 1e6


# `--names world`: names in every script the fonts cover, so the render times include the font chain's fallbacks.
WORLD_NAMES = ("Zoë Ångström-Łukasz", "Иван Петров", "محمد علي", "山田太郎", "김민준", "🎲 Dicey 🐉")


def render_times(game: Game, states: list[Any], world: bool = False) -> tuple[float, float, float]:
    renderer = RENDERERS.get(game.name)
    if renderer is None:
        return float("nan"), float("nan"), float("nan")
    times, sizes = [], []
    for state in states[:60]:
        view = game.view(state, None)
        count = game.players(state)
        names = [WORLD_NAMES[i % len(WORLD_NAMES)] if world else f"Player {i + 1}" for i in range(count)]
        t0 = time.perf_counter()
        png = renderer(view, names, 42)
        times.append(time.perf_counter() - t0)
        sizes.append(len(png))
    return percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3, max(sizes) / 1024


async def act_times(game: Game, moves: int, rng: random.Random) -> tuple[float, float]:
    """Service `act` (lock, parse, apply, chance draws, SQLite commit), no rendering."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        service = MatchService(store, rng=rng)
        times: list[float] = []
        while len(times) < moves:
            players = game.player_counts[0]
            users = list(range(1, players + 1))
            match = await service.create(game.name, guild_id=1, channel_id=1, creator_id=users[0], players=players)
            for user in users[1:]:
                await service.join(match.id, user)
            await service.start(match.id, users[0])
            while match.outcome() is None and len(times) < moves:
                seat = rng.choice(match.actors())
                user = match.user_at(seat)
                text = rng.choice(await service.legal_texts(match.id, user))
                t0 = time.perf_counter()
                await service.act(match.id, user, text)
                times.append(time.perf_counter() - t0)
        await store.close()
    return percentile(times, 0.5) * 1e3, percentile(times, 0.99) * 1e3


def main() -> None:
    load_or_exit()  # the bot's settings, checked as it checks them: a bad one is one line and exit 2
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on playouts per game")
    parser.add_argument("--moves", type=int, default=400, help="service act() calls per game")
    parser.add_argument("--names", choices=("plain", "world"), default="plain",
                        help="player names on the rendered boards: 'Player N', or names in many scripts")
    args = parser.parse_args()
    header = ("game", "playouts/s", "legal µs", "apply µs", "render p50 ms", "render p99 ms", "png max KB",
              "act p50 ms", "act p99 ms")
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for name in args.games:
        game = GAMES[name]
        rng = random.Random(1)
        rate, samples = playouts(game, args.seconds, rng)
        legal_us, apply_us = per_call_us(game, samples, rng)
        r50, r99, size = render_times(game, samples, args.names == "world")
        a50, a99 = asyncio.run(act_times(game, args.moves, rng))
        row = (name, f"{rate:.1f}", f"{legal_us:.0f}", f"{apply_us:.0f}", f"{r50:.1f}", f"{r99:.1f}", f"{size:.0f}",
               f"{a50:.2f}", f"{a99:.2f}")
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
