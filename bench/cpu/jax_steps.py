#!/usr/bin/env python3
"""JAX training steps on the CPU: jax.jit against tofu-run on the same
StableHLO (`jax.jit(step).lower(...).as_text()`), side by side.

  python3 bench/cpu/jax_steps.py [--model mlp|transformer|cnn] [--build build]
                                 [--reps 5] [--ranks 1] [--partition]
                                 [--threads N] [--json FILE] [size options]

The steps (forward + backward + SGD; each returns the updated parameters and
the loss): an MLP (relu layers, softmax cross-entropy), a pre-norm
transformer block (attention with softmax, GELU FFN), a small CNN (two 3x3
convolutions, average pooling, a dense layer). jax.jit's time is the median
of --reps warmed-up calls (block_until_ready); tofu-run's the median of
--reps runs' "entry" time (tofu-run m.mlir --entry main --inputs DIR, every
run on the same inputs, the slowest rank's), the two alternating. Prints
both, their ratio, and the largest relative error of tofu-run's results
against JAX's (per element |got - want| / max(|want|, 1e-2 max|want|)).
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


def mlp(args, rng):
    """relu layers, softmax cross-entropy."""
    import jax
    import jax.numpy as jnp

    dims = [args.width] * (args.layers + 1) + [args.classes]
    params = [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32)
              for a, b in zip(dims[:-1], dims[1:])]
    x = rng.standard_normal((args.batch, args.width)).astype(np.float32)
    labels = np.eye(args.classes, dtype=np.float32)[rng.integers(0, args.classes, args.batch)]

    def loss_fn(ws, x, labels):
        h = x
        for w in ws[:-1]:
            h = jax.nn.relu(h @ w)
        logp = jax.nn.log_softmax(h @ ws[-1])
        return -jnp.mean(jnp.sum(labels * logp, axis=-1))

    name = f"MLP {args.layers}x{args.width}, batch {args.batch}"
    return name, params, [x, labels], loss_fn


def transformer(args, rng):
    """One pre-norm block: layernorm, multi-head self-attention (softmax),
    layernorm, GELU FFN (4x), residuals; mean-square loss on the output."""
    import jax
    import jax.numpy as jnp

    d, h, s, b = args.model_dim, args.heads, args.seq, args.tokens_batch
    f = 4 * d

    def mat(a, c):
        return (rng.standard_normal((a, c)) / np.sqrt(a)).astype(np.float32)

    params = [mat(d, d), mat(d, d), mat(d, d), mat(d, d), mat(d, f), mat(f, d)]
    x = rng.standard_normal((b, s, d)).astype(np.float32)
    target = rng.standard_normal((b, s, d)).astype(np.float32)

    def norm(v):
        mu = jnp.mean(v, axis=-1, keepdims=True)
        var = jnp.mean((v - mu) ** 2, axis=-1, keepdims=True)
        return (v - mu) * jax.lax.rsqrt(var + 1e-5)

    def heads(v):
        return v.reshape(b, s, h, d // h).transpose(0, 2, 1, 3)

    def loss_fn(ws, x, target):
        wq, wk, wv, wo, w1, w2 = ws
        y = norm(x)
        q, k, v = heads(y @ wq), heads(y @ wk), heads(y @ wv)
        att = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / np.sqrt(d // h), axis=-1)
        o = (att @ v).transpose(0, 2, 1, 3).reshape(b, s, d)
        x = x + o @ wo
        x = x + jax.nn.gelu(norm(x) @ w1) @ w2
        return jnp.mean((x - target) ** 2)

    name = f"transformer block d={d}, {h} heads, {b}x{s} tokens"
    return name, params, [x, target], loss_fn


def cnn(args, rng):
    """Two 3x3 convolutions (NCHW) with relu, 2x2 average pooling after
    each, a dense layer, softmax cross-entropy."""
    import jax
    import jax.numpy as jnp

    n, c, hw, k = args.images, args.channels, args.image, args.classes_cnn

    def conv_w(o, i):
        return (rng.standard_normal((o, i, 3, 3)) / np.sqrt(9 * i)).astype(np.float32)

    flat = 2 * c * (hw // 4) ** 2
    params = [conv_w(c, 3), conv_w(2 * c, c),
              (rng.standard_normal((flat, k)) / np.sqrt(flat)).astype(np.float32)]
    x = rng.standard_normal((n, 3, hw, hw)).astype(np.float32)
    labels = np.eye(k, dtype=np.float32)[rng.integers(0, k, n)]

    def conv(v, w):
        return jax.lax.conv_general_dilated(v, w, (1, 1), "SAME",
                                            dimension_numbers=("NCHW", "OIHW", "NCHW"))

    def pool(v):
        nn, cc, hh, ww = v.shape
        return v.reshape(nn, cc, hh // 2, 2, ww // 2, 2).mean(axis=(3, 5))

    def loss_fn(ws, x, labels):
        w1, w2, w3 = ws
        v = pool(jax.nn.relu(conv(x, w1)))
        v = pool(jax.nn.relu(conv(v, w2)))
        logp = jax.nn.log_softmax(v.reshape(n, flat) @ w3)
        return -jnp.mean(jnp.sum(labels * logp, axis=-1))

    name = f"CNN {c}/{2 * c} channels, {n} images {hw}x{hw}"
    return name, params, [x, labels], loss_fn


MODELS = {"mlp": mlp, "transformer": transformer, "cnn": cnn}


def sgd_step(loss_fn, nparams):
    """The training step: loss and gradients, then SGD; returns the updated
    parameters and the loss, parameters and data as flat arguments."""
    import jax

    def step(*args):
        ws, data = list(args[:nparams]), args[nparams:]
        loss, grads = jax.value_and_grad(loss_fn)(ws, *data)
        return (*[w - 0.01 * g for w, g in zip(ws, grads)], loss)

    return step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", choices=sorted(MODELS), default="mlp")
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--batch", type=int, default=512, help="mlp")
    ap.add_argument("--width", type=int, default=1024, help="mlp")
    ap.add_argument("--layers", type=int, default=3, help="mlp hidden layers")
    ap.add_argument("--classes", type=int, default=256, help="mlp")
    ap.add_argument("--model-dim", type=int, default=512, help="transformer")
    ap.add_argument("--heads", type=int, default=8, help="transformer")
    ap.add_argument("--seq", type=int, default=256, help="transformer")
    ap.add_argument("--tokens-batch", type=int, default=4, help="transformer")
    ap.add_argument("--images", type=int, default=32, help="cnn batch")
    ap.add_argument("--channels", type=int, default=32, help="cnn")
    ap.add_argument("--image", type=int, default=32, help="cnn side")
    ap.add_argument("--classes-cnn", type=int, default=10, help="cnn")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--partition", action="store_true")
    ap.add_argument("--threads", type=int, help="tofu-run --threads (default: automatic)")
    ap.add_argument("--json")
    args = ap.parse_args()
    import jax

    rng = np.random.default_rng(0)
    name, params, data, loss_fn = MODELS[args.model](args, rng)
    inputs = [*params, *data]
    step = jax.jit(sgd_step(loss_fn, len(params)))
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
        if args.threads:
            cmd += ["--threads", str(args.threads)]
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
    if len(got) != len(want):
        sys.exit(f"tofu-run wrote {len(got)} results, JAX returns {len(want)}")
    err = max(float(np.max(np.abs(g - w) / np.maximum(np.abs(w), 1e-2 * np.max(np.abs(w)))))
              for g, w in zip(got, want))
    row = {"model": args.model, "name": name, "ranks": args.ranks,
           "partition": args.partition, "threads": args.threads, "jax": jax.__version__,
           "jax_s": statistics.median(jax_times), "tofu_s": statistics.median(tofu_times),
           "jax_s_all": jax_times, "tofu_s_all": tofu_times, "max_rel_err": err}
    row["ratio"] = row["tofu_s"] / row["jax_s"]
    print(f"{name}, {args.ranks} rank(s){' partitioned' if args.partition else ''}: "
          f"jax.jit {row['jax_s']:.4f} s, tofu-run {row['tofu_s']:.4f} s, "
          f"ratio {row['ratio']:.2f}x, max relative error {err:.2g}")
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=1) + "\n")
    return 0 if err <= 2e-3 else 1


if __name__ == "__main__":
    sys.exit(main())
