#!/bin/bash
# Builds, on the CPU machine, everything bench/gpu/run.sh needs on a GPU
# machine that has CUDA and PyTorch but no LLVM/MLIR (docs/gpu.md):
#
#   bench/gpu/prebuilt/
#     bundles/<case>-k<K>/  program + lib/ + run.sh (tofu-run --backend gpu --bundle)
#     ref/<case>/           result*.npy of the same step run on the CPU here
#     models/               the MLIR that was compiled (for the record)
#     mpi/                  OpenMPI's mpirun and libraries, if found here
#                           (used there only when it has no mpirun)
#     cases.txt             one line per run: case k transport bundle ref kind role
#                           [sync] (TOFU_RT_GPU_SYNC: launch, the default, or stream)
#                           [memory] (managed, the default, or device: built
#                           with tofu-run --gpu-memory device)
#     cpu-checks.txt        the partitioned steps on CPU ranks vs the reference
#
# Usage: bench/gpu/prepare.sh   (BUILD=build dir, default build-gpu;
#        MODELS="wrn-small gather-2 ..." builds only those cases;
#        PREBUILT=dir instead of bench/gpu/prebuilt)
# Then carry bench/gpu/prebuilt.tar.gz (the folder, compressed; or the
# folder itself) with the tree and run bench/gpu/run.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build-gpu}
pre=${PREBUILT:-$root/bench/gpu/prebuilt}
seed=${SEED:-7}
# Model sizes: big enough to keep an H200 busy for a few ms per step, small
# enough that the CPU reference runs here in seconds and the references fit
# the 64 MiB carry limit.
MLP_ARGS=${MLP_ARGS:---layers 3 --hidden 768 --in 768 --classes 256 --batch 512}
TR_ARGS=${TR_ARGS:---layers 2 --hidden 256 --heads 4 --seq 128 --batch 4 --vocab 1024}
MLP_SMALL_ARGS=${MLP_SMALL_ARGS:---layers 2 --hidden 128 --in 64 --classes 32 --batch 64}
TR_SMALL_ARGS=${TR_SMALL_ARGS:---layers 1 --hidden 64 --heads 2 --seq 32 --batch 2 --vocab 128}
# A Wide ResNet-50 step: its convolutions and max pooling are cuDNN calls.
WRN_SMALL_ARGS=${WRN_SMALL_ARGS:---depth 50 --base-channels 8 --width 1 --image 32 --classes 10 --batch 8}

ninja -C "$build" -j"${JOBS:-2}" tofu-opt tofu-zoo tofu-run tofu_runtime_gpu \
  tofu_run_support >/dev/null
zoo=$build/bin/tofu-zoo opt=$build/bin/tofu-opt run=$build/bin/tofu-run
[ -f "$build/lib/libtofu_runtime_gpu.so" ] ||
  { echo "prepare.sh: $build has no libtofu_runtime_gpu.so (CUDA/NCCL not found?)" >&2; exit 1; }

rm -rf "$pre"
mkdir -p "$pre"/{bundles,ref,models}
: > "$pre/cases.txt"

# Partitioned runs need tofu-run --partition (the SPMD materializer); without
# it the k>1 runs of the models are replicated (no collectives) and the
# hand-partitioned modules below exercise the collectives.
partition=0
"$run" --help 2>/dev/null | grep -q -- '--partition' && partition=1

