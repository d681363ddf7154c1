#!/usr/bin/env python3
"""Exports the jax.random programs of the dropout tests, with JAX's results.

    python3 test/Integration/Run/Inputs/export_jax_dropout.py [--out DIR]

Writes into DIR (default: jax-dropout/ next to this script), each .mlir
unchanged from jax.jit(fn, keep_unused=True).lower(...).as_text() (JAX
0.10.2, threefry2x32, the default PRNG) with a one-line comment on top:
  bits.mlir   @main(seed: i32) -> (jax.random.bits (uint32) of shape 6x10,
              jax.random.uniform 6x10, jax.random.bernoulli(0.8) 6x10)
              from jax.random.PRNGKey(seed) split in two
  step.mlir   one SGD step of a 2-layer MLP with dropout (p = 0.2, from
              jax.random.bernoulli of PRNGKey(seed)) after the hidden layer:
              @main(w1, b1, w2, b2, x, y, seed) -> (loss, w1', b1', w2', b2')
and bits-in/, bits-want/, step-in/, step-want/: the inputs (argN.npy) and
what JAX computed on them (resultN.npy). tofu-run reads and writes the
unsigned bits as int32 arrays of the same bits (the import makes unsigned
types signless), so bits-want/result0.npy is JAX's uint32 result viewed as
int32. The tests need neither JAX nor this script.
"""
import argparse
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

BATCH, IN, HIDDEN, OUT = 8, 6, 8, 4
LR, KEEP = 0.1, 0.8


def bits_fn(seed):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return (jax.random.bits(k1, (6, 10), jnp.uint32), jax.random.uniform(k2, (6, 10)),
            jax.random.bernoulli(k1, KEEP, (6, 10)))


def loss_fn(params, x, y, key):
    w1, b1, w2, b2 = params
    h = jax.nn.relu(x @ w1 + b1)
    keep = jax.random.bernoulli(key, KEEP, h.shape)
    h = jnp.where(keep, h / KEEP, 0.0)
    return jnp.mean((h @ w2 + b2 - y) ** 2)


def step(params, x, y, seed):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, jax.random.PRNGKey(seed))
    return loss, tuple(p - LR * g for p, g in zip(params, grads))


def save(directory, prefix, arrays):
    directory.mkdir(parents=True, exist_ok=True)
    for i, a in enumerate(arrays):
        a = np.asarray(a)
        if a.dtype == np.uint32:
            a = a.view(np.int32)
        np.save(directory / f"{prefix}{i}.npy", a)


def export(out, name, what, fn, args):
    text = jax.jit(fn, keep_unused=True).lower(*args).as_text()
    (out / f"{name}.mlir").write_text(
        f"// {what}: exported by export_jax_dropout.py (JAX {jax.__version__}).\n" + text)
    results = jax.tree_util.tree_leaves(jax.jit(fn, keep_unused=True)(*args))
    save(out / f"{name}-in", "arg", jax.tree_util.tree_leaves(args))
    save(out / f"{name}-want", "result", results)
    print(f"wrote {out / name}.mlir, {name}-in/, {name}-want/")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).parent / "jax-dropout"))
    out = Path(p.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(36)
    f = np.float32
    params = (rng.normal(0, 0.5, (IN, HIDDEN)).astype(f), rng.normal(0, 0.1, HIDDEN).astype(f),
              rng.normal(0, 0.5, (HIDDEN, OUT)).astype(f), rng.normal(0, 0.1, OUT).astype(f))
    x = rng.normal(0, 1, (BATCH, IN)).astype(f)
    y = rng.normal(0, 1, (BATCH, OUT)).astype(f)
    seed = np.int32(1234567)
    export(out, "bits", "jax.random bits, uniform and bernoulli from PRNGKey(seed)", bits_fn,
           (seed,))
    export(out, "step", "SGD step of a 2-layer MLP with dropout (jax.random.bernoulli)", step,
           (params, x, y, seed))


if __name__ == "__main__":
    main()
