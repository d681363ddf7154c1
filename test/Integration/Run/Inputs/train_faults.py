"""A rank killed in the middle of a training run, and the run resumed.

  train_faults.py kill-resume PROGRAM.mlir WORK --inputs DIR --steps N
                  --every K --ranks R [--entry E] [--seed S] [--delay-ms D]

1. runs `tofu-run PROGRAM --steps N --checkpoint WORK/full-ckpt
   --checkpoint-every K` uninterrupted (outputs WORK/full);
2. runs it again with $TOFU_RT_TEST_DELAY_MS=D (a pause before every MPI
   call, so that a step takes long enough to be hit), watches the loss log,
   and once step X is logged sends SIGKILL to rank Q's program (X and Q drawn
   with random.Random(S): X in [K+1, N-2], Q in [0, R)); the run must fail
   naming rank Q;
3. runs it with --resume on the checkpoints the killed run left, to the end
   (outputs WORK/resumed), and checks every result bit for bit against the
   uninterrupted run's. Prints
     killed rank Q after step X; resumed at step C; BIT-IDENTICAL M results
"""
import argparse
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from faults import processes, rank_of  # noqa: E402


def tofu_run(a, *extra, env=None):
    cmd = ["tofu-run", a.program, "--entry", a.entry, "--steps", str(a.steps),
           "--inputs", a.inputs, "--timeout", "120", *extra]
    return cmd, env


def logged_steps(path):
    try:
        return len(Path(path).read_text().splitlines())
    except OSError:
        return 0


def kill_rank_at(proc, program, log, step, rank):
    """Polls until `log` has `step` lines, then SIGKILLs rank `rank`."""
    deadline = time.monotonic() + 100
    while time.monotonic() < deadline and proc.poll() is None:
        if logged_steps(log) >= step:
            for pid, argv, env in processes():
                if argv[0] == program and rank_of(env) == rank:
                    os.kill(pid, signal.SIGKILL)
                    return logged_steps(log)
        time.sleep(0.002)
    sys.exit(f"FAILED: the run ended (or took too long) before step {step}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["kill-resume"])
    p.add_argument("program")
    p.add_argument("work")
    p.add_argument("--inputs", required=True)
    p.add_argument("--steps", type=int, required=True)
    p.add_argument("--every", type=int, required=True)
    p.add_argument("--ranks", type=int, required=True)
    p.add_argument("--entry", default="main")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--delay-ms", type=int, default=20)
    a = p.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(a.seed)
    kill_step, kill_rank = rng.randint(a.every + 1, a.steps - 2), rng.randrange(a.ranks)

    cmd, _ = tofu_run(a, "--outputs", str(work / "full"), "--checkpoint",
                      str(work / "full-ckpt"), "--checkpoint-every", str(a.every))
    full = subprocess.run(cmd, capture_output=True, text=True)
    if full.returncode:
        sys.exit(f"FAILED: the uninterrupted run: {full.stderr[-2000:]}")

    ckpt, log, wd = work / "ckpt", work / "killed.loss", work / "wd"
    cmd, _ = tofu_run(a, "--outputs", str(work / "killed"), "--checkpoint", str(ckpt),
                      "--checkpoint-every", str(a.every), "--loss-log", str(log),
                      "--workdir", str(wd))
    env = dict(os.environ, TOFU_RT_TEST_DELAY_MS=str(a.delay_ms))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    at = kill_rank_at(proc, str(wd / "program"), log, kill_step, kill_rank)
    _, err = proc.communicate(timeout=60)
    if proc.returncode == 0 or f"rank {kill_rank} was killed" not in err:
        sys.exit(f"FAILED: the killed run (exit {proc.returncode}): {err[-2000:]}")

    cmd, _ = tofu_run(a, "--outputs", str(work / "resumed"), "--checkpoint", str(ckpt),
                      "--checkpoint-every", str(a.every), "--resume")
    resumed = subprocess.run(cmd, capture_output=True, text=True)
    if resumed.returncode:
        sys.exit(f"FAILED: the resumed run: {resumed.stderr[-2000:]}")
    line = [l for l in resumed.stderr.splitlines() if "resuming at step" in l]
    start = line[0].split("resuming at step ")[1].split()[0] if line else "?"
    files = sorted((work / "full").glob("result*.npy"))
    for f in files:
        want, got = np.load(f), np.load(work / "resumed" / f.name)
        if want.shape != got.shape or want.tobytes() != got.tobytes():
            sys.exit(f"FAILED: {f.name} differs from the uninterrupted run's")
    print(f"killed rank {kill_rank} after step {at}; resumed at step {start}; "
          f"BIT-IDENTICAL {len(files)} results")


if __name__ == "__main__":
    main()
