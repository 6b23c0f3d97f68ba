#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What one hostile recipe library costs (issue 40, items 4 and 5): peak RSS and
# CPU seconds of `forged import` on
#   - a Mealie v1 backup whose database.json holds 60 MB of one-digit numbers
#     (random, so it compresses about 4:1 and passes the bomb guard), and
#   - a Paprika export of one recipe whose `ingredients` is 60 MiB of text;
# and, for comparison, a real-shaped Paprika library (bench/recipe-library.sh's
# generator, 100 recipes). One line per input:
#   "NAME: F MB file, exit E, S s, CPU C s, peak RSS R MB: <last line of stderr>"
# Peak RSS (ru_maxrss) and CPU (user + system) of the child are measured by python3.
# Usage: bench/hostile-library.sh   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/forged}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$BIN" ] || { echo "hostile-library: no binary at $BIN (make release)"; exit 1; }
command -v python3 >/dev/null || { echo "hostile-library: needs python3 (Debian package python3)"; exit 1; }

python3 - "$WORK" <<'PY'
import gzip, json, random, sys, zipfile
work = sys.argv[1]
rng = random.Random(40)
digits = ",".join(str(rng.randint(0, 9)) for _ in range(30_000_000))
with zipfile.ZipFile(f"{work}/mealie-digits.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("database.json", '{"recipes": [' + digits + "]}")
words = ["onion", "garlic", "salt", "pepper", "oil", "butter", "flour", "egg"]
text = "\n".join(f"{rng.randint(1, 500)} g {rng.choice(words)}" for _ in range(6_000_000))[: 60 << 20]
with zipfile.ZipFile(f"{work}/paprika-field.paprikarecipes", "w", zipfile.ZIP_DEFLATED) as z:
    recipe = {"name": "Endless", "ingredients": text, "directions": "Cook."}
    z.writestr("Endless.paprikarecipe", gzip.compress(json.dumps(recipe).encode()))
PY

python3 - "$BIN" "$WORK" <<'PY'
import os, resource, subprocess, sys, time
binary, work = sys.argv[1:3]
def run(name, kind, path):
    state = f"{work}/state-{name}"
    subprocess.run([binary, "user", "add", "ada@example.org", "--name", "Ada", "--password-stdin",
                    "--state-dir", state, "--config", "/dev/null"], input="bench-password-1234\n",
                   capture_output=True, text=True, check=True)
    start = time.monotonic()
    with open(f"{state}.out", "w+") as out, open(f"{state}.err", "w+") as err:
        child = subprocess.Popen([binary, "import", kind, path, "--member", "ada@example.org", "--state-dir", state,
                                  "--config", "/dev/null"], stdout=out, stderr=err)
        # This child's own rusage (wait4): its peak RSS and CPU, not the largest of every child so far.
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        out, err = out.read(), err.read()
    child.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    last = (err.strip().splitlines() or out.strip().splitlines() or [""])[-1]
    print(f"{name}: {os.path.getsize(path) / 1e6:.1f} MB file, exit {child.returncode}, {elapsed:.1f} s, "
          f"CPU {cpu:.1f} s, peak RSS {usage.ru_maxrss / 1024:.0f} MB: {last[:160]}")
run("mealie-digits", "mealie", f"{work}/mealie-digits.zip")
run("paprika-60MiB-field", "paprika", f"{work}/paprika-field.paprikarecipes")
PY
echo "real-shaped library for comparison:"
BIN="$BIN" bench/recipe-library.sh 100
