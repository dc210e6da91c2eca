"""WEB_HOST, WEB_PORT and WEB_BASE_URL: read once at start; a bad value is one line and exit 2 (the bot and
`python -m web`), never a traceback; `python -m web` serves pages of a database the bot wrote."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from data import Store
from matches import MatchService
from settings import SettingsError, load
from tests import forked
from tests.web.helpers import GUILD, USERS, started

ROOT = Path(__file__).resolve().parents[2]
ADA, BOB, *_ = USERS


def test_unset_means_no_pages_and_no_links() -> None:
    settings = load({}, dotenv=False)
    assert (settings.web_host, settings.web_port, settings.web_links) == ("127.0.0.1", None, None)
    assert settings.but(web_port=8080).web_links == "http://localhost:8080"


def test_values_are_read_and_the_base_url_loses_its_slash() -> None:
    settings = load({"WEB_HOST": "0.0.0.0", "WEB_PORT": "8181", "WEB_BASE_URL": "https://games.example.org/tt/"},
                    dotenv=False)
    assert (settings.web_host, settings.web_port, settings.web_links) == ("0.0.0.0", 8181,
                                                                         "https://games.example.org/tt")


@pytest.mark.parametrize(("name", "value"), [("WEB_PORT", "80a"), ("WEB_PORT", "70000"), ("WEB_PORT", "0"),
                                             ("WEB_BASE_URL", "games.example.org"),
                                             ("WEB_BASE_URL", "ftp://x.org"), ("WEB_BASE_URL", "https://x.org/?a=1"),
                                             ("WEB_HOST", "a b")])
def test_a_bad_value_names_the_setting(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=f"^{name} "):
        load({name: value}, dotenv=False)


def run_web(env: dict[str, str], cwd: Path) -> forked.Child:
    """`python -m web` forked from the bot already imported (tests/forked.py); the test below starts it fresh."""
    return forked.start(["-m", "web"], cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                        stdout=forked.PIPE, stderr=forked.PIPE)


@pytest.mark.parametrize("entry", [[str(ROOT / "bot.py")], ["-m", "web"]], ids=["bot", "python -m web"])
def test_an_entry_point_refuses_a_bad_web_setting_in_one_line(entry: list[str], tmp_path: Path) -> None:
    process = subprocess.run([sys.executable, *entry], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": str(ROOT), "WEB_PORT": "http",
                                  "DISCORD_TOKEN": "MTAxMjM0NTY3ODkwMTIzNDU2Nw.GxAbCd.abcdefghijklmnopqrstuvwxyz0123"})
    err = process.stderr
    assert process.returncode == 2 and err.count("\n") == 1 and err.startswith("WEB_PORT") and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # nothing created


async def test_python_m_web_refuses_a_port_already_taken(tmp_path: Path) -> None:
    await (await Store.open(tmp_path / "db.sqlite3")).close()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = run_web({"WEB_PORT": str(port), "DATABASE_PATH": str(tmp_path / "db.sqlite3")}, tmp_path)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 2 and err.count("\n") == 1 and err.startswith("WEB_PORT") and "Traceback" not in err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_python_m_web_serves_a_database_the_bot_wrote_and_sees_its_moves(tmp_path: Path) -> None:
    """Its own process on the bot's SQLite file: the page, and a move made by another process reaching it."""
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    matches = MatchService(store)
    await store.users.touch_user(ADA, "ada")
    await store.users.touch_user(BOB, "bob")
    token = await matches.web.turn_on(GUILD)
    match = await started(matches, "sinoda", [ADA, BOB])
    port = free_port()
    process = run_web({"WEB_PORT": str(port), "DATABASE_PATH": str(path), "WEB_BASE_URL": ""}, tmp_path)
    try:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/s/{token}/m/{match.id}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    async with session.get(url) as response:
                        assert response.status == 200 and f"match #{match.id}" in await response.text()
                        break
                except aiohttp.ClientConnectionError:
                    if process.poll() is not None:
                        pytest.fail(f"python -m web exited {process.returncode}: {process.communicate()}")
                    assert time.monotonic() < deadline, "no page within 60 s"
                    await asyncio.sleep(0.2)
            async with session.get(url + f"/live?v={match.record.version}") as stream:
                await stream.content.readuntil(b"\n\n")
                user = match.user_at(match.actors()[0])
                await matches.act(match.id, user, next(t for t in await matches.legal_texts(match.id, user)))
                message = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 20)
                assert f"id: {match.record.version}".encode() in message
    finally:
        process.terminate()
        process.communicate(timeout=20)
        await store.close()
    assert process.returncode == 0


def test_the_compose_file_runs_the_web_process_on_the_database() -> None:
    import yaml

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    web = compose["services"]["web"]
    assert web["command"] == ["python", "-m", "web"] and web["depends_on"]["db"]["condition"] == "service_healthy"
    env = {key: str(value) for key, value in web["environment"].items()}
    assert "@db:5432/" in env["DATABASE_URL"] and env["WEB_HOST"] == "0.0.0.0"
    assert web["ports"] == [f"127.0.0.1:{env['WEB_PORT']}:{env['WEB_PORT']}"]  # only the reverse proxy reaches it
    settings = load({"WEB_HOST": env["WEB_HOST"], "WEB_PORT": env["WEB_PORT"], "DATABASE_URL": env["DATABASE_URL"]},
                    dotenv=False)
    assert settings.web_port == int(env["WEB_PORT"]) and settings.database_url == env["DATABASE_URL"]
    # WEB_BASE_URL (the links) reaches the bots from .env, as every setting does, and the web process by name: it
    # gets only what it reads (tests/test_deployment.py), never the bot's token.
    assert all(service["env_file"][0]["path"] == ".env" for name, service in compose["services"].items()
               if name.startswith("bot"))
    assert web["environment"]["WEB_BASE_URL"] == "${WEB_BASE_URL:-}" and "env_file" not in web
    assert not any("WEB_PORT" in service["environment"] for name, service in compose["services"].items()
                   if name.startswith("bot"))  # the bots serve no pages there: `web` does
