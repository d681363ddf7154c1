#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds, and
# prints every basic 2-way partition strategy of the example operators
# (the paper's conv1d, shift_two and batch_cholesky, and a small TOSA CNN
# layer). Later stages (search, SPMD materialization, MPI runs) extend this.
set -euo pipefail
cd "$(dirname "$0")/.."
TOFU_BUILD_TARGETS="tofu-opt" scripts/setup.sh >/dev/null
echo "== TDL descriptions of the example function's ops (tofu-opt --tofu-print-tdl)"
build/bin/tofu-opt --tofu-print-tdl examples/operators.mlir -o /dev/null
echo
echo "== Basic 2-way strategies (tofu-opt --tofu-print-strategies)"
build/bin/tofu-opt --tofu-print-strategies examples/operators.mlir -o /dev/null
