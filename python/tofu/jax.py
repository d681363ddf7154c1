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


# ---------------------------------------------------------------------------
# Tofu's plan executed by XLA (docs/xla.md)
# ---------------------------------------------------------------------------


class ShardedFunction:
    """`fn` jitted with Tofu's plan as XLA shardings (tofu.jax.shard).

    Calling it, `.lower(*args)` and `.lower(*args).compile()` work as for
    any `jax.jit` function (`.jitted` is that function). `.plan` is Tofu's
    plan (a tofu.Plan searched with the same options), `.shardings()` the
    (arguments, results) PartitionSpecs, `.module` the annotated StableHLO
    text XLA compiles."""

    def __init__(self, jitted, plan, in_specs, out_specs, module: str, summary: dict):
        self.jitted = jitted
        self.plan = plan
        self._in_specs = in_specs
        self._out_specs = out_specs
        self.module = module
        self.summary = summary

    def __call__(self, *args):
        return self.jitted(*args)

    def lower(self, *args):
        return self.jitted.lower(*args)

    def shardings(self):
        """(the arguments' PartitionSpecs, the results'), as pytrees like
        the arguments and the results."""
        return self._in_specs, self._out_specs


def _mesh_levels(mesh) -> tuple[list[str], list[int]]:
    """The mesh axes Tofu's levels are (axes of size 1 split nothing)."""
    if not isinstance(mesh, _jax.sharding.Mesh):
        raise TypeError(f"mesh must be a jax.sharding.Mesh, got {_api._describe(mesh)}")
    names = [str(n) for n, s in mesh.shape.items() if s > 1]
    sizes = [int(s) for s in mesh.shape.values() if s > 1]
    return names, sizes


def _spec(dims) -> "Any":
    from jax.sharding import PartitionSpec

    return PartitionSpec(*[None if not d else d[0] if len(d) == 1 else tuple(d)
                           for d in dims])


def _export_sharding(text: str, name: str, dialect: str, names, sizes, options):
    """Runs --tofu-export-sharding in-process on JAX's StableHLO text;
    returns the annotated text and the pass's JSON summary."""
    import json
    import tempfile
    from pathlib import Path

    module = _api.load(text, name=name)
    parts = [f"dialect={dialect}", f"gpus={int(np.prod(sizes)) if sizes else 1}",
             "entry=main"]
    if sizes:
        parts += [f"levels={','.join(map(str, sizes))}", f"axes={','.join(names)}"]
    writers = {"machine": _api._path_text, "strategy": _api._str_text,
               "objective": _api._str_text, "partials": _api._flag_text,
               "constraints": _api._flag_text}
    for key, value in options.items():
        if key not in writers:
            raise TypeError(f"tofu.jax.shard has no option {key!r} (options: "
                            f"{', '.join(sorted(writers))})")
        parts.append(f"{key}={writers[key](key, value)}")
    with tempfile.TemporaryDirectory(prefix="tofu-shard-") as tmp:
        path = Path(tmp) / "shardings.json"
        parts.append(f"shardings={_api._quoted('shardings', str(path))}")
        native, diags = module._native.run_pipeline(
            f"tofu-export-sharding{{{' '.join(parts)}}}")
        diags = _api._diagnostics(diags)
        if native is None:
            raise _api.TofuError(diags, f"cannot shard {name} over the mesh "
                                        f"{dict(zip(names, sizes)) or '(one device)'}")
        return native.text(), json.loads(path.read_text())


def shard(fn: Callable, *example_args, mesh, machine: str = "h200-nvlink",
          constraints: bool = True, **options) -> ShardedFunction:
    """Plans `fn` on `example_args` for the devices of `mesh` (its axes are
    Tofu's levels, outermost first; axes of size 1 are left unused) and
    returns it jitted with the plan as XLA shardings: in/out shardings for
    the arguments and results, and sharding constraints on the
    intermediates the plan fixes (Shardy's, or GSPMD's when
    jax_use_shardy_partitioner is off; constraints=False: none, XLA
    propagates from the arguments and results). Options: machine=,
    objective=, strategy=, partials= (as tofu.plan)."""
    import dataclasses

    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
    from jax.sharding import NamedSharding

    names, sizes = _mesh_levels(mesh)
    dialect = "sdy" if _jax.config.jax_use_shardy_partitioner else "gspmd"
    exported = _jax.export.export(_jax.jit(fn, keep_unused=True))(*example_args)
    name = f"jax:{getattr(fn, '__name__', 'function')}"
    # XLA holds no partial sums between ops: the plan keeps none (docs/xla.md).
    options = {"machine": machine, "partials": False, **options}
    text, summary = _export_sharding(exported.mlir_module(), name, dialect, names, sizes,
                                     {**options, "constraints": constraints})
    with jax_mlir.make_ir_context():
        bytecode = jax_mlir.module_to_bytecode(ir.Module.parse(text))
    in_specs = [_spec(d) for d in summary["arguments"]]
    out_specs = [_spec(d) for d in summary["results"]]
    in_sh = [NamedSharding(mesh, s) for s in in_specs]
    out_sh = [NamedSharding(mesh, s) for s in out_specs]
    annotated = dataclasses.replace(
        exported, mlir_module_serialized=bytecode, nr_devices=mesh.size,
        in_shardings_hlo=tuple(s._to_xla_hlo_sharding(a.ndim)
                               for s, a in zip(in_sh, exported.in_avals)),
        out_shardings_hlo=tuple(s._to_xla_hlo_sharding(a.ndim)
                                for s, a in zip(out_sh, exported.out_avals)))
    in_tree = _jax.tree_util.tree_unflatten(exported.in_tree, in_sh)[0]
    out_tree = _jax.tree_util.tree_unflatten(exported.out_tree, out_sh)
    jitted = _jax.jit(annotated.call, in_shardings=in_tree, out_shardings=out_tree)
    planned = _api.plan(_api.load(exported.mlir_module(), name=name),
                        gpus=int(np.prod(sizes)) if sizes else 1, entry="main",
                        levels=sizes or None, materialize=False, **options)
    return ShardedFunction(
        jitted, planned,
        _jax.tree_util.tree_unflatten(exported.in_tree, in_specs)[0],
        _jax.tree_util.tree_unflatten(exported.out_tree, out_specs), text, summary)
