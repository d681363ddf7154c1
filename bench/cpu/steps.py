#!/usr/bin/env python3
"""CPU step time of zoo training steps, side by side, in three modes of
tofu-run: none (--cpu-opt none --cpu-blas=false: the lowering and the code
generator alone), vectorize (--cpu-blas=false: loops reordered by
--tofu-cpu-loop-order, then LLVM's loop vectorizer) and blas (the default:
vectorize, with f32 products as OpenBLAS calls).

  python3 bench/cpu/steps.py [--build build] [--models mlp,transformer,...]
                             [--modes none,vectorize,blas] [--reps 1]
                             [--ranks 1] [--threads N] [--json FILE]

Each model's step runs --reps times per mode, modes interleaved, on the same
seeded inputs (one rank unless --ranks); prints compile and step ("entry")
times (medians), the speedups, whether none and vectorize are bit-identical
(they should be: the reordering keeps each output element's summation
order) and the largest relative error of blas against vectorize (compare.py
close: BLAS sums in another order; inf where a result is not finite, as the
LSTM step's on its seeded inputs in both modes).
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from zoo_steps import MODELS, run, training_step  # noqa: E402


FLAGS = {
    "none": ["--cpu-opt", "none", "--cpu-blas=false"],
    "vectorize": ["--cpu-blas=false"],
    "blas": [],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--models", default="mlp,transformer,wrn,lstm")
    ap.add_argument("--modes", default="none,vectorize,blas")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--json")
    args = ap.parse_args()
    bin_dir = Path(args.build) / "bin"
    modes = args.modes.split(",")
    compare = ROOT / "test/Integration/Run/Inputs/compare.py"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.models.split(","):
            step = training_step(bin_dir, name, tmp)
            row = {"model": name, "sizes": MODELS[name][1], "ranks": args.ranks,
                   "threads": args.threads}
            times = {m: [] for m in modes}
            compiles = {m: [] for m in modes}
            for _ in range(args.reps):
                for mode in modes:
                    cmd = [bin_dir / "tofu-run", step, "--entry", "train_step", "--seed", "7",
                           "--ranks", args.ranks, *FLAGS[mode], "--timeout", "3600",
                           "--outputs", Path(tmp, f"{name}-{mode}")]
                    if args.threads:
                        cmd += ["--threads", args.threads]
                    out = run(cmd)
                    compiles[mode].append(float(re.search(r"compiled @\S+ in ([\d.]+) s", out).group(1)))
                    times[mode].append(max(float(x) for x in re.findall(r"entry ([\d.]+) s", out)))
            for mode in modes:
                row[f"compile_s_{mode}"] = statistics.median(compiles[mode])
                row[f"step_s_{mode}"] = statistics.median(times[mode])
                row[f"step_s_{mode}_all"] = times[mode]
            if "none" in modes and "vectorize" in modes:
                same = run([sys.executable, compare, "same",
                            Path(tmp, f"{name}-vectorize"), Path(tmp, f"{name}-none")])
                row["identical"] = same.startswith("IDENTICAL")
            if "blas" in modes and "vectorize" in modes:
                # Not run(): a mismatch is a result to report, not a failure.
                close = subprocess.run([sys.executable, compare, "close", Path(tmp, f"{name}-blas"),
                                        Path(tmp, f"{name}-vectorize")],
                                       capture_output=True, text=True).stdout
                row["blas_max_rel_err"] = float(re.search(r"error (\S+)", close).group(1))
            rows.append(row)
            print(f"{name}: done", file=sys.stderr)
    print(f"{'model':<13}" + "".join(f"{'step s, ' + m:>20}" for m in modes) +
          "".join(f"{m + '/' + b:>18}" for b, m in zip(modes[1:], modes)) +
          f"{'blas rel err':>14}  identical")
    for r in rows:
        print(f"{r['model']:<13}" + "".join(f"{r['step_s_' + m]:>20.3f}" for m in modes) +
              "".join(f"{r['step_s_' + m] / r['step_s_' + b]:>17.2f}x"
                      for b, m in zip(modes[1:], modes)) +
              f"{r.get('blas_max_rel_err', float('nan')):>14.2g}"
              f"  {({True: 'yes', False: 'NO'}).get(r.get('identical'), '-')}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0 if all(r.get("identical", True) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
