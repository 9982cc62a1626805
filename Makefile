# Two commands for a newcomer: `make serve` and `make test`. Each installs what it needs.
SHELL := /bin/bash
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: serve site wheel browser test lint types workflows unit e2e e2e-long chaos bench bench-quick fuzz mutate mutate-quick clean messages

serve: site
	@echo "Serving _site/ at http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# --- installs ---------------------------------------------------------------
$(STAMPS)/venv: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/npm: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

# micropip and packaging for the Python people write (PyScript's packages), from PyPI,
# pinned by hash in web/python-wheels.txt; the build serves them beside Pyodide.
$(STAMPS)/pywheels: web/python-wheels.txt $(STAMPS)/venv
	rm -rf build/pywheels
	$(PY) -m pip download -q --require-hashes --no-deps --only-binary=:all: \
		--python-version 3.14 --implementation py --abi none --platform any \
		-r web/python-wheels.txt -d build/pywheels
	@mkdir -p $(STAMPS) && touch $@

# Lighthouse for the bench (bench/lighthouse.py), pinned in its own package: not in web/,
# so `make site` and the e2e suite do not install it.
$(STAMPS)/lighthouse: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

# The e2e browser: $$CHROMIUM, else a system Chromium/Chrome, else Debian's chromium on
# Debian, else Playwright's own (see e2e/browser.py).
ifdef BUILT # `make test`'s last steps, run side by side once e2e has built both (below)
browser:
else
browser: $(STAMPS)/venv
	$(PY) e2e/browser.py --ensure
endif

# --- languages (docs/languages.md) -----------------------------------------
# `make messages`: extract every marked message into the template and bring each
# language's catalogue up to date with it (new messages untranslated, gone ones dropped);
# a translator then fills them in. The catalogues compile (`.mo`, not in git) for the
# site, the CLI and the tests; the pseudo-locale en-XA is written from the template.
LOCALE := spygames/locale
LANGS := $(notdir $(wildcard $(LOCALE)/??))
POS := $(foreach l,$(LANGS),$(LOCALE)/$(l)/LC_MESSAGES/spygames.po)
MOS := $(POS:.po=.mo) $(LOCALE)/en_XA/LC_MESSAGES/spygames.mo
messages: $(STAMPS)/venv
	PYTHONPATH=web/tools $(VENV)/bin/pybabel -q extract -F babel.cfg -c translators: --add-location=file \
		--sort-by-file --no-wrap --project=spygames --copyright-holder="" \
		-o $(LOCALE)/spygames.pot .
	for l in $(LANGS); do $(VENV)/bin/pybabel -q update --no-wrap --no-fuzzy-matching \
		--ignore-obsolete --ignore-pot-creation-date -D spygames -d $(LOCALE) -l $$l \
		-i $(LOCALE)/spygames.pot; done
	$(MAKE) --no-print-directory mo

.PHONY: mo
mo: $(MOS)
$(LOCALE)/%/LC_MESSAGES/spygames.mo: $(LOCALE)/%/LC_MESSAGES/spygames.po $(STAMPS)/venv
	$(PY) web/tools/compile_mo.py $< $@
$(LOCALE)/en_XA/LC_MESSAGES/spygames.mo: $(LOCALE)/spygames.pot web/tools/pseudo.py $(STAMPS)/venv
	$(PY) web/tools/pseudo.py $< $@

# --- build ------------------------------------------------------------------
wheel: $(STAMPS)/venv
	rm -rf dist && $(PY) -m pip wheel -q --no-deps --no-build-isolation -w dist .

ifdef BUILT
site:
else
site: $(STAMPS)/venv $(STAMPS)/npm $(STAMPS)/pywheels wheel mo
	$(PY) web/tools/build_site.py
endif

# --- tests ------------------------------------------------------------------
lint: $(STAMPS)/venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

types: $(STAMPS)/venv
	$(VENV)/bin/mypy

# The workflows against GitHub's schema, then zizmor's audits (permissions, pinned actions,
# template injection, credentials, triggers...). --offline: the audits that ask GitHub's API
# are skipped (this must run where GitHub is unreachable); zizmor exits non-zero on a finding.
workflows: $(STAMPS)/venv
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
	$(VENV)/bin/zizmor --offline --quiet .

# pytest exits 5 when it collects nothing: that is a failure here, the suites exist.
# The unit tests run on every core (pytest-xdist; a worker takes the next test when it
# is free, so the long ones do not queue behind each other).
# npm: tests/site/test_packed.py runs the site's xz decoder (npm xzwasm's WebAssembly) under Node.
unit: $(STAMPS)/venv $(STAMPS)/npm mo
	$(PY) -m pytest tests spygames web/app/spyweb --doctest-modules -q -p no:cacheprovider -n auto --dist worksteal

# A file to a worker (a file's tests share its module fixtures), one worker more than
# cores: a test often waits (a bot's pace, a connection, a timer) and the extra worker
# fills that time (2 cores: 778 s against 820-842 s on two workers, docs/testing.md).
# The slowest tests are listed at the end, to see where the time goes.
E2E_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
# Screenshots for people to look at (e2e/screenshots/): `make e2e` takes them, `make test`
# (which looks at none) does not.
E2E_SHOTS ?= 1
e2e: site browser
	E2E_SHOTS=$(E2E_SHOTS) $(PY) -m pytest e2e -q -p no:cacheprovider -m "not long" -n $(E2E_WORKERS) --dist loadfile --no-loadscope-reorder --durations=15

