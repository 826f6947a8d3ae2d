# Build/test harness for the edge.platform collection (GNU make).
# `make test` is what CI runs (via .ci/run) on a fresh clone: it creates its own virtualenv from
# tests/requirements-dev.txt, copies the collection into an ansible_collections/ tree and runs
# ansible-lint, antsibull-docs lint, sanity, units, integration, the changelog and tarball checks and the
# version matrix. The stages run side by side on JOBS slots (default: one per CPU plus one), each slot
# in its own copy of the collection; every job's output is printed when it ends (all of it is kept in
# .build/logs), the summary shows each stage's wall and CPU time. After a failure no further stage starts.
# JOBS=1 runs one job at a time with live output.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV ?= .venv
BUILD := .build
# ansible-test and ansible-lint need the collection inside <root>/ansible_collections/<ns>/<name>.
COLLECTIONS := $(BUILD)/collections
TREE := $(COLLECTIONS)/ansible_collections/edge/platform

# python3.11 first (the version CI and the pins are tested with); else python3 if it is 3.11 or newer.
# ansible-test runs with --python <the venv's version>. `command -v` alone is not enough: a pyenv
# shim for an inactive version exists but exits 127, hence the version probe.
ifndef PYTHON
PYTHON := $(shell for p in python3.11 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { command -v $$p; break; }; done)
endif

VPY := $(VENV)/bin/python
REQUIREMENTS := tests/requirements-dev.txt
SUITE := $(VPY) tests/utils/run_suite.py
# Slots for side-by-side jobs (run_suite.py reads JOBS from the environment).
export JOBS
# `make demo` needs only ansible-core and requests: its own small venv, not the development toolchain.
DEMO_VENV ?= .venv-demo
DEMO_REQUIREMENTS := tests/requirements-demo.txt

.PHONY: help venv demo-venv collection lint docs-lint sanity units integration changelog tarball matrix test demo \
	bench bench-quick build format clean distclean

# $(call make-venv,VENV,REQUIREMENTS): create VENV with $(PYTHON) and install REQUIREMENTS. The stamp holds
# the sha256 of the requirements file the venv was built from: re-install only when its content changes
# (mtimes are meaningless on a fresh clone).
define make-venv
	@test -n "$(PYTHON)" || { echo "error: need python3.11 (or python3 >= 3.11) on PATH" >&2; exit 1; }
	@want=$$(sha256sum $(2) | cut -d' ' -f1); \
	if [ -x $(1)/bin/python ] && [ "$$(cat $(1)/.requirements.sha256 2>/dev/null)" = "$$want" ]; then exit 0; fi; \
	set -e; \
	echo "Creating $(1) with $(PYTHON) from $(2)"; \
	[ -x $(1)/bin/python ] || $(PYTHON) -m venv $(1); \
	$(1)/bin/python -m pip install --quiet --disable-pip-version-check -r $(2); \
	echo "$$want" > $(1)/.requirements.sha256
endef

help:
	@echo "make test         venv, collection, lint, docs-lint, sanity, units, integration, changelog, tarball,"
	@echo "                  matrix (what CI runs)"
	@echo "make demo         run playbooks/demo.yml twice against the emulator (second run: no change);"
	@echo "                  needs only ansible-core and requests ($(DEMO_VENV))"
	@echo "make bench        requests per task, module-vs-uri ratios, a 50 ms network (TLS proxy), database_query memory"
	@echo "make bench-quick  the same without the cases that take minutes each (about half an hour less)"
	@echo "                  (not part of test; BENCH_ARGS=\"--only network --rtt-ms 100\" passes options)"
	@echo "make build        ansible-galaxy collection build into $(BUILD)/dist (needs only ansible-core)"
	@echo "make format       rewrite the Python files with ruff's formatter and import order (the lint stage checks them)"
	@echo "make lint | docs-lint | sanity | units | integration | changelog | tarball | matrix   one stage"
	@echo "JOBS=N            side-by-side slots for test and the stages (default: CPUs + 1; 1 = live output)"
	@echo "TARGETS=\"a b\"     make integration runs only these targets (development)"
	@echo "make venv | collection | clean (keeps venvs) | distclean"

