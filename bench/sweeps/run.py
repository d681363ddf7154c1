#!/usr/bin/env python3
"""The long brute-force sweeps that the test command runs only in part.

    bench/sweeps/run.py [--build build] [--out bench/results/sweeps.json]

The suite (scripts/test.sh) keeps within CI's time by checking the first
instances of each sweep; this runs every instance, as the sweeps were
written:

  placement   tofu-placement-unittests with TOFU_FULL_SWEEPS=1: the placement
              MILPs (contiguous, non-contiguous, latency) against brute force
              on 120, 200 and 200 random instances (the suite: 40, 60, 80)
  frontier    --test-tofu-search-optimality against the frontier DP on the
              paper's RNN (6 layers of 20 steps, a 57-variable frontier; the
              suite: 2 layers of 6 steps)

Each sweep passes or fails as its test does. Prints a table (sweep, result,
seconds) and writes --out with the commands, their exit codes and times.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def run(name, command, env=None, check=None):
    start = time.monotonic()
    proc = subprocess.run(command, shell=True, env=env, capture_output=True,
                          text=True)
    seconds = time.monotonic() - start
    ok = proc.returncode == 0 and (check is None or check in proc.stdout)
    if not ok:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
    return {"sweep": name, "command": command, "ok": ok,
            "exit": proc.returncode, "seconds": round(seconds, 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--out", default="bench/results/sweeps.json")
    args = parser.parse_args()
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")

    results = []
    env = dict(os.environ, TOFU_FULL_SWEEPS="1")
    results.append(run(
        "placement",
        f"{bin_dir}/tofu-placement-unittests --gtest_brief=1 --gtest_color=no",
        env=env, check="PASSED"))
    with tempfile.TemporaryDirectory() as tmp:
        step = os.path.join(tmp, "rnn.mlir")
        results.append(run(
            "frontier",
            f"{bin_dir}/tofu-zoo rnn --layers 6 --hidden 4096 --batch 256 "
            f"--steps 20 | {bin_dir}/tofu-opt --tofu-autodiff -o {step} && "
            f"{bin_dir}/tofu-opt --test-tofu-search-optimality="
            f"'gpus=8 against=frontier' {step} -o /dev/null",
            check="0 mismatches"))

    print(f"{'sweep':<12} {'result':<7} {'seconds':>8}")
    for r in results:
        print(f"{r['sweep']:<12} {'pass' if r['ok'] else 'FAIL':<7} "
              f"{r['seconds']:>8.1f}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"command": " ".join(sys.argv), "results": results}, f,
                  indent=1)
        f.write("\n")
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
