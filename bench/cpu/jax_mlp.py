#!/usr/bin/env python3
"""A JAX MLP training step on the CPU: jax.jit against tofu-run on the same
StableHLO (`jax.jit(step).lower(...).as_text()`), side by side.

  python3 bench/cpu/jax_mlp.py [--build build] [--batch 512] [--width 1024]
                               [--layers 3] [--classes 256] [--reps 5]
                               [--ranks 1] [--partition] [--json FILE]

The step: relu layers, softmax cross-entropy, SGD; it returns the updated
weights and the loss. jax.jit's time is the median of --reps warmed-up calls
(block_until_ready); tofu-run's the median of --reps runs' "entry" time
(tofu-run m.mlir --entry main --inputs DIR, every run on the same inputs),
the two alternating. Prints both, their ratio, and the largest relative
error of tofu-run's results against JAX's.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]


def make_step(layers):
    import jax
    import jax.numpy as jnp

    def loss_fn(ws, x, labels):
        h = x
        for w in ws[:-1]:
            h = jax.nn.relu(h @ w)
        logits = h @ ws[-1]
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.sum(labels * logp, axis=-1))

    def step(*args):
        ws, x, labels = list(args[:layers + 1]), args[layers + 1], args[layers + 2]
        loss, grads = jax.value_and_grad(loss_fn)(ws, x, labels)
        return (*[w - 0.01 * g for w, g in zip(ws, grads)], loss)

    return step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--width", type=int, default=1024)
    ap.add_argument("--layers", type=int, default=3, help="hidden layers")
    ap.add_argument("--classes", type=int, default=256)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--partition", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    import jax

    rng = np.random.default_rng(0)
    dims = [args.width] * (args.layers + 1) + [args.classes]
    ws = [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32)
          for a, b in zip(dims[:-1], dims[1:])]
    x = rng.standard_normal((args.batch, args.width)).astype(np.float32)
    labels = np.eye(args.classes, dtype=np.float32)[rng.integers(0, args.classes, args.batch)]
    inputs = [*ws, x, labels]
    step = jax.jit(make_step(args.layers))
    want = [np.asarray(r) for r in step(*inputs)]
    jax.block_until_ready(step(*inputs))
    jax_times, tofu_times = [], []
    with tempfile.TemporaryDirectory() as tmp:
        module = Path(tmp, "m.mlir")
        module.write_text(step.lower(*inputs).as_text())
        in_dir, out_dir = Path(tmp, "in"), Path(tmp, "out")
        in_dir.mkdir()
        for i, a in enumerate(inputs):
            np.save(in_dir / f"arg{i}.npy", a)
        cmd = [str(Path(args.build, "bin", "tofu-run")), str(module), "--entry", "main",
               "--inputs", str(in_dir), "--outputs", str(out_dir), "--timeout", "3600"]
        if args.ranks > 1:
            cmd += ["--ranks", str(args.ranks)]
        if args.partition:
            cmd.append("--partition")
        for _ in range(args.reps):
            t = time.perf_counter()
            jax.block_until_ready(step(*inputs))
            jax_times.append(time.perf_counter() - t)
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode:
                sys.exit(f"{' '.join(cmd)} failed:\n{p.stdout}{p.stderr}")
            tofu_times.append(max(float(s) for s in re.findall(r"entry ([\d.]+) s", p.stdout)))
        got = [np.load(f) for f in sorted(out_dir.glob("*.npy"),
                                          key=lambda f: int(re.sub(r"\D", "", f.stem)))]
    err = max(float(np.max(np.abs(g - w) / np.maximum(np.abs(w), 1e-2 * np.max(np.abs(w)))))
              for g, w in zip(got, want))
    row = {"batch": args.batch, "width": args.width, "layers": args.layers,
           "classes": args.classes, "ranks": args.ranks, "partition": args.partition,
           "jax_s": statistics.median(jax_times), "tofu_s": statistics.median(tofu_times),
           "jax_s_all": jax_times, "tofu_s_all": tofu_times, "max_rel_err": err}
    row["ratio"] = row["tofu_s"] / row["jax_s"]
    print(f"MLP {args.layers}x{args.width}, batch {args.batch}, {args.ranks} rank(s)"
          f"{' partitioned' if args.partition else ''}: jax.jit {row['jax_s']:.4f} s, "
          f"tofu-run {row['tofu_s']:.4f} s, ratio {row['ratio']:.2f}x, "
          f"max relative error {err:.2g}")
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
