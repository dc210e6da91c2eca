#!/usr/bin/env bash
# Makes sure Debian's Chromium and ChromeDriver, which the web tests drive (tests/web/test_browser.py), are here:
# installs the `chromium` and `chromium-driver` packages when root with apt-get, else says how to get them and
# exits 1. The web tests never download a browser of their own. Used by .ci/run and test.sh.
set -euo pipefail

have_chromium() {
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ -x "${CHROMEDRIVER:-/usr/bin/chromedriver}" ]
}

have_chromium && exit 0

if [ -n "${CHROMIUM:-}${CHROMEDRIVER:-}" ]; then
    echo "CHROMIUM=${CHROMIUM:-} / CHROMEDRIVER=${CHROMEDRIVER:-} do not name runnable programs: fix or unset them." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Chromium and ChromeDriver not found: installing Debian's chromium and chromium-driver (the web tests" \
         "drive a real headless browser)."
    export DEBIAN_FRONTEND=noninteractive
    status=0
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null; } \
        || status=$?
    if [ "$status" != 0 ] || ! have_chromium; then
        echo "Installing chromium and chromium-driver with apt-get failed (exit $status): the browser tests cannot" \
             "run." >&2
        exit 1
    fi
    exit 0
fi
cat >&2 <<'MSG'
Chromium and ChromeDriver (/usr/bin/chromium, /usr/bin/chromedriver) not found: the web tests drive a real
headless browser. Install them, then run this again:
  Debian/Ubuntu:  sudo apt-get install chromium chromium-driver
or point CHROMIUM and CHROMEDRIVER at a Chromium and the ChromeDriver of the same version.
MSG
exit 1
