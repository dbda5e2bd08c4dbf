# Renardière. The two commands of the README:
#   make play   installs what it needs and serves the site on http://127.0.0.1:8000/ (PORT=, HOST=)
#   make test   installs what the tests need and runs them all (engine, Pyodide under Node, browser)
# and the others:
#   make check       the rules, the bots and the interface's logic on CPython, in about a minute:
#                    every test but the browser's and the slow ones (tests/conftest.py), after
#   make lint        the layers of ui/ (lint-imports, pyproject.toml's contracts) and ruff
#   make runtime     node_modules -> assets/runtime/ (Pyodide + PyScript) and the precache list;
#                    only the PyScript chunks and stdlib modules the app loads, the stdlib
#                    as bytecode, and app.zip, the app's modules as bytecode (tools/build.py)
#   make site        a deployable folder, build/site/ (SITE=), for any static host
#   make static      rewrites index.html's static home screen and preloads, and pyscript.toml,
#                    from ui/ and the runtime (committed; tests/test_ui_static.py says when due)
#   make bench-load  cold and warm load times of the app against a bare PyScript page
#   make bench-bot   the bot's time per decision in Chromium, through the page's worker
#   make bench-bot-start  the bot's first answer after a page load, Chromium and WebKit side by
#                    side, as shipped and with ?noprewarm (the worker's older start)
#                    (BOT_START_ARGS="--reps 5 --engines webkit")
#   make bench-tap   a tap at move 5 and after 300 actions, this app against an older commit's
#   make bench-devices  across devices: a guest's tap to its table with the host's answer, over WebRTC
#   make bench       every benchmark in one run, one table with the goals (BENCH_ARGS=--quick)
#   make ladder      paired matches of the bot levels in every game, and each against the champion
#                    (the expert of commit eedf5b6, taken from git's history into build/champion/):
#                    win shares with 95% intervals, ratings
#                    (LADDER_ARGS="--pairs 100 fendo"); CPython, standard library only
#   make soak-bots   the bot worker's memory: 50 games of expert against expert in Pyodide under
#                    Node, through ui/worker.py, heap read after each (SOAK_BOTS_ARGS="--games 10")
#   make icons       redraws assets/icons/ (committed; only when the drawing changes)
#   make soak        the engines' random-game tests with their large counts (SOAK_COUNTS), then
#                    10,000 random games per game, checked after every action (SOAK_ARGS="-n 50 fendo"),
#                    then 10,000 hostile saves, setups, imports and links through the app, built on
#                    every game of the catalogue, counted by game and kind at the end
#                    (tools/fuzz_app.py, FUZZ_ARGS="-n 500 --seed 1"), then 100,000 hostile
#                    guests' messages at a hosted game (tests/test_hosting_fuzz.py,
#                    FUZZ_HOSTING_ARGS="-n 100000 --seed 1"), then 10,000 hostile host frames
#                    at a guest's page (tests/test_guest_fuzz.py, FUZZ_GUEST_ARGS="-n 10000 --seed 1")
#   make audit       Lighthouse (accessibility, best practices) on the home page, rules, new-game
#                    form and each game's table; fails under 95 (AUDIT_ARGS="--min 90"); not in
#                    make test: 35-50 s here, too near a minute on a loaded machine
#   make clean       removes what the build made (not node_modules nor .venv: make distclean)
# Works on a fresh Debian machine as root: node, python3-venv, chromium, and WebKitGTK's
# WebDriver, xvfb and firefox-esr (tests/e2e/test_engines.py) come from apt-get when missing
# (tools/ensure.sh).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8000
HOST ?= 127.0.0.1
PYTHON ?= python3
VENV ?= .venv
SITE ?= build/site
PYTEST_ARGS ?=
# A test whose page crashed (Chromium's renderer gone) runs once more, after 2 s; any other
# failure fails at once. Seen once in CI: four tests in a row, at their page's load, then none.
RERUN := --reruns 1 --reruns-delay 2 --only-rerun "Page crashed|Target crashed"
# Two processes: each module's tests on one, the browser modules first (tests/conftest.py).
PARALLEL := -n 2 --dist loadgroup --no-loadscope-reorder
# make test: and a third for the CPython tests alone, at a low priority (tests/conftest.py).
PARALLEL_TEST := -n 3 --dist loadgroup --no-loadscope-reorder
FUZZ_ARGS ?=
FUZZ_HOSTING_ARGS ?= -n 100000
FUZZ_GUEST_ARGS ?= -n 10000
BENCH_ARGS ?= --sw
BOT_START_ARGS ?=
AUDIT_ARGS ?=
VPY := $(VENV)/bin/python
# pytest with Python's compiled modules and pytest's rewritten tests kept between runs, in
# build/pycache, even where the environment sets PYTHONDONTWRITEBYTECODE (this machine's
# does): without them every process of a run compiles them all again, 7 s of CPU each.
PYTEST := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache $(VPY) -m pytest
NPM_STAMP := node_modules/.package-lock.json
RUNTIME_STAMP := assets/runtime/VERSIONS.json
VENV_STAMP := $(VENV)/.installed
LIGHTHOUSE_STAMP := node_modules/lighthouse/package.json

.PHONY: help play test check lint runtime precache site static bench bench-load bench-bot bench-bot-start bench-tap bench-devices ladder soak-bots icons chromium engines clean distclean soak audit

help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

# -- installs ---------------------------------------------------------------------------

