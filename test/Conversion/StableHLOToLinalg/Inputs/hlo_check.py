"""Numerical checks of --convert-stablehlo-to-linalg against numpy.

``check(name, args, body, result, inputs, reference)`` wraps ``body`` (StableHLO
ops computing ``%r`` from the named arguments) in ``func.func @f``, converts it
with ``tofu-opt --convert-stablehlo-to-linalg``, runs it on the CPU through
``tofu.mlir_exec.run_function`` and compares with ``reference(*inputs)``.
Prints ``<name> OK max_err=...`` or ``<name> FAIL ...`` (the lit tests
FileCheck the OK lines).
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "python"))
from tofu.mlir_exec import run_function  # noqa: E402

RNG = np.random.default_rng(1234)


def rand(*shape, low=-2.0, high=2.0):
    return RNG.uniform(low, high, size=shape).astype(np.float32)


def check(name, args, body, result, inputs, reference, rtol=1e-5, atol=1e-6):
    params = ", ".join(f"%{n}: {t}" for n, t in args)
    module = f"func.func @f({params}) -> {result} {{\n{body}\n  return %r : {result}\n}}\n"
    try:
        (got,) = run_function(module, "f", inputs, extra_passes=["--convert-stablehlo-to-linalg"])
    except Exception as err:  # report and keep going so every case is seen
        print(f"{name} FAIL {err}")
        return
    want = np.asarray(reference(*inputs))
    if got.shape != want.shape:
        print(f"{name} FAIL shape {got.shape} != {want.shape}")
        return
    if got.dtype.kind in "iub":
        ok = np.array_equal(got, want.astype(got.dtype))
        err = int(np.max(np.abs(got.astype(np.int64) - want.astype(np.int64)))) if got.size else 0
    else:
        ok = np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
        err = float(np.nanmax(np.abs(got - want))) if got.size else 0.0
    print(f"{name} {'OK' if ok else 'FAIL'} max_err={err}")
