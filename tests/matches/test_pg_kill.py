"""kill -9 under load on PostgreSQL: every move a service process acknowledged is in the database afterwards.

The driver (tests/matches/two_process_driver.py, `play`) acts on 20 matches with 4 concurrent workers and prints
`ok <match> <n> <key>` after each `act` returns; the test SIGKILLs it at a random moment. A driver built to
acknowledge before it commits (`--ack-first`) is caught by the same check. The server itself is crashed too
(immediate stop: no shutdown checkpoint, WAL recovery at the restart) under the same load.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Awaitable, Callable

import asyncpg

from tests import forked
from tests.matches.processes import Ack, acks, check_logs, keyed_lines, sessions_ended, spawn, start_matches
from tests.pg_server import Cluster

MATCHES = 20


Meanwhile = Callable[[list[str]], Awaitable[None]]


async def killed_under_load(url: str, rng: random.Random, *broken: str,
                            meanwhile: Meanwhile | None = None) -> tuple[list[str], list[tuple]]:
    """Run the driver until a random moment after its first acknowledgement (then `meanwhile`, given the lines
    read so far), SIGKILL it; every line it wrote, and every keyed line stored."""
    ids = await start_matches(url, MATCHES)
    driver = await spawn("play", url, "--ids", f"{ids[0]}-{ids[-1]}", "--attempts", "100000", *broken)
    assert driver.stdout is not None and driver.stderr is not None
    lines: list[str] = []
    try:
        first = await asyncio.wait_for(driver.stdout.readline(), 60)
        assert first.startswith(b"ok "), first + await driver.stderr.read()
        lines.append(first.decode())

        async def read() -> None:
            async for line in driver.stdout:  # type: ignore[union-attr]
                lines.append(line.decode())

        reader = asyncio.create_task(read())
        await asyncio.sleep(rng.uniform(0.3, 2.0))
        if meanwhile is not None:
            await meanwhile(lines)
        assert driver.returncode is None, "the driver stopped before the kill"
        driver.send_signal(signal.SIGKILL)  # no clean shutdown: open transactions die with the connection
        await driver.wait()
        await asyncio.wait_for(reader, 10)  # whatever it wrote before dying was acknowledged too
    finally:
        if driver.returncode is None:
            driver.kill()
            await driver.wait()
    assert driver.returncode == -signal.SIGKILL
    assert not [line for line in lines if line.startswith("twice")], lines
    await sessions_ended(url)  # every transaction the driver had open is committed or rolled back by now
    await check_logs(url, ids)  # and no half-written move: every log is whole and replays
    return lines, await keyed_lines(url)


def no_errors(lines: list[str]) -> list[Ack]:
    assert not [line for line in lines if line.startswith("error")], lines
    return acks(lines)


async def test_acknowledged_moves_survive_kill_9(postgres_url: str) -> None:
    lines, stored = await killed_under_load(postgres_url, random.Random())
    told = no_errors(lines)
    assert len(told) >= 2, told  # the kill landed while moves were being acknowledged
    assert [a for a in told if (a.match_id, a.n, a.key) not in stored] == []


async def test_a_driver_that_acknowledges_before_committing_is_caught(postgres_url: str) -> None:
    lines, stored = await killed_under_load(postgres_url, random.Random(), "--ack-first", "0.3")
    told = no_errors(lines)
    # Four workers each spend most of their time told-but-not-committed: the kill always finds some.
    assert [a for a in told if (a.match_id, a.n, a.key) not in stored] != []


async def test_acknowledged_moves_survive_a_server_crash(pg_cluster: Cluster, postgres_url: str) -> None:
    before_restart = 0

    async def crash(lines: list[str]) -> None:
        nonlocal before_restart
        await asyncio.to_thread(pg_cluster.crash)  # the driver's connections die; the server replays its WAL
        before_restart = len(lines)
        await asyncio.sleep(3)  # the driver plays on after the restart

    lines, stored = await killed_under_load(postgres_url, random.Random(), meanwhile=crash)
    told = acks(lines)
    # Requests in flight at the crash fail as the database being unavailable (CommitUnknown when the answer to a
    # commit was lost: it may have been played), and nothing else.
    assert all(("StoreUnavailable" in line or "CommitUnknown" in line) for line in lines
               if line.startswith("error")), lines
    assert [a for a in told if (a.match_id, a.n, a.key) not in stored] == []
    assert acks(lines[:before_restart]) and acks(lines[before_restart:]), lines  # acknowledged before and after


# A client that sends its transaction (sleeping before it writes) and is SIGKILLed while the server runs it.
SENDS_THEN_DIES = """import asyncio, os, signal, sys
import asyncpg
async def main():
    conn = await asyncpg.connect(sys.argv[1])
    asyncio.ensure_future(conn.execute(
        "BEGIN; SELECT pg_sleep(2); INSERT INTO landed VALUES (1); COMMIT"))
    await asyncio.sleep(0.2)
    print("sent", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
asyncio.run(main())
"""


async def test_a_transaction_a_killed_client_sent_is_waited_for(postgres_url: str) -> None:
    """Why the checks above wait for `sessions_ended`: the server finishes what a killed client sent, and commits
    it after the client is gone. Read at once (as the checks did: one whole run failed on it), the commit is not there
    yet; once the killed client's session has ended, it is."""
    async def landed() -> int:
        conn = await asyncpg.connect(postgres_url)
        try:
            return int(await conn.fetchval("SELECT count(*) FROM landed"))
        finally:
            await conn.close()

    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE landed (n int)")
    finally:
        await conn.close()
    client = await forked.spawn(["-c", SENDS_THEN_DIES, postgres_url], cwd=os.getcwd(), stdout=forked.PIPE)
    out, _ = await asyncio.wait_for(client.communicate(), 60)
    assert out == b"sent\n" and client.returncode == -signal.SIGKILL
    assert await landed() == 0  # the server is still sleeping in the killed client's transaction
    await sessions_ended(postgres_url)
    assert await landed() == 1
