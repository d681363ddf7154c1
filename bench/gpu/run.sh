#!/bin/bash
# The GPU check of docs/gpu.md, to run on a GPU machine (CUDA driver,
# PyTorch; no LLVM/MLIR needed) after bench/gpu/prepare.sh built
# bench/gpu/prebuilt on the CPU machine:
#
#   bash bench/gpu/run.sh          (writes $OUT/gpu-bench.log and .json)
#
# For every case in prebuilt/cases.txt it runs the carried program
# (TOFU_RUN_GPU_REPEAT timed steps, then the step whose results count),
# k = 1 with NCCL, k = 2 and 4 ranks sharing the GPU with the staged
# transport; report.py then compares the results with the CPU references
# (max relative error <= 1e-4), times the same matrix products with cuBLAS
# alone (PyTorch, fp32 without TF32) and a PyTorch eager step of each model.
# Each case may take CASE_TIMEOUT seconds (default 120; about 35 cases), so
# that one hang does not spend the whole device time.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pre=${PREBUILT:-$here/prebuilt}
out=${OUT:-$here/out}
work=${WORK:-/tmp/tofu-gpu-bench}
repeat=${REPEAT:-20}
mkdir -p "$out"
rm -rf "$work" && mkdir -p "$work"/runs "$work"/logs "$work"/prof
exec > >(tee "$out/gpu-bench.log") 2>&1

echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader ||
  echo "run.sh: nvidia-smi failed"
if [ ! -f "$pre/cases.txt" ] && [ -f "$pre.tar.gz" ]; then
  echo "run.sh: unpacking $pre.tar.gz"
  mkdir -p "$pre" && tar xzf "$pre.tar.gz" -C "$pre"
fi
[ -f "$pre/cases.txt" ] || { echo "run.sh: $pre/cases.txt missing: run bench/gpu/prepare.sh on the CPU machine and carry bench/gpu/prebuilt.tar.gz"; exit 1; }

# Libraries: CUDA/cuBLAS/cuDNN/NCCL from the system, else from PyTorch's pip
# packages; MPI from the system, else the carried OpenMPI.
probe=$(find "$pre/bundles" -name program -type f | head -1)
missing() { ldd "$probe" 2>/dev/null | grep 'not found'; }
if [ -n "$(missing)" ]; then
  pydirs=$(python3 - <<'PY'
import glob, os
dirs = set()
try:
    import nvidia
    for root in nvidia.__path__:
        for so in glob.glob(os.path.join(root, "**", "lib*.so*"), recursive=True):
            dirs.add(os.path.dirname(so))
except Exception:
    pass
print(":".join(sorted(dirs)))
PY
)
  [ -n "$pydirs" ] && export LD_LIBRARY_PATH="$pydirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
if [ -d "$pre/mpi" ] && { ! command -v mpirun >/dev/null || missing | grep -q libmpi; }; then
  m=$pre/mpi
  export OPAL_PREFIX=$m/usr PMIX_INSTALL_PREFIX=$m/usr/lib/x86_64-linux-gnu/pmix2
  export PATH=$m/usr/bin:$PATH
  export LD_LIBRARY_PATH="$m/lib:$m/usr/lib/x86_64-linux-gnu/pmix2/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "run.sh: using the carried OpenMPI ($m)"
fi
export OMPI_MCA_btl_base_warn_component_unused=0 OMPI_MCA_mtl='^ofi'
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ -n "$(missing)" ]; then
  echo "run.sh: unresolved libraries of the programs:"; missing
fi

while read -r name k transport bundle ref kind role sync memory; do
  sync=${sync:-launch} memory=${memory:-managed}
  id=$name-k$k-$transport
  [ "$sync" = launch ] || id=$id-$sync
  [ "$memory" = managed ] || id=$id-$memory
  echo "== $id: $kind, $k rank(s), transport $transport, sync $sync, $memory memory ($role)"
  start=$(date +%s.%N)
  TOFU_RT_GPU_TRANSPORT=$transport TOFU_RT_GPU_SYNC=$sync TOFU_RUN_GPU_REPEAT=$repeat \
    TOFU_RT_GPU_PROFILE=$work/prof/$id \
    timeout "${CASE_TIMEOUT:-120}" "$pre/$bundle/run.sh" --outputs "$work/runs/$id" \
    > "$work/logs/$id.log" 2>&1 < /dev/null
  rc=$?
  end=$(date +%s.%N)
  echo "rc=$rc wall=$(python3 -c "print(round($end-$start,2))")s" >> "$work/logs/$id.log"
  grep -E 'step time|error|tofu_rt:|rc=' "$work/logs/$id.log" | head -20
done < "$pre/cases.txt"

python3 "$here/report.py" --prebuilt "$pre" --work "$work" --repeat "$repeat" \
  --json "$out/gpu-bench.json"
echo "== done: $out/gpu-bench.log, $out/gpu-bench.json"
