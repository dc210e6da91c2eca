"""On PostgreSQL 15+, a role that does not own its database may not create in schema `public`: the bot stops at
start with one line naming the grant that fixes it (exit 3), and starts once it is granted
(docs/operators/postgresql.md, "The role and the database")."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

import bot
import settings
from data import Store, StoreUnavailable
from tests.pg_server import Cluster

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"


def _as_role(pg_cluster: Cluster, postgres_url: str) -> tuple[str, str]:
    """A login role that neither owns the test's database nor has any grant in it, and the URL it connects with."""
    role = f"bot_{uuid.uuid4().hex[:8]}"
    pg_cluster._psql(f"CREATE ROLE {role} LOGIN")
    return role, postgres_url.replace(f"//{pg_cluster.user}@", f"//{role}@", 1)


async def test_a_role_without_create_on_public_is_told_the_grant(pg_cluster: Cluster, postgres_url: str) -> None:
    role, url = _as_role(pg_cluster, postgres_url)
    database = url.rsplit("/", 1)[1]
    with pytest.raises(StoreUnavailable) as caught:
        await Store.open(url)
    problem = caught.value.problem
    assert "permission denied for schema public" in problem
    assert f"GRANT USAGE, CREATE ON SCHEMA public TO {role}" in problem and "\n" not in problem
    pg_cluster._psql("SELECT 1", f"GRANT USAGE, CREATE ON SCHEMA public TO {role}", then=database)  # as told
    store = await Store.open(url)
    await store.close()


def test_the_bot_stops_with_one_line_and_exit_3(pg_cluster: Cluster, postgres_url: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    role, url = _as_role(pg_cluster, postgres_url)
    for name in settings.variables():
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)
    assert bot.main([]) == 3
    lines = capsys.readouterr().err.splitlines()
    problems = [line for line in lines if line.startswith("Cannot use the database")]
    assert len(problems) == 1 and f"GRANT USAGE, CREATE ON SCHEMA public TO {role}" in problems[0], lines
    assert not any("Traceback" in line for line in lines)
