"""Writes inputs for jax-adam-step.mlir's @main as OUT/arg<N>.npy: the
parameters, Adam's first moments and targets uniform in (-1, 1), second
moments in (0, 0.01) (they are squares), the step counter 3.

  adam_inputs.py OUT
"""
import sys
from pathlib import Path

import numpy as np

SHAPES = [(6, 8), (8,), (8, 4), (4,)]


def write(out, shapes, x_shape, y_shape):
    """The inputs of an Adam step over parameters of `shapes` with a batch
    x of `x_shape` and targets of `y_shape`, as OUT/arg<N>.npy
    (bench/zero and bench/calibration use it at their own sizes)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(7)
    args = [rng.uniform(-1, 1, s) for s in shapes]           # parameters
    args += [rng.uniform(-0.1, 0.1, s) for s in shapes]      # m
    args += [rng.uniform(0, 0.01, s) for s in shapes]        # v
    args = [a.astype(np.float32) for a in args]
    args.append(np.array(3, dtype=np.int32))                 # step counter
    args.append(rng.uniform(-1, 1, x_shape).astype(np.float32))  # x
    args.append(rng.uniform(-1, 1, y_shape).astype(np.float32))  # y
    for i, a in enumerate(args):
        np.save(out / f"arg{i}.npy", a)


def main():
    write(sys.argv[1], SHAPES, (8, 6), (8, 4))


if __name__ == "__main__":
    main()
