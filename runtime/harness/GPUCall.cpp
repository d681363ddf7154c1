//===- GPUCall.cpp - The GPU entry call -----------------------------------===//
//
// How a GPU program calls its entry: tensor arguments copied into managed
// memory, TOFU_RUN_GPU_REPEAT timing runs on fresh copies, then the call
// whose results count (GPUAdapter.h). AOT programs of tofu-run --backend gpu
// get it with their main (libtofu_run_main_gpu.a); tofu-jit loads it as
// libtofu_jit_gpu.so for --backend gpu only, so that its CPU runs do not
// load CUDA, cuBLAS, cuDNN and NCCL (~150 MiB of every rank's resident
// memory, through libtofu_runtime_gpu).
//
//===----------------------------------------------------------------------===//

#include "GPUCall.h"

#include "GPUAdapter.h"

#include <memory>

extern "C" __attribute__((visibility("default"))) void tofu_run_gpu_call(
    const tofu_run::EntrySpec *spec, std::vector<tofu_run::Array> *args,
    tofu_run::PackedFunction entry, std::vector<tofu_run::Array> *results) {
  tofu_run::PackedCall call(*spec, *args, [](tofu_run::Array &a) {
    return tofu_run_gpu::managedCopy(a.bytes.data(), a.bytes.size());
  });
  tofu_run_gpu::repeatForTiming([&]() -> std::function<void()> {
    auto fresh = std::make_shared<tofu_run::PackedCall>(
        call.withFreshBuffers(tofu_run_gpu::freshBuffer));
    return [fresh, entry]() { fresh->invoke(entry); };
  });
  call.invoke(entry);
  tofu_rt_gpu_synchronize(); // TOFU_RT_GPU_SYNC=stream: kernels may still run
  *results = call.results();
}
