#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds,
# prints every basic 2-way partition strategy of the example operators (the
# paper's conv1d, shift_two and batch_cholesky, and a small TOSA CNN layer),
# then builds an MLP training step with tofu-zoo and --tofu-autodiff,
# searches its 8-worker plan (the plan table), materializes the SPMD program,
# runs it on 8 CPU ranks with MPI; then lets the joint planner choose data x
# pipeline x tensor degrees, microbatches and ZeRO for 8 devices, writes
# that plan's per-rank program and runs it on 8 ranks; and compares every
# result of both (updated parameters and loss) with the same step run
# unpartitioned on one rank.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Install what is missing and build the tools this example uses (scripts/setup.sh; the first time takes about 15 minutes on 2 cores)"
TOFU_BUILD_TARGETS="tofu-opt tofu-zoo tofu-run tofu_runtime tofu_run_support" scripts/setup.sh
echo
echo "== TDL descriptions of the example function's ops (tofu-opt --tofu-print-tdl)"
build/bin/tofu-opt --tofu-print-tdl examples/operators.mlir -o /dev/null
echo
echo "== Basic 2-way strategies (tofu-opt --tofu-print-strategies)"
build/bin/tofu-opt --tofu-print-strategies examples/operators.mlir -o /dev/null
echo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== An MLP training step (tofu-zoo | tofu-opt --tofu-autodiff), 8-worker plan (tofu-opt --tofu-report)"
build/bin/tofu-zoo mlp --layers 4 --hidden 256 --in 128 --classes 32 --batch 64 \
  | build/bin/tofu-opt --tofu-autodiff -o "$work/step.mlir"
build/bin/tofu-opt --tofu-report="gpus=8 machine=k80-pcie" "$work/step.mlir" -o /dev/null
echo
echo "== The same step partitioned for 8 ranks (tofu-opt --tofu-partition=gpus=8), run on 8 CPU ranks (tofu-run)"
build/bin/tofu-opt --tofu-partition="gpus=8 machine=k80-pcie" "$work/step.mlir" -o "$work/step-8.mlir"
grep -o 'tofu.partition = #tofu.plan<.*>>' "$work/step-8.mlir"
build/bin/tofu-run "$work/step-8.mlir" --entry train_step --seed 1 \
  --save-inputs "$work/inputs" --outputs "$work/out-8"
echo
echo "== The joint planner's data x pipeline x tensor plan for 8 devices, written as the per-rank program (tofu-opt --tofu-plan materialize=true), run on 8 CPU ranks"
build/bin/tofu-opt --tofu-plan="gpus=8 machine=k80-pcie memory=0 materialize=true" \
  "$work/step.mlir" -o "$work/step-joint.mlir"
build/bin/tofu-run "$work/step-joint.mlir" --entry train_step --inputs "$work/inputs" \
  --outputs "$work/out-joint"
echo
echo "== The unpartitioned step on 1 rank, same inputs"
build/bin/tofu-run "$work/step.mlir" --entry train_step --inputs "$work/inputs" \
  --outputs "$work/out-1"
echo
echo "== 8 ranks against 1 rank (max relative error per element, floor 1% of each tensor's largest value)"
echo "tensor partition:"
python3 test/Integration/Run/Inputs/compare.py close "$work/out-8" "$work/out-1"
echo "joint plan:"
python3 test/Integration/Run/Inputs/compare.py close "$work/out-joint" "$work/out-1"
