"""Shared set-up of the tofu package's tests (test/Python/pytest.test runs
them with build/python on PYTHONPATH and $TOFU_TOOLS_DIR set)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

# Our tools run without a sanitizer runtime preloaded into this Python.
from tofu._api import _tool_env as tool_env

SRC = Path(__file__).resolve().parents[2]
# export_jax.py / export_torch.py hold the models the tests use. Appended:
# `tofu` must come from the build tree on PYTHONPATH (the source tree's has
# no native module).
sys.path.append(str(SRC / "python"))


def tools_dir() -> Path:
    return Path(os.environ["TOFU_TOOLS_DIR"])


@pytest.fixture(scope="session")
def zoo(tmp_path_factory):
    """zoo(model, *flags) -> the path of a tofu-zoo training step (autodiff)."""
    root = tmp_path_factory.mktemp("zoo")

    def make(model: str, *flags: str) -> Path:
        name = "-".join([model, *[f.strip("-").replace("=", "") for f in flags]])
        fwd, step = root / f"{name}.mlir", root / f"{name}-step.mlir"
        if not step.exists():
            subprocess.run([str(tools_dir() / "tofu-zoo"), model, *flags, "-o", str(fwd)],
                           check=True, env=tool_env())
            subprocess.run([str(tools_dir() / "tofu-opt"), "--tofu-autodiff", str(fwd),
                            "-o", str(step)], check=True, env=tool_env())
        return step

    return make


def max_relative_error(expected, actual, floor_fraction: float = 0.01) -> float:
    """Largest |a - e| / max(|e|, floor), floor = floor_fraction of the
    tensor's largest magnitude (a value near zero is compared absolutely).
    The two lists must be as long as each other: zip would compare only the
    shorter one's worth."""
    expected, actual = list(expected), list(actual)
    assert len(expected) == len(actual), (len(expected), len(actual))
    worst = 0.0
    for e, a in zip(expected, actual):
        e, a = np.asarray(e, dtype=np.float64), np.asarray(a, dtype=np.float64)
        assert e.shape == a.shape, (e.shape, a.shape)
        floor = max(floor_fraction * float(np.max(np.abs(e))) if e.size else 0.0, 1e-30)
        worst = max(worst, float(np.max(np.abs(a - e) / np.maximum(np.abs(e), floor))))
    return worst


def random_inputs(module, entry: str, seed: int = 0):
    """Random float inputs (scaled small) for every argument of `entry`."""
    import re

    m = re.search(rf"func\.func @{entry}\((.*?)\)\s*->", module.text, re.S)
    rng = np.random.default_rng(seed)
    shapes = [tuple(int(d) for d in s.split("x")[:-1])
              for s in re.findall(r"tensor<([0-9x]*f32)>", m.group(1))]
    return [(rng.standard_normal(s) * 0.3).astype(np.float32) for s in shapes]


# In CI's release suite (scripts/test.sh sets TOFU_PYTEST_NO_SKIPS=1 there,
# after installing JAX, PyTorch and torch-mlir) every test can run, so a
# skip means a test did not run that should have: the session fails, naming
# what was skipped and why. Elsewhere (no PyTorch, the sanitized trees) skips
# stay skips, listed by -rs.
_skipped: list[str] = []


def _note_skip(report) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append(f"{report.nodeid}: {reason}")


def pytest_collectreport(report):
    _note_skip(report)


def pytest_runtest_logreport(report):
    _note_skip(report)


def _skips_fail() -> bool:
    return os.environ.get("TOFU_PYTEST_NO_SKIPS") == "1"


def pytest_terminal_summary(terminalreporter):
    if _skips_fail() and _skipped:
        terminalreporter.write_line(
            f"TOFU_PYTEST_NO_SKIPS=1: {len(_skipped)} skipped, and no test may skip "
            "in CI's release suite (JAX, PyTorch and torch-mlir are installed there):")
        for line in _skipped:
            terminalreporter.write_line(f"  {line}")


def pytest_sessionfinish(session, exitstatus):
    if _skips_fail() and _skipped and session.exitstatus == 0:
        session.exitstatus = 1
