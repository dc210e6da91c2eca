"""bot.py's start: settings from the environment / .env, and one clear line and exit code for every failure."""

from __future__ import annotations

import http.server
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import discord
import pytest

import bot
from settings import load
from tests import forked

# A line in bot.py's log format: a log record, not the message about a problem.
# A token of the right form (three dot-separated parts); Discord has never issued it.
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"
LOG_RECORD = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ ")


def test_missing_token_exits_with_a_clear_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main([]) == 2
    said = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in said and "copy .env.example to .env first" in said, said
    # with a .env that has no token the line names that file, not a copy to make (it said "Copy .env.example")
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=INFO\n")
    assert bot.main([]) == 2
    said = capsys.readouterr().err
    assert "Put your bot token in .env as DISCORD_TOKEN=" in said and ".env.example" not in said, said


def test_settings_come_from_a_dotenv_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "SYNC_COMMANDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nDATABASE_PATH=x/db.sqlite3\nDEV_GUILD_ID=42\n"
                                   "LOG_LEVEL=debug\n")
    settings = load()
    assert (settings.token, settings.database_path, settings.dev_guild_id, settings.log_level) == (
        TOKEN, "x/db.sqlite3", 42, "DEBUG")
    assert not settings.sync_commands


# ---- start-up failures: one clear line on stderr, a non-zero exit, never a traceback ----------------------------
ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "SYNC_COMMANDS", "INIT_DB")


def start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
          **env: str) -> tuple[int, list[str]]:
    """`bot.main([])` in `tmp_path` (no .env) with exactly these settings: its exit code and its stderr lines."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "tabletop.sqlite3"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code = bot.main([])
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err.splitlines()


def test_a_dev_guild_id_that_is_not_a_number_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = start(monkeypatch, tmp_path, capsys, DISCORD_TOKEN=TOKEN, DEV_GUILD_ID="my server")
    assert code == 2
    assert len(lines) == 1 and "DEV_GUILD_ID" in lines[0] and "'my server'" in lines[0], lines


def test_an_unknown_log_level_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = start(monkeypatch, tmp_path, capsys, DISCORD_TOKEN=TOKEN, LOG_LEVEL="loud")
    assert code == 2
    assert len(lines) == 1 and "LOG_LEVEL" in lines[0] and "'LOUD'" in lines[0] and "DEBUG" in lines[0], lines


def test_a_long_bad_setting_is_quoted_shortened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = start(monkeypatch, tmp_path, capsys, DISCORD_TOKEN=TOKEN, DEV_GUILD_ID="9" * 30 + "x" * 5000)
    assert code == 2
    assert len(lines) == 1 and len(lines[0]) < 300 and "5030 characters" in lines[0], lines


class _Unauthorized(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a wrong token: HTTP 401 on every request."""

    def do_GET(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # keep the test's stderr for the bot
        pass


def test_a_token_discord_rejects_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # A local stand-in for Discord's API that answers 401, as Discord does to a wrong token: discord.py's own
    # login code turns that into LoginFailure.
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{server.server_port}/api/v10")
        code, lines = start(monkeypatch, tmp_path, capsys, DISCORD_TOKEN=TOKEN)
    finally:
        server.shutdown()
        server.server_close()
    assert code == 2
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "rejected" in lines[0], lines


def run_bot(tmp_path: Path, *args: str, prefix: tuple[str, ...] = (), **env: str) -> subprocess.CompletedProcess[str]:
    """`python bot.py ARGS` as its own process in `tmp_path` with these settings, Discord's API pointed at port 9 of
    this machine (nothing listens there: refused at once, as when the network is down, with or without a network).
    Forked from the bot already imported (tests/forked.py); with a `prefix` command (setpriv), a new interpreter.

    A process that hangs instead of exiting fails the test with TimeoutExpired.
    """
    script = ("import sys, discord.http, bot; discord.http.Route.BASE = 'https://127.0.0.1:9/api/v10'; "
              "sys.exit(bot.main(sys.argv[1:]))")
    environ = {key: value for key, value in os.environ.items() if key not in SETTINGS}
    environ.update(DISCORD_TOKEN=TOKEN, DATABASE_PATH=str(tmp_path / "tabletop.sqlite3"), PYTHONPATH=str(ROOT))
    environ.update(env)
    if not prefix:
        return forked.run(["-c", script, *args], cwd=tmp_path, env=environ, timeout=60)
    return subprocess.run([*prefix, sys.executable, "-c", script, *args], cwd=tmp_path, env=environ,
                          capture_output=True, text=True, timeout=60, check=False)


def problem_lines(stderr: str) -> list[str]:
    """What a start-up printed besides its log records; there must never be a traceback."""
    assert "Traceback" not in stderr, stderr
    return [line for line in stderr.splitlines() if not LOG_RECORD.match(line)]


def test_what_runs_leave_behind_is_ignored_by_git() -> None:
    left = ["tabletop.egg-info/", "tabletop.sqlite3", "tabletop.sqlite3-wal", "tabletop.sqlite3-shm"]
    result = subprocess.run(["git", "check-ignore", "--no-index", *left], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.stdout.split() == left, result
