"""What check_partitioned.py, check_pipelined.py and check_planned.py share:
the single-rank reference run (tofu-run's --seed inputs times `scale` — deep models with
uniform(-1, 1) parameters overflow fp32 otherwise — saved, and the
unpartitioned step's outputs on them), and running a rewritten program on
those inputs against it."""
import subprocess
import sys
from pathlib import Path

import numpy as np


def run(cmd, log, timeout=None):
    """Runs `cmd`, appending the command line and its output to `log`. Past
    `timeout` seconds it is killed and returns code 124 (as timeout(1))."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        proc = subprocess.CompletedProcess(cmd, 124, out, err + f"\ntimed out after {timeout} s\n")
    with open(log, "a") as f:
        f.write(" ".join(cmd) + "\n" + proc.stdout + proc.stderr)
    return proc


def reference(step, entry, seed, scale, work, log):
    """Returns the (inputs, outputs) directories of the reference run."""
    raw, inputs, ref = work / "raw-inputs", work / "inputs", work / "ref"
    proc = run(["tofu-run", step, "--entry", entry, "--seed", seed, "--timeout", "300",
                "--save-inputs", str(raw), "--outputs", str(work / "raw-ref")], log)
    if proc.returncode:
        sys.exit(f"reference run failed:\n{proc.stderr[-3000:]}")
    inputs.mkdir(exist_ok=True)
    for f in raw.glob("*.npy"):
        x = np.load(f)
        if x.dtype.kind == "f":
            x = (x * scale).astype(x.dtype)
        np.save(inputs / f.name, x)
    proc = run(["tofu-run", step, "--entry", entry, "--inputs", str(inputs),
                "--timeout", "300", "--outputs", str(ref)], log)
    if proc.returncode:
        sys.exit(f"reference run failed:\n{proc.stderr[-3000:]}")
    return inputs, ref


def reference_on(step, entry, given, seed, scale, work, log):
    """Returns the (inputs, outputs) directories of the reference run: on the
    arg<N>.npy files of `given` when it is set (inputs that random ones would
    not make valid, such as Adam's non-negative second moments), else on
    tofu-run's --seed inputs times `scale` (reference)."""
    if not given:
        return reference(step, entry, seed, scale, work, log)
    inputs, ref = Path(given), work / "ref"
    proc = run(["tofu-run", step, "--entry", entry, "--inputs", str(inputs),
                "--timeout", "300", "--outputs", str(ref)], log)
    if proc.returncode:
        sys.exit(f"reference run failed:\n{proc.stderr[-3000:]}")
    return inputs, ref


def run_and_compare(program, entry, inputs, out, ref, rtol, log):
    """Runs `program` on `inputs` (tofu-run takes the rank count from its
    plan) and compares its results with `ref` (compare.py close). Returns
    (passed, the line to print after the configuration's tag)."""
    proc = run(["tofu-run", str(program), "--entry", entry, "--inputs", str(inputs),
                "--timeout", "300", "--outputs", str(out)], log)
    if proc.returncode:
        return False, f"RUN FAILED {proc.stderr.strip()[-800:]}"
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("compare.py")),
                           "close", str(out), str(ref), "--rtol", rtol],
                          capture_output=True, text=True)
    return proc.returncode == 0, proc.stdout.strip()
