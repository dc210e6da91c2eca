"""Dependencies: ranges in pyproject.toml, the exact versions in requirements.lock (what CI, run.sh and the image
install), each locked version inside its range; PostgreSQL's driver only in the `postgres` extra."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def test_every_dependency_is_a_range_and_its_locked_version_is_in_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for extra in project["optional-dependencies"].values() for r in extra
               if Requirement(r).name != project["name"]]  # an extra that takes another (test takes docs)
    locked = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            locked[canonicalize_name(name)] = version
    for requirement in wanted:
        assert not any(spec.operator == "==" for spec in requirement.specifier), f"{requirement}: a range, please"
        pinned = locked.get(canonicalize_name(requirement.name))
        assert pinned is not None, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(pinned, prereleases=True), (str(requirement), pinned)


def test_postgresql_is_an_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(Requirement(r).name == "asyncpg" for r in project["dependencies"])
    assert any(Requirement(r).name == "asyncpg" for r in project["optional-dependencies"]["postgres"])
    assert ".[postgres]" in (ROOT / "Dockerfile").read_text()
    assert "-c requirements.lock" in (ROOT / "test.sh").read_text() and "postgres" in (ROOT / "test.sh").read_text()
