"""The tofu package's API: load, plan, run (see tofu/__init__.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import numpy as np


def _native():
    try:
        from . import _tofu
    except ImportError as err:  # pragma: no cover - depends on the build
        raise ImportError(
            "tofu's native module (tofu._tofu) is not built: run scripts/setup.sh "
            "(it installs nanobind) and put build/python on PYTHONPATH, or "
            "pip install ./python"
        ) from err
    return _tofu


# ---------------------------------------------------------------------------
# Diagnostics and errors
# ---------------------------------------------------------------------------


@dataclass
class Diagnostic:
    """One MLIR diagnostic: its severity, message and location."""

    severity: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    location: str = ""
    notes: list["Diagnostic"] = field(default_factory=list)
    # What the error means to a program ("plan-does-not-fit"), or "": read
    # from the diagnostic itself (include/Tofu/Support/DiagnosticKind.h),
    # never from its words.
    kind: str = ""

    @classmethod
    def from_native(cls, d: dict) -> "Diagnostic":
        return cls(
            severity=d["severity"],
            message=d["message"],
            file=d["file"],
            line=d["line"],
            column=d["column"],
            location=d["location"],
            notes=[cls.from_native(n) for n in d["notes"]],
            kind=d.get("kind", ""),
        )

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        text = f"{where}{self.severity}: {self.message}"
        for note in self.notes:
            text += "\n  " + str(note)
        return text


class TofuError(Exception):
    """An error from Tofu, with the MLIR diagnostics behind it (located where
    the input says where)."""

    def __init__(self, diagnostics: Sequence[Diagnostic], summary: str = ""):
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"] or self.diagnostics
        lines = ([summary] if summary else []) + [str(d) for d in errors]
        super().__init__("\n".join(lines) or "tofu: unknown error")

    @property
    def location(self) -> tuple[str, int, int] | None:
        """(file, line, column) of the first located error, if any."""
        for d in self.diagnostics:
            if d.severity == "error" and d.file:
                return (d.file, d.line, d.column)
        return None


class PlanDoesNotFit(TofuError):
    """The chosen plan's estimated per-device peak is over `memory=`."""


def _diagnostics(native_list) -> list[Diagnostic]:
    return [Diagnostic.from_native(d) for d in native_list]


# ---------------------------------------------------------------------------
# Modules
# ---------------------------------------------------------------------------


class Module:
    """A parsed MLIR module (linalg, StableHLO or TOSA)."""

    def __init__(self, native, name: str, warnings: Sequence[Diagnostic] = ()):
        self._native = native
        self.name = name
        self.warnings = list(warnings)

    @property
    def text(self) -> str:
        return self._native.text()

    def __str__(self) -> str:
        return self.text

    @property
    def functions(self) -> list[str]:
        """The public functions with a body, in order."""
        return re.findall(r"^\s*func\.func (?:public )?@([\w$.-]+)\(", self.text, re.M)

    def default_entry(self) -> str:
        names = self.functions
        if "main" in names:
            return "main"
        if len(names) == 1:
            return names[0]
        raise TofuError([Diagnostic(
            "error", f"{self.name} defines {', '.join('@' + n for n in names) or 'no public function'}"
                     ": say which to run with entry=")])

    def run(self, inputs: Sequence[np.ndarray] | None = None, entry: str | None = None,
            **kwargs) -> list[np.ndarray]:
        """Runs the module unpartitioned on one rank (a reference)."""
        if entry is None:
            entry = self.default_entry()
        arrays = _run_inputs(self, _entry_name(entry), inputs)
        return _run_text(self.text, arrays, ranks=1, entry=entry, **kwargs)


def _looks_like_path(source: str) -> bool:
    return "\n" not in source and "{" not in source and len(source) < 4096


def _error(message: str) -> TofuError:
    """A TofuError of one unlocated diagnostic: what the Python side refuses."""
    return TofuError([Diagnostic("error", message)])


