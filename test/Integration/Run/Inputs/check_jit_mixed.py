"""Checks the seven results of Inputs/jit-mixed.mlir against numpy.

  check_jit_mixed.py INPUTS OUTPUTS

Prints one line per result and "ALL EXACT" (integers) / "ALL MATCH" when
every result has the expected dtype, shape and value.
"""
import sys
from pathlib import Path

import numpy as np

ins, outs = Path(sys.argv[1]), Path(sys.argv[2])
x, s, d, k, n, v = (np.load(ins / f"arg{i}.npy") for i in range(6))
r = [np.load(outs / f"result{i}.npy") for i in range(7)]
want = [
    (np.float32(x.astype(np.float64).sum()) * s, np.float32, ()),
    (s * np.float32(2), np.float32, ()),
    (k + np.int32(7), np.int32, ()),
    (x.astype(np.float64) * d, np.float64, (3, 4)),
    (d / 3.0, np.float64, ()),
    (n * np.int64(k), np.int64, ()),
    ((v + n).astype(np.int32), np.int32, (5,)),
]
ok = True
for i, (got, (value, dtype, shape)) in enumerate(zip(r, want)):
    good = got.dtype == dtype and got.shape == shape
    if np.issubdtype(dtype, np.integer) or dtype == np.float64:
        good = good and np.array_equal(got, np.asarray(value, dtype=dtype))
    else:
        good = good and np.allclose(got, value, rtol=1e-5, atol=1e-6)
    print(f"result {i}: {got.dtype} {got.shape} {'ok' if good else 'WRONG'}: {got.ravel()[:3]}")
    ok = ok and good
print("ALL MATCH" if ok else "MISMATCH")
sys.exit(0 if ok else 1)
