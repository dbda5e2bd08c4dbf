#!/usr/bin/env bash
# Installs, with Debian's apt-get, what the Makefile needs and the machine lacks:
#   tools/ensure.sh node       # node + npm (for npm ci and the Pyodide-under-Node test)
#   tools/ensure.sh venv       # python3 with venv and pip (Debian splits them out)
#   tools/ensure.sh pip        # python3 -m pip (tools/build.py runtime fetches a wheel with it)
#   tools/ensure.sh chromium   # /usr/bin/chromium and its headless shell, driven by Playwright in
#                              # the e2e tests (the shell where it serves: tests/e2e/conftest.py)
#   tools/ensure.sh webkit     # WebKitGTK's WebKitWebDriver and MiniBrowser, and xvfb-run (a virtual
#                              # display for them): tests/e2e/test_engines.py
#   tools/ensure.sh firefox    # /usr/bin/firefox-esr, driven by puppeteer-core (npm) over WebDriver BiDi
# Each does nothing when the thing is already there. Runs as root (or through sudo).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "ensure.sh: not root and no sudo: install $* by hand" >&2; exit 1
  fi
fi
UPDATED=""
apt_install() {
  if ! command -v apt-get >/dev/null; then
    echo "ensure.sh: no apt-get here: install $* by hand" >&2; exit 1
  fi
  echo "ensure.sh: apt-get install $*" >&2
  if [ -z "$UPDATED" ]; then $SUDO apt-get update -qq; UPDATED=1; fi
  $SUDO apt-get install -y -qq --no-install-recommends "$@" </dev/null
}

for what in "$@"; do
  case "$what" in
    node)
      command -v node >/dev/null || apt_install nodejs
      command -v npm >/dev/null || apt_install npm
      ;;
    venv)
      if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
        apt_install python3-venv python3-pip
      fi
      ;;
    pip)
      python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
      ;;
    chromium)
      # in one call, so the two come at one version (they share chromium-common)
      if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
        apt_install chromium chromium-headless-shell fonts-liberation
      fi
      ;;
    webkit)
      if [ ! -x /usr/bin/WebKitWebDriver ] || ! command -v xvfb-run >/dev/null; then
        apt_install webkit2gtk-driver xvfb fonts-liberation
      fi
      ;;
    firefox)
      [ -x /usr/bin/firefox-esr ] || apt_install firefox-esr fonts-liberation
      ;;
    *) echo "ensure.sh: unknown $what" >&2; exit 2 ;;
  esac
done
