"""The local table in a real terminal (tmux): the hot-seat clear leaves nothing of the last player's screen in the
scrollback, and Ctrl-C at the prompt stops at once, without a traceback from the table or a computer's worker."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from tabletop.table import CLEAR
from tests.tabletop.terminal import on, start, wait_for

OLD_CLEAR = "\033[3J\033[2J\033[H"  # the order the table used before: history first, then the screen


def hand_over_with(session: str, clear: str) -> str:
    """A screen holding a player's secret rack, then the hand-over clear, then the public board."""
    script = (f"import sys, time; print('\\n'.join(f'RACK-SECRET line {{i}}' for i in range(40)));"
              f"sys.stdout.write({clear!r}); print('PUBLIC BOARD'); sys.stdout.flush(); time.sleep(30)")
    start(session, f"{sys.executable} -c \"{script}\"")
    return wait_for(session, "PUBLIC BOARD")


def test_the_hand_over_clear_leaves_no_secret_in_the_scrollback(tmux: str) -> None:
    shown = hand_over_with(tmux, CLEAR)
    assert "RACK-SECRET" not in shown, shown


def test_the_old_order_did_leave_it_there(tmux: str) -> None:
    """The test above can fail: with the screen cleared after the history, tmux keeps the old screen."""
    assert "RACK-SECRET" in hand_over_with(tmux, OLD_CLEAR)


def test_ctrl_c_at_the_prompt_stops_at_once_without_a_traceback(tmux: str, tmp_path: Path) -> None:
    log = tmp_path / "stderr.txt"
    start(tmux, f"{sys.executable} -m tabletop play cintos --vs easy --db {tmp_path / 'db.sqlite3'} 2>{log}; "
                "echo TABLE-EXITED $?; sleep 30")
    wait_for(tmux, r"(Red|Blue)> \s*$")
    # play one move, so the computer's worker process exists when Ctrl-C reaches the whole process group
    subprocess.run([*on(tmux), "send-keys", "-t", tmux, "? all", "Enter"], check=True)
    listing = wait_for(tmux, r"Legal moves \(\d+\):[\s\S]*(Red|Blue)> \s*$")
    move = re.findall(r"^  (\S+)$", listing.split("Legal moves")[-1], re.M)[0]
    subprocess.run([*on(tmux), "send-keys", "-t", tmux, move, "Enter"], check=True)
    wait_for(tmux, r"Computer \(easy\) \(\w+\): [\s\S]*(Red|Blue)> \s*$")
    sent = time.monotonic()
    subprocess.run([*on(tmux), "send-keys", "-t", tmux, "C-c"], check=True)
    shown = wait_for(tmux, r"TABLE-EXITED \d+", timeout=10)
    assert time.monotonic() - sent < 5
    assert "TABLE-EXITED 130" in shown, shown
    time.sleep(0.5)  # a worker's traceback would come after its parent's exit
    errors = log.read_text()
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    assert "Match #1 is saved; to go on with it later:\n  python -m tabletop resume 1 --db " in errors, errors
