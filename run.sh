#!/usr/bin/env bash
# Run the bot: creates .venv on first use, installs the bot, then starts it (settings from .env / the environment).
# Extra arguments go to bot.py, e.g. `./run.sh --sync` to publish the slash commands.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/python bot.py "$@"
