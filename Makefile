# SPDX-License-Identifier: Apache-2.0
# forged — build, run and test. Every target installs missing Debian build
# dependencies first (needs root or sudo; a no-op when they are present).

SWIFT       ?= swift
STATE_DIR   ?= ./var
LISTEN      ?= 127.0.0.1:8080
# More `serve` flags for `make run`, e.g. ARGS=--allow-private-fetch.
ARGS        ?=
RELEASE_BIN := .build/release/forged
DEB_DEPS    := libsqlite3-dev libmicrohttpd-dev libgnutls28-dev libsodium-dev libcurl4-gnutls-dev libcurl3-gnutls libxml2-dev pkg-config tzdata
DEB_DEPS    += libsystemd-dev systemd dpkg-dev binutils

.PHONY: all deps build release run test test-unit clean bench order-file
.PHONY: deb

all: build

deps:
	@missing=""; for p in $(DEB_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

run: release
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
test: release
	FORGED_RELEASE_BINARY=$(abspath $(RELEASE_BIN)) $(SWIFT) test --no-parallel

clean:
	rm -rf .build

# Regenerates packaging/forged.order, the release link's function order (needs valgrind).
order-file: release
	packaging/order-file.sh $(RELEASE_BIN)
	rm -f $(RELEASE_BIN)  # SwiftPM does not relink when only the order file changed
	$(MAKE) release

bench: release
	bench/today.sh
	BIN=$(RELEASE_BIN) bench/scale.sh

# Debian package from the release build: .build/deb/forged_<version>_<arch>.deb
# (packaging/build-deb.sh; lintian checks it: a missing lintian fails the target, never a silent skip).
deb: release
	packaging/build-deb.sh $(RELEASE_BIN)
	@command -v lintian >/dev/null || { echo "lintian missing: apt install lintian" >&2; exit 1; }
	lintian --fail-on error .build/deb/forged_*.deb