def _read_text(path: Path) -> str:
    """The file's text, refused as not MLIR text when it is not UTF-8 (a
    binary file)."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise _error(f"cannot read '{path}': {err.strerror or err}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _error(f"'{path}' is not MLIR text: byte 0x{data[err.start]:02x} at "
                     f"offset {err.start} is not UTF-8") from None


def load(source: str | os.PathLike, *, name: str | None = None) -> Module:
    """Parses MLIR text, or the file it names, into a Module. StableHLO and
    TOSA modules are imported into linalg when they are planned."""
    if name is not None and not isinstance(name, str):
        raise TypeError(f"tofu.load's name= must be text, not {type(name).__name__}")
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _looks_like_path(source)):
        if not os.fspath(source).strip():
            raise _error("tofu.load: the path is empty (give a file's path or MLIR text)")
        path = Path(source)
        text = _read_text(path)
        name = name or str(path)
    elif isinstance(source, str):
        text, name = source, name or "<string>"
    else:
        raise TypeError(f"tofu.load takes MLIR text or a path, not {type(source).__name__}")
    # MLIR's parser stops at a NUL byte: a file of them would load as an
    # empty module.
    nul = text.find("\0")
    if nul >= 0:
        raise _error(f"'{name}' is not MLIR text: it holds a NUL byte at offset {nul}")
    native, diags = _native().NativeModule.parse(text, name)
    diags = _diagnostics(diags)
    if native is None:
        raise TofuError(diags, f"cannot load {name}")
    return Module(native, name, [d for d in diags if d.severity == "warning"])


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------

def _describe(value: Any) -> str:
    """A value as an error message shows it: its type and repr, or only its
    type when the repr is long (an array, a dict of them)."""
    text = repr(value)
    return f"{type(value).__name__} {text}" if len(text) <= 40 else f"a {type(value).__name__}"


def _is_integer(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _is_number(value: Any) -> bool:
    return _is_integer(value) or isinstance(value, (float, np.floating))


def _quoted(name: str, text: str) -> str:
    """`text` as a pass option's value: quoted when it holds what the pass
    pipeline's syntax would split it at."""
    if re.search(r"[\s{}=,\"]", text):
        if '"' in text:
            raise _error(f"{name}={text!r}: a pass option's text may not hold a double quote")
        return f'"{text}"'
    return text


def _integer_text(name: str, value: Any) -> str:
    if not _is_integer(value):
        raise TypeError(f"{name} must be an integer, got {_describe(value)}")
    return str(int(value))


def _unsigned_text(name: str, value: Any) -> str:
    """An integer the pass reads as a 32-bit unsigned (beam=, levels=): one
    it cannot read is refused here, before the pipeline's parser echoes the
    whole pipeline."""
    text = _integer_text(name, value)
    if not 0 <= int(text) < 2**32:
        raise _error(f"{name} must be an integer from 0 to {2**32 - 1}, got {text}")
    return text


def _flag_text(name: str, value: Any) -> str:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {_describe(value)}")
    return "true" if value else "false"


def _str_text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, got {_describe(value)}")
    return _quoted(name, value)


def _path_text(name: str, value: Any) -> str:
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name} must be a name or a path, got {_describe(value)}")
    return _quoted(name, os.fspath(value))


def _memory_text(name: str, value: Any) -> str:
    """memory= as the search reads it: numbers as text, text as given. The
    search's one checked parser (include/Tofu/Support/Numbers.h) decides:
    nan, inf, negatives and more than 2^60 bytes are its errors."""
    if isinstance(value, str):
        return _quoted(name, value)
    if not _is_number(value):
        raise TypeError(f"{name} must be a byte count (a number, or text such as '40GiB' "
                        f"or 'machine'), got {_describe(value)}")
    return str(int(value)) if _is_integer(value) else repr(float(value))


def _list_text(item):
    """A list option's text: one value or a sequence of them."""
    def text(name: str, value: Any) -> str:
        values = list(value) if isinstance(value, (list, tuple)) else [value]
        return ",".join(item(f"{name}[{i}]" if len(values) > 1 else name, v)
                        for i, v in enumerate(values))
    return text


