"""tofu.jax.shard and --tofu-export-sharding's output run by XLA on 4 host
devices (run by jax-shard.test in its own process: XLA_FLAGS must give 4
host devices before JAX is imported, which the other tests must not see)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import numpy as np
import pytest

jax = pytest.importorskip("jax")
from jax.sharding import Mesh  # noqa: E402

import tofu  # noqa: E402
import tofu.jax  # noqa: E402
from conftest import SRC, max_relative_error, tool_env, tools_dir  # noqa: E402

sys.path.append(str(SRC / "bench" / "cpu"))
import jax_steps  # noqa: E402

SIZES = argparse.Namespace(
    batch=16, width=32, layers=2, classes=8,
    model_dim=16, heads=4, seq=8, tokens_batch=4,
    images=8, channels=4, image=8, classes_cnn=4)
MESHES = [(4,), (1, 4), (2, 2)]


@pytest.fixture(autouse=True)
def partitioner(request):
    """Each test names its partitioner; JAX's default (Shardy) comes back."""
    yield
    jax.config.update("jax_use_shardy_partitioner", True)


def _step(model: str):
    _, params, data, loss_fn = jax_steps.MODELS[model](SIZES, np.random.default_rng(0))
    return jax_steps.sgd_step(loss_fn, len(params)), [*params, *data]


def _mesh(shape):
    assert len(jax.devices()) == 4, "jax-shard.test gives JAX 4 host devices"
    names = ("a", "b")[:len(shape)]
    return Mesh(np.array(jax.devices()).reshape(shape), names)


