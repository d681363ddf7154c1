"""tofu.jax: plan and run JAX functions (docs/python.md). Needs jax.

    import jax.numpy as jnp, tofu.jax
    p = tofu.jax.plan(lambda x, w: jnp.tanh(x @ w), x, w, gpus=4)
    y = p.run(x, w)                 # what the function returns, from 4 ranks

The function is lowered by JAX (``jax.jit(fn, keep_unused=True).lower``),
its StableHLO imported and planned in-process, and runs return JAX's own
output structure (pytrees) of numpy arrays.
"""

from __future__ import annotations

from typing import Any, Callable

import jax as _jax
import numpy as np

from . import _api


class JaxPlan(_api.FrameworkPlan):
    """A plan of a JAX function: `.run(*args)` returns what `fn(*args)` does."""

    def __init__(self, plan: _api.Plan, in_tree, out_tree):
        super().__init__(plan)
        self._in_tree = in_tree
        self._out_tree = out_tree

    def run(self, *args, **kwargs) -> Any:
        leaves, tree = _jax.tree_util.tree_flatten((args, {}))
        if tree != self._in_tree:
            raise TypeError(f"the arguments' structure {tree} is not the one planned, "
                            f"{self._in_tree}")
        outputs = self.plan.run([np.asarray(x) for x in leaves], **kwargs)
        return _jax.tree_util.tree_unflatten(self._out_tree, outputs)


def plan(fn: Callable, *example_args, gpus: int = 8, **options) -> JaxPlan:
    """Lowers `fn` on `example_args` with JAX and plans it for `gpus` workers
    (options as tofu.plan)."""
    lowered = _jax.jit(fn, keep_unused=True).lower(*example_args)
    name = f"jax:{getattr(fn, '__name__', 'function')}"
    module = _api.load(lowered.as_text(), name=name)
    options.setdefault("entry", "main")
    return JaxPlan(_api.plan(module, gpus=gpus, **options), lowered.in_tree,
                   lowered.out_tree)


def train_step(loss_fn: Callable, params, batch, *, lr: float = 0.1, gpus: int = 8,
               **options) -> JaxPlan:
    """Plans one SGD training step of `loss_fn(params, batch)`:
    `.run(params, batch)` returns (loss, updated params)."""

    def step(params, batch):
        loss, grads = _jax.value_and_grad(loss_fn)(params, batch)
        return loss, _jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    step.__name__ = f"train_step_{getattr(loss_fn, '__name__', 'loss')}"
    return plan(step, params, batch, gpus=gpus, **options)
