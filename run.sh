#!/usr/bin/env bash
# Run the bot: creates .venv on first use and installs the bot into it, then starts it (settings from .env / the
# environment; docs/operators/configuration.md). It installs again only when the install is missing or
# pyproject.toml or the lock file changed, so a restart needs no network. The versions are requirements.lock's;
# PostgreSQL's driver (the `postgres` extra) only when DATABASE_URL is set, here or in .env.
# Extra arguments go to bot.py, e.g. `./run.sh --sync` to publish the slash commands, `./run.sh --check` to check the
# set-up without contacting Discord.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
STAMP=.venv/.tabletop-installed
inputs=(pyproject.toml)
[ -f requirements.lock ] && inputs+=(requirements.lock)
target="."
if [ -n "${DATABASE_URL:-}" ] || { [ -f .env ] && grep -Eq '^[[:space:]]*DATABASE_URL=[^[:space:]]' .env; }; then
    target=".[postgres]"
fi
wanted="$( (cat "${inputs[@]}"; echo "$target") | sha256sum | cut -d' ' -f1)"
if [ ! -x .venv/bin/python ] || [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$wanted" ]; then
    if [ -x .venv/bin/python ]; then
        echo "run.sh: updating the install in .venv ($target)" >&2
    else
        echo "run.sh: installing into .venv — about a minute, once" >&2
        "$PYTHON" -m venv .venv
    fi
    constraints=()
    [ -f requirements.lock ] && constraints=(-c requirements.lock)
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "${constraints[@]}" -e "$target"
    echo "$wanted" >"$STAMP"
fi
exec .venv/bin/python bot.py "$@"
