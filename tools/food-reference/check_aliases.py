#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks aliases.tsv against USDA SR28's food descriptions.

Usage: tools/food-reference/check_aliases.py FOOD_DES.txt [aliases.tsv]

FOOD_DES.txt is SR28's ASCII file (fields split by ^, text fields wrapped in
~, latin-1). aliases.tsv (default: the one beside this script) holds
`name<TAB>Long_Desc` lines; lines starting with `#` are comments. Prints every
name whose Long_Desc is not exactly an SR28 Long_Desc (and any malformed or
repeated name) and exits 1; otherwise prints how many entries resolved.
"""
import os, sys


def descriptions(path):
    with open(path, "rb") as fh:
        text = fh.read().decode("latin-1")
    out = set()
    for line in text.splitlines():
        if not line.strip():
            continue
        fields = [f[1:-1] if f.startswith("~") and f.endswith("~") else f for f in line.split("^")]
        out.add(fields[2])
    return out


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    known = descriptions(sys.argv[1])
    aliases = sys.argv[2] if len(sys.argv) == 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "aliases.tsv")
    problems, seen, resolved = [], {}, 0
    with open(aliases, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 2 or not parts[0].strip():
                problems.append(f"line {number}: not `name<TAB>Long_Desc`: {line!r}")
                continue
            name, desc = parts
            if name != " ".join(name.lower().split()):
                problems.append(f"line {number}: {name!r}: name is not lower case with single spaces")
            if name in seen:
                problems.append(f"line {number}: {name!r}: repeats line {seen[name]}")
            seen.setdefault(name, number)
            if desc not in known:
                problems.append(f"line {number}: {name!r}: not found in FOOD_DES.txt: {desc!r}")
                continue
            resolved += 1
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"{aliases}: {resolved} entries resolved")


if __name__ == "__main__":
    main()
