"""The console driver answers every command with one `ok`/`refused` line, through the service."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

from data import Store
from matches import MatchService
from matches.console import Console, serve
from tests import forked


async def test_every_command_and_its_refusals(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(MatchService(store, rng=random.Random(1)))
        assert await console.run_line("new cintos 2 11 quiet-limit=20") == "ok match 1"
        assert await console.run_line("   ") is None and await console.run_line("# a comment") is None
        assert await console.run_line("show 1") == "ok cintos lobby seated 11"
        assert str(await console.run_line("start 1 11")).startswith("refused: The match needs 2 players")
        assert await console.run_line("join 1 22") == "ok match 1 seated 1 of 2"
        assert str(await console.run_line("start 1 22")).startswith("refused: Only the player who opened")
        started = await console.run_line("start 1 11")
        assert started is not None and started.startswith("ok started 1 seats ")
        first, second = (int(w) for w in started.split(" seats ")[1].split())
        shown = await console.run_line("show 1")
        assert shown == f"ok cintos active version 0 to-move {first} | " \
                        "R2R4/1RR5/1RR5/R2R4/4B2B/5BB1/5BB1/4B2B R-B- R 0 RB 0 quiet-limit=20"
        legal = (await console.run_line(f"legal 1 {first}") or "")[3:].split(" | ")
        assert "a8-b8" in legal and len(legal) == 20
        assert await console.run_line(f"legal 1 {second}") == "ok"  # not their turn: nothing to list
        assert await console.run_line(f"act 1 {first} a8 right") == "ok 1 a8-b8"
        assert str(await console.run_line(f"act 1 {first} a7-a6")).startswith("refused: It is not your turn")
        assert str(await console.run_line(f"act 1 {second} zz")).startswith("refused: ")
        assert await console.run_line("act 1 x h1-g1") == "refused: user must be a number, not 'x'"
        assert await console.run_line("act 1") == "refused: usage: act <match> <user> <text...>"
        assert await console.run_line("new cintos 2 11 majority") == "refused: options are name=value, not 'majority'"
        assert str(await console.run_line("fly 1")).startswith("refused: unknown command 'fly'")
        assert [e.text for e in await store.log(1)] == ["a8-b8"]
    finally:
        await store.close()


async def test_serve_reads_until_end_of_input(tmp_path: Path) -> None:
    out = io.StringIO()
    await serve(str(tmp_path / "s.sqlite3"), io.StringIO("new sinoda 2 5\n\nshow 1\nshow 9\n"), out)
    assert out.getvalue().splitlines() == ["ok match 1", "ok sinoda lobby seated 5", "refused: There is no match #9."]


def test_a_bad_database_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    bad = tmp_path / "garbage.sqlite3"
    bad.write_bytes(b"not a database at all " * 50)
    done = forked.run(["-m", "matches.console", "--db", str(bad)], input="", timeout=60,
                      cwd=Path(__file__).resolve().parents[2], env=os.environ)
    assert done.returncode == 3, done
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "not a SQLite database" in lines[0], lines
