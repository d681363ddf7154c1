#!/usr/bin/env python3
"""The per-step cost of `tofu-run --steps` against one step's compute.

    python3 bench/training/run.py [--models mlp,transformer] [--ranks 1,2]
                                  [--steps 30] [--json OUT] [--work DIR]

For each zoo model at bench/zoo_steps.py's sizes (the GPU benchmarks'
"perf" MLP and transformer) and rank count: the training step (tofu-zoo,
--tofu-autodiff), partitioned for R > 1 ranks (tofu-run --partition), runs
--steps steps in one tofu-run with a batch file of its own for every step
(DIR/steps/I, so every step reads and scatters its batch). The loss log
gives per step rank 0's step time and its entry call's time; the loop's
overhead is (step - entry) / entry, the median over the steps after the
first two (warm-up). For comparison, one step as its own tofu-run (the
way before --steps: process start, compile, scatter, gather) is timed
end to end. Prints a table; --json writes the numbers.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from zoo_steps import MODELS, training_step  # noqa: E402


def sh(cmd):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{(proc.stdout + proc.stderr)[-3000:]}")
    return proc


def batch_arguments(step):
    """Indices of @train_step's arguments that are not tofu.param."""
    text = Path(step).read_text()
    sig = re.search(r"func\.func @train_step\((.*?)\)\s*->", text, re.S).group(1)
    args = re.split(r",\s*(?=%arg\d+:)", sig)
    return [i for i, a in enumerate(args) if "tofu.param" not in a]


def inputs_for(bin_dir, step, work, steps):
    """Seeded inputs scaled by 0.1 (so that the steps stay finite), and
    DIR/steps/I for every step: the batch arguments, shifted per step."""
    raw, inputs = work / "raw", work / "inputs"
    sh([bin_dir / "tofu-run", step, "--entry", "train_step", "--seed", "1",
        "--save-inputs", raw])
    inputs.mkdir(parents=True, exist_ok=True)
    for f in raw.glob("arg*.npy"):
        x = np.load(f)
        np.save(inputs / f.name, (x * 0.1).astype(x.dtype) if x.dtype.kind == "f" else x)
    for i in range(1, steps):
        out = inputs / "steps" / str(i)
        out.mkdir(parents=True, exist_ok=True)
        for k in batch_arguments(step):
            x = np.load(inputs / f"arg{k}.npy")
            np.save(out / f"arg{k}.npy", np.roll(x, i, axis=0))
    return inputs


def measure(bin_dir, step, inputs, ranks, steps, work):
    log = work / f"loss-{ranks}.txt"
    flags = ["--partition"] if ranks > 1 else []
    sh([bin_dir / "tofu-run", step, "--entry", "train_step", "--ranks", ranks, *flags,
        "--steps", steps, "--inputs", inputs, "--loss-log", log, "--timeout", "1200"])
    rows = [line.split() for line in log.read_text().splitlines()]
    step_s = [float(r[2]) for r in rows][2:]
    entry_s = [float(r[3]) for r in rows][2:]
    overhead = [(s - e) / e for s, e in zip(step_s, entry_s)]
    started = time.monotonic()
    one = sh([bin_dir / "tofu-run", step, "--entry", "train_step", "--ranks", ranks, *flags,
              "--inputs", inputs, "--timeout", "1200"])
    separate = time.monotonic() - started
    entry_one = float(re.search(r"rank 0: .* entry ([0-9.]+) s", one.stdout).group(1))
    return {
        "ranks": ranks, "steps": steps,
        "step_seconds_median": statistics.median(step_s),
        "entry_seconds_median": statistics.median(entry_s),
        "overhead_median": statistics.median(overhead),
        "overhead_max": max(overhead),
        "separate_run_seconds": separate,
        "separate_run_entry_seconds": entry_one,
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--models", default="mlp,transformer")
    p.add_argument("--ranks", default="1,2")
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--json")
    p.add_argument("--work", default="/tmp/tofu-bench-training")
    p.add_argument("--bin", default=str(ROOT / "build" / "bin"))
    a = p.parse_args()
    bin_dir = Path(a.bin)
    results = []
    print(f"{'model':<12} {'ranks':>5} {'step ms':>9} {'entry ms':>9} {'overhead':>9} "
          f"{'worst':>8} {'1 run s':>8}")
    for model in a.models.split(","):
        work = Path(a.work) / model
        work.mkdir(parents=True, exist_ok=True)
        step = training_step(bin_dir, model, work)
        inputs = inputs_for(bin_dir, step, work, a.steps)
        for ranks in (int(r) for r in a.ranks.split(",")):
            r = measure(bin_dir, step, inputs, ranks, a.steps, work)
            r["model"] = model
            r["sizes"] = MODELS[model][1]
            results.append(r)
            print(f"{model:<12} {ranks:>5} {r['step_seconds_median'] * 1e3:>9.2f} "
                  f"{r['entry_seconds_median'] * 1e3:>9.2f} "
                  f"{r['overhead_median'] * 100:>8.2f}% {r['overhead_max'] * 100:>7.2f}% "
                  f"{r['separate_run_seconds']:>8.2f}", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps({"command": " ".join(sys.argv), "results": results},
                                           indent=1) + "\n")


if __name__ == "__main__":
    main()
