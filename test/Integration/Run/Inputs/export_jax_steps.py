#!/usr/bin/env python3
"""Exports the JAX training steps the step-roles tests pipeline.

    python3 test/Integration/Run/Inputs/export_jax_steps.py [--out DIR]

Writes, unchanged from jax.jit(step, keep_unused=True).lower(...).as_text()
(JAX 0.10.2), with a one-line comment on top:
  jax-sgd-step.mlir   jax.value_and_grad of a 2-layer MLP's MSE loss + SGD;
                      @main(w1, b1, w2, b2, x, y) -> (loss, w1', b1', w2', b2')
  jax-adam-step.mlir  the same loss + Adam with its step counter;
                      @main(w1, b1, w2, b2, m x4, v x4, t, x, y)
                      -> (loss, params' x4, m' x4, v' x4, t')
  jax-deep-sgd-step.mlir
                      jax.value_and_grad of a 4-layer MLP's MSE + SGD, each
                      layer under jax.named_scope("l<i>") and exported with
                      its locations (as_text(debug_info=True)), so that the
                      importer's op names carry the layers the planner cuts
                      into pipeline stages;
                      @main(w0, b0, ..., w3, b3, x, y) -> (loss, params' x8)
The steps carry no tofu.* attribute: --tofu-place finds their roles from
the dataflow. The tests need neither JAX nor this script.
"""
import argparse
from pathlib import Path

import jax
import jax.numpy as jnp

BATCH, IN, HIDDEN, OUT = 8, 6, 8, 4
LR, B1, B2, EPS = 0.05, 0.9, 0.999, 1e-8


def loss_fn(params, x, y):
    w1, b1, w2, b2 = params
    h = jax.nn.relu(x @ w1 + b1)
    return jnp.mean((h @ w2 + b2 - y) ** 2)


def sgd_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return loss, tuple(p - LR * g for p, g in zip(params, grads))


def adam_step(params, m, v, t, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    t1 = t + 1
    tf = t1.astype(jnp.float32)
    new_m = tuple(B1 * mi + (1 - B1) * g for mi, g in zip(m, grads))
    new_v = tuple(B2 * vi + (1 - B2) * g * g for vi, g in zip(v, grads))
    new_p = tuple(
        p - LR * (mi / (1 - B1**tf)) / (jnp.sqrt(vi / (1 - B2**tf)) + EPS)
        for p, mi, vi in zip(params, new_m, new_v))
    return loss, new_p, new_m, new_v, t1


DEEP_LAYERS, DEEP_WIDTH = 4, 8


def deep_loss_fn(params, x, y):
    # The last layer's scope holds the loss too: JAX's gradient of its bias
    # comes out of the loss's ops, and a layer's gradient must come from
    # ops of that layer for the planner to cut the step at the layers.
    h = x
    for i, (w, b) in enumerate(params):
        with jax.named_scope(f"l{i}"):
            h = h @ w + b
            if i < len(params) - 1:
                h = jax.nn.relu(h)
            else:
                loss = jnp.mean((h - y) ** 2)
    return loss


def deep_sgd_step(params, x, y):
    loss, grads = jax.value_and_grad(deep_loss_fn)(params, x, y)
    return loss, jax.tree.map(lambda p, g: p - LR * g, params, grads)


def deep_shapes():
    f = jnp.float32
    layer = (jax.ShapeDtypeStruct((DEEP_WIDTH, DEEP_WIDTH), f),
             jax.ShapeDtypeStruct((DEEP_WIDTH,), f))
    x = jax.ShapeDtypeStruct((BATCH, DEEP_WIDTH), f)
    return tuple(layer for _ in range(DEEP_LAYERS)), x, x


def shapes():
    f = jnp.float32
    params = (jax.ShapeDtypeStruct((IN, HIDDEN), f), jax.ShapeDtypeStruct((HIDDEN,), f),
              jax.ShapeDtypeStruct((HIDDEN, OUT), f), jax.ShapeDtypeStruct((OUT,), f))
    x = jax.ShapeDtypeStruct((BATCH, IN), f)
    y = jax.ShapeDtypeStruct((BATCH, OUT), f)
    return params, x, y


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).parent))
    out = Path(p.parse_args().out)
    params, x, y = shapes()
    t = jax.ShapeDtypeStruct((), jnp.int32)
    exports = {
        "jax-sgd-step.mlir": ("jax.value_and_grad + SGD of a 2-layer MLP (MSE)",
                              jax.jit(sgd_step, keep_unused=True).lower(params, x, y)),
        "jax-adam-step.mlir": ("jax.value_and_grad + Adam (m, v, step counter) of a 2-layer MLP (MSE)",
                               jax.jit(adam_step, keep_unused=True).lower(params, params, params, t, x, y)),
    }
    deep = jax.jit(deep_sgd_step, keep_unused=True).lower(*deep_shapes())
    for name, (what, lowered) in exports.items():
        text = lowered.as_text()
        (out / name).write_text(f"// {what}: exported by export_jax_steps.py (JAX {jax.__version__}).\n" + text)
        print(f"wrote {out / name}")
    # Locations name the script's path; the relative one keeps the file the
    # same wherever it is exported.
    text = deep.as_text(debug_info=True).replace(str(Path(__file__).resolve()),
                                                 "export_jax_steps.py")
    what = ("jax.value_and_grad + SGD of a 4-layer MLP (MSE), layers under "
            "jax.named_scope, with locations")
    (out / "jax-deep-sgd-step.mlir").write_text(
        f"// {what}: exported by export_jax_steps.py (JAX {jax.__version__}).\n" + text)
    print(f"wrote {out / 'jax-deep-sgd-step.mlir'}")


if __name__ == "__main__":
    main()
