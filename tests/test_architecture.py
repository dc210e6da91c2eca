"""The layer contracts (import-linter, configured in pyproject.toml), checked with the tests; and no module's private
names imported by another."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str) -> str:
    found = Path(sys.executable).parent / name
    return str(found) if found.exists() else (shutil.which(name) or name)


def test_import_contracts_are_kept() -> None:
    result = subprocess.run([tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout



def test_no_private_name_crosses_a_file() -> None:
    """A name with a leading underscore is its module's own: no other module of the bot imports it (the
    gettext function `_` aside). Tests may reach into caches; the code may not."""
    crossing: list[str] = []
    for path in sorted(ROOT.glob("**/*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in (".venv", "tests", "site") or parts[0].startswith("."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__":
                crossing += [f"{'/'.join(parts)}: {node.module}.{alias.name}" for alias in node.names
                             if alias.name.startswith("_") and alias.name != "_" and not alias.name.startswith("__")]
    assert not crossing, crossing
