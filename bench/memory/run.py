#!/usr/bin/env python3
"""Per-rank peak memory of partitioned training steps against the
unpartitioned step, over the tofu-zoo families.

    bench/memory/run.py [--build build] [--ks 2,4,8] [--models mlp,...]
                        [--set params|activations|quick] [--quick] [--mmap-threshold N]
                        [--check] [--tolerance 0.25] [--out FILE]

For each model: tofu-run runs the unpartitioned step on one rank and the step
partitioned by --tofu-partition on k MPI ranks (same --seed inputs). The
memory of a step is a rank's peak RSS (VmHWM) minus its RSS after runtime
initialisation (MPI alone takes ~10 MiB), both printed by tofu-run. The
issue's target for every rank r:

    peak_r <= 1.25 * unpartitioned / k + largest communication buffer

where the largest communication buffer is the largest tensor a collective of
the materialized program produces (read from its shard ops).

Each row also compares the measured per-rank peak (the largest over the
ranks) with the search report's liveness estimate (`memory` in the JSON
report of --tofu-partition, lib/Partition/Memory.cpp, docs/memory-model.md):
ratio = measured / estimate, within 25% where |ratio - 1| <= 0.25. The
estimate is the larger of the step's peak and what tofu-run holds when it
samples the peak after the call (the arguments, the results the step returned
and its copy of them: arguments + 2 x results), plus the runtime's fixed cost
per rank (`runtime_bytes`: pages of libm, libmpi and MPI's shared memory that
the step touches first).
`--check` exits non-zero when a row is outside that (the lit test
test/Integration/Run/memory-estimate.test runs `--quick --ks 2 --check`).
Prints a table and writes bench/results/memory.json (memory-<set>.json for
the other sets).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODELS = {
    "mlp": ["mlp", "--layers", "4", "--hidden", "1024", "--batch", "128"],
    "rnn": ["rnn", "--layers", "1", "--hidden", "512", "--embed", "512", "--vocab", "1024",
            "--steps", "4", "--batch", "64"],
    "transformer": ["transformer", "--layers", "2", "--hidden", "512", "--heads", "8",
                    "--seq", "32", "--vocab", "512", "--batch", "8"],
    "wresnet": ["wresnet", "--depth", "50", "--base-channels", "32", "--width", "1",
                "--image", "16", "--classes", "16", "--batch", "8"],
}
# Larger batches: activations, not parameters, make the peak, so the rows test
# the liveness part of the estimate (with MODELS the peak is the end of the
# call, where tofu-run holds the arguments, the results and its copy of them).
ACTIVATION_MODELS = {
    "mlp": ["mlp", "--layers", "4", "--hidden", "512", "--batch", "2048"],
    "rnn": ["rnn", "--layers", "1", "--hidden", "256", "--embed", "256", "--vocab", "1024",
            "--steps", "8", "--batch", "512"],
    "transformer": ["transformer", "--layers", "2", "--hidden", "256", "--heads", "8",
                    "--seq", "128", "--vocab", "512", "--batch", "16"],
    "wresnet": ["wresnet", "--depth", "50", "--base-channels", "16", "--width", "1",
                "--image", "32", "--classes", "16", "--batch", "64"],
}
QUICK = {
    "mlp": ["mlp", "--layers", "2", "--hidden", "512", "--batch", "2048"],
    "transformer": ["transformer", "--layers", "1", "--hidden", "128", "--heads", "4",
                    "--seq", "128", "--vocab", "256", "--batch", "8"],
}
SETS = {"params": MODELS, "activations": ACTIVATION_MODELS, "quick": QUICK}
ELEM = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4, "i64": 8, "i1": 1, "i8": 1}
PEAK = re.compile(r"rank (\d+): peak RSS ([0-9.]+) MiB \(([0-9.]+) MiB after init\)")


def tool(build, name):
    return str(Path(build) / "bin" / name)


def step_mib(stderr):
    ranks = {}
    for r, peak, base in PEAK.findall(stderr):
        ranks[int(r)] = float(peak) - float(base)
    return [ranks[r] for r in sorted(ranks)]


def largest_comm_mib(text):
    best = 0
    for m in re.finditer(r"shard\.(all_gather|all_reduce|reduce_scatter|all_to_all)[^\n]*->\s*tensor<([^>]*)>", text):
        dims = m.group(2).split("x")
        n = 1
        for d in dims[:-1]:
            n *= int(d)
        best = max(best, n * ELEM.get(dims[-1], 4))
    return best / 2**20


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr[-3000:]}")
    return proc.stderr + proc.stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--ks", default="2,4,8")
    p.add_argument("--quick", action="store_true", help="small models (a smoke run); "
                   "same as --set quick")
    p.add_argument("--set", default="params", choices=sorted(SETS),
                   help="params: the models of the 1.25/k target; activations: larger "
                        "batches, where the peak is inside the step")
    p.add_argument("--mmap-threshold", type=int, default=0,
                   help="run the ranks with MALLOC_MMAP_THRESHOLD_=N (glibc then maps "
                        "every block of N bytes or more and unmaps it when freed, so "
                        "freed buffers leave the resident set; docs/memory-model.md)")
    p.add_argument("--models", default="", help="comma-separated subset, e.g. mlp,rnn")
    p.add_argument("--out", default="", help="default: bench/results/memory.json, "
                   "memory-<set>.json for the other sets")
    p.add_argument("--tolerance", type=float, default=0.25,
                   help="largest |measured/estimate - 1| --check accepts")
    p.add_argument("--check", action="store_true",
                   help="exit 1 when a row's measured peak is off the estimate by more "
                        "than --tolerance")
    a = p.parse_args()
    if a.quick:
        a.set = "quick"
    if not a.out:
        name = "memory.json" if a.set == "params" else f"memory-{a.set}.json"
        a.out = str(ROOT / "bench" / "results" / name)
    zoo, opt, trun = (tool(a.build, n) for n in ("tofu-zoo", "tofu-opt", "tofu-run"))
    if a.mmap_threshold > 0:
        os.environ["MALLOC_MMAP_THRESHOLD_"] = str(a.mmap_threshold)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in SETS[a.set].items():
            if a.models and name not in a.models.split(","):
                continue
            fwd, step = f"{tmp}/{name}.mlir", f"{tmp}/{name}-step.mlir"
            run([zoo, *args, "-o", fwd])
            run([opt, "--tofu-autodiff", fwd, "-o", step])
            base = step_mib(run([trun, step, "--entry", "train_step", "--seed", "1",
                                 "--timeout", "1200"]))[0]
            for k in (int(x) for x in a.ks.split(",")):
                planned = f"{tmp}/{name}-{k}.mlir"
                report = f"{tmp}/{name}-{k}.json"
                run([opt, f"--tofu-partition=gpus={k} report={report}", step, "-o", planned])
                mem = json.loads(Path(report).read_text())["memory"]
                text = Path(planned).read_text()
                comm = largest_comm_mib(text)
                repl = re.search(r"replicated_ops = (\d+)", text)
                peaks = step_mib(run([trun, planned, "--entry", "train_step", "--seed", "1",
                                      "--timeout", "1200"]))
                target = 1.25 * base / k + comm
                # tofu-run samples the peak after the call returns, when it has
                # copied the results out of the buffers the step returned (which
                # stay allocated): arguments + results + their copy.
                step_peak = mem["peak_bytes"] / 2**20
                after_call = (mem["argument_bytes"] + 2 * mem["result_bytes"]) / 2**20
                # Library pages and MPI's shared memory the step touches first:
                # resident after it, but no buffer of the program.
                runtime = mem.get("runtime_bytes", 0) / 2**20
                estimate = max(step_peak, after_call) + runtime
                ratio = max(peaks) / estimate if estimate > 0 else float("inf")
                rows.append({
                    "model": name, "k": k, "unpartitioned_mib": round(base, 2),
                    "per_rank_max_mib": round(max(peaks), 2),
                    "per_rank_mib": [round(x, 2) for x in peaks],
                    "ideal_mib": round(base / k, 2), "largest_comm_buffer_mib": round(comm, 2),
                    "target_mib": round(target, 2), "meets_target": max(peaks) <= target,
                    "replicated_ops": int(repl.group(1)) if repl else None,
                    "estimate_mib": round(estimate, 2),
                    "step_peak_mib": round(step_peak, 2),
                    "after_call_mib": round(after_call, 2),
                    "runtime_mib": round(runtime, 2),
                    "estimate_peak_at": mem["peak_at"] if step_peak >= after_call
                                        else "after the call",
                    "estimate_breakdown_mib": {
                        kind: round(mem[f"{kind}_bytes"] / 2**20, 2)
                        for kind in ("parameters", "gradients", "optimizer_state",
                                     "activations", "buffers")},
                    "measured_over_estimate": round(ratio, 3),
                    "within_tolerance": abs(ratio - 1) <= a.tolerance,
                })
                r = rows[-1]
                print(f"{name:12s} k={k}  unpart {r['unpartitioned_mib']:8.2f} MiB  "
                      f"per-rank max {r['per_rank_max_mib']:8.2f}  ideal {r['ideal_mib']:7.2f}  "
                      f"comm buf {r['largest_comm_buffer_mib']:6.2f}  target {r['target_mib']:8.2f}  "
                      f"{'OK' if r['meets_target'] else 'OVER'}", flush=True)
                print(f"{'':12s}      step peak {step_peak:8.2f}  after call {after_call:8.2f}  "
                      f"runtime {runtime:5.2f}  "
                      f"estimate {r['estimate_mib']:8.2f} (at {r['estimate_peak_at']})  "
                      f"measured/estimate {r['measured_over_estimate']:.3f} "
                      f"{'ok' if r['within_tolerance'] else 'OFF'}", flush=True)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with open(a.out, "w") as f:
        json.dump({"command": " ".join(sys.argv), "set": a.set,
                   "mmap_threshold": a.mmap_threshold, "rows": rows}, f, indent=2)
    print(f"wrote {a.out}")
    off = [r for r in rows if not r["within_tolerance"]]
    if a.check and off:
        for r in off:
            print(f"error: {r['model']} at k={r['k']}: measured {r['per_rank_max_mib']} MiB, "
                  f"estimate {r['estimate_mib']} MiB (ratio {r['measured_over_estimate']}, "
                  f"tolerance {a.tolerance})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
