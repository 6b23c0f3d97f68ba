#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CI check of the Debian package on this machine: install it with dpkg -i,
# then check the installed binary answers --version, the installed units
# verify cleanly and rate at most 2.0, the forge user exists, and the daemon
# (started by hand as forge: CI has no running systemd) serves /healthz.
# Usage: packaging/check-installed.sh PATH.deb
set -euo pipefail
deb=${1:?usage: check-installed.sh PATH.deb}

dpkg -i "$deb"
version=$(/usr/bin/forged --version)
echo "installed: $version"
[[ $version == "forged "* ]] || { echo "check-installed: bad --version output" >&2; exit 1; }
getent passwd forge >/dev/null || { echo "check-installed: postinst did not create the forge user" >&2; exit 1; }
dpkg-query -W -f='${Conffiles}\n' forged | grep -q /etc/forge/forged.conf
man -w forged >/dev/null 2>&1 || [ -f /usr/share/man/man8/forged.8.gz ] || { echo "check-installed: no forged(8) man page" >&2; exit 1; }

# The shipped README's relative links (docs/…, images included) all resolve.
doc=/usr/share/doc/forged
links=$(grep -oE '\]\([^)#: ]+' "$doc/README.md" | sed 's/^](//' | sort -u)
[ -n "$links" ] || { echo "check-installed: the installed README links to nothing" >&2; exit 1; }
for link in $links; do
    [ -f "$doc/$link" ] || { echo "check-installed: README links to $link, which the package does not ship" >&2; exit 1; }
done
echo "README links: $(wc -w <<<"$links") files, all installed"

units=(/usr/lib/systemd/system/forged.service /usr/lib/systemd/system/forged.socket /usr/lib/systemd/system/forged-events.socket)
verify=$(systemd-analyze verify "${units[@]}" 2>&1) || true
[ -z "$verify" ] || { echo "check-installed: systemd-analyze verify: $verify" >&2; exit 1; }
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
verify=$(systemd-analyze verify --user /usr/lib/systemd/user/forged-notify-desktop.service 2>&1) || true
[ -z "$verify" ] || { echo "check-installed: systemd-analyze verify --user: $verify" >&2; exit 1; }
exposure=$(systemd-analyze security --offline=yes /usr/lib/systemd/system/forged.service | sed -n 's/.*Overall exposure level for forged.service: \([0-9.]*\).*/\1/p')
echo "exposure: $exposure"
awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 2.0) }' || { echo "check-installed: exposure $exposure > 2.0" >&2; exit 1; }

state=$(mktemp -d)
chown forge:forge "$state"
port=$(shuf -i 20000-59999 -n 1)
log=$(mktemp)
setpriv --reuid=forge --regid=forge --init-groups /usr/bin/forged serve --listen "127.0.0.1:$port" \
    --state-dir "$state" --config /etc/forge/forged.conf 2>"$log" &
pid=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
health=$(curl -fsS "http://127.0.0.1:$port/healthz")
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
echo "healthz: $health"
grep -q '"ok" *: *true' <<<"$health" || { echo "check-installed: /healthz did not answer ok" >&2; cat "$log" >&2; exit 1; }
[ "$status" = 0 ] || { echo "check-installed: forged exited $status after SIGTERM" >&2; cat "$log" >&2; exit 1; }
[ "$(stat -c %U "$state/forge.sqlite3")" = forge ] || { echo "check-installed: database not owned by forge" >&2; exit 1; }
rm -rf "$state" "$log"
echo "check-installed: ok"
