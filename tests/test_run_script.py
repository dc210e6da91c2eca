"""run.sh installs only when the install is missing or pyproject.toml (or the lock file) changed: a bot whose
install is complete restarts without the package index."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Stands in for the venv's python: records what it was asked to do instead of doing it.
FAKE_PYTHON = """#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/../../calls.txt"
"""


def _checkout(tmp_path: Path) -> Path:
    folder = tmp_path / "bot"
    folder.mkdir()
    shutil.copy(ROOT / "run.sh", folder / "run.sh")
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    return folder


SAID: list[str] = []  # what run.sh itself printed, run by run


def _run(folder: Path, python: Path) -> list[str]:
    calls = folder / "calls.txt"
    calls.unlink(missing_ok=True)
    done = subprocess.run(["bash", "run.sh", "--sync"], cwd=folder, env={"PYTHON": str(python),
                          "PATH": "/usr/bin:/bin"}, check=True, timeout=60, capture_output=True, text=True)
    SAID.append(done.stderr)
    return calls.read_text().splitlines()


def test_run_installs_once_and_again_only_when_the_dependencies_change(tmp_path: Path) -> None:
    folder = _checkout(tmp_path)
    # A "python3" that makes a venv whose python is the fake one
    maker = tmp_path / "python3"
    maker.write_text(f"#!/usr/bin/env bash\nmkdir -p .venv/bin\ncat > .venv/bin/python <<'X'\n{FAKE_PYTHON}X\n"
                     "chmod +x .venv/bin/python\n")
    maker.chmod(0o755)

    first = _run(folder, maker)
    assert any(call.startswith("-m pip install") for call in first) and first[-1] == "bot.py --sync"
    assert "installing into .venv — about a minute" in SAID[-1]  # said before the long, silent install
    assert _run(folder, maker) == ["bot.py --sync"]  # installed: straight to the bot, no pip, no network
    assert SAID[-1] == ""
    with (folder / "pyproject.toml").open("a") as changed:
        changed.write("\n# a dependency changed\n")
    assert any(call.startswith("-m pip install") for call in _run(folder, maker))
    (folder / "requirements.lock").write_text("pillow==13.0.0\n")
    again = _run(folder, maker)
    assert "-m pip install --quiet --disable-pip-version-check -c requirements.lock -e ." in again  # no asyncpg
    assert _run(folder, maker) == ["bot.py --sync"]
    (folder / ".env").write_text("DATABASE_URL=postgresql://bot@db/tabletop\n")  # PostgreSQL: the extra too
    assert "-m pip install --quiet --disable-pip-version-check -c requirements.lock -e .[postgres]" in _run(
        folder, maker)
    assert _run(folder, maker) == ["bot.py --sync"]
