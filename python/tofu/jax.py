"""tofu.jax: plan and run JAX functions (docs/python.md). Needs jax.

    import jax.numpy as jnp, tofu.jax
    p = tofu.jax.plan(lambda x, w: jnp.tanh(x @ w), x, w, gpus=4)
    y = p.run(x, w)                 # what the function returns, from 4 ranks

The function is lowered by JAX (``jax.jit(fn, keep_unused=True).lower``),
its StableHLO imported and planned in-process, and runs return JAX's own
output structure (pytrees) of numpy arrays.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import jax as _jax
import numpy as np

from . import _api


class JaxPlan(_api.FrameworkPlan):
    """A plan of a JAX function: `.run(*args)` returns what `fn(*args)` does."""

    def __init__(self, plan: _api.Plan, in_tree, out_tree, in_avals, params):
        super().__init__(plan)
        self._in_tree = in_tree
        self._out_tree = out_tree
        # What each flattened argument was lowered as (shape, dtype), and
        # the function's parameter names, to name an argument as the
        # caller wrote it.
        self._in_avals = list(in_avals)
        self._params = list(params)

    def run(self, *args, **kwargs) -> Any:
        flat, tree = _jax.tree_util.tree_flatten_with_path((args, {}))
        if tree != self._in_tree:
            raise TypeError(f"the arguments' structure {tree} is not the one planned, "
                            f"{self._in_tree}")
        arrays = [self._argument(path, x, aval)
                  for (path, x), aval in zip(flat, self._in_avals)]
        outputs = self.plan.run(arrays, **kwargs)
        return _jax.tree_util.tree_unflatten(self._out_tree, outputs)

    def _label(self, path) -> str:
        """An argument's leaf as the caller wrote it: `w`, `params[0]`,
        `args[2]['bias']` (path[0] is the (args, kwargs) pair's args)."""
        index = path[1].idx
        name = self._params[index] if index < len(self._params) else f"args[{index}]"
        return name + _jax.tree_util.keystr(tuple(path[2:]))

    def _argument(self, path, value, aval) -> np.ndarray:
        """`value` converted as JAX converts an argument of jit (without
        x64, float64 to float32 and int64 to int32; a Python number to the
        weakly typed scalar it was planned as), or a TofuError naming it
        when it is not what the plan was lowered for."""
        where = f"argument {self._label(path)}"
        planned = f"{aval.dtype.name}{list(aval.shape)}"
        try:
            array = np.asarray(value)
        except (TypeError, ValueError) as err:
            raise _api._error(f"{where} is not an array ({type(value).__name__}: {err}); "
                              f"the plan takes {planned}") from None
        if array.dtype.kind not in "biuf" and array.dtype.name != "bfloat16":
            raise _api._error(f"{where} is {_api._describe(value)}, not an array of "
                              f"numbers; the plan takes {planned}")
        dtype = _jax.dtypes.canonicalize_dtype(array.dtype)
        python_kinds = _api._PYTHON_NUMBER_KINDS.get(type(value), "")
        if dtype != aval.dtype and aval.weak_type and np.dtype(aval.dtype).kind in python_kinds:
            dtype = aval.dtype
        if dtype != aval.dtype or array.shape != tuple(aval.shape):
            raise _api._error(f"{where} is {dtype.name}{list(array.shape)}; the plan was "
                              f"lowered for {planned} (plan again for other shapes "
                              "or dtypes)")
        try:
            return np.asarray(value, dtype=aval.dtype) if python_kinds else \
                array.astype(aval.dtype, copy=False)
        except OverflowError as err:
            raise _api._error(f"{where} is {value}: {err}") from None


def plan(fn: Callable, *example_args, gpus: int = 8, **options) -> JaxPlan:
    """Lowers `fn` on `example_args` with JAX and plans it for `gpus` workers
    (options as tofu.plan)."""
    lowered = _jax.jit(fn, keep_unused=True).lower(*example_args)
    name = f"jax:{getattr(fn, '__name__', 'function')}"
    module = _api.load(lowered.as_text(), name=name)
    options.setdefault("entry", "main")
    return JaxPlan(_api.plan(module, gpus=gpus, **options), lowered.in_tree,
                   lowered.out_tree, _jax.tree_util.tree_leaves(lowered.in_avals),
                   _positional_names(fn))


def _positional_names(fn: Callable) -> list[str]:
    """The names of `fn`'s positional parameters, as far as they are known
    (a *args parameter ends them)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return []
    names = []
    for p in params:
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            break
        names.append(p.name)
    return names


def train_step(loss_fn: Callable, params, batch, *, lr: float = 0.1, gpus: int = 8,
               joint: bool = True, **options) -> JaxPlan:
    """Plans one SGD training step of `loss_fn(params, batch)`:
    `.run(params, batch)` returns (loss, updated params). With joint=True
    (the default) the joint planner chooses data x pipeline x tensor degrees,
    microbatches, schedule and ZeRO (options as tofu.plan(joint=True): data=,
    pipeline=, microbatches=, zero=, memory=, ...) and `.plan.degrees` says
    what it chose; joint=False plans Tofu's tensor partition over all
    `gpus` (--tofu-partition)."""
    if not _api._is_number(lr):
        raise TypeError(f"lr must be a number, got {_api._describe(lr)}")
    if not np.isfinite(lr):
        raise _api._error(f"lr must be a finite number, got {lr}")

    def step(params, batch):
        loss, grads = _jax.value_and_grad(loss_fn)(params, batch)
        return loss, _jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    step.__name__ = f"train_step_{getattr(loss_fn, '__name__', 'loss')}"
    return plan(step, params, batch, gpus=gpus, joint=joint, **options)
