# Tests that the gradients --tofu-autodiff computes for a tiny model of each
# tofu-zoo family match float64 finite differences (every element for the MLP
# and the RNN; for the others, sampled elements of every parameter plus its
# largest gradient element).
# RUN: %python %s | FileCheck %s
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import check_gradients, zoo_inputs  # noqa: E402

MODELS = [
    ("mlp", ["--layers", "2", "--hidden", "8", "--batch", "4", "--in", "6", "--classes", "3"], None),
    ("rnn", ["--layers", "2", "--hidden", "3", "--steps", "2", "--batch", "2",
             "--vocab", "4", "--embed", "2"], None),
    ("transformer", ["--layers", "1", "--hidden", "8", "--heads", "2", "--seq", "4",
                     "--batch", "1", "--vocab", "5"], 4),
    ("wresnet", ["--depth", "50", "--width", "1", "--batch", "2", "--image", "32",
                 "--classes", "3", "--base-channels", "2"], 1),
    ("unet", ["--layers", "2", "--batch", "1", "--image", "8", "--classes", "3",
              "--base-channels", "2"], 2),
    # Capacity 75%: each expert takes 3 of the 16 choices of 8 tokens, so
    # some are dropped; routing is piecewise constant, the differences do
    # not cross a routing change.
    ("moe", ["--layers", "1", "--hidden", "8", "--heads", "2", "--seq", "4", "--batch", "2",
             "--vocab", "5", "--experts", "4", "--topk", "2", "--capacity", "75"], 4),
]

# CHECK-NOT: FAIL
# CHECK: mlp arg5: {{.*}} OK
# CHECK: rnn arg8: {{.*}} OK
# CHECK: transformer arg20: {{.*}} OK
# CHECK: wresnet arg54: {{.*}} OK
# CHECK: unet arg12: {{.*}} OK
# CHECK: moe arg19: {{.*}} OK
for family, knobs, sample in MODELS:
    mlir = subprocess.run(["tofu-zoo", family, *knobs], capture_output=True,
                          text=True, check=True).stdout
    # A tiny step keeps the differences clear of ReLU and max-pool kinks (with
    # 1e-4 some WRN differences cross one); float64 keeps them precise.
    check_gradients(mlir, zoo_inputs(mlir), label=family, sample=sample, eps=1e-6)
