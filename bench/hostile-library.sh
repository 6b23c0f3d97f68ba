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
# Then the real exports in ../shared/data/movein (MOVEIN=dir) imported RUNS times each
# (default 5), alternating with BASE (a forged built before issue 40's caps, when set),
# one line per sample: median CPU and peak RSS of each binary and BIN/BASE's CPU ratio.
# Usage: bench/hostile-library.sh   (BIN=path/to/forged, default the release build;
#        BASE=path/to/older/forged; RUNS=5)
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
# Just under the 32 MiB document cap (30 MiB as JSON): one recipe whose notes are one 28 MiB string, parsed, then refused.
with zipfile.ZipFile(f"{work}/paprika-28MiB.paprikarecipes", "w", zipfile.ZIP_DEFLATED) as z:
    recipe = {"name": "Long notes", "ingredients": "1 egg", "directions": "Cook.", "notes": text[: 28 << 20]}
    z.writestr("Long.paprikarecipe", gzip.compress(json.dumps(recipe).encode()))
# Just under the value and document caps: a Mealie backup whose database.json is 990,000 short strings.
items = ",".join('"%s"' % "".join(rng.choice("abcdefghijklmnop") for _ in range(28)) for _ in range(990_000))
with zipfile.ZipFile(f"{work}/mealie-strings.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("database.json", '{"recipes": [' + items + "]}")
# Small objects, the costliest value for their bytes: [{"k0000001": 0}, ...], 400,000 of them.
objects = ",".join('{"k%07d": 0}' % i for i in range(400_000))
with zipfile.ZipFile(f"{work}/mealie-objects.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("database.json", '{"recipes": [' + objects + "]}")
# One object of 700,000 keys.
keys = ",".join('"k%07d": null' % i for i in range(700_000))
with zipfile.ZipFile(f"{work}/mealie-keys.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("database.json", '{"recipes": {' + keys + "}}")
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
run("paprika-28MiB-notes", "paprika", f"{work}/paprika-28MiB.paprikarecipes")
run("mealie-990k-strings", "mealie", f"{work}/mealie-strings.zip")
run("mealie-400k-objects", "mealie", f"{work}/mealie-objects.zip")
run("mealie-700k-keys", "mealie", f"{work}/mealie-keys.zip")
PY
MOVEIN=${MOVEIN:-../shared/data/movein}
if [ -d "$MOVEIN" ]; then
  echo "real exports in $MOVEIN (median of ${RUNS:-5} runs each):"
  python3 - "$BIN" "${BASE:-}" "$WORK" "$MOVEIN" "${RUNS:-5}" <<'PY'
import os, statistics, subprocess, sys
binary, base, work, movein, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
samples = [("strong", "strong/DaKheera47__strong-statistics__sample_strong.csv"),
           ("strong", "strong/ys-math__strength-training__strong_workouts.csv"),
           ("hevy", "hevy/DaKheera47__strong-statistics__sample_hevy.csv"),
           ("apple-health", "apple-health/dogsheep__healthkit-to-sqlite__export.xml"),
           ("paprika", "paprika/swizzlevixen__Recipes__My Recipes.paprikarecipes")]
def once(forged, kind, path, n):
    state = f"{work}/movein-{os.path.basename(forged)}-{n}"
    subprocess.run([forged, "user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--unit", "kg",
                    "--state-dir", state, "--config", "/dev/null"], input="bench-password-1234\n",
                   capture_output=True, text=True, check=True)
    child = subprocess.Popen([forged, "import", kind, path, "--member", "ada@example.org", "--state-dir", state,
                              "--config", "/dev/null"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    subprocess.run(["rm", "-rf", state])
    return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
binaries = [("now", binary)] + ([("base", base)] if base else [])
n = 0
for kind, name in samples:
    path = f"{movein}/{name}"
    got = {label: [] for label, _ in binaries}
    for _ in range(runs):
        for label, forged in binaries:
            n += 1
            got[label].append(once(forged, kind, path, n))
    parts = []
    for label, _ in binaries:
        codes = sorted({r[0] for r in got[label]})
        cpu = statistics.median(r[1] for r in got[label])
        rss = statistics.median(r[2] for r in got[label])
        parts.append(f"{label} exit {','.join(map(str, codes))} CPU {cpu:.3f} s RSS {rss:.0f} MB")
    ratio = ""
    if base:
        now = statistics.median(r[1] for r in got["now"])
        before = statistics.median(r[1] for r in got["base"])
        ratio = f"; CPU now/base {now / before:.2f}x"
    print(f"{kind} {os.path.basename(name)}: " + "; ".join(parts) + ratio)
PY
else
  echo "no real exports at $MOVEIN (set MOVEIN=dir)"
fi
echo "real-shaped library for comparison:"
BIN="$BIN" bench/recipe-library.sh 100