# The e2e tests too long for `make test`, each the longer run of one that `make e2e` runs
# short (whole games, where `make e2e` plays an opening or a game's last turns from a
# share link; docs/testing.md lists them).
e2e-long: site browser
	$(PY) -m pytest e2e -q -p no:cacheprovider -m long -s

# An evening of chaos at a table played together (e2e/test_together_chaos.py): CHAOS_GAMES
# games of Espionage between a host and a friend on two browser contexts while pages
# reload, close, drop their connection, open an invitation twice and wander the site;
# CHAOS_SEED picks the fault schedule. Prints games, faults and moves checked. `make e2e`
# runs a short evening (two games).
CHAOS_GAMES ?= 6
CHAOS_SEED ?= 38
chaos: site browser
	CHAOS_GAMES=$(CHAOS_GAMES) CHAOS_SEED=$(CHAOS_SEED) $(PY) -m pytest e2e/test_together_chaos.py -q -p no:cacheprovider -m long -s

# The together e2e tests under load: STRESS_RUNS runs beside STRESS_LOOPS busy loops
# (e2e/stress.py), each run's outcome and load average printed; fails if any run failed.
STRESS_RUNS ?= 20
STRESS_LOOPS ?= 2
.PHONY: stress
stress: site browser
	$(PY) e2e/stress.py $(STRESS_RUNS) $(STRESS_LOOPS)

# The same site on the other engines (e2e/xbrowser): boots clean, a move in each game, a
# reload keeps the saves, an offline reload plays on; Firefox also joins a Chromium host's
# table as a friend and bids (together_firefox.py). Each installs its engine (Debian's
# firefox-esr; webkit2gtk-driver and xvfb) where missing. A missing engine is a failure on
# Debian and under CI ($CI set, e2e/xbrowser/conftest.py); elsewhere, on a system without
# those packages, the suite is skipped with the reason printed.
.PHONY: smoke-firefox smoke-webkit engines
engines: $(STAMPS)/venv browser
	$(PY) e2e/xbrowser/engines.py --ensure firefox
	$(PY) e2e/xbrowser/engines.py --ensure webkit

smoke-firefox: site browser
	$(PY) e2e/xbrowser/engines.py --ensure firefox
	$(PY) -m pytest e2e/xbrowser/smoke_firefox.py e2e/xbrowser/together_firefox.py -q -p no:cacheprovider

smoke-webkit: site
	$(PY) e2e/xbrowser/engines.py --ensure webkit
	$(PY) -m pytest e2e/xbrowser/smoke_webkit.py -q -p no:cacheprovider

# `make test` in three steps, each keeping both cores busy (docs/testing.md):
# 1. the unit suite (two workers) beside the rest of the set-up and the checks, one at a
#    time (-j2: lint, types, the workflows' audits, mutate-quick, the site's build and the
#    installs, each on one core; `engines` after `browser`: apt takes one install at a time);
# 2. e2e alone: its tests wait on bots' paces, timers and connections;
# 3. the smokes and bench-quick side by side (each keeps one core busy at most; make keeps
#    each one's output whole), the site and browser as the first step left them.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target unit lint types workflows \
		mutate-quick site engines $(STAMPS)/lighthouse
	$(MAKE) --no-print-directory BUILT=1 E2E_SHOTS=0 e2e
	$(MAKE) --no-print-directory -j3 --output-sync=target BUILT=1 smoke-firefox smoke-webkit bench-quick

clean:
	rm -rf _site dist build .cache $(STAMPS) _bench _mutate *.egg-info

bench: site browser $(STAMPS)/lighthouse
	$(PY) -m bench

# Every part of the bench once, with short games and no targets judged (a few minutes):
# in `make test` so that a bench whose scripted steps no longer work fails the build. Its
# parts run in two processes at once (nothing is timed against a target here).
bench-quick: site browser $(STAMPS)/lighthouse
	$(PY) -m bench --quick --jobs 2

# Random pressure beyond the test budget (not part of `make test`): FUZZ_GAMES random
# games per game (Deck of Spies; Espionage and SpyNet shared over 2-4 players) under the
# engine's invariants, FUZZ_INPUTS untrusted inputs, then the Hypothesis properties with
# the `fuzz` profile. Prints counts, games/s and any failing seed with its command.
FUZZ_JOBS ?= 2
FUZZ_GAMES ?= 100000
FUZZ_INPUTS ?= 100000
fuzz: $(STAMPS)/venv
	FUZZ_INPUTS=$(FUZZ_INPUTS) $(PY) -m pytest tests/web/test_untrusted_input.py -q -p no:cacheprovider -k generated
	$(PY) -m fuzz --games $(FUZZ_GAMES) --jobs $(FUZZ_JOBS)
	HYPOTHESIS_PROFILE=fuzz $(PY) -m pytest tests/engine/test_engine_properties.py -q -p no:cacheprovider

# Mutation testing (not part of `make test`, about 15 minutes on 2 cores): mutmut changes the
# rules, payment, scoring, record and web store one thing at a time and runs the tests that
# reach the change; prints each module's kill rate and the survivors (docs/testing.md).
# Fails when a module is under 90%. `mutate-quick`, in `make test`, mutates the record only.
mutate: $(STAMPS)/venv
	$(PY) -m mutate --jobs $(FUZZ_JOBS)

mutate-quick: $(STAMPS)/venv
	$(PY) -m mutate --quick
