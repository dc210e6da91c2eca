"""A match-service process for the multi-process tests: plays moves, or runs the bot's scheduler loop.

    python -m tests.matches.two_process_driver play TARGET --ids 1-200 [--attempts N] [--seed S] [--ack-first D]
    python -m tests.matches.two_process_driver scheduler TARGET [--until SECONDS]

TARGET is a SQLite path or a `postgresql://` URL (`Store.open`). One line per fact on stdout, flushed at once:
    ok <match> <n> <key>     `act` returned: the move is line n of the match, committed, under idempotency key
    again <match> <key>      a retry with an applied key was refused as "Already played" (as it must be)
    twice <match> <key>      a retry with an applied key was applied again: a bug
    error <what>             an exception that is not a refusal: a bug (or the database unavailable)
    done ok=<> again=<> stale=<> played=<> refused=<>     play finished its attempts
    lead                     (scheduler) this process became the scheduler leader
    timeout <match> <n>      (scheduler) a passed deadline was processed and committed, its last log line n
With `--ack-first D` play is a deliberately broken build: it prints `ok` with the line number it expects, waits D
seconds, and only then commits.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time

from cogs.scheduler import Scheduler
from data import Lease, Store
from matches import Match, MatchService, Refusal, Turn

# Share of moves keyed by the turn alone (both processes send that same key for that turn), on the hot matches
# (below) and on the others.
SHARED_KEYS = {True: 0.8, False: 0.3}
RETRIES = 0.25  # share of applied moves sent again with the same key (a client retrying after a lost answer)
HOT = 4  # matches that half the workers of every process play


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def id_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


class Player:
    """Acts on the given matches with moves picked from this process's own view of each match."""

    def __init__(self, service: MatchService, ids: list[int], name: str, rng: random.Random,
                 ack_first: float | None) -> None:
        self.service, self.ids, self.name, self.rng, self.ack_first = service, ids, name, rng, ack_first
        self.counts = {"ok": 0, "again": 0, "stale": 0, "played": 0, "refused": 0}
        self.serial = 0

    async def step(self, match_id: int) -> None:
        match = await self.service.get(match_id)
        actors = match.actors()
        if not actors:
            return
        user = match.user_at(self.rng.choice(actors))
        legal = await self.service.legal_texts(match_id, user)
        if not legal:
            return
        text = self.rng.choice(legal)
        version = match.record.version
        self.serial += 1
        shared = self.rng.random() < SHARED_KEYS[match_id in self.ids[:HOT]]
        key = f"turn-{match_id}-{version}" if shared else f"{self.name}-{self.serial}"
        if self.ack_first is not None:  # the broken build: tell first, commit later
            say(f"ok {match_id} {version + 1} {key}")
            await asyncio.sleep(self.ack_first)
        try:
            turn = await self.service.act(match_id, user, text, key=key)
        except Refusal as refusal:  # played: the key was applied already (by the other process: it is fresh here)
            kind = "stale" if "changed while" in refusal.message else "played" if "Already played" in refusal.message \
                else "refused"
            self.counts[kind] += 1
            return
        if self.ack_first is None:
            say(f"ok {match_id} {turn.events[0].n} {key}")
        self.counts["ok"] += 1
        if self.rng.random() < RETRIES:
            try:
                await self.service.act(match_id, user, text, key=key)
            except Refusal as refusal:
                if "Already played" not in refusal.message:
                    raise AssertionError(f"a retry was refused for another reason: {refusal.message}") from None
                say(f"again {match_id} {key}")
                self.counts["again"] += 1
            else:
                say(f"twice {match_id} {key}")

    async def worker(self, attempts: int, among: list[int]) -> None:
        for _ in range(attempts):
            match_id = self.rng.choice(among)
            try:
                await self.step(match_id)
            except Exception as exc:  # reported to the test, which fails on it
                say(f"error {match_id} {type(exc).__name__}: {exc}"[:500])


async def play(args: argparse.Namespace) -> None:
    store = await Store.open(args.target)
    try:
        service = MatchService(store)
        player = Player(service, id_range(args.ids), args.name, random.Random(args.seed), args.ack_first)
        ids = player.ids
        # Half the workers play the first HOT matches, as the other process does: both often act on one turn.
        await asyncio.gather(*(player.worker(args.attempts, ids[:HOT] if i % 2 == 0 else ids)
                               for i in range(args.workers)))
        say("done " + " ".join(f"{k}={v}" for k, v in player.counts.items()))
    finally:
        await store.close()


class Tables:
    """The scheduler's view of the bot's tables (cogs/tables.py) without Discord: the same service calls, and a
    line on stdout instead of a post."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def remind(self, match: Match, *, fence: Lease | None = None) -> None:
        await self.service.mark_reminded(match, fence=fence)

    async def time_out(self, match: Match, *, fence: Lease | None = None) -> None:
        turn = await self.service.timeout(match.id, fence=fence)
        if turn is not None and turn.events:
            say(f"timeout {match.id} {turn.events[-1].n}")

    async def expire(self, match: Match, *, fence: Lease | None = None) -> None:
        await self.service.expire_lobby(match.id, fence=fence)

    async def post_turn(self, turn: Turn) -> None:  # only tournaments post turns: none here
        raise AssertionError("no tournament here")


async def scheduler(args: argparse.Namespace) -> None:
    """The bot's own scheduler loop (cogs/scheduler.py, leadership by a lease, `store.lead`) for `--until` seconds."""
    store = await Store.open(args.target)
    service = MatchService(store)
    loop = Scheduler(service, Tables(service))
    loop.start()
    try:
        end = time.monotonic() + args.until
        while time.monotonic() < end and not loop.leading:
            await asyncio.sleep(0.05)
        if loop.leading:
            say("lead")
            await asyncio.sleep(end - time.monotonic())
    finally:
        await loop.stop()
        await store.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("play")
    p.add_argument("target")
    p.add_argument("--ids", required=True, help="first-last match ids")
    p.add_argument("--attempts", type=int, default=100, help="per worker")
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--name", default="p")
    p.add_argument("--ack-first", type=float, default=None)
    q = sub.add_parser("scheduler")
    q.add_argument("target")
    q.add_argument("--until", type=float, default=60.0)
    args = parser.parse_args(argv)
    asyncio.run(play(args) if args.mode == "play" else scheduler(args))


if __name__ == "__main__":
    main(sys.argv[1:])
