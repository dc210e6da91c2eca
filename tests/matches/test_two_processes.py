"""Two service processes on one database act on the same 200 matches at once: no move lost, doubled or torn.

Each driver (tests/matches/two_process_driver.py) picks legal moves from its own view of each match, half of its
requests on 4 "hot" matches that the other plays too (so both often act on one turn), sends some moves under a key
both derive from the turn, and retries some applied moves with the same key. Afterwards every log is 1..n,
replays to the stored state, and holds exactly the moves the two processes were told were committed, each key once.

Two processes also run the bot's scheduler loop (cogs/scheduler.py, leadership by a lease, `store.lead`) over
matches with deadlines; the leader is SIGKILLed, or frozen with SIGSTOP (its connections stay open, as in a paused
container) and woken again later, and the other takes over: every deadline is processed exactly once.
"""

from __future__ import annotations

import asyncio
import signal
from collections import Counter

import pytest

from cogs.scheduler import LEASE, RENEW
from data import Store
from rules.outcomes import FORFEIT_KEY
from tests.matches.processes import acks, check_logs, keyed_lines, spawn, start_matches

MATCHES = 200
ATTEMPTS = 60  # per worker; 4 workers per process


async def test_two_processes_on_the_same_matches(postgres_url: str) -> None:
    ids = await start_matches(postgres_url, MATCHES)
    span = f"{ids[0]}-{ids[-1]}"
    assert ids == list(range(ids[0], ids[0] + MATCHES))
    drivers = [await spawn("play", postgres_url, "--ids", span, "--attempts", str(ATTEMPTS), "--seed", str(seed),
                           "--name", name) for seed, name in ((1, "a"), (2, "b"))]
    outputs = await asyncio.wait_for(asyncio.gather(*(d.communicate() for d in drivers)), 120)
    lines = []
    for driver, (out, err) in zip(drivers, outputs, strict=True):
        assert driver.returncode == 0, err.decode()[-3000:]
        lines.append(out.decode().splitlines())
    for own in lines:
        assert own[-1].startswith("done "), own[-5:]
        assert not [line for line in own if line.startswith(("error", "twice"))], own
    done = [dict(word.split("=") for word in own[-1].split()[1:]) for own in lines]
    assert all(int(d["ok"]) > 50 for d in done), done  # both really played
    # They met on the same turn (about 20 and 40 times a run, mostly on the hot matches): one committed first and
    # the other was refused as stale, or, both sending the turn's key, as "Already played".
    assert sum(int(d["stale"]) for d in done) > 0, done
    assert sum(int(d["played"]) for d in done) > 0, done
    assert all(int(d["again"]) > 0 for d in done), done  # and retried keys

    versions = await check_logs(postgres_url, ids)
    assert sum(versions.values()) > 2 * MATCHES  # moves beyond the start's own lines
    told = acks(lines[0]) + acks(lines[1])
    stored = await keyed_lines(postgres_url)
    keys = Counter((match_id, key) for match_id, _n, key in stored)
    assert max(keys.values()) == 1  # each key once in its match
    # Exactly the acknowledged moves carry keys, under the line numbers they were acknowledged with.
    assert sorted((a.match_id, a.n, a.key) for a in told) == stored


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "frozen"])
async def test_scheduler_failover_after_the_leader_stops(postgres_url: str, stop: signal.Signals) -> None:
    # Deadlines every second from 3 s to 14 s after the start: some pass under the first leader, the rest after it
    # is SIGKILLed or SIGSTOPped. Forfeit rule: a processed timeout is a logged resignation and ends the match.
    time_controls = [3 + i // 2 for i in range(24)]
    ids = await start_matches(postgres_url, len(time_controls), time_control=time_controls, timeout_rule="forfeit",
                              games=["cintos"])
    loop = asyncio.get_running_loop()
    drivers = [await spawn("scheduler", postgres_url, "--until", "60") for _ in range(2)]
    heard: list[list[tuple[float, str]]] = [[], []]

    async def listen(i: int) -> None:
        async for line in drivers[i].stdout:  # type: ignore[union-attr]
            heard[i].append((loop.time(), line.decode().strip()))

    listeners = [asyncio.create_task(listen(i)) for i in range(2)]
    try:
        async def first_leader() -> int:
            while True:
                for i in range(2):
                    if any(line == "lead" for _, line in heard[i]):
                        return i
                await asyncio.sleep(0.05)

        leader = await asyncio.wait_for(first_leader(), 30)
        other = 1 - leader

        async def timeouts_by_leader(count: int) -> None:
            while sum(line.startswith("timeout") for _, line in heard[leader]) < count:
                await asyncio.sleep(0.05)

        await asyncio.wait_for(timeouts_by_leader(2), 30)
        drivers[leader].send_signal(stop)
        killed_at = loop.time()
        if stop == signal.SIGKILL:
            await drivers[leader].wait()

        async def all_finished() -> None:
            while True:
                records = [await store.get_match(i) for i in ids]
                if all(r is not None and r.status == "finished" for r in records):
                    return
                await asyncio.sleep(0.2)

        store = await Store.open(postgres_url)
        try:
            await asyncio.wait_for(all_finished(), 40)
            if stop == signal.SIGSTOP:  # the frozen leader wakes up, late, in the middle of whatever it was doing
                drivers[leader].send_signal(signal.SIGCONT)
                await asyncio.sleep(2 * RENEW + 1)
            logs = {i: await store.log(i) for i in ids}
            records = {i: await store.get_match(i) for i in ids}
        finally:
            await store.close()
    finally:
        for driver in drivers:
            if driver.returncode is None:
                driver.kill()
                await driver.wait()
        await asyncio.gather(*listeners)

    assert [t for t, line in heard[other] if line == "lead"] and \
        min(t for t, line in heard[other] if line == "lead") > killed_at  # one leader at a time
    took_over = min(t for t, line in heard[other] if line == "lead") - killed_at
    assert took_over < LEASE + RENEW + 5, took_over  # the lease lapsed, and the other asks every RENEW seconds
    done_by = [Counter(int(line.split()[1]) for _, line in own if line.startswith("timeout")) for own in heard]
    assert done_by[other], "the new leader processed no deadline"
    assert max((done_by[0] + done_by[1]).values()) == 1  # no deadline processed twice
    for match_id in ids:  # exactly one timeout each: one logged resignation by the seat to move, nothing else
        [line] = logs[match_id]
        record = records[match_id]
        assert (line.user_id, line.text) == (None, "resign") and record is not None, (match_id, logs[match_id])
        assert record.outcome is not None and record.outcome.get(FORFEIT_KEY) == [line.seat]
