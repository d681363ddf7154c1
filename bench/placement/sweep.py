#!/usr/bin/env python3
"""Exact placement over every shared input at every accelerator count: for
each graph of ../shared/placement and k = 1..8 accelerators (one CPU), which
method tofu-place's `optimal` strategy ended with (the DP over ideals, or the
MILP after the DP stopped at its cap), whether the answer is proven optimal,
the units after contraction, the ideals (and nested pairs) the DP
enumerated, its seconds and the process's peak memory; the max-load beside
the authors' DP where reference.json has it.

usage: bench/placement/sweep.py [--build build] [--inputs ../shared/placement]
                                [--ks 1,2,3,4,5,6,7,8] [--cpus 1]
                                [--out bench/results/placement-sweep.json]
Exit status 1 if some run fell back to the MILP, was not proven optimal or
differs from the authors' DP.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--inputs", default=os.path.join(ROOT, "..", "shared", "placement"))
    ap.add_argument("--ks", default="1,2,3,4,5,6,7,8")
    ap.add_argument("--cpus", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results",
                                                  "placement-sweep.json"))
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "tofu-place")
    reference = {}
    ref_path = os.path.join(args.inputs, "reference.json")
    if os.path.exists(ref_path):
        for r in json.load(open(ref_path)):
            if r["solver"] == "exact DP" and r["cpus"] == args.cpus:
                reference[(r["input"], r["accelerators"])] = r["max_load"]
    rows, bad = [], 0
    print("| input | k | method | proven optimal | units | ideals | ideal pairs | seconds | "
          "peak MiB | max load | authors' DP |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in sorted(os.listdir(args.inputs)):
        if not name.endswith(".json") or name == "reference.json":
            continue
        for k in map(int, args.ks.split(",")):
            # ru_maxrss of RUSAGE_CHILDREN is the largest child so far: each
            # run is measured from its own Python parent, which prints it.
            cmd = [sys.executable, "-c",
                   "import resource,subprocess,sys;"
                   "p=subprocess.run(sys.argv[1:],capture_output=True,text=True);"
                   "sys.stdout.write(p.stdout);sys.stderr.write(p.stderr);"
                   "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,file=sys.stderr);"
                   "sys.exit(p.returncode)",
                   tool, os.path.join(args.inputs, name), "--accelerators=%d" % k,
                   "--cpus=%d" % args.cpus]
            code, out, err = run(cmd)
            peak_kib = int(err.strip().splitlines()[-1])
            if code != 0:
                print("| %s | %d | error: %s |" % (name, k, err.strip()[:80]))
                bad += 1
                continue
            r = json.loads(out)
            ref = reference.get((name, k))
            agrees = ref is None or abs(ref - r["objective"]) <= 1e-9 * ref
            ok = r.get("method") == "dp" and r.get("proven_optimal") and agrees
            bad += not ok
            row = {"input": name, "accelerators": k, "cpus": args.cpus,
                   "method": r.get("method"), "proven_optimal": r.get("proven_optimal"),
                   "units": r.get("units"), "ideals": r.get("ideals"),
                   "ideal_pairs": r.get("ideal_pairs"), "seconds": r.get("seconds"),
                   "peak_rss_kib": peak_kib, "max_load": r["objective"],
                   "authors_dp": ref, "agrees": agrees}
            rows.append(row)
            print("| %s | %d | %s | %s | %s | %s | %s | %.3f | %.1f | %.6f | %s |" % (
                name, k, row["method"], "yes" if row["proven_optimal"] else "NO",
                row["units"], row["ideals"], row["ideal_pairs"], row["seconds"],
                peak_kib / 1024, row["max_load"],
                "-" if ref is None else ("%.6f %s" % (ref, "=" if agrees else "MISMATCH"))))
            sys.stdout.flush()
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"command": " ".join(sys.argv), "rows": rows}, f, indent=1)
    print("wrote", args.out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
