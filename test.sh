#!/usr/bin/env bash
# Run every test: creates .venv on first use, installs the bot with its test tools, lints, type-checks, builds
# the docs, then runs pytest
# (rules, rendering, storage, the match service, layer contracts and the bot through simcord).
# The storage tests also run on a throwaway PostgreSQL server they start themselves: .ci/postgres.sh checks for
# its binaries and installs them when it can (root with apt-get), else says how to get them.
set -euo pipefail
cd "$(dirname "$0")"
# Bytecode caches on: where PYTHONDONTWRITEBYTECODE is set (the development machines here set it), every pytest
# worker would rewrite every test module's asserts, and every bot, web and table process the tests start would compile
# the bot from source, each time: 12 s of processor time per worker before its first test, about 90 s of a whole run.
# The caches go to __pycache__/, which git ignores.
unset PYTHONDONTWRITEBYTECODE
bash .ci/postgres.sh
# The web tests drive Debian's headless Chromium: .ci/chromium.sh installs it when it can, else says how.
bash .ci/chromium.sh
# The local table's terminal tests play it in tmux: .ci/tmux.sh installs it when it can, else says how.
bash .ci/tmux.sh
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
# The exact versions of requirements.lock, within pyproject.toml's ranges; PostgreSQL's driver is an extra.
.venv/bin/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e ".[test,postgres]"
.venv/bin/ruff check .
# Type checking, every package and entry point ([tool.mypy] in pyproject.toml): 0 errors, no unused ignores.
.venv/bin/mypy
# The docs site: --strict fails on a broken link, a missing anchor or a page left out of the nav.
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$(mktemp -d)"
# pytest exits 5 when it collects no test: with `set -e` that fails the run, as it should. One worker more than the
# cores (pytest-xdist): the tests that wait (subprocesses, leases, a server's restart) leave a core idle otherwise
# (on 2 cores: 3 workers beat 2 by a seventh; 4 were no faster than 3 in three pairs run one after the other; the
# times are in docs/developers/tests.md). Each worker starts its own
# throwaway PostgreSQL server when its tests ask for one. `--dist worksteal`: a worker that runs out takes tests from
# the busiest one; xdist's default hands each worker a quarter of the suite up front, and one worker given the long
# tests then ran alone for two minutes at the end (8 min 31 s against 7 min 23 s, the same tests).
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-$(( $(nproc) + 1 ))}" --dist worksteal "$@"
