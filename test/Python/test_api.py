"""The core API: load, plan, run, errors (docs/python.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tofu
from conftest import max_relative_error, random_inputs

# fp32 runs against the unpartitioned run: relative error <= 1e-4 with a
# floor of 1% of each tensor's largest magnitude (the same as the corpus).
RTOL = 1e-4

ZOO = {
    "mlp": ("mlp", "--layers=2", "--hidden=64", "--in=32", "--classes=8", "--batch=8"),
    "transformer": ("transformer", "--layers=1", "--hidden=16", "--heads=2", "--seq=4",
                    "--batch=2", "--vocab=12"),
    "rnn": ("rnn", "--layers=1", "--hidden=16", "--embed=8", "--steps=3", "--batch=4",
            "--vocab=10"),
    "wresnet": ("wresnet", "--depth=50", "--width=1", "--base-channels=4", "--image=16",
                "--batch=2", "--classes=4"),
}


def test_load_text_path_and_pathlike(zoo):
    path = zoo(*ZOO["mlp"])
    from_path = tofu.load(str(path))
    from_pathlike = tofu.load(Path(path))
    from_text = tofu.load(path.read_text(), name="mlp")
    assert from_path.name == str(path) and from_text.name == "mlp"
    assert "train_step" in from_path.functions and from_pathlike.text == from_path.text
    assert "linalg" in from_text.text


def test_garbage_text_raises_with_location():
    with pytest.raises(tofu.TofuError) as err:
        tofu.load("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                  "  return %y : tensor<4xf32>\n}\n", name="bad.mlir")
    assert err.value.location == ("bad.mlir", 2, 10)
    assert "undeclared SSA value" in str(err.value)


def test_unknown_op_raises_with_location():
    with pytest.raises(tofu.TofuError) as err:
        tofu.load('func.func @f() {\n  "tosa.mystery"() : () -> ()\n  return\n}\n',
                  name="op.mlir")
    assert err.value.location == ("op.mlir", 2, 3)
    assert "unregistered operation 'tosa.mystery'" in str(err.value)


def test_missing_file():
    with pytest.raises(tofu.TofuError, match="cannot read 'no/such/model.mlir'"):
        tofu.load("no/such/model.mlir")


@pytest.mark.parametrize("model", sorted(ZOO))
@pytest.mark.parametrize("gpus", [2, 4])
def test_plan_zoo_models(zoo, model, gpus):
    module = tofu.load(zoo(*ZOO[model]))
    plan = tofu.plan(module, gpus=gpus, machine="h200-nvlink")
    assert plan.report["gpus"] == gpus and plan.report["function"] == "train_step"
    assert plan.table().startswith(f"Tofu plan for @train_step: {gpus} workers")
    assert "tofu.partition" in plan.program or "spmd" in plan.program
    assert plan.peak_memory_bytes > 0
    param = next(t["name"] for t in plan.report["tensors"] if t.get("parameter"))
    assert plan.explain(param).startswith(f"tensor {param}:")
    assert plan.explain(param).count("chosen") == len(plan.report["levels"])


@pytest.mark.parametrize("model", ["mlp", "transformer"])
@pytest.mark.parametrize("gpus", [2, 4])
def test_plan_run_matches_unpartitioned(zoo, model, gpus):
    module = tofu.load(zoo(*ZOO[model]))
    inputs = random_inputs(module, "train_step", seed=gpus)
    reference = tofu.run(module, inputs, entry="train_step")
    plan = tofu.plan(module, gpus=gpus)
    outputs = plan.run(inputs)
    assert len(outputs) == len(reference)
    assert max_relative_error(reference, outputs) <= RTOL


def test_plan_that_does_not_fit_memory(zoo):
    module = tofu.load(zoo(*ZOO["mlp"]))
    with pytest.raises(tofu.PlanDoesNotFit, match="no plan for 2 workers fits 1000.00 B "
                       "per device: the smallest peak found is") as err:
        tofu.plan(module, gpus=2, memory="1kB")
    assert err.value.location is not None
    # PlanDoesNotFit is the error's kind, carried by the diagnostic (not
    # found in its words); other errors have none.
    assert [d.kind for d in err.value.diagnostics if d.severity == "error"] == \
        ["plan-does-not-fit"]
    assert tofu.plan(module, gpus=2, memory="80GB").peak_memory_bytes < 80e9
    # The search's parser reads memory= and locates its error.
    with pytest.raises(tofu.TofuError, match="memory='lots' is not a byte count") as err:
        tofu.plan(module, gpus=2, memory="lots")
    assert err.value.location is not None
    assert all(d.kind == "" for d in err.value.diagnostics)


def test_bad_options_raise_with_location(zoo):
    path = zoo(*ZOO["mlp"])
    module = tofu.load(path)
    with pytest.raises(tofu.TofuError) as err:
        tofu.plan(module, gpus=0)
    assert "'gpus' must be an integer from 1" in str(err.value)
    assert err.value.location[0] == str(path)
    with pytest.raises(tofu.TofuError, match="strategy option: unknown value 'magic'; expected one of: tofu, "):
        tofu.plan(module, gpus=2, strategy="magic")
    with pytest.raises(TypeError, match="tofu.plan has no option 'no_such_option'"):
        tofu.plan(module, gpus=2, no_such_option=1)


def test_explain_prices_every_alternative(zoo):
    plan = tofu.plan(tofu.load(zoo(*ZOO["mlp"])), gpus=4)
    weight = next(t["name"] for t in plan.report["tensors"] if t.get("parameter"))
    op = plan.report["ops"][0]["name"]
    for name, kind in [(weight, "tensor"), (op, "op")]:
        entries = [e for e in plan.explanation(name) if e["kind"] == kind]
        assert len(entries) == 1, (name, kind)
        for level in entries[0]["levels"]:
            best = level["comm_bytes"]
            assert best == pytest.approx(plan.report["comm_bytes_per_level"][level["level"]])
            chosen = [o for o in level["options"] if o["chosen"]]
            assert [o["value"] for o in chosen] == [level["chosen"]]
            assert all(o["comm_bytes"] >= best * (1 - 1e-9) for o in level["options"])
    text = plan.explain(weight)
    assert text.startswith(f"tensor {weight}:") and "chosen" in text


def test_explain_unknown_name(zoo):
    plan = tofu.plan(tofu.load(zoo(*ZOO["mlp"])), gpus=2)
    with pytest.raises(KeyError, match="no tensor or op named 'nothing'"):
        plan.explain("nothing")


def test_plan_to_html(zoo, tmp_path):
    plan = tofu.plan(tofu.load(zoo(*ZOO["transformer"])), gpus=4)
    page = plan.to_html(tmp_path / "plan.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "train_step" in page
