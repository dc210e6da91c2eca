"""`bot.py --check` (`./run.sh --check`): the set-up checked as a start would check it, without Discord: one line
"ready: …" and exit 0, or one line and the documented exit code, and not one connection to Discord."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

import settings
from cogs import limits
from tests import forked

ROOT = Path(__file__).resolve().parent.parent


class _Listener:
    """A port that counts the connections made to it: Discord's address during a check."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.socket.accept()
            except TimeoutError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.socket.close()


def run_check(folder: Path, *prelude: str, fresh: bool = False,
              **env: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """`bot.py --check` in `folder` with Discord's REST and gateway addresses on a counting port: the finished
    process and how many connections reached that port. Forked from the bot already imported (tests/forked.py);
    `fresh`: a new interpreter, as a user starts it."""
    listener = _Listener()
    script = "; ".join([
        "import sys, yarl, discord.http, discord.gateway, bot",
        f"discord.http.Route.BASE = 'http://127.0.0.1:{listener.port}/api/v10'",
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL('ws://127.0.0.1:{listener.port}/')",
        *prelude,
        "sys.exit(bot.main(['--check']))"])
    environ = {k: v for k, v in os.environ.items() if k not in settings.variables()}
    environ.update({"PYTHONPATH": str(ROOT), "TABLETOP_RENDER_WORKERS": "1", **env})
    try:
        done = forked.run(["-c", script], cwd=folder, env=environ, timeout=120, fresh=fresh)
    finally:
        listener.close()
    return done, listener.connections


def test_a_fresh_folder_checks_ready_without_a_token_or_discord(tmp_path: Path) -> None:
    done, connections = run_check(tmp_path, fresh=True)  # the first thing an operator runs, exactly as they run it
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ready: SQLite tabletop.sqlite3 at schema "), done.stdout
    assert "slash commands within Discord's limits" in lines[0] and "1 drawing processes" in lines[0], lines[0]
    assert "DISCORD_TOKEN is not set" in lines[0]
    assert connections == 0
    assert (tmp_path / "tabletop.sqlite3").stat().st_size > 0  # made and migrated
    assert "Traceback" not in done.stderr
    # one line for the whole schema, not one a migration
    assert done.stderr.count("schema") == 1 and "new database: schema created" in done.stderr, done.stderr


def test_the_check_changes_no_tournament_and_posts_nothing(tmp_path: Path) -> None:
    """What a start does first (tournament recovery, which may post boards) is left for the start."""
    done, connections = run_check(tmp_path, "import cogs.tournament",
                                  "cogs.tournament.TournamentCog.recover = lambda self: 1 / 0",
                                  DISCORD_TOKEN="MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ready: ") and "DISCORD_TOKEN" not in done.stdout
    assert connections == 0


def test_an_extension_that_does_not_load_is_one_line_and_exit_5(tmp_path: Path) -> None:
    (tmp_path / "broken_cog.py").write_text("raise ImportError('No module named asyncpg')\n")
    done, _ = run_check(tmp_path, "sys.path.insert(0, '.')", "bot.EXTENSIONS = (*bot.EXTENSIONS, 'broken_cog')")
    assert done.returncode == 5, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.strip().splitlines()[-1] == (
        "Cannot start: broken_cog does not load: ImportError: No module named asyncpg")
    assert "Traceback" not in done.stderr


# An extension whose command discord.py accepts and Discord would refuse: 2 x 25 choices of 180 characters each.
TOO_BIG = """
import discord
from discord import app_commands

big = app_commands.Group(name="big", description="Too big for Discord")


def choices():
    return [app_commands.Choice(name=f"{i:02d}" + "c" * 88, value=f"{i:02d}" + "v" * 88) for i in range(25)]


@big.command(name="one", description="d")
@app_commands.choices(pick=choices())
async def one(interaction: discord.Interaction, pick: str) -> None: ...


@big.command(name="two", description="d")
@app_commands.choices(pick=choices())
async def two(interaction: discord.Interaction, pick: str) -> None: ...


async def setup(bot):
    bot.tree.add_command(big)
"""


def test_commands_over_discords_limits_are_one_line_and_exit_5(tmp_path: Path) -> None:
    (tmp_path / "big_cog.py").write_text(TOO_BIG)
    done, _ = run_check(tmp_path, "sys.path.insert(0, '.')", "bot.EXTENSIONS = (*bot.EXTENSIONS, 'big_cog')")
    assert done.returncode == 5, (done.stdout, done.stderr)
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("Cannot start: the slash commands break Discord's limits: /big: ") and \
        "characters in all (at most 8000)" in last, last


def test_a_board_that_cannot_be_drawn_is_exit_5(tmp_path: Path) -> None:
    done, _ = run_check(tmp_path, "import render", "render.RENDERERS.clear()", TABLETOP_RENDER_WORKERS="0")
    assert done.returncode == 5, (done.stdout, done.stderr)
    assert done.stderr.strip().splitlines()[-1].startswith("Cannot start: a board cannot be drawn: KeyError")


def test_a_bad_setting_and_a_bad_database_keep_their_codes(tmp_path: Path) -> None:
    done, _ = run_check(tmp_path, TABLETOP_RENDER_WORKERS="two")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    (tmp_path / "folder").mkdir()
    done, _ = run_check(tmp_path, DATABASE_PATH=str(tmp_path / "folder"))
    assert done.returncode == 3 and "this is a folder" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


# ---- the command-tree rules themselves ----------------------------------------------------------------------------
def _command(**changes: Any) -> dict[str, Any]:
    command: dict[str, Any] = {"type": 1, "name": "play", "description": "Play a game", "options": [
        {"type": 3, "name": "game", "description": "Which game", "choices": [{"name": "Cintos", "value": "cintos"}]}]}
    command.update(changes)
    return command


@pytest.mark.parametrize(("payload", "problem"), [
    (_command(name="Play"), "/Play: name 'Play' is not 1-32 lower-case"),
    (_command(name="p" * 33), "is not 1-32 lower-case"),
    (_command(name="play now"), "is not 1-32 lower-case"),
    (_command(description=""), "/play: description of 0 characters"),
    (_command(description_localizations={"de": "d" * 101}), "/play: description of 101 characters"),
    (_command(options=[{"type": 5, "name": f"o{i}", "description": "x"} for i in range(26)]), "26 options"),
    (_command(options=[{"type": 5, "name": "o", "description": "x"}] * 2), "'o' and 'o' share the name 'o'"),
    (_command(options=[{"type": 3, "name": "o", "description": "x",
                        "choices": [{"name": f"c{i}", "value": f"{i}"} for i in range(26)]}]), "26 choices"),
    (_command(options=[{"type": 3, "name": "o", "description": "x",
                        "choices": [{"name": "c" * 101, "value": "v"}]}]), "longer than 100"),
    (_command(options=[{"type": 1, "name": f"s{i}", "description": "d" * 100, "options": [
        {"type": 3, "name": "o", "description": "d" * 100,
         "choices": [{"name": "c" * 100, "value": "v" * 100} for _ in range(25)]}]} for i in range(2)]),
     "characters in all (at most 8000)"),
])
def test_each_limit_of_discord_is_found(payload: dict[str, Any], problem: str) -> None:
    found = limits.command_problems([payload])
    assert any(problem in line for line in found), found


def test_a_command_within_the_limits_has_no_problem() -> None:
    assert limits.command_problems([_command(), _command(name="żółw-2_x")]) == []


def _option(name: str, **localized: str) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "x", "name_localizations": localized}


