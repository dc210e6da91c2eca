"""Driving the local table in a real terminal: tmux on a server of each test's own, keys sent as a player types
them, and the screen read back as the player sees it (the visible pane, or the pane with its scrollback)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
WIDTH = 100


def on(session: str) -> list[str]:
    """tmux on a server of the session's own: a shared server exits when its last session ends, under a session
    another test (or another run) is starting on it ("server exited unexpectedly")."""
    return ["tmux", "-L", session]


def start(session: str, command: str, *, height: int = 30, env: dict[str, str] | None = None) -> None:
    """`command` run by a shell in a new detached terminal of 100 columns and `height` rows, in the repository."""
    if env:
        command = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + command
    done = subprocess.run([*on(session), "new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", str(height),
                           command], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def table(arguments: str, db: Path, *, then: str = "sleep 60") -> str:
    """The shell command that runs `python -m tabletop <arguments>` on `db`, then says how it exited."""
    return f"{PYTHON} -m tabletop {arguments} --db {db}; echo TABLE-EXITED $?; {then}"


def everything(session: str) -> str:
    """The pane with its whole scrollback, as a player scrolling up would see it (lines the terminal wrapped
    joined again)."""
    return subprocess.run([*on(session), "capture-pane", "-p", "-J", "-S", "-", "-t", session], capture_output=True,
                          text=True, check=True).stdout


def screen(session: str, *, joined: bool = True) -> str:
    """The visible pane only: what is in front of the player now. `joined=False`: row by row, as drawn (a line
    longer than the terminal is width then several rows)."""
    flags = ["-J"] if joined else []
    return subprocess.run([*on(session), "capture-pane", "-p", *flags, "-t", session], capture_output=True,
                          text=True, check=True).stdout


def send(session: str, line: str) -> None:
    """`line` typed, then Enter (literally: a `?` or a `;` is not a tmux key name)."""
    if line:
        subprocess.run([*on(session), "send-keys", "-t", session, "-l", line], check=True)
    subprocess.run([*on(session), "send-keys", "-t", session, "Enter"], check=True)


def wait_for(session: str, pattern: str, timeout: float = 30, *, visible: bool = False) -> str:
    deadline = time.monotonic() + timeout
    while True:
        shown = screen(session) if visible else everything(session)
        if re.search(pattern, shown):
            return shown
        assert time.monotonic() < deadline, f"waited for {pattern!r}:\n{shown}"
        time.sleep(0.1)


PROMPT = re.compile(r"> *$")


def at_prompt(session: str, timeout: float = 120) -> str:
    """Everything so far, once the table waits at a prompt (its last line ends with `> `). The first move of a
    computer starts its worker processes: on a busy machine that alone can take tens of seconds."""
    deadline = time.monotonic() + timeout
    while True:
        shown = everything(session)
        if PROMPT.search(shown.rstrip()):
            return shown
        assert time.monotonic() < deadline, f"waited for a prompt:\n{shown}"
        time.sleep(0.1)


def answer(session: str, line: str, timeout: float = 120) -> str:
    """Type `line` at the prompt; what the table wrote back, up to and including its next prompt. (Scrollback is
    compared, so only for a table that does not clear the screen meanwhile: a game against the computer.)"""
    before = at_prompt(session).rstrip()
    send(session, line)
    deadline = time.monotonic() + timeout
    while True:
        shown = everything(session).rstrip()
        if shown.startswith(before) and len(shown) > len(before) + len(line) + 1 and PROMPT.search(shown):
            return shown[len(before):].removeprefix(" " + line).removeprefix(line).lstrip("\n")
        assert time.monotonic() < deadline, f"no answer to {line!r}:\n{shown[len(before):]}"
        time.sleep(0.1)


def words(text: str) -> str:
    """`text` with every run of white space one space: a sentence reads the same however it was wrapped."""
    return " ".join(text.split())
