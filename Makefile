# SPDX-License-Identifier: Apache-2.0
# forged — build, run and test. Every target installs missing Debian
# packages first (packaging/debian-packages.txt; needs root or sudo; a no-op
# when they are present); `make test` also sets up the Python tools its tests
# drive (tests/python-requirements.txt in .build/mcp-venv) and the original
# Forge server's venv for the round trip (tests/forge-server/original-requirements.txt
# in .build/original-venv).

SWIFT       ?= swift
STATE_DIR   ?= ./var
LISTEN      ?= 127.0.0.1:8080
# More `serve` flags for `make run`, e.g. ARGS=--allow-private-fetch.
ARGS        ?=
RELEASE_BIN := .build/release/forged
# The groups of packaging/debian-packages.txt that `make deps` installs
# (.ci/run adds `ci` with `make deps DEP_GROUPS=ci`).
DEP_GROUPS  ?= build test
DEB_DEPS    := $(shell awk -v groups="$(DEP_GROUPS)" 'BEGIN { n = split(groups, g, " "); for (i = 1; i <= n; i++) want[g[i]] = 1 } \
                 /^[a-z]/ && ($$1 in want) { print $$2 }' packaging/debian-packages.txt)
# The Python tools the tests drive, in a venv of Debian's python3.
PYTHON3     ?= /usr/bin/python3
PY_VENV     := .build/mcp-venv
PY_REQS     := tests/python-requirements.txt
# The original Forge server's own requirements, pinned (tests/forge-server/roundtrip.py runs it).
ORIG_VENV   := .build/original-venv
ORIG_REQS   := tests/forge-server/original-requirements.txt

.PHONY: all deps python-tools build release run test test-unit clean bench order-file
.PHONY: deb golden food-reference

all: build

deps:
	@missing=""; for p in $(DEB_DEPS); do dpkg-query -W -f '$${Status}' $$p 2>/dev/null | grep -q ' installed$$' || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# .build/mcp-venv with tests/python-requirements.txt (pinned), and
# .build/original-venv with the original server's pinned requirements, each
# redone when its file changes.
python-tools: $(PY_VENV)/.installed $(ORIG_VENV)/.installed
$(PY_VENV)/.installed: $(PY_REQS) | deps
	$(PYTHON3) -m venv $(PY_VENV)
	$(PY_VENV)/bin/pip install -q --disable-pip-version-check -r $(PY_REQS)
	touch $@
$(ORIG_VENV)/.installed: $(ORIG_REQS) | deps
	$(PYTHON3) -m venv $(ORIG_VENV)
	$(ORIG_VENV)/bin/pip install -q --disable-pip-version-check -r $(ORIG_REQS)
	touch $@

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

# The exercise photos the package installs, found beside the binary (ShippedExerciseMedia): linked
# for `make run`, and unlinked for the tests, which run the release binary on bare state directories.
MEDIA_LINK = $$(dirname $$(readlink -f $(RELEASE_BIN)))/free-exercise-db

run: release
	ln -sfn $(CURDIR)/packaging/free-exercise-db $(MEDIA_LINK)
	@echo ""
	@echo "forged is starting on http://$(LISTEN) (state in $(STATE_DIR), dev sign-in on)."
	@echo "Sign in and read today's plan with curl:"
	@echo "  curl -s -c /tmp/forge.cookies -H 'Content-Type: application/json' -d '{\"email\":\"ada@example.org\"}' http://$(LISTEN)/auth/dev"
	@echo "  curl -s -b /tmp/forge.cookies 'http://$(LISTEN)/api/today?date=2026-07-20'"
	@echo "  curl -s -b /tmp/forge.cookies 'http://$(LISTEN)/api/food/week?date=2026-07-20'"
	@echo ""
	@echo "Kitchen display: $(RELEASE_BIN) display pair --name Kitchen --state-dir $(STATE_DIR) --listen $(LISTEN) (it prints http://$(LISTEN)/kitchen/pair)"
	@echo "Event socket:    $(RELEASE_BIN) notify tail --runtime-dir $(STATE_DIR)/run"
	@echo ""
	$(RELEASE_BIN) serve --listen $(LISTEN) --state-dir $(STATE_DIR) --runtime-dir $(STATE_DIR)/run --dev-auth \
	  --allowed-users "ada@example.org:Ada,ben@example.org:Ben" $(ARGS)

# The release binary is built first: some integration tests run it as shipped.
# Tests run one at a time: many of them block on child processes, and on a
# 2-core machine parallel tests starve Swift's cooperative thread pool.
test: release python-tools
	rm -f $(MEDIA_LINK)
	FORGED_RELEASE_BINARY=$(abspath $(RELEASE_BIN)) $(SWIFT) test --no-parallel

clean:
	rm -rf .build

# Regenerates the food reference (Sources/ForgeCook/Assets/food_reference.tsv) from USDA SR28, pinned by
# version and SHA256 in tools/food-reference/generate.py, and tools/food-reference/aliases.tsv.
food-reference:
	$(PYTHON3) tools/food-reference/generate.py

# Regenerates packaging/forged.order, the release link's function order (needs valgrind).
order-file: release
	packaging/order-file.sh $(RELEASE_BIN)
	rm -f $(RELEASE_BIN)  # SwiftPM does not relink when only the order file changed
	$(MAKE) release

# The golden comparison of two builds (docs/golden.md): BEFORE and AFTER are
# forged binaries or git revisions (built in a clone under /tmp), e.g.
# make golden BEFORE=f5fba09 [AFTER=.build/release/forged]
BEFORE      ?= f5fba09
golden: release
	$(MAKE) deps DEP_GROUPS=golden
	tests/golden/run.sh $(BEFORE) $(if $(AFTER),$(AFTER),$(RELEASE_BIN))

bench: release
	bench/today.sh
	BIN=$(RELEASE_BIN) bench/scale.sh

# Debian package from the release build: .build/deb/forged_<version>_<arch>.deb
# (packaging/build-deb.sh; lintian checks it: a missing lintian fails the target, never a silent skip).
deb: release
	packaging/build-deb.sh $(RELEASE_BIN)
	@command -v lintian >/dev/null || { echo "lintian missing: apt install lintian" >&2; exit 1; }
	lintian --fail-on error .build/deb/forged_*.deb
