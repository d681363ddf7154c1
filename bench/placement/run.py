#!/usr/bin/env python3
"""Placement benchmark: every input of the authors' release (and synthetic
InceptionV3-like graphs past their DP's ideal cap) beside every baseline,
with the search seconds tofu-place reports.

usage: bench/placement/run.py [--build build] [--inputs ../shared/placement]
                              [--out bench/results/placement.json] [--quick]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

parser = argparse.ArgumentParser()
parser.add_argument("--build", default=os.path.join(ROOT, "build"))
parser.add_argument("--inputs", default=os.path.join(ROOT, "..", "shared", "placement"))
parser.add_argument("--out", default=os.path.join(ROOT, "bench", "results", "placement.json"))
parser.add_argument("--milp-seconds", type=float, default=10,
                    help="CBC time limit for the non-contiguous MILP (k = 4)")
parser.add_argument("--quick", action="store_true",
                    help="skip the 74k-ideal graph and the MILP runs")
args = parser.parse_args()

tool = os.path.join(args.build, "bin", "tofu-place")
STRATEGIES = ["optimal", "pipedream", "equal-compute", "round-robin", "single"]


def place(path, k, strategy, extra=()):
    cmd = [tool, path, "--accelerators=%d" % k, "--cpus=1",
           "--strategy=" + strategy] + list(extra)
    start = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - start
    if out.returncode != 0:
        return {"error": out.stderr.strip(), "wall": wall}
    r = json.loads(out.stdout)
    r["wall"] = wall
    return r


reference = {}
ref_path = os.path.join(args.inputs, "reference.json")
if os.path.exists(ref_path):
    for r in json.load(open(ref_path)):
        reference[(r["input"], r["accelerators"], r["solver"])] = r["max_load"]

cases = []
for name in sorted(os.listdir(args.inputs)):
    if name.endswith(".json") and name != "reference.json":
        cases.append((name, os.path.join(args.inputs, name), (2, 3, 4, 6)))
tmp = tempfile.mkdtemp()
synthetic = [("inception-like (4,7,10,5)", ["--branches", "4,7,10,5"], (2, 4, 6))]
if not args.quick:
    synthetic.append(("inception-like (5,9,13,7)", ["--branches", "5,9,13,7"], (4,)))
for label, gen_args, ks in synthetic:
    path = os.path.join(tmp, label.replace(" ", "_").replace(",", "-") + ".json")
    with open(path, "w") as f:
        subprocess.run([sys.executable, os.path.join(HERE, "inception_like.py")] + gen_args,
                       stdout=f, check=True)
    cases.append((label, path, ks))

rows = []
header = "%-27s %2s %-14s %12s %10s %8s %9s  %s" % (
    "input", "k", "strategy", "max load", "vs opt", "ideals", "seconds", "notes")
print(header)
print("-" * len(header))
for name, path, ks in cases:
    for k in ks:
        results = {}
        for strategy in STRATEGIES:
            results[strategy] = place(path, k, strategy)
        if not args.quick and k == 4:
            results["milp (non-contiguous)"] = place(
                path, k, "optimal",
                ["--contiguous=false", "--time-limit=%g" % args.milp_seconds])
        opt = results["optimal"].get("objective")
        for strategy, r in results.items():
            notes = []
            if "error" in r:
                notes.append(r["error"])
            else:
                if strategy == "optimal":
                    ref = reference.get((name, k, "exact DP"))
                    if ref is not None:
                        ok = abs(ref - r["objective"]) <= 1e-9 * ref
                        notes.append("authors' DP %.6f %s" % (ref, "=" if ok else "MISMATCH"))
                if strategy == "pipedream":
                    ref = reference.get((name, k, "PipeDream-style baseline"))
                    if ref is not None:
                        notes.append("authors' PipeDream %.6f" % ref)
                if not r.get("feasible", True):
                    notes.append("infeasible (memory)")
                if r.get("proven_optimal"):
                    notes.append("proven optimal")
                elif r.get("gap") is not None and strategy.startswith("milp"):
                    notes.append("gap %.2f%%" % (100 * r["gap"]))
            value = r.get("objective")
            ratio = value / opt if value and opt else None
            print("%-27s %2d %-14s %12s %10s %8s %9.3f  %s" % (
                name[:27], k, strategy[:14],
                "%.4f" % value if value is not None else "-",
                "%.3fx" % ratio if ratio else "-",
                r.get("ideals", "-") if strategy == "optimal" else "",
                r.get("seconds", r["wall"]), "; ".join(notes)))
            rows.append({"input": name, "accelerators": k, "cpus": 1,
                         "strategy": strategy, "max_load": value,
                         "ratio_to_optimal": ratio,
                         "proven_optimal": r.get("proven_optimal"),
                         "feasible": r.get("feasible"),
                         "gap": r.get("gap"), "ideals": r.get("ideals"),
                         "ideal_pairs": r.get("ideal_pairs"),
                         "seconds": r.get("seconds"), "wall_seconds": r["wall"],
                         "error": r.get("error")})
        sys.stdout.flush()

os.makedirs(os.path.dirname(args.out), exist_ok=True)
with open(args.out, "w") as f:
    json.dump({"command": " ".join(sys.argv), "rows": rows}, f, indent=1)
print("wrote", args.out)
