#!/usr/bin/env python3
"""sgemm of the Debian BLAS candidates, side by side: OpenBLAS (pthread
build) against BLIS (OpenMP build), 1 and 2 threads, on the shapes of the
zoo's and a JAX MLP's training steps (forward M x N x K, and the transposed
products of their backward passes).

  python3 bench/cpu/gemm.py [--rounds 5] [--json bench/results/cpu-gemm.json]

Each (library, threads) runs in its own process (the two libraries export
the same cblas symbols); the processes are interleaved round by round so
that load on the machine hits every configuration alike. Per shape, a round
takes the median of repeated calls; the table shows the median over rounds
in GFLOP/s. Calls go through ctypes (a few microseconds each, the same for
both libraries), which understates the smallest shapes.
"""
import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB = "/usr/lib/x86_64-linux-gnu"
LIBRARIES = {
    "openblas": (f"{LIB}/openblas-pthread/libopenblas.so.0", "openblas_set_num_threads"),
    "blis": (f"{LIB}/blis-openmp/libblis.so.4", "bli_thread_set_num_threads"),
}
# (M, N, K, transA, transB): C[M,N] = op(A) * op(B).
SHAPES = [
    (512, 1024, 1024, False, False),   # a wide MLP layer, forward
    (1024, 1024, 512, True, False),    # its weight gradient, x^T dy
    (512, 1024, 1024, False, True),    # its input gradient, dy W^T
    (512, 768, 768, False, False),     # zoo MLP 3x768, batch 512
    (768, 768, 512, True, False),
    (512, 768, 768, False, True),
    (512, 256, 768, False, False),     # zoo MLP classifier
    (512, 768, 256, False, True),
    (128, 256, 256, False, False),     # zoo transformer 2x256, per sequence
    (128, 128, 64, False, True),       # attention scores q k^T per head
    (64, 64, 64, False, False),
]
CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, CBLAS_TRANS = 101, 111, 112


def worker(lib, threads, reps_budget):
    import numpy as np
    path, set_threads = LIBRARIES[lib]
    blas = ctypes.CDLL(path)
    getattr(blas, set_threads).argtypes = [ctypes.c_int] if lib == "openblas" else [ctypes.c_int64]
    getattr(blas, set_threads)(threads)
    sgemm = blas.cblas_sgemm
    sgemm.restype = None
    P, I, F = ctypes.c_void_p, ctypes.c_int, ctypes.c_float
    sgemm.argtypes = [I, I, I, I, I, I, F, P, I, P, I, F, P, I]
    rng = np.random.default_rng(0)
    out = {}
    for m, n, k, ta, tb in SHAPES:
        a = rng.standard_normal((k, m) if ta else (m, k), dtype=np.float32)
        b = rng.standard_normal((n, k) if tb else (k, n), dtype=np.float32)
        c = np.zeros((m, n), dtype=np.float32)

        def call():
            sgemm(CBLAS_ROW_MAJOR, CBLAS_TRANS if ta else CBLAS_NO_TRANS,
                  CBLAS_TRANS if tb else CBLAS_NO_TRANS, m, n, k, 1.0,
                  a.ctypes.data, a.shape[1], b.ctypes.data, b.shape[1], 0.0,
                  c.ctypes.data, n)
        call()
        ref = (a.T if ta else a) @ (b.T if tb else b)
        err = float(np.max(np.abs(c - ref)) / np.max(np.abs(ref)))
        reps = max(3, min(200, int(reps_budget / (2e-11 * m * n * k + 1e-5))))
        times = []
        for _ in range(reps):
            t = time.perf_counter()
            call()
            times.append(time.perf_counter() - t)
        out[f"{m}x{n}x{k}{'T' if ta else 'N'}{'T' if tb else 'N'}"] = {
            "seconds": statistics.median(times), "gflops": 2e-9 * m * n * k / statistics.median(times),
            "max_rel_err_vs_numpy": err}
    print(json.dumps(out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--budget", type=float, default=0.3, help="seconds per shape per round")
    ap.add_argument("--json")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker[0], int(args.worker[1]), args.budget)
    configs = [(lib, t) for t in (1, 2) for lib in LIBRARIES]
    rounds = {c: [] for c in configs}
    for r in range(args.rounds):
        for lib, t in configs:
            env = dict(os.environ, OPENBLAS_NUM_THREADS=str(t), BLIS_NUM_THREADS=str(t),
                       OMP_NUM_THREADS=str(t))
            out = subprocess.run([sys.executable, __file__, "--worker", lib, str(t),
                                  "--budget", str(args.budget)],
                                 env=env, check=True, capture_output=True, text=True).stdout
            rounds[(lib, t)].append(json.loads(out))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    shapes = list(rounds[configs[0]][0])
    result = {"rounds": args.rounds, "nproc": os.cpu_count(), "gflops": {}}
    for lib, t in configs:
        result["gflops"][f"{lib}/{t}"] = {
            s: statistics.median(r[s]["gflops"] for r in rounds[(lib, t)]) for s in shapes}
    g = result["gflops"]
    print(f"{'shape MxNxK (trans A,B)':<24}" + "".join(f"{k:>12}" for k in g) +
          f"{'blis/obl 1t':>13}{'blis/obl 2t':>13}")
    for s in shapes:
        print(f"{s:<24}" + "".join(f"{g[k][s]:>12.1f}" for k in g) +
              f"{g['blis/1'][s] / g['openblas/1'][s]:>12.2f}x"
              f"{g['blis/2'][s] / g['openblas/2'][s]:>12.2f}x")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
