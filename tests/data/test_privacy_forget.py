"""`python -m data.forget USER_ID` on SQLite and PostgreSQL: a bad id or setting is one line and exit 2 with nothing
changed; a person who still plays is refused (exit 1, nothing changed) unless `--leave-running`; afterwards their
name is "Player N" in ended matches and their ratings and preferences are gone."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import settings
from data import Store
from matches import MatchService
from tests import forked

ROOT = Path(__file__).resolve().parents[2]
ADA, BOB = 10**18 + 11, 10**18 + 22


def forget(target: str, tmp_path: Path, *args: str, fresh: bool = False,
           **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m data.forget ARGS` in `tmp_path` on `target`: forked from the bot already imported (tests/forked.py),
    or with `fresh` a new interpreter, as an operator runs it."""
    environ = {k: v for k, v in os.environ.items() if k not in settings.variables()}
    where = {"DATABASE_URL": target} if target.startswith("postgresql") else {"DATABASE_PATH": target}
    environ.update(PYTHONPATH=str(ROOT), **where, **env)
    return forked.run(["-m", "data.forget", *args], cwd=tmp_path, env=environ, timeout=120, fresh=fresh)


async def two_matches(target: str) -> tuple[int, int]:
    """A finished rated match of Ada and Bob (Bob resigned) and a running one; Ada's name and preferences."""
    store = await Store.open(target)
    try:
        service = MatchService(store, rng=random.Random(2))
        await service.touch_user(ADA, "Ada")
        await service.touch_user(BOB, "Bob")
        await service.set_notices(ADA, reminders=False)
        ids = []
        for _ in range(2):
            match = await service.create("cintos", guild_id=1, channel_id=2, creator_id=ADA, players=2, rated=True)
            await service.join(match.id, BOB)
            match = (await service.start(match.id, ADA)).match
            for _ in range(2):  # a move each: a side that never moved is not rated
                user = match.user_at(match.actors()[0])
                await service.act(match.id, user, (await service.legal_texts(match.id, user))[0])
            ids.append(match.id)
        await service.resign(ids[0], BOB)
        return ids[0], ids[1]
    finally:
        await store.close()


async def names(target: str, match_id: int) -> list[str]:
    store = await Store.open(target)
    try:
        service = MatchService(store)
        return await service.names(await service.get(match_id))
    finally:
        await store.close()


async def test_bad_input_is_one_line_and_changes_nothing(target: str, tmp_path: Path) -> None:
    done, _running = await two_matches(target)
    for bad in ("abc", "12", str(10**9 + 1)):  # not digits, too small for a Discord id, a stand-in's id
        result = forget(target, tmp_path, bad)
        assert result.returncode == 2, result.stderr
        assert "is not a Discord user id" in result.stderr or "stand-in" in result.stderr
        assert "Traceback" not in result.stderr
    setting = forget(target, tmp_path, str(ADA), DATABASE_POOL_SIZE="none")
    assert setting.returncode == 2 and setting.stderr.count("\n") == 1
    assert setting.stderr.startswith("DATABASE_POOL_SIZE"), setting.stderr
    assert sorted(await names(target, done)) == ["Ada", "Bob"]
    missing = forget(str(tmp_path / "nowhere.sqlite3"), tmp_path, str(ADA))
    assert missing.returncode == 3 and "There is no database" in missing.stderr
    assert not (tmp_path / "nowhere.sqlite3").exists()


async def test_a_player_who_still_plays_is_refused_then_forgotten(target: str, tmp_path: Path) -> None:
    done, running = await two_matches(target)
    dry = forget(target, tmp_path, str(ADA), "--dry-run")
    assert dry.returncode == 0 and "name 'Ada'" in dry.stdout and "nothing was changed" in dry.stdout

    refused = forget(target, tmp_path, f"<@{ADA}>")
    assert refused.returncode == 1 and f"running matches #{running}" in refused.stderr, refused.stderr
    assert "nothing was changed" in refused.stderr
    assert sorted(await names(target, done)) == ["Ada", "Bob"]

    partly = forget(target, tmp_path, str(ADA), "--leave-running")
    assert partly.returncode == 1 and "forgotten as Player 1" in partly.stdout, partly.stdout + partly.stderr
    assert f"left running: running matches #{running}" in partly.stderr
    assert sorted(await names(target, done)) == ["Bob", "Player 1"]
    store = await Store.open(target)
    try:
        assert await store.users.get_user(ADA) is None
        assert await store.users.notify_preferences(ADA) == []
        assert await store.ratings.ratings_of(ADA) == []
        assert [r.user_id for r in await store.ratings.ratings_of(BOB)] == [BOB]
        await MatchService(store).resign(running, ADA)  # her last match ends
    finally:
        await store.close()

    again = forget(target, tmp_path, str(ADA))
    assert again.returncode == 0 and "forgotten as Player 1" in again.stdout, again.stdout + again.stderr
    assert sorted(await names(target, running)) == ["Bob", "Player 1"]  # the same number


async def test_export_writes_the_json_and_changes_nothing(target: str, tmp_path: Path) -> None:
    done, _running = await two_matches(target)
    # one run as an operator starts it (on SQLite: the same code path on both)
    result = forget(target, tmp_path, str(ADA), "--export", "ada.json", fresh=not target.startswith("postgresql"))
    assert result.returncode == 0 and "exported to ada.json" in result.stdout, result.stdout + result.stderr
    data = json.loads((tmp_path / "ada.json").read_text(encoding="utf-8"))
    assert data["user_id"] == str(ADA) and data["user"]["name"] == "Ada"
    assert sorted(await names(target, done)) == ["Ada", "Bob"]  # nothing forgotten
