#!/usr/bin/env python3
"""CPU step time of zoo training steps, side by side: tofu-run --cpu-opt none
(the lowering and llc alone) against --cpu-opt vectorize (the default: loops
reordered by --tofu-cpu-loop-order, then opt -O2 for this machine's CPU).

  python3 bench/cpu/steps.py [--build build] [--models mlp,transformer,...]
                             [--ranks 1] [--json FILE]

Each model's step runs once per mode on the same seeded inputs (one rank
unless --ranks); prints compile and step ("entry") times, the speedup, and
whether the results are bit-identical (they should be: the reordering keeps
each output element's summation order).
"""
import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from zoo_steps import MODELS, run, training_step  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--models", default="mlp,transformer,wrn,lstm")
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--json")
    args = ap.parse_args()
    bin_dir = Path(args.build) / "bin"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.models.split(","):
            step = training_step(bin_dir, name, tmp)
            row = {"model": name, "sizes": MODELS[name][1], "ranks": args.ranks}
            for mode in ("none", "vectorize"):
                out = run([bin_dir / "tofu-run", step, "--entry", "train_step", "--seed", "7",
                           "--ranks", args.ranks, "--cpu-opt", mode, "--timeout", "3600",
                           "--outputs", Path(tmp, f"{name}-{mode}")])
                row[f"compile_s_{mode}"] = float(re.search(r"compiled @\S+ in ([\d.]+) s", out).group(1))
                row[f"step_s_{mode}"] = max(float(x) for x in re.findall(r"entry ([\d.]+) s", out))
            same = run([sys.executable, ROOT / "test/Integration/Run/Inputs/compare.py", "same",
                        Path(tmp, f"{name}-vectorize"), Path(tmp, f"{name}-none")])
            row["identical"] = same.startswith("IDENTICAL")
            row["speedup"] = row["step_s_none"] / row["step_s_vectorize"]
            rows.append(row)
            print(f"{name}: done", file=sys.stderr)
    print(f"{'model':<13}{'step s, none':>13}{'vectorize':>11}{'speedup':>9}"
          f"{'compile s, none':>17}{'vectorize':>11}  identical")
    for r in rows:
        print(f"{r['model']:<13}{r['step_s_none']:>13.3f}{r['step_s_vectorize']:>11.3f}"
              f"{r['speedup']:>8.2f}x{r['compile_s_none']:>17.1f}{r['compile_s_vectorize']:>11.1f}"
              f"  {'yes' if r['identical'] else 'NO'}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0 if all(r["identical"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
