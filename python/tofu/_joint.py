"""The joint planner from Python: `tofu.plan(..., joint=True)`.

`--tofu-plan materialize=true` chooses data-parallel replicas, pipeline
stages and microbatches, a tensor partition per stage, recomputation and a
ZeRO stage for a training step (docs/planner.md), and writes the per-rank
program of that plan; this module runs it in-process and wraps the result
as a JointPlan, whose `run` takes and returns the unpartitioned step's
tensors like Plan.run.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from . import _api

# The options of --tofu-plan (include/Tofu/Planner/Passes.td) that
# tofu.plan(..., joint=True) passes on, and how each is checked and written.
# materialize=, print=, report= and table= are the wrapper's own.
_ENUMS = {
    "zero": ("chosen", "0", "1", "2", "3"),
    "recompute": ("chosen", "true", "false"),
    "schedule": ("chosen", "gpipe", "1f1b", "interleaved"),
}


def _enum_text(name: str, value: Any) -> str:
    """zero=, recompute= and schedule=: an int, a bool or the pass's words."""
    if isinstance(value, (bool, np.bool_)):
        text = "true" if value else "false"
    elif _api._is_integer(value):
        text = str(int(value))
    elif isinstance(value, str):
        text = value
    else:
        raise TypeError(f"{name} must be one of {', '.join(_ENUMS[name])}, got "
                        f"{_api._describe(value)}")
    if text not in _ENUMS[name]:
        raise _api._error(f"{name} must be one of {', '.join(_ENUMS[name])}, got {text!r}")
    return text


_OPTIONS = {
    "gpus": _api._integer_text,
    "machine": _api._path_text,
    "memory": _api._memory_text,
    "strategy": _api._str_text,
    "entry": _api._str_text,
    "global_batch": _api._integer_text,
    "optimizer": _api._str_text,
    "precision": _api._str_text,
    "max_tensor": _api._unsigned_text,
    "max_microbatches": _api._unsigned_text,
    "data": _api._unsigned_text,
    "pipeline": _api._unsigned_text,
    "tensor": _api._unsigned_text,
    "microbatches": _api._unsigned_text,
    "virtual_stages": _api._unsigned_text,
    "zero": _enum_text,
    "recompute": _enum_text,
    "schedule": _enum_text,
}


def _pipeline_body(options: dict) -> str:
    parts = []
    for key, value in options.items():
        name = key.replace("-", "_")
        write = _OPTIONS.get(name)
        if write is None:
            raise TypeError(f"tofu.plan(joint=True) has no option {name!r} (options: "
                            f"{', '.join(sorted(_OPTIONS))})")
        if value is None and name not in _api._REQUIRED_OPTIONS:
            continue
        parts.append(f"{name.replace('_', '-')}={write(name, value)}")
    return " ".join(parts)


class JointPlan:
    """A joint data x pipeline x tensor plan of a training step and its
    per-rank program (the plan's d * p * t ranks)."""

    def __init__(self, module: _api.Module, program: _api.Module, report: dict,
                 table: str, warnings: Sequence[_api.Diagnostic]):
        self.module = module
        self._program = program
        self.report = report
        self._table = table
        self.warnings = list(warnings)

    @property
    def gpus(self) -> int:
        return int(self.report["devices"])

    @property
    def degrees(self) -> dict:
        """What the planner chose: data, pipeline and tensor degrees,
        microbatches, schedule, virtual stages, recomputation and ZeRO."""
        r = self.report
        return {**r["degrees"], "microbatches": r["microbatches"],
                "schedule": r["schedule"], "virtual_stages": r["virtual_stages"],
                "recompute": r["recompute"], "zero": r["zero"]}

    @property
    def program(self) -> str:
        """The per-rank program (MLIR text) that tofu-run runs."""
        return self._program.text

    def table(self) -> str:
        """The plan as `tofu-opt --tofu-plan print=table` prints it: d x p x t,
        the schedule, the estimated step time and its parts, the estimated
        peak memory per device, and a row per stage."""
        return self._table

    @property
    def estimated_step_seconds(self) -> float:
        """The planner's estimate of the step time (docs/cost-model.md)."""
        return float(self.report["estimate"]["step_seconds"])

    @property
    def peak_memory_bytes(self) -> float:
        """The planner's estimate of the per-device peak."""
        return float(self.report["estimate"]["peak_bytes"])

    def run(self, inputs: Sequence[np.ndarray] | None = None, **kwargs) -> list[np.ndarray]:
        """Runs the plan's program on its d * p * t MPI ranks (CPU); takes and
        returns the whole tensors of the unpartitioned step."""
        entry = _api._entry_name(kwargs.pop("entry", self.report["function"]))
        arrays = _api._run_inputs(self.module, entry, inputs)
        return _api._run_text(self.program, arrays, ranks=self.gpus, entry=entry, **kwargs)

    def train(self, inputs: Sequence[np.ndarray], steps: int, **kwargs) -> "_api.TrainResult":
        """As Plan.train: `steps` steps on the plan's d * p * t ranks with
        the ranks up."""
        entry = _api._entry_name(kwargs.pop("entry", self.report["function"]))
        arrays = _api._run_inputs(self.module, entry, inputs)
        return _api._train_text(self.program, arrays, steps, ranks=self.gpus, entry=entry,
                                **kwargs)


def plan(module: _api.Module, options: dict) -> JointPlan:
    """Runs the front ends' imports and --tofu-plan materialize=true on
    `module` in-process."""
    body = _pipeline_body(options)
    with tempfile.TemporaryDirectory(prefix="tofu-joint-") as tmp:
        report_path, table_path = Path(tmp) / "report.json", Path(tmp) / "table.txt"
        body += (f" materialize=true print=none"
                 f" report={_api._quoted('report', str(report_path))}"
                 f" table={_api._quoted('table', str(table_path))}")
        native, diags = module._native.run_pipeline(
            f"tofu-lower-stablehlo,tofu-lower-tosa,tofu-plan{{{body}}}")
        diags = _api._diagnostics(diags)
        if native is None:
            if any(d.kind == "plan-does-not-fit" for d in diags):
                raise _api.PlanDoesNotFit(diags)
            raise _api.TofuError(diags, f"cannot plan {module.name} for "
                                        f"{options.get('gpus')} devices")
        report = json.loads(report_path.read_text())
        table = table_path.read_text()
    return JointPlan(module, _api.Module(native, module.name + " (planned)"), report, table,
                     [d for d in diags if d.severity == "warning"])
