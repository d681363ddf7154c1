"""Checks tofu-run's outputs in the test/Integration/Run tests.

  compare.py exec MODULE FUNC INPUTS OUTPUTS [--rtol R] [--pipeline FLAGS]
      runs FUNC on INPUTS/argN.npy with python/tofu/mlir_exec.py (JIT through
      mlir-runner) and compares with OUTPUTS/resultN.npy
  compare.py close DIR_A DIR_B [--rtol R]
      the resultN.npy files of DIR_A (e.g. a partitioned run) equal those of
      DIR_B (the reference) within R (default 1e-4): per element
      |a - b| / max(|b|, 1e-2 * max|b|), so that elements near zero (whose
      rounding error comes from cancellation in sums) are
      measured against the tensor's scale, not against themselves
  compare.py same DIR_A DIR_B
      the resultN.npy files of both directories are bit-identical
  compare.py numpy EXPR INPUTS OUTPUTS
      OUTPUTS/result0.npy equals EXPR evaluated with a0, a1, ... = INPUTS/argN.npy
      and NAME = INPUTS/NAME.npy
  compare.py write DIR NAME SHAPE DTYPE [SEED]
      writes DIR/NAME.npy with random values (for the error tests)
"""
import sys
from pathlib import Path

import numpy as np


def results(directory):
    files = sorted(Path(directory).glob("result*.npy"), key=lambda p: int(p.stem[6:]))
    if not files:
        sys.exit(f"compare: no result*.npy in {directory}")
    return [np.load(f) for f in files]


def inputs(directory):
    files = sorted(Path(directory).glob("arg*.npy"), key=lambda p: int(p.stem[3:]))
    return [np.load(f) for f in files]


def max_rel_err(got, want):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        sys.exit(f"compare: shape {got.shape} != expected {want.shape}")
    scale = np.maximum(np.abs(want), 1e-6)
    return float(np.max(np.abs(got - want) / scale)) if got.size else 0.0


def close_error(got, want):
    """The "close" metric: the largest per-element |got - want| /
    max(|want|, 1e-2 * max|want|), inf if it is not finite. Also used by
    bench/gpu/report.py."""
    g64, w64 = np.asarray(got, np.float64), np.asarray(want, np.float64)
    if g64.size == 0:
        return 0.0
    floor = max(1e-2 * float(np.max(np.abs(w64))), 1e-30)
    err = float(np.max(np.abs(g64 - w64) / np.maximum(np.abs(w64), floor)))
    return err if np.isfinite(err) else float("inf")


def main(argv):
    mode = argv[1]
    if mode == "exec":
        from tofu.mlir_exec import run_function

        module, func, ins, outs = argv[2:6]
        rtol = float(argv[argv.index("--rtol") + 1]) if "--rtol" in argv else 1e-5
        passes = argv[argv.index("--pipeline") + 1].split() if "--pipeline" in argv else None
        want = run_function(module, func, inputs(ins), extra_passes=passes)
        got = results(outs)
        if len(got) != len(want):
            sys.exit(f"compare: {len(got)} results, mlir_exec gives {len(want)}")
        worst = max(max_rel_err(g, w) for g, w in zip(got, want))
        status = "MATCH" if worst <= rtol else "MISMATCH"
        print(f"{status} {len(got)} results, max relative error {worst:.3g}")
        if len(want[-1].shape) == 0:
            print(f"last result: tofu-run {float(got[-1]):.7g} mlir_exec {float(want[-1]):.7g}")
        return 0 if status == "MATCH" else 1
    if mode == "close":
        rtol = float(argv[argv.index("--rtol") + 1]) if "--rtol" in argv else 1e-4
        got, want = results(argv[2]), results(argv[3])
        if len(got) != len(want):
            sys.exit(f"compare: {len(got)} results, the reference has {len(want)}")
        worst, where = 0.0, 0
        for i, (g, w) in enumerate(zip(got, want)):
            if g.shape != w.shape:
                sys.exit(f"compare: result {i} has shape {g.shape}, the reference {w.shape}")
            err = close_error(g, w)
            if err > worst:
                worst, where = err, i
        status = "MATCH" if worst <= rtol else "MISMATCH"
        print(f"{status} {len(got)} results, max relative error {worst:.3g} (result {where})")
        return 0 if status == "MATCH" else 1
    if mode == "same":
        a, b = results(argv[2]), results(argv[3])
        same = len(a) == len(b) and all(
            x.shape == y.shape and x.dtype == y.dtype and x.tobytes() == y.tobytes()
            for x, y in zip(a, b)
        )
        print(("IDENTICAL" if same else "DIFFERENT") + f" {len(a)} results")
        return 0 if same else 1
    if mode == "numpy":
        expr, ins, outs = argv[2:5]
        env = {f"a{i}": a.astype(np.float64) for i, a in enumerate(inputs(ins))}
        env.update({p.stem: np.load(p).astype(np.float64) for p in Path(ins).glob("*.npy")})
        env["np"] = np
        want = eval(expr, env)
        got = results(outs)[0]
        worst = max_rel_err(got, want)
        status = "MATCH" if worst <= 1e-5 else "MISMATCH"
        print(f"{status} {got.shape} max relative error {worst:.3g}")
        return 0 if status == "MATCH" else 1
    if mode == "write":
        directory, name, shape, dtype = argv[2:6]
        seed = int(argv[6]) if len(argv) > 6 else 0
        dims = tuple(int(d) for d in shape.split("x")) if shape != "scalar" else ()
        rng = np.random.default_rng(seed)
        Path(directory).mkdir(parents=True, exist_ok=True)
        np.save(Path(directory) / f"{name}.npy", rng.uniform(-1, 1, dims).astype(dtype))
        return 0
    sys.exit(f"compare: unknown mode {mode}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
