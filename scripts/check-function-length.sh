#!/usr/bin/env bash
# Checks that no function in lib/ or tools/ is over 150 lines, as lizard
# counts them (its "length" column: first to last line of the function).
# Functions in runtime/ are listed for information and do not fail the
# check. Exits 0 when none in lib/ or tools/ is over, 1 when some are, 2 when
# lizard is missing (`pip install lizard`).
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=150
source scripts/lib/lizard.sh check-function-length
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
"${lizard[@]}" --csv lib tools runtime >"$csv"
# The CSV's quoted fields (a function's signature) may hold commas, so parse
# it with a real CSV reader rather than by splitting on commas.
python3 - "$csv" "$LIMIT" <<'EOF'
import csv
import sys

path, limit = sys.argv[1], int(sys.argv[2])
over = {"checked": [], "runtime": []}
with open(path, newline="") as f:
    for row in csv.reader(f):
        # nloc, ccn, tokens, params, length, location, file, name, long name,
        # start, end
        if len(row) < 11 or not row[4].isdigit():
            continue
        length, file, name, start, end = int(row[4]), row[6], row[7], row[9], row[10]
        if length <= limit:
            continue
        kind = "runtime" if file.startswith("runtime/") else "checked"
        over[kind].append((length, f"{file}:{start}-{end}", name))
for kind in over:
    over[kind].sort(key=lambda o: (-o[0], o[1]))
for length, where, name in over["checked"]:
    print(f"{length:5d}  {where}  {name}")
for length, where, name in over["runtime"]:
    print(f"{length:5d}  {where}  {name}  (runtime/, not checked)")
n = len(over["checked"])
if n:
    print(f"check-function-length: {n} function(s) in lib/ and tools/ over "
          f"{limit} lines; split them into helpers that each do one thing",
          file=sys.stderr)
    sys.exit(1)
print(f"check-function-length: no function in lib/ or tools/ over {limit} "
      f"lines ({len(over['runtime'])} in runtime/)")
EOF