# The options of --tofu-partition (lib/Pipelines/PartitionPipelines.cpp) and
# how each is checked and written. report= and table= are tofu.plan's own.
_OPTIONS = {
    "gpus": _integer_text,
    "machine": _path_text,
    "strategy": _str_text,
    "entry": _str_text,
    "print": _str_text,
    "levels": _list_text(_unsigned_text),
    "beam": _unsigned_text,
    "memory": _memory_text,
    "coarsen": _flag_text,
    "explain": _list_text(_str_text),
    "partials": _flag_text,
    "objective": _str_text,
    "library": _list_text(_path_text),
    "materialize": _flag_text,
}
# Options that have a value whatever the caller gives: None is refused
# there (by the option's check) rather than standing for the pipeline's own
# default (machine=None would plan for k80-pcie, not tofu.plan's documented
# h200-nvlink).
_REQUIRED_OPTIONS = ("gpus", "machine", "strategy")


def _pipeline_body(options: dict) -> str:
    """The text inside `tofu-partition{...}`, every option checked in the
    caller's terms first (a TypeError names the option of a wrong type)."""
    parts = []
    for key, value in options.items():
        name = key.replace("-", "_")
        if name in ("report", "table"):
            raise TypeError(f"tofu.plan writes {name}= itself: read Plan.report and "
                            "Plan.table()")
        write = _OPTIONS.get(name)
        if write is None:
            raise TypeError(f"tofu.plan has no option {name!r} (options: "
                            f"{', '.join(sorted(_OPTIONS))})")
        if value is None and name not in _REQUIRED_OPTIONS:
            continue
        parts.append(f"{name.replace('_', '-')}={write(name, value)}")
    return " ".join(parts)


class Plan:
    """A partition plan: the report, the table and the SPMD program."""

    def __init__(self, module: Module, program: Module, report: dict, table: str,
                 gpus: int, warnings: Sequence[Diagnostic], options: dict | None = None):
        self.module = module
        self._program = program
        self.report = report
        self._table = table
        self.gpus = gpus
        self.warnings = list(warnings)
        # The --tofu-partition options this plan was searched with, for explain().
        self._options = dict(options or {})

    @property
    def program(self) -> str:
        """The partitioned (SPMD) module as MLIR text."""
        return self._program.text

    def table(self) -> str:
        """The plan as `tofu-opt --tofu-report` prints it."""
        return self._table

    @property
    def peak_memory_bytes(self) -> float:
        """The estimated per-device peak (the report's liveness estimate)."""
        return float(self.report["peak_memory_bytes_per_device"])

    def explanation(self, name: str) -> list[dict]:
        """The report's explanations of a tensor class or op (its name in
        report["tensors"] or report["ops"]; a tensor named after the op that
        makes it gives both): per level, the level's least
        communication with it held at each layout (or strategy) it could
        take, the other tensors and ops free and the earlier levels as
        chosen. The search runs again with `explain=` over the plan's
        levels; raises KeyError for an unknown name."""
        known = {t.get("name") for t in self.report.get("tensors", [])}
        known |= {o.get("name") for o in self.report.get("ops", [])}
        if name not in known:
            raise KeyError(f"no tensor or op named {name!r} in the plan")
        options = dict(self._options, explain=name, materialize=False)
        if self.report.get("levels"):
            options["levels"] = list(self.report["levels"])
        _, report, _, _ = _search(self.module, options)
        return report["explanations"]

    def explain(self, name: str) -> str:
        """Why a tensor has its layout, or an op its strategy, as text: per
        level the chosen value and what each alternative would add to that
        level's communication (bytes, and seconds on the plan's machine)."""
        from .viz import human_bytes

        lines = []
        for e in self.explanation(name):
            kind = "tensor" if e["kind"] == "tensor" else "op class"
            lines.append(f"{kind} {e['name']}: the least communication of each "
                         "level with it held at each value")
            for level in e["levels"]:
                lines.append(f"  level {level['level']} ({level['ways']} ways over "
                             f"{level['link']}): {level['chosen']} chosen, "
                             f"{human_bytes(level['comm_bytes'])}")
                for o in level["options"]:
                    if not o["chosen"]:
                        lines.append(f"    {o['value']:<20} "
                                     f"+{human_bytes(o['extra_comm_bytes'])} "
                                     f"(+{o['extra_seconds'] * 1e3:.3f} ms)")
        return "\n".join(lines)

    def run(self, inputs: Sequence[np.ndarray] | None = None, **kwargs) -> list[np.ndarray]:
        """Runs the partitioned program on `gpus` MPI ranks (CPU); returns the
        whole results as numpy arrays."""
        entry = _entry_name(kwargs.pop("entry", self.report["function"]))
        # The inputs are the whole tensors of the function that was planned.
        arrays = _run_inputs(self.module, entry, inputs)
        return _run_text(self.program, arrays, ranks=self.gpus, entry=entry, **kwargs)

    def train(self, inputs: Sequence[np.ndarray], steps: int, **kwargs) -> "TrainResult":
        """Runs `steps` training steps on `gpus` MPI ranks with the ranks up
        (`tofu-run --steps`, docs/runtime.md "Training runs"): the results
        that update an argument replace it in place each step. `batches`
        (an iterable, one item per step after the first: a dict
        {argument index: array}) gives later steps' batches, drawn while
        the run goes on (at most two steps ahead); `checkpoint`
        (a directory), `checkpoint_every` and `resume` are tofu-run's.
        Returns the last step's results and every step's loss."""
        entry = _entry_name(kwargs.pop("entry", self.report["function"]))
        arrays = _run_inputs(self.module, entry, inputs)
        return _train_text(self.program, arrays, steps, ranks=self.gpus, entry=entry,
                           **kwargs)

    def to_html(self, path: str | os.PathLike) -> Path:
        """Writes the plan picture (tofu.viz) as one self-contained HTML file."""
        from . import viz

        path = Path(path)
        path.write_text(viz.render_html(self.report))
        return path


