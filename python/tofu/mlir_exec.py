"""Run one function of an MLIR module on the CPU and read its results back.

The module is lowered with the project's CPU pipeline (``tofu-opt``) and
JIT-executed by ``mlir-runner``; no MLIR Python bindings are needed. Typical
use::

    from tofu.mlir_exec import run_function
    loss, = run_function("model.mlir", "forward", [w1, b1, x, labels])

How it works:

1. ``extra_passes`` (if any) run on the module first, with ``opt_tool`` (the
   default is ``$TOFU_OPT``, else ``tofu-opt`` on ``PATH``).
2. The signature of ``func_name`` is read from the generic-form print of the
   module, so argument attributes and dialect attributes do not matter.
3. A wrapper ``func.func @__mlir_exec_main()`` is appended. It materialises
   every input as ``arith.constant dense<"0x...">`` (the raw little-endian bytes,
   so inputs are bit-exact), calls the function and prints each result. With
   ``exact=True`` (the default) floating-point results are bitcast to integers
   of the same width and printed with ``printMemrefI32``/``printMemrefI64``, so
   the values read back are bit-exact too; ``exact=False`` prints them with
   ``printMemrefF32``/``printMemrefF64`` (six significant digits).
4. The module is lowered with :data:`LOWERING_PASSES` (``tofu-opt``) and run with
   ``mlir-runner`` against ``libmlir_runner_utils.so`` and
   ``libmlir_c_runner_utils.so``; the printed memrefs are parsed back into
   numpy arrays of the declared result shapes and dtypes.

Any failing step raises :class:`MlirExecError` naming the step, the command and
the tool's diagnostics. Inputs that do not match the signature raise
``ValueError`` before anything runs.

Tool locations can be overridden with ``$MLIR_OPT``, ``$MLIR_RUNNER`` and
``$MLIR_LIB_DIR`` (the directory holding the runner-utils libraries); the
default is the Debian LLVM 22 layout under ``/usr/lib/llvm-22``.
Set ``$MLIR_EXEC_KEEP=1`` (or pass ``workdir=``) to keep the intermediate files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

__all__ = [
    "LOWERING_PASSES",
    "MlirExecError",
    "TensorSig",
    "function_signature",
    "run_function",
]

_LLVM_PREFIX = Path("/usr/lib/llvm-22")

#: The pipeline from tensors + linalg/tensor/arith/math/func (and StableHLO,
#: TOSA and shard collectives) to the LLVM dialect: the project's CPU lowering,
#: registered in C++ (include/Tofu/Pipelines/Pipelines.h), which ``tofu-run``
#: builds in process too, so both lower the same way.
LOWERING_PASSES: tuple[str, ...] = ("--tofu-lower-to-llvm-cpu",)

_ENTRY = "__mlir_exec_main"

# MLIR element type -> (numpy dtype, integer type of the same width, printer).
_ELEMENT_TYPES = {
    "f32": (np.float32, "i32", "printMemrefF32"),
    "f64": (np.float64, "i64", "printMemrefF64"),
    "i32": (np.int32, "i32", "printMemrefI32"),
    "i64": (np.int64, "i64", "printMemrefI64"),
}
_INT_PRINTERS = {"i32": "printMemrefI32", "i64": "printMemrefI64"}
_INT_DTYPES = {"i32": np.int32, "i64": np.int64}


class MlirExecError(RuntimeError):
    """A step of compiling or running the module failed."""

    def __init__(self, step: str, message: str, *, command=None, output=""):
        self.step = step
        self.command = list(command) if command else None
        self.output = output
        text = f"mlir_exec: {step} failed: {message}"
        if self.command:
            text += "\n  command: " + " ".join(str(c) for c in self.command)
        if output:
            tail = output.strip().splitlines()[-40:]
            text += "\n  output:\n    " + "\n    ".join(tail)
        super().__init__(text)


@dataclass(frozen=True)
class TensorSig:
    """One argument or result type: a ranked tensor or a scalar."""

    text: str  # the MLIR type as written, e.g. "tensor<2x?xf32>"
    shape: tuple  # dims; None for a dynamic one; () for scalars
    element: str  # "f32", "f64", "i32", "i64"
    is_tensor: bool

    @property
    def dtype(self):
        return np.dtype(_ELEMENT_TYPES[self.element][0])

    def static_text(self, shape: Sequence[int]) -> str:
        if not self.is_tensor:
            return self.element
        return "tensor<" + "".join(f"{d}x" for d in shape) + self.element + ">"


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------


def _find_tool(env: str, name: str) -> str:
    if os.environ.get(env):
        return os.environ[env]
    candidate = _LLVM_PREFIX / "bin" / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if found:
        return found
    raise MlirExecError("setup", f"cannot find '{name}' (set ${env})")


def _runner_libs() -> list[str]:
    lib_dir = Path(os.environ.get("MLIR_LIB_DIR", _LLVM_PREFIX / "lib"))
    libs = [lib_dir / "libmlir_runner_utils.so", lib_dir / "libmlir_c_runner_utils.so"]
    for lib in libs:
        if not lib.exists():
            raise MlirExecError("setup", f"missing runner library {lib} (set $MLIR_LIB_DIR)")
    return [str(lib) for lib in libs]


def _cpu_runtime_libs() -> list[str]:
    """libtofu_runtime of the build that holds tofu-opt: the lowering hands
    f32 products to its OpenBLAS calls (--tofu-cpu-library-calls)."""
    lib = Path(_default_opt_tool()).resolve().parent.parent / "lib" / "libtofu_runtime.so"
    if not lib.exists():
        raise MlirExecError("setup", f"missing {lib} (the CPU runtime next to tofu-opt)")
    return [str(lib)]


def _default_opt_tool() -> str:
    """tofu-opt: $TOFU_OPT, else on PATH (the lowering pipeline has project
    passes, so mlir-opt cannot run it)."""
    if os.environ.get("TOFU_OPT"):
        return os.environ["TOFU_OPT"]
    found = shutil.which("tofu-opt")
    if not found:
        raise MlirExecError(
            "setup", "cannot find 'tofu-opt' (put the build's bin/ on PATH or set $TOFU_OPT)"
        )
    return found


def _host_env(preload_sanitizer: bool) -> dict | None:
    """The environment of an uninstrumented host (mlir-runner) that loads our
    libraries: in a sanitized build (test/lit.cfg.py sets
    $TOFU_SANITIZER_RUNTIME), ASan's shared runtime preloaded, since an
    instrumented library cannot load into a process without it, and leak
    checking off, since the host's own leaks cannot be attributed."""
    runtime = os.environ.get("TOFU_SANITIZER_RUNTIME")
    if not preload_sanitizer or not runtime:
        return None
    env = dict(os.environ)
    env["LD_PRELOAD"] = ":".join(p for p in (runtime, env.get("LD_PRELOAD")) if p)
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    return env


