"""Imports every module of every package the bot installs (pyproject's packages, and bot.py), as a default install
would: `python tests/import_all.py [--block MODULE ...]`. Prints one line ("imported N modules") and exits 0, or
names each module that fails and exits 1. A blocked module cannot be imported, as when its extra is not installed.

Run by tests/test_postgres_extra.py with asyncpg blocked, and by .ci/run in a venv installed as ./run.sh installs it.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "render", "data", "matches", "cogs", "tournament_rules", "ratings", "players", "tournaments",
            "tabletop", "settings", "web", "games", "analysis", "reviews", "i18n", "lessons")
# What only the `postgres` extra's users import: the driver's backend and the copy from SQLite to PostgreSQL.
NEEDS_POSTGRES = {"data.postgres", "data.to_postgres"}


def modules() -> list[str]:
    found = ["bot"]
    for package in PACKAGES:
        found.append(package)
        paths = [str(ROOT / package)]
        found += [info.name for info in pkgutil.walk_packages(paths, prefix=f"{package}.")]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--block", action="append", default=[], help="a module to make unimportable")
    args = parser.parse_args(argv)
    for blocked in args.block:
        sys.modules[blocked] = None  # type: ignore[assignment]  # how Python marks a module that cannot be imported
    without_postgres = "asyncpg" in args.block or importlib.util.find_spec("asyncpg") is None
    failed = []
    names = [name for name in modules() if not (without_postgres and name in NEEDS_POSTGRES)]
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as error:
            failed.append(f"{name}: {type(error).__name__}: {error}")
    for line in failed:
        print(f"cannot import {line}")
    if not failed:
        print(f"imported {len(names)} modules")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
