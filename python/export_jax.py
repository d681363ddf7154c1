#!/usr/bin/env python3
"""Export JAX training steps as StableHLO text with reference inputs/outputs.

Usage::

    python3 python/export_jax.py [--out test/Integration/Frontends/jax/Inputs]

For each model this writes ``<name>.mlir`` (the text of
``jax.jit(step).lower(*args).as_text()``, unchanged), ``<name>.inputs.npz``
(the arguments of ``@main`` in order, ``arg0``, ``arg1``, ...; the step is
jitted with ``keep_unused=True`` so that ``@main`` keeps every flattened
argument, and the script checks @main's signature against them) and
``<name>.outputs.npz`` (the results JAX computes, ``out0``, ...). The files
are committed so that tests need neither JAX nor the network.

Models:

* ``mlp``: a two-layer MLP (ReLU, log-softmax cross-entropy) training step:
  ``jax.value_and_grad`` of the loss followed by an SGD update, inside
  ``jax.jit``; returns (loss, updated parameters...).
* ``cnn``: a convolution + batch norm + ReLU + 2x2 max pooling + dense
  layer training step (conv, reduce_window and, in the gradient,
  select_and_scatter).
* ``attention``: an embedding lookup (gather) + one self-attention head +
  a dense layer training step (batched dot_general, softmax, and, in the
  gradient, scatter).
* ``transformer``: a pre-LN transformer block (token + position embedding,
  layer norm, two-head causal self-attention, GELU MLP, residuals) with the
  embedding tied to the output projection, trained on next-token
  cross-entropy.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np

import jax
import jax.numpy as jnp

LR = 0.1


def _sgd(loss_fn):
    def step(params, *data):
        loss, grads = jax.value_and_grad(loss_fn)(params, *data)
        return (loss, *[p - LR * g for p, g in zip(params, grads)])

    return step


def mlp_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = jax.nn.relu(x @ w1 + b1)
    logits = h @ w2 + b2
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def cnn_loss(params, x, y):
    w, gamma, beta, wd = params
    h = jax.lax.conv_general_dilated(
        x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    # Batch norm with batch statistics (training mode). The variance is
    # written out: jnp.var emits chlo.square, which is not StableHLO.
    m = h.mean(axis=(0, 1, 2))
    var = ((h - m) * (h - m)).mean(axis=(0, 1, 2))
    h = (h - m) * jax.lax.rsqrt(var + 1e-5) * gamma + beta
    h = jax.nn.relu(h)
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    logits = h.reshape(h.shape[0], -1) @ wd
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def attention_loss(params, tokens, y):
    emb, wq, wk, wv, wo = params
    e = emb[tokens]  # (batch, seq, d)
    q, k, v = e @ wq, e @ wk, e @ wv
    a = jax.nn.softmax(jnp.einsum("bsd,btd->bst", q, k) / jnp.sqrt(q.shape[-1]))
    h = jnp.einsum("bst,btd->bsd", a, v)
    logits = jnp.tanh(h.mean(axis=1)) @ wo
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


TF_HEADS, TF_DIM, TF_SEQ, TF_BATCH, TF_VOCAB, TF_HIDDEN = 2, 8, 6, 2, 11, 16


def _layer_norm(x, g):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) * jax.lax.rsqrt(v + 1e-5) * g


def transformer_loss(params, tokens, targets):
    emb, wq, wk, wv, wo, w1, w2, g1, g2, pos = params
    b, s, h, d = TF_BATCH, TF_SEQ, TF_HEADS, TF_DIM
    x = emb[tokens] + pos
    y = _layer_norm(x, g1)
    q = (y @ wq).reshape(b, s, h, d // h)
    k = (y @ wk).reshape(b, s, h, d // h)
    v = (y @ wv).reshape(b, s, h, d // h)
    a = jnp.einsum("bshd,bthd->bhst", q, k) / np.sqrt(d // h)
    a = jnp.where(jnp.tril(jnp.ones((s, s), bool)), a, -1e9)
    a = jax.nn.softmax(a, axis=-1)
    x = x + jnp.einsum("bhst,bthd->bshd", a, v).reshape(b, s, d) @ wo
    x = x + jax.nn.gelu(_layer_norm(x, g2) @ w1) @ w2
    logits = x @ emb.T
    onehot = jax.nn.one_hot(targets, TF_VOCAB)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * onehot, axis=-1))


def _onehot(rng, n, k):
    return np.eye(k, dtype=np.float32)[rng.integers(0, k, size=n)]


def models(rng):
    f = lambda *s: (rng.standard_normal(s) * 0.5).astype(np.float32)  # noqa: E731
    yield "mlp", mlp_loss, [f(8, 16), f(16), f(16, 4), f(4)], [f(6, 8), _onehot(rng, 6, 4)]
    yield "cnn", cnn_loss, [f(3, 3, 2, 4), 1 + f(4), f(4), f(4 * 4 * 4, 3)], [
        f(2, 8, 8, 2), _onehot(rng, 2, 3)]
    tokens = rng.integers(0, 10, size=(2, 5)).astype(np.int32)
    yield "attention", attention_loss, [f(10, 8), f(8, 8), f(8, 8), f(8, 8), f(8, 3)], [
        tokens, _onehot(rng, 2, 3)]
    d, v, hid = TF_DIM, TF_VOCAB, TF_HIDDEN
    tf_params = [f(v, d), f(d, d), f(d, d), f(d, d), f(d, d), f(d, hid), f(hid, d),
                 1 + f(d), 1 + f(d), f(TF_SEQ, d)]
    seq = rng.integers(0, v, size=(TF_BATCH, TF_SEQ + 1)).astype(np.int32)
    yield "transformer", transformer_loss, tf_params, [seq[:, :-1].copy(), seq[:, 1:].copy()]


def check_signature(name, text, flat_inputs):
    """Refuses an export whose @main does not take the saved inputs in order."""
    header = re.search(r"func\.func public @main\((.*?)\)\s*(->|\{)", text, re.S)
    if header is None:
        raise SystemExit(f"{name}: no @main in the lowered module")
    types = re.findall(r"%arg\d+: tensor<([^>]*)>", header.group(1))
    if len(types) != len(flat_inputs):
        raise SystemExit(f"{name}: @main takes {len(types)} arguments, "
                         f"{len(flat_inputs)} inputs were flattened")
    for i, (t, a) in enumerate(zip(types, flat_inputs)):
        dims = "x".join(str(d) for d in a.shape)
        if not t.startswith(dims + "x" if dims else ""):
            raise SystemExit(f"{name}: @main argument {i} is tensor<{t}>, "
                             f"input arg{i} has shape {a.shape}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent
                                               / "test" / "Integration" / "Frontends" / "jax" / "Inputs"))
    parser.add_argument("--only", nargs="*", help="export only these models")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    for name, loss_fn, params, data in models(rng):
        if args.only and name not in args.only:
            continue
        # keep_unused: jax.jit drops arguments the step does not read from
        # @main, which would shift every later argN.npy onto the wrong
        # parameter.
        step = jax.jit(_sgd(loss_fn), keep_unused=True)
        text = step.lower(params, *data).as_text()
        results = [np.asarray(r) for r in step(params, *data)]
        flat_inputs = jax.tree_util.tree_leaves((params, *data))
        check_signature(name, text, flat_inputs)
        (out / f"{name}.mlir").write_text(text)
        np.savez(out / f"{name}.inputs.npz", **{f"arg{i}": a for i, a in enumerate(flat_inputs)})
        np.savez(out / f"{name}.outputs.npz", **{f"out{i}": r for i, r in enumerate(results)})
        print(f"{name}: {len(flat_inputs)} inputs, {len(results)} outputs, jax {jax.__version__}")


if __name__ == "__main__":
    main()