class FrameworkPlan:
    """A Plan seen from a framework (tofu.jax, tofu.torch): the same report,
    table and program; `run` takes and returns the framework's values."""

    def __init__(self, plan: Plan):
        self.plan = plan

    @property
    def report(self) -> dict:
        return self.plan.report

    def table(self) -> str:
        return self.plan.table()

    @property
    def program(self) -> str:
        return self.plan.program


def _search(module: Module, options: dict):
    """Runs --tofu-partition with `options` in-process; returns the native
    result module, the report, the table and the diagnostics."""
    body = _pipeline_body(options)
    with tempfile.TemporaryDirectory(prefix="tofu-plan-") as tmp:
        report_path, table_path = Path(tmp) / "report.json", Path(tmp) / "table.txt"
        body += (f" report={_quoted('report', str(report_path))}"
                 f" table={_quoted('table', str(table_path))}")
        native, diags = module._native.run_pipeline(f"tofu-partition{{{body}}}")
        diags = _diagnostics(diags)
        if native is None:
            raise TofuError(diags, f"cannot plan {module.name} for "
                                   f"{options.get('gpus')} workers")
        return native, json.loads(report_path.read_text()), table_path.read_text(), diags


def plan(module: Module | str | os.PathLike, gpus: int = 8, machine: str = "h200-nvlink",
         strategy: str = "tofu", memory: float | str | None = None, *, joint: bool = False,
         **options):
    """Searches the partition plan of `module` for `gpus` workers and
    materializes it (--tofu-partition, in-process). Other options are those
    of --tofu-partition (entry=, levels=, beam=, coarsen=, library=).
    With `memory=` the search keeps each device's estimated peak under it
    (--tofu-search memory=; 0 is no limit, as there); when no plan fits it
    raises PlanDoesNotFit with the smallest peak found and what dominates
    it.

    With `joint=True` the module is a training step and the joint planner
    (--tofu-plan materialize=true) chooses data x pipeline x tensor degrees,
    microbatches, schedule, recomputation and ZeRO, and writes their
    program; the result is a JointPlan. Its options are --tofu-plan's
    (data=, pipeline=, tensor=, microbatches=, zero=, recompute=, schedule=,
    virtual_stages=, optimizer=, precision=, global_batch=, entry=);
    strategy="tofu" (the default) is the planner's own search there."""
    if not isinstance(joint, (bool, np.bool_)):
        raise TypeError(f"joint must be True or False, got {_describe(joint)}")
    if not isinstance(module, Module):
        module = load(module)
    if joint:
        from . import _joint

        return _joint.plan(module, {"gpus": gpus, "machine": machine,
                                    "strategy": "planner" if strategy == "tofu" else strategy,
                                    "memory": memory, **options})
    # The search itself keeps to memory= (--tofu-search memory=): it may
    # pick a plan that moves more bytes but fits. Its parser reads the value.
    opts = {"gpus": gpus, "machine": machine, "strategy": strategy, "memory": memory,
            **options}
    try:
        native, report, table, diags = _search(module, opts)
    except TofuError as err:
        if any(d.kind == "plan-does-not-fit" for d in err.diagnostics):
            raise PlanDoesNotFit(err.diagnostics) from None
        raise
    return Plan(module, Module(native, module.name + " (partitioned)"), report, table,
                int(gpus), [d for d in diags if d.severity == "warning"], opts)


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


