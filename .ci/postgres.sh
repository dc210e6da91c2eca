#!/usr/bin/env bash
# Makes sure the PostgreSQL server binaries the tests start (tests/pg_server.py) are here: installs Debian's
# `postgresql` package when root with apt-get, else says how to get them and exits 1. Used by .ci/run and test.sh.
set -euo pipefail

have_postgres() {
    if [ -n "${PG_BINDIR:-}" ]; then
        [ -x "$PG_BINDIR/initdb" ] && [ -x "$PG_BINDIR/pg_ctl" ] && [ -x "$PG_BINDIR/postgres" ] && [ -x "$PG_BINDIR/psql" ]
        return
    fi
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null
}

have_postgres && exit 0

if [ -n "${PG_BINDIR:-}" ]; then
    echo "PG_BINDIR=$PG_BINDIR does not hold initdb, pg_ctl, postgres and psql: fix it or unset it." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "PostgreSQL server binaries not found: installing Debian's postgresql package (the tests start their own" \
         "throwaway server; no service is started)."
    # No service start during the install: a policy-rc.d answering 101 ("action forbidden"), only if none exists.
    added_policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
        added_policy=yes
    fi
    export DEBIAN_FRONTEND=noninteractive
    status=0
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null; } || status=$?
    [ -n "$added_policy" ] && rm -f /usr/sbin/policy-rc.d
    if [ "$status" != 0 ] || ! have_postgres; then
        echo "Installing postgresql with apt-get failed (exit $status): the PostgreSQL tests cannot run." >&2
        exit 1
    fi
    exit 0
fi
cat >&2 <<'MSG'
PostgreSQL binaries (initdb, pg_ctl, postgres, psql) not found: the storage tests start a throwaway PostgreSQL
server of their own and need them. Install them, then run this again:
  Debian/Ubuntu:  sudo apt-get install postgresql   (no service needs to run)
  Fedora:         sudo dnf install postgresql-server
  macOS:          brew install postgresql@15
or point PG_BINDIR at a directory holding initdb, pg_ctl, postgres and psql.
MSG
exit 1