@pytest.mark.parametrize("shardy", [True, False], ids=["shardy", "gspmd"])
@pytest.mark.parametrize("shape", MESHES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("model", ["mlp", "transformer", "cnn"])
def test_shard_matches_one_device(model, shape, shardy):
    jax.config.update("jax_use_shardy_partitioner", shardy)
    step, inputs = _step(model)
    want = [np.asarray(r) for r in jax.jit(step)(*inputs)]
    mesh = _mesh(shape)
    sharded = tofu.jax.shard(step, *inputs, mesh=mesh)
    got = sharded(*inputs)
    assert max_relative_error(want, [np.asarray(g) for g in got]) <= 1e-4
    # XLA ran the plan: every argument is placed as Tofu's plan says.
    in_specs, _ = sharded.shardings()
    for arg, spec in zip(jax.tree_util.tree_leaves(
            jax.device_put(inputs, [jax.sharding.NamedSharding(mesh, s) for s in in_specs])),
            in_specs):
        assert arg.sharding.spec == spec
    assert sharded.plan.report["levels"] == [s for s in shape if s > 1]
    compiled = sharded.lower(*inputs).compile().as_text()
    assert "num_partitions=4" in compiled
    # The plan splits something across the devices.
    assert any(any(d is not None for d in s) for s in in_specs)


def test_shardings_name_the_mesh_axes():
    step, inputs = _step("mlp")
    sharded = tofu.jax.shard(step, *inputs, mesh=_mesh((2, 2)))
    in_specs, out_specs = sharded.shardings()
    assert len(in_specs) == len(inputs) and len(out_specs) == len(inputs) - 1
    used = {a for s in in_specs for d in s if d is not None
            for a in (d if isinstance(d, tuple) else (d,))}
    assert used <= {"a", "b"} and used
    assert sharded.summary["constraints"] > 0
    assert "sdy.sharding_constraint" in sharded.module


@pytest.mark.parametrize("shape", [(4,), (2, 2)], ids=["4", "2x2"])
@pytest.mark.parametrize("model", ["mlp", "transformer"])
def test_gspmd_strings_are_jaxs_own(model, shape):
    """The pass's mhlo.sharding strings of the arguments and results are the
    HloShardings JAX makes of the same PartitionSpecs (the devices in the
    same order), and every constraint's string is one XLA parses."""
    import re

    from jax._src.lib import xla_client

    jax.config.update("jax_use_shardy_partitioner", False)
    step, inputs = _step(model)
    mesh = _mesh(shape)
    sharded = tofu.jax.shard(step, *inputs, mesh=mesh)
    in_specs, out_specs = sharded.shardings()
    strings = re.findall(r'mhlo\.sharding = "([^"]*)"', sharded.module)
    boundary = list(in_specs) + list(jax.tree_util.tree_leaves(
        out_specs, is_leaf=lambda x: isinstance(x, jax.sharding.PartitionSpec)))
    values = list(inputs) + [np.asarray(r) for r in jax.jit(step)(*inputs)]
    assert len(strings) > len(boundary)
    for text, spec, value in zip(strings, boundary, values):
        want = jax.sharding.NamedSharding(mesh, spec)._to_xla_hlo_sharding(np.ndim(value))
        assert xla_client.HloSharding.from_string(text) == want, (text, spec, want)
    for text in strings[len(boundary):]:
        parsed = xla_client.HloSharding.from_string(text)
        assert parsed.is_replicated() or parsed.num_devices() == 4, text


def test_pytree_arguments_and_results():
    """A list of parameters and a dict batch in, (loss, list) out: the
    PartitionSpecs come back in the same structures."""
    import jax.numpy as jnp

    def loss(params, batch):
        h = jnp.tanh(batch["x"] @ params[0])
        return jnp.mean((h @ params[1] - batch["y"]) ** 2)

    def step(params, batch):
        value, grads = jax.value_and_grad(loss)(params, batch)
        return value, [p - 0.1 * g for p, g in zip(params, grads)]

    rng = np.random.default_rng(1)
    params = [rng.standard_normal((16, 32)).astype(np.float32),
              rng.standard_normal((32, 8)).astype(np.float32)]
    batch = {"x": rng.standard_normal((8, 16)).astype(np.float32),
             "y": rng.standard_normal((8, 8)).astype(np.float32)}
    sharded = tofu.jax.shard(step, params, batch, mesh=_mesh((2, 2)))
    in_specs, out_specs = sharded.shardings()
    assert isinstance(in_specs[0], list) and set(in_specs[1]) == {"x", "y"}
    assert isinstance(out_specs[1], list) and len(out_specs[1]) == 2
    want = jax.tree_util.tree_leaves(step(params, batch))
    got = jax.tree_util.tree_leaves(sharded(params, batch))
    assert max_relative_error(want, got) <= 1e-4


def test_partial_sums_left_to_xla():
    """partials=True: tensors Tofu holds as partial sums get no constraint;
    the results are still the step's."""
    step, inputs = _step("transformer")
    want = [np.asarray(r) for r in jax.jit(step)(*inputs)]
    sharded = tofu.jax.shard(step, *inputs, mesh=_mesh((2, 2)), partials=True)
    assert sharded.summary["unconstrained_partial"] > 0
    assert max_relative_error(want, [np.asarray(g) for g in sharded(*inputs)]) <= 1e-4


def test_mesh_the_plan_cannot_use():
    step, inputs = _step("mlp")
    # Three devices: every dimension of 16, 32 and 8 splits unevenly.
    mesh = Mesh(np.array(jax.devices()[:3]), ("x",))
    with pytest.raises(tofu.TofuError, match="unevenly"):
        tofu.jax.shard(step, *inputs, mesh=mesh)
    with pytest.raises(TypeError, match="jax.sharding.Mesh"):
        tofu.jax.shard(step, *inputs, mesh=(2, 2))


from jax._src.sharding_impls import GSPMDSharding  # noqa: E402


def _compile_text(text: str, shardy: bool):
    """XLA's executable of an annotated module, compiled as it is."""
    from jax._src import compiler, xla_bridge
    from jax._src.lib import xla_client

    devices = jax.devices()
    options = compiler.get_compile_options(
        num_replicas=1, num_partitions=4,
        device_assignment=np.array([d.id for d in devices]).reshape(1, 4))
    options.executable_build_options.use_spmd_partitioning = True
    options.executable_build_options.use_shardy_partitioner = shardy
    return xla_bridge.get_backend().compile_and_load(
        text, xla_client.DeviceList(tuple(devices)), options)


@pytest.mark.parametrize("dialect", ["sdy", "gspmd"])
def test_exported_module_compiles_and_runs_in_xla(dialect, tmp_path):
    """`tofu-opt --tofu-export-sharding` on JAX's MLP step (the committed
    export), compiled by XLA from its text and run on 4 devices."""
    inputs_dir = SRC / "test" / "Integration" / "Frontends" / "jax" / "Inputs"
    out = tmp_path / "annotated.mlir"
    subprocess.run([str(tools_dir() / "tofu-opt"), str(inputs_dir / "mlp.mlir"),
                    f"--tofu-export-sharding=dialect={dialect} gpus=4 levels=2,2 axes=a,b",
                    "-o", str(out)], check=True, env=tool_env())
    text = out.read_text()
    exe = _compile_text(text, shardy=dialect == "sdy")
    arrays = np.load(inputs_dir / "mlp.inputs.npz")
    want = np.load(inputs_dir / "mlp.outputs.npz")
    args = [arrays[f"arg{i}"] for i in range(len(arrays.files))]
    shardings = exe.get_parameter_shardings()
    mesh_devices = jax.devices()
    placed = [jax.device_put(a, GSPMDSharding(mesh_devices, s))
              for a, s in zip(args, shardings)]
    results = exe.execute_sharded(placed).disassemble_into_single_device_arrays()
    out_shardings = exe.get_output_shardings()
    got = []
    for shards, s, i in zip(results, out_shardings, range(len(want.files))):
        whole = jax.make_array_from_single_device_arrays(
            want[f"out{i}"].shape, GSPMDSharding(mesh_devices, s), shards)
        got.append(np.asarray(whole))
    assert max_relative_error([want[f"out{i}"] for i in range(len(want.files))], got) <= 1e-4
