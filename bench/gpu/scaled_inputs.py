"""Seeded inputs of a deep convolutional training step (bench/gpu/prepare.sh).

  scaled_inputs.py STEP.mlir FUNC OUTDIR [--seed S]

Writes OUTDIR/argN.npy for every argument of FUNC: uniform(-1, 1) scaled by
sqrt(3 / fan-in) (fan-in: the product of all but the first dimension for
4-D tensors -- FCHW filters, and the images --, the first dimension for 2-D
ones, 10 for 1-D ones), so that every layer has about unit gain. With plain
uniform(-1, 1) weights a 50-layer network's activations reach 1e10 and fp32
rounding alone exceeds the 1e-4 criterion of the GPU check.
"""
import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
from tofu.mlir_exec import function_signature  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("step")
    ap.add_argument("func")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    sigs, _ = function_signature(a.step, a.func)
    rng = np.random.default_rng(a.seed)
    out = Path(a.outdir)
    out.mkdir(parents=True, exist_ok=True)
    for i, s in enumerate(sigs):
        shape = tuple(s.shape)
        if len(shape) >= 3:
            fan_in = math.prod(shape[1:])
        elif len(shape) == 2:
            fan_in = shape[0]
        else:
            fan_in = 10
        x = rng.uniform(-1, 1, size=shape) * math.sqrt(3.0 / max(fan_in, 1))
        np.save(out / f"arg{i}.npy", x.astype(s.dtype))
    print(f"scaled_inputs: {len(sigs)} inputs in {out}")


if __name__ == "__main__":
    main()
