#!/usr/bin/env bash
# Installs what the project needs (Debian LLVM/MLIR 22, clang-format 22, Ninja,
# OpenMPI, CBC, OpenBLAS, iproute2 for the two-node tests, numpy, nanobind,
# pytest, JAX), then configures and builds into build/. Safe to run
# repeatedly.
#   scripts/setup.sh              the release build, build/
#   scripts/setup.sh --sanitize   build-sanitize/: AddressSanitizer and
#                                 UndefinedBehaviorSanitizer, with libFuzzer's
#                                 coverage so that the fuzz targets
#                                 (tools/tofu-fuzz) are built too
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=build
BUILD_FLAGS=()
case "${1:-}" in
  "") ;;
  --sanitize)
    BUILD=build-sanitize
    BUILD_FLAGS=(-DLLVM_USE_SANITIZER="Address;Undefined"
                 -DLLVM_USE_SANITIZE_COVERAGE=ON) ;;
  *) echo "usage: scripts/setup.sh [--sanitize]" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

need_apt=()
for pkg in libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools ninja-build cmake \
           clang clang-format-22 openmpi-bin libopenmpi-dev libgtest-dev coinor-libcbc-dev \
           libopenblas-dev pkg-config \
           chromium iproute2; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c "import numpy" >/dev/null 2>&1; then
  echo "setup: installing numpy"
  "$PYTHON" -m pip install -q numpy
fi
# The Python package (python/, docs/python.md): nanobind builds its native
# module; pytest runs test/Python, with JAX for the tofu.jax tests (CPU
# wheels, about 100 MB). PyTorch and torch-mlir, for the tofu.torch tests,
# only with TOFU_WITH_TORCH=1 (the test command sets it): PyPI's torch
# brings CUDA libraries, about 6 GB and several minutes to download, which
# the main job does not need.
need_pip=()
"$PYTHON" -c "import nanobind" >/dev/null 2>&1 || need_pip+=(nanobind)
"$PYTHON" -c "import pytest" >/dev/null 2>&1 || need_pip+=(pytest)
"$PYTHON" -c "import jax" >/dev/null 2>&1 || need_pip+=(jax==0.10.2 jaxlib==0.10.2)
if [ "${TOFU_WITH_TORCH:-0}" = 1 ] && ! "$PYTHON" -c "import torch, torch_mlir" >/dev/null 2>&1; then
  need_pip+=(torch==2.15.0 torch-mlir==20261001)
fi
if [ ${#need_pip[@]} -gt 0 ]; then
  echo "setup: installing ${need_pip[*]}"
  "$PYTHON" -m pip install -q "${need_pip[@]}"
fi
# lizard measures function lengths for test/Style/function-length.test.
if ! command -v lizard >/dev/null 2>&1 && ! "$PYTHON" -m lizard --version >/dev/null 2>&1; then
  echo "setup: installing lizard"
  "$PYTHON" -m pip install -q lizard
fi

if [ ! -f "$BUILD/build.ninja" ]; then
  echo "setup: configuring $BUILD/ (CMake, Ninja, clang, against the Debian LLVM/MLIR 22 packages)"
  cmake -G Ninja -S . -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DLLVM_ENABLE_ASSERTIONS=ON ${BUILD_FLAGS[@]+"${BUILD_FLAGS[@]}"} \
    -DPython3_EXECUTABLE="$(command -v "$PYTHON")" >/dev/null
fi
echo "setup: building ${TOFU_BUILD_TARGETS:-all} in $BUILD/ (ninja; [done/total] per step)"
ninja -C "$BUILD" ${TOFU_BUILD_TARGETS:-all}
