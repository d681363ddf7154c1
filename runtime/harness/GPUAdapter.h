//===- GPUAdapter.h - How GPU programs call their entry ---------*- C++ -*-===//
//
// The GPU half of the generic entry call (GPUCall.cpp, in libtofu_run_main_gpu
// and libtofu_jit_gpu, which AOT GPU programs and tofu-jit --backend gpu use;
// header only, so that libtofu_run_support stays free of CUDA):
//  - every tensor argument is copied into managed memory, which kernels,
//    cuBLAS, NCCL and host code all reach (managedCopy);
//  - with TOFU_RUN_GPU_REPEAT=N, the entry runs N more times before the
//    call whose results count, each on fresh copies of the inputs (the entry
//    may update its arguments in place), and per-rank step times and the
//    cuBLAS share are printed (repeatForTiming, freshBuffer).
// See docs/gpu.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_GPUADAPTER_H
#define TOFU_RUN_GPUADAPTER_H

#include "RunSupport.h"
#include "tofu_runtime.h"
#include "tofu_runtime_gpu.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <vector>

namespace tofu_run_gpu {

// Bytes of every managed argument buffer, by address.
inline std::map<const void *, size_t> &bufferBytes() {
  static std::map<const void *, size_t> m;
  return m;
}

inline void *managedCopy(const void *data, size_t bytes) {
  void *p = tofu_rt_gpu_alloc_managed((int64_t)bytes);
  if (bytes) {
    std::memcpy(p, data, bytes);
    tofu_rt_gpu_prefetch(p, (int64_t)bytes);
  }
  bufferBytes()[p] = bytes;
  return p;
}

// A fresh managed copy of a buffer made by managedCopy (other pointers are
// returned unchanged).
inline void *freshBuffer(const void *aligned) {
  auto it = bufferBytes().find(aligned);
  if (it == bufferBytes().end())
    return const_cast<void *>(aligned);
  return managedCopy(aligned, it->second);
}

inline double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}

// TOFU_RUN_GPU_REPEAT=N: runs the entry N times before the call whose
// results count and prints the per-rank step times. `prepare` makes fresh
// operands (not timed) and returns the timed call on them.
inline void
repeatForTiming(const std::function<std::function<void()>()> &prepare) {
  long repeat = 0;
  if (const char *s = std::getenv("TOFU_RUN_GPU_REPEAT"))
    repeat = std::strtol(s, nullptr, 10);
  if (repeat <= 0)
    return;
  tofu_rt_gpu_init();
  std::vector<double> times, gemmMs;
  double flops = 0;
  int64_t calls = 0;
  for (long i = 0; i < repeat; ++i) {
    std::function<void()> step = prepare();
    tofu_rt_gpu_synchronize();
    tofu_rt_gpu_matmul_stats(nullptr, nullptr, nullptr, /*reset=*/1);
    auto start = std::chrono::steady_clock::now();
    step();
    tofu_rt_gpu_synchronize();
    times.push_back(msSince(start));
    double seconds = 0;
    tofu_rt_gpu_matmul_stats(&seconds, &flops, &calls, 0);
    gemmMs.push_back(seconds * 1e3);
  }
  double first = times.front(), firstGemm = gemmMs.front();
  if (times.size() > 1) {
    times.erase(times.begin());
    gemmMs.erase(gemmMs.begin());
  }
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> sortedGemm = gemmMs;
  std::sort(sortedGemm.begin(), sortedGemm.end());
  double median = sorted[sorted.size() / 2];
  double gemmMedian = sortedGemm[sortedGemm.size() / 2];
  std::printf("tofu-run: rank %lld: gpu device %d, transport %s, step time "
              "median %.4f ms, min %.4f ms over %zu (first %.4f ms); "
              "matmul %lld calls, %.6g GFLOP/step, cuBLAS %.4f ms/step "
              "(first %.4f), %.3f TFLOP/s in cuBLAS, %.3f TFLOP/s of the "
              "step\n",
              (long long)tofu_rt_rank(), tofu_rt_gpu_device(),
              tofu_rt_gpu_transport(), median, sorted.front(), times.size(),
              first, (long long)calls, flops / 1e9, gemmMedian, firstGemm,
              gemmMedian > 0 ? flops / (gemmMedian * 1e-3) / 1e12 : 0.0,
              median > 0 ? flops / (median * 1e-3) / 1e12 : 0.0);
  std::fflush(stdout);
}

} // namespace tofu_run_gpu

#endif // TOFU_RUN_GPUADAPTER_H
