#!/usr/bin/env bash
# The README's test command, and CI's (.ci/run). Installs what is missing and
# builds (scripts/setup.sh), then:
#   scripts/test.sh              the whole suite on the release build (build/),
#                                then the sanitized part on build-sanitize/
#                                (ASan + UBSan): the unit tests of every
#                                library, the lit directories in
#                                SANITIZED_SUBSET below, and a bounded
#                                libFuzzer run of every fuzz target
#   scripts/test.sh --sanitize   the whole suite on build-sanitize/, and the
#                                same bounded fuzz run
# docs/reliability.md says what each part covers and how long it takes.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=default
case "${1:-}" in
  "") ;;
  --sanitize) mode=whole-sanitized ;;
  *) echo "usage: scripts/test.sh [--sanitize]" >&2; exit 2 ;;
esac

# The part of the suite CI runs sanitized: every library's unit tests and
# the lit tests of every pass and tool, less the two longest gradient
# checks (6 minutes under ASan; the autodiff library is exercised by the
# other Autodiff tests), and of the integration runs those that exercise the
# harness, the runtime, padded splits and the fault paths, chosen to fit
# CI's time (docs/reliability.md). test/docs/sanitized-subset.test checks
# that every lit test running GoogleTests is selected.
SANITIZED_SUBSET='Unit|Dialect|Analysis|Transforms|Partition|SPMD|Autodiff|Conversion|Placement|Planner|Solver|Reports|Runtime|fuzz|Integration/Run/(unittests|mlp-forward|partitioned-padded|faults|element-types|errors)'
SANITIZED_SKIPPED='Autodiff/(zoo-gradcheck|grad-linalg-named)'

# Each phase's wall time, printed when the command ends (pass or fail), so
# that a run against CI's limit shows where its minutes went.
phase_names=()
phase_seconds=()
print_phases() {
  local rc=$? i total=0
  [ ${#phase_names[@]} -gt 0 ] || return 0
  echo "test.sh: phase times (exit $rc)"
  for i in "${!phase_names[@]}"; do
    printf '  %-34s %4d min %02d s\n' "${phase_names[$i]}" \
      $((phase_seconds[$i] / 60)) $((phase_seconds[$i] % 60))
    total=$((total + phase_seconds[$i]))
  done
  printf '  %-34s %4d min %02d s\n' total $((total / 60)) $((total % 60))
}
trap print_phases EXIT
# phase NAME COMMAND...: runs COMMAND, records its time under NAME, and
# ends the script with its status when it fails.
phase() {
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  phase_names+=("$name")
  phase_seconds+=($((SECONDS - start)))
  return $rc
}

if [ "$mode" = default ]; then
  # With PyTorch and torch-mlir, so that test/Python runs the tofu.torch
  # tests too.
  TOFU_WITH_TORCH=1 phase "setup and release build" scripts/setup.sh
  # In CI every Python test can run here (JAX, PyTorch and torch-mlir are
  # installed), so test/Python/pytest.test fails on any skip
  # (test/Python/conftest.py). Only this run: the sanitized one below has
  # no Python tests in its subset, and --sanitize may run without PyTorch.
  if [ "${CI:-}" = true ]; then
    TOFU_PYTEST_NO_SKIPS=1 phase "release suite (lit)" ninja -C build check-tofu
  else
    phase "release suite (lit)" ninja -C build check-tofu
  fi
fi

if [ "$mode" = default ]; then
  # Only what the subset runs: the tools, the runtime, the unit tests and the
  # fuzz targets; not the Python module, tofu-jit or the GPU runtime, which
  # none of its tests uses (about 15% of the compile time in the release
  # build's .ninja_log).
  TOFU_BUILD_TARGETS="tofu-opt tofu-place tofu-solve tofu-zoo tofu-run
    tofu-rank tofu_run_main tofu_runtime tofu_run_support tofu-runtime-test
    tofu-runtime-products-test tofu-runtime-convolutions-test
    tofu-run-unittests tofu-unittests tofu-solver-unittests
    tofu-placement-unittests tofu-planner-unittests tofu-fuzzers" \
    phase "sanitized build" scripts/setup.sh --sanitize
else
  # The whole suite also checks the generated reference docs.
  TOFU_BUILD_TARGETS="all mlir-doc" phase "sanitized build" \
    scripts/setup.sh --sanitize
fi
# The sanitizers' options are set by test/lit.cfg.py (and, for the fuzz
# targets, by run_fuzzers.sh).
lit=(/usr/lib/llvm-22/bin/lit -sv --time-tests)
if [ "$mode" = default ]; then
  phase "sanitized subset (lit)" "${lit[@]}" \
    --filter "^TOFU :: ($SANITIZED_SUBSET)" \
    --filter-out "^TOFU :: ($SANITIZED_SKIPPED)" build-sanitize/test
else
  phase "sanitized suite (lit)" "${lit[@]}" build-sanitize/test
fi
# A fixed seed: CI tries the same inputs on every run (a finding reproduces).
TOFU_FUZZ_SEED=${TOFU_FUZZ_SEED:-1} phase "fuzzing" \
  test/fuzz/run_fuzzers.sh build-sanitize "${TOFU_FUZZ_SECONDS:-6}"