def _tools_dir() -> Path:
    """Where tofu-run is: $TOFU_TOOLS_DIR, else the build this package came
    from, else PATH."""
    env = os.environ.get("TOFU_TOOLS_DIR")
    if env:
        return Path(env)
    try:
        from ._build_paths import TOOLS_DIR

        if (Path(TOOLS_DIR) / "tofu-run").exists():
            return Path(TOOLS_DIR)
    except ImportError:
        pass
    found = shutil.which("tofu-run")
    if found:
        return Path(found).parent
    raise TofuError([Diagnostic("error", "tofu-run not found (set $TOFU_TOOLS_DIR)")])


def _tool_env() -> dict:
    """The environment of tofu-run: as ours, less a sanitizer runtime that
    test/lit.cfg.py preloads into a sanitized build's Python (the tools link
    their own)."""
    env = dict(os.environ)
    runtime = env.get("TOFU_SANITIZER_RUNTIME")
    if runtime and "LD_PRELOAD" in env:
        env["LD_PRELOAD"] = ":".join(p for p in env["LD_PRELOAD"].split(":") if p != runtime)
    return env


_LOCATED = re.compile(r"^(?:tofu-run: )?(?P<file>[^\s:][^:\n]*):(?P<line>\d+):(?P<col>\d+): "
                      r"(?P<sev>error|warning|note): (?P<msg>.*)$")


def _run_diagnostics(stderr: str) -> list[Diagnostic]:
    diags = []
    for line in stderr.splitlines():
        m = _LOCATED.match(line)
        if m:
            diags.append(Diagnostic(m["sev"], m["msg"], m["file"], int(m["line"]), int(m["col"])))
        elif "error" in line:
            diags.append(Diagnostic("error", line.strip()))
    return diags or [Diagnostic("error", stderr.strip()[-2000:] or "the run failed")]


def _entry_name(entry: Any) -> str:
    if not isinstance(entry, str):
        raise TypeError(f"entry must be a function's name, got {_describe(entry)}")
    return entry


# The element types tofu-run reads and writes (runtime/harness/RunSupport.cpp)
# as numpy dtypes; bf16 travels as its uint16 bit patterns.
_NUMPY_DTYPES = {
    "f32": np.float32, "f64": np.float64, "f16": np.float16, "i64": np.int64,
    "i32": np.int32, "i16": np.int16, "i8": np.int8, "i1": np.bool_, "bf16": np.uint16,
}


# The dtype kinds a Python number is converted to (as an array of the
# argument's dtype): a bool only to bool, an int to integers and floats, a
# float to floats.
_PYTHON_NUMBER_KINDS = {bool: "b", int: "iuf", float: "f"}


def _shape_text(shape: Sequence) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + \
        ("," if len(shape) == 1 else "") + ")"