def test_two_options_whose_german_names_collide_are_found() -> None:
    """English `move` and `turn` both read `zug` in German: Discord refuses the whole tree at sync."""
    payload = _command(options=[_option("move", de="zug", fr="coup"), _option("turn", de="zug", fr="tour")])
    assert limits.command_problems([payload]) == ["/play: 'move' and 'turn' share the name 'zug' in de"]


def test_an_option_translated_to_a_siblings_english_name_collides_where_the_sibling_stays_english() -> None:
    payload = _command(options=[_option("move", ja="turn"), _option("turn")])  # ja shows the English `turn`
    assert limits.command_problems([payload]) == ["/play: 'move' and 'turn' share the name 'turn' in ja"]


def test_two_subcommands_of_a_group_and_two_top_level_commands_may_not_share_a_localized_name() -> None:
    group = {"type": 1, "name": "cintos", "description": "Cintos", "options": [
        {"type": 1, "name": "new", "description": "x", "name_localizations": {"de": "neu"}},
        {"type": 1, "name": "renew", "description": "x", "name_localizations": {"de": "neu"}}]}
    assert limits.command_problems([group]) == ["/cintos: 'new' and 'renew' share the name 'neu' in de"]
    first = _command(name="games", name_localizations={"fr": "parties"})
    second = _command(name="matches", name_localizations={"fr": "parties"})
    assert limits.command_problems([first, second]) == ["the commands: 'games' and 'matches' share the name "
                                                        "'parties' in fr"]
    user_menu = {"type": 2, "name": "games"}  # a user command may have a slash command's name
    assert limits.command_problems([first, user_menu]) == []


def test_localized_names_are_checked_against_discords_pattern() -> None:
    assert limits.command_problems([_command(name_localizations={"ja": "遊ぶ", "de": "spielen"})]) == []
    found = limits.command_problems([_command(name_localizations={"de": "Spielen", "fr": "jouer une partie"})])
    assert len(found) == 2 and all("is not 1-32 lower-case" in line for line in found), found
