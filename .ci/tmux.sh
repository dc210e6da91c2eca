#!/usr/bin/env bash
# Makes sure tmux is here: the local table's terminal tests (tests/tabletop/test_table_terminal.py,
# test_table_newcomer.py) play it in a real terminal, as a player would. Installs Debian's `tmux` when root with
# apt-get, else says how and exits 1. Used by test.sh (and so .ci/run).
set -euo pipefail
command -v tmux >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "tmux not found: installing Debian's tmux (the local table's terminal tests play in it)."
    export DEBIAN_FRONTEND=noninteractive
    status=0
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends tmux >/dev/null; } || status=$?
    if [ "$status" != 0 ] || ! command -v tmux >/dev/null; then
        echo "Installing tmux with apt-get failed (exit $status): the terminal tests cannot run." >&2
        exit 1
    fi
    exit 0
fi
echo "tmux is not installed: the local table's terminal tests need it (apt-get install tmux, brew install tmux)." >&2
exit 1
