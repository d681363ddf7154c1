//===- JitGPU.cpp - tofu-jit's GPU adapter (libtofu_jit_gpu.so) -----------===//
//
// The GPU half of tofu-jit's generic adapter, in its own library so that
// tofu-jit loads CUDA, cuBLAS, cuDNN and NCCL (through libtofu_runtime_gpu,
// ~150 MiB of every rank's resident memory) only for --backend gpu. It does
// what the AOT GPU adapter does, with the same code (GPUAdapter.h): tensor
// arguments copied into managed memory, TOFU_RUN_GPU_REPEAT timing runs on
// fresh copies, then the call whose results count.
//
//===----------------------------------------------------------------------===//

#include "GPUAdapter.h"
#include "GenericCall.h"

#include <memory>

extern "C" __attribute__((visibility("default"))) void tofu_jit_gpu_call(
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
