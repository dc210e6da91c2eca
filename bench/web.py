"""Benchmark, run by hand: the web companion's pages and live updates.

`.venv/bin/python bench/web.py [--watchers N] [--requests R] [--moves M]`

1. Pages from a warm cache: a SQLite database with a Sinoda match of M moves, a finished match, a Swiss event and
   rated results; the web server and R sequential requests per page type from one client in the same process (the
   client's time is included); prints p50 / p95 per page type.
2. Live watchers: a child process runs the service and the web server together (as in the bot's process, the
   in-process signal on SQLite); this process opens N Server-Sent Event streams on one match, waits until every
   one is open, asks the child to make a move (the time is taken before the move's commit) and takes the time each
   stream receives it. Prints p50 / p99 / max latency, how many got it within 1 s, and the child's memory (RSS)
   before and with the N watchers: memory per watcher. With `--postgres`, the child's service writes a throwaway
   PostgreSQL and a second child serves the pages (LISTEN/NOTIFY between two processes, as in a sharded setup).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import percentile  # noqa: E402
from data import Store  # noqa: E402
from matches import MatchService  # noqa: E402
from matches.sharing import player_code  # noqa: E402
from tournaments import TournamentService  # noqa: E402
from web import WebServer  # noqa: E402

GUILD = 4242
USERS = {881234567890123401 + i: name for i, name in enumerate(("ada", "bob", "cy", "di"))}


def rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 65536), hard), hard))


async def play(matches: MatchService, match_id: int, moves: int) -> None:
    for _ in range(moves):
        match = await matches.get(match_id)
        if not match.actors():
            return
        user = match.user_at(match.actors()[0])
        texts = await matches.legal_texts(match_id, user)
        await matches.act(match_id, user, random.Random(match.record.version).choice(texts))


async def seed_data(target: str, moves: int) -> tuple[Store, MatchService, TournamentService, str, dict[str, int]]:
    store = await Store.open(target)
    matches = MatchService(store, rng=random.Random(1))
    tournaments = TournamentService(matches, rng=random.Random(1))
    for user, name in USERS.items():
        await store.users.touch_user(user, name)
    token = await matches.web.turn_on(GUILD)
    users = list(USERS)

    async def started(a: int, b: int) -> int:
        match = await matches.create("sinoda", guild_id=GUILD, channel_id=1, creator_id=a, players=2, rated=True)
        await matches.join(match.id, b)
        return (await matches.start(match.id, a)).match.id

    live = await started(users[0], users[1])
    await play(matches, live, moves)
    finished = await started(users[2], users[3])
    await play(matches, finished, 6)
    await matches.resign(finished, users[2])
    event = await tournaments.create("sinoda", "swiss", guild_id=GUILD, channel_id=1, organiser_id=users[0], rounds=3)
    for user in users:
        await tournaments.join(event.id, user)
    await tournaments.start(event.id, users[0], organiser=True)  # users[0] holds Manage Server here
    return store, matches, tournaments, token, {"live": live, "finished": finished, "event": event.id}


async def pages(requests: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store, matches, tournaments, token, ids = await seed_data(str(Path(folder) / "bench.sqlite3"), moves)
        server = WebServer(matches, tournaments)
        await server.start("127.0.0.1", 0)
        base = f"http://127.0.0.1:{server.port}/s/{token}"
        version = (await matches.get(ids["live"])).record.version
        paths = {"match (running)": f"/m/{ids['live']}", "match (finished)": f"/m/{ids['finished']}",
                 "board image (current)": f"/m/{ids['live']}/board/{version}.png",
                 "board image (replay step)": f"/m/{ids['live']}/board/{version // 2}.png",
                 "event": f"/e/{ids['event']}", "leaderboard": "/lb/sinoda",
                 "profile": f"/p/{player_code(token, next(iter(USERS)))}", "server index": "/"}
        print(f"pages, warm cache, {requests} requests each (Sinoda match of {version} log lines):")
        async with aiohttp.ClientSession() as session:
            for name, path in paths.items():
                times = []
                for i in range(requests + 1):
                    started = time.perf_counter()
                    async with session.get(base + path) as response:
                        body = await response.read()
                        assert response.status == 200, (path, response.status)
                    if i:  # the first request fills the cache
                        times.append((time.perf_counter() - started) * 1000)
                print(f"  {name:<26} p50 {percentile(times, 0.5):6.2f} ms   p95 {percentile(times, 0.95):6.2f} ms   "
                      f"{len(body) / 1024:6.1f} KiB")
        await server.stop()
        await store.close()


# ---- the child: a service and the web server in one process (the bot's), or only one of them --------------------
async def child(target: str, role: str, moves: int) -> None:
    more_files()
    if role in ("both", "service"):
        store, matches, tournaments, token, ids = await seed_data(target, moves)
    else:
        store = await Store.open(target)
        matches = MatchService(store)
        tournaments = TournamentService(matches)
        token = await matches.web.turn_on(GUILD)
        ids = {"live": int(os.environ["BENCH_MATCH"])}
    server = None
    if role in ("both", "web"):
        server = WebServer(matches, tournaments)
        await server.start("127.0.0.1", 0)
    version = (await matches.get(ids["live"])).record.version
    print(json.dumps({"port": server.port if server else None, "token": token, "match": ids["live"],
                      "version": version}), flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line == "rss":
            gc.collect()
            await asyncio.sleep(0.5)  # let every stream settle in its wait
            print(json.dumps({"rss": rss(), "watchers": server.hub.watchers if server else 0}), flush=True)
        elif line == "move":
            match = await matches.get(ids["live"])
            user = match.user_at(match.actors()[0])
            texts = await matches.legal_texts(match.id, user)
            started = time.time()
            await matches.act(match.id, user, texts[0])
            print(json.dumps({"moved": started, "version": match.record.version}), flush=True)
        else:
            break
    if server is not None:
        await server.stop()
    await store.close()


def spawn(target: str, role: str, moves: int, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, __file__, "--child", role, "--target", target, "--moves", str(moves)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={**os.environ, **(env or {})})


def ask(process: subprocess.Popen[str], line: str | None = None) -> dict[str, Any]:
    assert process.stdin is not None and process.stdout is not None
    if line is not None:
        process.stdin.write(line + "\n")
        process.stdin.flush()
    return json.loads(process.stdout.readline())


async def watchers(count: int, moves: int, postgres: bool) -> None:
    more_files()
    cluster = None
    with tempfile.TemporaryDirectory() as folder:
        if postgres:
            from tests.pg_server import start_cluster
            cluster = start_cluster()
            target = cluster.fresh_database()
            mover = spawn(target, "service", moves)
            moving = ask(mover)
            web = spawn(target, "web", moves, {"BENCH_MATCH": str(moving["match"])})
            ready = ask(web)
        else:
            target = str(Path(folder) / "live.sqlite3")
            mover = web = spawn(target, "both", moves)
            ready = ask(web)
        url = f"http://127.0.0.1:{ready['port']}/s/{ready['token']}/m/{ready['match']}/live?v={ready['version']}"
        before = ask(web, "rss")
        opened = 0
        all_open = asyncio.Event()
        got: list[float] = []

        async def watch(session: aiohttp.ClientSession) -> None:
            nonlocal opened
            async with session.get(url, timeout=aiohttp.ClientTimeout(total=120)) as response:
                assert response.status == 200, response.status
                await response.content.readuntil(b"\n\n")
                opened += 1
                if opened == count:
                    all_open.set()
                while True:
                    message = await response.content.readuntil(b"\n\n")
                    if message.startswith(b"id:"):
                        got.append(time.time())
                        return

        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            started = time.perf_counter()
            tasks = [asyncio.create_task(watch(session)) for _ in range(count)]
            await asyncio.wait_for(all_open.wait(), 120)
            opening = time.perf_counter() - started
            during = ask(web, "rss")
            moved = ask(mover, "move")["moved"]
            await asyncio.wait_for(asyncio.gather(*tasks), 60)
        latencies = sorted((t - moved) * 1000 for t in got)
        within = sum(1 for t in latencies if t <= 1000)
        where = "PostgreSQL, the move in another process (LISTEN/NOTIFY)" if postgres else \
            "SQLite, service and pages in one process"
        print(f"{count} watchers of one match ({where}); all {count} streams open after {opening:.1f} s:")
        print(f"  move to page: p50 {percentile(latencies, 0.5):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms, "
              f"max {latencies[-1]:.0f} ms; {within} of {count} within 1 s")
        grown = during["rss"] - before["rss"]
        print(f"  web process RSS {before['rss'] / 2**20:.1f} MiB with no watcher, {during['rss'] / 2**20:.1f} MiB "
              f"with {during['watchers']}: {grown / max(count, 1) / 1024:.1f} KiB per watcher")
        for process in {id(mover): mover, id(web): web}.values():
            assert process.stdin is not None
            process.stdin.write("stop\n")
            process.stdin.flush()
            process.wait(timeout=30)
    if cluster is not None:
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--postgres", action="store_true", help="the live part on PostgreSQL, two processes")
    parser.add_argument("--only", choices=("pages", "watchers"))
    parser.add_argument("--child", choices=("both", "service", "web"), help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.target, args.child, args.moves))
        return
    if args.only != "watchers":
        asyncio.run(pages(args.requests, args.moves))
    if args.only != "pages":
        asyncio.run(watchers(args.watchers, args.moves, args.postgres))


if __name__ == "__main__":
    main()
