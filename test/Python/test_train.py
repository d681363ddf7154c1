"""Plan.train: training runs with the ranks up (docs/python.md, docs/runtime.md
"Training runs")."""

from __future__ import annotations

import numpy as np
import pytest

import tofu
from tofu import checkpoint
from conftest import max_relative_error, random_inputs

RTOL = 1e-4
MLP = ("mlp", "--layers=2", "--hidden=16", "--in=12", "--classes=4", "--batch=8")
PARAMS = 6  # w, b per layer; then x (argument 6) and the labels (7)


def batch(rng, like):
    return (rng.standard_normal(like.shape) * 0.3).astype(np.float32)


def test_train_matches_repeated_unpartitioned_steps(zoo, tmp_path):
    module = tofu.load(zoo(*MLP))
    inputs = random_inputs(module, "train_step", seed=1)
    rng = np.random.default_rng(2)
    batches = [{6: batch(rng, inputs[6]), 7: batch(rng, inputs[7])} for _ in range(4)]
    # The reference: one unpartitioned step at a time, the updated
    # parameters fed back by hand.
    args, losses = list(inputs), []
    for step in range(5):
        if step:
            args[6], args[7] = batches[step - 1][6], batches[step - 1][7]
        out = tofu.run(module, args, entry="train_step")
        args[:PARAMS] = out[:PARAMS]
        losses.append(float(out[PARAMS]))
    plan = tofu.plan(module, gpus=2)
    trained = plan.train(inputs, steps=5, batches=iter(batches), checkpoint=tmp_path / "ckpt")
    assert len(trained.losses) == 5
    assert max(abs(a - b) / abs(b) for a, b in zip(trained.losses, losses)) <= RTOL
    assert max_relative_error(out, trained.results) <= RTOL
    # The checkpoint of the last step holds the same parameters.
    saved = checkpoint.load(checkpoint.latest(tmp_path / "ckpt"), key="arg")
    assert sorted(saved) == list(range(PARAMS))
    for k in range(PARAMS):
        np.testing.assert_array_equal(saved[k], trained.results[k])


def test_train_errors(zoo):
    module = tofu.load(zoo(*MLP))
    inputs = random_inputs(module, "train_step", seed=1)
    plan = tofu.plan(module, gpus=2)
    with pytest.raises(tofu.TofuError, match="steps must be a whole number of at least 1"):
        plan.train(inputs, steps=0)
    with pytest.raises(TypeError, match="batches must be an iterable of dicts"):
        plan.train(inputs, steps=2, batches={6: inputs[6]})
    with pytest.raises(tofu.TofuError, match=r"batches\[0\]\[6\] is float32 \[3\], argument 6 "
                       r"takes float32 \[8, 12\]"):
        plan.train(inputs, steps=2, batches=[{6: np.zeros(3, np.float32)}])
    with pytest.raises(tofu.TofuError, match="no complete checkpoint in"):
        plan.train(inputs, steps=2, checkpoint="/nonexistent/ckpt", resume=True)


def endless_batches(inputs, seed):
    """An infinite generator: train must draw only what the steps need."""
    rng = np.random.default_rng(seed)
    while True:
        yield {6: batch(rng, inputs[6]), 7: batch(rng, inputs[7])}


def test_train_draws_batches_lazily_and_resumes(zoo, tmp_path):
    module = tofu.load(zoo(*MLP))
    inputs = random_inputs(module, "train_step", seed=1)
    plan = tofu.plan(module, gpus=2)
    whole = plan.train(inputs, steps=6, batches=endless_batches(inputs, 4))
    assert len(whole.losses) == 6
    # 3 steps with a checkpoint, then the rest resumed: the same generator's
    # items 3..4 go to steps 4..5 (items 0..1 are skipped), bit for bit.
    ckpt = tmp_path / "ckpt"
    plan.train(inputs, steps=3, batches=endless_batches(inputs, 4), checkpoint=ckpt)
    rest = plan.train(inputs, steps=6, batches=endless_batches(inputs, 4), checkpoint=ckpt,
                      resume=True)
    assert rest.losses == whole.losses[3:]
    for a, b in zip(rest.results, whole.results):
        np.testing.assert_array_equal(a, b)


def test_train_raises_what_the_iterator_raises(zoo):
    module = tofu.load(zoo(*MLP))
    inputs = random_inputs(module, "train_step", seed=1)
    plan = tofu.plan(module, gpus=2)

    def failing():
        yield {6: inputs[6]}
        raise ValueError("no more data")

    with pytest.raises(ValueError, match="no more data"):
        plan.train(inputs, steps=4, batches=failing())
