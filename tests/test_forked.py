"""tests/forked.py: a child forked from the zygote is what `python ARGS` would be, in everything an entry point's test
looks at (exit code, stdout, stderr, argv, path, cwd, environment, signals, open files, the way it ends)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

import settings
from tests import forked

ROOT = Path(__file__).resolve().parent.parent

# What a process can see of how it was started, and how it ends: a non-daemon thread that finishes late, an atexit
# handler and a finalizer run while the interpreter shuts down each print a line, in the order Python runs them.
PROBE = """
import atexit, json, os, signal, sys, threading, time

class Last:
    def __del__(self):
        print("finalized at shutdown", flush=True)

kept = Last()
atexit.register(lambda: print("atexit ran", file=sys.stderr))
threading.Thread(target=lambda: (time.sleep(0.2), print("late thread done", flush=True))).start()
print(json.dumps({
    "argv": sys.argv, "path0": sys.path[0], "cwd": os.getcwd(), "name": __name__,
    "file": globals().get("__file__"), "setting": os.environ.get("DATABASE_PATH"),
    "environ": sorted(os.environ) == sorted(json.loads(os.environ["EXPECTED"])),
    "signals": [str(signal.getsignal(s)) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE, signal.SIGCHLD)],
    "fds": sorted(os.listdir("/proc/self/fd")), "stdin": sys.stdin.read(), "threads": threading.active_count(),
    "stdio": [sys.stdout.line_buffering, sys.stdout.encoding, sys.stdout.errors, sys.stderr.line_buffering,
              sys.stderr.errors],
    "main": [sorted(k for k in vars(sys.modules["__main__"]) if not k.startswith("__")),
             sys.modules["__main__"].__spec__ is None],
}), flush=True)
print("to stderr", file=sys.stderr)
sys.exit(int(sys.argv[-1]))
"""


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in settings.variables()}
    env.update(PYTHONPATH=str(ROOT), **extra)
    env["EXPECTED"] = json.dumps([*sorted(env), "EXPECTED"])
    return env


def both(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], ...]:
    return tuple(forked.run(args, cwd=cwd, env=env, timeout=60, fresh=fresh) for fresh in (True, False))


@pytest.mark.parametrize("how", ["-c", "-m", "script"])
def test_a_forked_child_sees_and_ends_as_a_fresh_interpreter(tmp_path: Path, how: str) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    args = {"-c": ["-c", PROBE], "-m": ["-m", "probe"], "script": [str(tmp_path / "probe.py")]}[how]
    fresh, child = both([*args, "x y", "3"], tmp_path, environment(DATABASE_PATH=str(tmp_path / "a.sqlite3")))
    assert fresh.returncode == 3, fresh.stderr
    facts = json.loads(fresh.stdout.splitlines()[0])
    assert facts["environ"] and facts["setting"] == str(tmp_path / "a.sqlite3") and facts["threads"] == 2, facts
    assert (child.returncode, child.stdout, child.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert fresh.stdout.splitlines()[1:] == ["late thread done", "finalized at shutdown"]
    assert fresh.stderr == "to stderr\natexit ran\n"


@pytest.mark.parametrize(("script", "code"), [("import sys; sys.exit('no database')", 1),
                                              ("import sys; sys.exit()", 0),
                                              ("raise ValueError('broken')", 1),
                                              ("raise KeyboardInterrupt", -signal.SIGINT),
                                              ("import os, signal; os.kill(os.getpid(), signal.SIGTERM)",
                                               -signal.SIGTERM)])
def test_every_way_of_ending_gives_the_same_code_and_last_line(tmp_path: Path, script: str, code: int) -> None:
    fresh, child = both(["-c", script], tmp_path, environment())
    assert fresh.returncode == child.returncode == code
    assert fresh.stderr.splitlines()[-1:] == child.stderr.splitlines()[-1:]
    assert ("Traceback" in fresh.stderr) == ("Traceback" in child.stderr)


def test_a_child_that_hangs_at_exit_times_out_and_is_killed(tmp_path: Path) -> None:
    """A non-daemon thread left running keeps a real process from exiting: the forked one too (not os._exit)."""
    hangs = "import threading, time; threading.Thread(target=time.sleep, args=(60,)).start(); print('started')"
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as expired:
        forked.run(["-c", hangs], cwd=tmp_path, env=environment(), timeout=1)
    assert time.monotonic() - started < 10 and expired.value.output == "started\n"


def test_a_started_child_takes_signals_and_reports_how_it_ended(tmp_path: Path) -> None:
    child = forked.start(["-c", "import time; print('up', flush=True); time.sleep(60)"], cwd=tmp_path,
                         env=environment(), stdout=forked.PIPE, stderr=forked.PIPE)
    with pytest.raises(subprocess.TimeoutExpired):
        child.wait(timeout=0.2)
    assert child.poll() is None
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=10) == -signal.SIGTERM
    assert child.communicate() == ("up\n", "")
    with pytest.raises(ProcessLookupError):
        os.kill(child.pid, 0)  # reaped by the zygote


def test_a_zygote_serves_only_environments_a_fork_can_reproduce() -> None:
    env = environment()
    zygote = forked.zygote(env)

    def changed(name: str) -> dict[str, str]:
        return {**env, name: env.get(name, "") + "-other"}

    assert zygote.serves(changed("DATABASE_PATH")) and zygote.serves(changed("DISCORD_TOKEN"))  # read by main()
    assert zygote.serves(changed("PYTEST_CURRENT_TEST"))  # read by nothing
    for name in ("PYTHONHASHSEED", "PYTHONPATH", "LANG", "LC_ALL"):  # the interpreter reads these at start
        assert not zygote.serves(changed(name)), name
    assert not zygote.serves(changed("AIOHTTP_NO_EXTENSIONS"))  # aiohttp read it while the zygote imported it


# The async child (forked.spawn, asyncio.create_subprocess_exec's counterpart): a line read as soon as it is
# written, then one typed back, and the exit code that ends it.
ECHO = "import sys; print('up', flush=True); line = sys.stdin.readline(); print('got', line.strip()); sys.exit(5)"
# Counts forever, a line every 10 ms: whether it runs can be seen from its output.
COUNTS = "import itertools, time\nfor n in itertools.count():\n    print(n, flush=True)\n    time.sleep(0.01)"


async def test_an_async_child_streams_its_lines_and_ends_as_the_sync_one(tmp_path: Path) -> None:
    env = environment()
    child = await forked.spawn(["-c", ECHO], cwd=tmp_path, env=env, stdin=forked.PIPE, stdout=forked.PIPE,
                               stderr=forked.PIPE)
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    assert await asyncio.wait_for(child.stdout.readline(), 30) == b"up\n"  # before it has been given anything
    assert child.returncode is None  # blocked reading stdin
    child.stdin.write(b"hello\n")
    await child.stdin.drain()
    assert await child.wait() == 5 and child.returncode == 5
    assert (await child.stdout.read(), await child.stderr.read()) == (b"got hello\n", b"")
    for fresh in (True, False):  # the sync child, typed into with input=, as subprocess.run types into a new one
        sync = forked.run(["-c", ECHO], cwd=tmp_path, env=env, timeout=60, input="hello\n", fresh=fresh)
        assert (sync.returncode, sync.stdout, sync.stderr) == (5, "up\ngot hello\n", ""), fresh


async def test_an_async_childs_communicate_feeds_and_reads_all_while_others_run(tmp_path: Path) -> None:
    sleeper = await forked.spawn(["-c", "import time; time.sleep(0.5)"], cwd=tmp_path, env=environment())
    echo = await forked.spawn(["-c", ECHO], cwd=tmp_path, env=environment(), stdin=forked.PIPE,
                              stdout=forked.PIPE)
    started = time.monotonic()
    (out, err), code = await asyncio.wait_for(asyncio.gather(echo.communicate(b"typed\n"), sleeper.wait()), 30)
    assert (out, err, echo.returncode, code) == (b"up\ngot typed\n", b"", 5, 0)
    assert time.monotonic() - started >= 0.3  # the sleeper's wait did return only when it ended


async def test_an_async_child_takes_stop_continue_and_kill(tmp_path: Path) -> None:
    child = await forked.spawn(["-c", COUNTS], cwd=tmp_path, env=environment(), stdout=forked.PIPE)
    assert child.stdout is not None
    assert await asyncio.wait_for(child.stdout.readline(), 30) == b"0\n"
    child.send_signal(signal.SIGSTOP)
    for _ in range(500):  # stopped once /proc says so
        if Path(f"/proc/{child.pid}/stat").read_text().split(") ")[1][0] == "T":
            break
        await asyncio.sleep(0.01)
    while True:  # what it wrote before it stopped
        try:
            await asyncio.wait_for(child.stdout.readline(), 0.1)
        except TimeoutError:
            break
    with pytest.raises(TimeoutError):  # and nothing since
        await asyncio.wait_for(child.stdout.readline(), 0.3)
    assert child.returncode is None
    child.send_signal(signal.SIGCONT)
    assert (await asyncio.wait_for(child.stdout.readline(), 30)).strip().isdigit()  # counting again
    child.kill()
    assert await asyncio.wait_for(child.wait(), 30) == -signal.SIGKILL == child.returncode
    await asyncio.wait_for(child.stdout.read(), 30)  # the pipe ends with the child: no one else holds it
    assert child.stdout.at_eof()
    child.kill()  # ended: nothing is sent (its pid may be another process's by now)
