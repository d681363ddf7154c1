#!/usr/bin/env bash
# Keeps files and functions from growing past the limits of docs/design.md
# ("Size limits"): no .cpp file in lib/, tools/ or runtime/ over 1,000
# lines, no function with cyclomatic complexity (lizard's CCN) over 40, at
# most 10 over 25. The tree is not there yet: scripts/size-baseline.txt
# lists what is over today, and this check fails when a listed file or
# function grows, when a file or function not listed goes over, or when more
# functions are over 25 than listed. Shrinking is always allowed; run with
# --update to write the smaller baseline.
#   scripts/check-size.sh            check (exit 1 on a violation)
#   scripts/check-size.sh --update   rewrite scripts/size-baseline.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/lizard.sh check-size
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
"${lizard[@]}" --csv lib tools runtime >"$csv"
python3 - "$csv" "${1:-}" <<'PY'
import csv
import os
import subprocess
import sys

FILE_LINES, CCN_MAX, CCN_HIGH, HIGH_ALLOWED = 1000, 40, 25, 10
BASELINE = "scripts/size-baseline.txt"
path, mode = sys.argv[1], sys.argv[2]

files = {}
for root in ("lib", "tools", "runtime"):
    for dirpath, _, names in os.walk(root):
        for name in names:
            if name.endswith(".cpp"):
                p = os.path.join(dirpath, name)
                with open(p, encoding="utf-8", errors="replace") as f:
                    files[p] = sum(1 for _ in f)
functions = {}
with open(path, newline="") as f:
    for row in csv.reader(f):
        # nloc, ccn, tokens, params, length, location, file, name, ...
        if len(row) < 11 or not row[1].isdigit():
            continue
        key = f"{row[6]}::{row[7]}"
        functions[key] = max(functions.get(key, 0), int(row[1]))

big_files = {p: n for p, n in files.items() if n > FILE_LINES}
complex_fns = {k: c for k, c in functions.items() if c > CCN_MAX}
high = sum(1 for c in functions.values() if c > CCN_HIGH)

if mode == "--update":
    with open(BASELINE, "w") as out:
        out.write("# What is over docs/design.md's size limits today; "
                  "scripts/check-size.sh\n# fails when any of it grows. "
                  "Regenerate with scripts/check-size.sh --update.\n")
        out.write(f"functions-over-{CCN_HIGH} {high}\n")
        for p, n in sorted(big_files.items()):
            out.write(f"file {p} {n}\n")
        for k, c in sorted(complex_fns.items()):
            out.write(f"function {k} {c}\n")
    print(f"check-size: wrote {BASELINE}")
    sys.exit(0)

allowed_files, allowed_fns, allowed_high = {}, {}, HIGH_ALLOWED
with open(BASELINE) as f:
    for line in f:
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] == f"functions-over-{CCN_HIGH}":
            allowed_high = int(parts[1])
        elif parts[0] == "file":
            allowed_files[parts[1]] = int(parts[2])
        elif parts[0] == "function":
            allowed_fns[" ".join(parts[1:-1])] = int(parts[-1])

bad = []
for p, n in sorted(big_files.items()):
    limit = allowed_files.get(p, FILE_LINES)
    if n > limit:
        bad.append(f"{p}: {n} lines, over {limit}"
                   + ("" if p in allowed_files else " (a new file over the limit)"))
for k, c in sorted(complex_fns.items()):
    limit = allowed_fns.get(k, CCN_MAX)
    if c > limit:
        bad.append(f"{k}: CCN {c}, over {limit}")
if high > max(allowed_high, HIGH_ALLOWED):
    bad.append(f"{high} functions have CCN over {CCN_HIGH}, more than the "
               f"{max(allowed_high, HIGH_ALLOWED)} of the baseline")
for b in bad:
    print(b)
if bad:
    print("check-size: split what grew (docs/design.md, 'Size limits')",
          file=sys.stderr)
    sys.exit(1)
print(f"check-size: {len(big_files)} files over {FILE_LINES} lines, "
      f"{len(complex_fns)} functions over CCN {CCN_MAX}, {high} over "
      f"{CCN_HIGH} (limits: 0, 0, {HIGH_ALLOWED}); none grew")
PY