def _run(step: str, command: list, timeout: float, preload_sanitizer: bool = False) -> str:
    try:
        proc = subprocess.run(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            timeout=timeout,
            env=_host_env(preload_sanitizer),
        )
    except FileNotFoundError as err:
        raise MlirExecError(step, f"cannot execute: {err}", command=command) from None
    except subprocess.TimeoutExpired as err:
        raise MlirExecError(step, f"timed out after {timeout} s", command=command) from None
    if proc.returncode != 0:
        raise MlirExecError(
            step,
            f"exit status {proc.returncode}",
            command=command,
            output=(proc.stderr or "") + (proc.stdout or ""),
        )
    return proc.stdout


# ---------------------------------------------------------------------------
# Signature parsing (generic form: function_type = (A, B) -> (C, D))
# ---------------------------------------------------------------------------


def _split_top_level(text: str) -> list[str]:
    """Split on commas that are not nested in <>, (), [] or {}."""
    parts, depth, start = [], 0, 0
    text = text.replace("->", "\x00\x01")  # keep '>' of arrows out of nesting
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.replace("\x00\x01", "->").strip() for p in parts if p.strip()]


def _matching(text: str, open_index: int) -> int:
    """Index of the bracket closing the one at open_index ('(' or '<')."""
    pairs = {"(": ")", "<": ">", "[": "]", "{": "}"}
    stack = []
    i = open_index
    while i < len(text):
        ch = text[i]
        if text.startswith("->", i):
            i += 2
            continue
        if ch in pairs:
            stack.append(pairs[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
            if not stack:
                return i
        i += 1
    raise ValueError("unbalanced brackets in function type")


def _parse_type(text: str) -> TensorSig:
    text = text.strip()
    m = re.fullmatch(r"tensor<((?:(?:\d+|\?)x)*)(\w+)>", text)
    if m:
        dims = tuple(None if d == "?" else int(d) for d in m.group(1).split("x") if d)
        element = m.group(2)
        if element not in _ELEMENT_TYPES:
            raise MlirExecError("signature", f"unsupported element type in '{text}'")
        return TensorSig(text, dims, element, True)
    if text in _ELEMENT_TYPES:
        return TensorSig(text, (), text, False)
    raise MlirExecError(
        "signature",
        f"unsupported type '{text}' (ranked tensors and f32/f64/i32/i64 scalars are supported)",
    )


def _parse_function_type(text: str) -> tuple[list[TensorSig], list[TensorSig]]:
    assert text.startswith("(")
    close = _matching(text, 0)
    args = [_parse_type(t) for t in _split_top_level(text[1:close])]
    rest = text[close + 1 :].strip()
    if not rest.startswith("->"):
        raise MlirExecError("signature", f"cannot parse function type '{text}'")
    rest = rest[2:].strip()
    if rest.startswith("("):
        results = [_parse_type(t) for t in _split_top_level(rest[1 : _matching(rest, 0)])]
    else:
        results = [_parse_type(_split_top_level(rest)[0])]
    return args, results


def _signature_from_generic(generic: str, func_name: str):
    for m in re.finditer(r'sym_name = "([^"]+)"', generic):
        if m.group(1) != func_name:
            continue
        # The attribute dictionary of the func.func holding this sym_name.
        start = generic.rfind('"func.func"', 0, m.start())
        if start < 0 or "({" in generic[start : m.start()]:
            continue  # a sym_name of some other op (e.g. a global)
        ft = generic.find("function_type = ", start)
        if ft < 0 or ft > m.start() + 100000:
            continue
        ft += len("function_type = ")
        close = _matching(generic, ft)
        tail = generic[close + 1 :]
        mres = re.match(r"\s*->\s*", tail)
        if not mres:
            raise MlirExecError("signature", f"cannot parse the type of @{func_name}")
        pos = close + 1 + mres.end()
        if generic[pos] == "(":
            end = _matching(generic, pos) + 1
        else:
            # A single result type: ends at the first top-level ',' or '}'.
            depth, end = 0, pos
            while end < len(generic):
                ch = generic[end]
                if ch in "<([":
                    depth += 1
                elif ch in ">)]":
                    depth -= 1
                elif ch in ",}" and depth == 0:
                    break
                end += 1
        return _parse_function_type(generic[ft:end])
    raise MlirExecError("signature", f"no func.func @{func_name} in the module")


def function_signature(mlir_path_or_text, func_name: str):
    """Return ([arg TensorSig], [result TensorSig]) of ``func_name``."""
    with tempfile.TemporaryDirectory(prefix="mlir_exec_") as tmp:
        src = _materialise(mlir_path_or_text, Path(tmp))
        generic = _run(
            "parse",
            [_find_tool("MLIR_OPT", "mlir-opt"), str(src), "--mlir-print-op-generic"],
            600,
        )
        return _signature_from_generic(generic, func_name)


# ---------------------------------------------------------------------------
# Wrapper generation
# ---------------------------------------------------------------------------


def _materialise(mlir_path_or_text, tmp: Path) -> Path:
    if isinstance(mlir_path_or_text, Path) or (
        isinstance(mlir_path_or_text, str)
        and "\n" not in mlir_path_or_text
        and "{" not in mlir_path_or_text
    ):
        path = Path(mlir_path_or_text)
        if not path.exists():
            raise MlirExecError("input", f"no such file: {path}")
        return path
    path = tmp / "input.mlir"
    path.write_text(str(mlir_path_or_text))
    return path


def _dense_literal(array: np.ndarray) -> str:
    data = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"), copy=False)
    return 'dense<"0x' + data.tobytes().hex().upper() + '">'


def _coerce_input(index: int, value, sig: TensorSig) -> np.ndarray:
    array = np.asarray(value)
    if array.dtype.kind != sig.dtype.kind and not (
        array.dtype.kind in "iu" and sig.dtype.kind == "f"
    ):
        raise ValueError(
            f"input {index}: dtype {array.dtype} does not match the argument type {sig.text}"
        )
    array = array.astype(sig.dtype, copy=False)
    if sig.is_tensor:
        if array.ndim != len(sig.shape) or any(
            d is not None and d != n for d, n in zip(sig.shape, array.shape)
        ):
            raise ValueError(
                f"input {index}: shape {array.shape} does not match the argument type {sig.text}"
            )
    elif array.ndim != 0:
        raise ValueError(f"input {index}: expected a scalar for argument type {sig.text}")
    return array


def _scalar_literal(array: np.ndarray, element: str) -> str:
    if element.startswith("i"):
        return str(int(array))
    bits = element.replace("f", "i")
    as_int = array.astype(array.dtype).view(_INT_DTYPES[bits])
    return f"0x{int(as_int) & ((1 << int(bits[1:])) - 1):X}"


def _wrapper(func_name, arg_sigs, res_sigs, arrays, exact, existing_symbols) -> str:
    lines = [f"func.func @{_ENTRY}() {{"]
    operands = []
    for i, (sig, array) in enumerate(zip(arg_sigs, arrays)):
        if not sig.is_tensor:
            lines.append(
                f"  %in{i} = arith.constant {_scalar_literal(array, sig.element)} : {sig.element}"
            )
            operands.append(f"%in{i}")
            continue
        static = sig.static_text(array.shape)
        if array.size == 0:
            lines.append(f"  %c{i} = tensor.empty() : {static}")
        else:
            lines.append(f"  %c{i} = arith.constant {_dense_literal(array)} : {static}")
        if static == sig.text:
            operands.append(f"%c{i}")
        else:
            lines.append(f"  %in{i} = tensor.cast %c{i} : {static} to {sig.text}")
            operands.append(f"%in{i}")
    arg_types = ", ".join(s.text for s in arg_sigs)
    res_types = ", ".join(s.text for s in res_sigs)
    n = len(res_sigs)
    results = "%r" + (f":{n}" if n > 1 else "")
    call = f"call @{func_name}({', '.join(operands)}) : ({arg_types}) -> ({res_types})"
    lines.append(f"  {results} = {call}" if n else f"  {call}")
    printers = set()
    for k, sig in enumerate(res_sigs):
        value = "%r" + (f"#{k}" if n > 1 else "")
        tensor_value, ttype = value, sig.text
        if not sig.is_tensor:
            ttype = f"tensor<{sig.element}>"
            lines.append(f"  %s{k} = tensor.from_elements {value} : {ttype}")
            tensor_value = f"%s{k}"
        element = sig.element
        if exact and element.startswith("f"):
            int_type = _ELEMENT_TYPES[element][1]
            rank = len(sig.shape)
            itype = ttype.replace(element + ">", int_type + ">")
            dims = []
            for d in range(rank):
                if sig.shape[d] is None:
                    lines.append(f"  %d{k}_{d} = tensor.dim {tensor_value}, %idx{k}_{d} : {ttype}")
                    lines.insert(-1, f"  %idx{k}_{d} = arith.constant {d} : index")
                    dims.append(f"%d{k}_{d}")
            ids = ", ".join(f"d{d}" for d in range(rank))
            idmap = f"affine_map<({ids}) -> ({ids})>"
            iterators = ", ".join(['"parallel"'] * rank)
            lines.append(f"  %e{k} = tensor.empty({', '.join(dims)}) : {itype}")
            lines.append(
                f"  %b{k} = linalg.generic {{indexing_maps = [{idmap}, {idmap}], "
                f"iterator_types = [{iterators}]}} "
                f"ins({tensor_value} : {ttype}) outs(%e{k} : {itype}) {{\n"
                f"  ^bb0(%x: {element}, %o: {int_type}):\n"
                f"    %y = arith.bitcast %x : {element} to {int_type}\n"
                f"    linalg.yield %y : {int_type}\n"
                f"  }} -> {itype}"
            )
            tensor_value, ttype, element = f"%b{k}", itype, int_type
            printer = _INT_PRINTERS[int_type]
        else:
            printer = _ELEMENT_TYPES[element][2]
        mtype = "memref<" + ttype[len("tensor<") :]
        lines.append(f"  %m{k} = bufferization.to_buffer {tensor_value} : {ttype} to {mtype}")
        lines.append(f"  %u{k} = memref.cast %m{k} : {mtype} to memref<*x{element}>")
        lines.append(f"  call @{printer}(%u{k}) : (memref<*x{element}>) -> ()")
        printers.add((printer, element))
    lines.append("  return")
    lines.append("}")
    for printer, element in sorted(printers):
        if printer not in existing_symbols:
            lines.append(f"func.func private @{printer}(memref<*x{element}>)")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Output parsing
# ---------------------------------------------------------------------------

_HEADER = re.compile(r"Unranked Memref base@ = \S+ rank = (\d+) offset = \d+ sizes = \[([^\]]*)\]")
_NUMBER = re.compile(r"[-+]?(?:nan|inf|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)")


def _parse_output(stdout: str, res_sigs, exact: bool) -> list[np.ndarray]:
    headers = list(_HEADER.finditer(stdout))
    if len(headers) < len(res_sigs):
        raise MlirExecError(
            "parse-output",
            f"expected {len(res_sigs)} printed memrefs, found {len(headers)}",
            output=stdout,
        )
    headers = headers[len(headers) - len(res_sigs) :]
    arrays = []
    for k, (m, sig) in enumerate(zip(headers, res_sigs)):
        end = headers[k + 1].start() if k + 1 < len(headers) else len(stdout)
        body = stdout[m.end() : end]
        body = body[body.find("data =") + len("data =") :]
        sizes = tuple(int(s) for s in m.group(2).split(",") if s.strip())
        tokens = _NUMBER.findall(body)
        count = int(np.prod(sizes, dtype=np.int64))
        if len(tokens) != count:
            raise MlirExecError(
                "parse-output",
                f"result {k}: expected {count} values for sizes {list(sizes)}, read {len(tokens)}",
                output=stdout[m.start() : end][:4000],
            )
        if exact and sig.element.startswith("f"):
            ints = np.array([int(t) for t in tokens], dtype=_INT_DTYPES[_ELEMENT_TYPES[sig.element][1]])
            values = ints.view(sig.dtype)
        elif sig.element.startswith("i"):
            values = np.array([int(t) for t in tokens], dtype=sig.dtype)
        else:
            values = np.array([float(t) for t in tokens], dtype=sig.dtype)
        arrays.append(values.reshape(sizes))
    return arrays


# ---------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------


def _normalise_passes(extra_passes) -> list[str]:
    if extra_passes is None:
        return []
    if isinstance(extra_passes, str):
        extra_passes = [extra_passes]
    out = []
    for p in extra_passes:
        p = str(p).strip()
        if not p:
            continue
        out.append(p if p.startswith("-") else "--" + p)
    return out


def run_function(
    mlir_path_or_text,
    func_name: str,
    inputs: Iterable,
    *,
    extra_passes=None,
    opt_tool: str | None = None,
    exact: bool = True,
    timeout: float = 600,
    workdir: str | os.PathLike | None = None,
    shared_libs: Sequence[str] = (),
) -> list[np.ndarray]:
    """Run ``func_name`` of an MLIR module on ``inputs``; return its results.

    ``mlir_path_or_text`` is a path to a ``.mlir`` file or the module text.
    ``inputs`` holds one numpy array (or scalar) per function argument, in
    order; dtypes follow the argument types (f32, f64, i32, i64). The function
    may return ranked tensors and f32/f64/i32/i64 scalars; each comes back as a
    numpy array of the printed shape (0-d for ``tensor<f32>`` and scalars).

    ``extra_passes`` are opt flags (``"--tofu-foo"`` or ``"tofu-foo"``, or a
    ``--pass-pipeline=...``) applied to the module before anything else, with
    ``opt_tool`` (default ``$TOFU_OPT``, else ``tofu-opt``).
    ``shared_libs`` are loaded by ``mlir-runner`` besides the runner-utils
    libraries (e.g. a library the module calls into).
    """
    inputs = list(inputs)
    keep = workdir is not None or os.environ.get("MLIR_EXEC_KEEP") == "1"
    if workdir is not None:
        Path(workdir).mkdir(parents=True, exist_ok=True)
        tmp_ctx = None
        tmp = Path(workdir)
    elif keep:
        tmp = Path(tempfile.mkdtemp(prefix="mlir_exec_"))
        tmp_ctx = None
    else:
        tmp_ctx = tempfile.TemporaryDirectory(prefix="mlir_exec_")
        tmp = Path(tmp_ctx.name)
    try:
        return _run_in(
            tmp, mlir_path_or_text, func_name, inputs, extra_passes, opt_tool, exact, timeout,
            list(shared_libs),
        )
    except MlirExecError as err:
        if keep:
            err.args = (err.args[0] + f"\n  intermediate files kept in {tmp}",)
        raise
    finally:
        if tmp_ctx is not None:
            tmp_ctx.cleanup()


def _run_in(
    tmp, mlir_path_or_text, func_name, inputs, extra_passes, opt_tool, exact, timeout, shared_libs=()
):
    # tofu-opt, not mlir-opt: a planned module carries Tofu dialect attributes.
    mlir_opt = _default_opt_tool()
    src = _materialise(mlir_path_or_text, tmp)

    # 1. Extra passes, and normalisation of the text (so the wrapper can be
    #    appended inside the top-level module).
    passes = _normalise_passes(extra_passes)
    stage0 = tmp / "stage0.mlir"
    tool = (opt_tool or _default_opt_tool()) if passes else mlir_opt
    _run("extra-passes" if passes else "parse", [tool, str(src), *passes, "-o", str(stage0)], timeout)

    # 2. Signature.
    generic = _run("parse", [mlir_opt, str(stage0), "--mlir-print-op-generic"], timeout)
    arg_sigs, res_sigs = _signature_from_generic(generic, func_name)
    if len(inputs) != len(arg_sigs):
        raise ValueError(
            f"@{func_name} takes {len(arg_sigs)} arguments, {len(inputs)} inputs were given"
        )
    arrays = [_coerce_input(i, x, s) for i, (x, s) in enumerate(zip(inputs, arg_sigs))]

    # 3. Wrapper.
    text = stage0.read_text().rstrip()
    if not text.endswith("}") or not re.search(r"^module\b", text, re.M):
        raise MlirExecError("wrap", "unexpected module text after normalisation")
    symbols = set(re.findall(r"func\.func (?:private |public |nested )?@([\w$.]+)", text))
    if _ENTRY in symbols:
        raise MlirExecError("wrap", f"the module already defines @{_ENTRY}")
    wrapper = _wrapper(func_name, arg_sigs, res_sigs, arrays, exact, symbols)
    wrapped = tmp / "wrapped.mlir"
    wrapped.write_text(text[:-1] + wrapper + "}\n")

    # 4. Lower and run.
    lowered = tmp / "lowered.mlir"
    _run("lower", [_default_opt_tool(), str(wrapped), *LOWERING_PASSES, "-o", str(lowered)], timeout)
    runner = _find_tool("MLIR_RUNNER", "mlir-runner")
    stdout = _run(
        "run",
        [
            runner,
            str(lowered),
            "-e",
            _ENTRY,
            "--entry-point-result=void",
            "--shared-libs="
            + ",".join(_runner_libs() + _cpu_runtime_libs() + [str(lib) for lib in shared_libs]),
        ],
        timeout,
        preload_sanitizer=True,  # libtofu_runtime is always loaded
    )
    return _parse_output(stdout, res_sigs, exact)


if __name__ == "__main__":  # pragma: no cover - a tiny manual smoke test
    import sys

    if len(sys.argv) != 3:
        sys.exit("usage: mlir_exec.py MODULE.mlir FUNC  (runs FUNC with all-ones inputs)")
    args, _ = function_signature(sys.argv[1], sys.argv[2])
    ins = [np.ones([d or 1 for d in s.shape], dtype=s.dtype) for s in args]
    for r in run_function(sys.argv[1], sys.argv[2], ins):
        print(r)