# The app needs only the runtime packages (with the tests' puppeteer-core and axe-core); Lighthouse (a devDependency, ~200 packages) comes
# in with `make audit` alone. package.json's "overrides" pin the two packages Lighthouse's trace
# engine asks for as "latest": without them `npm ci` refuses the lockfile as soon as either
# publishes a new version.
$(NPM_STAMP): package.json package-lock.json
	bash tools/ensure.sh node
	npm ci --omit=dev --no-audit --no-fund --loglevel=error
	touch $@

$(LIGHTHOUSE_STAMP): package.json package-lock.json
	bash tools/ensure.sh node
	npm ci --include=dev --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP) $@

$(VENV_STAMP): requirements-dev.txt
	bash tools/ensure.sh venv
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

chromium:
	bash tools/ensure.sh chromium

# WebKit (WebKitGTK's WebDriver and MiniBrowser, under xvfb-run) and Firefox ESR, from Debian:
# tests/e2e/test_engines.py. Firefox is driven by puppeteer-core, a dependency npm ci installs.
engines:
	bash tools/ensure.sh webkit firefox

# -- builds -----------------------------------------------------------------------------

$(RUNTIME_STAMP): $(NPM_STAMP) tools/build.py
	bash tools/ensure.sh pip
	$(PYTHON) -m tools.build runtime

# The precache list follows every file of the app: always rebuilt (it is cheap).
runtime: $(RUNTIME_STAMP)
	$(PYTHON) -m tools.build precache

precache: runtime

site: runtime
	$(PYTHON) -m tools.build site $(SITE)

# Not a step of `runtime`: make test must check the committed files, not fresh ones.
static: runtime
	$(PYTHON) -m tools.build static

icons:
	$(PYTHON) -m tools.make_icons

# -- the two commands -------------------------------------------------------------------

play: runtime
	$(PYTHON) -m tools.serve --host $(HOST) --port $(PORT)

# What the tests need: Debian's packages first, one apt-get at a time, then the runtime's build
# and the venv's install side by side (on a fresh clone here, 25 s and 14 s one after the other).
test:
	bash tools/ensure.sh node venv pip chromium webkit firefox
	$(MAKE) -j2 -Otarget runtime $(VENV_STAMP)
	$(MAKE) lint
	$(PYTEST) tests/ $(PARALLEL_TEST) $(RERUN) $(PYTEST_ARGS)

check:
	bash tools/ensure.sh node venv pip
	$(MAKE) -j2 -Otarget runtime $(VENV_STAMP)
	$(MAKE) lint
	$(PYTEST) tests/ $(PARALLEL) -m "not browser and not slow" $(PYTEST_ARGS)

# The layers of ui/ (pyproject.toml's contracts): a module that imports above its layer fails;
# then ruff (pyproject.toml's [tool.ruff]): unused names, bugbear's finds, stale noqa markers.
# And the repository's own hooks (tools/hooks: a commit subject of at most 72 characters).
lint: $(VENV_STAMP)
	if [ -d .git ] || [ -f .git ]; then git config core.hooksPath tools/hooks; fi
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/ruff check .

bench-load: runtime $(VENV_STAMP) chromium
	$(VPY) -m bench.bench_load $(BENCH_ARGS)

bench-bot: runtime $(VENV_STAMP) chromium
	$(VPY) -m bench.bench_bot_browser

bench-bot-start: runtime $(VENV_STAMP) chromium engines
	$(VPY) -m bench.bench_bot_start $(BOT_START_ARGS)

bench-tap: runtime $(VENV_STAMP) chromium
	$(VPY) -m bench.bench_tap

bench-devices: runtime $(VENV_STAMP) chromium
	$(VPY) -m bench.bench_devices

audit: runtime chromium $(LIGHTHOUSE_STAMP)
	$(PYTHON) -m tools.audit $(AUDIT_ARGS)

# make test plays fewer random games in the engines' own tests; the soak plays the large counts.
SOAK_COUNTS := FENDO_RANDOM_GAMES=1000 RENARD_RANDOM_GAMES=2000 FENNECS_RANDOM_GAMES=1000 FOWL_RANDOM_GAMES=100

soak: $(VENV_STAMP)
	$(SOAK_COUNTS) $(PYTEST) $(PARALLEL) -q -k random_games tests/test_fendo.py \
	  tests/test_renard_des_bois.py tests/test_fennecs.py tests/test_fowl_play.py tests/test_onexeno.py
	$(VPY) -m tools.soak $(SOAK_ARGS)
	$(VPY) -m tools.fuzz_app $(FUZZ_ARGS)
	$(VPY) tests/test_hosting_fuzz.py $(FUZZ_HOSTING_ARGS)
	$(VPY) tests/test_guest_fuzz.py $(FUZZ_GUEST_ARGS)

bench: runtime $(VENV_STAMP) chromium engines
	$(VPY) -m bench.bench_all $(BENCH_ARGS)

ladder:
	$(PYTHON) -m bench.ladder $(LADDER_ARGS)

soak-bots: runtime
	node tools/pyodide_run.mjs . bench/soak_bots.py $(SOAK_BOTS_ARGS)

# -- cleaning ---------------------------------------------------------------------------

clean:
	rm -rf assets/runtime build test-results .pytest_cache
	find . -name __pycache__ -type d -not -path './node_modules/*' -not -path './$(VENV)/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf node_modules $(VENV)
