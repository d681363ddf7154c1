#!/usr/bin/env python3
"""Convolutions of the zoo's WRN step (WRN-50, base 8, image 32, batch 8:
the stem, and each stage's 1x1 and 3x3 shapes), side by side: oneDNN 2.6
(Debian's libdnnl, OpenMP) against libtofu_runtime's im2col + OpenBLAS
entry points (tofu_rt_cpu_conv2d_*), forward, backward-data and
backward-filter, on plain NCHW/OIHW buffers (what the CPU lowering holds),
1 and 2 threads.

  python3 bench/cpu/conv.py [--build build] [--rounds 3] [--json FILE]

Builds bench/cpu/conv_bench.cpp (needs libdnnl-dev), runs one process per
thread count, interleaved round by round; per shape and direction each
round takes the median of repeated calls; the table shows the median over
rounds in microseconds, and the sum over the shapes weighted by how often
the step runs each (the counts below). Also prints the largest difference
of the two libraries' results.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# How many convolutions of each shape one WRN-50 step runs forward (blocks
# per stage 3, 4, 6, 3; the first block of a stage has its projection and,
# past stage 0, the strided 3x3 and a 32/64/128-channel conv1 input).
COUNTS = {
    "stem 3>8 7x7/2 32^2": 1,
    "s0 1x1 32>8 8^2": 3,      # conv1 (the first reads 8 channels)
    "s0 3x3 8>8 8^2": 3,
    "s0 1x1 8>32 8^2": 4,      # conv3 and the projection
    "s1 proj 1x1/2 32>64": 1,
    "s1 3x3/2 16>16 8^2": 1,
    "s1 3x3 16>16 4^2": 3,
    "s1 1x1 64>16 4^2": 8,     # conv1 and conv3 alike in size
    "s2 3x3 32>32 2^2": 6,
    "s2 1x1 128>32 2^2": 12,
    "s3 3x3 64>64 1^2": 3,
    "s3 1x1 256>64 1^2": 6,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--json")
    args = ap.parse_args()
    lib = Path(args.build, "lib").resolve()
    threads = [int(t) for t in args.threads.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp, "conv_bench")
        subprocess.run(["clang++", "-O2", "-std=c++17", ROOT / "bench/cpu/conv_bench.cpp",
                        "-I", ROOT / "runtime/include", "-o", exe, "-ldnnl", f"-L{lib}",
                        "-ltofu_runtime", f"-Wl,-rpath,{lib}"], check=True)
        runs = {t: [] for t in threads}
        for _ in range(args.rounds):
            for t in threads:
                env = dict(os.environ, OMP_NUM_THREADS=str(t), TOFU_THREADS=str(t))
                out = subprocess.run([exe], env=env, capture_output=True, text=True,
                                     check=True).stdout
                runs[t].append([line.split("\t") for line in out.splitlines()])
    rows = []
    for i, fields in enumerate(runs[threads[0]][0]):
        name, direction = fields[0], fields[1]
        row = {"shape": name, "dir": direction, "count": COUNTS[name],
               "onednn_impl": fields[5],
               "max_abs_diff": max(float(r[i][4]) for t in threads for r in runs[t])}
        for t in threads:
            row[f"onednn_us_{t}"] = 1e6 * statistics.median(float(r[i][2]) for r in runs[t])
            row[f"tofu_us_{t}"] = 1e6 * statistics.median(float(r[i][3]) for r in runs[t])
        rows.append(row)
    head = f"{'shape':<22}{'dir':<11}" + "".join(
        f"{'oneDNN ' + str(t):>11}{'im2col ' + str(t):>11}" for t in threads) + f"{'max diff':>10}  oneDNN's implementation"
    print(head)
    for r in rows:
        print(f"{r['shape']:<22}{r['dir']:<11}" + "".join(
            f"{r[f'onednn_us_{t}']:>11.1f}{r[f'tofu_us_{t}']:>11.1f}" for t in threads) +
            f"{r['max_abs_diff']:>10.2g}  {r['onednn_impl']}")
    totals = {}
    for t in threads:
        for lib_name in ("onednn", "tofu"):
            totals[f"{lib_name}_us_{t}"] = sum(r["count"] * r[f"{lib_name}_us_{t}"] for r in rows)
    print(f"{'step total (x counts)':<33}" + "".join(
        f"{totals[f'onednn_us_{t}']:>11.1f}{totals[f'tofu_us_{t}']:>11.1f}" for t in threads))
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "totals": totals}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
