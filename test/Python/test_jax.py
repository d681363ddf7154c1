"""tofu.jax: JAX functions and training steps planned, run on MPI ranks and
compared with JAX's own results (fp32, relative error <= 1e-4 with a floor of
1% of each tensor's largest magnitude)."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="JAX is not installed (scripts/setup.sh installs it)")
import jax.numpy as jnp  # noqa: E402

import export_jax  # noqa: E402
import tofu.jax  # noqa: E402
from conftest import max_relative_error  # noqa: E402

RTOL = 1e-4


def zoo_model(name):
    rng = np.random.default_rng(0)
    for model, loss, params, data in export_jax.models(rng):
        if model == name:
            return loss, params, tuple(data)
    raise KeyError(name)


def jax_train_step(loss, params, batch, lr=0.1):
    grads_loss = jax.jit(jax.value_and_grad(lambda p, b: loss(p, *b)))
    value, grads = grads_loss(params, batch)
    return value, [p - lr * g for p, g in zip(params, grads)]


@pytest.mark.parametrize("model", ["mlp", "transformer"])
@pytest.mark.parametrize("gpus", [2, 4])
@pytest.mark.parametrize("joint", [True, False])
def test_train_step_matches_jax(model, gpus, joint):
    loss, params, batch = zoo_model(model)
    step = tofu.jax.train_step(lambda p, b: loss(p, *b), params, batch, gpus=gpus,
                               joint=joint)
    assert step.plan.gpus == gpus
    if joint:
        assert "degrees: data" in step.table()
    value, updated = step.run(params, batch)
    ref_value, ref_updated = jax_train_step(loss, params, batch)
    assert len(updated) == len(ref_updated) == len(params)
    assert max_relative_error([ref_value, *ref_updated], [value, *updated]) <= RTOL


def test_train_step_pipelined_by_the_joint_planner():
    """A JAX value_and_grad + SGD step, with no autodiff attributes, cut into
    2 pipeline stages x 3 microbatches (and 2 replicas; the batch is 6) by
    the joint planner."""
    loss, params, batch = zoo_model("mlp")
    step = tofu.jax.train_step(lambda p, b: loss(p, *b), params, batch, gpus=4,
                               data=2, pipeline=2, microbatches=3, machine="k80-pcie",
                               memory=0)
    assert {k: step.plan.degrees[k] for k in ("data", "pipeline", "tensor", "microbatches")} \
        == {"data": 2, "pipeline": 2, "tensor": 1, "microbatches": 3}
    value, updated = step.run(params, batch)
    ref_value, ref_updated = jax_train_step(loss, params, batch)
    assert max_relative_error([ref_value, *ref_updated], [value, *updated]) <= 1e-5


def test_function_returns_its_pytree():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((12, 16)).astype(np.float32)
    w = rng.standard_normal((16, 6)).astype(np.float32)

    def f(x, w):
        h = x @ w
        return {"h": jnp.tanh(h), "total": jnp.sum(h)}

    p = tofu.jax.plan(f, x, w, gpus=4)
    out = p.run(x, w)
    ref = jax.jit(f)(x, w)
    assert set(out) == {"h", "total"}
    assert max_relative_error([ref["h"], ref["total"]], [out["h"], out["total"]]) <= RTOL
    with pytest.raises(TypeError, match="not the one planned"):
        p.run((x, w))


def test_readme_example(tmp_path):
    """The README's JAX example, run as it is written there."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = re.search(r"<!-- python-example -->\s*```python\n(.*?)```", readme, re.S)
    assert block, "the README has no <!-- python-example --> block"
    code = block.group(1)
    assert len(code.strip().splitlines()) <= 10
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["plan"].report["gpus"] == 4
    assert max_relative_error([scope["expected"]], [scope["y"]]) <= RTOL


def scaled(x, w, s, n, k):
    return jnp.tanh(x @ w) * s + n + k


def scaled_args():
    rng = np.random.default_rng(2)
    # What numpy makes by default: float64 and int64 arrays; Python numbers.
    return (rng.standard_normal((8, 16)), rng.standard_normal((16, 6)), 1.5, 3,
            np.arange(6))


def test_run_takes_the_arguments_it_was_planned_with():
    # JAX without x64 runs these as float32, int32 and weakly typed scalars;
    # the run wrote them as float64 and int64 .npy files that tofu-run
    # refused ("arg0.npy holds f64 values, @main takes f32").
    args = scaled_args()
    p = tofu.jax.plan(scaled, *args, gpus=2)
    out = p.run(*args)
    assert out.dtype == np.float32
    assert max_relative_error([jax.jit(scaled)(*args)], [out]) <= RTOL
    # Other Python numbers of the same kind, and Fortran-ordered arrays.
    x, w, _, _, k = args
    again = p.run(np.asfortranarray(x), w, 0.5, 2, k)
    assert max_relative_error([jax.jit(scaled)(x, w, 0.5, 2, k)], [again]) <= RTOL


@pytest.mark.parametrize("change, message", [
    (lambda a: (a[0][:, :8],) + a[1:],
     r"argument x is float32\[8, 8\]; the plan was lowered for float32\[8, 16\] \(plan "
     r"again for other shapes or dtypes\)"),
    (lambda a: (a[0].astype(np.int32),) + a[1:],
     r"argument x is int32\[8, 16\]; the plan was lowered for float32\[8, 16\]"),
    (lambda a: a[:2] + ("big",) + a[3:],
     r"argument s is str 'big', not an array of numbers; the plan takes float32\[\]"),
    (lambda a: a[:3] + (2**40,) + a[4:], r"argument n is 1099511627776: Python integer"),
    (lambda a: a[:3] + (2.5,) + a[4:],
     r"argument n is float32\[\]; the plan was lowered for int32\[\]"),
])
def test_run_names_an_argument_it_cannot_take(change, message):
    args = scaled_args()
    p = tofu.jax.plan(scaled, *args, gpus=2)
    with pytest.raises(tofu.TofuError, match=message) as err:
        p.run(*change(args))
    assert ".npy" not in str(err.value)


def test_run_names_a_pytree_leaf():
    def f(params, x):
        return x @ params["w"] + params["b"]

    params = {"w": np.ones((4, 2), np.float32), "b": np.zeros(2, np.float32)}
    x = np.ones((3, 4), np.float32)
    p = tofu.jax.plan(f, params, x, gpus=2)
    with pytest.raises(tofu.TofuError, match=r"argument params\['b'\] is float32\[3\]"):
        p.run({"w": params["w"], "b": np.zeros(3, np.float32)}, x)


@pytest.mark.parametrize("lr, error, message", [
    ("0.1", TypeError, "lr must be a number, got str '0.1'"),
    (float("nan"), tofu.TofuError, "lr must be a finite number, got nan"),
])
def test_train_step_lr(lr, error, message):
    with pytest.raises(error, match=message):
        tofu.jax.train_step(lambda p, b: (p * b).sum(), np.ones(4, np.float32),
                            np.ones(4, np.float32), lr=lr, gpus=2)
