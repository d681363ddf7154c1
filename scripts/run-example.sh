#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds,
# prints every basic 2-way partition strategy of the example operators (the
# paper's conv1d, shift_two and batch_cholesky, and a small TOSA CNN layer),
# then builds an MLP training step with tofu-zoo and --tofu-autodiff and
# searches its 8-worker plan, printing the plan table. (SPMD materialization
# and MPI runs are not built yet.)
set -euo pipefail
cd "$(dirname "$0")/.."
TOFU_BUILD_TARGETS="tofu-opt tofu-zoo" scripts/setup.sh >/dev/null
echo "== TDL descriptions of the example function's ops (tofu-opt --tofu-print-tdl)"
build/bin/tofu-opt --tofu-print-tdl examples/operators.mlir -o /dev/null
echo
echo "== Basic 2-way strategies (tofu-opt --tofu-print-strategies)"
build/bin/tofu-opt --tofu-print-strategies examples/operators.mlir -o /dev/null
echo
echo "== An MLP training step (tofu-zoo | tofu-opt --tofu-autodiff), 8-worker plan (tofu-opt --tofu-report)"
build/bin/tofu-zoo mlp --layers 4 --hidden 2048 --in 1024 --classes 256 --batch 64 \
  | build/bin/tofu-opt --tofu-autodiff \
  | build/bin/tofu-opt --tofu-report="gpus=8 machine=k80-pcie" -o /dev/null