# Two sizes per model: "check" (small: fp32 reordering stays far below the
# 1e-4 criterion, so a mismatch means a bug) and "perf" (big enough to time;
# partitioning or cuBLAS reorder sums of hundreds of terms, and the error
# against the CPU reference is reported next to that of the same partitioned
# step on CPU ranks, cpu-checks.txt).
: > "$pre/models/sizes.txt"
add_model() { # name family args role [ranks] [scaled]
  local m=$1 family=$2 args=$3 role=$4 ks=${5:-1 2 4} scaled=${6:-}
  [ -n "${MODELS:-}" ] && [[ " $MODELS " != *" $m "* ]] && return 0
  "$zoo" "$family" $args -o "$pre/models/$m.mlir"
  echo "$m: $args" >> "$pre/models/sizes.txt"
  # A constant learning rate (0.01): with --seed inputs an lr argument would
  # be uniform in [-1, 1), and p - lr*dp would cancel to near zero, where the
  # relative-error metric measures only rounding.
  "$opt" --tofu-autodiff "$pre/models/$m.mlir" -o "$pre/models/$m-step.mlir"
  # Deep convolutional steps get fan-in-scaled inputs (scaled_inputs.py),
  # carried in the bundles; the others regenerate --seed inputs there.
  local inputs=(--seed "$seed")
  if [ -n "$scaled" ]; then
    python3 "$root/bench/gpu/scaled_inputs.py" "$pre/models/$m-step.mlir" \
      train_step "$pre/.inputs-$m" --seed "$seed"
    inputs=(--inputs "$pre/.inputs-$m")
  fi
  echo "== CPU reference: $m"
  "$run" "$pre/models/$m-step.mlir" --entry train_step "${inputs[@]}" \
    --outputs "$pre/ref/$m" --timeout 1200 | grep -v '^tofu-run: result'
  for k in $ks; do
    transport=staged; [ "$k" = 1 ] && transport=nccl
    extra=(); kind=replicated
    if [ "$k" -gt 1 ] && [ "$partition" = 1 ]; then extra=(--partition); kind=partitioned; fi
    [ "$k" = 1 ] && kind=whole
    b=$pre/bundles/$m-k$k
    # gpu_bundle SUFFIX [tofu-run flags]: the bundle $b$SUFFIX of this step.
    gpu_bundle() {
      local suffix=$1; shift
      "$run" "$pre/models/$m-step.mlir" --backend gpu --entry train_step \
        "${inputs[@]}" --ranks "$k" "${extra[@]}" "$@" --bundle "$b$suffix" \
        --no-run --workdir "$pre/.work-$m-$k$suffix" >/dev/null
    }
    echo "== GPU bundle: $m k=$k ($kind)"
    gpu_bundle ""
    if [ "$kind" = replicated ]; then
      # The same program as k = 1: share it (relative link) to save carry.
      ln -sf "../$m-k1/program" "$b/program"
    fi
    echo "$m $k $transport bundles/$m-k$k ref/$m $kind $role" >> "$pre/cases.txt"
    # The same bundle with TOFU_RT_GPU_SYNC=stream (no host wait per kernel),
    # and a bundle built with --gpu-memory device (device memory for all but
    # the results): every model alone, and the small MLP's staged
    # collectives. The "check" models run device memory in both sync modes.
    if [ "$k" = 1 ] || { [ "$m" = mlp-small ] && [ "$k" = 2 ]; }; then
      echo "$m $k $transport bundles/$m-k$k ref/$m $kind $role stream" >> "$pre/cases.txt"
      echo "== GPU bundle: $m k=$k ($kind, device memory)"
      gpu_bundle -dev --gpu-memory device
      [ "$role" = check ] &&
        echo "$m $k $transport bundles/$m-k$k-dev ref/$m $kind $role launch device" >> "$pre/cases.txt"
      echo "$m $k $transport bundles/$m-k$k-dev ref/$m $kind $role stream device" >> "$pre/cases.txt"
    fi
    if [ "$kind" = partitioned ] && [ "${CPU_CHECK:-1}" = 1 ]; then
      "$run" "$pre/models/$m-step.mlir" --entry train_step "${inputs[@]}" \
        --partition --ranks "$k" --outputs "$pre/.cpu-$m-$k" --timeout 1200 >/dev/null
      echo "$m-k$k cpu-partitioned $(python3 "$root/test/Integration/Run/Inputs/compare.py" \
        close "$pre/.cpu-$m-$k" "$pre/ref/$m")" | tee -a "$pre/cpu-checks.txt"
      rm -rf "$pre/.cpu-$m-$k"
    fi
  done
}
add_model mlp-small mlp "$MLP_SMALL_ARGS" check
add_model transformer-small transformer "$TR_SMALL_ARGS" check
add_model wrn-small wresnet "$WRN_SMALL_ARGS" check "1 2" scaled
add_model mlp mlp "$MLP_ARGS" perf
add_model transformer transformer "$TR_ARGS" perf

# Hand-partitioned modules with collectives (test/Integration/Run/Inputs): all-reduce on
# a 2x2 grid (4 ranks) and all-gather on 2 ranks, on one GPU (staged).
for c in "matmul-2x2-tensor 4 main" "gather-2 2 main"; do
  set -- $c
  [ -n "${MODELS:-}" ] && [[ " $MODELS " != *" $1 "* ]] && continue
  echo "== collectives: $1 ($2 ranks)"
  "$run" "$root/test/Integration/Run/Inputs/$1.mlir" --seed "$seed" --outputs "$pre/ref/$1" \
    | grep -v '^tofu-run: result'
  "$run" "$root/test/Integration/Run/Inputs/$1.mlir" --backend gpu --seed "$seed" \
    --bundle "$pre/bundles/$1" --no-run --workdir "$pre/.work-$1"
  echo "$1 $2 staged bundles/$1 ref/$1 partitioned check" >> "$pre/cases.txt"
done
# NCCL refuses two ranks on one GPU: this run must fail with a tofu_rt error
# naming the NCCL call (checks the error path), not hang or crash.
[ -d "$pre/bundles/gather-2" ] &&
  echo "gather-2 2 nccl bundles/gather-2 ref/gather-2 partitioned expect-fail" >> "$pre/cases.txt"
rm -rf "$pre"/.work-* "$pre"/.inputs-*

# OpenMPI for machines without it (relocated with OPAL_PREFIX by run.sh).
if mpirun=$(command -v mpirun); then
  "$root/bench/gpu/carry-openmpi.sh" "$pre/mpi" || echo "prepare.sh: OpenMPI not carried" >&2
fi

# One compressed file to carry: the folder (with two chips' images in every
# program) is larger than the 64 MiB the device tool carries; run.sh
# unpacks it when the folder is not there.
tar czf "$pre.tar.gz" -C "$pre" .
du -sh "$pre" | sed 's/^/prepare.sh: folder /'
du -sh "$pre.tar.gz" | sed 's/^/prepare.sh: carry /'
echo "prepare.sh: done; carry $pre.tar.gz (or the folder) and on the GPU machine run: bash bench/gpu/run.sh"
