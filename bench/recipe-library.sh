#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Recipe library import throughput (issue 25): generates a Paprika library of
# N recipes (default 500), each with realistic text (a dozen ingredient lines
# under two headings, eight steps, times, yield, categories, nutrition) and a
# main photo of about 150 KB that does not compress (plus a second photo on
# every fifth recipe), imports it with `forged import paprika` into a fresh
# state directory, and prints one line:
#   "N recipes, P photos, F MB file: S s, peak RSS R MB (target < 60 s, < 96 MB)"
# Elapsed time and the child's peak RSS (ru_maxrss) are measured by python3.
# Usage: bench/recipe-library.sh [N]   (BIN=path/to/forged, default the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-500}
BIN=${BIN:-.build/release/forged}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$BIN" ] || { echo "recipe-library: no binary at $BIN (make release)"; exit 1; }
command -v python3 >/dev/null || { echo "recipe-library: needs python3 (Debian package python3)"; exit 1; }

python3 - "$WORK/library.paprikarecipes" "$N" <<'PY'
import base64, gzip, json, os, random, sys, zipfile
path, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(25)
foods = ["onion", "garlic", "olive oil", "chickpeas", "red lentils", "tinned tomatoes", "basmati rice",
         "chicken thighs", "spinach", "butter", "plain flour", "eggs", "milk", "lemon", "cumin", "paprika"]
units = ["g", "tbsp", "tsp", "ml", "cups", ""]
def photo(size):
    return b"\xff\xd8\xff\xe0" + os.urandom(size)
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
    for i in range(n):
        lines = ["For the base:"] + [f"{rng.randint(1, 400)} {rng.choice(units)} {rng.choice(foods)}".replace("  ", " ")
                                    for _ in range(8)] + ["", "TO SERVE"] + [f"{rng.randint(1, 3)} {rng.choice(foods)}, chopped" for _ in range(4)]
        steps = "\n\n".join(f"{k + 1}. Cook the {rng.choice(foods)} over a medium heat, stirring, until golden "
                            f"and fragrant, about {rng.randint(2, 20)} minutes." for k in range(8))
        recipe = {
            "name": f"Bench Recipe {i:04d}", "ingredients": "\n".join(lines), "directions": steps,
            "servings": f"Serves {rng.randint(2, 8)}", "prep_time": f"{rng.randint(5, 40)} mins",
            "cook_time": f"{rng.randint(1, 2)} hr {rng.randint(0, 50)} mins", "total_time": "",
            "source_url": f"https://cook.example.org/recipes/{i}", "categories": ["Dinner", "Bench"],
            "nutritional_info": "Calories: 420\nProtein: 21g\nFat: 12g", "notes": "Keeps three days.",
            "description": "A generated recipe.", "photo_data": base64.b64encode(photo(150_000)).decode(),
            "photos": [{"name": "2", "data": base64.b64encode(photo(60_000)).decode()}] if i % 5 == 0 else [],
        }
        z.writestr(f"Bench Recipe {i:04d}.paprikarecipe", gzip.compress(json.dumps(recipe).encode()))
PY

STATE="$WORK/state"
printf 'bench-password-1234\n' | "$BIN" user add ada@example.org --name Ada --password-stdin \
  --state-dir "$STATE" --config /dev/null >/dev/null
python3 - "$BIN" "$STATE" "$WORK/library.paprikarecipes" "$N" <<'PY'
import os, resource, subprocess, sys, time, sqlite3
binary, state, library, n = sys.argv[1:5]
start = time.monotonic()
done = subprocess.run([binary, "import", "paprika", library, "--member", "ada@example.org",
                       "--state-dir", state, "--config", "/dev/null"], capture_output=True, text=True)
elapsed = time.monotonic() - start
if done.returncode != 0:
    sys.exit(f"recipe-library: forged import failed ({done.returncode}): {done.stderr.strip()}")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
db = sqlite3.connect(os.path.join(state, "forge.sqlite3"))
recipes = db.execute("SELECT COUNT(*) FROM recipes WHERE source = 'paprika'").fetchone()[0]
photos = db.execute("SELECT COUNT(*) FROM media").fetchone()[0]
size = os.path.getsize(library) / 1e6
print(f"{recipes} recipes, {photos} photos, {size:.0f} MB file: {elapsed:.1f} s, peak RSS {peak:.0f} MB "
      f"(target < 60 s, < 96 MB)")
if recipes != int(n):
    sys.exit(f"recipe-library: expected {n} recipes, found {recipes}")
PY
