#!/usr/bin/env bash
# The users' own configurations, not only the developers': a clone of what is committed, installed exactly as
# ./run.sh installs it (no extras for SQLite; the `postgres` extra with DATABASE_URL) and checked there:
#   - SQLite: every module imports (tests/import_all.py) and `./run.sh --check` says "ready", offline (no network
#     but loopback, in a network namespace of its own) once the first install is done;
#   - PostgreSQL: `./run.sh --check` against a throwaway server (tests/pg_server.py);
#   - the docs: the README's instruction (the `docs` extra, then mkdocs) builds the site.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
pg_pid=""
cleanup() {
    if [ -n "$pg_pid" ]; then  # Enter stops the server and removes its files (tests/pg_server.py)
        echo >&"${PG[1]}" 2>/dev/null || kill "$pg_pid" 2>/dev/null || true
        wait "$pg_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
git clone --quiet "$root" "$work/bot"
cd "$work/bot"
step() { echo "users.sh: $*"; }

step "SQLite, as ./run.sh installs it (no extras)"
./run.sh --check
if .venv/bin/python -c "import asyncpg" 2>/dev/null; then
    echo "users.sh: asyncpg is installed without the postgres extra" >&2
    exit 1
fi
offline=()
if unshare --net true 2>/dev/null; then
    offline=(unshare --net)  # loopback only: nothing reaches Discord or the package index
else
    step "(unshare --net is not allowed here: the offline runs below have the network)"
fi
"${offline[@]}" .venv/bin/python tests/import_all.py
"${offline[@]}" ./run.sh --check
test -s tabletop.sqlite3

step "PostgreSQL, as ./run.sh installs it with DATABASE_URL (the postgres extra)"
coproc PG { exec python3 -u tests/pg_server.py; }
pg_pid=$PG_PID
read -r -t 120 url <&"${PG[0]}"
case "$url" in postgresql://*) ;; *) echo "users.sh: no PostgreSQL server: $url" >&2; exit 1 ;; esac
DATABASE_URL="$url" ./run.sh --check
.venv/bin/python tests/import_all.py

step "the docs, as the README says to build them"
.venv/bin/pip install --quiet --disable-pip-version-check -c requirements.lock -e ".[docs]"
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$work/site"
test -f "$work/site/index.html"
step "every configuration ready"
