#!/usr/bin/env python3
"""Per-rank peak memory of partitioned training steps against the
unpartitioned step, over the tofu-zoo families.

    bench/memory/run.py [--build build] [--ks 2,4,8] [--models mlp,...] [--quick] [--out FILE]

For each model: tofu-run runs the unpartitioned step on one rank and the step
partitioned by --tofu-partition on k MPI ranks (same --seed inputs). The
memory of a step is a rank's peak RSS (VmHWM) minus its RSS after runtime
initialisation (MPI alone takes ~10 MiB), both printed by tofu-run. The
issue's target for every rank r:

    peak_r <= 1.25 * unpartitioned / k + largest communication buffer

where the largest communication buffer is the largest tensor a collective of
the materialized program produces (read from its shard ops). Prints a table
and writes bench/results/memory.json.
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
QUICK = {
    "mlp": ["mlp", "--layers", "2", "--hidden", "128", "--batch", "64"],
    "transformer": ["transformer", "--layers", "1", "--hidden", "64", "--heads", "2",
                    "--seq", "16", "--vocab", "64", "--batch", "8"],
}
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
    p.add_argument("--quick", action="store_true", help="small models (a smoke run)")
    p.add_argument("--models", default="", help="comma-separated subset, e.g. mlp,rnn")
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "memory.json"))
    a = p.parse_args()
    zoo, opt, trun = (tool(a.build, n) for n in ("tofu-zoo", "tofu-opt", "tofu-run"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in (QUICK if a.quick else MODELS).items():
            if a.models and name not in a.models.split(","):
                continue
            fwd, step = f"{tmp}/{name}.mlir", f"{tmp}/{name}-step.mlir"
            run([zoo, *args, "-o", fwd])
            run([opt, "--tofu-autodiff", fwd, "-o", step])
            base = step_mib(run([trun, step, "--entry", "train_step", "--seed", "1",
                                 "--timeout", "1200"]))[0]
            for k in (int(x) for x in a.ks.split(",")):
                planned = f"{tmp}/{name}-{k}.mlir"
                run([opt, f"--tofu-partition=gpus={k}", step, "-o", planned])
                text = Path(planned).read_text()
                comm = largest_comm_mib(text)
                repl = re.search(r"replicated_ops = (\d+)", text)
                peaks = step_mib(run([trun, planned, "--entry", "train_step", "--seed", "1",
                                      "--timeout", "1200"]))
                target = 1.25 * base / k + comm
                rows.append({
                    "model": name, "k": k, "unpartitioned_mib": round(base, 2),
                    "per_rank_max_mib": round(max(peaks), 2),
                    "per_rank_mib": [round(x, 2) for x in peaks],
                    "ideal_mib": round(base / k, 2), "largest_comm_buffer_mib": round(comm, 2),
                    "target_mib": round(target, 2), "meets_target": max(peaks) <= target,
                    "replicated_ops": int(repl.group(1)) if repl else None,
                })
                r = rows[-1]
                print(f"{name:12s} k={k}  unpart {r['unpartitioned_mib']:8.2f} MiB  "
                      f"per-rank max {r['per_rank_max_mib']:8.2f}  ideal {r['ideal_mib']:7.2f}  "
                      f"comm buf {r['largest_comm_buffer_mib']:6.2f}  target {r['target_mib']:8.2f}  "
                      f"{'OK' if r['meets_target'] else 'OVER'}", flush=True)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with open(a.out, "w") as f:
        json.dump({"command": " ".join(sys.argv), "rows": rows}, f, indent=2)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
