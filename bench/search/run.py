#!/usr/bin/env python3
"""Search benchmark: communication, estimated step time (% of ideal) and
search seconds of every strategy, side by side, on the paper's models
(WRN-{50,101,152} x {4,6,8,10}, RNN-{6,8,10} x {4K,6K,8K}) and a GPT-style
transformer, at k = 8 and k = 64.

Each model is emitted by tofu-zoo, turned into a training step by
--tofu-autodiff, parsed once, and partitioned by every strategy in one
tofu-opt pipeline. Prints a table; writes the numbers as JSON.

  bench/search/run.py [--build build] [--out bench/results/search.json]
                      [--models wrn,rnn,transformer] [--gpus 8,64] [--quick]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

STRATEGIES = ["tofu", "data-parallel", "allrow-greedy", "spartan",
              "equal-chop", "no-reduce"]


def models(quick):
    wrn_batch = {50: 32, 101: 16, 152: 8}
    out = []
    for depth in ([50] if quick else [50, 101, 152]):
        for width in ([4] if quick else [4, 6, 8, 10]):
            out.append((f"WRN-{depth}-{width}",
                        ["wresnet", "--depth", str(depth), "--width", str(width),
                         "--batch", str(wrn_batch[depth]), "--image", "224"]))
    for layers in ([6] if quick else [6, 8, 10]):
        for hidden in ([4] if quick else [4, 6, 8]):
            batch = 128 if (layers, hidden) == (10, 8) else 256
            out.append((f"RNN-{layers}-{hidden}K",
                        ["rnn", "--layers", str(layers), "--hidden",
                         str(hidden * 1024), "--batch", str(batch),
                         "--steps", "20"]))
    out.append(("GPT-24L-2048H", ["transformer", "--layers", "24", "--hidden",
                                  "2048", "--heads", "16", "--seq", "1024",
                                  "--batch", "8", "--vocab", "32768"]))
    return out


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-3000:]}")
    return r


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default="build")
    p.add_argument("--out", default="bench/results/search.json")
    p.add_argument("--gpus", default="8,64")
    p.add_argument("--machine", default="k80-pcie")
    p.add_argument("--quick", action="store_true",
                   help="one model per family (a smoke run)")
    a = p.parse_args()
    zoo = os.path.join(a.build, "bin", "tofu-zoo")
    opt = os.path.join(a.build, "bin", "tofu-opt")
    gpus = [int(g) for g in a.gpus.split(",")]
    results = []
    header = (f"{'model':<16} {'k':>3} {'strategy':<14} {'comm GiB':>10} "
              f"{'% ideal':>8} {'search s':>9} {'exact':>6}")
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in models(a.quick):
            fwd = os.path.join(tmp, "fwd.mlir")
            train = os.path.join(tmp, "train.mlir")
            run([zoo] + args + ["-o", fwd])
            run([opt, "--tofu-autodiff", fwd, "-o", train])
            passes = []
            for k in gpus:
                for s in STRATEGIES:
                    rep = os.path.join(tmp, f"{k}-{s}.json")
                    passes.append(f"tofu-partition{{gpus={k} strategy={s} "
                                  f"machine={a.machine} report={rep}}}")
            t0 = time.time()
            run([opt, f"--pass-pipeline=builtin.module({','.join(passes)})",
                 train, "-o", os.devnull])
            wall = time.time() - t0
            for k in gpus:
                rows = []
                for s in STRATEGIES:
                    rep = json.load(open(os.path.join(tmp, f"{k}-{s}.json")))
                    row = {
                        "model": name, "gpus": k, "strategy": s,
                        "comm_bytes": rep["comm_bytes"],
                        "comm_bytes_per_level": rep["comm_bytes_per_level"],
                        "estimated_step_seconds": rep["estimated_step_seconds"],
                        "ideal_step_seconds": rep["ideal_step_seconds"],
                        "percent_of_ideal": 100.0 * rep["ideal_step_seconds"]
                        / rep["estimated_step_seconds"],
                        "search_seconds": rep["search_seconds"],
                        "approximate": rep["approximate"],
                        "peak_memory_bytes_per_device":
                            rep["peak_memory_bytes_per_device"],
                        "widest_frontier": max(
                            l["widest_frontier"] for l in rep["level_details"])
                        if rep["level_details"] else 0,
                        "num_ops": rep["num_ops"],
                    }
                    rows.append(row)
                    print(f"{name:<16} {k:>3} {s:<14} "
                          f"{row['comm_bytes'] / 2**30:>10.2f} "
                          f"{row['percent_of_ideal']:>7.1f}% "
                          f"{row['search_seconds']:>9.3f} "
                          f"{'no' if row['approximate'] else 'yes':>6}")
                tofu = rows[0]["comm_bytes"]
                worse = [r["strategy"] for r in rows[1:]
                         if r["comm_bytes"] < tofu * (1 - 1e-9)]
                if worse:
                    print(f"  ! {name} k={k}: tofu communicates more than "
                          f"{', '.join(worse)}")
                results.extend(rows)
            print(f"  ({name}: {wall:.1f} s for all strategies, parse included)")
            sys.stdout.flush()
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    with open(a.out, "w") as f:
        json.dump({"machine": a.machine, "gpus": gpus, "results": results},
                  f, indent=1)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
