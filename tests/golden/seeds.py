#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The seeders' golden comparison: two forged binaries seed the same data.

Usage: seeds.py BEFORE AFTER [--keep DIR] [--datasets demo,heavy]

golden.py seeds once with BEFORE, so it compares the routes, not the seeders.
This seeds with EACH binary, the clock frozen at the same instant (golden.py's
seed: the member seats, the demo seat with its generated year, a kitchen
display, an MCP OAuth grant; then `forged bench-fill` for the heavy household)
and compares the two databases row by row: every table, rows in insertion
order (rowid), every value (where a migration between the two builds added
columns, the shared columns, and the added ones are named). Ids are random (`Identifier.make()`), so each
32-hex-digit id becomes <id-N>, numbered by first appearance in that walk:
the same rows linked the same way number alike. Secrets drawn at random
(password hashes, tokens, OAuth codes, session keys: columns named *token*,
*hash*, *secret*, *code*, *key*) become <secret>, and each binary's work
directory (the backup ledger names files by path) <work>. Nothing else is touched.
Exit status 0 when the databases agree.
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden  # noqa: E402

ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")
SECRET = re.compile(r"token|hash|secret|code|key", re.I)


def dump(path, work):
    """{table: [normalised row, ...]} of the database at `path` (seeded under `work`)."""
    db = sqlite3.connect(path)
    numbers = {}

    def canon(value):
        if isinstance(value, bytes):
            value = value.hex()
        if not isinstance(value, str):
            return value
        value = value.replace(work, "<work>")
        return ID.sub(lambda m: numbers.setdefault(m.group(0), f"<id-{len(numbers) + 1}>"), value)

    tables = sorted(r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
    out = {}
    for table in tables:
        columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
        try:
            rows = db.execute(f'SELECT * FROM "{table}" ORDER BY rowid').fetchall()
            ordered = True
        except sqlite3.OperationalError:  # WITHOUT ROWID: compared as a sorted multiset
            rows = db.execute(f'SELECT * FROM "{table}"').fetchall()
            ordered = False
        normal = []
        for row in rows:
            normal.append(tuple("<secret>" if SECRET.search(c) and v is not None else canon(v)
                                for c, v in zip(columns, row)))
        out[table] = (columns, normal if ordered else sorted(normal, key=repr))
    db.close()
    return out


def seeded(binary, work, heavy):
    os.makedirs(work)
    demo, _ = golden.seed(binary, work)
    paths = {"demo": os.path.join(demo, "forge.sqlite3")}
    if heavy:
        state = os.path.join(work, "seed-heavy")
        shutil.copytree(demo, state)
        command, env = golden.frozen([binary, "bench-fill", "--state-dir", state, "--config", "/dev/null"],
                                     state + ".clock")
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        paths["heavy"] = os.path.join(state, "forge.sqlite3")
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--keep", help="keep the work directory here")
    parser.add_argument("--datasets", default="demo,heavy")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="forge-seeds.")
    heavy = "heavy" in args.datasets.split(",")
    differing = 0
    try:
        a = seeded(os.path.abspath(args.before), os.path.join(work, "before"), heavy)
        b = seeded(os.path.abspath(args.after), os.path.join(work, "after"), heavy)
        for name in a:
            da, db_ = dump(a[name], os.path.join(work, "before")), dump(b[name], os.path.join(work, "after"))
            rows = sum(len(r) for _, r in da.values())
            diffs, notes = [], []
            for table in sorted(set(da) | set(db_)):
                if table not in da or table not in db_:
                    diffs.append(f"  table {table} only in {'after' if table in db_ else 'before'}")
                    continue
                (ca, ra), (cb, rb) = da[table], db_[table]
                if ca != cb:
                    # A migration between the builds added or dropped columns: compare the shared ones.
                    only = [c for c in ca if c not in cb], [c for c in cb if c not in ca]
                    notes.append(f"  {table}: columns only before {only[0]}, only after {only[1]}; "
                                 "the shared columns compared")
                    ia, ib = [ca.index(c) for c in ca if c in cb], [cb.index(c) for c in ca if c in cb]
                    ra, rb = [tuple(r[i] for i in ia) for r in ra], [tuple(r[i] for i in ib) for r in rb]
                if ra != rb:
                    at = next((i for i, (x, y) in enumerate(zip(ra, rb)) if x != y), min(len(ra), len(rb)))
                    diffs.append(f"  {table}: {len(ra)} vs {len(rb)} rows, first difference at row {at}:\n"
                                 f"    before: {str(ra[at] if at < len(ra) else None)[:400]}\n"
                                 f"    after:  {str(rb[at] if at < len(rb) else None)[:400]}")
            differing += len(diffs)
            print(f"== seeds {name}: {len(da)} tables, {rows} rows compared; {len(diffs)} tables differ")
            for line in notes + diffs:
                print(line)
        return 0 if differing == 0 else 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
