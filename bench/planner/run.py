#!/usr/bin/env python3
"""The planner against its baselines on the same cost model (docs/planner.md).

    bench/planner/run.py [--build build] [--rows gpt3-64,...] [--quick] [--out FILE]

For each row, tofu-zoo emits the model, --tofu-autodiff makes its training
step, and --tofu-plan plans it with every strategy (planner, megatron,
zero3, alpa, tofu-bytes). Prints each strategy's estimated step time, per-device
peak memory, degrees (data x pipeline x tensor), microbatches, recompute,
ZeRO stage and search seconds, flags a row where the planner is slower than
a baseline that fits, and writes bench/results/planner.json.

Two checks of the estimates against measurements published by others:
  - Megatron-LM's GPT-3 175B on 1536 A100s (Narayanan et al., SC'21: 141
    TFLOP/s per GPU, batch 1536), as step time through the paper's own FLOP
    formula, against --tofu-plan with Megatron's degrees pinned on dgx-a100;
  - the Tofu paper's measured throughput on 8 x K80 (WRN-152-10 at 83% of
    ideal, RNN-10-8K at 70%) against the tofu-bytes estimate's fraction of
    the same ideal (one device's compute / 8).
All figures are estimates of the cost model in docs/cost-model.md.
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GPT3 = ["transformer", "--layers", "96", "--hidden", "12288", "--heads", "96",
        "--seq", "2048", "--batch", "8", "--vocab", "50257"]
# LLaMA-2-70B's dimensions; the zoo's GELU MLP with FFN 43008 has the
# parameters and FLOPs of LLaMA's SwiGLU (3 x 8192 x 28672); full
# multi-head attention instead of grouped queries: 78B parameters.
LLAMA = ["transformer", "--layers", "80", "--hidden", "8192", "--heads", "64",
         "--ffn", "43008", "--seq", "4096", "--batch", "4", "--vocab", "32000"]
WRN = ["wresnet", "--depth", "152", "--width", "10", "--batch", "8", "--image", "224"]
RNN = ["rnn", "--layers", "10", "--hidden", "8192", "--batch", "128", "--steps", "20"]
LLM = "optimizer=adam-mixed precision=bf16"
ROWS = {
    "gpt3-64": ("GPT-3 175B", GPT3, 64, "h200-nvlink", f"global-batch=1536 {LLM}"),
    "gpt3-512": ("GPT-3 175B", GPT3, 512, "h200-nvlink", f"global-batch=1536 {LLM}"),
    "gpt3-1024": ("GPT-3 175B", GPT3, 1024, "h200-nvlink", f"global-batch=1536 {LLM}"),
    "llama-64": ("LLaMA-style 78B", LLAMA, 64, "h200-nvlink", f"global-batch=1024 {LLM}"),
    "llama-256": ("LLaMA-style 78B", LLAMA, 256, "h200-nvlink", f"global-batch=1024 {LLM}"),
    "wrn-8": ("WRN-152-10", WRN, 8, "k80-pcie", ""),
    "rnn-8": ("RNN-10-8K", RNN, 8, "k80-pcie", ""),
}
QUICK = {
    "gpt-small-8": ("GPT 8L-256H", ["transformer", "--layers", "8", "--hidden", "256",
                                     "--heads", "4", "--seq", "64", "--batch", "16",
                                     "--vocab", "256"], 8, "h200-nvlink", "global-batch=64"),
}
STRATEGIES = ["planner", "megatron", "zero3", "alpa", "tofu-bytes"]
# Tofu paper, Table/Figure on 8 x K80: throughput as a fraction of ideal.
TOFU_PAPER = {"wrn-8": 0.83, "rnn-8": 0.70}


def tool(build, name):
    return str(Path(build) / "bin" / name)


def step_file(build, args, tmp):
    path = Path(tmp) / ("-".join(args[:1] + args[1::2]) + ".mlir")
    if not path.exists():
        zoo = subprocess.run([tool(build, "tofu-zoo")] + args, capture_output=True, check=True)
        subprocess.run([tool(build, "tofu-opt"), "--tofu-autodiff", "-", "-o", str(path)],
                       input=zoo.stdout, capture_output=True, check=True)
    return path


def plan(build, step, options):
    """Runs --tofu-plan; returns (report or None, error line, wall seconds)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        start = time.time()
        r = subprocess.run([tool(build, "tofu-opt"), str(step),
                            f"--tofu-plan={options} print=none report={report.name}",
                            "-o", "/dev/null"], capture_output=True, text=True)
        wall = time.time() - start
        if r.returncode:
            line = next((l for l in r.stderr.splitlines() if "error:" in l), r.stderr[-300:])
            return None, line.split("error: ", 1)[-1], wall
        return json.load(open(report.name)), "", wall


