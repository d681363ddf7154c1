# Tests that the --tofu-autodiff training step of a tiny model of each
# tofu-zoo family lowers the loss at every one of 5 SGD steps on a fixed
# synthetic batch.
# RUN: %python %s | FileCheck %s
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import train_losses, zoo_inputs  # noqa: E402

MODELS = [
    ("mlp", ["--layers", "2", "--hidden", "8", "--batch", "4", "--in", "6", "--classes", "3"], 0.1),
    ("wresnet", ["--depth", "50", "--width", "1", "--batch", "2", "--image", "16",
                 "--classes", "3", "--base-channels", "1"], 0.05),
    ("rnn", ["--layers", "2", "--hidden", "4", "--steps", "3", "--batch", "2",
             "--vocab", "5", "--embed", "3"], 0.5),
    ("transformer", ["--layers", "2", "--hidden", "8", "--heads", "2", "--seq", "4",
                     "--batch", "2", "--vocab", "5"], 0.1),
]

# CHECK: mlp: 5 steps, loss decreases
# CHECK: wresnet: 5 steps, loss decreases
# CHECK: rnn: 5 steps, loss decreases
# CHECK: transformer: 5 steps, loss decreases
failed = False
for family, knobs, lr in MODELS:
    mlir = subprocess.run(["tofu-zoo", family, *knobs], capture_output=True,
                          text=True, check=True).stdout
    losses = train_losses(mlir, zoo_inputs(mlir), steps=5, lr=lr)
    decreasing = all(b < a for a, b in zip(losses, losses[1:]))
    print(f"{family}: lr {lr} losses {' '.join(f'{l:.5f}' for l in losses)}")
    print(f"{family}: 5 steps, loss {'decreases' if decreasing else 'DOES NOT DECREASE'}")
    failed |= not decreasing
sys.exit(1 if failed else 0)
