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
def test_train_step_matches_jax(model, gpus):
    loss, params, batch = zoo_model(model)
    step = tofu.jax.train_step(lambda p, b: loss(p, *b), params, batch, gpus=gpus)
    assert step.report["gpus"] == gpus
    value, updated = step.run(params, batch)
    ref_value, ref_updated = jax_train_step(loss, params, batch)
    assert len(updated) == len(ref_updated) == len(params)
    assert max_relative_error([ref_value, *ref_updated], [value, *updated]) <= RTOL


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
