#!/usr/bin/env python3
"""Kernel launches and host memory accesses per training step, counted in the
GPU pipeline's output on the CPU machine (no GPU needed), with and without
the passes that keep work on the device.

  python3 bench/gpu/launches.py [--build build] [--json FILE] [--models ...]

For each model of bench/gpu/prepare.sh's sizes it lowers the training step
with the GPU pipeline up to the kernel stage (before NVVM,
--tofu-lower-to-llvm-gpu=stop-after=kernels)
twice — as is ("now"), and without --tofu-fuse-elementwise and
--tofu-gpu-serial-ops ("before": as the 2026-11-29 H200 run was lowered,
apart from the cuDNN calls) — and counts, in the host code of
@train_step, the gpu.launch_func executed per step (a launch inside an
scf.for with constant bounds counts once per iteration) and the memref
loads/stores the host executes. Prints a table; --json writes the numbers.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from zoo_steps import MODELS, run, training_step  # noqa: E402

DEVICE_PASSES = ("tofu-fuse-elementwise", "tofu-gpu-serial-ops")


def pipeline(bin_dir):
    """The passes of --tofu-lower-to-llvm-gpu=stop-after=kernels, as printed
    by --dump-pass-pipeline: the top-level elements of builtin.module(...)."""
    p = subprocess.run([str(bin_dir / "tofu-opt"), "-", "-o", "/dev/null", "--dump-pass-pipeline",
                        "--tofu-lower-to-llvm-gpu=stop-after=kernels"],
                       input="module {}\n", capture_output=True, text=True)
    m = re.search(r"builtin\.module\((.*)\)\s*$", p.stderr.strip(), re.S)
    if p.returncode or not m:
        sys.exit(f"launches.py: cannot read the GPU pipeline:\n{p.stderr}")
    elements, depth, current = [], 0, ""
    for c in m.group(1):
        depth += (c in "({") - (c in ")}")
        if c == "," and depth == 0:
            elements.append(current.strip())
            current = ""
        else:
            current += c
    return elements + [current.strip()]


def flags_of(elements):
    return ["--pass-pipeline=builtin.module(" + ",".join(elements) + ")"]


def count(text, func="train_step"):
    """Launches and host loads/stores per call of @func."""
    m = re.search(r"func\.func @%s\(.*?\n  \}\n" % func, text, re.S)
    if not m:
        sys.exit(f"launches.py: no @{func} in the lowered module")
    consts = {c.group(1): int(c.group(2))
              for c in re.finditer(r"(%c\w*) = arith\.constant (-?\d+) : index", text)}
    stack, launches, accesses = [1], 0, 0
    for line in m.group(0).split("\n")[1:]:
        loop = re.search(r"scf\.for %\w+ = (%\w+) to (%\w+) step (%\w+)", line)
        if loop:
            lo, hi, st = (consts.get(x) for x in loop.groups())
            trips = (hi - lo + st - 1) // st if None not in (lo, hi, st) else 1
            stack.append(stack[-1] * trips)
            continue
        if line.rstrip().endswith("{"):
            stack.append(stack[-1])  # another region: no repetition known
            continue
        if re.match(r"\s*\}", line) and len(stack) > 1:
            stack.pop()
            continue
        if "gpu.launch_func" in line:
            launches += stack[-1]
        if re.search(r"memref\.(load|store) ", line):
            accesses += stack[-1]
    return launches, accesses


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--json")
    ap.add_argument("--models", default="mlp,transformer,wrn")
    args = ap.parse_args()
    bin_dir = Path(args.build) / "bin"
    elements = pipeline(bin_dir)
    flags = flags_of(elements)
    old = flags_of([e for e in elements if e.split("{")[0] not in DEVICE_PASSES])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.models.split(","):
            step = training_step(bin_dir, name, tmp)
            row = {"model": name, "sizes": MODELS[name][1]}
            for label, passes in (("before", old), ("now", flags)):
                out = run([bin_dir / "tofu-opt", step, *passes])
                row[f"launches_{label}"], row[f"host_accesses_{label}"] = count(out)
            rows.append(row)
    print(f"{'model':<14}{'launches/step':>26}{'host loads+stores/step':>30}")
    print(f"{'':<14}{'before':>13}{'now':>13}{'before':>15}{'now':>15}")
    for r in rows:
        print(f"{r['model']:<14}{r['launches_before']:>13}{r['launches_now']:>13}"
              f"{r['host_accesses_before']:>15}{r['host_accesses_now']:>15}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
