"""Inputs and expected results for element-types.test.

  check_element_types.py inputs DIR    writes DIR/arg0..4.npy
  check_element_types.py check IN OUT  compares OUT/result*.npy with numpy

bf16 has no numpy type: it travels as its uint16 bit patterns, rounded here
from f32 to nearest even on the bits.
"""
import sys
from pathlib import Path

import numpy as np


def to_bf16_bits(x):
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return (((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF).astype(np.uint16)


def from_bf16_bits(b):
    return (np.asarray(b, np.uint32) << 16).view(np.float32)


def make_inputs(d):
    rng = np.random.default_rng(5)
    d.mkdir(parents=True, exist_ok=True)
    np.save(d / "arg0.npy", rng.integers(0, 2, (6, 4)).astype(bool))
    np.save(d / "arg1.npy", rng.integers(-128, 128, (6, 4)).astype(np.int8))
    np.save(d / "arg2.npy", rng.integers(-3000, 3000, (6, 4)).astype(np.int16))
    np.save(d / "arg3.npy", rng.uniform(-300, 300, (6, 4)).astype(np.float16))
    np.save(d / "arg4.npy", to_bf16_bits(rng.uniform(-3, 3, (6, 4))))


def check(inputs, outputs):
    a = [np.load(inputs / f"arg{i}.npy") for i in range(5)]
    got = [np.load(outputs / f"result{i}.npy") for i in range(6)]
    g = from_bf16_bits(a[4])
    want = [
        ~a[0],
        (a[1].astype(np.int16) * 2).astype(np.int8),  # wraps
        (a[2].astype(np.int32) ** 2).astype(np.int16),  # wraps
        (a[3] * a[3]).astype(np.float16),  # f16 product, inf past 65504
        to_bf16_bits(from_bf16_bits(to_bf16_bits(g + g)) * g),
        a[3] > 0,
    ]
    ok = True
    for i, (x, y) in enumerate(zip(got, want)):
        same = x.dtype == y.dtype and np.array_equal(x, y)
        print(f"result{i} {x.dtype} {'OK' if same else 'FAIL'}")
        ok &= same
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        make_inputs(Path(sys.argv[2]))
    else:
        check(Path(sys.argv[2]), Path(sys.argv[3]))
