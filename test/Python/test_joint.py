"""tofu.plan(..., joint=True): the joint planner's data x pipeline x tensor
plans of zoo training steps, run on MPI ranks and compared with the
unpartitioned step run on one rank (fp32, relative error <= 1e-5 with a
floor of 1% of each tensor's largest magnitude, the bound of
test/Integration/Run/planned-*.test)."""

from __future__ import annotations

import pytest

import tofu
from conftest import max_relative_error, random_inputs

RTOL = 1e-5
MLP = ("mlp", "--layers=4", "--hidden=16", "--batch=16")


@pytest.fixture(scope="module")
def mlp_step(zoo):
    module = tofu.load(zoo(*MLP))
    inputs = random_inputs(module, "train_step", seed=3)
    return module, inputs, tofu.run(module, inputs, entry="train_step")


@pytest.mark.parametrize("pins, degrees", [
    ({}, None),
    ({"data": 2, "pipeline": 2, "microbatches": 2, "zero": 1},
     {"data": 2, "pipeline": 2, "tensor": 1, "microbatches": 2, "zero": 1}),
    ({"data": 1, "pipeline": 2, "tensor": 2, "microbatches": 2, "schedule": "gpipe"},
     {"data": 1, "pipeline": 2, "tensor": 2, "microbatches": 2, "schedule": "gpipe"}),
    ({"data": 4, "zero": 3}, {"data": 4, "pipeline": 1, "tensor": 1, "zero": 3}),
])
def test_joint_plan_runs_and_matches(mlp_step, pins, degrees):
    module, inputs, reference = mlp_step
    plan = tofu.plan(module, gpus=4, machine="k80-pcie", memory=0, joint=True, **pins)
    chosen = plan.degrees
    assert chosen["data"] * chosen["pipeline"] * chosen["tensor"] == plan.gpus == 4
    for key, value in (degrees or {}).items():
        assert chosen[key] == value, (key, chosen)
    table = plan.table()
    assert table.startswith("Plan for @train_step: 4 x k80-pcie")
    assert (f"degrees: data {chosen['data']} x pipeline {chosen['pipeline']} x tensor "
            f"{chosen['tensor']}") in table
    assert "estimated step:" in table and "peak memory per device (estimate):" in table
    assert plan.estimated_step_seconds > 0 and plan.peak_memory_bytes > 0
    outputs = plan.run(inputs)
    assert len(outputs) == len(reference)
    assert max_relative_error(reference, outputs) <= RTOL


def test_joint_plan_errors(zoo, mlp_step):
    module = mlp_step[0]
    with pytest.raises(tofu.TofuError, match="data=3 does not divide the 4 devices") as err:
        tofu.plan(module, gpus=4, joint=True, data=3)
    assert err.value.location is not None
    with pytest.raises(tofu.TofuError, match="zero must be one of chosen, 0, 1, 2, 3"):
        tofu.plan(module, gpus=4, joint=True, zero=5)
    with pytest.raises(TypeError, match=r"tofu.plan\(joint=True\) has no option 'levels'"):
        tofu.plan(module, gpus=4, joint=True, levels=[2])
    with pytest.raises(TypeError, match="joint must be True or False"):
        tofu.plan(module, gpus=4, joint="yes")
    with pytest.raises(tofu.PlanDoesNotFit, match="smallest peak found is"):
        tofu.plan(module, gpus=4, joint=True, memory="1kB")
    step = zoo("mlp", "--layers=2", "--hidden=8", "--batch=4")
    forward = tofu.load(step.with_name(step.name.replace("-step", "")))  # before autodiff
    with pytest.raises(tofu.TofuError, match="materialize=true carries out training steps"):
        tofu.plan(forward, gpus=2, joint=True)
