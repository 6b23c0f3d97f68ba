#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds forged_<version>_<arch>.deb from the release binary with dpkg-deb.
# Usage: packaging/build-deb.sh [BINARY] (default .build/release/forged;
# `make deb` builds it first). Output: .build/deb/forged_<version>_<arch>.deb,
# its path printed on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build/release/forged}
[ -x "$binary" ] || { echo "build-deb: no release binary at $binary (run make release)" >&2; exit 1; }
version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
out=.build/deb
stage=$out/forged_${version}_${arch}
deb=$out/forged_${version}_${arch}.deb
# One package in .build/deb: callers glob forged_*.deb, and every build has its own version now.
rm -rf "$out"/forged_*
mkdir -p "$stage/DEBIAN"

# Files. The binary is stripped of debug symbols; its GNU build-id note (the
# build stamp in --version and /healthz) stays.
install -D -m 0755 "$binary" "$stage/usr/bin/forged"
strip --strip-unneeded --remove-section=.comment "$stage/usr/bin/forged"
install -D -m 0644 systemd/forged.service "$stage/usr/lib/systemd/system/forged.service"
install -D -m 0644 systemd/forged.socket "$stage/usr/lib/systemd/system/forged.socket"
install -D -m 0644 systemd/forged-events.socket "$stage/usr/lib/systemd/system/forged-events.socket"
install -D -m 0644 systemd/user/forged-notify-desktop.service "$stage/usr/lib/systemd/user/forged-notify-desktop.service"
install -D -m 0644 systemd/sysusers.d/forged.conf "$stage/usr/lib/sysusers.d/forged.conf"
install -D -m 0644 systemd/tmpfiles.d/forged.conf "$stage/usr/lib/tmpfiles.d/forged.conf"
install -D -m 0644 systemd/catalog/forged.catalog "$stage/usr/lib/systemd/catalog/forged.catalog"
install -D -m 0644 packaging/forged.conf "$stage/etc/forge/forged.conf"
install -D -m 0644 packaging/debian/copyright "$stage/usr/share/doc/forged/copyright"
install -D -m 0644 README.md "$stage/usr/share/doc/forged/README.md"
install -D -m 0644 packaging/examples/Caddyfile "$stage/usr/share/doc/forged/examples/Caddyfile"
install -D -m 0644 packaging/examples/nginx-forged.conf "$stage/usr/share/doc/forged/examples/nginx-forged.conf"
# Backups off the box (README.md): a NAS share's .mount unit and forged.service drop-in, rclone configs.
install -D -m 0644 packaging/examples/backup-nas.mount "$stage/usr/share/doc/forged/examples/backup-nas.mount"
install -D -m 0644 packaging/examples/backup-nas.conf "$stage/usr/share/doc/forged/examples/backup-nas.conf"
install -D -m 0644 packaging/examples/rclone-s3.conf "$stage/usr/share/doc/forged/examples/rclone-s3.conf"
install -D -m 0644 packaging/examples/rclone-nextcloud.conf "$stage/usr/share/doc/forged/examples/rclone-nextcloud.conf"
# The README's links are relative (docs/…): the docs tree ships beside it so
# every link resolves in the installed package (check-installed.sh checks).
for doc in docs/*.md docs/screenshots/*.png; do
    install -D -m 0644 "$doc" "$stage/usr/share/doc/forged/$doc"
done
# free-exercise-db's photos of the library's exercises (public domain), imported at first start.
for file in $(cd packaging && find free-exercise-db -type f | LC_ALL=C sort); do
    install -D -m 0644 "packaging/$file" "$stage/usr/share/forged/$file"
done
install -d "$stage/usr/share/man/man8"
gzip -9n < packaging/forged.8 > "$stage/usr/share/man/man8/forged.8.gz"
chmod 0644 "$stage/usr/share/man/man8/forged.8.gz"
# The repository's changelog (packaging/changelog: its first entry is the
# release, tools/version.sh); a build from git after it (VERSION+gitN) gets an
# entry of its own on top, so the package's changelog starts at its version.
release=$(sed -n '1s/^forged (\([^)]*\)).*/\1/p' packaging/changelog)
{
    if [ "$version" != "$release" ]; then
        echo "forged ($version) unstable; urgency=medium"
        echo
        echo "  * Built from git, ${version#"$release"+git} commits after release $release."
        echo
        echo " -- Forge maintainers <maintainers@users.noreply.a-seed-a95c6c94.example>  $(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")"
        echo
    fi
    cat packaging/changelog
} | gzip -9n > "$stage/usr/share/doc/forged/changelog.gz"
chmod 0644 "$stage/usr/share/doc/forged/changelog.gz"
for script in postinst prerm postrm; do
    install -m 0755 "packaging/debian/$script" "$stage/DEBIAN/$script"
done
echo /etc/forge/forged.conf > "$stage/DEBIAN/conffiles"

# Runtime libraries with the versions the binary needs (dpkg-shlibdeps wants
# a debian/control; a minimal one in a scratch directory does).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: forged\n\nPackage: forged\nArchitecture: any\n' > "$scratch/debian/control"
shlibs=$(cd "$scratch" && dpkg-shlibdeps -O "$OLDPWD/$stage/usr/bin/forged" | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "build-deb: dpkg-shlibdeps found no libraries" >&2; exit 1; }

installed_size=$(du -k -s --exclude=DEBIAN "$stage" | cut -f1)
# Depends: beyond $shlibs, the libraries forged dlopen's on first use, which
# dpkg-shlibdeps cannot see, named by hand: libcurl (Sources/CCurl/shim.h;
# 7.85 for CURLOPT_PROTOCOLS_STR and curl_easy_header), libxml2 (the GPX/TCX
# reader, Sources/CLibXML2/shim.h), libarchive (zip and gzip uploads,
# Sources/CArchive/shim.h; 3.4 or later) and libpq (import forge-server --from
# postgresql://, Sources/CLibPQ/shim.h).
cat > "$stage/DEBIAN/control" <<CONTROL
Package: forged
Version: $version
Architecture: $arch
Maintainer: Forge maintainers <maintainers@users.noreply.a-seed-a95c6c94.example>
Installed-Size: $installed_size
Depends: $shlibs, tzdata, procps, libcurl3-gnutls (>= 7.85.0), libxml2, libarchive13 (>= 3.4.0), libpq5
Recommends: systemd, rclone
Section: net
Priority: optional
Description: Forge household server (training and cooking)
 forged is the Forge household server: the HTTP API the Forge app and
 household scripts use for training plans, sessions, recipes, the shared
 food week and the meal log, with cook timers, a kitchen display, backups
 and systemd integration (socket activation, watchdog, journald).
CONTROL
(cd "$stage" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"

dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
