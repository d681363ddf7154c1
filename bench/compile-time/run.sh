#!/usr/bin/env bash
# Compile time of the zoo MLP and transformer training steps, old tofu-run
# (tofu-opt, mlir-translate, opt, llc and clang++ as processes, a generated
# C++ adapter) against new (everything up to the object file in process, a
# prebuilt main), side by side:
#
#   bench/compile-time/run.sh [--old DIR] [--new DIR] [--reps N] [--json FILE]
#
# DIR holds bin/{tofu-run,tofu-opt,tofu-jit,tofu-zoo} and lib/ (the build
# folder, or a copy; the old one defaults to /tmp/tofu-v2/baseline, where
# include/ holds the headers its generated adapter includes). Both compile the
# same steps: tofu-zoo and tofu-opt --tofu-autodiff of the OLD folder at the
# sizes of bench/zoo_steps.py (the perf MLP and transformer). Per step:
#   compile 1    tofu-run STEP --entry train_step --no-run
#   compile 2p   the same with --ranks 2 --partition (the plan search and the
#                SPMD program included)
#   tiny run     the step at test sizes (test/Integration/Run/partitioned-*.test), compiled
#                and run once on one rank (what a test pays)
# Each is the median wall time of --reps runs (default 5). Prints a table and
# writes bench/results/compile-time.json (or --json FILE).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
old=/tmp/tofu-v2/baseline
new=$root/build
reps=5
json=$root/bench/results/compile-time.json
while [ $# -gt 0 ]; do
  case $1 in
    --old) old=$2; shift 2 ;;
    --new) new=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    *) echo "usage: $0 [--old DIR] [--new DIR] [--reps N] [--json FILE]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, tofu-zoo family and sizes (perf: bench/zoo_steps.py; tiny: the tests).
steps="mlp|mlp|--layers 3 --hidden 768 --in 768 --classes 256 --batch 512
transformer|transformer|--layers 2 --hidden 256 --heads 4 --seq 128 --batch 4 --vocab 1024
mlp-tiny|mlp|--layers 2 --hidden 24 --batch 24
transformer-tiny|transformer|--layers 1 --hidden 24 --heads 2 --seq 4 --vocab 24 --batch 6"
while IFS='|' read -r name family sizes; do
  # shellcheck disable=SC2086
  "$old/bin/tofu-zoo" "$family" $sizes -o "$work/$name.mlir"
  "$old/bin/tofu-opt" --tofu-autodiff "$work/$name.mlir" -o "$work/$name-step.mlir"
done <<< "$steps"

# Seconds of one run of "$@"; "fail" (and its output on stderr) if it fails.
seconds() {
  local start end
  start=$(date +%s.%N)
  if ! "$@" > "$work/out.log" 2>&1; then
    echo "failed: $*" >&2
    tail -5 "$work/out.log" >&2
    echo fail
    return
  fi
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# Median over $reps runs, old and new interleaved so that both see the same
# machine load. CPATH: the old tofu-run's adapter includes headers that moved.
results=$work/results.txt
: > "$results"
measure() { # label step args...
  local label=$1 step=$2
  shift 2
  local o n
  for _ in $(seq "$reps"); do
    o=$(seconds env CPATH="$old/include" "$old/bin/tofu-run" "$work/$step-step.mlir" \
      --entry train_step "$@" --workdir "$work/old-$label")
    n=$(seconds "$new/bin/tofu-run" "$work/$step-step.mlir" --entry train_step "$@" \
      --workdir "$work/new-$label")
    echo "$label $step old $o" >> "$results"
    echo "$label $step new $n" >> "$results"
  done
}
for s in mlp transformer; do
  measure "compile-1" "$s" --no-run
  measure "compile-2p" "$s" --no-run --ranks 2 --partition
  measure "tiny-run" "$s-tiny" --seed 1
done

python3 - "$results" "$json" "$reps" "$old" "$new" <<'PY'
import json, statistics, sys
from collections import defaultdict
path, out, reps, old, new = sys.argv[1:]
times = defaultdict(list)
for line in open(path):
    label, step, which, t = line.split()
    if t != "fail":
        times[(step.replace("-tiny", ""), label, which)].append(float(t))
rows = []
for step in ("mlp", "transformer"):
    row = {"step": step}
    for label in ("compile-1", "compile-2p", "tiny-run"):
        o, n = (times[(step, label, w)] for w in ("old", "new"))
        if not o or not n:  # failed every time: no number
            row[label] = {"old_s": None, "new_s": None, "new_over_old": None}
            continue
        o, n = statistics.median(o), statistics.median(n)
        row[label] = {"old_s": round(o, 3), "new_s": round(n, 3), "new_over_old": round(n / o, 3),
                      "old_all": times[(step, label, "old")], "new_all": times[(step, label, "new")]}
    rows.append(row)
print(f"median of {reps} runs (s); ratio = new / old")
print(f"{'step':<13}" + "".join(f"{h:>30}" for h in ("compile, 1 rank", "compile, 2 ranks partitioned", "tiny step, compile + run")))
print(f"{'':<13}" + "".join(f"{'old':>10}{'new':>10}{'ratio':>10}" for _ in range(3)))
def cells(c):
    if c["old_s"] is None:
        return f"{'failed':>30}"
    return f"{c['old_s']:>10.2f}{c['new_s']:>10.2f}{c['new_over_old']:>10.2f}"
for r in rows:
    print(f"{r['step']:<13}" + "".join(cells(r[l]) for l in ("compile-1", "compile-2p", "tiny-run")))
with open(out, "w") as f:
    json.dump({"reps": int(reps), "old": old, "new": new, "rows": rows}, f, indent=1)
    f.write("\n")
print(f"wrote {out}")
PY