def describe(rep):
    d = rep["degrees"]
    return (f"{d['data']}x{d['pipeline']}x{d['tensor']} M={rep['microbatches']}"
            f" r={'y' if rep['recompute'] else 'n'} Z{rep['zero']}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--rows", default=",".join(ROWS))
    p.add_argument("--quick", action="store_true", help="one small model (a smoke run)")
    p.add_argument("--out", default=str(ROOT / "bench/results/planner.json"))
    a = p.parse_args()
    rows = QUICK if a.quick else {k: ROWS[k] for k in a.rows.split(",")}
    results, flags = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'row':<26} {'strategy':<11} {'step s':>9} {'peak GB':>8} "
              f"{'degrees dxpxt, M, recompute, ZeRO':<30} {'search s':>8} {'wall s':>7}")
        for key, (name, args, gpus, machine, extra) in rows.items():
            step = step_file(a.build, args, tmp)
            row = {"row": key, "model": name, "devices": gpus, "machine": machine,
                   "options": extra, "strategies": {}}
            best_baseline = None
            for s in STRATEGIES:
                rep, err, wall = plan(a.build, step, f"gpus={gpus} machine={machine} {extra} strategy={s}")
                entry = {"wall_seconds": wall}
                label = f"{name} x{gpus}"
                if rep:
                    est = rep["estimate"]
                    entry.update(step_seconds=est["step_seconds"], peak_bytes=est["peak_bytes"],
                                 degrees=rep["degrees"], microbatches=rep["microbatches"],
                                 recompute=rep["recompute"], zero=rep["zero"],
                                 search_seconds=rep["search_seconds"],
                                 exhaustive=rep["exhaustive"], fits=True)
                    print(f"{label:<26} {s:<11} {est['step_seconds']:>9.4g} "
                          f"{est['peak_bytes'] / 1e9:>8.1f} {describe(rep):<30} "
                          f"{rep['search_seconds']:>8.2f} {wall:>7.2f}")
                    if s != "planner" and (best_baseline is None or est["step_seconds"] < best_baseline):
                        best_baseline = est["step_seconds"]
                else:
                    entry.update(fits=False, error=err)
                    print(f"{label:<26} {s:<11} {'-':>9} {'-':>8} {err[:60]:<30} {'':>8} {wall:>7.2f}")
                row["strategies"][s] = entry
            planner = row["strategies"]["planner"]
            if best_baseline is not None and (not planner["fits"] or
                                              planner["step_seconds"] > best_baseline * (1 + 1e-9)):
                flags += 1
                print(f"! {key}: the planner is not at least as fast as every baseline")
            if key in TOFU_PAPER and row["strategies"]["tofu-bytes"]["fits"]:
                one, _, _ = plan(a.build, step, f"gpus=1 machine={machine} memory=0 strategy=tofu-bytes")
                ideal = one["estimate"]["compute_seconds"] / gpus
                frac = ideal / row["strategies"]["tofu-bytes"]["step_seconds"]
                row["tofu_paper"] = {"estimated_fraction_of_ideal": frac,
                                     "measured_fraction_of_ideal": TOFU_PAPER[key]}
                print(f"  tofu-bytes estimate {frac:.0%} of ideal; the Tofu paper measured "
                      f"{TOFU_PAPER[key]:.0%} on 8 x K80")
            results.append(row)
        if not a.quick and "gpt3-1024" in rows:
            step = step_file(a.build, GPT3, tmp)
            rep, err, _ = plan(a.build, step, "gpus=1536 machine=dgx-a100 global-batch=1536 "
                               f"{LLM} strategy=megatron data=16 pipeline=12 tensor=8")
            # Megatron-LM's FLOPs per step (with recomputation):
            # 96 B s l h^2 (1 + s / 6h + V / 16 l h).
            B, s, l, h, V = 1536, 2048, 96, 12288, 51200
            flops = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h))
            published = flops / (1536 * 141e12)
            check = {"published_step_seconds": published}
            if rep:
                check["estimated_step_seconds"] = rep["estimate"]["step_seconds"]
                check["relative_error"] = rep["estimate"]["step_seconds"] / published - 1
                print(f"Megatron-LM GPT-3 175B on 1536 A100 (8x12x16): published "
                      f"{published:.1f} s/step, estimated {rep['estimate']['step_seconds']:.1f} s "
                      f"({check['relative_error']:+.0%})")
            else:
                check["error"] = err
                print(f"Megatron-LM check: {err}")
            results.append({"row": "megatron-published", **check})
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    json.dump(results, open(a.out, "w"), indent=1)
    print(f"wrote {a.out}")
    sys.exit(1 if flags else 0)


if __name__ == "__main__":
    main()