def _input_array(where: str, value: Any, arg: dict) -> np.ndarray:
    """`value` as the array the argument `arg` (NativeModule.arguments)
    takes, or a TofuError saying what it takes and what `where` is: the same
    dtype, a lossless cast, a Python number of the right kind, or bf16 from
    ml_dtypes' bfloat16; C order and native byte order (what tofu-run's
    .npy reader takes)."""
    wanted = _NUMPY_DTYPES.get(arg["element"])
    shape = arg["shape"]
    expected = arg["type"]
    if wanted is not None:
        expected += f" ({np.dtype(wanted).name}" + \
            (f", shape {_shape_text(shape)})" if shape is not None else ")")
        if arg["element"] == "bf16":
            expected = f"{arg['type']} (bfloat16, or its bits as uint16)"
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as err:
        raise _error(f"{where} is not an array ({type(value).__name__}: {err}); "
                     f"it takes {expected}") from None
    if array.dtype.kind not in "biuf" and array.dtype.name != "bfloat16":
        raise _error(f"{where} is {_describe(value)}, not an array of numbers; "
                     f"it takes {expected}")
    if wanted is not None and array.dtype != wanted:
        wanted = np.dtype(wanted)
        if arg["element"] == "bf16":
            # Only bfloat16 values (or their bits): a cast into uint16 would
            # turn numbers into bit patterns.
            if array.dtype.name != "bfloat16":
                raise _error(f"{where} is {array.dtype.name}; it takes {expected}: convert "
                             "it with .astype(ml_dtypes.bfloat16)")
            array = array.view(np.uint16)
        elif wanted.kind in _PYTHON_NUMBER_KINDS.get(type(value), ""):
            try:
                array = np.asarray(value, dtype=wanted)
            except OverflowError as err:
                raise _error(f"{where} is {value}, which {wanted.name} cannot hold "
                             f"({err}); it takes {expected}") from None
        elif np.can_cast(array.dtype, wanted, "safe") and array.dtype.kind != "b":
            array = array.astype(wanted)
        else:
            raise _error(f"{where} is {array.dtype.name} with shape {_shape_text(array.shape)}; "
                         f"it takes {expected}: convert it with .astype(np.{wanted.name})")
    if shape is not None and (len(shape) != array.ndim or any(
            d is not None and d != n for d, n in zip(shape, array.shape))):
        raise _error(f"{where} has shape {_shape_text(array.shape)}; it takes {expected}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    # (np.ascontiguousarray would make a 0-d array 1-d.)
    return array if array.flags.c_contiguous else array.copy(order="C")


def _run_inputs(module: Module, entry: str,
                inputs: Iterable[Any] | None) -> list[np.ndarray] | None:
    """The inputs of a run of @entry, checked against its arguments in
    `module` (each named as the caller wrote it: inputs[i])."""
    if inputs is None:
        return None
    if isinstance(inputs, (np.ndarray, str, bytes, dict)) or not isinstance(inputs, Iterable):
        raise _error(f"inputs must be a list of arrays, one per argument of @{entry}, "
                     f"not {type(inputs).__name__}" +
                     (" (for one argument: [x])" if isinstance(inputs, np.ndarray) else ""))
    inputs = list(inputs)
    args = module._native.arguments(entry)
    if args is None:
        raise _error(f"{module.name} has no function @{entry} with a body")
    if len(inputs) != len(args):
        raise _error(f"@{entry} takes {len(args)} argument{'s' * (len(args) != 1)}, "
                     f"{len(inputs)} input{'s' * (len(inputs) != 1)} given")
    return [_input_array(f"inputs[{i}]" + (f" ({arg['name']})" if arg["name"] else "") +
                         f" of @{entry}", x, arg)
            for i, (x, arg) in enumerate(zip(inputs, args))]


def _run_text(text: str, inputs: Sequence[np.ndarray] | None, ranks: int,
              entry: str | None = None, timeout: int = 300, jit: bool = False,
              seed: int | None = None) -> list[np.ndarray]:
    """Runs `text` with tofu-run on `ranks` ranks; `inputs` are checked
    already (_run_inputs)."""
    if not _is_integer(timeout):
        raise TypeError(f"timeout must be a whole number of seconds, got {_describe(timeout)}")
    if not 1 <= timeout < 2**32:
        raise _error(f"timeout must be from 1 to {2**32 - 1} seconds, got {timeout}")
    _flag_text("jit", jit)
    if seed is not None:
        if not _is_integer(seed):
            raise TypeError(f"seed must be an integer, got {_describe(seed)}")
        if not 0 <= seed < 2**64:
            raise _error(f"seed must be from 0 to {2**64 - 1}, got {seed}")
        if inputs is not None:
            raise TypeError("give inputs or seed=, not both (seed= makes random inputs)")
    with tempfile.TemporaryDirectory(prefix="tofu-run-") as tmp:
        tmp = Path(tmp)
        src = tmp / "module.mlir"
        src.write_text(text)
        cmd = [str(_tools_dir() / "tofu-run"), str(src), f"--ranks={ranks}",
               f"--outputs={tmp / 'out'}", f"--timeout={int(timeout)}"]
        if entry:
            cmd.append(f"--entry={entry}")
        if jit:
            cmd.append("--jit")
        if inputs is not None:
            (tmp / "in").mkdir()
            for i, x in enumerate(inputs):
                np.save(tmp / "in" / f"arg{i}.npy", x)
            cmd.append(f"--inputs={tmp / 'in'}")
        elif seed is not None:
            cmd.append(f"--seed={int(seed)}")
        proc = subprocess.run(cmd, capture_output=True, text=True, env=_tool_env())
        if proc.returncode != 0:
            raise TofuError(_run_diagnostics(proc.stderr),
                            f"the run on {ranks} rank(s) failed (tofu-run exit {proc.returncode})")
        outs = sorted((tmp / "out").glob("result*.npy"),
                      key=lambda p: int(p.stem[len("result"):]))
        return [np.load(p) for p in outs]


class TrainResult:
    """What Plan.train returns: `results`, the whole results of the last
    step (numpy arrays, in the step's order), and `losses`, one float per
    step (the step's loss as tofu-run identifies it; NaN if it has none)."""

    def __init__(self, results: list[np.ndarray], losses: list[float]):
        self.results = results
        self.losses = losses


def _check_batch(where: str, batch: Any, arrays: Sequence[np.ndarray]) -> dict:
    """One step's batches as {argument index: C-ordered array}, each
    checked against argument K's dtype and shape as given in `arrays`."""
    if not isinstance(batch, dict):
        raise TypeError(f"{where} must be a dict {{argument index: array}}, "
                        f"not {type(batch).__name__}")
    out = {}
    for k, value in batch.items():
        if not _is_integer(k) or not 0 <= k < len(arrays):
            raise _error(f"{where}: {k!r} is not an argument index (0 to {len(arrays) - 1})")
        x = np.asarray(value)
        if x.dtype != arrays[k].dtype or x.shape != arrays[k].shape:
            raise _error(f"{where}[{k}] is {x.dtype} {list(x.shape)}, argument {k} "
                         f"takes {arrays[k].dtype} {list(arrays[k].shape)}")
        out[int(k)] = np.ascontiguousarray(x)
    return out


class _BatchFeeder(threading.Thread):
    """Writes DIR/steps/I (then DIR/steps/I/.ready, which the ranks wait
    for: tofu-run --wait-batches) from the iterator while the run goes on,
    at most `ahead` steps before the last step the loss log shows done."""

    def __init__(self, directory: Path, batches: Iterator[Any], steps: int, first: int,
                 arrays: Sequence[np.ndarray], log: Path, proc: subprocess.Popen,
                 ahead: int = 2):
        super().__init__(daemon=True)
        self.directory, self.batches, self.steps, self.first = directory, batches, steps, first
        self.arrays, self.log, self.proc, self.ahead = arrays, log, proc, ahead
        self.error: BaseException | None = None

    def done_steps(self) -> int:
        try:
            return len(self.log.read_text().splitlines())
        except OSError:
            return 0

    def run(self):
        exhausted = False
        try:
            for index in range(1, self.steps):
                while (index > self.first + self.done_steps() + self.ahead and
                       self.proc.poll() is None):
                    time.sleep(0.001)
                if self.proc.poll() is not None:
                    return
                if index < self.first:
                    # Resumed: steps before the checkpoint do not run; their
                    # items are skipped so that item I-1 stays step I's.
                    if not exhausted:
                        exhausted = next(self.batches, None) is None
                    continue
                out = self.directory / "steps" / str(index)
                out.mkdir(parents=True, exist_ok=True)
                batch = None
                if not exhausted:
                    batch = next(self.batches, None)
                    exhausted = batch is None
                if batch is not None:
                    for k, x in _check_batch(f"batches[{index - 1}]", batch,
                                             self.arrays).items():
                        np.save(out / f"arg{k}.npy", x)
                (out / ".ready.tmp").write_text("")
                os.replace(out / ".ready.tmp", out / ".ready")
        except BaseException as e:  # noqa: BLE001 - re-raised by train
            self.error = e
            self.proc.terminate()


def _train_text(text: str, inputs: Sequence[np.ndarray], steps: int, ranks: int,
                entry: str | None = None, timeout: int = 300, batches=None,
                checkpoint: str | os.PathLike | None = None,
                checkpoint_every: int | None = None,
                resume: bool = False) -> TrainResult:
    """Plan.train's run: tofu-run --steps on `ranks` ranks, with
    --wait-batches and a _BatchFeeder when `batches` is given."""
    if not _is_integer(steps) or steps < 1:
        raise _error(f"steps must be a whole number of at least 1, got {_describe(steps)}")
    if not _is_integer(timeout) or not 1 <= timeout < 2**32:
        raise _error(f"timeout must be from 1 to {2**32 - 1} seconds, got {_describe(timeout)}")
    _flag_text("resume", resume)
    if inputs is None:
        raise TypeError("train needs inputs (the first step's arguments)")
    if batches is not None and (isinstance(batches, (dict, np.ndarray, str, bytes)) or
                                not isinstance(batches, Iterable)):
        raise TypeError("batches must be an iterable of dicts {argument index: array}, "
                        f"one per step after the first, not {type(batches).__name__}")
    if checkpoint_every is not None and (not _is_integer(checkpoint_every) or
                                         checkpoint_every < 1):
        raise _error("checkpoint_every must be a whole number of at least 1, "
                     f"got {_describe(checkpoint_every)}")
    with tempfile.TemporaryDirectory(prefix="tofu-train-") as tmp:
        tmp = Path(tmp)
        src = tmp / "module.mlir"
        src.write_text(text)
        (tmp / "in").mkdir()
        for i, x in enumerate(inputs):
            np.save(tmp / "in" / f"arg{i}.npy", x)
        log = tmp / "loss.txt"
        cmd = [str(_tools_dir() / "tofu-run"), str(src), f"--ranks={ranks}",
               f"--outputs={tmp / 'out'}", f"--timeout={int(timeout)}",
               f"--inputs={tmp / 'in'}", f"--steps={int(steps)}", f"--loss-log={log}"]
        if entry:
            cmd.append(f"--entry={entry}")
        if checkpoint is not None:
            cmd.append(f"--checkpoint={os.fspath(checkpoint)}")
        if checkpoint_every is not None:
            cmd.append(f"--checkpoint-every={int(checkpoint_every)}")
        if resume:
            cmd.append("--resume")
        if batches is not None:
            cmd.append("--wait-batches")
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=_tool_env())
        feeder = None
        if batches is not None:
            # With resume the first steps are skipped: the log shows only
            # the steps run, so the feeder counts from the checkpoint's step.
            first = _resume_step(checkpoint) if resume else 0
            feeder = _BatchFeeder(tmp / "in", iter(batches), steps, first, inputs, log, proc)
            feeder.start()
        _, stderr = proc.communicate()
        if feeder is not None:
            feeder.join()
            if feeder.error is not None:
                raise feeder.error
        if proc.returncode != 0:
            raise TofuError(_run_diagnostics(stderr),
                            f"training on {ranks} rank(s) failed (tofu-run exit {proc.returncode})")
        losses = []
        for line in log.read_text().splitlines():
            loss = line.split()[1]
            losses.append(float("nan") if loss == "-" else float(loss))
        outs = sorted((tmp / "out").glob("result*.npy"),
                      key=lambda p: int(p.stem[len("result"):]))
        return TrainResult([np.load(p) for p in outs], losses)


def _resume_step(checkpoint) -> int:
    """The step of the last complete checkpoint in `checkpoint` (0: none)."""
    from . import checkpoint as ckpt

    found = ckpt.complete(os.fspath(checkpoint)) if checkpoint is not None else []
    return found[-1][0] if found else 0


def run(module: Module | str | os.PathLike, inputs: Sequence[np.ndarray] | None = None,
        **kwargs) -> list[np.ndarray]:
    """Runs a module unpartitioned on one rank: the reference a plan's run is
    compared with."""
    if not isinstance(module, Module):
        module = load(module)
    return module.run(inputs, **kwargs)
