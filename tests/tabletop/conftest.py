"""The `tmux` fixture: a terminal server of the test's own, killed after it."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from collections.abc import Iterator

import pytest

from tests.tabletop.terminal import on


@pytest.fixture
def tmux() -> Iterator[str]:
    if shutil.which("tmux") is None:
        pytest.fail("tmux is needed for the terminal tests: apt-get install tmux", pytrace=False)
    name = f"tabletop-{uuid.uuid4().hex[:8]}"
    yield name
    subprocess.run([*on(name), "kill-server"], capture_output=True, check=False)
