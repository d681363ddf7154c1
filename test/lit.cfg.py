# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TOFU"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tofu_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tofu_src_root", config.tofu_src_root))
config.substitutions.append(("%tofu_tools", config.tofu_tools_dir))
config.substitutions.append(("%tofu_obj_root", config.tofu_obj_root))
config.substitutions.append(("%python", config.python_executable))
# The compiler the build used (tofu-run links programs with it).
config.substitutions.append(("%host-cxx", config.host_cxx))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.tofu_tools_dir, config.llvm_tools_dir]
tools = [
    "tofu-opt",
    "mlir-opt",
    "mlir-runner",
    ToolSubst("tofu-zoo", unresolved="ignore"),
    ToolSubst("tofu-unittests", unresolved="ignore"),
    ToolSubst("tofu-place", unresolved="ignore"),
    ToolSubst("tofu-placement-unittests", unresolved="ignore"),
    ToolSubst("tofu-planner-unittests", unresolved="ignore"),
    ToolSubst("tofu-solve", unresolved="ignore"),
    ToolSubst("tofu-solver-unittests", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.tofu_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# GPU tests (test/Integration/GPU): "gpu" only where nvidia-smi lists a device; tests
# that run GPU programs say `REQUIRES: gpu` and are skipped elsewhere.
import shutil
import subprocess

def _has_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True,
                             timeout=30)
    except Exception:
        return False
    return out.returncode == 0 and "GPU" in out.stdout

if _has_gpu():
    config.available_features.add("gpu")
else:
    lit_config.note("no GPU (nvidia-smi lists none): tests that run GPU "
                    "programs are skipped (REQUIRES: gpu)")

# The IOPDDL contest instances (../shared/iopddl beside the checkout, as
# bench/iopddl/run.py finds them): tests on production-size problems say
# `REQUIRES: iopddl` and read them through %iopddl.
_iopddl = os.path.join(config.tofu_src_root, "..", "shared", "iopddl")
if os.path.isfile(os.path.join(_iopddl, "asplos-2025-iopddl-B.json.gz")):
    config.available_features.add("iopddl")
    config.substitutions.append(("%iopddl", os.path.abspath(_iopddl)))

# Headless Chromium (test/Viz): renders tofu-viz pages; tests that need it
# say `REQUIRES: chromium` and are skipped where it is not installed.
if shutil.which("chromium"):
    config.available_features.add("chromium")

# libFuzzer targets (tools/tofu-fuzz): built only with coverage
# instrumentation (-DLLVM_USE_SANITIZE_COVERAGE=ON, build-sanitize/);
# test/fuzz/libfuzzer.test says `REQUIRES: libfuzzer`.
if os.path.exists(os.path.join(config.tofu_tools_dir, "tofu-tdl-parser-fuzzer")):
    config.available_features.add("libfuzzer")

# Sanitized builds: the options every run needs, before any the user set
# (the later of two settings wins).
# - allow_user_poisoning=0: libMLIR.so is not instrumented. LLVM's allocator
#   headers, inlined into our instrumented code, poison the rest of a fresh
#   slab; MLIR's own code then allocates attributes from it without
#   unpoisoning, and our next read of them is reported (a false positive).
# - leaks are errors, less OpenMPI's own (scripts/sanitizers/lsan.supp).
if "asan" in config.available_features or "ubsan" in config.available_features:
    sanitizer_defaults = {
        "ASAN_OPTIONS": "allow_user_poisoning=0:detect_leaks=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        "LSAN_OPTIONS": "suppressions="
        + os.path.join(config.tofu_src_root, "scripts", "sanitizers", "lsan.supp"),
    }
    for var, value in sanitizer_defaults.items():
        user = config.environment.get(var)
        config.environment[var] = value + (":" + user if user else "")

# Tests that load one of our instrumented libraries into a program that is
# not instrumented (Debian's mlir-runner, through python/tofu/mlir_exec.py)
# need ASan's runtime loaded first: mlir_exec preloads the shared runtime
# named here into that program, with leak checking off there (the leaks of
# an uninstrumented program cannot be attributed).
if "asan" in config.available_features:
    runtime = subprocess.run(
        [config.host_cxx, "-print-file-name=libclang_rt.asan-x86_64.so"],
        capture_output=True, text=True).stdout.strip()
    if os.path.isabs(runtime) and os.path.exists(runtime):
        config.environment["TOFU_SANITIZER_RUNTIME"] = runtime

# The tofu Python package (python/CMakeLists.txt), when nanobind was found.
# %python-native: the Python that imports its native module; in an ASan
# build that is Python with ASan's runtime preloaded (as for mlir-runner
# above) and leak checking off for the interpreter's own allocations.
import glob

if glob.glob(os.path.join(config.tofu_obj_root, "python", "tofu", "_tofu*.so")):
    config.available_features.add("tofu-python")
python_native = config.python_executable
if config.environment.get("TOFU_SANITIZER_RUNTIME"):
    python_native = "env LD_PRELOAD={} ASAN_OPTIONS={}:detect_leaks=0 {}".format(
        config.environment["TOFU_SANITIZER_RUNTIME"],
        config.environment.get("ASAN_OPTIONS", ""), config.python_executable)
config.substitutions.insert(0, ("%python-native", python_native))
