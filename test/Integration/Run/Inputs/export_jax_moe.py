#!/usr/bin/env python3
"""Exports a JAX mixture-of-experts training step, with JAX's results.

    python3 test/Integration/Run/Inputs/export_jax_moe.py [--out DIR]

Writes into DIR (default: jax-moe/ next to this script) step.mlir, unchanged
from jax.jit(step, keep_unused=True).lower(...).as_text() (JAX 0.10.2) with
a one-line comment on top, and step-in/ (argN.npy) and step-want/
(resultN.npy, what JAX computed on them).

The layer: T tokens of width D, a router (D x E), E experts (ReLU MLPs
D -> H -> D, weights stacked E x D x H and E x H x D), top-k routing with
jax.lax.top_k, gates renormalised over the k chosen, each expert taking at
most C = ceil(capacity_factor * T * k / E) tokens (a token's position in its
expert's queue from a cumulative sum over the one-hot dispatch; tokens past
capacity are dropped), the one-hot dispatch and combine written as einsums
(as Switch / GShard-style code does), and Switch's load-balancing loss
E * sum_e f_e * p_e added to the MSE with weight 0.01. One SGD step:
@main(wg, w1, w2, x, y) -> (loss, wg', w1', w2'). The tests need neither JAX
nor this script.
"""
import argparse
import math
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

T, D, E, H, K = 8, 6, 4, 8, 2
CAPACITY_FACTOR = 1.0
CAPACITY = math.ceil(CAPACITY_FACTOR * T * K / E)
LR, AUX = 0.1, 0.01


def moe_loss(params, x, y):
    wg, w1, w2 = params
    probs = jax.nn.softmax(x @ wg, axis=-1)                       # T x E
    top_p, top_e = jax.lax.top_k(probs, K)                        # T x K
    gates = top_p / jnp.sum(top_p, axis=-1, keepdims=True)
    choice = jax.nn.one_hot(top_e, E, dtype=x.dtype)              # T x K x E
    # Queue position of each (token, choice) in its expert, choices of
    # earlier tokens first; past capacity the token is dropped.
    flat = choice.reshape(T * K, E)
    position = (jnp.cumsum(flat, axis=0) - 1.0) * flat
    kept = flat * (position < CAPACITY)
    kept = kept.reshape(T, K, E)
    combine = jnp.einsum("tk,tke->te", gates, kept)               # T x E
    dispatch = (combine > 0).astype(x.dtype)
    expert_in = jnp.einsum("te,td->etd", dispatch, x)             # E x T x D
    h = jax.nn.relu(jnp.einsum("etd,edh->eth", expert_in, w1))
    expert_out = jnp.einsum("eth,ehd->etd", h, w2)
    yhat = jnp.einsum("te,etd->td", combine, expert_out)
    f = jnp.mean(jnp.sum(choice, axis=1), axis=0) / K
    p = jnp.mean(probs, axis=0)
    return jnp.mean((yhat - y) ** 2) + AUX * E * jnp.sum(f * p)


def step(params, x, y):
    loss, grads = jax.value_and_grad(moe_loss)(params, x, y)
    return loss, tuple(p - LR * g for p, g in zip(params, grads))


def save(directory, prefix, arrays):
    directory.mkdir(parents=True, exist_ok=True)
    for i, a in enumerate(arrays):
        np.save(directory / f"{prefix}{i}.npy", np.asarray(a))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).parent / "jax-moe"))
    out = Path(p.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(36)
    f = np.float32
    params = (rng.normal(0, 1, (D, E)).astype(f), rng.normal(0, 0.5, (E, D, H)).astype(f),
              rng.normal(0, 0.5, (E, H, D)).astype(f))
    x = rng.normal(0, 1, (T, D)).astype(f)
    y = rng.normal(0, 1, (T, D)).astype(f)
    args = (params, x, y)
    text = jax.jit(step, keep_unused=True).lower(*args).as_text()
    what = (f"SGD step of a top-{K} mixture of {E} experts (capacity {CAPACITY}, "
            "load-balancing loss)")
    (out / "step.mlir").write_text(
        f"// {what}: exported by export_jax_moe.py (JAX {jax.__version__}).\n" + text)
    save(out / "step-in", "arg", jax.tree_util.tree_leaves(args))
    save(out / "step-want", "result",
         jax.tree_util.tree_leaves(jax.jit(step, keep_unused=True)(*args)))
    print(f"wrote {out}/step.mlir, step-in/, step-want/")


if __name__ == "__main__":
    main()