venv:
	$(call make-venv,$(VENV),$(REQUIREMENTS))

demo-venv:
	$(call make-venv,$(DEMO_VENV),$(DEMO_REQUIREMENTS))

# A copy, not a symlink: ansible-test resolves the real cwd and needs an ansible_collections parent.
collection:
	@$(or $(PYTHON),python3) tests/utils/sync_collection.py $(TREE)

lint: venv collection
	@$(SUITE) lint

# Rewrites the Python files as the lint stage wants them: ruff's formatter and import order (ruff.toml).
format: venv
	@$(VENV)/bin/ruff format . && $(VENV)/bin/ruff check --fix .

docs-lint: venv collection
	@$(SUITE) docs-lint

sanity: venv collection
	@$(SUITE) sanity

units: venv collection
	@$(SUITE) units

integration: venv collection
	@$(SUITE) integration

changelog: venv collection
	@$(SUITE) changelog

# Builds the tarball, checks its contents, installs it into an empty collections path and runs a user play.
tarball: venv collection
	@$(SUITE) tarball

# Units and an integration smoke on the oldest and newest ansible-core (venvs cached in $(BUILD)/matrix;
# built in the background while the other stages run).
matrix: venv collection
	@$(SUITE) matrix

# The summary line must appear even when the venv or the copy fails, so CI always sees counts. The matrix venvs are
# built beside the development venv (its pip install leaves the other core idle); the matrix stage finds them built.
test:
	@mkdir -p $(BUILD)/logs; matrix_venvs=; if [ -n "$(PYTHON)" ]; then \
	$(PYTHON) tests/utils/matrix.py venvs > $(BUILD)/logs/matrix-venvs.log 2>&1 & matrix_venvs=$$!; fi; \
	$(MAKE) --no-print-directory venv collection || { wait; echo "summary: 0 passed, 1 failed"; exit 1; }; \
	[ -z "$$matrix_venvs" ] || wait $$matrix_venvs || echo "the matrix venvs were not all built beside the venv: the matrix stage builds them"
	@$(SUITE) lint docs-lint sanity units integration changelog tarball matrix

demo: demo-venv collection
	@$(DEMO_VENV)/bin/python tests/utils/run_demo.py

bench: venv collection
	@$(VPY) tests/perf/run.py $(BENCH_ARGS)

bench-quick: venv collection
	@$(VPY) tests/perf/run.py --quick $(BENCH_ARGS)

# Building needs ansible-galaxy only, never the development toolchain: the development venv's when it exists,
# else the small demo venv (ansible-core and requests, seconds to create).
build: collection
	@mkdir -p $(BUILD)/dist
	@if [ -x $(VENV)/bin/ansible-galaxy ]; then galaxy=$(abspath $(VENV))/bin/ansible-galaxy; \
	else $(MAKE) --no-print-directory demo-venv && galaxy=$(abspath $(DEMO_VENV))/bin/ansible-galaxy; fi; \
	cd $(TREE) && $$galaxy collection build --force --output-path $(CURDIR)/$(BUILD)/dist

# Keeps the virtualenvs (.venv, .venv-demo, the matrix venvs and the sanity venvs under the ansible-test
# HOME): rebuilding those is most of a cold run. distclean removes them too.
clean:
	@if [ -d $(BUILD) ]; then find $(BUILD) -mindepth 1 -maxdepth 1 ! -name ansible-test-home ! -name matrix \
		-exec rm -rf {} +; fi
	rm -rf tests/output tests/integration/inventory

distclean: clean
	rm -rf $(BUILD) $(VENV) $(DEMO_VENV)
